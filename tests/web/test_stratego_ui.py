"""Stratego's browser-free UI layer on CPython: setup editing, the hand-over state
machine, hidden ranks in the markup, messages by engine code, the save store."""

from __future__ import annotations

import doctest
import json
import re

import pytest
from ui import store as shared_store
from ui.games import spec
from ui.i18n import Translator, table
from ui.store import MemoryStorage
from ui.stratego import render, session, setup_board, store
from ui.stratego.render import Ui
from ui.stratego.session import Message, NewGameForm, Session
from ui.stratego.setup_board import SetupBoard, index_of, square_of

from engine.stratego import BUILTIN_SETUPS, ERROR_CODES, Game, Options, new_game
from tests.web.driver import STRATEGO_NAMES, Driver, stratego_at_play

RED = BUILTIN_SETUPS["Lakeside fortress"]
BLUE = BUILTIN_SETUPS["Bomb wall"]


def playing(options: Options | None = None) -> Session:
    game_session = Session.new({"red": "Ana", "blue": "Luis"}, options)
    for setup in (RED, BLUE):
        game_session.reveal()
        game_session.boards[game_session.player].load(setup)
        assert game_session.finish_setup() is None
    return game_session


def ui(language: str = "en", numbering: str = "european") -> Ui:
    return Ui(Translator(language), language, numbering)


@pytest.mark.parametrize("module", [session, setup_board, store, render])
def test_doctests(module: object) -> None:
    failures, tried = doctest.testmod(module)  # type: ignore[arg-type]
    assert tried > 0
    assert failures == 0


# ------------------------------------------------------------------ setup board


def test_setup_cells_map_to_each_owners_squares() -> None:
    assert square_of("red", 0) == "a1" and square_of("red", 39) == "j4"
    assert square_of("blue", 0) == "j10" and square_of("blue", 39) == "a7"
    assert index_of("blue", "a7") == 39 and index_of("red", "e5") is None


def test_tray_counts_placing_swapping_and_taking_back() -> None:
    board = SetupBoard()
    assert board.remaining()["2"] == 8
    assert board.place(5, "X") and not board.place(6, "X")
    board.swap(5, 6)
    assert board.cells[5] is None and board.cells[6] == "X"
    board.remove(6)
    assert board.is_empty() and board.remaining()["X"] == 1


def test_fill_completes_a_partial_setup_legally_and_by_seed() -> None:
    first, second = SetupBoard(), SetupBoard()
    for board in (first, second):
        board.place(0, "F")
        board.fill_random(seed=5)
    assert first.cells == second.cells and first.cells[0] == "F"
    assert first.setup() is not None


def test_fill_at_random_never_puts_the_flag_on_the_front_rank() -> None:
    """The setup screen's "Fill at random" fills like a person: whatever is placed
    already (here a few Scouts and Bombs in the back), the Flag stays behind."""
    for seed in range(40):
        board = SetupBoard()
        if seed % 2:
            board.place(0, "2")
            board.place(9, "B")
        board.fill_random(seed=seed)
        assert board.setup() is not None
        front_rank = board.cells[30:40]
        assert "F" not in front_rank, (seed, board.text())


def test_incomplete_setups_are_explained_by_the_engines_code() -> None:
    board = SetupBoard()
    board.place(0, "F")
    error = board.error()
    assert error is not None and error.code == "wrong_length"
    text = render.message_text(ui("es"), Message(f"stratego_error_{error.code}", error.params))
    assert text == "Un ejército tiene 40 piezas; de momento hay 1 colocadas."


def test_a_damaged_saved_board_never_gives_extra_pieces() -> None:
    board = SetupBoard.from_text("XX?" + "." * 37)
    assert board.cells[:3] == ["X", None, None]


# ------------------------------------------------------------------ flow


def test_setup_then_covers_then_play() -> None:
    game_session = Session.new({"red": "Ana", "blue": "Luis"})
    assert (game_session.stage, game_session.player, game_session.covered) == (
        "setup",
        "red",
        True,
    )
    game_session.reveal()
    message = game_session.finish_setup()
    assert message is not None and message.key == "stratego_error_wrong_length"
    game_session = playing()
    assert (game_session.stage, game_session.player, game_session.covered) == ("turn", "red", True)


def test_a_tap_selects_a_tap_moves_undo_takes_back_and_hand_over_covers() -> None:
    game_session = playing()
    game_session.reveal()
    game_session.tap("a4")  # a Scout
    assert game_session.selected == "a4" and set(game_session.targets) == {"a5", "a6", "a7"}
    result = game_session.tap("a6")
    assert result.moved and game_session.stage == "moved"
    assert game_session.tap("b4") == session.TapResult()  # no second move
    assert game_session.game is not None and game_session.game.move_count == 1
    assert game_session.undo() and game_session.stage == "turn"
    assert game_session.game is not None and game_session.game.piece_at("a4") == ("red", "2")
    game_session.tap("a4")
    game_session.tap("a5")
    game_session.hand_over()
    assert (game_session.stage, game_session.player, game_session.covered) == ("turn", "blue", True)
    assert game_session.undo() is False  # not after the hand-over


def test_illegal_taps_say_why_by_code() -> None:
    game_session = playing()
    game_session.reveal()
    assert game_session.tap("a2").message == Message(
        "stratego_error_immovable", {"square": "a2", "piece": "B"}, True
    )
    assert game_session.tap("e8").message == Message("stratego_select_own")
    game_session.tap("b4")
    message = game_session.tap("b6").message
    assert message is not None and message.key == "stratego_error_too_far"
    assert game_session.game is not None and game_session.game.move_count == 0


def test_draw_offer_is_asked_behind_the_other_players_cover() -> None:
    game_session = playing()
    game_session.reveal()
    game_session.offer_draw()
    assert (game_session.stage, game_session.player, game_session.covered) == (
        "draw_offer",
        "blue",
        True,
    )
    game_session.answer_draw(False)
    assert (game_session.stage, game_session.player, game_session.note) == (
        "turn",
        "red",
        "draw_declined",
    )
    game_session.reveal()
    game_session.offer_draw()
    game_session.answer_draw(True)
    assert game_session.stage == "over" and game_session.view()["end_reason"] == "agreed_draw"


def test_resignation_and_rematch() -> None:
    game_session = playing()
    game_session.reveal()
    game_session.resign()
    assert game_session.view()["result"] == "blue"
    again = game_session.rematch()
    assert again.names == game_session.names and again.stage == "setup"


def test_rescue_choice_through_the_session() -> None:
    game = Game._from_position(
        {"b9": ("red", "7"), "a1": ("red", "F"), "j10": ("blue", "F"), "j9": ("blue", "4")},
        options=Options(rescue=True),
    )
    game_session = Session(names={"red": "A", "blue": "B"}, stage="turn", covered=False, game=game)
    game_session.tap("b9")
    game_session.tap("b10")
    choices = game_session.rescue_choices()
    assert "7" in choices and "B" not in choices
    game_session.hand_over()
    assert game_session.stage == "moved", "no hand-over before the rescue choice"
    game_session.choose_rescue("6")
    assert game_session.rescue_letter == "6" and "a2" in game_session.targets
    game_session.tap("a2")
    assert game.piece_at("a2") == ("red", "6")
    game_session.hand_over()
    assert game_session.player == "blue" and game_session.covered


def test_a_saved_session_reloads_behind_the_cover() -> None:
    game_session = playing()
    game_session.reveal()
    game_session.tap("a4")
    game_session.tap("a5")
    data = json.loads(game_session.to_json())
    assert data["covered"] is True
    again = Session.from_json(game_session.to_json())
    assert (again.stage, again.player, again.covered) == ("moved", "red", True)
    assert again.game == game_session.game


def test_the_public_move_list_holds_no_rank() -> None:
    game_session = playing()
    game_session.reveal()
    game_session.tap("b4")
    game_session.tap("b5")
    assert game_session.view()["history"] == [
        {"player": "red", "from": "b4", "to": "b5", "attack": False, "outcome": None}
    ]


# ------------------------------------------------------------------ markup


@pytest.mark.parametrize("language", ["en", "es"])
def test_reds_screen_holds_no_hidden_blue_rank(language: str) -> None:
    game_session = playing()
    game_session.reveal()
    markup = render.play_page(ui(language), game_session).html()
    blue_squares = re.findall(r'<button[^>]*class="sq[^"]*has-blue[^"]*".*?</button>', markup)
    assert len(blue_squares) == 40
    for square in blue_squares:
        assert 'class="rank"' not in square
        assert "kind" not in square
    assert BLUE not in markup


def test_the_cover_shows_nothing_of_the_board() -> None:
    game_session = playing()
    markup = render.cover_page(ui(), game_session).html()
    assert "st-board" not in markup and 'class="sq' not in markup
    assert "Pass the tablet to Ana" in markup


def test_numbering_and_piece_names_follow_the_settings() -> None:
    assert ui("en", "american").label("X") == "Marshal (1)"
    assert ui("es", "european").label("2") == "Explorador (2)"
    assert ui("es").label("B") == "Bomba"


def test_every_engine_error_code_has_a_translation() -> None:
    for language in ("en", "es"):
        strings = table(language)
        for codes in ERROR_CODES.values():
            for code in codes:
                assert f"stratego_error_{code}" in strings, (language, code)


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_screen_renders_in_both_languages(language: str) -> None:
    game_session = playing(Options(rescue=True, silent_defence=True))
    form = NewGameForm(dict(game_session.names), dict(game_session.seats))
    pages = [render.new_game_page(ui(language), form, None)]
    pages.append(render.cover_page(ui(language), game_session))
    game_session.reveal()
    pages.append(render.play_page(ui(language), game_session))
    game_session.resign()
    pages.append(render.over_page(ui(language), game_session))
    fresh = Session.new({"red": "A", "blue": "B"})
    fresh.reveal()
    fresh.tray_letter = "X"
    pages.append(render.setup_page(ui(language), fresh, {"Mine": RED}, None))
    for markup in (page.html() for page in pages):
        assert "stratego_" not in re.sub(r'(id|class|data-[a-z]+)="[^"]*"', "", markup)


# ------------------------------------------------------------------ storage


def test_saves_alternate_slots_and_a_failed_write_keeps_the_last_save() -> None:
    storage = MemoryStorage(limit=6000)
    stratego = spec("stratego")
    assert stratego is not None
    game_session = playing()
    assert shared_store.save(storage, "stratego", game_session.to_json())
    assert stratego.in_progress(storage)
    assert not shared_store.save(storage, "stratego", "x" * 7000)
    assert json.loads(shared_store.load(storage, "stratego") or "")["stage"] == "turn"
    assert game_session.game is not None
    game_session.game.resign("red")
    game_session.stage = "over"
    shared_store.save(storage, "stratego", game_session.to_json())
    assert not stratego.in_progress(storage)
    assert shared_store.load(None, "stratego") is None and not stratego.in_progress(None)


def test_named_setups_are_kept() -> None:
    storage = MemoryStorage()
    assert store.save_setup(storage, "  My   wall ", RED)
    assert store.saved_setups(storage) == {"My wall": RED}
    storage.setItem(store.SETUPS_KEY, "not json")
    assert store.saved_setups(storage) == {}


def test_a_new_game_can_start_from_any_builtin_pair() -> None:
    for setup in BUILTIN_SETUPS.values():
        assert new_game(setup, setup).result is None


def test_an_attack_cannot_be_taken_back() -> None:
    game = Game._from_position(
        {
            "e4": ("red", "7"),
            "e5": ("blue", "4"),
            "a10": ("blue", "2"),
            "a1": ("red", "F"),
            "j10": ("blue", "F"),
        }
    )
    game_session = Session(names={"red": "A", "blue": "B"}, stage="turn", covered=False, game=game)
    game_session.tap("e4")
    game_session.tap("e5")
    assert game_session.stage == "moved" and not game_session.can_undo()
    assert game_session.undo() is False and game.move_count == 1
    markup = render.actions_html(ui(), game_session)
    assert 'data-intent="undo"' not in markup and "cannot be taken back" in markup


# ------------------------------------------------------------------ the loop


def test_a_tap_redraws_only_the_squares_and_parts_it_changed() -> None:
    driver = stratego_at_play()
    assert driver.address == "#/stratego/play" and driver.page is not None
    assert driver.page.screen == "stratego/play/red"
    driver.tap("resign")  # the question replaces the buttons, nothing else
    assert driver.changed == ["st-actions"]
    driver.tap("resign-no")
    assert driver.changed == ["st-actions"]
    driver.tap("square a4")  # a Scout: itself and three destinations, and its name said
    assert sorted(driver.changed or []) == ["sq-a4", "sq-a5", "sq-a6", "sq-a7", "st-message"]
    assert "Scout" in driver.html().split('id="st-message"')[1].split("</p>")[0]
    driver.tap("square a6")
    changed = set(driver.changed or [])
    assert {"sq-a4", "sq-a5", "sq-a6", "sq-a7", "st-status", "st-moves"} == changed
    assert driver.outcomes[-1].announce_section == "st-report"
    # The hand-over is a new screen: the cover, at the same address.
    driver.tap("hand-over")
    assert driver.page is not None and driver.page.screen == "stratego/cover/blue/turn"
    assert driver.changed is None and "st-board" not in driver.html()


def test_setup_by_taps_and_drops_changes_the_squares_and_the_tray_only() -> None:
    driver = Driver.new_game("stratego")
    driver.tap("new-start", **STRATEGO_NAMES)
    driver.tap("reveal")
    driver.tap("tray F")
    assert driver.changed == ["st-tray"]
    driver.tap("square a1")
    assert sorted(driver.changed or []) == ["sq-a1", "st-setup-status", "st-tray"]
    assert driver.dispatch(session_intent("drop", "X", "b1")) is not None
    assert 'data-drag="b1"' in driver.html() and 'data-drag="a1"' in driver.html()
    driver.dispatch(session_intent("drop", "b1", "tray"))
    assert 'data-drag="b1"' not in driver.html()
    # Dropped outside the army's rows: nothing happens, nothing is drawn.
    assert driver.dispatch(session_intent("drop", "a1", "e5")) is None
    message = driver.tap("square c1")
    assert message is not None and message.notice is not None
    assert message.notice.text == "First tap a piece in the tray (or drag one here)."


def session_intent(name: str, arg: str, value: str) -> object:
    from ui.loop import Intent

    return Intent(name, arg, value=value)


def test_arrow_keys_move_the_focus_without_redrawing() -> None:
    from ui.loop import Intent

    driver = stratego_at_play()
    outcome = driver.dispatch(Intent("key", "ArrowUp", value="square e4"))
    assert outcome is not None and outcome.focus == "sq-e5" and not outcome.repaint
    assert driver.dispatch(Intent("key", "ArrowUp", value="reveal")) is None


def test_a_reload_comes_back_behind_the_cover_and_continue_finds_the_game() -> None:
    from ui.games import game_in_progress

    driver = stratego_at_play()
    driver.tap("square b4")
    driver.tap("square b5")
    storage = driver.context.storage
    assert game_in_progress(storage) == "stratego"
    again = Driver.game("stratego", storage=storage)
    again.go("#/stratego/continue")
    assert again.address == "#/stratego/play"
    assert again.page is not None and again.page.screen == "stratego/cover/red/moved"


def test_a_full_storage_is_said_on_every_screen_and_the_game_goes_on() -> None:
    driver = Driver.new_game("stratego", storage=MemoryStorage(limit=10))
    driver.tap("new-start", **STRATEGO_NAMES)
    assert "could not be saved" in driver.html()
    driver.tap("reveal")
    assert 'id="save-warning"' in driver.html()


def test_a_long_games_move_list_shows_its_last_plays_numbered_as_in_the_game() -> None:
    def play(number: int) -> dict[str, object]:
        attack = number % 3 == 0
        return {
            "player": "red" if number % 2 else "blue",
            "from": "a4",
            "to": "a5",
            "attack": attack,
            "outcome": "attacker_won" if attack else None,
        }

    history = [play(number) for number in range(1, 251)]
    history.append({"player": "red", "rescue": "b1"})
    english = render.move_list_html(ui("en"), {"history": history})
    items = re.findall(r'<li class="ml-(\w+)" value="(\d+)">([^<]*)</li>', english)
    assert len(items) == render.MOVE_LIST_SHOWN
    assert items[0] == ("blue", "52", "Blue: a4–a5")
    assert items[-2] == ("blue", "250", "Blue: a4–a5")
    assert items[-3] == ("red", "249", "Red: a4×a5, attacker wins")
    assert items[-1] == ("red", "251", "Red: rescue on b1")
    # Lines drawn for one language are not reused in another.
    spanish = render.move_list_html(ui("es"), {"history": history})
    assert "Rojo: rescate en b1" in spanish and "Red:" not in spanish
    assert render.move_list_html(ui("en"), {"history": history[:1]}).count("<li ") == 1
