"""Is the Ideology map fair? The strongest cheap computer (greedy) plays every seat of
seeded games for 2 to 5 players; the script prints each ideology's and each seat's share
of wins with 95% Wilson intervals, how games ended, and how often each advance was bought
(by any seat, and by the winner).

Run from the repository root (long: run it with ``nice``, in the background):

    nice .venv/bin/python bench/ideology_balance.py [--games 200] [--players 2 3 4 5]

* Every game of a table has its own seed. Which ideologies play cycles through every
  combination of that many ideologies, so each ideology plays as often as the others;
  the seats (turn order of turn 1) are the engine's seeded draw.
* Fair share: 1/n. The target of the map (issue 18) is every ideology within ±5 points of
  fair at every player count. The seat effect (first player advantage) is printed
  separately: the map cannot change it.
* Games end by the rules (above 12, or exhaustion). ``--turn-limit`` (default 200) is a
  safety net only; the report says how many games it ended.
* ``--json FILE`` also writes every number to a file (for docs/ideology-map.md).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from ai_strength import wilson  # the one Wilson interval of the benchmarks

from engine import ideology  # after the path fix above
from engine.ideology import ai


@dataclass
class Record:
    """What one game says about balance."""

    players: list[str]  # ideologies, in the turn order of turn 1 (seat 1 first)
    winner: str
    reason: str
    turns: int
    bought: dict[str, list[str]] = field(default_factory=dict)  # ideology -> advances

    @property
    def seat(self) -> int:
        return self.players.index(self.winner) + 1


def play_one(ideologies: list[str], seed: int, turn_limit: int) -> Record:
    """One game with the greedy computer in every seat, each seat with its own dice."""
    game = ideology.new_game(ideologies, seed=seed, turn_limit=turn_limit)
    seats = {p: ai.Player("greedy", seed=seed * 10 + i) for i, p in enumerate(ideologies)}
    while not game.is_terminal:
        player = game.to_act[0]
        view = game.view(player, log_from=len(game.log))  # the players never read the log
        game.apply(player, seats[player].choose(view, view["legal_actions"]))
    bought: dict[str, list[str]] = {p: [] for p in ideologies}
    for entry in game.log:
        if entry["event"] == "buy":
            bought[entry["player"]].append(entry["advance"])
    first_order = game.log[0]["order"]
    assert game.result is not None and game.end_reason is not None
    return Record(list(first_order), game.result, game.end_reason, game.turn, bought)


def play_table(players: int, games: int, seed: int, turn_limit: int) -> list[Record]:
    combos = list(itertools.combinations(ideology.IDEOLOGIES, players))
    return [
        play_one(list(combos[index % len(combos)]), seed + index, turn_limit)
        for index in range(games)
    ]


def share(wins: int, games: int) -> dict[str, Any]:
    low, high = wilson(wins, games)
    return {
        "wins": wins,
        "games": games,
        "share": wins / games if games else 0.0,
        "low": low,
        "high": high,
    }


def summarise(players: int, records: list[Record]) -> dict[str, Any]:
    """Shares per ideology and per seat, end reasons, turns and advances of one table."""
    fair = 1 / players
    per_ideology = {}
    for name in ideology.IDEOLOGIES:
        played = [r for r in records if name in r.players]
        per_ideology[name] = share(sum(r.winner == name for r in played), len(played))
    per_seat = {
        seat: share(sum(r.seat == seat for r in records), len(records))
        for seat in range(1, players + 1)
    }
    seats_played = sum(len(r.players) for r in records)
    advances = {
        name: {
            "by_any_seat": sum(name in bought for r in records for bought in r.bought.values())
            / seats_played,
            "by_winner": sum(name in r.bought[r.winner] for r in records) / len(records),
        }
        for name in ideology.ADVANCES
    }
    return {
        "players": players,
        "games": len(records),
        "fair": fair,
        "ideologies": per_ideology,
        "seats": per_seat,
        "worst_gap": max(abs(s["share"] - fair) for s in per_ideology.values() if s["games"]),
        "reasons": dict(Counter(r.reason for r in records)),
        "mean_turns": sum(r.turns for r in records) / len(records),
        "advances": advances,
    }


def percent(value: float) -> str:
    return f"{100 * value:5.1f}"


def print_table(summary: dict[str, Any]) -> None:
    players, fair = summary["players"], summary["fair"]
    print(
        f"\n{players} players — {summary['games']} games, fair share {percent(fair)}%, "
        f"mean {summary['mean_turns']:.1f} turns, ended by {summary['reasons']}"
    )
    print(
        f"  {'ideology':24} {'games':>5} {'wins':>5} {'share %':>8} {'95% CI':>13} {'vs fair':>8}"
    )
    for name, s in summary["ideologies"].items():
        if s["games"]:
            print(
                f"  {name:24} {s['games']:5} {s['wins']:5} {percent(s['share']):>8} "
                f"{percent(s['low'])}–{percent(s['high']).strip():>5} "
                f"{100 * (s['share'] - fair):+8.1f}"
            )
    seats = "  ".join(
        f"{seat}: {percent(s['share']).strip()}% ({percent(s['low']).strip()}–"
        f"{percent(s['high']).strip()})"
        for seat, s in summary["seats"].items()
    )
    print(f"  by seat (turn order of turn 1): {seats}")
    print(f"  largest gap from fair: {100 * summary['worst_gap']:.1f} points")


def print_advances(summaries: list[dict[str, Any]]) -> None:
    print("\nAdvances bought (% of seats that bought it / % of games whose winner bought it):")
    header = "".join(f"{str(s['players']) + ' players':>16}" for s in summaries)
    print(f"  {'advance':28}{header}")
    for name in ideology.ADVANCES:
        bought = [s["advances"][name] for s in summaries]
        cells = "".join(
            f"{percent(b['by_any_seat'])} /{percent(b['by_winner'])}".rjust(16) for b in bought
        )
        print(f"  {name:28}{cells}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per player count")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5])
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    parser.add_argument("--turn-limit", type=int, default=200, help="safety turn limit")
    parser.add_argument("--json", default=None, help="also write the figures to this file")
    args = parser.parse_args(argv)
    print(f"Python {sys.version.split()[0]}: greedy in every seat, {args.games} games a table")
    summaries = []
    for players in args.players:
        start = time.perf_counter()
        records = play_table(players, args.games, args.seed, args.turn_limit)
        summary = summarise(players, records)
        summary["seconds"] = time.perf_counter() - start
        summaries.append(summary)
        print_table(summary)
        sys.stdout.flush()
    print_advances(summaries)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(summaries, out, indent=1)


if __name__ == "__main__":
    main()
