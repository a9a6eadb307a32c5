"""How do the games that reach the cap stall? A chase round the same squares, and whose.

Run from the repository root, on games saved by ``bench/outside_match.py --moves DIR``:
  .venv/bin/python bench/stall_evidence.py DIR [DIR ...]

For each game that reached the cap: the ply from which its last moves only repeat (the
same four, eight, twelve or sixteen plies over and over), the two pieces that move in
that loop (the chaser is the stronger one), whose each is and whether the chased one
could have been helped: our nearest other piece that beats the chaser, in steps through
empty squares. Then the material each side had left at the cap, by the expert's base
values (``ai_expert.BASE_VALUES``). A game still changing at the cap is listed as such.
"""

from __future__ import annotations

import argparse
import glob
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.attack_evidence import steps_from, value  # after the path fix above
from bench.behaviour_evidence import STRENGTH, read_saved_game
from engine import stratego
from engine.stratego.board import SQUARE_NAMES

PERIODS = (4, 8, 12, 16)
#: A loop shorter than this many plies at the cap is not counted as the stall.
LEAST_LOOP = 50


def loop_start(moves: list[str]) -> int:
    """The first ply of the repetition the game ends in (``len(moves)`` if none)."""
    start = len(moves)
    for period in PERIODS:
        i = len(moves) - 1
        while i - period >= 0 and moves[i] == moves[i - period]:
            i -= 1
        if len(moves) - (i + 1) >= LEAST_LOOP:
            start = min(start, i + 1)
    return start


def material(game: stratego.Game, colour: str) -> float:
    total = 0.0
    for square in SQUARE_NAMES:
        piece = game.piece_at(square)
        if piece is not None and piece[0] == colour:
            total += value(piece[1])
    return total


def nearest_helper(game: stratego.Game, ours: str, chased: str, chaser: str) -> int:
    """Steps from the chased piece to our nearest other piece that beats the chaser."""
    steps = steps_from(game, chased)
    enemy = game.piece_at(chaser)
    assert enemy is not None
    best = 99
    for square in SQUARE_NAMES:
        piece = game.piece_at(square)
        if square == chased or piece is None or piece[0] != ours or piece[1] in ("B", "F"):
            continue
        if STRENGTH[piece[1]] > STRENGTH[enemy[1]] or (piece[1] == "S" and enemy[1] == "X"):
            best = min(best, steps.get(square, 99))
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dirs", nargs="+", help="directories of seed-N.txt games")
    parser.add_argument("--cap", type=int, default=1000, help="the match's cap in plies")
    args = parser.parse_args(argv)
    paths = sorted(path for folder in args.dirs for path in glob.glob(f"{folder}/seed-*.txt"))
    print("game                    loop from  chaser     chased     helper  material us/them")
    for path in paths:
        saved = read_saved_game(path)
        if saved is None:
            continue
        game, ours, moves = saved
        if len(moves) < args.cap:
            continue
        start = loop_start(moves)
        for move in moves[:start]:
            game.play(move)
        name = os.path.join(os.path.basename(os.path.dirname(path)), os.path.basename(path))
        if start == len(moves):
            print(f"{name:22}  no loop")
            continue
        # The loop's two pieces: the first two moves by different players in it.
        first, second = moves[start].split("-"), moves[start + 1].split("-")
        a, b = game.piece_at(first[0]), game.piece_at(second[0])
        assert a is not None and b is not None
        a_square, b_square = first[0], second[0]
        if STRENGTH[a[1]] < STRENGTH[b[1]]:
            a, b, a_square, b_square = b, a, b_square, a_square
        chaser, chased = a, b
        helper = ""
        if chased[0] == ours:
            steps = nearest_helper(game, ours, b_square, a_square)
            helper = "none" if steps == 99 else str(steps)
        whose = {ours: "us", stratego.opponent(ours): "them"}
        mine, theirs = material(game, ours), material(game, stratego.opponent(ours))
        print(
            f"{name:22}  {start:9}  {whose[chaser[0]]:>4} {chaser[1]:5} "
            f"{whose[chased[0]]:>4} {chased[1]:5}  {helper:>6}  {mine:.0f}/{theirs:.0f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
