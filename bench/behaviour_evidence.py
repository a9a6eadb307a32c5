"""Does an enemy piece that walks up to (or away from) one of our seen pieces say what it is?

Run from the repository root, on games saved by ``bench/outside_match.py --moves DIR``:
  .venv/bin/python bench/behaviour_evidence.py DIR [DIR ...]

Each game is replayed through our engine. For every move of the other side that ends
next to one of our pieces whose rank it has seen (an approach), or leaves one (a flight),
the mover's true rank is set against ours (stronger, equal, weaker, or the Spy next to
our Marshal) and against what the expert's beliefs said of it just before the move (so
with the approach and flight evidence of its earlier moves, ``ai_beliefs``); printed per
kind of move: how many of each class the beliefs expected and how many there were, and
the extra factors on stronger and weaker ranks that would have fitted best (by
likelihood), over every such move and over each piece's first one only (the beliefs
compound the evidence of every move, so a piece that keeps coming is already believed
strong by its second step). The factor is what this one move should add to the beliefs.

Then the Spy's evidence: on every turn of the other side, each unknown piece of theirs
next to our Marshal, whose rank they had seen, either takes it or not. For those that did
not, how many the beliefs held to be the Spy just before and how many were.

Last, where a piece that never moved stands: on every tenth of our turns (``--every``),
each unseen enemy piece that never moved is put in a class by what is beside it now
(one of our pieces; else an empty square; else only its own pieces, lakes and the
edge), with the Flags and Bombs the beliefs expected in each class and those there.
"""

from __future__ import annotations

import argparse
import glob
import math
import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine import stratego  # after the path fix above
from engine.stratego import ai_beliefs
from engine.stratego.board import NEIGHBOURS, SQUARE_INDEX, SQUARE_NAMES
from engine.stratego.pieces import PIECE_KINDS

STRENGTH = {kind.letter: kind.strength for kind in PIECE_KINDS}
CLASSES = ("stronger", "equal", "weaker", "spy")
FACTORS = (0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 1.0, 1.4, 2.0, 3.0, 5.0, 8.0, 12.0, 20.0, 35.0)


@dataclass
class Event:
    approach: bool
    believed: dict[str, float]  # by class, before the move
    truth: str  # class
    first: bool = True  # the mover's first such move (not counting the same kind again)


def rank_class(ours: str, theirs: str) -> str:
    if ours == "X" and theirs == "S":
        return "spy"
    difference = STRENGTH[theirs] - STRENGTH[ours]
    return "stronger" if difference > 0 else "weaker" if difference < 0 else "equal"


def read_saved_game(path: str) -> tuple[stratego.Game, str, list[str]] | None:
    """(the game at its start, our colour, its moves in order) of a game saved by
    ``outside_match``; None if the outside program failed before the setups."""
    with open(path, encoding="utf-8") as saved:
        lines = saved.read().splitlines()
    if len(lines) < 3 or not lines[0].startswith("red "):
        return None
    red, blue, ours = lines[0].split()[1], lines[1].split()[1], lines[2].split()[2]
    moves = []
    for line in lines[3:]:
        words = line.split()
        if len(words) >= 4 and words[0].isdigit() and "-" in words[2]:
            moves.append(words[2])
    return stratego.new_game(red, blue), ours, moves


def game_events(path: str) -> list[Event]:
    """The approach and flight events of one saved game (``outside_match`` format)."""
    saved = read_saved_game(path)
    if saved is None:
        return []
    game, ours, moves = saved
    theirs = stratego.opponent(ours)
    events: list[Event] = []
    seen: set[tuple[int, bool]] = set()  # (piece id, approach) already counted
    for move in moves:
        src, dst = move.split("-")
        found = []
        if game.turn == theirs and game.piece_at(dst) is None:
            found = _move_events(game, ours, src, dst)
        record = game.play(move)
        for event in found:
            event.first = (record.piece_id, event.approach) not in seen
            seen.add((record.piece_id, event.approach))
        events += found
    return events


def _move_events(game: stratego.Game, ours: str, src: str, dst: str) -> list[Event]:
    view = game.view(ours)
    if view["pieces"][src]["letter"] is not None:
        return []  # we know its rank already
    before = {SQUARE_NAMES[n] for n in NEIGHBOURS[SQUARE_INDEX[src]]}
    after = {SQUARE_NAMES[n] for n in NEIGHBOURS[SQUARE_INDEX[dst]]}
    mover = game.piece_at(src)
    assert mover is not None
    events: list[Event] = []
    dist: dict[str, float] | None = None
    for square in sorted(before ^ after):
        piece = view["pieces"].get(square)
        if piece is None or piece["owner"] != ours or not piece["known"]:
            continue
        letter = piece["letter"]
        if letter in ("B", "F"):
            continue
        if dist is None:
            dist = ai_beliefs.beliefs(view).dists[src]
        believed = dict.fromkeys(CLASSES, 0.0)
        for rank, p in dist.items():
            if rank not in ("B", "F"):
                believed[rank_class(letter, rank)] += p
        total = sum(believed.values()) or 1.0
        believed = {name: p / total for name, p in believed.items()}
        events.append(Event(square in after, believed, rank_class(letter, mover[1])))
    return events


@dataclass
class Spared:
    """An unknown enemy piece next to our seen Marshal on its side's turn."""

    believed_spy: float
    spy: bool
    took: bool
    first: bool  # the first such turn for that piece


def spared_events(path: str) -> list[Spared]:
    """Every unknown enemy piece next to our seen Marshal on its side's turn, in one saved
    game: did it take the Marshal, was it the Spy, what did the beliefs say."""
    saved = read_saved_game(path)
    return [] if saved is None else spared_in(*saved)


def spared_in(game: stratego.Game, ours: str, moves: list[str]) -> list[Spared]:
    """:func:`spared_events` of ``moves`` played on ``game``."""
    identity = {square: square for square in SQUARE_NAMES if game.piece_at(square)}
    counted: set[str] = set()
    events: list[Spared] = []
    for move in moves:
        player = game.turn
        src, dst = move.split("-")
        if player != ours:
            view = game.view(ours)
            dists: dict[str, dict[str, float]] | None = None
            for name, piece in view["pieces"].items():
                if piece["owner"] != ours or piece["letter"] != "X" or not piece["known"]:
                    continue
                for n in NEIGHBOURS[SQUARE_INDEX[name]]:
                    square = SQUARE_NAMES[n]
                    other = view["pieces"].get(square)
                    if other is None or other["owner"] == ours or other["letter"] is not None:
                        continue
                    dists = dists or ai_beliefs.beliefs(view).dists
                    truth = game.piece_at(square)
                    assert truth is not None
                    events.append(
                        Spared(
                            dists[square].get("S", 0.0),
                            truth[1] == "S",
                            (src, dst) == (square, name),
                            identity[square] not in counted,
                        )
                    )
                    counted.add(identity[square])
        game.play(move)
        moving = identity.pop(src)
        after = game.piece_at(dst)
        if after is not None and after[0] == player:
            identity[dst] = moving
        elif after is None:
            identity.pop(dst, None)
    return events


EXPOSURES = ("beside ours", "open", "enclosed")


def exposure(view: Mapping[str, Any], square: str) -> str:
    """What stands beside the enemy piece on ``square``: one of ``EXPOSURES``."""
    ours = view["player"]
    beside = [view["pieces"].get(SQUARE_NAMES[n]) for n in NEIGHBOURS[SQUARE_INDEX[square]]]
    if any(piece is not None and piece["owner"] == ours for piece in beside):
        return "beside ours"
    return "open" if any(piece is None for piece in beside) else "enclosed"


@dataclass
class Unmoved:
    """An unseen enemy piece that never moved, on one of our turns."""

    exposure: str
    believed_flag: float
    believed_bomb: float
    letter: str


def unmoved_in(game: stratego.Game, ours: str, moves: list[str], every: int) -> list[Unmoved]:
    """Every unseen enemy piece that never moved, on every ``every``-th of our turns."""
    found: list[Unmoved] = []
    turns = 0
    for move in moves:
        if game.turn == ours:
            if turns % every == 0:
                view = game.view(ours)
                dists: dict[str, dict[str, float]] | None = None
                for square, piece in view["pieces"].items():
                    if piece["owner"] == ours or piece["letter"] is not None or piece["moved"]:
                        continue
                    dists = dists or ai_beliefs.beliefs(view).dists
                    truth = game.piece_at(square)
                    assert truth is not None
                    dist = dists[square]
                    found.append(
                        Unmoved(
                            exposure(view, square), dist.get("F", 0.0), dist.get("B", 0.0), truth[1]
                        )
                    )
            turns += 1
        game.play(move)
    return found


def best_factors(events: list[Event]) -> tuple[float, float, float]:
    """(stronger factor, weaker factor, log-likelihood) that fit ``events`` best."""
    best = (1.0, 1.0, -math.inf)
    for stronger in FACTORS:
        for weaker in FACTORS:
            factor = {"stronger": stronger, "spy": stronger, "weaker": weaker, "equal": 1.0}
            likelihood = 0.0
            for event in events:
                norm = sum(p * factor[name] for name, p in event.believed.items())
                p = event.believed[event.truth] * factor[event.truth] / norm if norm else 0.0
                likelihood += math.log(max(p, 1e-6))
            if likelihood > best[2]:
                best = (stronger, weaker, likelihood)
    return best


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dirs", nargs="+", help="directories of saved games (seed-N.txt)")
    parser.add_argument("--every", type=int, default=10, help="look at every N-th turn of ours")
    args = parser.parse_args(argv)
    paths = sorted(p for d in args.dirs for p in glob.glob(os.path.join(d, "seed-*.txt")))
    events = [event for path in paths for event in game_events(path)]
    print(f"{len(paths)} games")
    for approach, first in ((True, False), (True, True), (False, False), (False, True)):
        chosen = [e for e in events if e.approach == approach and (e.first or not first)]
        kind = "approached" if approach else "fled from"
        which = "first time for that piece" if first else "every time"
        print(f"{kind} a seen piece of ours, {which}: {len(chosen)}")
        for name in CLASSES:
            expected = sum(event.believed[name] for event in chosen)
            found = sum(event.truth == name for event in chosen)
            print(f"  {name:<9} believed {expected:7.1f}  found {found:4d}")
        if chosen:
            stronger, weaker, likelihood = best_factors(chosen)
            print(f"  best extra factors: stronger x{stronger}, weaker x{weaker}", end="")
            print(f" (log-likelihood {likelihood:.1f})")
    spared = [event for path in paths for event in spared_events(path)]
    for first in (False, True):
        chosen = [event for event in spared if event.first or not first]
        which = "first time for that piece" if first else "every time"
        took = [event for event in chosen if event.took]
        left = [event for event in chosen if not event.took]
        print(f"next to our seen Marshal on their turn, {which}: {len(chosen)}")
        for name, events in (("took it", took), ("left it", left)):
            believed = sum(event.believed_spy for event in events)
            found = sum(event.spy for event in events)
            print(f"  {name:<8} {len(events):5d}  Spies believed {believed:6.1f}  found {found:4d}")
    unmoved = []
    for path in paths:
        saved = read_saved_game(path)
        if saved is not None:
            unmoved += unmoved_in(*saved, args.every)
    print(f"unseen pieces that never moved, every {args.every}th turn of ours, by neighbours:")
    for name in EXPOSURES:
        chosen = [piece for piece in unmoved if piece.exposure == name]
        flags = sum(piece.believed_flag for piece in chosen)
        bombs = sum(piece.believed_bomb for piece in chosen)
        print(
            f"  {name:<11} {len(chosen):6d}  Flags believed {flags:7.1f} found "
            f"{sum(piece.letter == 'F' for piece in chosen):5d}  Bombs believed {bombs:7.1f} "
            f"found {sum(piece.letter == 'B' for piece in chosen):5d}"
        )


if __name__ == "__main__":
    main()
