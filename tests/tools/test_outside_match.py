"""bench/outside_match.py without the outside program: the protocol's squares, moves,
results and setups, and whole games against a stand-in program (``fake_outside.py``)
that checks it is told no hidden rank."""

from __future__ import annotations

import os
import random
import sys

import pytest

from bench import outside_match as om
from engine import stratego
from engine.stratego.board import SQUARE_NAMES

FAKE = [sys.executable, os.path.join(os.path.dirname(__file__), "fake_outside.py")]


def test_every_square_round_trips_and_red_back_rank_is_y0() -> None:
    for square in SQUARE_NAMES:
        assert om.xy_square(*om.square_xy(square)) == square
    assert om.square_xy("a1") == (0, 0)
    assert om.square_xy("j10") == (9, 9)


@pytest.mark.parametrize(
    ("move", "text"),
    [
        (("e4", "e5"), "4 3 DOWN"),
        (("e5", "e4"), "4 4 UP"),
        (("b2", "a2"), "1 1 LEFT"),
        (("a7", "a10"), "0 6 DOWN 3"),
        (("j1", "b1"), "9 0 LEFT 8"),
    ],
)
def test_moves_encode_and_decode(move: tuple[str, str], text: str) -> None:
    assert om.encode_move(*move) == text
    assert om.decode_move(text) == move


def test_a_line_that_is_not_a_move_on_the_board_decodes_to_none() -> None:
    assert om.decode_move("9 9 DOWN") is None
    assert om.decode_move("0 0 LEFT") is None
    assert om.decode_move("hello") is None


def test_results_name_both_ranks_only_after_an_attack() -> None:
    rng = random.Random(4)
    game = stratego.new_game(
        stratego.BUILTIN_SETUPS["Lakeside fortress"], stratego.BUILTIN_SETUPS["Bomb wall"]
    )
    move = rng.choice(game.legal_moves())
    record = game.play(move)
    assert om.result_line(record) == om.encode_move(*move.split("-")) + " OK"
    while not record.is_attack:
        record = game.play(rng.choice(game.legal_moves()))
    words = om.result_line(record).split()
    assert words[-3] in ("KILLS", "DIES", "BOTHDIE")
    assert words[-2:] == [om.RANK_CHARS[str(record.piece)], om.RANK_CHARS[str(record.defender)]]


def test_the_program_setup_rows_become_our_notation_for_either_colour() -> None:
    rows = ["FB99999999", "B88888sB77", "7766665555", "4443321BBB"]
    red = om.setup_from_lines("red", rows)
    assert red[:10] == "FB22222222" and red[30:] == "777889XBBB"
    blue = om.setup_from_lines("blue", rows[::-1])
    game = stratego.new_game(red, blue)
    assert game.piece_at("a1") == ("red", "F")
    assert game.piece_at("a10") == ("blue", "F")
    assert game.piece_at("g7") == ("blue", "X")


def test_the_board_shows_the_opponent_only_as_hidden_pieces() -> None:
    game = stratego.new_game(
        stratego.BUILTIN_SETUPS["Lakeside fortress"], stratego.BUILTIN_SETUPS["Bomb wall"]
    )
    rows = om.board_lines(game, "blue")
    assert all(char in "#.+" for row in rows[:4] for char in row)
    assert "#" not in "".join(rows[6:])
    assert rows[4][2:4] == "++"


@pytest.mark.parametrize("seed", [0, 1])
def test_a_game_against_the_stand_in_ends_by_our_rules(seed: int) -> None:
    result = om.outside_game("easy", [*FAKE, "{seed}"], seed, cap=300, timeout=20)
    assert result.score in (0.0, 0.5, 1.0)
    if result.ending == "refused_move":  # its random shuttle met our two-squares rule
        assert "refused: two_squares" in result.note
    else:
        assert result.note == ""
        assert result.ending in (*stratego.END_REASONS, "cap")
    assert result.colour == ("red" if seed % 2 == 0 else "blue")
    assert len(result.theirs) >= result.plies // 2


def test_a_move_our_rules_refuse_loses_the_game_for_the_program() -> None:
    result = om.outside_game("random", [*FAKE, "3", "bomb"], 1, cap=50, timeout=20)
    assert (result.score, result.ending) == (1.0, "refused_move")
    assert "refused: immovable" in result.note


def test_a_program_that_fails_voids_the_game() -> None:
    command = [sys.executable, "-c", "print('no setup here')"]
    result = om.outside_game("random", command, 0, cap=50, timeout=5)
    assert result.score is None
    assert result.ending == "outside_failed"
    lines = om.summary("random", [result])
    assert any("void games (outside program failed): 1" in text for text in lines)
