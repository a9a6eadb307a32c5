"""How well the expert's beliefs guess the enemy's hidden ranks.

Run from the repository root:  .venv/bin/python bench/ai_beliefs.py [--games N]

Games between two "hard" computers from the human setups (``ai.choose_setup``); at
fixed plies, for each player, every enemy piece whose rank that player does not know is
guessed as its most likely rank. Printed per ply: how often the guess is right, for

* ``beliefs`` — the expert's beliefs (``ai_beliefs``: square frequencies in the human
  setups, behaviour, what is left);
* ``no squares`` — the same without the square frequencies (what is left, and
  behaviour), to show what the human setups add;
* ``hard`` — the "hard" level's possibilities (what is left, moved, Scouts, Flag more
  likely at the back);

plus the probability each gives the true rank (mean), and the share of Flags found: the
piece believed likeliest to be the Flag is the Flag. The setups come from the same file
the frequencies are counted from (each is one in 47,108 of the counts).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine import stratego  # after the path fix above
from engine.stratego import ai, ai_beliefs

CHECKPOINTS = (0, 20, 50, 100, 200, 300, 400)


def flat_beliefs(view: dict[str, object]) -> dict[str, dict[str, float]]:
    """The beliefs with every setup square alike (no human-setup frequencies)."""
    saved = ai_beliefs.square_priors
    flat = tuple(tuple(1.0 for _ in ai_beliefs.RANKS) for _ in range(40))
    ai_beliefs.square_priors = lambda: flat  # type: ignore[assignment]
    try:
        return ai_beliefs.beliefs(view).dists
    finally:
        ai_beliefs.square_priors = saved  # type: ignore[assignment]


def hard_beliefs(view: dict[str, object]) -> dict[str, dict[str, float]]:
    guess = ai.Beliefs(view)
    return {square: guess.dist(square) for square in guess.theirs}


METHODS = {
    "beliefs": lambda view: ai_beliefs.beliefs(view).dists,
    "no squares": flat_beliefs,
    "hard": hard_beliefs,
}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    right: dict[tuple[str, int], int] = defaultdict(int)
    mass: dict[tuple[str, int], float] = defaultdict(float)
    flags: dict[tuple[str, int], int] = defaultdict(int)
    guessed: dict[int, int] = defaultdict(int)
    views: dict[int, int] = defaultdict(int)
    for index in range(args.games):
        rng = random.Random(args.seed + index)
        game = stratego.new_game(ai.choose_setup(rng), ai.choose_setup(rng))
        ply = 0
        while game.result is None and ply <= CHECKPOINTS[-1]:
            if ply in CHECKPOINTS:
                for player in stratego.PLAYERS:
                    view = game.view(player)
                    truth = game.view(player, reveal_all=True)["pieces"]
                    unknown = [
                        square
                        for square, piece in view["pieces"].items()
                        if piece["owner"] != player and piece["letter"] is None
                    ]
                    if not unknown:
                        continue
                    guessed[ply] += len(unknown)
                    views[ply] += 1
                    flag_square = next((s for s in unknown if truth[s]["letter"] == "F"), None)
                    for name, method in METHODS.items():
                        dists = method(view)
                        for square in unknown:
                            dist = dists[square]
                            best = max(dist, key=lambda k, d=dist: d[k])
                            right[name, ply] += best == truth[square]["letter"]
                            mass[name, ply] += dist.get(truth[square]["letter"], 0.0)
                        if flag_square is not None:
                            likeliest = max(unknown, key=lambda s, d=dists: d[s].get("F", 0.0))
                            flags[name, ply] += likeliest == flag_square
            player = game.turn
            game.play(ai.choose_move(game.view(player), game.legal_moves(), "hard", rng))
            ply += 1
    print(f"Beliefs about unknown enemy pieces, {args.games} games hard vs hard, both sides")
    print(
        f"{'ply':>4} {'views':>6} {'pieces':>7}  "
        + "  ".join(f"{name + ': right / p(true) / flag':>34}" for name in METHODS)
    )
    for ply in CHECKPOINTS:
        if not guessed[ply]:
            continue
        cells = []
        for name in METHODS:
            cells.append(
                f"{right[name, ply] / guessed[ply]:>14.1%} / {mass[name, ply] / guessed[ply]:.3f}"
                f" / {flags[name, ply] / views[ply]:>5.1%}"
            )
        print(f"{ply:>4} {views[ply]:>6} {guessed[ply]:>7}  " + "  ".join(cells))


if __name__ == "__main__":
    main()
