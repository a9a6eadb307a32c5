"""Every way a game ends."""

from __future__ import annotations

import pytest

from engine import stratego
from engine.stratego import IllegalMove

from .util import position


def test_both_last_movable_pieces_destroyed_is_a_draw() -> None:
    game = position(e4="r6", e5="b6", a1="rF", a2="rB", j10="bF")
    game.play("e4-e5")
    assert game.result == "draw" and game.end_reason == "both_cannot_move"


def test_last_movable_piece_lost_on_a_bomb_loses_at_once() -> None:
    game = position(e4="r6", e5="bB", a1="rF", j10="bF", j9="b4")
    game.play("e4-e5")
    assert game.result == "blue" and game.end_reason == "no_movable_pieces"


def test_taking_the_last_enemy_movable_piece_wins() -> None:
    game = position(e4="r6", e5="b4", a1="rF", j10="bF", j9="bB")
    game.play("e4-e5")
    assert game.result == "red" and game.end_reason == "no_movable_pieces"


def test_blocked_in_loses() -> None:
    # Blue's Sergeant is walled in by its own Bombs after Red moves.
    game = position(e4="r6", a1="rF", j10="b4", i10="bB", j9="bB", a10="bF")
    game.play("e4-e5")
    assert game.result == "red" and game.end_reason == "no_legal_moves"


def test_both_blocked_is_a_draw() -> None:
    game = position(
        a1="r4", b1="rB", a2="rB", j1="rF", j10="b4", i10="bB", j9="bB", a10="bF", turn="blue"
    )
    assert game.result == "draw" and game.end_reason == "both_cannot_move"


def test_walled_in_setup_loses_before_the_first_move() -> None:
    # Red's front rank: six Bombs plus four pieces facing the lakes; nothing can move.
    front = "BB23BB45BB"
    rest = [kind.letter for kind in stratego.PIECE_KINDS for _ in range(kind.count)]
    for _ in range(6):
        rest.remove("B")
    for letter in "2345":
        rest.remove(letter)
    red = "".join(rest) + front
    assert stratego.parse_setup(red) == red
    game = stratego.new_game(red, stratego.BUILTIN_SETUPS["Bomb wall"])
    assert game.result == "blue" and game.end_reason == "no_legal_moves"


def test_agree_draw_and_undo_it() -> None:
    game = stratego.new_game(stratego.random_setup(1), stratego.random_setup(2))
    game.agree_draw()
    assert game.result == "draw" and game.end_reason == "agreed_draw" and game.is_terminal
    with pytest.raises(IllegalMove):
        game.agree_draw()
    assert game.undo() is None
    assert game.result is None


def test_resign_at_any_time() -> None:
    game = stratego.new_game(stratego.random_setup(1), stratego.random_setup(2))
    game.resign("blue")  # not Blue's turn: still allowed
    assert game.result == "red" and game.end_reason == "resigned"
    assert game.ending == ("resigned", "blue")
    with pytest.raises(IllegalMove) as info:
        game.resign("green")
    assert info.value.code == "unknown_player"
