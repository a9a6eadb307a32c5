"""Stratego against the computer, on CPython: seats, no covers, the computer's setup and
replies, what the person's screen shows, reload, undo, draw offers, rematch, saves."""

from __future__ import annotations

import random
import re
from html import unescape
from typing import Any

import pytest
from ui import saves, store
from ui.computer import decision_rng
from ui.i18n import Translator
from ui.store import MemoryStorage
from ui.stratego import render
from ui.stratego import saves as stratego_saves
from ui.stratego.render import Ui
from ui.stratego.session import NewGameForm, Session, names_for_seats

from engine.stratego import BUILTIN_SETUPS, ai, is_valid_setup, mirror_setup
from tests.web.driver import Driver, stratego_at_play

RED = BUILTIN_SETUPS["Lakeside fortress"]
NAMES = {"red": "Ana", "blue": "Computer (hard)"}


def ui(language: str = "en") -> Ui:
    return Ui(Translator(language), language, "european")


def against_computer(person: str = "red", level: str = "hard", seed: int = 7) -> Session:
    """A new game of one person against the computer, both armies set up."""
    computer = "blue" if person == "red" else "red"
    names = {person: "Ana", computer: f"Computer ({level})"}
    session = Session.new(names, seats={computer: level}, seed=seed)
    if session.computer_to_act():  # the computer sets up first when it plays Red
        session.computer_act()
    assert session.player == person and session.stage == "setup"
    session.boards[person].load(RED if person == "red" else mirror_setup(RED))
    assert session.finish_setup() is None
    if session.computer_to_act() and session.stage == "setup":
        session.computer_act()
    assert session.stage == "turn"
    return session


def tap_move(session: Session, move: str) -> None:
    """The person plays ``move`` the way the screen does: two taps."""
    origin, target = move.split("-")
    session.tap(origin)
    assert target in session.targets, (move, session.targets)
    assert session.tap(target).moved


def person_moves(session: Session, attacks: bool = True) -> list[str]:
    assert session.game is not None
    pieces = session.view()["pieces"]
    return [
        move for move in session.game.legal_moves() if attacks or move.split("-")[1] not in pieces
    ]


def hidden_ranks_leak(session: Session, html: str) -> list[str]:
    """Squares whose markup names a rank the person has not seen."""
    assert session.game is not None
    person = session.person
    leaks = []
    for square, info in session.game.view(person or "red", reveal_all=True)["pieces"].items():
        seen = session.view()["pieces"][square]
        if info["owner"] != person and seen["letter"] is None:
            markup = re.search(rf'<button[^>]*id="sq-{square}".*?</button>', html, re.S)
            assert markup is not None, square
            if 'class="rank"' in markup.group(0) or "rank unknown" not in markup.group(0):
                leaks.append(square)
    return leaks


# ------------------------------------------------------------------ seats and names


def test_seats_default_to_two_persons_and_a_bad_seat_is_a_person() -> None:
    assert Session.new({"red": "Ana", "blue": "Luis"}).seats == {"red": "person", "blue": "person"}
    session = Session.new({"red": "Ana", "blue": "X"}, seats={"blue": "grandmaster"})
    assert session.seats == {"red": "person", "blue": "person"} and not session.solo


def test_a_seat_left_at_its_default_name_takes_the_computers_name() -> None:
    t = Translator("en")
    seats = {"red": "person", "blue": "easy"}
    assert names_for_seats(t, {"red": "Ana", "blue": "Blue"}, seats) == {
        "red": "Ana",
        "blue": "Computer (easy)",
    }
    # A name the person typed for the computer stays; a computer's name on a person's
    # seat (left over from the last game) goes back to the army's name.
    assert names_for_seats(t, {"red": "Computer (hard)", "blue": "Deep Blue"}, seats) == {
        "red": "Red",
        "blue": "Deep Blue",
    }
    assert names_for_seats(Translator("es"), {"red": "", "blue": "Azul"}, seats) == {
        "red": "Rojo",
        "blue": "Ordenador (fácil)",
    }


def test_the_last_games_name_follows_a_seat_handed_to_the_computer() -> None:
    """Ben played Blue last time; Blue now goes to the computer: it must not play (and
    win) as "Ben". A name typed for the computer stays."""
    t = Translator("en")
    form = NewGameForm({"red": "Ana", "blue": "Ben"}, {"red": "person", "blue": "person"})
    form.seats["blue"] = "hard"
    assert form.follows_seat(t, "blue") and not form.follows_seat(t, "red")
    form.names["blue"] = "Deep Blue"
    assert not form.follows_seat(t, "blue")


def test_the_new_game_form_offers_each_army_a_person_or_the_computer() -> None:
    form = NewGameForm({"red": "Ana", "blue": "Computer (hard)"}, {"red": "person", "blue": "hard"})
    html = render.new_game_page(ui(), form, None).html()
    for player in ("red", "blue"):
        select = re.search(rf'<select id="st-seat-{player}".*?</select>', html, re.S)
        assert select is not None
        values = re.findall(r'<option value="([a-z]+)"', select.group(0))
        assert values == ["person", *ai.SEAT_LEVELS]
    chosen = re.findall(r'<option value="([a-z]+)" selected>', html)
    assert chosen == ["person", "hard"]
    assert 'id="st-message"' in html  # where "at least one person" is said


# ------------------------------------------------------------------ setup


def test_against_the_computer_there_is_no_cover_from_the_first_screen() -> None:
    session = Session.new(NAMES, seats={"blue": "hard"}, seed=3)
    assert not session.covered and session.stage == "setup" and session.player == "red"
    assert not session.computer_to_act()  # the person sets up first
    session.boards["red"].load(RED)
    assert session.finish_setup() is None
    assert (session.stage, session.player, session.covered) == ("setup", "blue", False)
    assert session.computer_to_act()
    html = render.computer_setup_page(ui(), session).html()
    assert 'id="computer-thinking"' in html and "Computer (hard) is thinking…" in html
    assert "st-board" not in html and "st-cover" not in html
    session.computer_act()
    assert (session.stage, session.player, session.covered) == ("turn", "red", False)
    assert not session.to_dict()["covered"]


def test_the_computers_setup_is_legal_and_never_drawn() -> None:
    session = against_computer()
    setup = session.setups["blue"]
    assert is_valid_setup(setup)
    assert session.boards["blue"].is_empty()  # nothing of it on a setup board either
    html = render.play_page(ui(), session).html()
    assert hidden_ranks_leak(session, html) == []
    assert setup not in html


def test_the_same_seed_gives_the_same_setup_and_another_seed_may_not() -> None:
    setups = {against_computer(seed=seed).setups["blue"] for seed in (1, 1, 2, 3, 4)}
    assert against_computer(seed=1).setups["blue"] == against_computer(seed=1).setups["blue"]
    assert len(setups) > 1


def test_a_person_playing_blue_waits_for_the_computer_to_set_up_and_move_first() -> None:
    session = Session.new({"red": "Computer (easy)", "blue": "Ana"}, seats={"red": "easy"}, seed=5)
    assert session.computer_to_act() and session.viewer == "blue"
    session.computer_act()
    assert (session.stage, session.player, session.covered) == ("setup", "blue", False)
    session.boards["blue"].load(mirror_setup(RED))
    assert session.finish_setup() is None
    # The game starts with Red, the computer: the screen is Blue's, turned Blue's way.
    assert session.stage == "turn" and session.player == "red" and session.computer_to_act()
    html = render.play_page(ui(), session).html()
    assert 'class="board board-blue"' in html and 'id="computer-thinking"' in html
    assert session.view()["player"] == "blue"
    session.computer_act()
    assert session.player == "blue" and session.game is not None
    assert [record.player for record in session.game.moves] == ["red"]


# ------------------------------------------------------------------ play


def test_the_computer_answers_each_move_and_the_screen_stays_the_persons() -> None:
    session = against_computer()
    rng = random.Random(11)
    game = session.game
    assert game is not None
    for _ in range(12):
        if session.stage == "over":
            break
        assert session.player == "red" and not session.computer_to_act()
        tap_move(session, rng.choice(person_moves(session)))
        if session.stage == "over":
            break
        # The move went straight to the computer: no hand-over, no cover.
        assert (session.stage, session.player, session.covered) == ("turn", "blue", False)
        assert session.computer_to_act()
        waiting = render.play_page(ui(), session).html()
        assert 'id="computer-thinking"' in waiting and "st-cover" not in waiting
        assert 'data-intent="offer-draw"' not in waiting  # nothing to press but wait
        # A tap while the computer thinks changes nothing and says to wait.
        before = len(game.moves)
        assert session.tap("a1").message.key == "stratego_wait_computer"  # type: ignore[union-attr]
        assert len(game.moves) == before
        session.computer_act()
        assert game.moves[-1].player == "blue" or game.moves[-1].kind != "move"
        assert session.view()["player"] == "red" and not session.covered
        html = render.play_page(ui(), session).html()
        assert 'class="board board-red"' in html and 'id="computer-thinking"' not in html
        assert hidden_ranks_leak(session, html) == []
        assert not session.to_dict()["covered"]
    assert len(game.moves) >= 10


def test_the_persons_attack_and_the_computers_reply_are_both_reported() -> None:
    session = against_computer()
    tap_move(session, "a4-a7")  # Red's Scout runs into Blue's front rank: an attack
    assert session.computer_to_act()
    own = render.report_html(ui(), session, session.view(), "red")
    assert "You attacked a7 with your Scout (2)" in own and 'class="attack"' in own
    session.computer_act()
    report = unescape(render.report_html(ui(), session, session.view(), "red"))
    order = ["Your move", "You attacked a7", "Computer (hard)'s reply", "Computer (hard) "]
    assert [report.index(text) for text in order] == sorted(report.index(t) for t in order)
    last = session.view()["last_move"]
    assert last["player"] == "blue"


def test_reload_keeps_seats_and_the_computer_makes_the_same_move() -> None:
    session = against_computer(seed=21)
    tap_move(session, "b4-b5")
    saved = session.to_json()
    reloaded = Session.from_json(saved)
    assert reloaded.seats == {"red": "person", "blue": "hard"} and reloaded.seed == 21
    assert not reloaded.covered and reloaded.computer_to_act()
    session.computer_act()
    reloaded.computer_act()
    assert session.game is not None and reloaded.game is not None
    assert session.game.moves[-1].notation == reloaded.game.moves[-1].notation


def test_undo_takes_back_the_persons_move_with_the_computers_reply() -> None:
    session = against_computer(seed=3)  # dice with which the reply is no attack
    game = session.game
    assert game is not None
    tap_move(session, "b4-b5")
    session.computer_act()
    assert [record.is_attack for record in game.moves] == [False, False]
    assert "from b4 to b5" in render.report_html(ui(), session, session.view(), "red")
    assert session.can_undo()
    assert 'data-intent="undo"' in render.actions_html(ui(), session)
    assert session.undo()
    assert game.moves == () and game.piece_at("b4") == ("red", "6")
    assert (session.stage, session.player) == ("turn", "red")
    assert not session.can_undo()  # nothing left of the person's to take back
    # Another move and its reply: the report tells this exchange, not the undone one.
    tap_move(session, "a4-a5")
    session.computer_act()
    report = unescape(render.report_html(ui(), session, session.view(), "red"))
    assert "from a4 to a5" in report and "b4" not in report


def test_no_undo_after_the_persons_attack() -> None:
    session = against_computer()
    tap_move(session, "a4-a7")
    session.computer_act()
    assert not session.can_undo() and not session.undo()
    assert session.undo_would_cross_attack()
    actions = render.actions_html(ui(), session)
    assert 'data-intent="undo"' not in actions
    assert "An attack cannot be taken back" in actions


def test_no_undo_after_the_computers_attack() -> None:
    session = against_computer(seed=2)
    game = session.game
    assert game is not None
    rng = random.Random(4)
    for _ in range(150):
        quiet = person_moves(session, attacks=False)
        tap_move(session, rng.choice(quiet))
        session.computer_act()
        if session.stage == "over":
            pytest.fail("the game ended before the computer attacked")
        if game.moves[-1].is_attack:
            break
    else:
        pytest.fail("the computer never attacked")
    plays = len(game.moves)
    assert not session.can_undo() and not session.undo() and len(game.moves) == plays


def test_a_draw_offer_is_answered_from_the_computers_view(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session = against_computer()
    # Equal armies at the start: the computer plays on, and the person keeps the move.
    assert session.offer_draw_to_computer() is False
    assert (session.stage, session.player, session.covered) == ("turn", "red", False)
    asked: list[dict[str, Any]] = []

    def behind(view: dict[str, Any], level: str) -> bool:
        asked.append(view)
        return True

    monkeypatch.setattr(ai, "accepts_draw", behind)
    assert session.offer_draw_to_computer() is True
    assert asked and asked[0]["player"] == "blue"  # its own view, never the whole game
    assert session.stage == "over" and session.game is not None
    assert session.game.end_reason == "agreed_draw"
    assert "Computer (hard) accepted the draw." in render.over_page(ui(), session).html()


def test_no_draw_offer_while_the_computer_is_to_move() -> None:
    session = against_computer()
    tap_move(session, "b4-b5")
    assert session.offer_draw_to_computer() is None
    assert session.stage == "turn" and session.computer_to_act()


def test_the_person_resigns_even_while_the_computer_is_to_move() -> None:
    session = against_computer()
    tap_move(session, "b4-b5")
    session.resign()
    assert session.stage == "over" and session.game is not None
    assert (session.game.result, session.game.end_reason) == ("blue", "resigned")


def test_rematch_keeps_names_and_seats_with_new_dice() -> None:
    session = against_computer(seed=9)
    again = session.rematch()
    assert again.seats == session.seats and again.names == session.names
    assert again.seed != session.seed
    assert again.stage == "setup" and not again.covered


# ------------------------------------------------------------------ saves


def test_bad_or_missing_seats_in_a_save_fall_back_to_persons() -> None:
    session = against_computer()
    data = session.to_dict()
    for seats in ({"red": "grandmaster", "blue": 7}, {"red": "hard", "blue": "hard"}, None):
        changed = dict(data, seats=seats)
        if seats is None:
            del changed["seats"]
        loaded = Session.from_dict(changed)
        assert loaded.seats == {"red": "person", "blue": "person"}, seats
        assert not loaded.solo


def test_an_edited_save_against_the_computer_never_comes_back_covered() -> None:
    session = against_computer()
    data = dict(session.to_dict(), covered=True, stage="draw_offer")
    loaded = Session.from_dict(data)
    assert not loaded.covered and loaded.stage == "turn" and loaded.player == "red"


def test_a_saved_game_says_it_is_against_the_computer() -> None:
    session = against_computer()
    summary = stratego_saves.describe(session.to_dict())
    assert summary["players"] == ["Ana", "Computer (hard)"]
    assert summary["seats"] == ["person", "hard"]
    two = Session.new({"red": "Ana", "blue": "Luis"})
    assert "computer" not in stratego_saves.describe(two.to_dict())


def test_named_saves_export_and_import_keep_the_seats_and_the_dice() -> None:
    session = against_computer(seed=42)
    tap_move(session, "b4-b5")  # saved while the computer is to move
    here = store.MemoryStorage()
    entry = saves.save_as(here, "stratego", session.to_json(), "Ana vs hard")
    assert entry.summary["seats"] == ["person", "hard"]
    elsewhere = store.MemoryStorage()  # another tablet, through an exported file
    [imported] = saves.import_files(elsewhere, [("f.json", saves.export_text([entry]))])
    for storage, save_id in ((here, entry.id), (elsewhere, imported.id)):
        saves.open_save(storage, save_id)
        resumed = Session.from_json(store.load(storage, "stratego") or "")
        assert resumed.seats == {"red": "person", "blue": "hard"} and resumed.seed == 42
        assert resumed.computer_to_act() and not resumed.covered


def rescue_position(**pieces: tuple[str, str]) -> Session:
    """One person (Red) against the hard computer with the rescue option, Red to move."""
    from engine.stratego import Game, Options

    placed = {"a1": ("red", "F"), "j10": ("blue", "F"), "j1": ("red", "B")} | pieces
    game = Game._from_position(placed, options=Options(rescue=True))
    return Session(
        names=dict(NAMES),
        seats={"red": "person", "blue": "hard"},
        seed=3,
        stage="turn",
        covered=False,
        game=game,
    )


def test_the_person_chooses_a_rescue_before_the_computer_answers() -> None:
    session = rescue_position(e9=("red", "7"), c8=("blue", "4"))
    tap_move(session, "e9-e10")
    # The move reached Blue's back rank: the person picks a piece first, no reply yet.
    assert session.stage == "moved" and session.rescue_choices()
    assert not session.computer_to_act()
    session.choose_rescue("6")
    session.tap(session.targets[0])
    assert session.game is not None and session.game.rescues_made("red") == 1
    # Then the turn goes straight to the computer, still without a cover.
    assert session.stage == "turn" and session.player == "blue" and not session.covered
    assert session.computer_to_act()
    session.computer_act()
    assert session.player == "red" and session.stage == "turn" and not session.covered


def test_the_computer_takes_its_own_rescue_in_the_same_turn() -> None:
    # Blue's Major on e2, boxed in by its own Bombs: its only move enters Red's back rank.
    session = rescue_position(
        a8=("red", "4"), e2=("blue", "7"), d2=("blue", "B"), f2=("blue", "B"), e3=("blue", "B")
    )
    tap_move(session, "a8-a7")
    assert session.computer_to_act()
    game = session.game
    assert game is not None
    session.computer_act()
    # The move and the rescue it earned are one turn of the computer's: the person is
    # to move again, with nothing pending.
    assert [record.kind for record in game.moves[-2:]] == ["move", "rescue"]
    assert game.moves[-2].notation == "e2-e1" and game.rescues_made("blue") == 1
    assert not game.rescue_pending
    assert session.player == "red" and session.stage == "turn" and not session.covered


# ------------------------------------------------------------------ the expert, in slices


def against_the_expert(storage: Any = None) -> Driver:
    """Ana (Red, a person) against the expert, both armies set up, Ana to move."""
    driver = Driver.new_game("stratego", storage=storage)
    fields = {"name-red": "Ana", "seat-red": "person", "name-blue": "", "seat-blue": "expert"}
    driver.tap("new-start", **fields)
    driver.tap("setup-use", preset="builtin:Lakeside fortress")
    driver.tap("setup-ready")
    driver.run_timers()  # the expert sets up at once
    assert screen_session(driver).stage == "turn" and screen_session(driver).player == "red"
    return driver


def screen_session(driver: Driver) -> Session:
    session = getattr(driver.screen, "session", None)
    assert isinstance(session, Session)
    return session


def ana_moves(driver: Driver) -> str:
    """Ana taps her first legal move; returns the move the expert should answer with (its
    decision from its own view, dice and level, made in one go)."""
    session = screen_session(driver)
    assert session.game is not None
    move = sorted(session.game.legal_moves())[0]
    origin, target = move.split("-")
    driver.tap(f"square {origin}")
    driver.tap(f"square {target}")
    game = session.game
    assert game.turn == "blue" and session.computer_to_act()
    rng = decision_rng(session.seed, len(game.moves))
    return ai.choose_move(game.view("blue"), game.legal_moves(), "expert", rng)


def blue_replies(session: Session) -> list[str]:
    assert session.game is not None
    return [r.notation for r in session.game.moves if r.player == "blue" and r.kind == "move"]


def test_the_expert_is_offered_and_a_save_with_it_loads_back() -> None:
    assert "expert" in ai.SEAT_LEVELS
    form = NewGameForm({"red": "Ana", "blue": "Blue"}, {"red": "person", "blue": "person"})
    form.read({"seat-blue": "expert"})
    assert form.seats["blue"] == "expert"
    assert names_for_seats(Translator("es"), {"red": "Ana", "blue": "Azul"}, form.seats) == {
        "red": "Ana",
        "blue": "Ordenador (experto)",
    }
    driver = against_the_expert()
    session = screen_session(driver)
    again = Session.from_json(session.to_json())
    assert again.seats == {"red": "person", "blue": "expert"} and again.solo
    assert stratego_saves.describe(session.to_dict())["seats"] == ["person", "expert"]


def test_the_expert_thinks_in_slices_and_plays_the_move_it_would_make_in_one_go() -> None:
    driver = against_the_expert()
    session = screen_session(driver)
    expected = ana_moves(driver)
    painted, slices = len(driver.outcomes), 0
    while blue_replies(session) == []:
        # One timer task each; the "thinking" state stays, nothing is redrawn in between.
        assert 'id="computer-thinking"' in driver.html()
        assert driver.clock.run_all(limit=1) == 1
        slices += 1
    assert slices >= 3, slices  # the preparation's stages and the search's slices
    assert len(driver.outcomes) == painted + 1  # one repaint: the move
    assert blue_replies(session) == [expected]
    assert driver.clock.measures[-1] == "computer-move"
    assert 'id="computer-thinking"' not in driver.html()
    assert driver.clock.timers == {}  # Ana's turn: nothing waits


def test_a_tap_while_the_expert_thinks_is_answered_and_resigning_stops_it() -> None:
    driver = against_the_expert()
    session = screen_session(driver)
    ana_moves(driver)
    driver.clock.run_all(limit=2)
    assert blue_replies(session) == [] and driver.clock.timers  # still thinking
    outcome = driver.tap("square a1")
    assert outcome is not None and outcome.notice is not None
    assert outcome.notice.text == "Wait: it is Computer (expert)'s turn."
    driver.tap("resign")  # the one button while it thinks
    assert "Really resign? Computer (expert) wins the game." in driver.html()
    assert blue_replies(session) == [] and driver.clock.timers  # it thinks on meanwhile
    driver.tap("resign-yes")
    assert session.stage == "over"
    driver.run_timers()  # the slice that was waiting finds the game over: no move
    assert blue_replies(session) == [] and driver.clock.timers == {}
    assert session.game is not None and session.game.result == "blue"


def test_the_question_to_resign_stays_when_the_experts_move_lands() -> None:
    """Asked "Really resign?" while the expert thinks, the person still has the question
    (not another button under her finger) after its move lands, and answers it."""
    driver = against_the_expert()
    session = screen_session(driver)
    ana_moves(driver)
    driver.clock.run_all(limit=2)
    driver.tap("resign")
    driver.run_timers()  # it decides and moves meanwhile
    assert len(blue_replies(session)) == 1 and session.player == "red"
    assert "Really resign? Computer (expert) wins the game." in driver.html()
    driver.tap("resign-no")
    assert "Really resign?" not in driver.html()
    driver.tap("resign")
    driver.tap("resign-yes")
    assert session.stage == "over" and session.game is not None
    assert session.game.end_reason == "resigned"


def test_leaving_while_the_expert_thinks_cancels_it_and_coming_back_gives_the_same_move() -> None:
    storage = MemoryStorage()
    driver = against_the_expert(storage)
    session = screen_session(driver)
    expected = ana_moves(driver)
    driver.clock.run_all(limit=2)
    driver.screen.leave()  # home, the rules...
    assert driver.clock.timers == {} and blue_replies(session) == []
    # A reload: another page reads the autosave and thinks again from the start.
    reloaded = Driver.game("stratego", storage=storage)
    reloaded.go("#/stratego/play")
    assert 'id="computer-thinking"' in reloaded.html()
    reloaded.run_timers()
    assert blue_replies(screen_session(reloaded)) == [expected]
    # And the page that was left comes back to the same game: the reply the other page
    # saved meanwhile (it follows the autosave), the same move.
    driver.go("#/stratego/play")
    driver.run_timers()
    assert blue_replies(screen_session(driver)) == [expected]


def person_sets_up_against(level: str) -> Driver:
    """Ana (Red) has just started a game against ``level``: her setup is on the screen."""
    driver = Driver.new_game("stratego")
    fields = {"name-red": "Ana", "seat-red": "person", "name-blue": "", "seat-blue": level}
    driver.tap("new-start", **fields)
    assert screen_session(driver).stage == "setup" and screen_session(driver).player == "red"
    return driver


def test_while_the_person_sets_up_the_page_warms_up_the_expert_and_leaves_the_game_alone() -> None:
    driver = person_sets_up_against("expert")
    session = screen_session(driver)
    before = session.to_json()
    assert driver.clock.timers  # the warm-up's first slice waits on a timer
    slices = driver.run_timers()
    # A decision's worth of thinking, one timer task per slice, then nothing waits.
    assert slices >= 3, slices
    assert driver.clock.timers == {}
    assert session.to_json() == before  # not a move, not a roll of the dice
    assert driver.clock.measures == []  # not the computer's move either
    # Once per page: the next paint does not start it again.
    driver.tap("setup-use", preset="builtin:Lakeside fortress")
    assert driver.clock.timers == {}


def test_no_warm_up_against_a_quick_level_or_a_person() -> None:
    assert person_sets_up_against("hard").clock.timers == {}
    assert stratego_at_play().clock.timers == {}


def test_the_warm_up_gives_way_to_the_computer_and_its_move_stays_the_same() -> None:
    driver = person_sets_up_against("expert")
    assert driver.clock.run_all(limit=2) == 2  # two slices of the warm-up, then Ana is ready
    driver.tap("setup-use", preset="builtin:Lakeside fortress")
    driver.tap("setup-ready")
    driver.run_timers()  # the expert sets up at once; the warm-up goes on to its end
    session = screen_session(driver)
    assert session.stage == "turn" and driver.clock.timers == {}
    expected = ana_moves(driver)
    driver.run_timers()
    assert blue_replies(session) == [expected]
    assert driver.clock.timers == {}
