"""How fast the Ideology engine plays: complete random games per second for 2 and 5
players (median over several runs) and the slowest single ``apply()``.

Run from the repository root:  .venv/bin/python bench/ideology_speed.py [--runs 5] [--games 10]

The players are random but place a card whenever they can 9 times in 10 (players who never
build rarely pass 12 influence, so purely random games would only end at a turn limit).
Every game is played to its real end; a safety turn limit (default 200) only guards against
a game that never ends, and the report says how many games ended that way.
Stdlib only, so the same file also runs under Pyodide.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine import ideology  # after the path fix above

QUIET = ("pass", "done", "stop", "yield")


def play_one(players: int, seed: int, turn_limit: int) -> tuple[int, float, str]:
    """Play one game; returns (actions applied, slowest apply in seconds, end reason)."""
    game = ideology.new_game(list(ideology.IDEOLOGIES)[:players], seed=seed, turn_limit=turn_limit)
    rng = random.Random(seed)
    actions = 0
    slowest = 0.0
    while not game.is_terminal:
        player = rng.choice(game.to_act)
        legal = game.legal_actions(player)
        places = [a for a in legal if a.startswith("place ")]
        quiet = [a for a in legal if a in QUIET]
        if places and rng.random() < 0.9:
            action = rng.choice(places)
        elif quiet and rng.random() < 0.5:
            action = quiet[0]
        else:
            action = rng.choice(legal)
        start = time.perf_counter()
        game.apply(player, action)
        slowest = max(slowest, time.perf_counter() - start)
        actions += 1
    return actions, slowest, str(game.log[-1]["reason"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per player count (median)")
    parser.add_argument("--games", type=int, default=10, help="games per run")
    parser.add_argument("--turn-limit", type=int, default=200, help="safety turn limit")
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]} on {sys.platform}")
    for players in (2, 5):
        rates: list[float] = []
        slowest = 0.0
        actions = 0
        reasons: dict[str, int] = {}
        seed = 0
        for _ in range(args.runs):
            start = time.perf_counter()
            for _ in range(args.games):
                count, slow, reason = play_one(players, seed, args.turn_limit)
                seed += 1
                actions += count
                slowest = max(slowest, slow)
                reasons[reason] = reasons.get(reason, 0) + 1
            # legal_actions() of the random player is included in the time, as in a UI.
            rates.append(args.games / (time.perf_counter() - start))
        games = args.runs * args.games
        print(
            f"{players} players: {statistics.median(rates):7.1f} games/s median "
            f"(runs {min(rates):.1f}-{max(rates):.1f}), {actions / games:.0f} actions/game, "
            f"slowest apply {slowest * 1000:.2f} ms, ended by {reasons}"
        )


if __name__ == "__main__":
    main()
