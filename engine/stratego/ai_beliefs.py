"""What an enemy piece probably is: a probability over ranks for every unknown enemy piece,
from one player's view only (the expert computer's beliefs).

Three sources, multiplied together and then made consistent with the counts:

1. **Where it started.** Each square of a setup area has its own rank frequencies in the
   47,108 setups people played (``human_setups()``): the Flag sits on the back rank,
   Bombs around it, Scouts in front. A piece is followed through the public move list
   back to the square it started on (a piece that never moved is still there).
2. **What it did.** A piece that moved is neither Bomb nor Flag; one that once moved more
   than one square is a Scout; one that stepped next to a piece of ours whose rank it
   knew is probably stronger (or the Spy, next to our Marshal); one that stepped away
   from such a piece is probably weaker; one that stood next to our Marshal, its rank
   known, when it was the enemy's turn and did not take it is almost surely not the Spy.
3. **What is left.** The enemy's army minus its revealed pieces on the board and in the
   graveyard: the probabilities are scaled (iterative proportional fitting) until each
   rank's expected number among the unknown pieces equals what is left of it, so the
   Flag's probability gathers on the pieces that never moved as the game goes on.

The army is counted from the view (our own pieces on the board and in our graveyard):
both armies are the same, whatever their size.

>>> import random
>>> from engine import stratego
>>> game = stratego.new_game(stratego.random_setup(1), stratego.random_setup(2))
>>> beliefs = enemy_beliefs(game.view("red"))
>>> round(sum(beliefs["a10"].values()), 6)
1.0
>>> round(sum(d.get("F", 0.0) for d in beliefs.values()), 3)  # one Flag, to within the fit
1.0
"""

from __future__ import annotations

import functools
import math
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .ai_priors import SETUP_RANK_COUNTS, SETUPS_COUNTED
from .board import NEIGHBOURS, SQUARE_INDEX, setup_squares
from .pieces import PIECE_KINDS, opponent
from .setup import human_setups

#: Rank letters in the order the beliefs' vectors use.
RANKS: tuple[str, ...] = ("F", "S", "2", "3", "4", "5", "6", "7", "8", "9", "X", "B")
RANK_INDEX: dict[str, int] = {letter: index for index, letter in enumerate(RANKS)}
_STRENGTH = [next(kind.strength for kind in PIECE_KINDS if kind.letter == r) for r in RANKS]
_FLAG, _SPY, _SCOUT, _MINER, _MARSHAL, _BOMB = 0, 1, 2, 3, 10, 11

#: Behaviour weights: how much likelier a rank becomes after one observed act, against 1
#: for the same rank as the piece of ours it knew. Fitted with
#: ``bench/behaviour_evidence.py`` on saved games against an outside program: of 88 pieces
#: that first stepped next to a piece of ours they had seen, 15 were weaker than it where
#: the weights before this fit expected 46; the likeliest factors were 2 for stronger,
#: 0.2 for weaker. Flights fitted the weights already used.
APPROACH_STRONGER = 2.0
APPROACH_WEAKER = 0.15
FLEE_WEAKER = 1.8  # it stepped away from a piece of ours it knew: weaker ranks
FLEE_STRONGER = 0.5
APPROACH_SPY = 5.0  # stepped next to our known Marshal: the Spy
#: Weight of the Spy for a piece that stood next to our Marshal, whose rank it knew, on the
#: enemy's turn and did not take it. In 76 saved games against the outside program that
#: happened 1,753 times; the beliefs without this held 81 of those pieces to be Spies,
#: and none was (and 14 Marshals died to a Spy that did take them).
SPARED_MARSHAL_SPY = 0.03
FIT_ROUNDS = 40
#: Weight of the Miner for each step an enemy piece took nearer our Flag, ending within
#: ``FLAG_WALK_REACH`` of it: the outside program sends its Miners straight at a Flag it
#: has guessed behind a Bomb wall.
FLAG_WALK_MINER = 1.3
FLAG_WALK_REACH = 6


def count_setup_ranks(setups: Iterable[str]) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """(number of setups, per setup position 0..39 the count of each rank of ``RANKS``)."""
    chosen = [setup for setup in setups if len(setup) == 40]
    joined = "".join(chosen)
    columns = (joined[position::40] for position in range(40))
    return len(chosen), tuple(tuple(column.count(r) for r in RANKS) for column in columns)


@functools.lru_cache(maxsize=1)
def square_priors() -> tuple[tuple[float, ...], ...]:
    """Per setup position (0..39, the setup notation's order), the frequency of each rank
    of ``RANKS`` in the human setups, lightly smoothed (no rank is ever impossible).

    The counts are read from ``ai_priors.py``, written from the human setups file by
    ``python -m engine.stratego.ai_beliefs`` (a test checks they match): counting 47,108
    setups takes a tenth of a second, too long for one slice of the browser's thread."""
    total, counts = SETUPS_COUNTED, SETUP_RANK_COUNTS
    return tuple(tuple((c + 0.5) / (total + 6.0) for c in row) for row in counts)


def write_priors(path: str) -> None:
    total, counts = count_setup_ranks(human_setups())
    rows = "\n".join(f"    {row}," for row in counts)
    with open(path, "w", encoding="utf-8") as out:
        out.write(
            '"""Rank counts per setup position in the human setups (generated by\n'
            "``python -m engine.stratego.ai_beliefs``; do not edit). Columns: "
            f'{" ".join(RANKS)}."""\n\n'
            f"SETUPS_COUNTED = {total}\n"
            f"SETUP_RANK_COUNTS: tuple[tuple[int, ...], ...] = (\n{rows}\n)\n"
        )


@dataclass
class _Track:
    """One enemy piece followed through the public move list."""

    origin: int | None  # square it started on; None for a rescued piece
    moves: int = 0
    far: bool = False
    weights: list[float] = field(default_factory=lambda: [1.0] * len(RANKS))


@dataclass
class Beliefs:
    """The beliefs about the enemy's pieces in one view."""

    #: Per enemy square, the probability of each letter (known pieces: certainty).
    dists: dict[str, dict[str, float]]
    #: How many of each letter the enemy has left among its unknown pieces on the board.
    pool: dict[str, int]
    #: The enemy's whole army, counted from ours.
    army: dict[str, int]

    def most_likely(self, square: str) -> str:
        dist = self.dists[square]
        return max(dist, key=lambda letter: (dist[letter], -RANK_INDEX[letter]))


def army_counts(view: Mapping[str, Any]) -> dict[str, int]:
    """The army both players have, counted from the viewer's own pieces: on the board,
    plus captured, minus rescued (a rescued piece is on the board again)."""
    me = view["player"]
    counts: Counter[str] = Counter(
        piece["letter"] for piece in view["pieces"].values() if piece["owner"] == me
    )
    graveyard = view["graveyards"][me]
    counts.update(letter for letter in graveyard["captured"] if letter is not None)
    counts.subtract(letter for letter in graveyard["rescued"] if letter is not None)
    return {letter: max(0, counts.get(letter, 0)) for letter in RANKS}


def _distance(a: int, b: int) -> int:
    return abs(a % 10 - b % 10) + abs(a // 10 - b // 10)


@dataclass
class _Ours:
    """One of our pieces followed through the history since its rank was shown."""

    square: int


def _track_pieces(view: Mapping[str, Any], enemy: str) -> dict[int, _Track]:
    """Follow every enemy piece now on the board back through the public history.

    Also applies the approach and flight evidence: an enemy move that ends next to (or
    leaves from next to) one of our pieces whose rank the enemy knew then (shown by an
    earlier attack), alive now (so we know its rank)."""
    me = opponent(enemy)
    pieces = view["pieces"]
    silent = bool(view.get("options", {}).get("silent_defence"))
    tracks: dict[int, _Track] = {}
    ours: dict[int, _Ours] = {}  # our pieces whose rank the enemy has seen, by square
    events: list[tuple[_Track, _Ours, bool]] = []  # (enemy piece, our piece, approach)
    history = view.get("history", [])
    # An enemy piece that never moved stood where it is now all game.
    still = {
        SQUARE_INDEX[name]: _Track(origin=SQUARE_INDEX[name])
        for name, piece in pieces.items()
        if piece["owner"] == enemy and not piece["moved"]
    }
    marshal_paths = [
        _path_back(history, me, SQUARE_INDEX[name])
        for name, piece in pieces.items()
        if piece["owner"] == me and piece["letter"] == "X"
    ]
    our_flag = next(
        (
            SQUARE_INDEX[name]
            for name, piece in pieces.items()
            if piece["owner"] == me and piece["letter"] == "F"
        ),
        -1,
    )
    spared: dict[int, _Track] = {}  # pieces that stood by our seen Marshal and let it be
    for index, entry in enumerate(history):
        if "from" not in entry:
            if "rescue" in entry and entry["player"] == enemy:
                tracks[SQUARE_INDEX[entry["rescue"]]] = _Track(origin=None)
            continue
        src, dst = SQUARE_INDEX[entry["from"]], SQUARE_INDEX[entry["to"]]
        attack = entry.get("attack")
        outcome = entry.get("outcome")
        if entry["player"] == enemy:
            for path in marshal_paths:
                marshal = path[index]
                if marshal < 0 or marshal not in ours:
                    continue  # not on the board yet, or the enemy has not seen it
                for square in NEIGHBOURS[marshal]:
                    neighbour = tracks.get(square) or still.get(square)
                    if neighbour is not None and not (square == src and dst == marshal):
                        spared[id(neighbour)] = neighbour
            track = tracks.pop(src, None) or _Track(origin=src)
            track.moves += 1
            if _distance(src, dst) > 1:
                track.far = True
            if not attack:
                tracks[dst] = track
                if our_flag >= 0:
                    to_flag = _distance(dst, our_flag)
                    if to_flag < _distance(src, our_flag) and to_flag <= FLAG_WALK_REACH:
                        track.weights[_MINER] *= FLAG_WALK_MINER
                before = set(NEIGHBOURS[src])
                after = set(NEIGHBOURS[dst])
                for square, seen in ours.items():
                    if square in after and square not in before:
                        events.append((track, seen, True))
                    elif square in before and square not in after:
                        events.append((track, seen, False))
                continue
            if outcome == "attacker_won":
                tracks[dst] = track
                ours.pop(dst, None)
            elif outcome == "defender_won" and not silent:
                ours[dst] = ours.get(dst) or _Ours(dst)
            else:
                ours.pop(dst, None)
            continue
        mover = ours.pop(src, None)
        if not attack:
            if mover is not None:
                mover.square = dst
                ours[dst] = mover
            continue
        if outcome == "attacker_won":
            tracks.pop(dst, None)
            mover = mover or _Ours(dst)
            mover.square = dst
            ours[dst] = mover
        elif outcome == "both_removed":
            tracks.pop(dst, None)
    for track, piece, approach in events:
        name = _square_name(piece.square)
        now = pieces.get(name)
        if ours.get(piece.square) is not piece or now is None or now["owner"] != me:
            continue  # our piece has died since: its rank is not in the view
        _apply_behaviour(track.weights, RANK_INDEX[now["letter"]], approach)
    # A Spy next to a Marshal it knows takes it: one that did not is no Spy.
    for track in spared.values():
        track.weights[_SPY] *= SPARED_MARSHAL_SPY
    for name, piece_view in pieces.items():
        square = SQUARE_INDEX[name]
        if piece_view["owner"] == enemy and square not in tracks:
            tracks[square] = still.get(square) or _Track(origin=square)
    return tracks


def _path_back(history: list[Mapping[str, Any]], player: str, square: int) -> list[int]:
    """Where ``player``'s piece now on ``square`` stood before each entry of ``history``
    (-1 before it was rescued), traced back: a move of that player's that ended on its
    square was its own."""
    path = [0] * len(history)
    for index in range(len(history) - 1, -1, -1):
        entry = history[index]
        if entry["player"] == player and square >= 0:
            if "from" in entry and SQUARE_INDEX[entry["to"]] == square:
                square = SQUARE_INDEX[entry["from"]]
            elif "rescue" in entry and SQUARE_INDEX[entry["rescue"]] == square:
                square = -1
        path[index] = square
    return path


def _apply_behaviour(weights: list[float], ours: int, approach: bool) -> None:
    """Update ``weights`` for an enemy piece that approached (or fled) our piece ``ours``."""
    strength = _STRENGTH[ours]
    for index, letter in enumerate(RANKS):
        if letter in ("B", "F"):
            continue
        if approach:
            if ours == _MARSHAL and index == _SPY:
                weights[index] *= APPROACH_SPY
            elif ours == _BOMB:
                continue  # walking up to a Bomb says only "Miner?", too weak to use
            elif _STRENGTH[index] > strength:
                weights[index] *= APPROACH_STRONGER
            elif _STRENGTH[index] < strength:
                weights[index] *= APPROACH_WEAKER
        elif ours not in (_BOMB, _FLAG):
            if _STRENGTH[index] < strength:
                weights[index] *= FLEE_WEAKER
            elif _STRENGTH[index] > strength:
                weights[index] *= FLEE_STRONGER


@functools.cache
def _square_name(square: int) -> str:
    return "abcdefghij"[square % 10] + str(square // 10 + 1)


def enemy_beliefs(view: Mapping[str, Any]) -> dict[str, dict[str, float]]:
    """Per enemy square, the probability of each rank letter (see :func:`beliefs`)."""
    return beliefs(view).dists


def beliefs(view: Mapping[str, Any]) -> Beliefs:
    """The viewer's beliefs about every enemy piece on the board, from ``view`` only."""
    me: str = view["player"]
    enemy = opponent(me)
    army = army_counts(view)
    pool = dict(army)
    dead = view["graveyards"][enemy]
    for letter in dead["captured"]:
        if letter is not None and pool.get(letter, 0) > 0:
            pool[letter] -= 1
    unknown: list[str] = []
    dists: dict[str, dict[str, float]] = {}
    for name, piece in view["pieces"].items():
        if piece["owner"] != enemy:
            continue
        if piece["letter"] is not None:
            dists[name] = {piece["letter"]: 1.0}
            if pool.get(piece["letter"], 0) > 0:
                pool[piece["letter"]] -= 1
        else:
            unknown.append(name)
    if not unknown:
        return Beliefs(dists, pool, army)

    tracks = _track_pieces(view, enemy)
    priors = square_priors()
    setup_position = {square: index for index, square in enumerate(setup_squares(enemy))}
    pool_total = sum(pool.values()) or 1
    flat = [pool[r] / pool_total for r in RANKS]
    rows: list[list[float]] = []
    for name in unknown:
        square = SQUARE_INDEX[name]
        track = tracks.get(square) or _Track(origin=square)
        position = setup_position.get(track.origin) if track.origin is not None else None
        base = priors[position] if position is not None else flat
        row = [base[i] * track.weights[i] if pool[r] > 0 else 0.0 for i, r in enumerate(RANKS)]
        if view["pieces"][name]["moved"] or track.origin is None:
            row[_BOMB] = 0.0  # Bombs never move, and are never rescued
            if view["pieces"][name]["moved"]:
                row[_FLAG] = 0.0
        if track.far and pool["2"] > 0:
            row = [value if index == _SCOUT else 0.0 for index, value in enumerate(row)]
        if math.fsum(row) <= 0:
            row = [flat[i] if i not in (_BOMB, _FLAG) else 0.0 for i in range(len(RANKS))]
            if math.fsum(row) <= 0:
                row = list(flat)
        rows.append(row)
    _fit(rows, [float(pool[r]) for r in RANKS])
    for name, row in zip(unknown, rows, strict=True):
        dists[name] = {r: p for r, p in zip(RANKS, row, strict=True) if p > 1e-9}
    return Beliefs(dists, pool, army)


def _fit(rows: list[list[float]], targets: list[float]) -> None:
    """Scale ``rows`` in place so each row sums to 1 and no column exceeds its target (the
    Flag's reaches it), as far as the zeros allow, keeping every zero a zero."""
    # Each rank's count is a ceiling (unknown captures, as with silent defence, leave
    # more in the pool than there are pieces; with none, the ceilings add up to the
    # pieces and are all reached), except the Flag's: alive while the game goes on.
    wanted = targets
    columns = range(len(targets))
    for _ in range(FIT_ROUNDS):
        for index, row in enumerate(rows):
            s = math.fsum(row)
            if s > 0:
                rows[index] = row = [value / s for value in row]
        sums = [math.fsum(column) for column in zip(*rows, strict=True)]
        factors = [
            (wanted[c] / sums[c] if c == _FLAG or sums[c] > wanted[c] else 1.0)
            if sums[c] > 0
            else 0.0
            for c in columns
        ]
        if all(abs(f - 1.0) < 1e-4 for f, total in zip(factors, sums, strict=True) if total):
            break
        for index, row in enumerate(rows):
            scaled = [value * f for value, f in zip(row, factors, strict=True)]
            # Inconsistent evidence (nothing left for this piece): the counts alone.
            rows[index] = scaled if math.fsum(scaled) > 0 else [float(w) for w in wanted]
    for index, row in enumerate(rows):
        s = math.fsum(row)
        if s > 0:
            rows[index] = [value / s for value in row]
    flags = [row for row in rows if row[_FLAG] > 0]
    if len(flags) == 1 and targets[_FLAG] >= 1:
        flags[0][:] = [float(c == _FLAG) for c in columns]  # it can only be this one


if __name__ == "__main__":
    import os

    write_priors(os.path.join(os.path.dirname(os.path.abspath(__file__)), "ai_priors.py"))
