"""Typed actions and the shared game protocol: who acts, legal actions, check without
trying, apply, undo in place, views (a spectator's too)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import errors, stratego
from engine.stratego import IllegalMove, Move, Options, Rescue, parse_action

from .util import position

SCOUT_SCREEN = stratego.BUILTIN_SETUPS["Scout screen"]
BOMB_WALL = stratego.BUILTIN_SETUPS["Bomb wall"]


def new() -> stratego.Game:
    return stratego.new_game(SCOUT_SCREEN, BOMB_WALL)


def test_actions_print_and_parse_as_their_notation() -> None:
    for text in ("e4-e5", "a1-a10", "rescue 7 b2", "rescue S j10", "no rescue"):
        action = parse_action(text)
        assert str(action) == text and parse_action(str(action)) == action
    assert parse_action(" A4-A5 ") == Move("a4", "a5") == Move.parse("a4-a5")
    assert parse_action("Rescue 7 B2") == Rescue("7", "b2") == Rescue.parse("rescue 7 b2")
    assert Rescue().declined and not Rescue("7", "b2").declined
    assert Rescue() == stratego.NO_RESCUE_ACTION and str(Rescue()) == stratego.NO_RESCUE
    assert {Move("a4", "a5"), Move("a4", "a5")} == {Move("a4", "a5")}  # hashable values


@pytest.mark.parametrize(
    "make",
    [
        lambda: parse_action("e4-e11"),
        lambda: parse_action("e4 e5"),
        lambda: parse_action("rescue seven b2"),
        lambda: parse_action("rescue K b2"),
        lambda: Move("e4", "z9"),
        lambda: Rescue("7", None),
        lambda: Rescue("Q", "b2"),
        lambda: parse_action(42),  # type: ignore[arg-type]
    ],
)
def test_malformed_actions_are_refused_with_bad_notation(make: object) -> None:
    with pytest.raises(IllegalMove) as info:
        make()  # type: ignore[operator]
    assert info.value.code == "bad_notation"
    assert isinstance(info.value, errors.IllegalAction)


def test_who_acts() -> None:
    game = new()
    assert game.players == ("red", "blue") and game.to_act == ("red",)
    game.apply("red", Move("a4", "a5"))
    assert game.to_act == ("blue",)
    game.resign("red")
    assert game.to_act == () and game.is_terminal


def test_legal_actions_are_the_legal_moves_typed() -> None:
    game = new()
    assert game.legal_actions("red") == [Move.parse(move) for move in game.legal_moves()]
    assert game.legal_actions("blue") == []
    with pytest.raises(IllegalMove) as info:
        game.legal_actions("green")
    assert info.value.code == "unknown_player"


def test_check_says_why_without_playing() -> None:
    game = new()
    before = game.to_json()
    assert game.check("red", Move("a4", "a5")) is None
    refusals = {
        ("red", Move("e4", "e6")): "too_far",
        ("red", Move("b3", "b4")): "own_piece",
        ("red", Move("e5", "e6")): "no_piece",
        ("red", Move("a1", "a2")): "immovable",
        ("blue", Move("a7", "a6")): "not_your_turn",
        ("green", Move("a4", "a5")): "unknown_player",
        ("red", Rescue()): "no_rescue_pending",
        ("red", "a4-a5"): "bad_notation",  # text is not an action: parse it first
    }
    for (player, action), code in refusals.items():
        problem = game.check(player, action)  # type: ignore[arg-type]
        assert problem is not None and problem.code == code, (player, action)
        with pytest.raises(IllegalMove) as info:
            game.apply(player, action)  # type: ignore[arg-type]
        assert info.value.code == code
    assert game.to_json() == before and game.legal_moves() == new().legal_moves()


def test_apply_returns_the_record_of_the_action() -> None:
    game = new()
    record = game.apply("red", Move("a4", "a5"))
    assert record.action == Move("a4", "a5") and record.notation == "a4-a5"
    game.resign("blue")
    problem = game.check("blue", Move("a7", "a6"))
    assert problem is not None and problem.code == "game_over"


def rescue_pending() -> stratego.Game:
    game = position(options=Options(rescue=True), e9="r7", a1="rF", a10="bF", j8="b2")
    game.apply("red", Move("e9", "e10"))
    assert game.rescue_pending
    return game


def test_rescue_choices_are_typed_actions() -> None:
    game = rescue_pending()
    actions = game.legal_actions("red")
    assert actions[0] == Rescue() and all(isinstance(a, Rescue) for a in actions)
    assert [str(action) for action in actions] == game.legal_moves()
    assert Rescue("7", "b2") in actions and game.legal_actions("blue") == []
    for action, code in {
        Move("e10", "d10"): "rescue_pending",
        Rescue("B", "b2"): "rescue_bomb",
        Rescue("F", "b2"): "rescue_not_in_graveyard",
        Rescue("7", "e5"): "rescue_square",
    }.items():
        problem = game.check("red", action)
        assert problem is not None and problem.code == code
    record = game.apply("red", Rescue("7", "b2"))
    assert record.kind == "rescue" and record.action == Rescue("7", "b2")
    assert game.to_act == ("blue",)


def test_undo_in_place() -> None:
    game = new()
    assert not game.can_undo()
    with pytest.raises(IllegalMove) as info:
        game.undo()
    assert info.value.code == "nothing_to_undo"
    game.apply("red", Move("a4", "a5"))
    assert game.can_undo()
    assert game.undo() is None  # type: ignore[func-returns-value]
    assert game == new() and not game.can_undo()
    game.agree_draw()
    assert game.can_undo()
    game.undo()
    assert game.result is None


def test_a_spectator_sees_only_what_both_players_know() -> None:
    game = position(e4="r6", e5="b5", a1="rF", j10="bF", j9="b4", a2="r3")
    game.apply("red", Move("e4", "e5"))
    spectator = game.view(None)
    assert spectator["player"] is None and spectator["phase"] == "move"
    letters = {square: piece["letter"] for square, piece in spectator["pieces"].items()}
    assert letters == {"e5": "6", "a1": None, "a2": None, "j10": None, "j9": None}
    # Pieces a test position leaves out count as captured unseen: the 5 is the last.
    assert spectator["graveyards"]["blue"]["captured"][-1] == "5"
    assert set(spectator["graveyards"]["red"]["captured"]) == {None}
    assert spectator["last_move"] is not None and spectator["last_move"]["piece"] == "6"
    everything = game.view(None, reveal_all=True)
    assert everything["pieces"]["a1"]["letter"] == "F"


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 120))
def test_check_agrees_with_apply_and_the_legal_actions(seed: int, plies: int) -> None:
    """For every move a piece could geometrically make, ``check`` is None exactly for
    the legal actions, and otherwise names the error ``apply`` raises, game unchanged."""
    rng = random.Random(seed)
    army = rng.choice(stratego.ARMY_NAMES)
    options = Options(army=army, classic_scouts=rng.random() < 0.5)
    game = stratego.new_game(
        stratego.random_setup(rng.getrandbits(32), army),
        stratego.random_setup(rng.getrandbits(32), army),
        options,
    )
    for _ in range(plies):
        if game.is_terminal:
            return
        game.play(rng.choice(game.legal_moves()))
    if game.is_terminal:
        return
    player = game.turn
    legal = set(game.legal_actions(player))
    before = game.to_json()
    squares = stratego.SQUARE_NAMES
    for _ in range(60):
        origin, target = rng.choice(squares), rng.choice(squares)
        action = Move(origin, target)
        problem = game.check(player, action)
        assert (problem is None) == (action in legal)
        if problem is not None:
            with pytest.raises(IllegalMove) as info:
                game.apply(player, action)
            assert info.value.code == problem.code and info.value.params == problem.params
    assert game.to_json() == before
