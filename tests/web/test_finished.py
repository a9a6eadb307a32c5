"""Finished games kept on the tablet (issue 17): each game's end is kept once, newest
first, at most ``KEEP`` per game; a full storage drops older finished games (and says
so), never the autosave or a save; unreadable entries are left out and counted; the
finished-games screen reviews, exports (a file the saves' import takes) and deletes."""

from __future__ import annotations

import json
import random

import pytest
from ui import finished, saves, store
from ui.finished import KEEP, game_finished, keep
from ui.finished_screen import FinishedScreen
from ui.games import spec
from ui.ideology.session import Session as IdeologySession
from ui.loop import Intent
from ui.store import MemoryStorage

from engine import ideology
from tests.web.driver import Driver, stratego_at_play

STRATEGO = spec("stratego")
IDEOLOGY = spec("ideology")
assert STRATEGO is not None and IDEOLOGY is not None


def resigned_game(storage: MemoryStorage | None = None) -> Driver:
    """Two people play two moves, then Red resigns: the game-over screen."""
    driver = stratego_at_play(storage)
    for move in ("e4-e5", "e7-e6"):
        origin, target = move.split("-")
        driver.tap(f"square {origin}")
        driver.tap(f"square {target}")
        driver.tap("hand-over")
        driver.tap("reveal")
    driver.tap("resign")
    driver.tap("resign-yes")
    assert driver.page is not None and driver.page.stage == "over"
    return driver


def ideology_over() -> IdeologySession:
    game = ideology.new_game(["Capitalism", "Communism"], 5, {"turn_limit": 2})
    rng = random.Random(5)
    while not game.is_terminal:
        player = game.to_act[0]
        game.apply(player, rng.choice(game.legal_actions(player)))
    return IdeologySession(game=game, names={"Capitalism": "Ana"}, stage="over")


def test_a_game_that_ends_is_kept_once_with_its_summary_and_its_whole_session() -> None:
    driver = resigned_game()
    storage = driver.context.storage
    listing = finished.load(storage, "stratego")
    assert len(listing.entries) == 1 and listing.skipped == 0
    entry = listing.entries[0]
    summary = entry.summary
    assert summary["players"] == ["Ana", "Luis"] and summary["winner"] == 1
    assert summary["army"] == "classic" and summary["turn"] == 2
    assert summary["seats"] == ["person", "person"] and summary["stage"] == "over"
    # The session is the autosave's, so it replays (and reviews) exactly.
    assert entry.session == json.loads(store.load(storage, "stratego") or "")
    # Showing the result again, a reload, another visit: still one.
    driver.go("#/stratego/over")
    driver.screen.leave()
    again = Driver.game("stratego", storage=storage)
    again.go("#/stratego/over")
    assert len(finished.load(storage, "stratego").entries) == 1


def test_a_rematch_that_ends_comes_first() -> None:
    driver = resigned_game()
    storage = driver.context.storage
    first = finished.load(storage, "stratego").entries[0]
    driver.tap("rematch")
    for setup in ("Scout screen", "Bomb wall"):
        driver.tap("reveal")
        driver.tap("setup-use", preset=f"builtin:{setup}")
        driver.tap("setup-ready")
    driver.tap("reveal")
    driver.tap("resign")
    driver.tap("resign-yes")
    entries = finished.load(storage, "stratego").entries
    assert len(entries) == 2 and entries[1].id == first.id
    assert entries[0].summary["turn"] == 0 and entries[0].summary["winner"] == 1


def test_an_ideology_game_over_is_kept_by_the_same_hook() -> None:
    storage = MemoryStorage()
    session = ideology_over()
    kept = game_finished(storage, IDEOLOGY, session, now="2026-12-01T20:00:00Z")
    assert kept.ok and kept.entry is not None
    entry = finished.load(storage, "ideology").entries[0]
    assert entry.summary["stage"] == "over" and entry.summary["players"][0] == "Ana"
    winner = entry.summary["winner"]
    assert session.game.ideologies[winner] == session.game.result
    # Nothing of Stratego's list changed.
    assert finished.load(storage, "stratego").entries == []


def test_the_list_keeps_the_newest_ten_and_drops_the_oldest_first() -> None:
    storage = MemoryStorage()
    for number in range(KEEP + 3):
        stamp = f"2026-12-01T20:{number:02d}:00Z"
        keep(storage, "stratego", {"game": "stratego", "n": number}, {"n": number}, now=stamp)
    entries = finished.load(storage, "stratego").entries
    assert [entry.summary["n"] for entry in entries] == list(range(KEEP + 2, 2, -1))


def test_a_full_storage_drops_older_finished_games_never_the_autosave() -> None:
    storage = MemoryStorage()
    store.save(storage, "stratego", json.dumps({"game": "stratego", "autosave": "x" * 300}))
    saves_before = dict(storage.items)
    for number in range(5):
        session = {"game": "stratego", "n": number, "pad": "y" * 200}
        keep(storage, "stratego", session, {"n": number}, now=f"2026-12-01T20:0{number}:00Z")
    storage.limit = sum(len(value) for value in storage.items.values()) + 150
    kept = keep(storage, "stratego", {"game": "stratego", "n": 9, "pad": "z" * 200}, {"n": 9})
    assert kept.ok and kept.dropped >= 1
    entries = finished.load(storage, "stratego").entries
    assert entries[0].summary["n"] == 9 and len(entries) == 5 + 1 - kept.dropped
    # The oldest went, the newest older ones stayed.
    assert [e.summary["n"] for e in entries[1:]] == list(range(4, 4 - len(entries) + 1, -1))
    for name in store.keys("stratego"):
        assert storage.items.get(name) == saves_before.get(name)


def test_a_game_too_large_for_the_storage_is_not_kept_and_loses_nothing() -> None:
    storage = MemoryStorage()
    keep(storage, "stratego", {"game": "stratego", "n": 1}, {"n": 1})
    before = dict(storage.items)
    storage.limit = sum(len(value) for value in storage.items.values()) + 10
    kept = keep(storage, "stratego", {"game": "stratego", "pad": "z" * 500}, {})
    assert not kept.ok
    assert storage.items == before
    assert not keep(None, "stratego", {"game": "stratego"}, {}).ok


def test_the_game_over_screen_says_when_older_finished_games_had_to_go() -> None:
    storage = MemoryStorage()
    for number in range(3):
        keep(storage, "stratego", {"game": "stratego", "n": number, "pad": "p" * 3000}, {})
    driver = stratego_at_play(storage)
    # Room for the autosave's next copy (over its older one), not for one more game.
    storage.limit = sum(len(value) for value in storage.items.values()) + 300
    driver.tap("resign")
    driver.tap("resign-yes")
    html = driver.html()
    assert "older finished" in html and 'id="save-warning"' in html
    assert json.loads(store.load(storage, "stratego") or "")["stage"] == "over"
    assert finished.load(storage, "stratego").entries[0].summary["winner"] == 1


def test_unreadable_entries_are_left_out_and_counted() -> None:
    storage = MemoryStorage()
    keep(storage, "stratego", {"game": "stratego", "n": 1}, {"n": 1}, now="2026-12-01T20:00:00Z")
    document = json.loads(storage.items[finished.key("stratego")])
    document["games"] += [
        "not an entry",
        {"id": "x", "game": "ideology", "ended": "2026", "summary": {}, "session": {}},
        {"id": "y", "game": "stratego", "ended": "2026", "summary": {}, "session": None},
    ]
    storage.items[finished.key("stratego")] = json.dumps(document)
    listing = finished.load(storage, "stratego")
    assert [e.summary["n"] for e in listing.entries] == [1] and listing.skipped == 3
    storage.items[finished.key("ideology")] = '{"format": "tablero-finished", "games": [tru'
    assert finished.load(storage, "ideology").skipped == 1
    screen = FinishedScreen(Driver.game("stratego", storage=storage).context)
    html = screen.render(None).html()
    assert "3 finished games could not be read and were left out." in html
    assert "1 finished game could not be read and was left out." in html


# --------------------------------------------------------------------------- the screen


def finished_screen(storage: MemoryStorage, language: str = "en") -> Driver:
    context = Driver.game("stratego", storage=storage, language=language).context
    driver = Driver(FinishedScreen(context), context)
    driver.go("#/finished")
    return driver


def test_the_list_offers_review_export_and_delete_newest_first() -> None:
    storage = resigned_game().context.storage
    game_finished(storage, IDEOLOGY, ideology_over(), now="2026-12-01T20:00:00Z")
    driver = finished_screen(storage)
    html = driver.html()
    stratego_entry = finished.load(storage, "stratego").entries[0]
    assert f'href="#/review/finished-stratego-{stratego_entry.id}"' in html
    assert "Luis won" in html and "Moves played: 2" in html
    # Ideology has no review screen (yet): no Review for its games.
    ideology_entry = finished.load(storage, "ideology").entries[0]
    assert IDEOLOGY.review is not None or "#/review/finished-ideology-" not in html
    assert f'data-intent="finished-export ideology:{ideology_entry.id}"' in html


def test_an_export_is_a_save_file_the_import_takes_back() -> None:
    storage = resigned_game().context.storage
    entry = finished.load(storage, "stratego").entries[0]
    driver = finished_screen(storage)
    outcome = driver.tap(f"finished-export stratego:{entry.id}")
    assert outcome is not None and outcome.download is not None
    name, text = outcome.download
    assert name.startswith("tablero-ana-luis") and name.endswith(".json")
    imported = saves.read_file(text)
    assert imported[0].game == "stratego" and imported[0].session == entry.session
    assert imported[0].summary["stage"] == "over"


def test_delete_asks_first_and_cancel_keeps_it() -> None:
    storage = resigned_game().context.storage
    entry = finished.load(storage, "stratego").entries[0]
    driver = finished_screen(storage, "es")
    target = f"stratego:{entry.id}"
    driver.tap(f"finished-delete {target}")
    assert "¿Borrar esta partida terminada?" in driver.html()
    driver.tap(f"finished-cancel {target}")
    assert len(finished.load(storage, "stratego").entries) == 1
    driver.tap(f"finished-delete {target}")
    driver.tap(f"finished-delete-yes {target}")
    assert finished.load(storage, "stratego").entries == []
    assert "Se ha borrado la partida terminada." in driver.html()
    assert driver.dispatch(Intent.parse(f"finished-export {target}")) is not None
    assert "ya no está aquí" in driver.html()


@pytest.mark.parametrize("language", ["en", "es"])
def test_an_empty_list_says_how_games_get_there(language: str) -> None:
    html = finished_screen(MemoryStorage(), language).html()
    words = "A game appears here" if language == "en" else "Una partida aparece aquí"
    assert html.count(words) == 2


def test_the_finished_games_are_reached_from_home_and_from_the_saved_games() -> None:
    from ui import screens
    from ui.i18n import Translator
    from ui.routes import Route, parse
    from ui.saves_screen import SavesScreen

    assert 'href="#/finished"' in screens.home(Translator("en"))
    assert parse("#/finished") == Route("finished")
    assert parse("#/review/save-abc") == Route("review", "save-abc")
    assert parse("#/review").screen == "not_found"
    storage = resigned_game().context.storage
    entry = finished.load(storage, "stratego").entries[0]
    saved = saves.save_as(storage, "stratego", json.dumps(entry.session), "Sunday")
    context = Driver.game("stratego", storage=storage).context
    html = SavesScreen(context).render(None).html()
    assert 'href="#/finished"' in html
    assert f'href="#/review/save-{saved.id}"' in html


def test_the_ideology_screen_keeps_its_game_when_a_save_finds_it_over() -> None:
    driver = Driver.game("ideology")
    screen = driver.screen
    session = ideology_over()
    session.stage = "turn"  # the last action is being played
    screen.replace(session, new=True)  # type: ignore[attr-defined]
    screen.persist(session.to_json())  # type: ignore[attr-defined]
    storage = driver.context.storage
    assert finished.load(storage, "ideology").entries == []
    session.stage = "over"
    screen.persist(session.to_json())  # type: ignore[attr-defined]
    screen.persist(session.to_json())  # type: ignore[attr-defined]
    [entry] = finished.load(storage, "ideology").entries
    assert entry.session["stage"] == "over"
