"""Try Ideology map edits before writing one into engine/ideology/data.py: each candidate
(a list of edits to the map as it is now) is played by the balance bench's tables (greedy
in every seat, the same seeds for every candidate) and scored by its largest gap from a
fair share at any player count, and by how far that gap is from noise.

Run from the repository root (long: run it with ``nice``, at most one per free core):

    nice .venv/bin/python bench/ideology_map_search.py --games 300 --players 2 3 4 5 \
        --candidate "A: unlink USSR Japan; link 'United States' Japan; level Mexico 2"

An edit is ``link A B``, ``unlink A B`` (adjacency is symmetric) or ``level REGION N``
(printed level); names with spaces are quoted. The candidate ``base`` (no edit) is the
map as it is. The edits change the map in memory only: the engine reads its one table
(``data.REGIONS``) every time, so no rule changes.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import os
import shlex
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from ideology_balance import play_table, summarise  # also puts the repository on the path

from engine.ideology import data

Edit = tuple[str, ...]


def parse_candidate(text: str) -> tuple[str, list[Edit]]:
    """'NAME: edit; edit; ...' -> (name, edits)."""
    name, _, rest = text.partition(":")
    edits = [tuple(shlex.split(part)) for part in rest.split(";") if part.strip()]
    for edit in edits:
        if edit[0] not in ("link", "unlink", "level") or len(edit) != 3:
            raise SystemExit(f"bad edit {edit!r} in candidate {name!r}")
        for region in edit[1:] if edit[0] != "level" else edit[1:2]:
            if region not in data.REGIONS:
                raise SystemExit(f"unknown region {region!r} in candidate {name!r}")
    return name.strip(), edits


def apply_edits(regions: dict[str, data.Region], edits: list[Edit]) -> None:
    for kind, first, second in edits:
        if kind == "level":
            regions[first] = dataclasses.replace(regions[first], level=int(second))
            continue
        for one, other in ((first, second), (second, first)):
            adjacent = list(regions[one].adjacent)
            if kind == "link":
                assert other not in adjacent, f"{one} already touches {other}"
                adjacent.append(other)
            else:
                adjacent.remove(other)
            regions[one] = dataclasses.replace(regions[one], adjacent=tuple(adjacent))


def score(name: str, players: list[int], games: int, seed: int) -> None:
    worst, worst_z = 0.0, 0.0
    for count in players:
        start = time.perf_counter()
        summary = summarise(count, play_table(count, games, seed, 200))
        fair = summary["fair"]
        cells = []
        for ideology, s in summary["ideologies"].items():
            gap = s["share"] - fair
            noise = math.sqrt(fair * (1 - fair) / s["games"])
            worst, worst_z = max(worst, abs(gap)), max(worst_z, abs(gap) / noise)
            cells.append(f"{ideology.split()[0][:5]} {100 * gap:+5.1f}")
        print(
            f"  {name:10} {count}p {games}g: {'  '.join(cells)}  | gap "
            f"{100 * summary['worst_gap']:4.1f}  ({time.perf_counter() - start:.0f} s)",
            flush=True,
        )
    print(
        f"{name:10} largest gap {100 * worst:.1f} points, {worst_z:.1f} standard errors", flush=True
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--candidate", action="append", default=[], help="NAME: edit; edit")
    args = parser.parse_args()
    original = dict(data.REGIONS)
    for text in args.candidate or ["base:"]:
        name, edits = parse_candidate(text)
        data.REGIONS.clear()
        data.REGIONS.update(original)
        apply_edits(data.REGIONS, edits)
        score(name, args.players, args.games, args.seed)


if __name__ == "__main__":
    main()
