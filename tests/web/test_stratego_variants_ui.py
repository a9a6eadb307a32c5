"""Barrage and Duel in the app (new game, setup, play, saves) and the Stratego game
record (export on the game-over screen, import on the saved-games screen), on CPython."""

from __future__ import annotations

import doctest
import json
import re

import pytest
from ui import saves
from ui.saves import SaveProblem
from ui.store import MemoryStorage
from ui.stratego import record, store
from ui.stratego.session import Session

from engine import stratego
from engine.stratego import builtin_setup
from tests.web.driver import STRATEGO_NAMES, Driver


def test_doctests() -> None:
    assert doctest.testmod(record).failed == 0


def new_game(army: str, **fields: str) -> Driver:
    driver = Driver.game("stratego")
    driver.go("#/stratego/new")
    assert f'id="st-army-{army}" value="{army}"' in driver.html()
    driver.tap("new-start", **STRATEGO_NAMES, **{"st-army": army}, **fields)
    return driver


@pytest.mark.parametrize(("army", "size"), [("barrage", 8), ("duel", 10)])
def test_the_new_game_form_chooses_the_army_and_the_setup_offers_only_its_pieces(
    army: str, size: int
) -> None:
    driver = new_game(army, **{"option-rescue": "on"})
    driver.tap("reveal")
    html = driver.html()
    assert 'id="st-variant"' in html  # the army's tag beside the title
    tray = re.findall(r'data-intent="tray (\w)"', html)
    assert sorted(tray) == sorted(
        letter for letter, count in stratego.ARMIES[army].counts.items() if count
    )
    assert 'data-intent="tray 8"' not in html  # no Colonel in either small army
    assert f"Place your {size} pieces" in html
    # Ready only once the army is complete; what is missing is said.
    assert re.search(r'<button[^>]*data-intent="setup-ready"[^>]*disabled', html)
    driver.tap("tray F")
    driver.tap("square a1")
    assert "Still to place: 1 × Marshal (10)" in driver.html()
    driver.tap("setup-fill")
    session = driver.screen.session
    assert isinstance(session, Session)
    assert stratego.parse_setup(session.board.text(), army)
    assert session.board.cells[0] == "F"  # the piece placed by hand stays
    assert not re.search(r'<button[^>]*data-intent="setup-ready"[^>]*disabled', driver.html())
    driver.tap("setup-ready")
    driver.tap("reveal")
    names = list(stratego.builtin_setups(army))
    assert f'value="builtin:{names[0]}"' in driver.html()
    assert 'value="human"' not in driver.html()  # people's setups are all classic
    driver.tap("setup-use", preset=f"builtin:{names[1]}")
    driver.tap("setup-ready")
    game = session.game
    assert game is not None and game.options.army == army and game.options.rescue
    assert game.blue_setup == builtin_setup(names[1], army)


def test_named_setups_are_offered_only_to_their_army() -> None:
    storage = MemoryStorage()
    store.save_setup(storage, "Wall", stratego.BUILTIN_SETUPS["Bomb wall"])
    store.save_setup(storage, "Quick", builtin_setup("Lone flag", "barrage"))
    driver = Driver.game("stratego", storage=storage)
    driver.go("#/stratego/new")
    driver.tap("new-start", **STRATEGO_NAMES, **{"st-army": "barrage"})
    driver.tap("reveal")
    html = driver.html()
    assert 'value="saved:Quick"' in html and 'value="saved:Wall"' not in html
    # A classic setup asked for by hand (an old page) is refused with the engine's reason.
    outcome = driver.tap("setup-use", preset="saved:Wall")
    assert outcome is not None and outcome.notice is not None and outcome.notice.alert


@pytest.mark.parametrize("army", ["barrage", "duel"])
def test_the_computer_sets_up_and_plays_a_small_army(army: str) -> None:
    driver = new_game(army, **{"seat-blue": "hard"})
    driver.tap("setup-fill")
    driver.tap("setup-ready")
    driver.run_timers()
    session = driver.screen.session
    assert isinstance(session, Session) and session.game is not None
    assert stratego.army_of(session.game.blue_setup) == army
    assert session.stage == "turn" and session.player == "red"


def finished(army: str, seats: dict[str, str] | None = None) -> Session:
    session = Session.new({"red": "Ana", "blue": "Luis"}, stratego.Options(army=army), seats=seats)
    for name in list(stratego.builtin_setups(army))[:2]:
        session.reveal()
        session.board.load(builtin_setup(name, army))
        assert session.finish_setup() is None
    assert session.game is not None
    for _ in range(6):
        session.game.play(session.game.legal_moves()[0])
    session.stage, session.player = "turn", session.game.turn
    session.reveal()
    session.resign()
    assert session.stage == "over"
    return session


def test_the_game_over_screen_exports_the_record_and_the_saves_screen_imports_it() -> None:
    storage = MemoryStorage()
    session = finished("barrage")
    from ui import store as shared_store

    assert shared_store.save(storage, "stratego", session.to_json())
    driver = Driver.game("stratego", storage=storage)
    driver.go("#/stratego/continue")
    assert driver.address == "#/stratego/over"
    outcome = driver.tap("export-record")
    assert outcome is not None and outcome.download is not None
    name, text = outcome.download
    assert name.startswith("stratego-ana-luis-") and name.endswith(".txt")
    assert '[Army "barrage"]' in text and '[Reason "resigned"]' in text
    imported = saves.import_files(storage, [(name, text)])
    assert len(imported) == 1
    entry = imported[0]
    assert entry.name == name[:-4]
    assert entry.summary["army"] == "barrage" and entry.summary["stage"] == "over"
    opened = Session.from_dict(entry.session)
    assert opened.game == session.game and opened.names == session.names


def test_an_unfinished_record_against_the_computer_opens_to_be_continued() -> None:
    session = Session.new(
        {"red": "Ana", "blue": "Computer"}, stratego.Options(army="duel"), seats={"blue": "easy"}
    )
    session.board.load(builtin_setup("Hidden flag", "duel"))
    session.finish_setup()
    session.computer_act()
    assert session.game is not None
    text = record.record_text(session, date="2026-12-01")
    assert '[BlueSeat "easy"]' in text
    again = record.session_from_record(text)
    assert again.solo and again.stage == "turn" and again.player == "red"
    assert not again.covered and again.game == session.game
    assert record.record_text(again.game, date="2026-12-01").count("\n") == text.count("\n") - 2


def test_a_damaged_record_is_refused_with_a_reason_and_nothing_is_stored() -> None:
    storage = MemoryStorage()
    text = record.record_text(finished("duel"))
    first_play = next(line for line in text.splitlines() if line.startswith("1. "))
    tampered = text.replace(first_play, "1. red a1-a9")
    with pytest.raises(SaveProblem) as caught:
        saves.import_files(storage, [("game.txt", tampered)])
    assert caught.value.code == "record_illegal" and caught.value.params["play"] == 1
    with pytest.raises(SaveProblem) as caught:
        saves.import_files(storage, [("game.txt", text.replace('"resigned"', '"flag_captured"'))])
    assert caught.value.code == "record_result"
    with pytest.raises(SaveProblem) as caught:
        saves.import_files(storage, [("game.txt", text.replace("[Army", "[Armee"))])
    assert caught.value.code == "record" and caught.value.params["line"] > 1
    assert saves.list_saves(storage) == []
    # A save file that is JSON still goes the usual way.
    with pytest.raises(SaveProblem) as caught:
        saves.import_files(storage, [("x.json", json.dumps({"game": "stratego"}))])
    assert caught.value.code == "not_a_save"


def test_the_saves_list_tags_a_quick_game_with_its_army() -> None:
    from ui import saves_screen
    from ui.i18n import Translator

    storage = MemoryStorage()
    entry = saves.save_as(storage, "stratego", finished("duel").to_json(), "Quick one")
    for language, word in (("en", "Duel"), ("es", "Duelo")):
        markup = saves_screen.screen(
            Translator(language),
            current={},
            entries=[entry],
            state=saves_screen.State(),
            now="2026-12-01T10:00:00Z",
        ).html()
        assert f'<span class="saves-variant">{word}</span>' in markup


def test_a_saved_stratego_game_exports_its_record_from_the_saves_list() -> None:
    from ui import saves_screen
    from ui.i18n import Translator
    from ui.loop import Context, Intent
    from ui.settings import Settings
    from ui.timer import ManualClock

    storage = MemoryStorage()
    done = finished("barrage")
    entry = saves.save_as(storage, "stratego", done.to_json(), "Quick one")
    setting_up = Session.new({"red": "Ana", "blue": "Luis"})
    early = saves.save_as(storage, "stratego", setting_up.to_json(), "Not yet")
    t = Translator("en")
    markup = saves_screen.screen(
        t,
        current={},
        entries=[entry, early],
        state=saves_screen.State(),
        now="2026-12-01T10:00:00Z",
    ).html()
    assert f'data-intent="export-record {entry.id}"' in markup
    assert f'data-intent="export-record {early.id}"' not in markup  # no game yet
    context = Context(t=t, settings=Settings(), storage=storage, clock=ManualClock())
    outcome = saves_screen.SavesScreen(context).dispatch(Intent("export-record", entry.id))
    assert outcome is not None and outcome.download is not None
    name, text = outcome.download
    assert name.endswith(".txt") and stratego.read_record(text).game == done.game


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_folded_optional_rules_say_which_are_on(language: str) -> None:
    """Ticking an optional rule redraws the one line shown while they are folded (and
    the list), never the disclosure around them, which stays as the player left it."""
    driver = Driver.game("stratego", language=language)
    driver.go("#/stratego/new")
    t = driver.screen.t
    assert f'id="st-options-summary">{t("stratego_optional_rules_help")}<' in driver.html()
    driver.tap("options", **STRATEGO_NAMES, **{"option-rescue": "on", "option-chasing_rule": "on"})
    on = f"{t('stratego_option_rescue')}, {t('stratego_option_chasing_rule')}"
    line = t("stratego_optional_rules_on", options=on)
    assert f'id="st-options-summary">{line}<' in driver.html()
    changed = set(driver.changed or ())
    assert {"st-options-summary", "st-option-list"} <= changed and "st-options" not in changed
