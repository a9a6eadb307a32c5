"""Computer players for Stratego, deciding only from a player's view.

The players never see the game: they get ``game.view(player)`` (what that player may
know) and ``game.legal_moves()`` (the same for both players' knowledge: it depends only
on the mover's pieces and the board's occupancy), so hidden ranks cannot leak.

>>> import random
>>> from engine import stratego
>>> from engine.stratego import ai
>>> game = stratego.new_game(stratego.random_setup(1), stratego.random_setup(2))
>>> move = ai.choose_move(game.view("red"), game.legal_moves(), "hard", random.Random(3))
>>> move in game.legal_moves()
True

Levels (``LEVELS``):

* ``"random"`` — a uniformly random legal move.
* ``"easy"`` — one look ahead with what is known: captures known-weaker pieces, never
  attacks a known-stronger one, keeps the Marshal and General off unknown unmoved pieces
  (possible Bombs), prefers forward moves.
* ``"hard"`` — tracks what every enemy piece can still be (counts left after the
  graveyards, revealed ranks, moved pieces are neither Bomb nor Flag, a piece that moved
  more than one square is a Scout) and scores every move by its expected material outcome
  over those possibilities, plus the expected loss from the enemy's best reply, the
  approach toward pieces it expects to beat, Miners toward likely Bombs, Scout probes, the
  Marshal kept from possible Spies and enemy pieces near its own Flag.
* ``"expert"`` — believes each unknown enemy piece is each rank with a probability
  (where it started, what it did, what is left: ``ai_beliefs``) and searches the
  position as believed, attacks on unknown pieces as chance nodes, under a node budget
  (``ai_expert``, about a second in the browser). ``start_thinking`` runs it in slices.

A draw offer is answered by :func:`accepts_draw`, from the same view: a computer that is
behind in material takes the draw.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..levels import checked_level
from . import ai_expert
from .board import LAKE_NAMES, SQUARE_NAMES
from .fill import fill_setup
from .game import battle
from .pieces import ARMIES, CLASSIC, EMPTY_SQUARE, SETUP_SQUARES, opponent
from .setup import get_army, human_setups

LEVELS = ("random", "easy", "hard", "expert")

#: The levels the app offers in its seat choice: all of them. The expert thinks for
#: about a second, which the page runs in slices (``start_thinking``) so it never freezes.
SEAT_LEVELS = LEVELS

#: Material value of each piece kind (the Flag is the game).
VALUES: dict[str, float] = {
    "F": 10000.0,
    "X": 400.0,
    "9": 200.0,
    "8": 100.0,
    "7": 60.0,
    "6": 35.0,
    "5": 25.0,
    "4": 20.0,
    "3": 35.0,
    "2": 12.0,
    "S": 90.0,
    "B": 15.0,
}
MOVABLE = ("X", "9", "8", "7", "6", "5", "4", "3", "2", "S")
ALL_LETTERS = (*MOVABLE, "B", "F")

_FILES = "abcdefghij"
_LAKES = frozenset(LAKE_NAMES)


def _coords(square: str) -> tuple[int, int]:
    return _FILES.index(square[0]), int(square[1:]) - 1


def _name(file: int, rank: int) -> str:
    return f"{_FILES[file]}{rank + 1}"


def _neighbours_table() -> dict[str, tuple[str, ...]]:
    table: dict[str, tuple[str, ...]] = {}
    for square in SQUARE_NAMES:
        f, r = _coords(square)
        out = []
        for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nf, nr = f + df, r + dr
            if 0 <= nf < 10 and 0 <= nr < 10:
                n = _name(nf, nr)
                if n not in _LAKES:
                    out.append(n)
        table[square] = tuple(out)
    return table


_NEIGHBOURS = _neighbours_table()


_SETUPS: list[tuple[str, ...]] = []


def _computer_setups() -> tuple[str, ...]:
    """The human setups with the Flag on the back rank (a few put it in front)."""
    if not _SETUPS:
        _SETUPS.append(tuple(s for s in human_setups() if "F" in s[:10]))
    return _SETUPS[0]


def choose_setup(rng: random.Random, army: str = CLASSIC) -> str:
    """A setup of ``army`` for the computer. Classic: one people played
    (``human_setups()``) with the Flag on the back rank, maybe mirrored. A small army
    (which people's setups do not cover): placed as a person would (``fill_setup``),
    the Flag on the back rank behind its Bomb or alone among empty squares, most pieces
    behind the front rank."""
    if get_army(army).name != CLASSIC:
        return fill_setup(EMPTY_SQUARE * SETUP_SQUARES, army, seed=rng.getrandbits(32))
    setups = _computer_setups()
    setup = setups[rng.randrange(len(setups))]
    if rng.random() < 0.5:
        setup = "".join(setup[r * 10 : r * 10 + 10][::-1] for r in range(4))
    return setup


def choose_move(
    view: Mapping[str, Any], legal_moves: Sequence[str], level: str, rng: random.Random
) -> str:
    """The move the computer plays at ``level``, from ``view`` and ``legal_moves`` only.

    Deterministic given the state of ``rng``. Raises ``ValueError`` for an unknown level
    or when there is no legal move.
    """
    checked_level(level, LEVELS)
    moves = sorted(legal_moves)
    if not moves:
        raise ValueError("no legal move")
    if level == "random":
        return rng.choice(moves)
    if view.get("phase") == "rescue" or not all("-" in m for m in moves):
        return _choose_rescue(moves)
    if level == "expert":
        return ai_expert.Thinking(view, moves, rng).run()
    beliefs = Beliefs(view)
    scorer = _hard_score if level == "hard" else _easy_score
    best: list[str] = []
    best_score = float("-inf")
    for move in moves:
        score = scorer(beliefs, move)
        if score > best_score + 1e-9:
            best, best_score = [move], score
        elif score > best_score - 1e-9:
            best.append(move)
    return rng.choice(best)


class Decision:
    """A level's decision in progress: ``step(max_nodes)`` until True, then ``move``.

    Only the expert takes more than one step; the other levels decide in the first."""

    def __init__(
        self, view: Mapping[str, Any], legal_moves: Sequence[str], level: str, rng: random.Random
    ) -> None:
        self.move: str | None = None
        self._thinking: ai_expert.Thinking | None = None
        self._decide: tuple[Mapping[str, Any], Sequence[str], str, random.Random] | None = None
        moves = sorted(legal_moves)
        board_moves = moves and all("-" in m for m in moves) and view.get("phase") != "rescue"
        if level == "expert" and board_moves:
            self._thinking = ai_expert.Thinking(view, moves, rng)
            return
        self._decide = (view, legal_moves, level, rng)
        checked_level(level, LEVELS)
        if not moves:
            raise ValueError("no legal move")

    def step(
        self, max_nodes: int = ai_expert.SLICE_NODES, max_seconds: float | None = None
    ) -> bool:
        """Think a little more (``max_nodes`` search nodes, or ``max_seconds``, whichever
        comes first; see ``ai_expert.Thinking.step``); True once decided."""
        if self.move is not None:
            return True
        if self._thinking is not None:
            if not self._thinking.step(max_nodes, max_seconds):
                return False
            self.move = self._thinking.move
        else:
            assert self._decide is not None
            self.move = choose_move(*self._decide)
        return True


def start_thinking(
    view: Mapping[str, Any], legal_moves: Sequence[str], level: str, rng: random.Random
) -> Decision:
    """The decision ``choose_move`` makes, to be run in slices so a page stays responsive:

    >>> import random
    >>> from engine import stratego
    >>> game = stratego.new_game(stratego.random_setup(1), stratego.random_setup(2))
    >>> view, legal = game.view("red"), game.legal_moves()
    >>> decision = start_thinking(view, legal, "expert", random.Random(3))
    >>> while not decision.step(200):
    ...     pass  # a browser would yield to the page here (setTimeout)
    >>> decision.move == choose_move(view, legal, "expert", random.Random(3))
    True

    Same view, moves, level and rng state: the same move as ``choose_move``, however it is
    sliced. Raises ``ValueError`` like ``choose_move``."""
    return Decision(view, legal_moves, level, rng)


#: A computer accepts a draw when its material is below this share of the enemy's
#: (estimated) material: the hard player expects to outplay a small deficit, so it waits
#: for a clearer one; the others accept as soon as they are behind.
DRAW_SHARE: dict[str, float] = {"random": 1.0, "easy": 1.0, "hard": 0.9, "expert": 0.9}


def material(view: Mapping[str, Any]) -> tuple[float, float]:
    """(own, enemy) material on the board as the view's player sees it.

    Own pieces count at their value, known enemy pieces too; the unknown enemy pieces
    count at the average value of what they can still be (the enemy's army minus what is
    known to be captured or on the board). The Flags are left out: each side has one.

    >>> from engine import stratego
    >>> game = stratego.new_game(stratego.random_setup(1), stratego.random_setup(2))
    >>> material(game.view("red"))
    (1751.0, 1751.0)
    """
    beliefs = Beliefs(view)
    own = math.fsum(VALUES[letter] for letter in beliefs.mine.values() if letter != "F")
    enemy = math.fsum(
        VALUES[letter] for letter in beliefs.theirs.values() if letter not in (None, "F")
    )
    unknown = sum(1 for letter in beliefs.theirs.values() if letter is None)
    if "F" not in beliefs.theirs.values():
        unknown -= 1  # one of the unknown pieces is the Flag
    left = [letter for letter, count in beliefs.pool.items() if letter != "F" for _ in range(count)]
    if unknown > 0 and left:
        enemy += unknown * math.fsum(VALUES[letter] for letter in left) / len(left)
    return own, enemy


def accepts_draw(view: Mapping[str, Any], level: str) -> bool:
    """Whether the computer at ``level`` accepts a draw offered to it, from its view only.

    It accepts when it is behind in material (``material``): below ``DRAW_SHARE[level]``
    of the enemy's. Raises ``ValueError`` for an unknown level.
    """
    checked_level(level, LEVELS)
    own, enemy = material(view)
    return own < DRAW_SHARE[level] * enemy


class Player:
    """A computer seat: ``Player("hard", seed).choose(view, legal_moves)``."""

    def __init__(self, level: str = "hard", seed: int | None = None) -> None:
        self.level = checked_level(level, LEVELS)
        self.rng = random.Random(seed)

    def setup(self, army: str = CLASSIC) -> str:
        if self.level == "expert" and army == CLASSIC:
            return ai_expert.choose_setup(self.rng)
        return choose_setup(self.rng, army)

    def choose(self, view: Mapping[str, Any], legal_moves: Sequence[str]) -> str:
        return choose_move(view, legal_moves, self.level, self.rng)


def _choose_rescue(moves: list[str]) -> str:
    """Bring back the most valuable piece, on the most central own setup square."""
    rescues = [m for m in moves if m.startswith("rescue ")]
    if not rescues:
        return moves[0]

    def key(move: str) -> tuple[float, float, str]:
        _, letter, square = move.split()
        f, r = _coords(square)
        return (-VALUES.get(letter, 0.0), abs(f - 4.5) + min(r, 9 - r) * 0.1, move)

    return min(rescues, key=key)


class Beliefs:
    """What one player may know about the board, from their view only."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.me: str = view["player"]
        self.enemy = opponent(self.me)
        self.forward = 1 if self.me == "red" else -1
        self.attackers_advantage = bool(view.get("options", {}).get("attackers_advantage"))
        self.mine: dict[str, str] = {}
        self.mine_known: dict[str, bool] = {}
        self.theirs: dict[str, str | None] = {}
        self.theirs_moved: dict[str, bool] = {}
        for square, piece in view["pieces"].items():
            if piece["owner"] == self.me:
                self.mine[square] = piece["letter"]
                self.mine_known[square] = bool(piece["known"])
            else:
                self.theirs[square] = piece["letter"]
                self.theirs_moved[square] = bool(piece["moved"])
        self.scouts = _scouts_seen(view, self.enemy, set(self.theirs))
        # Enemy pieces left unknown: the army's counts minus the known captured and the
        # known on board.
        army = ARMIES[view.get("options", {}).get("army", CLASSIC)].counts
        pool = dict(army)
        lost = view["graveyards"][self.enemy]
        for letter in lost["captured"]:
            if letter is not None and pool.get(letter, 0) > 0:
                pool[letter] -= 1
        for letter in self.theirs.values():
            if letter is not None and pool.get(letter, 0) > 0:
                pool[letter] -= 1
        # Silent defences: unknown captured pieces (reduce the pool proportionally later).
        self.pool = pool
        my_lost = view["graveyards"][self.me]["captured"]
        self.my_counts = dict(army)
        for letter in my_lost:
            if letter is not None and self.my_counts.get(letter, 0) > 0:
                self.my_counts[letter] -= 1
        self.enemy_marshal_alive = pool.get("X", 0) > 0 or "X" in self.theirs.values()
        self.enemy_spy_alive = pool.get("S", 0) > 0 or "S" in self.theirs.values()
        self.enemy_miners = pool.get("3", 0) + sum(1 for v in self.theirs.values() if v == "3")
        self._dists: dict[str, dict[str, float]] = {}
        self.targets: dict[str, list[tuple[str, float]]] = {}
        self._paths: dict[str, dict[str, int]] = {}
        self._compute_distributions()
        self.my_flag = next((s for s, v in self.mine.items() if v == "F"), None)

    def _compute_distributions(self) -> None:
        unknown_unmoved = [
            s for s, v in self.theirs.items() if v is None and not self.theirs_moved[s]
        ]
        unknown_moved = [s for s, v in self.theirs.items() if v is None and self.theirs_moved[s]]
        pool = self.pool
        scouts_left = pool["2"]
        scouts_named = sum(1 for s in self.scouts if s in unknown_moved or s in unknown_unmoved)
        immovable = pool["B"] + pool["F"]
        n_unmoved = max(1, len(unknown_unmoved))
        share_immovable = min(1.0, immovable / n_unmoved)
        for square in unknown_moved + unknown_unmoved:
            if square in self.scouts and scouts_left > 0:
                self.dists[square] = {"2": 1.0}
                continue
            weights: dict[str, float] = {}
            scout_w = float(max(0, scouts_left - scouts_named))
            for k in MOVABLE:
                weights[k] = float(pool[k]) if k != "2" else scout_w
            base_movable = math.fsum(weights.values())
            if base_movable <= 0:
                weights = {k: float(pool[k]) for k in MOVABLE}
                base_movable = math.fsum(weights.values()) or 1.0
            dist: dict[str, float] = {}
            if self.theirs_moved[square]:
                for k, w in weights.items():
                    if w > 0:
                        dist[k] = w / base_movable
            else:
                r = _coords(square)[1]
                own_rank = r if self.enemy == "red" else 9 - r
                for k in ("B", "F"):
                    if pool[k] > 0:
                        dist[k] = share_immovable * pool[k] / max(1, immovable)
                rest = 1.0 - share_immovable
                for k, w in weights.items():
                    if w > 0 and rest > 0:
                        dist[k] = rest * w / base_movable
                # The Flag sits on the back ranks far more often.
                if "F" in dist:
                    dist["F"] *= (2.0, 1.0, 0.35, 0.15)[min(own_rank, 3)]
                total = math.fsum(dist.values())
                if total <= 0:
                    dist = {"B": 1.0}
                    total = 1.0
                dist = {k: v / total for k, v in dist.items()}
            if not dist:
                dist = {"2": 1.0}
            self.dists[square] = dist

    @property
    def dists(self) -> dict[str, dict[str, float]]:
        return self._dists

    def exposure(self, vacated: str, occupied: str, captured: str = "") -> float:
        """Chance that an enemy piece can reach our Flag next move, after our piece
        left ``vacated`` for ``occupied`` (capturing the enemy on ``captured``)."""
        flag = self.my_flag
        if flag is None:
            return 0.0
        worst = 0.0
        f0, r0 = _coords(flag)
        for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            f, r = f0 + df, r0 + dr
            steps = 1
            while 0 <= f < 10 and 0 <= r < 10:
                square = _name(f, r)
                if square in _LAKES:
                    break
                if square in self.theirs and square != captured:
                    dist = self.dist(square)
                    if steps == 1:
                        p = 1.0 - dist.get("B", 0.0) - dist.get("F", 0.0)
                    else:
                        p = dist.get("2", 0.0)
                    worst = max(worst, p)
                    break
                own = square in self.mine and square != vacated
                if own or square == occupied:
                    break
                f, r = f + df, r + dr
                steps += 1
        return worst

    def path_length(self, target: str, square: str) -> float:
        """Moves from ``square`` to the enemy piece on ``target``, around the lakes, other
        enemy pieces and our Bombs and Flag (our other pieces can make way)."""
        lengths = self._paths.get(target)
        if lengths is None:
            lengths = {target: 0}
            frontier = [target]
            while frontier:
                following = []
                for here in frontier:
                    step = lengths[here] + 1
                    for n in _NEIGHBOURS[here]:
                        if n in lengths or n in self.theirs:
                            continue
                        if self.mine.get(n) in ("B", "F"):
                            continue
                        lengths[n] = step
                        following.append(n)
                frontier = following
            self._paths[target] = lengths
        return float(lengths.get(square, 40))

    def dist(self, square: str) -> dict[str, float]:
        """The probability of each letter for the enemy piece on ``square``."""
        letter = self.theirs[square]
        if letter is not None:
            return {letter: 1.0}
        return self._dists.get(square, {"2": 1.0})

    def outcome(self, attacker: str, defender: str) -> str:
        return battle(attacker, defender, self.attackers_advantage)


def _scouts_seen(view: Mapping[str, Any], enemy: str, enemy_squares: set[str]) -> set[str]:
    """Squares of enemy pieces now on the board that once moved more than one square."""
    # Follow the public history piece by piece (by square) to where each piece is now.
    scout_at: set[str] = set()
    for entry in view.get("history", []):
        if "from" not in entry:
            continue
        src, dst = entry["from"], entry["to"]
        moved_far = _distance(src, dst) > 1
        was_scout = src in scout_at
        scout_at.discard(src)
        if entry.get("attack"):
            outcome = entry.get("outcome")
            scout_at.discard(dst)
            if outcome == "attacker_won" and entry["player"] == enemy and (moved_far or was_scout):
                scout_at.add(dst)
        elif entry["player"] == enemy and (moved_far or was_scout):
            scout_at.add(dst)
        elif entry["player"] != enemy:
            scout_at.discard(dst)
    return scout_at & enemy_squares


def _distance(a: str, b: str) -> int:
    fa, ra = _coords(a)
    fb, rb = _coords(b)
    return abs(fa - fb) + abs(ra - rb)


def _expected(beliefs: Beliefs, letter: str, target: str) -> tuple[float, float, float]:
    """(expected material gain, probability of winning, probability of losing) of
    ``letter`` attacking the enemy piece on ``target``."""
    gain = 0.0
    p_win = 0.0
    p_lose = 0.0
    mine = VALUES[letter]
    for enemy_letter, p in beliefs.dist(target).items():
        result = beliefs.outcome(letter, enemy_letter)
        value = _enemy_value(beliefs, enemy_letter)
        if result == "attacker_won":
            gain += p * value
            p_win += p
        elif result == "defender_won":
            gain -= p * mine
            p_lose += p
        else:
            gain += p * (value - mine)
    return gain, p_win, p_lose


def _enemy_value(beliefs: Beliefs, letter: str) -> float:
    value = VALUES[letter]
    if letter == "S" and not _my_marshal_alive(beliefs):
        value = 10.0
    if letter == "B":
        value = 8.0
    return value


def _my_marshal_alive(beliefs: Beliefs) -> bool:
    return "X" in beliefs.mine.values()


def _my_value(beliefs: Beliefs, letter: str) -> float:
    value = VALUES[letter]
    if letter == "S" and not beliefs.enemy_marshal_alive:
        value = 10.0
    if letter == "3" and sum(1 for v in beliefs.mine.values() if v == "3") <= 2:
        value = 60.0
    return value


def _easy_score(beliefs: Beliefs, move: str) -> float:
    src, dst = move.split("-")
    letter = beliefs.mine[src]
    df = _coords(dst)[1] - _coords(src)[1]
    score = 2.0 * df * beliefs.forward
    if dst in beliefs.theirs:
        known = beliefs.theirs[dst]
        if known is not None:
            result = beliefs.outcome(letter, known)
            if result == "attacker_won":
                score += 100.0 + VALUES[known] / 10
            elif result == "defender_won":
                score -= 200.0
            else:
                score += 5.0 if VALUES[known] >= VALUES[letter] else -50.0
        else:
            moved = beliefs.theirs_moved[dst]
            if letter in ("X", "9") and not moved:
                score -= 150.0
            elif letter in ("2", "4", "5", "3"):
                score += 20.0
            elif letter in ("X", "9", "8"):
                score += 10.0 if moved else -40.0
            else:
                score += 5.0
    return score


def _threat(beliefs: Beliefs, letter: str, square: str, known: bool, exclude: str) -> float:
    """Expected loss if enemy pieces next to ``square`` attack our ``letter`` there."""
    worst = 0.0
    mine = _my_value(beliefs, letter)
    for n in _NEIGHBOURS[square]:
        if n not in beliefs.theirs or n == exclude:
            continue
        loss = 0.0
        for enemy_letter, p in beliefs.dist(n).items():
            if enemy_letter in ("B", "F"):
                continue
            result = battle(enemy_letter, letter, beliefs.attackers_advantage)
            if result == "attacker_won":
                loss += p * mine
            elif result == "defender_won":
                loss -= p * _enemy_value(beliefs, enemy_letter) * 0.5
            else:
                loss += p * (mine - _enemy_value(beliefs, enemy_letter))
        if not known:
            loss *= 0.45  # the enemy does not know what it would attack
        worst = max(worst, loss)
    return worst


def _hard_score(beliefs: Beliefs, move: str) -> float:
    src, dst = move.split("-")
    letter = beliefs.mine[src]
    known = beliefs.mine_known[src]
    score = 0.0
    before = _threat(beliefs, letter, src, known, "")
    survives = 1.0
    exposed = beliefs.exposure(src, src)
    if dst in beliefs.theirs:
        gain, p_win, p_lose = _expected(beliefs, letter, dst)
        p_tie = max(0.0, 1.0 - p_win - p_lose)
        after_exposure = (
            p_win * beliefs.exposure(src, dst, dst)
            + p_tie * beliefs.exposure(src, "", dst)
            + p_lose * beliefs.exposure(src, "")
        )
        score += 3000.0 * (exposed - after_exposure)
        dist = beliefs.dist(dst)
        if dist.get("F", 0.0) > 0 and p_win > 0:
            # Officers leave the probing for the Flag to cheaper pieces.
            bonus = 2600.0 if VALUES[letter] < 100 else 700.0
            gain += dist["F"] * (bonus - VALUES["F"])
        score += gain
        # What an attack teaches is worth something: probe with cheap pieces.
        if beliefs.theirs[dst] is None and letter in ("2", "4", "5"):
            score += 6.0
        if letter == "3":
            score += 30.0 * dist.get("B", 0.0)
        elif beliefs.theirs[dst] is None and not beliefs.theirs_moved[dst]:
            # Unmoved unknown pieces hide the Bombs: do not risk officers on them.
            score -= dist.get("B", 0.0) * _my_value(beliefs, letter)
        survives = p_win
        known = True
        if survives > 0:
            after = _threat(beliefs, letter, dst, known, dst)
            score -= survives * after
        score += before
        # Enemy pieces near our Flag are worth more to remove.
        if beliefs.my_flag is not None and _distance(dst, beliefs.my_flag) <= 3:
            score += 15.0 * p_win
        return score
    after = _threat(beliefs, letter, dst, known, "")
    score += before - after
    score += 3000.0 * (exposed - beliefs.exposure(src, dst))
    # Approach targets: enemy pieces this piece expects to beat.
    score += 4.0 * (_target_distance(beliefs, letter, src) - _target_distance(beliefs, letter, dst))
    r = _coords(dst)[1]
    rs = _coords(src)[1]
    score += 0.6 * (r - rs) * beliefs.forward if letter not in ("X", "S") else 0.0
    # The Spy waits near home for the Marshal; the Marshal's threat term already counts
    # the chance that an unknown neighbour is the Spy.
    if letter == "S" and beliefs.enemy_marshal_alive:
        score -= 2.0
    score += _flag_guard(beliefs, src, dst)
    # Stay near our Flag when enemies approach it.
    if beliefs.my_flag is not None and letter in ("7", "8", "6"):
        near = [s for s in beliefs.theirs if _distance(s, beliefs.my_flag) <= 3]
        if near:
            score += 3.0 * (
                min(_distance(src, s) for s in near) - min(_distance(dst, s) for s in near)
            )
    return score


def _targets(beliefs: Beliefs, letter: str) -> list[tuple[str, float]]:
    cached = beliefs.targets.get(letter)
    if cached is not None:
        return cached
    out = []
    for target in beliefs.theirs:
        gain, _, _ = _expected(beliefs, letter, target)
        if letter == "3":
            gain += 40.0 * beliefs.dist(target).get("B", 0.0)
        if letter == "2" and beliefs.theirs[target] is None:
            gain += 8.0
        if gain > 0:
            out.append((target, min(gain, 300.0) / 100.0))
    beliefs.targets[letter] = out
    return out


def _target_distance(beliefs: Beliefs, letter: str, square: str) -> float:
    """Distance to the nearest good target (nearer for better targets)."""
    best = 30.0
    for target, bonus in _targets(beliefs, letter):
        d = beliefs.path_length(target, square) - bonus
        if d < best:
            best = d
    return best


def _flag_guard(beliefs: Beliefs, src: str, dst: str) -> float:
    """Keep the squares next to our Flag covered, the more so with enemies about."""
    flag = beliefs.my_flag
    if flag is None:
        return 0.0
    around = _NEIGHBOURS[flag]
    danger = any(beliefs.theirs_moved[s] and _distance(s, flag) <= 4 for s in beliefs.theirs)
    weight = 60.0 if danger else 30.0
    score = 0.0
    if src in around:
        score -= weight
    if dst in around:
        score += weight
    return score
