"""The optional ISF chasing (More-Squares) rule, best effort."""

from __future__ import annotations

import pytest

from engine.stratego import IllegalMove, Options

from .util import play_all, position, position_of

PIECES = {"e4": "rX", "e5": "b9", "a1": "rF", "j10": "bF"}


def test_chaser_may_not_recreate_a_chase_position() -> None:
    game = position(options=Options(chasing_rule=True), **PIECES)
    play_all(game, "e4-d4", "e5-f5")  # not a chase yet
    game = position(options=Options(chasing_rule=True), **PIECES, turn="blue")
    play_all(game, "e5-f5", "e4-f4", "f5-e5")
    assert "f4-e4" not in game.legal_moves()
    with pytest.raises(IllegalMove) as info:
        game.play("f4-e4")
    assert info.value.code == "chasing"
    game.play("f4-g4")  # not chasing: allowed


def test_without_the_option_the_chase_goes_on() -> None:
    game = position_of(PIECES, turn="blue")
    play_all(game, "e5-f5", "e4-f4", "f5-e5", "f4-e4")


def test_a_new_chase_starts_fresh() -> None:
    options = Options(chasing_rule=True)
    game = position(options=options, **PIECES, e9="b4", j1="r4", turn="blue")
    play_all(game, "e5-f5", "e4-f4", "e9-e8")  # Blue moves another piece: chase broken
    play_all(game, "j1-j2", "f5-e5")
    assert "f4-e4" in game.legal_moves()  # (e4, e5) belonged to the old chase only
    game.play("f4-e4")


def test_chasing_state_is_undone() -> None:
    game = position(options=Options(chasing_rule=True), **PIECES, turn="blue")
    play_all(game, "e5-f5", "e4-f4", "f5-e5")
    game.undo()
    game.undo()
    game.play("e4-d4")
    game.play("f5-e5")
    assert "d4-e4" in game.legal_moves()
