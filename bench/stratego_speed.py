"""How fast the Stratego engine plays: plies per second of random play through the public
API (``game.legal_moves()`` + ``game.play()``, and the typed ``game.legal_actions()`` +
``game.apply()``), median over several runs. Target: at least 20,000 plies/s on CPython.

Run from the repository root:  .venv/bin/python bench/stratego_speed.py [--runs 5] [--plies 20000]

Each run plays seeded random games (random setups, uniformly random legal moves, rescue
choices included) until it has made ``--plies`` plies; games end by their own rules (a
safety cap of 5,000 plies per game only guards against a game that never ends). Setting
up a new game is included in the time, as in real use. Stdlib only, so the same file
also runs under Pyodide.
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine import stratego  # after the path fix above

GAME_CAP = 5000


def run(plies: int, seed: int, options: stratego.Options, typed: bool) -> tuple[float, int]:
    """Play random games until ``plies`` plies are made; (plies per second, games)."""
    rng = random.Random(seed)
    made = 0
    games = 0
    start = time.perf_counter()
    while made < plies:
        game = stratego.new_game(
            stratego.random_setup(rng.getrandbits(32)),
            stratego.random_setup(rng.getrandbits(32)),
            options,
        )
        games += 1
        choice = rng.choice
        for _ in range(GAME_CAP):
            if game.result is not None or made >= plies:
                break
            if typed:
                player = game.turn
                game.apply(player, choice(game.legal_actions(player)))
            else:
                game.play(choice(game.legal_moves()))
            made += 1
    return made / (time.perf_counter() - start), games


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per rule set (median)")
    parser.add_argument("--plies", type=int, default=20000, help="plies per run")
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]} on {sys.platform}")
    rule_sets = {
        "default rules": stratego.Options(),
        "all options": stratego.Options(
            silent_defence=True,
            attackers_advantage=True,
            rescue=True,
            classic_scouts=True,
            chasing_rule=True,
        ),
    }
    for (label, options), typed in itertools.product(rule_sets.items(), (False, True)):
        rates = []
        games = 0
        for index in range(args.runs):
            rate, played = run(args.plies, seed=index, options=options, typed=typed)
            rates.append(rate)
            games += played
        api = "typed" if typed else "notation"
        print(
            f"{label:>13}, {api:>8}: median {statistics.median(rates):,.0f} plies/s "
            f"(min {min(rates):,.0f}, max {max(rates):,.0f}; "
            f"{args.runs} runs of {args.plies:,} plies, {games} games)"
        )


if __name__ == "__main__":
    main()
