"""Versions of the expert side by side against the outside program, on the seeds they share.

Run from the repository root, on games saved by ``bench/outside_match.py --moves DIR``
(one directory per version, all played at the same time on the same seeds):
  .venv/bin/python bench/outside_compare.py now=/tmp/om-now before=/tmp/om-before

Per version, on the seeds every version finished: won / lost / drawn, the score (a draw
counts half), the win rate with its 95% Wilson interval, and how the games were lost.
Then how our Marshal and our General left each game (kept to the end, traded with an
equal, on a Bomb, to the Spy, taken by a stronger piece) and the score of the games that
went each way: the runs so far lose most games whose Marshal went to the Spy or on a
Bomb, whatever else the version did.
"""

from __future__ import annotations

import argparse
import collections
import glob
import os
import re
import sys
from collections.abc import Iterable

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.ai_strength import ending_counts, line  # after the path fix above
from bench.behaviour_evidence import read_saved_game

RESULT = re.compile(r"^result (\S+) (\S+)")
SEED = re.compile(r"seed-(\d+)\.txt$")
#: The pieces whose fate is followed, by rank letter.
FOLLOWED = {"X": "Marshal", "9": "General"}
FATES = ("kept", "traded", "on a Bomb", "to the Spy", "to a stronger piece")


def saved_result(path: str) -> tuple[float, str] | None:
    """(our score, how the game ended) from a saved game's last line; None if unfinished
    or void (the program failed: ``result None outside_failed``)."""
    with open(path, encoding="utf-8") as saved:
        for text in saved.read().splitlines()[::-1]:
            found = RESULT.match(text)
            if found:
                if found.group(1) == "None":
                    return None
                return float(found.group(1)), found.group(2)
    return None


def fates(path: str) -> dict[str, str]:
    """How each followed piece of ours left the game (``FATES``), by rank letter."""
    saved = read_saved_game(path)
    if saved is None:
        return {}
    game, ours, moves = saved
    out = {letter: "kept" for letter in FOLLOWED}
    for move in moves:
        src, dst = move.split("-")
        attacker, defender = game.piece_at(src), game.piece_at(dst)
        game.play(move)
        if attacker is None or defender is None:
            continue
        mine, theirs = (attacker, defender) if attacker[0] == ours else (defender, attacker)
        letter = mine[1]
        if letter not in FOLLOWED or out[letter] != "kept":
            continue
        if game.piece_at(dst) == mine:
            continue  # ours won the attack
        if theirs[1] == letter:
            out[letter] = "traded"
        elif theirs[1] == "B":
            out[letter] = "on a Bomb"
        elif theirs[1] == "S":
            out[letter] = "to the Spy"
        else:
            out[letter] = "to a stronger piece"
    return out


def mean(scores: Iterable[float]) -> str:
    values = list(scores)
    return f"{sum(values) / len(values):.2f}" if values else "-"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("versions", nargs="+", help="LABEL=DIR of seed-N.txt games")
    args = parser.parse_args(argv)
    # Per version, per finished seed: (the saved game's path, its result).
    versions: dict[str, dict[int, tuple[str, tuple[float, str]]]] = {}
    for spec in args.versions:
        label, _, folder = spec.partition("=")
        if not folder:
            parser.error(f"{spec!r}: give LABEL=DIR")
        versions[label] = {
            int(found.group(1)): (path, result)
            for path in glob.glob(os.path.join(folder, "seed-*.txt"))
            if (found := SEED.search(path)) and (result := saved_result(path)) is not None
        }
    common = sorted(set.intersection(*(set(games) for games in versions.values())))
    if not common:
        print("no seed finished by every version")
        return 1
    print(f"{len(common)} seeds finished by every version ({common[0]}-{common[-1]})")
    by_fate: dict[tuple[str, str], collections.Counter[str]] = {}
    scores_by_fate: dict[tuple[str, str, str], list[float]] = collections.defaultdict(list)
    for label, games in versions.items():
        played = [games[seed][1] for seed in common]
        wins = sum(1 for score, _ in played if score == 1.0)
        draws = sum(1 for score, _ in played if score == 0.5)
        score = sum(score for score, _ in played) / len(played)
        print(line(label, wins, draws, len(played)) + f"   score {score:.2f}")
        print("    " + ending_counts(played))
        for seed in common:
            path, (score, _) = games[seed]
            for letter, fate in fates(path).items():
                by_fate.setdefault((label, letter), collections.Counter())[fate] += 1
                scores_by_fate[label, letter, fate].append(score)
    for letter, name in FOLLOWED.items():
        print(f"\nour {name}: games (their mean score)")
        print(f"  {'version':<12}" + "".join(f"{fate:>22}" for fate in FATES))
        for label in versions:
            counts = by_fate[label, letter]
            cells = "".join(
                f"{f'{counts[fate]} ({mean(scores_by_fate[label, letter, fate])})':>22}"
                for fate in FATES
            )
            print(f"  {label:<12}{cells}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
