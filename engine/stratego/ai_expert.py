"""The expert computer: a search over the board as the player believes it to be.

It decides from ``view`` and ``legal_moves`` only, like every level:

* **Beliefs** (``ai_beliefs``): a probability over ranks for every unknown enemy piece.
* **Search on beliefs** (expectimax inside alpha-beta, "*-minimax"): an attack on (or by)
  an unknown piece is a chance node over its outcomes — we win, we lose, both go, or the
  Flag falls — weighted by the beliefs; in each outcome the surviving unknown piece's
  beliefs are narrowed to the ranks that give that outcome (it beat our Colonel: it is
  the General or the Marshal). An unknown piece that moves stops being a possible Bomb
  or Flag; one that moves far is a Scout. Iterative deepening, a transposition table,
  move ordering (the table's move, attacks by expected gain, killer moves, history), and
  a quiescence search over attacks so no position is judged in the middle of a fight.
  Where it stops with the enemy to move, the enemy's best option counts: an unknown
  piece beside a seen piece of ours attacks if its rank wins, which it knows and the
  average over its possible ranks hides. Inside the search, an unknown piece that
  attacks our seen Marshal does so only as the Spy, for the same reason.
  The two-squares rule is part of the search, so a piece cornered against it is seen to
  be trapped. A move back into a position the game has often been in since the last
  attack costs a little, so a chase round the same squares ends instead of lasting
  until the game is drawn.
* **Evaluation** a player recognises: material whose values follow what is left (the
  Spy worth little once the enemy Marshal is gone; Miners worth more while Bombs remain
  and few Miners are left; a piece nothing can beat worth more), the value of keeping
  our high ranks hidden, enemy pieces near our Flag, pieces drawn towards the enemy
  pieces they expect to beat (twice as hard towards a seen one they beat, and towards
  likely Flags), few movable pieces left, and even trades a gain to the side ahead and
  a loss to the side behind (the lead counted against what is left on the board).
* **A node budget**, not a clock: the same view, moves and ``rng`` give the same move on
  any machine at any load (a reload repeats the decision). The search is resumable:
  :class:`Thinking` ``.step(max_nodes)`` runs a slice and returns whether it is done, so
  a page can think in short tasks; the slices never change the outcome. Totals of
  floats are ``math.fsum``'s, exactly rounded: the builtin ``sum`` rounds differently
  since Python 3.12, and the browser's 3.14 must choose what CPython 3.11 chooses.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Generator, Mapping, Sequence
from typing import Any

from ..slices import Sliced
from .ai_beliefs import RANK_INDEX, RANKS, beliefs
from .board import NEIGHBOURS, RAYS, SQUARE_INDEX, SQUARE_NAMES
from .game import battle
from .pieces import opponent
from .setup import human_setups, mirror_setup

#: Nodes (positions searched, quiescence included) per decision: about half a second
#: of CPU in Pyodide on the project's machine (0.2 s on CPython), so about a second on
#: a tablet about half as fast (docs/stratego-api.md, "The expert").
NODE_BUDGET = 10000
#: Nodes per slice that keep one browser task well under 50 ms.
SLICE_NODES = 150

_F, _S, _SCOUT, _MINER, _X, _B = 0, 1, 2, 3, 10, 11
_N = len(RANKS)
_MOBILITY = tuple(0 if r in ("F", "B") else (2 if r == "2" else 1) for r in RANKS)

WIN = 3000.0
#: Every evaluation lies within +-BOUND (the chance nodes' windows rely on it).
BOUND = 2 * WIN
_INF = 1e9
_MAX_DEPTH = 30
_QUIESCENCE_DEPTH = 2
_QUIESCENCE_WIDTH = 3
_FAR = 20  # steps beyond which a target does not draw a piece
_UNREACHABLE = 40  # steps to a square no path reaches: more than any real path

#: Base material values by rank letter (a Flag is the game: ``WIN``).
BASE_VALUES: dict[str, float] = {
    "F": 0.0,
    "S": 90.0,
    "2": 12.0,
    "3": 35.0,
    "4": 20.0,
    "5": 30.0,
    "6": 45.0,
    "7": 70.0,
    "8": 110.0,
    "9": 200.0,
    "X": 400.0,
    "B": 15.0,
}
#: Share of a piece's value for keeping its rank hidden from the enemy. A top piece the
#: enemy has not found is a trap for its raiders and keeps its Spy guessing; once seen,
#: the enemy's pieces walk round it and take what it cannot guard. So the General does
#: not show itself for less than a Major, nor the Marshal for less than a General, and
#: the discovering is left to lesser pieces.
HIDDEN_SHARE = {"X": 0.35, "9": 0.3, "8": 0.2, "7": 0.1, "S": 0.2}
#: How much a step nearer a piece it expects to beat is worth.
APPROACH = 3.0
#: How many times that a step nearer a piece whose rank we have seen and that it beats
#: is worth. A seen enemy Colonel or General raids our unseen pieces (it wins almost
#: every such attack) while ours that beat it stay where they are: the raids cost the
#: expert about 200 points a game against the outside program. A gain that is certain
#: calls our beaters from further away (docs/stratego-expert-experiments.md, "Hunting
#: the raiders").
HUNT = 2.0
#: Share of the enemy's best option on a seen piece of ours counted where the search
#: stops with the enemy to move: an unknown piece next to it attacks when its own rank
#: wins (the enemy knows it), which the average over its possible ranks hides.
THREAT = 1.0
#: Cost of going back into a position the game has already been in since the last
#: attack, per time it has been there beyond ``REPEAT_FREE``, up to ``REPEAT_CAP``
#: (about a Miner). Without it a chase round a block of four squares lasts until the
#: game's cap: the chased piece flees for ever (or our chaser follows for ever) because
#: nothing else is worth more than that piece. With it the chase is left for a new
#: route or a lesser piece given up, and the game goes on
#: (docs/stratego-expert-experiments.md, "Leaving the loops").
REPEAT_STEP = 10.0
REPEAT_CAP = 40.0
#: Returns to a position that cost nothing: a short shuffle is play, not a loop (with
#: none free, the cost changed ordinary manoeuvres too, and the expert lost far more).
REPEAT_FREE = 2
#: Penalty per enemy movable piece near our Flag, by path distance.
FLAG_DANGER = (0.0, 400.0, 140.0, 45.0)
#: Penalty per enemy piece near our Flag through our Bombs, times its chance of being a
#: Miner (a Miner opens a Bomb wall in one move).
MINER_DANGER = (0.0, 0.0, 400.0, 150.0, 50.0)
#: Penalty for an open line to our Flag from an enemy piece, times its chance of being a
#: Scout (the search itself moves only likely Scouts far).
FLAG_EXPOSED = 800.0
#: Attraction of a likely Flag, as material, for a piece that may go and take it.
FLAG_LURE = 600.0
#: Penalty per Bomb beside our Flag with no piece of ours beside it that takes a Miner
#: (a Miner or higher), while the enemy may have a Miner: the outside program's Miners
#: took a Bomb of the wall and the Flag on the next move in most Flags we lost
#: (docs/stratego-expert-experiments.md, "A guard for the Flag's wall").
WALL_UNGUARDED = 40.0
#: Penalty for an enemy piece this many steps from our Flag (through a Bomb of its
#: wall), times its chance of being a Miner, when none of our pieces that take a Miner
#: can stand beside the wall before it gets there. The outside program's Miners walk
#: six to eight moves straight at our Flag while our pieces are across the board; the
#: search sees three or four moves ahead, too late to bring a guard home
#: (docs/stratego-expert-experiments.md, "The race to the wall").
MINER_RACE = (0.0, 400.0, 300.0, 250.0, 200.0, 150.0, 100.0, 60.0)
#: How many steps late our nearest guard is when that penalty is whole: below it, each
#: step the guard comes home takes a share off, so the search has a reason to start.
RACE_SPAN = 3
#: How the search weighs the chances that a piece we attack is the Flag or a Bomb, against
#: the beliefs: the pieces it chooses to attack are those whose Flag chance the beliefs
#: overrate and whose Bomb chance they underrate (in saved games against the outside
#: program, at our attacks on pieces that never moved, 3 to 5 times fewer Flags and up to
#: twice as many Bombs as believed), and a Flag's chance times a win outweighed the
#: Marshal (docs/stratego-expert-experiments.md, "The chosen piece's odds").
ATTACKED_FLAG_ODDS = 0.3
ATTACKED_BOMB_ODDS = 1.5
#: How much the side ahead gains from each piece taken off the board in the search: its
#: lead is scaled by the root's material over what is left, as a ratio of the two sides'
#: material would be, not a difference. Ahead, even trades bring the win nearer; behind,
#: they bring nearer the game's end with no movable piece left, which is how the expert
#: loses most of its games against the outside program (docs/stratego-expert-experiments.md,
#: "Trading when ahead").
TRADE = 1.0
#: The least worth counted as left on the board in that ratio, which would otherwise grow
#: without bound as the last pieces are traded.
TRADE_LEFT_FLOOR = 100.0
#: Penalty for having only this many movable pieces left (losing them all loses).
FEW_MOVABLE = (WIN, 250.0, 120.0, 60.0, 25.0, 10.0)
#: An enemy unknown piece moves in the search only if it is more likely movable than
#: this; it moves like a Scout (far) only if it is at least this likely a Scout.
_MOVABLE_P = 0.25
_SCOUT_P = 0.5

_WON, _LOST, _TIED, _FLAG_TAKEN = 1, -1, 0, 2

# Zobrist keys from a fixed seed: the table never depends on the caller's rng.
_ZOBRIST_RNG = random.Random(20240613)
_ZOBRIST = [[_ZOBRIST_RNG.getrandbits(62) for _ in range(100)] for _ in range(100)]
_SIDE_KEY = _ZOBRIST_RNG.getrandbits(62)


Dist = tuple[float, ...]
Search = Generator[None, None, float]


class _OutOfNodes(Exception):
    """The node budget is spent: the search stops where it is."""


def _battle_table(attackers_advantage: bool) -> list[list[int]]:
    table = [[0] * _N for _ in range(_N)]
    code = {"attacker_won": _WON, "defender_won": _LOST, "both_removed": _TIED}
    for a, attacker in enumerate(RANKS):
        if _MOBILITY[a] == 0:
            continue
        for d, defender in enumerate(RANKS):
            table[a][d] = code[battle(attacker, defender, attackers_advantage)]
    return table


class Thinking(Sliced):
    """One decision in progress: ``step(max_nodes)`` until it returns True, then ``move``
    (``Sliced.step``; a slice also ends with each stage of the preparation).

    >>> import random
    >>> from engine import stratego
    >>> game = stratego.new_game(stratego.random_setup(1), stratego.random_setup(2))
    >>> thinking = Thinking(game.view("red"), game.legal_moves(), random.Random(1))
    >>> while not thinking.step(500):
    ...     pass
    >>> thinking.move in game.legal_moves(), thinking.nodes <= NODE_BUDGET + 1
    (True, True)
    """

    slice_nodes = SLICE_NODES

    def __init__(
        self,
        view: Mapping[str, Any],
        legal_moves: Sequence[str],
        rng: random.Random,
        node_budget: int | None = None,
    ) -> None:
        super().__init__()
        self.move: str | None = None
        self.depth = 0  # deepest iteration completed
        self.score = 0.0
        self._budget = NODE_BUDGET if node_budget is None else node_budget
        moves = sorted(legal_moves)
        if not moves:
            raise ValueError("no legal move")
        # The rng is drawn from here only, once, so a decision uses it the same way
        # however it is sliced.
        order = list(range(len(moves)))
        rng.shuffle(order)
        self._root_moves = [moves[i] for i in order]
        if len(moves) == 1:
            self.move = moves[0]
        else:
            self._work = self._think(view)

    def run(self) -> str:
        """Think to the end and return the move."""
        self._finish()
        assert self.move is not None
        return self.move

    # ----------------------------------------------------------------- set up

    def _setup(self, view: Mapping[str, Any]) -> Generator[None, None, None]:
        """Build the search's board from the view, a stage per slice."""
        # Beliefs as shared tuples, and their narrowings by rank mask, keyed by the
        # tuple's id (the first table keeps every one alive while this decision lasts).
        self._interned: dict[Dist, Dist] = {}
        self._conditioned: dict[tuple[int, int], Dist] = {}
        me = view["player"]
        options = view.get("options", {})
        self._battle = _battle_table(bool(options.get("attackers_advantage")))
        self._shuttle_limit = int(options.get("two_squares_limit", 2))
        self._classic_scouts = bool(options.get("classic_scouts"))
        believed = beliefs(view)
        yield
        board = [-1] * 100
        side_of: list[int] = []
        rank: list[int] = []
        dist: list[Dist | None] = []
        square: list[int] = []
        known: list[bool] = []
        moved: list[bool] = []
        for name in sorted(view["pieces"], key=SQUARE_INDEX.__getitem__):
            piece = view["pieces"][name]
            pid = len(side_of)
            sq = SQUARE_INDEX[name]
            board[sq] = pid
            mine = piece["owner"] == me
            side_of.append(0 if mine else 1)
            letter = piece["letter"]
            if letter is None:
                probs = believed.dists[name]
                rank.append(-1)
                dist.append(self._intern(tuple(probs.get(r, 0.0) for r in RANKS)))
            else:
                rank.append(RANK_INDEX[letter])
                dist.append(None)
            square.append(sq)
            known.append(bool(piece["known"]) or not mine)
            moved.append(bool(piece["moved"]))
        self._board = board
        self._side = side_of
        self._rank = rank
        self._dist = dist
        self._sq = square
        self._known = known
        self._moved = moved
        self._pieces = (
            [p for p in range(len(side_of)) if side_of[p] == 0],
            [p for p in range(len(side_of)) if side_of[p] == 1],
        )
        self._mobility = [self._mobility_of(p) for p in range(len(side_of))]
        self._movable = [sum(1 for p in self._pieces[s] if self._mobility[p]) for s in (0, 1)]
        self._expected: dict[int, float] = {}  # by id of an interned belief
        self._outcome_cache: dict[tuple[int, int, bool], list[tuple[float, int, Dist | None]]]
        self._outcome_cache = {}
        self._gain_cache: dict[tuple[int, int, int, bool, bool, bool], float] = {}
        self._option_cache: dict[tuple[int, int], float] = {}  # by (belief id, our rank)
        self._values(believed.pool)
        self._shuttle = [
            self._shuttle_ids(_shuttle_from_history(view, player)) for player in (me, opponent(me))
        ]
        self._hash = 0
        for p, sq in enumerate(square):
            self._hash ^= _ZOBRIST[p][sq]
        self._flag_zone: list[tuple[int, float]] = []
        self._miner_zone: list[tuple[int, float]] = []
        self._flag_rays: tuple[tuple[int, ...], ...] = ()
        self._wall_guards: list[tuple[int, ...]] = []
        self._guard_steps: list[int] = []
        self._miner_steps: list[int] = []
        flags = [p for p in self._pieces[0] if rank[p] == _F]
        if flags:
            flag_square = square[flags[0]]
            bombs = {square[p] for p in self._pieces[0] if rank[p] == _B}
            self._flag_zone = _zone(flag_square, bombs, FLAG_DANGER)
            self._miner_zone = _zone(flag_square, set(), MINER_DANGER) if bombs else []
            self._flag_rays = RAYS[flag_square]
            self._wall_guards = [
                tuple(n for n in NEIGHBOURS[wall] if n != flag_square)
                for wall in NEIGHBOURS[flag_square]
                if wall in bombs
            ]
            if self._wall_guards:
                no_walls = [False] * 100
                beside_walls = [sq for guards in self._wall_guards for sq in guards]
                self._guard_steps = _steps_to(beside_walls, no_walls)
                self._miner_steps = _steps_to([flag_square], no_walls)
        self._fields = yield from self._approach_fields()
        self._material = 0.0
        self._position = 0.0
        self._root_mass = 0.0
        self._removed = 0.0
        hidden_bonus = 0.0
        for p in range(len(side_of)):
            worth = self._worth(p)
            self._material += worth
            self._root_mass += abs(worth)
            if side_of[p] == 0 and not self._known[p]:
                hidden_bonus += self._hidden[rank[p]]
            if side_of[p] == 0 and self._mobility[p]:
                self._position -= APPROACH * self._fields[rank[p]][square[p]]
        self._hidden_bonus = hidden_bonus
        self._table: dict[int, tuple[int, float, int, int]] = {}
        self._killers: list[list[int]] = [[0, 0] for _ in range(_MAX_DEPTH + 8)]
        self._history: dict[int, int] = {}
        self._undo: list[tuple[Any, ...]] = []
        self._repeats = _positions_since_attack(view, me, board, self._hash)

    def _intern(self, dist: Dist) -> Dist:
        known = self._interned.get(dist)
        if known is None:
            known = self._interned[dist] = dist
        return known

    def _condition(self, dist: Dist, mask: int) -> Dist:
        """``dist`` restricted to the ranks in the bit ``mask`` and renormalised."""
        key = (id(dist), mask)
        out = self._conditioned.get(key)
        if out is None:
            total = math.fsum(p for r, p in enumerate(dist) if mask >> r & 1)
            if total <= 0:
                out = dist
            else:
                out = self._intern(
                    tuple(p / total if mask >> r & 1 else 0.0 for r, p in enumerate(dist))
                )
            self._conditioned[key] = out
        return out

    def _values(self, enemy_pool: Mapping[str, int]) -> None:
        """Material values for this decision, from what each side has left."""
        mine_left = [0] * _N
        theirs_left = [enemy_pool.get(r, 0) for r in RANKS]
        for p, side in enumerate(self._side):
            if side == 0:
                mine_left[self._rank[p]] += 1
            elif self._rank[p] >= 0:
                theirs_left[self._rank[p]] += 1
        self._val = (_side_values(mine_left, theirs_left), _side_values(theirs_left, mine_left))
        self._their_miners = theirs_left[_MINER]
        mine_values = self._val[0]
        self._hidden = [mine_values[r] * HIDDEN_SHARE.get(RANKS[r], 0.0) for r in range(_N)]

    def _worth(self, p: int, narrowed: Dist | None = None) -> float:
        """Signed material of piece ``p`` (ours positive); an unknown enemy piece at its
        expected value under its beliefs (or under ``narrowed``)."""
        if self._side[p] == 0:
            r = self._rank[p]
            return self._val[0][r] + (0.0 if self._known[p] else self._hidden[r])
        r = self._rank[p]
        values = self._val[1]
        if r >= 0:
            return -values[r]
        dist = self._dist[p] if narrowed is None else narrowed
        assert dist is not None
        expected = self._expected.get(id(dist))
        if expected is None:
            expected = self._expected[id(dist)] = math.fsum(
                q * values[k] for k, q in enumerate(dist)
            )
        return -expected

    def _mobility_of(self, p: int) -> int:
        r = self._rank[p]
        if r >= 0:
            return _MOBILITY[r]
        dist = self._dist[p]
        assert dist is not None
        if 1.0 - dist[_B] - dist[_F] < _MOVABLE_P:
            return 0
        return 2 if dist[_SCOUT] >= _SCOUT_P else 1

    def _shuttle_ids(self, shuttle: tuple[int, int, int]) -> tuple[int, int, int, int]:
        origin, target, count = shuttle
        if count == 0 or self._board[target] < 0:
            return (-1, -1, -1, 0)
        return (self._board[target], origin, target, count)

    def _approach_fields(self) -> Generator[None, None, list[list[float]]]:
        """Per our rank, per square: steps to the nearest enemy piece worth attacking, less
        ``_FAR`` (0 where there is none that near), times ``HUNT`` for a seen piece, less a
        bonus for better targets."""
        side = self._side
        blocked = [False] * 100
        for p, sq in enumerate(self._sq):
            if side[p] == 1 or _MOBILITY[self._rank[p]] == 0:
                blocked[sq] = True
        distances: dict[int, list[int]] = {}
        fields: list[list[float]] = []
        present = {self._rank[p] for p in self._pieces[0]}
        for r in range(_N):
            field = [0.0] * 100
            if r in present and _MOBILITY[r]:
                targets = []
                for t in self._pieces[1]:
                    gain = self._attack_gain(r, t)
                    if gain > 0:
                        pull = HUNT if self._dist[t] is None else 1.0
                        targets.append((t, min(gain, 300.0) / 100.0, pull))
                if targets:
                    # Negative closeness, so a piece that dies never raises the score.
                    for t, bonus, pull in targets:
                        steps = distances.get(t)
                        if steps is None:
                            steps = distances[t] = _steps_to([self._sq[t]], blocked)
                            if len(distances) % 8 == 0:
                                yield
                        for sq in range(100):
                            value = pull * (steps[sq] - _FAR) - bonus
                            if value < field[sq]:
                                field[sq] = value
            fields.append(field)
        return fields

    def _attack_gain(self, r: int, t: int) -> float:
        """Expected material of our rank ``r`` attacking enemy piece ``t``."""
        known = self._rank[t]
        given = self._dist[t]
        dist = tuple(float(k == known) for k in range(_N)) if given is None else given
        mine = self._val[0][r]
        values = self._val[1]
        gain = 0.0
        for k, q in enumerate(dist):
            if not q:
                continue
            if k == _F:
                gain += q * FLAG_LURE
                continue
            result = self._battle[r][k]
            if result == _WON:
                gain += q * (values[k] + (25.0 if k == _B else 0.0))
            elif result == _LOST:
                gain -= q * mine
            else:
                gain += q * (values[k] - mine)
        return gain

    # ------------------------------------------------------------- the search

    def _think(self, view: Mapping[str, Any]) -> Generator[None, None, None]:
        yield from self._setup(view)
        yield
        root = [_code(m) for m in self._root_moves]
        if any(c < 0 for c in root):
            self.move = self._root_moves[0]
            return
        scores = {c: 0.0 for c in root}
        repeat_cost = {c: self._repeat_cost(c) for c in root}
        order = sorted(root, key=lambda c: -self._order_key(c, 0))
        best = order[0]
        try:
            for depth in range(1, _MAX_DEPTH + 1):
                alpha = -_INF
                for index, code in enumerate(order):
                    cost = repeat_cost[code]
                    value = yield from self._move_value(code, depth, alpha + cost, _INF, 0, 0)
                    value -= cost
                    scores[code] = value
                    if index == 0 or value > alpha:
                        alpha = value
                        # The first move is the last iteration's choice; a later one that
                        # beats it is proven better at this depth, even if time runs out.
                        if index > 0 or depth == 1:
                            best = code
                self.score = alpha
                self.depth = depth
                order.sort(key=lambda c: (c != best, -scores[c]))
                if abs(alpha) >= WIN - 100:
                    break  # a forced win or loss: deeper cannot change it
        except _OutOfNodes:
            pass
        self.move = SQUARE_NAMES[best // 100] + "-" + SQUARE_NAMES[best % 100]

    def _repeat_cost(self, code: int) -> float:
        """What going back into an earlier position costs a root move (0 for an attack:
        a position with a piece fewer is new)."""
        src, dst = divmod(code, 100)
        if self._board[dst] >= 0:
            return 0.0
        p = self._board[src]
        after = self._hash ^ _ZOBRIST[p][src] ^ _ZOBRIST[p][dst]
        return min(REPEAT_CAP, REPEAT_STEP * max(0, self._repeats.get(after, 0) - REPEAT_FREE))

    def _tick(self) -> Generator[None, None, None]:
        self.nodes += 1
        if self.nodes >= self._budget:
            raise _OutOfNodes
        if self.nodes >= self._pause_at or (
            self._deadline and self.nodes & 7 == 0 and time.perf_counter() >= self._deadline
        ):
            yield

    def _search(self, depth: int, alpha: float, beta: float, side: int, ply: int) -> Search:
        """Negamax value for ``side`` to move."""
        if depth <= 0:
            return (yield from self._quiesce(alpha, beta, side, ply, 0))
        yield from self._tick()
        if self._movable[side] == 0:
            return -WIN + ply
        position_key = self._hash ^ (_SIDE_KEY if side else 0)
        entry = self._table.get(position_key)
        table_move = 0
        if entry is not None:
            entry_depth, value, bound, table_move = entry
            if entry_depth >= depth:
                if bound == 0:
                    return value
                if bound > 0 and value >= beta:
                    return value
                if bound < 0 and value <= alpha:
                    return value
        moves = self._generate(side, False)
        if not moves:
            return -WIN + ply
        killers = self._killers[ply]
        history = self._history
        board = self._board

        def order(c: int) -> float:
            if c == table_move:
                return -1e9
            if board[c % 100] >= 0:
                gain = self._attack_gain_of(c, side)
                return -1e6 - gain if gain > 0 else -gain
            return -5e5 if c in killers else -min(history.get(c, 0), 1e5)

        moves.sort(key=order)
        best = -_INF
        best_move = moves[0]
        original_alpha = alpha
        for code in moves:
            value = yield from self._move_value(code, depth, alpha, beta, side, ply)
            if value > best:
                best = value
                best_move = code
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        if self._board[code % 100] < 0:
                            if killers[0] != code:
                                killers[1] = killers[0]
                                killers[0] = code
                            history[code] = history.get(code, 0) + depth * depth
                        break
        bound = 1 if best >= beta else (-1 if best <= original_alpha else 0)
        self._table[position_key] = (depth, best, bound, best_move)
        return best

    def _quiesce(self, alpha: float, beta: float, side: int, ply: int, qdepth: int) -> Search:
        yield from self._tick()
        if self._movable[side] == 0:
            return -WIN + ply
        stand = self._evaluate() if side == 0 else THREAT * self._enemy_option() - self._evaluate()
        if stand >= beta or qdepth >= _QUIESCENCE_DEPTH:
            return stand
        if stand > alpha:
            alpha = stand
        attacks = self._generate(side, True)
        if not attacks:
            return stand
        scored = sorted(((self._attack_gain_of(c, side), c) for c in attacks), reverse=True)
        best = stand
        for gain, code in scored[:_QUIESCENCE_WIDTH]:
            if gain <= 0:
                break
            value = yield from self._move_value(code, -1 - qdepth, alpha, beta, side, ply)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best

    def _move_value(
        self, code: int, depth: int, alpha: float, beta: float, side: int, ply: int
    ) -> Search:
        """Value for ``side`` of playing ``code``: a chance node over the outcomes of an
        attack (Star1 windows), else the reply's negamax. A negative ``depth`` means
        quiescence level ``-depth - 1``."""
        src, dst = divmod(code, 100)
        if self._board[dst] < 0:
            self._make_quiet(src, dst, side)
            value = -(yield from self._child(depth, -beta, -alpha, side, ply))
            self._unmake()
            return value
        outcomes = self._outcomes(src, dst)
        informed = self._informed(src, dst, side)
        leave = -self._evaluate() if informed else -_INF
        if len(outcomes) == 1:
            probability, result, narrowed = outcomes[0]
            if result == _FLAG_TAKEN:
                return WIN - ply
            if informed and result == _LOST:
                return leave
            self._make_attack(src, dst, side, result, narrowed)
            value = -(yield from self._child(depth, -beta, -alpha, side, ply))
            self._unmake()
            return max(value, leave)
        done = 0.0
        rest = 1.0
        for probability, result, narrowed in outcomes:
            rest -= probability
            if result == _FLAG_TAKEN:
                child = WIN - ply
            elif informed and result == _LOST:
                child = leave
            else:
                rest = max(rest, 0.0)
                low = (alpha - done - BOUND * rest) / probability
                high = (beta - done + BOUND * rest) / probability
                self._make_attack(src, dst, side, result, narrowed)
                child = -(
                    yield from self._child(depth, -min(high, BOUND), -max(low, -BOUND), side, ply)
                )
                self._unmake()
                child = max(child, leave)
                if child <= low:
                    return done + probability * child + BOUND * rest
                if child >= high:
                    return done + probability * child - BOUND * rest
            done += probability * child
        return done

    def _informed(self, src: int, dst: int, side: int) -> bool:
        """Whether an attack from ``src`` on ``dst`` is an unknown enemy piece's on our
        Marshal, seen: the enemy knows whether it is the Spy, so every other rank leaves the
        position as it is instead of dying in the average over its ranks (without this the
        Spy beside a piece our seen Marshal takes never strikes inside the search). Only
        the Marshal: for every seen piece it cost more than it saved (a third try)."""
        if side != 1 or self._dist[self._board[src]] is None:
            return False
        target = self._board[dst]
        return self._known[target] and self._rank[target] == _X

    def _child(self, depth: int, alpha: float, beta: float, side: int, ply: int) -> Search:
        if depth < 0:
            return (yield from self._quiesce(alpha, beta, 1 - side, ply + 1, -depth))
        return (yield from self._search(depth - 1, alpha, beta, 1 - side, ply + 1))

    def _enemy_option(self) -> float:
        """What the enemy, to move, gains at best by attacking a seen piece of ours with
        an unknown piece next to it, knowing its rank: each rank that wins attacks, the
        others do not (a tie counts what it gains)."""
        board, sides, dists = self._board, self._side, self._dist
        ours = self._val[0]
        theirs = self._val[1]
        best = 0.0
        for p in self._pieces[0]:
            where = self._sq[p]
            if where < 0 or not self._known[p]:
                continue
            r = self._rank[p]
            for n in NEIGHBOURS[where]:
                t = board[n]
                if t < 0 or sides[t] == 0 or not self._mobility[t]:
                    continue
                dist = dists[t]
                if dist is None:
                    continue  # a known rank: the search plays its attack as it is
                key = (id(dist), r)  # beliefs are interned: one id per distribution
                option = self._option_cache.get(key)
                if option is None:
                    option = 0.0
                    for k, q in enumerate(dist):
                        if not q or not _MOBILITY[k]:
                            continue
                        result = self._battle[k][r]
                        if result == _WON:
                            option += q * ours[r]
                        elif result == _TIED and ours[r] > theirs[k]:
                            option += q * (ours[r] - theirs[k])
                    self._option_cache[key] = option
                if option > best:
                    best = option
        return best

    # ------------------------------------------------------------ move making

    def _generate(self, side: int, attacks_only: bool) -> list[int]:
        board, sides, mobility = self._board, self._side, self._mobility
        codes: list[int] = []
        append = codes.append
        shuttle_piece, shuttle_from, shuttle_to, count = self._shuttle[side]
        forbidden = -1
        if count >= self._shuttle_limit and shuttle_piece >= 0:
            forbidden = shuttle_to * 100 + shuttle_from
        for p in self._pieces[side]:
            origin = self._sq[p]
            if origin < 0:
                continue
            kind = mobility[p]
            if kind == 0:
                continue
            base = origin * 100
            if kind == 1:
                for target in NEIGHBOURS[origin]:
                    cell = board[target]
                    if cell < 0:
                        if not attacks_only:
                            append(base + target)
                    elif sides[cell] != side:
                        append(base + target)
            else:
                for ray in RAYS[origin]:
                    for distance, target in enumerate(ray):
                        cell = board[target]
                        if cell < 0:
                            if not attacks_only:
                                append(base + target)
                            continue
                        if sides[cell] != side and not (self._classic_scouts and distance):
                            append(base + target)
                        break
        if forbidden >= 0 and forbidden in codes:
            codes.remove(forbidden)
        return codes

    def _attack_gain_of(self, code: int, side: int) -> float:
        """Expected material gain of an attack for the attacker, ``side`` (for ordering,
        and for which attacks the quiescence search tries)."""
        src, dst = divmod(code, 100)
        attacker, defender = self._board[src], self._board[dst]
        # The side is part of the key: our General taking their Colonel and theirs taking
        # ours have the same ranks and the opposite gains.
        key = (
            side,
            self._rank[attacker] if self._dist[attacker] is None else id(self._dist[attacker]),
            self._rank[defender] if self._dist[defender] is None else id(self._dist[defender]),
            abs(src - dst) not in (1, 10),
            self._known[attacker],
            self._known[defender],
        )
        total = self._gain_cache.get(key)
        if total is None:
            total = 0.0
            sign = 1.0 if side == 0 else -1.0
            informed = self._informed(src, dst, side)
            for probability, result, narrowed in self._outcomes(src, dst):
                if informed and result == _LOST:
                    continue  # that rank would not attack
                if result == _FLAG_TAKEN:
                    total += probability * WIN  # a Flag taken is the attacker's win
                else:
                    total += probability * sign * self._material_change(src, dst, result, narrowed)
            self._gain_cache[key] = total
        return total

    def _material_change(self, src: int, dst: int, result: int, narrowed: Dist | None) -> float:
        """Material change for us of one outcome (the unknown piece judged by what the
        outcome shows of it)."""
        attacker, defender = self._board[src], self._board[dst]
        change = 0.0
        if result != _LOST:
            change -= self._worth(defender, narrowed)
        if result != _WON:
            change -= self._worth(attacker, narrowed)
        return change

    def _outcomes(self, src: int, dst: int) -> list[tuple[float, int, Dist | None]]:
        """(probability, result for the attacker, narrowed beliefs about the unknown piece
        that survives it or None) for an attack from ``src`` on ``dst``."""
        attacker, defender = self._board[src], self._board[dst]
        a, d = self._rank[attacker], self._rank[defender]
        far = abs(src - dst) not in (1, 10)
        key = (
            a if a >= 0 else 100 + id(self._dist[attacker]),
            d if d >= 0 else 100 + id(self._dist[defender]),
            far,
        )
        cached = self._outcome_cache.get(key)
        if cached is None:
            cached = self._outcome_cache[key] = self._compute_outcomes(attacker, defender, far)
        return cached

    def _compute_outcomes(
        self, attacker: int, defender: int, far: bool
    ) -> list[tuple[float, int, Dist | None]]:
        a, d = self._rank[attacker], self._rank[defender]
        table = self._battle
        if a >= 0 and d >= 0:
            return [(1.0, _FLAG_TAKEN if d == _F else table[a][d], None)]
        if d < 0:  # we attack an unknown enemy piece
            dist = self._dist[defender]
            assert dist is not None
            dist = self._as_attacked(dist)
            row = table[a]
            masks = {_WON: 0, _LOST: 0, _TIED: 0}
            probs = {_WON: 0.0, _LOST: 0.0, _TIED: 0.0}
            flag = 0.0
            for k, q in enumerate(dist):
                if not q:
                    continue
                if k == _F:
                    flag = q
                    continue
                result = row[k]
                masks[result] |= 1 << k
                probs[result] += q
            out: list[tuple[float, int, Dist | None]] = []
            if flag > 0:
                out.append((flag, _FLAG_TAKEN, None))
            for result in (_WON, _TIED, _LOST):
                if probs[result] > 1e-9:
                    out.append((probs[result], result, self._condition(dist, masks[result])))
            return _normalised(out)
        # an unknown enemy piece attacks our known piece
        dist = self._dist[attacker]
        assert dist is not None
        if d == _F:
            return [(1.0, _FLAG_TAKEN, None)]
        masks = {_WON: 0, _LOST: 0, _TIED: 0}
        probs = {_WON: 0.0, _LOST: 0.0, _TIED: 0.0}
        for k, q in enumerate(dist):
            if not q or _MOBILITY[k] == 0 or (far and k != _SCOUT):
                continue
            result = table[k][d]
            masks[result] |= 1 << k
            probs[result] += q
        out = []
        for result in (_WON, _TIED, _LOST):
            if probs[result] > 1e-9:
                out.append((probs[result], result, self._condition(dist, masks[result])))
        if not out:
            return [(1.0, _LOST, None)]
        return _normalised(out)

    def _as_attacked(self, dist: Dist) -> Dist:
        """``dist`` as the search weighs it when we attack that piece: its Flag chance
        times ``ATTACKED_FLAG_ODDS``, its Bomb chance times ``ATTACKED_BOMB_ODDS``."""
        flag, bomb = dist[_F], dist[_B]
        if not flag and not bomb:
            return dist  # a piece that moved
        weighted = list(dist)
        weighted[_F] = flag * ATTACKED_FLAG_ODDS
        weighted[_B] = bomb * ATTACKED_BOMB_ODDS
        total = math.fsum(weighted)
        return self._intern(tuple(p / total for p in weighted))

    def _make_quiet(self, src: int, dst: int, side: int) -> None:
        board = self._board
        p = board[src]
        old_dist = self._dist[p]
        self._undo.append(
            (
                0,
                src,
                dst,
                p,
                -1,
                old_dist,
                None,
                self._moved[p],
                self._known[p],
                False,
                self._material,
                self._position,
                self._hash,
                self._shuttle[side],
                side,
                self._mobility[p],
                0,
                self._movable[:],
                self._removed,
            )
        )
        board[dst] = p
        board[src] = -1
        self._sq[p] = dst
        self._hash ^= _ZOBRIST[p][src] ^ _ZOBRIST[p][dst]
        self._moved[p] = True
        self._shuttle_update(side, p, src, dst)
        if side == 0:
            if self._mobility[p]:
                field = self._fields[self._rank[p]]
                self._position -= APPROACH * (field[dst] - field[src])
        elif old_dist is not None:
            self._reveal_move(p, src, dst, old_dist)

    def _reveal_move(self, p: int, src: int, dst: int, old_dist: Dist) -> None:
        """An unknown enemy piece moved: not a Bomb or Flag (a Scout if it went far)."""
        far = abs(src - dst) not in (1, 10)
        mask = (1 << _SCOUT) if far else _MOVABLE_MASK
        new = self._condition(old_dist, mask)
        if new is not old_dist:
            self._material -= self._worth(p)
            self._dist[p] = new
            self._material += self._worth(p)
            self._mobility[p] = 2 if new[_SCOUT] >= _SCOUT_P else 1

    def _make_attack(
        self, src: int, dst: int, side: int, result: int, narrowed: Dist | None
    ) -> None:
        board = self._board
        attacker, defender = board[src], board[dst]
        self._undo.append(
            (
                1,
                src,
                dst,
                attacker,
                defender,
                self._dist[attacker],
                self._dist[defender],
                self._moved[attacker],
                self._known[attacker],
                self._known[defender],
                self._material,
                self._position,
                self._hash,
                self._shuttle[side],
                side,
                self._mobility[attacker],
                self._mobility[defender],
                self._movable[:],
                self._removed,
            )
        )
        self._moved[attacker] = True
        self._shuttle_update(side, attacker, src, dst)
        if side == 1 and self._dist[attacker] is not None:
            self._reveal_move(attacker, src, dst, self._dist[attacker])  # type: ignore[arg-type]
        # Both pieces' ranks are shown (ours become known to the enemy).
        self._material -= self._worth(attacker) + self._worth(defender)
        self._known[attacker] = True
        self._known[defender] = True
        if narrowed is not None:
            # What the attack showed of the unknown piece, whether it lives or not.
            unknown = attacker if self._dist[attacker] is not None else defender
            self._dist[unknown] = narrowed
            mobility = self._mobility_of(unknown)
            if (mobility > 0) != (self._mobility[unknown] > 0):
                self._movable[self._side[unknown]] += 1 if mobility else -1
            self._mobility[unknown] = mobility
        self._material += self._worth(attacker) + self._worth(defender)
        if side == 0 and self._mobility[attacker]:
            self._position += APPROACH * self._fields[self._rank[attacker]][src]
        elif side == 1 and self._mobility[defender]:
            self._position += APPROACH * self._fields[self._rank[defender]][dst]
        if result != _LOST:
            self._remove(defender, dst)
        if result != _WON:
            self._remove(attacker, src)
        if result == _WON:
            board[dst] = attacker
            board[src] = -1
            self._sq[attacker] = dst
            self._hash ^= _ZOBRIST[attacker][src] ^ _ZOBRIST[attacker][dst]
            if side == 0:
                self._position -= APPROACH * self._fields[self._rank[attacker]][dst]
        elif result == _LOST and side == 1 and self._mobility[defender]:
            self._position -= APPROACH * self._fields[self._rank[defender]][dst]

    def _remove(self, p: int, sq: int) -> None:
        worth = self._worth(p)
        self._material -= worth
        self._removed += abs(worth)
        self._board[sq] = -1
        self._sq[p] = -1
        self._hash ^= _ZOBRIST[p][sq]
        if self._mobility[p]:
            self._movable[self._side[p]] -= 1

    def _unmake(self) -> None:
        (
            kind,
            src,
            dst,
            p,
            q,
            p_dist,
            q_dist,
            p_moved,
            p_known,
            q_known,
            material,
            position,
            key,
            shuttle,
            side,
            p_mobility,
            q_mobility,
            movable,
            removed,
        ) = self._undo.pop()
        board = self._board
        self._movable = movable
        self._removed = removed
        if kind == 1:
            board[dst] = q
            self._sq[q] = dst
            self._dist[q] = q_dist
            self._known[q] = q_known
            self._mobility[q] = q_mobility
        else:
            board[dst] = -1
        board[src] = p
        self._sq[p] = src
        self._dist[p] = p_dist
        self._moved[p] = p_moved
        self._known[p] = p_known
        self._mobility[p] = p_mobility
        self._material = material
        self._position = position
        self._hash = key
        self._shuttle[side] = shuttle

    def _shuttle_update(self, side: int, p: int, src: int, dst: int) -> None:
        piece, last_from, last_to, count = self._shuttle[side]
        if piece == p and last_to == src and last_from == dst:
            self._shuttle[side] = (p, src, dst, count + 1)
        else:
            self._shuttle[side] = (p, src, dst, 1)

    # ------------------------------------------------------------- evaluation

    def _evaluate(self) -> float:
        """The position for us: material (and a lead against what is left), approach, our
        Flag's danger, movable pieces."""
        score = self._material + self._position
        if self._removed:
            left = max(self._root_mass - self._removed, TRADE_LEFT_FLOOR)
            lead = self._material - self._hidden_bonus
            score += TRADE * lead * self._removed / left
        board, sides = self._board, self._side
        for sq, weight in self._flag_zone:
            p = board[sq]
            if p >= 0 and sides[p] == 1 and self._mobility[p]:
                dist = self._dist[p]
                score -= weight * (1.0 if dist is None else 1.0 - dist[_B] - dist[_F])
        for sq, weight in self._miner_zone:
            p = board[sq]
            if p >= 0 and sides[p] == 1 and self._mobility[p]:
                dist = self._dist[p]
                score -= weight * (float(self._rank[p] == _MINER) if dist is None else dist[_MINER])
        # An open line from an enemy piece that may be a Scout to our Flag.
        exposed = 0.0
        for ray in self._flag_rays:
            for distance, sq in enumerate(ray):
                p = board[sq]
                if p < 0:
                    continue
                if sides[p] == 1 and distance:
                    dist = self._dist[p]
                    chance = float(self._rank[p] == _SCOUT) if dist is None else dist[_SCOUT]
                    if chance > exposed:
                        exposed = chance
                break
        score -= FLAG_EXPOSED * exposed
        if self._their_miners:
            rank, mobility = self._rank, self._mobility
            for guards in self._wall_guards:
                for sq in guards:
                    p = board[sq]
                    if p >= 0 and sides[p] == 0 and mobility[p] and rank[p] >= _MINER:
                        break
                else:
                    score -= WALL_UNGUARDED
            if self._guard_steps:
                score -= self._miner_race()
        movable = self._movable
        if movable[0] < len(FEW_MOVABLE):
            score -= FEW_MOVABLE[movable[0]]
        if movable[1] < len(FEW_MOVABLE):
            score += FEW_MOVABLE[movable[1]]
        return max(-BOUND + 1.0, min(BOUND - 1.0, score))

    def _miner_race(self) -> float:
        """The penalty of the worst enemy piece that may be a Miner and reaches our
        Flag's wall before our nearest guard (a Miner or higher) can stand beside it,
        by how close it is and how late the guard is."""
        where, rank, mobility = self._sq, self._rank, self._mobility
        miner_steps = self._miner_steps
        coming: list[tuple[int, float]] = []
        for p in self._pieces[1]:
            here = where[p]
            if here < 0 or not mobility[p] or miner_steps[here] >= len(MINER_RACE):
                continue
            dist = self._dist[p]
            chance = float(rank[p] == _MINER) if dist is None else dist[_MINER]
            if chance > 0.0:
                coming.append((miner_steps[here], chance))
        if not coming:
            return 0.0
        guard_steps = self._guard_steps
        guard = min(
            (
                guard_steps[where[p]]
                for p in self._pieces[0]
                if where[p] >= 0 and mobility[p] and rank[p] >= _MINER
            ),
            default=_UNREACHABLE,
        )
        worst = 0.0
        for steps, chance in coming:
            # Steps 1 is the wall's Bomb, 2 beside it: the piece needs ``steps - 2``
            # moves to stand where it takes the Bomb, the guard ``guard`` to stand there.
            late = guard - (steps - 2)
            if late > 0:
                worst = max(worst, chance * MINER_RACE[steps] * min(1.0, late / RACE_SPAN))
        return worst

    def _order_key(self, code: int, side: int) -> float:
        if self._board[code % 100] >= 0:
            return self._attack_gain_of(code, side)
        return 0.0


_MOVABLE_MASK = sum(1 << r for r in range(_N) if _MOBILITY[r])


def _normalised(out: list[tuple[float, int, Dist | None]]) -> list[tuple[float, int, Dist | None]]:
    total = math.fsum(p for p, _, _ in out)
    if total <= 0:
        return out
    return [(p / total, result, narrowed) for p, result, narrowed in out]


def _side_values(own_left: list[int], enemy_left: list[int]) -> list[float]:
    """Values of one side's ranks given what each side has left (own pieces on the
    board; the enemy's on the board or unknown)."""
    values = [BASE_VALUES[r] for r in RANKS]
    if enemy_left[_X] == 0:
        values[_S] = 10.0  # the Spy only ever beats the Marshal
    if enemy_left[_S] == 0:
        values[_X] *= 1.25  # nothing can take our Marshal but a Bomb
    if enemy_left[_B] > 0:
        if own_left[_MINER] <= 2:
            values[_MINER] += 30.0  # the last Miners open the last Bombs
    else:
        values[_MINER] = 15.0
    if own_left[_SCOUT] <= 2:
        values[_SCOUT] += 8.0
    strengths = [1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
    for r in range(_S + 1, _X + 1):
        stronger = sum(enemy_left[k] for k in range(r + 1, _X + 1))
        if stronger == 0 and strengths[r] >= 5 and not (r == _X and enemy_left[_S]):
            values[r] *= 1.2  # nothing the enemy moves can beat it
    return values


def _steps_to(targets: list[int], blocked: list[bool]) -> list[int]:
    """Moves from every square to the nearest of ``targets`` around lakes and
    ``blocked`` squares."""
    steps = [_UNREACHABLE] * 100
    for target in targets:
        steps[target] = 0
    frontier = list(targets)
    distance = 0
    while frontier:
        distance += 1
        following = []
        for here in frontier:
            for n in NEIGHBOURS[here]:
                if steps[n] > distance and not blocked[n]:
                    steps[n] = distance
                    following.append(n)
        frontier = following
    return steps


def _zone(flag: int, walls: set[int], weights: tuple[float, ...]) -> list[tuple[int, float]]:
    """Squares a few steps from our Flag, around ``walls``, with the danger weight of an
    enemy piece there by its distance. A wall's own square counts at its distance without
    the walls: a piece stands there only once that Bomb is taken, and the zone is made
    once for a whole search (else a Miner that opened the wall beside our Flag would
    leave the zone, and the search would welcome it)."""
    around = _steps_to([flag], [sq in walls for sq in range(100)])
    opened = _steps_to([flag], [False] * 100)
    return [
        (sq, weights[d])
        for sq in range(100)
        if 0 < (d := opened[sq] if sq in walls else around[sq]) < len(weights)
    ]


def _code(move: str) -> int:
    if "-" not in move:
        return -1
    src, dst = move.split("-")
    return SQUARE_INDEX[src] * 100 + SQUARE_INDEX[dst]


def _positions_since_attack(
    view: Mapping[str, Any], me: str, board: list[int], position: int
) -> dict[int, int]:
    """How many times each position (by the search's hash of where each piece stands)
    followed one of ``me``'s moves since the last attack, walking the history back from
    ``board``: before an attack the board had a piece more, so nothing there can recur."""
    board = list(board)
    seen: dict[int, int] = {}
    for entry in reversed(view.get("history", [])):
        if "from" not in entry or entry.get("attack"):
            break
        src, dst = SQUARE_INDEX[entry["from"]], SQUARE_INDEX[entry["to"]]
        p = board[dst]
        if p < 0 or board[src] >= 0:
            break  # not this board's history
        if entry.get("player") == me:
            seen[position] = seen.get(position, 0) + 1
        position ^= _ZOBRIST[p][dst] ^ _ZOBRIST[p][src]
        board[src], board[dst] = p, -1
    return seen


def _shuttle_from_history(view: Mapping[str, Any], player: str) -> tuple[int, int, int]:
    """(from, to, count) of ``player``'s current run of back-and-forth moves, as the
    engine counts it for the two-squares rule."""
    origin = target = -1
    count = 0
    for entry in view.get("history", []):
        if entry.get("player") != player or "from" not in entry:
            continue
        src, dst = SQUARE_INDEX[entry["from"]], SQUARE_INDEX[entry["to"]]
        if count and src == target and dst == origin:
            count += 1
        else:
            count = 1
        origin, target = src, dst
    return origin, target, count


def fortified(setup: str) -> bool:
    """Whether a setup has its Flag on the second row with Bombs on every side of it
    (the setup area's edges count as walls).

    A Flag on the back rank walled in by Bombs is where the outside program looks first
    (the back-rank corners and the c- to h-files) and sends its Miners; on the second
    row our Flag fell in 17 of 100 games against it, against 31 with the back-rank wall
    (docs/stratego-expert-experiments.md, "The Flag on the second row")."""
    row, column = divmod(setup.find("F"), 10)  # no Flag: row -1
    if row != 1:
        return False
    for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        r, c = row + dr, column + dc
        if 0 <= r < len(setup) // 10 and 0 <= c < 10 and setup[r * 10 + c] != "B":
            return False
    return True


def _spy_by_general(setup: str) -> bool:
    spy, general = setup.find("S"), setup.find("9")
    if spy < 0 or general < 0:
        return False
    return abs(spy // 10 - general // 10) + abs(spy % 10 - general % 10) <= 2


_STRONG: list[tuple[str, ...]] = []


def strong_setups() -> tuple[str, ...]:
    """The human setups a strong player would choose: the Flag on the second row walled
    in by Bombs (:func:`fortified`), twice as often with the Spy within two squares of
    the General (to answer the enemy Marshal when it comes for the General)."""
    if not _STRONG:
        chosen = [s for s in human_setups() if len(s) == 40 and fortified(s)]
        _STRONG.append(tuple(chosen + [s for s in chosen if _spy_by_general(s)]))
    return _STRONG[0]


def choose_setup(rng: random.Random) -> str:
    """A setup for the expert from :func:`strong_setups`, maybe mirrored."""
    setups = strong_setups()
    setup = setups[rng.randrange(len(setups))]
    return mirror_setup(setup) if rng.random() < 0.5 else setup
