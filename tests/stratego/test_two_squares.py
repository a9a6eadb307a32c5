"""The two-squares rule: the description's limit (2, the 3rd move illegal) and ISF's (3)."""

from __future__ import annotations

import pytest

from engine.stratego import ISF_TWO_SQUARES_LIMIT, TWO_SQUARES_LIMIT, Game, IllegalMove, Options

from .util import play_all, position


def shuttle_game(options: Options | None = None) -> Game:
    # Blue's Scout walks down the j file, never shuttling.
    return position(options=options, e4="r6", a1="rF", j10="b2", a10="bF", e9="b4")


def test_default_limit_is_the_descriptions() -> None:
    assert TWO_SQUARES_LIMIT == 2 and Options().two_squares_limit == 2
    assert ISF_TWO_SQUARES_LIMIT == 3


def test_third_back_and_forth_move_is_illegal() -> None:
    game = shuttle_game()
    play_all(game, "e4-e5", "j10-j9", "e5-e4", "j9-j8")
    assert "e4-e5" not in game.legal_moves()
    with pytest.raises(IllegalMove) as info:
        game.play("e4-e5")
    assert info.value.code == "two_squares"
    assert info.value.params == {"from": "e4", "to": "e5", "limit": 2}
    game.play("e4-d4")  # any other square is fine


def test_isf_variant_allows_three_and_forbids_the_fourth() -> None:
    game = shuttle_game(Options(two_squares_limit=ISF_TWO_SQUARES_LIMIT))
    play_all(game, "e4-e5", "j10-j9", "e5-e4", "j9-j8", "e4-e5", "j8-j7")
    with pytest.raises(IllegalMove) as info:
        game.play("e5-e4")
    assert info.value.code == "two_squares"


def test_moving_another_piece_resets_the_count() -> None:
    game = position(e4="r6", b2="r5", a1="rF", j10="b2", a10="bF")
    play_all(game, "e4-e5", "j10-j9", "e5-e4", "j9-j8", "b2-b3", "j8-j7")
    game.play("e4-e5")  # legal again: the shuttle was interrupted


def test_opponent_moves_do_not_interrupt() -> None:
    # Blue's moves in between do not count for Red's shuttle (only Red's own moves do).
    game = shuttle_game()
    play_all(game, "e4-e5", "j10-j9", "e5-e4", "j9-j10")
    assert "e4-e5" not in game.legal_moves()


def test_attacks_count_too() -> None:
    # The third trip would attack the Blue piece that stepped onto e5: still forbidden.
    game = position(e4="r9", a1="rF", j10="bF", e7="b4")
    play_all(game, "e4-e5", "e7-e6", "e5-e4", "e6-e5")
    assert "e4-e5" not in game.legal_moves()
    with pytest.raises(IllegalMove) as info:
        game.play("e4-e5")
    assert info.value.code == "two_squares"


def test_undo_restores_the_shuttle_state() -> None:
    game = shuttle_game()
    play_all(game, "e4-e5", "j10-j9", "e5-e4", "j9-j8")
    game.undo()
    game.undo()
    play_all(game, "e5-e6", "j9-j8")
    assert "e6-e5" in game.legal_moves()


def test_no_legal_move_because_of_two_squares_rule_loses() -> None:
    # Red's only movable piece is boxed into a1/a2 by its own Bombs.
    game = position(a1="r4", b1="rB", b2="rB", a3="rB", j1="rF", j10="b2", a10="bF")
    play_all(game, "a1-a2", "j10-j9", "a2-a1", "j9-j8")
    assert game.result == "blue"
    assert game.end_reason == "no_legal_moves"


def test_options_validate_the_limit() -> None:
    with pytest.raises(ValueError):
        Options(two_squares_limit=0)
