"""Moves: one square orthogonally, Scouts in straight lines, lakes, own pieces, Bombs/Flag."""

from __future__ import annotations

import pytest

from engine import stratego
from engine.stratego import IllegalMove, Options

from .util import position, position_of


def error_code(game: stratego.Game, move: str) -> str:
    with pytest.raises(IllegalMove) as info:
        game.play(move)
    return info.value.code


def basic(**extra: str) -> stratego.Game:
    """Red Captain on e2, flags out of the way, a Blue Sergeant that can move."""
    pieces = {"e2": "r6", "a1": "rF", "j10": "bF", "a10": "b4"} | extra
    return position_of(pieces)


def test_one_square_in_each_direction() -> None:
    game = basic()
    assert sorted(game.legal_moves_from("e2")) == ["e2-d2", "e2-e1", "e2-e3", "e2-f2"]
    assert sorted(game.legal_moves()) == ["e2-d2", "e2-e1", "e2-e3", "e2-f2"]


def test_piece_at_and_turn() -> None:
    game = basic()
    assert game.piece_at("e2") == ("red", "6")
    assert game.piece_at("e3") is None
    assert game.turn == "red"
    game.play("e2-e3")
    assert game.piece_at("e3") == ("red", "6") and game.piece_at("e2") is None
    assert game.turn == "blue"


def test_no_diagonal_no_jump_no_off_board() -> None:
    game = basic()
    assert error_code(game, "e2-f3") == "diagonal"
    assert error_code(game, "e2-e4") == "too_far"
    assert error_code(game, "e2-e0") == "bad_notation"
    assert error_code(game, "e2-k2") == "bad_notation"
    assert error_code(game, "e2-e2") == "same_square"
    assert error_code(game, "hello") == "bad_notation"


def test_no_piece_and_not_your_piece() -> None:
    game = basic()
    assert error_code(game, "e5-e6") == "no_piece"
    assert error_code(game, "a10-a9") == "not_your_piece"


def test_bombs_and_flag_never_move() -> None:
    game = basic(e1="rB")
    with pytest.raises(IllegalMove, match=r"^The Bomb never moves\.$") as info:
        game.play("e1-d1")
    assert info.value.code == "immovable" and info.value.params["piece"] == "B"
    with pytest.raises(IllegalMove, match=r"^The Flag never moves\.$"):
        game.play("a1-a2")
    assert "a1-a2" not in game.legal_moves()


def test_lakes_cannot_be_entered() -> None:
    game = position(c4="r6", j1="rF", j10="bF", a10="b4")
    assert "c4-c5" not in game.legal_moves()
    assert error_code(game, "c4-c5") == "lake"


def test_own_piece_blocks_and_enemy_is_attacked() -> None:
    game = basic(e3="r5", d2="b5")
    assert error_code(game, "e2-e3") == "own_piece"
    assert "e2-d2" in game.legal_moves()


def test_illegal_move_is_a_value_error_with_params() -> None:
    game = basic()
    with pytest.raises(ValueError):
        game.play("e2-e4")
    try:
        game.play("e2-e4")
    except IllegalMove as error:
        assert error.params == {"from": "e2", "to": "e4", "piece": "6"}
        assert error.to_dict()["code"] == "too_far"


def test_scout_moves_any_distance_in_a_line() -> None:
    game = position(e1="r2", a1="rF", j10="bF", a10="b4")
    targets = {move.split("-")[1] for move in game.legal_moves_from("e1")}
    file_e = {f"e{rank}" for rank in range(2, 11)}
    assert targets == file_e | {"b1", "c1", "d1", "f1", "g1", "h1", "i1", "j1"}
    game.play("e1-e10")
    assert game.piece_at("e10") == ("red", "2")


def test_scout_blocked_by_lake() -> None:
    game = position(b5="r2", a1="rF", j10="bF", a10="b4")
    targets = {move.split("-")[1] for move in game.legal_moves_from("b5")}
    assert targets == {"b1", "b2", "b3", "b4", "a5", "b6", "b7", "b8", "b9", "b10"}
    assert error_code(game, "b5-e5") == "lake"
    assert error_code(game, "b5-c5") == "lake"


def test_scout_blocked_by_piece() -> None:
    game = position(e1="r2", e5="r4", e8="b4", a1="rF", j10="bF")
    assert error_code(game, "e1-e6") == "scout_blocked"
    assert error_code(game, "e1-e5") == "own_piece"
    assert "e1-e4" in game.legal_moves()
    game2 = position(e1="r2", e5="b4", e8="b5", a1="rF", j10="bF")
    with pytest.raises(IllegalMove) as info:
        game2.play("e1-e8")
    assert info.value.code == "scout_blocked" and info.value.params["blocker"] == "e5"


def test_scout_attacks_at_distance_by_default() -> None:
    game = position(e1="r2", e8="b4", a1="rF", j10="bF", a10="b4")
    assert "e1-e8" in game.legal_moves()
    record = game.play("e1-e8")
    assert record.is_attack and record.defender == "4" and record.outcome == "defender_won"
    assert game.piece_at("e8") == ("blue", "4") and game.piece_at("e1") is None


def test_classic_scouts_cannot_move_and_attack() -> None:
    options = Options(classic_scouts=True)
    game = position(options=options, e1="r2", e8="b4", a1="rF", j10="bF", a10="b4")
    assert "e1-e8" not in game.legal_moves()
    assert "e1-e7" in game.legal_moves()
    assert error_code(game, "e1-e8") == "classic_scouts"
    adjacent = position(options=options, e7="r2", e8="b4", a1="rF", j10="bF", a10="b4")
    assert "e7-e8" in adjacent.legal_moves()


def test_lenient_notation_on_the_slow_path() -> None:
    game = basic()
    record = game.play(" E2-E3 ")
    assert record.notation == "e2-e3"


def test_legal_moves_from_bad_square() -> None:
    game = basic()
    with pytest.raises(IllegalMove) as info:
        game.legal_moves_from("z9")
    assert info.value.code == "bad_notation"
    assert game.legal_moves_from("a1") == []
    assert game.legal_moves_from("e5") == []
