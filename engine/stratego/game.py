"""The Stratego game: state, legal moves, attacks, optional rules and the end of the game.

Rules are those of ``shared/rules/stratego.md``; where it and the original Spanish
description disagree the description wins. Decisions worth knowing:

* **Two-squares rule.** The description forbids moving "between two squares in three
  consecutive turns" (*entre dos casillas en tres turnos consecutivos*). A player may
  make at most :data:`TWO_SQUARES_LIMIT` (= 2) consecutive moves of the same piece back
  and forth between the same two squares; the 3rd is illegal, attack or not. The rules
  file had chosen the ISF variant (the 4th is illegal): ``Options(two_squares_limit=3)``
  (:data:`ISF_TWO_SQUARES_LIMIT`). "Consecutive" counts the player's own moves; moving
  any other piece, or the same piece to a third square, starts a new count. For a Scout
  only the exact two squares count (the ISF's longer Scout shuttles are not tracked).
* **Red moves first.**
* **Silent defence.** Only the attacker's rank is revealed; the defender's rank is
  revealed only when a Scout attacks, or when the defender is the Flag (the game ends).
  Deductions a player could draw (for example from a tie) are left to the player.
* **Rescue.** A move that *enters* the enemy's back rank (from another rank) with a
  piece that survives, may rescue if: the rescue option is on, the piece is not a Scout
  and has not rescued before, its player has made fewer than :data:`MAX_RESCUES`
  rescues, its graveyard holds a piece other than a Bomb, and an own setup square is
  empty. The game then waits for the mover's rescue choice (``game.rescue_pending``):
  :meth:`Game.legal_actions` lists ``Rescue()`` (no rescue) and ``Rescue(letter,
  square)`` for each rescuable kind and each empty square of the mover's setup area
  (``"no rescue"``, ``"rescue 7 b2"``… in :meth:`Game.legal_moves`). The turn
  passes after the choice. A rescued piece starts unknown to the opponent and unmoved.
  No rescue is offered by a move that has already won the game.
* **End of the game.** Capturing the Flag wins at once. After every turn: if neither
  player has a movable piece (anything but Bombs and the Flag) the game is a draw
  (``both_cannot_move``); if one has none, the other wins (``no_movable_pieces``); if
  the player to move has no legal move, they lose (``no_legal_moves``) unless their
  opponent could not move either (draw, ``both_cannot_move``). This is also checked
  before Red's first move (a setup can wall itself in).
* **Chasing rule** (ISF More-Squares rule, optional, best effort): a *chasing move* is
  a non-attacking move of the piece that threatened (stood next to) the piece the
  opponent has just moved away, to a square next to that piece again. During an
  unbroken series of chasing moves by the same piece against the same piece, the chaser
  may not make a chasing move that recreates a position (both pieces' squares) already
  seen during that chase. Threats along a Scout's line are not considered.

>>> from engine.stratego import BUILTIN_SETUPS
>>> game = new_game(BUILTIN_SETUPS["Lakeside fortress"], BUILTIN_SETUPS["Bomb wall"])
>>> game.turn, game.piece_at("e3"), game.piece_at("f8")
('red', ('red', 'X'), ('blue', 'X'))
>>> record = game.play("a4-a5")
>>> record.from_square, record.to_square, record.piece, record.is_attack
('a4', 'a5', '2', False)
>>> game.turn
'blue'
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, Final, TypedDict

from .actions import NO_RESCUE, Action, Move, Rescue, parse_action
from .board import (
    ADJACENT,
    BLUE_SETUP_SQUARES,
    LAKES,
    NEIGHBOURS,
    RAYS,
    RED_SETUP_SQUARES,
    SQUARE_INDEX,
    SQUARE_NAMES,
)
from .errors import IllegalMove
from .pieces import (
    ARMIES,
    BLUE,
    BOMB,
    CLASSIC,
    EMPTY_SQUARE,
    FLAG,
    MARSHAL,
    MINER,
    PIECES,
    PLAYERS,
    RED,
    SCOUT,
    SPY,
)
from .setup import get_army, parse_setup

if TYPE_CHECKING:
    from .views import LastMoveView, StrategoView

TWO_SQUARES_LIMIT: Final = 2
"""Default: at most 2 consecutive back-and-forth moves of one piece between the same two
squares; the 3rd is illegal (the original description: "three consecutive turns")."""

ISF_TWO_SQUARES_LIMIT: Final = 3
"""The ISF variant: the 4th back-and-forth move is illegal."""

MAX_RESCUES: Final = 2
"""Rescue option: at most this many rescues per player."""

END_REASONS: Final = (
    "flag_captured",
    "no_movable_pieces",
    "no_legal_moves",
    "both_cannot_move",
    "agreed_draw",
    "resigned",
)

# Attack outcomes as stored in MoveRecord.outcome.
ATTACKER_WON: Final = "attacker_won"
DEFENDER_WON: Final = "defender_won"
BOTH_REMOVED: Final = "both_removed"

EMPTY: Final = -1
_RED, _BLUE = 0, 1
# Owner of a board cell by its content; index -1 (EMPTY) lands on the trailing 2.
_OWNER_OF_CELL: Final = (_RED,) * 40 + (_BLUE,) * 40 + (2,)
# Piece mobility by letter: 0 never moves, 1 one square, 2 Scout. An army smaller than
# 40 keeps a slot per setup square: "." is a slot with no piece, never on the board.
_MOBILITY: Final = {
    letter: (2 if letter == SCOUT else int(kind.can_move)) for letter, kind in PIECES.items()
} | {EMPTY_SQUARE: 0}


class OptionsDict(TypedDict):
    """:class:`Options` as JSON (saves, views)."""

    army: str
    silent_defence: bool
    attackers_advantage: bool
    rescue: bool
    classic_scouts: bool
    chasing_rule: bool
    two_squares_limit: int


@dataclass(frozen=True)
class Options:
    """The army and the optional rules, chosen before the game. The classic army and
    every optional rule off by default; every rule combines with every army.

    >>> Options().two_squares_limit, Options(rescue=True).rescue, Options().army
    (2, True, 'classic')
    >>> Options(army="skirmish")
    Traceback (most recent call last):
      ...
    engine.stratego.errors.SetupError: There is no army called 'skirmish'; ...
    """

    army: str = CLASSIC
    silent_defence: bool = False
    attackers_advantage: bool = False
    rescue: bool = False
    classic_scouts: bool = False
    chasing_rule: bool = False
    two_squares_limit: int = TWO_SQUARES_LIMIT

    def __post_init__(self) -> None:
        for field in fields(self):
            value = getattr(self, field.name)
            if field.name == "army":
                get_army(value)
            elif field.name == "two_squares_limit":
                if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                    raise ValueError("two_squares_limit must be an integer >= 1")
            elif not isinstance(value, bool):
                raise ValueError(f"option {field.name} must be true or false")

    def to_dict(self) -> OptionsDict:
        return OptionsDict(
            army=self.army,
            silent_defence=self.silent_defence,
            attackers_advantage=self.attackers_advantage,
            rescue=self.rescue,
            classic_scouts=self.classic_scouts,
            chasing_rule=self.chasing_rule,
            two_squares_limit=self.two_squares_limit,
        )

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Options:
        """Options from a dict; unknown keys raise ValueError, missing keys get defaults."""
        known = {field.name for field in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown options: {', '.join(sorted(unknown))}")
        return cls(**data)


@dataclass(frozen=True)
class MoveRecord:
    """What one play did. The omniscient record: views show players only their share.

    ``kind`` is "move" (a board move, perhaps an attack), "rescue" (``to_square`` is
    where the rescued ``piece`` was placed) or "no_rescue". ``outcome`` is None for a
    plain move, else "attacker_won", "defender_won" or "both_removed".
    """

    notation: str
    player: str
    kind: str
    from_square: str | None
    to_square: str | None
    piece: str | None
    piece_id: int
    defender: str | None = None
    defender_id: int | None = None
    outcome: str | None = None
    defender_revealed: bool = False
    rescue_pending: bool = False

    @property
    def is_attack(self) -> bool:
        return self.defender is not None

    @property
    def action(self) -> Action:
        """What was played, as a typed action."""
        return parse_action(self.notation)

    def to_dict(self) -> dict[str, Any]:
        return {field.name: getattr(self, field.name) for field in fields(self)}


def _code_names() -> tuple[list[str], dict[str, int], dict[int, Move]]:
    names = [""] * 10000
    codes: dict[str, int] = {}
    actions: dict[int, Move] = {}
    for origin in range(100):
        if origin in LAKES:
            continue
        for ray in RAYS[origin]:
            for target in ray:
                code = origin * 100 + target
                name = SQUARE_NAMES[origin] + "-" + SQUARE_NAMES[target]
                names[code] = name
                codes[name] = code
                actions[code] = Move(SQUARE_NAMES[origin], SQUARE_NAMES[target])
    return names, codes, actions


# Every geometrically possible move (straight line, no lake crossed) as a code
# from * 100 + to, and back: notation and typed moves live only at the API boundary.
_MOVE_NAMES, _MOVE_CODES, _MOVES = _code_names()


def _move_code(move: Move) -> int:
    return SQUARE_INDEX[move.from_square] * 100 + SQUARE_INDEX[move.to_square]


def battle(attacker: str, defender: str, attackers_advantage: bool = False) -> str:
    """Outcome of an attack by piece letters: "attacker_won", "defender_won" or
    "both_removed".

    >>> battle("S", "X"), battle("X", "S"), battle("3", "B"), battle("9", "B")
    ('attacker_won', 'attacker_won', 'attacker_won', 'defender_won')
    >>> battle("5", "5"), battle("5", "5", attackers_advantage=True)
    ('both_removed', 'attacker_won')
    """
    if defender == FLAG:
        return ATTACKER_WON
    if defender == BOMB:
        return ATTACKER_WON if attacker == MINER else DEFENDER_WON
    if attacker == SPY and defender == MARSHAL:
        return ATTACKER_WON
    attack, defence = PIECES[attacker].strength, PIECES[defender].strength
    if attack > defence:
        return ATTACKER_WON
    if attack < defence:
        return DEFENDER_WON
    return ATTACKER_WON if attackers_advantage else BOTH_REMOVED


def _player_index(player: str) -> int:
    if player == RED:
        return _RED
    if player == BLUE:
        return _BLUE
    raise IllegalMove(
        "unknown_player", f"The player must be 'red' or 'blue', not {player!r}.", player=player
    )


_Chase = tuple[int, int, frozenset[tuple[int, int]]]
_Shuttle = tuple[int, int, int, int]
_NO_SHUTTLE: Final[_Shuttle] = (-1, -1, -1, 0)


class Game:
    """A Stratego game in progress (or finished). Create it with :func:`new_game`.

    It implements :class:`engine.protocol.GameProtocol` with :data:`Action` (a
    :class:`Move` or a :class:`Rescue`): ``players``, ``to_act``, ``legal_actions``,
    ``check``, ``apply``, ``can_undo``, ``undo``, ``view``, ``result``, ``is_terminal``,
    ``to_json``. ``legal_moves``, ``legal_moves_from`` and ``play`` are the same in
    notation, for the side to move.
    """

    def __init__(self, red_setup: str, blue_setup: str, options: Options | None = None) -> None:
        self.options = options if options is not None else Options()
        if not isinstance(self.options, Options):
            raise TypeError("options must be a stratego.Options")
        self.red_setup = parse_setup(red_setup, self.options.army)
        self.blue_setup = parse_setup(blue_setup, self.options.army)
        self._letters: tuple[str, ...] = tuple(self.red_setup) + tuple(self.blue_setup)
        self._mobility: tuple[int, ...] = tuple(_MOBILITY[letter] for letter in self._letters)
        self._board = [EMPTY] * 100
        self._square = list(RED_SETUP_SQUARES) + list(BLUE_SETUP_SQUARES)
        for piece, square in enumerate(self._square):
            if self._letters[piece] == EMPTY_SQUARE:
                self._square[piece] = EMPTY
            else:
                self._board[square] = piece
        self._init_state()
        self._check_end_of_turn()

    @classmethod
    def _from_position(
        cls,
        pieces: dict[str, tuple[str, str]],
        turn: str = RED,
        options: Options | None = None,
    ) -> Game:
        """Internal, for tests and puzzles: a game with only the given pieces on the board.

        ``pieces`` maps squares to (owner, letter). Pieces of the army not placed count
        as captured (they fill the graveyards, so rescue scenarios can be built). The
        setups stored are the placeholders needed for identity; such a game cannot be
        saved to JSON.
        """
        game = cls.__new__(cls)
        game.options = options if options is not None else Options()
        letters: list[str] = [EMPTY_SQUARE] * 80
        squares = [EMPTY] * 80
        free: dict[int, list[int]] = {_RED: [], _BLUE: []}
        next_id = {_RED: 0, _BLUE: 40}
        for side in (_RED, _BLUE):
            for letter, count in ARMIES[game.options.army].counts.items():
                for _ in range(count):
                    letters[next_id[side]] = letter
                    free[side].append(next_id[side])
                    next_id[side] += 1
        for name, (owner, letter) in pieces.items():
            side = _player_index(owner)
            candidates = [p for p in free[side] if letters[p] == letter]
            if not candidates:
                raise ValueError(f"too many {letter} for {owner}")
            piece = candidates[0]
            free[side].remove(piece)
            squares[piece] = SQUARE_INDEX[name]
        game.red_setup = "".join(letters[:40])
        game.blue_setup = "".join(letters[40:])
        game._letters = tuple(letters)
        game._mobility = tuple(_MOBILITY[letter] for letter in letters)
        game._board = [EMPTY] * 100
        game._square = squares
        for piece, square in enumerate(squares):
            if square >= 0:
                game._board[square] = piece
        game._init_state()
        game._turn = _player_index(turn)
        game._custom_position = True
        game._capture_log = [
            (piece, False)
            for piece in range(80)
            if squares[piece] < 0 and letters[piece] != EMPTY_SQUARE
        ]
        game._check_end_of_turn()
        return game

    def _init_state(self) -> None:
        self._custom_position = False
        self._turn = _RED
        self._moved = [False] * 80
        self._known = [False] * 80  # rank known to the owner's opponent
        self._movable = [0, 0]
        for piece, square in enumerate(self._square):
            if square >= 0 and self._mobility[piece]:
                self._movable[piece // 40] += 1
        self._result: str | None = None
        self._end_reason: str | None = None
        self._ending: tuple[str, str | None] | None = None  # agreement or resignation
        self._shuttle: list[_Shuttle] = [_NO_SHUTTLE, _NO_SHUTTLE]
        self._chase: list[_Chase | None] = [None, None]
        self._last_moved: list[tuple[int, int, int] | None] = [None, None]
        self._pending_rescue = EMPTY
        self._rescues = [0, 0]
        self._has_rescued = [False] * 80
        # (piece, rank known to its opponent when captured), in capture order.
        self._capture_log: list[tuple[int, bool]] = []
        self._rescue_log: list[int] = []
        self._history: list[MoveRecord] = []
        self._undo_stack: list[tuple[Any, ...]] = []
        self._legal_codes_cache: list[int] | None = None
        self._legal_set_cache: set[int] | None = None
        self._legal_names_cache: list[str] | None = None

    # ----------------------------------------------------------------- queries

    @property
    def turn(self) -> str:
        """The player to move (or to choose a rescue): "red" or "blue"."""
        return PLAYERS[self._turn]

    @property
    def result(self) -> str | None:
        """None while the game goes on, else "red", "blue" or "draw"."""
        return self._result

    @property
    def end_reason(self) -> str | None:
        """None while the game goes on, else one of :data:`END_REASONS`."""
        return self._end_reason

    @property
    def is_terminal(self) -> bool:
        return self._result is not None

    @property
    def rescue_pending(self) -> bool:
        """True when the player to move must choose a rescue (or "no rescue")."""
        return self._pending_rescue >= 0

    @property
    def moves(self) -> tuple[MoveRecord, ...]:
        """Every play so far (board moves and rescue choices), oldest first."""
        return tuple(self._history)

    @property
    def move_count(self) -> int:
        """Board moves made so far (rescue choices not counted)."""
        return sum(1 for record in self._history if record.kind == "move")

    def piece_at(self, square: str) -> tuple[str, str] | None:
        """None, or (owner, letter) of the piece on a square such as "e4"."""
        piece = self._board[self._square_index(square)]
        if piece < 0:
            return None
        return PLAYERS[piece // 40], self._letters[piece]

    def graveyard(self, player: str) -> list[str]:
        """Letters of a player's pieces currently captured (omniscient), strongest first."""
        side = _player_index(player)
        order = {letter: index for index, letter in enumerate(PIECES)}
        return sorted(
            (
                self._letters[p]
                for p in range(side * 40, side * 40 + 40)
                if self._square[p] < 0 and self._letters[p] != EMPTY_SQUARE
            ),
            key=order.__getitem__,
        )

    def rescues_made(self, player: str) -> int:
        return self._rescues[_player_index(player)]

    @property
    def players(self) -> tuple[str, str]:
        """Both players, Red (who moves first) then Blue."""
        return PLAYERS

    @property
    def to_act(self) -> tuple[str, ...]:
        """The player to move or to choose a rescue, alone; nobody once the game is over."""
        return () if self._result is not None else (PLAYERS[self._turn],)

    def legal_actions(self, player: str) -> list[Action]:
        """Every action ``player`` may take now: every legal :class:`Move`, or while a
        rescue is pending the :class:`Rescue` choices (``Rescue()`` first). Empty when it
        is not ``player``'s turn or the game is over."""
        side = _player_index(player)
        if self._result is not None or side != self._turn:
            return []
        if self._pending_rescue >= 0:
            return [Rescue(), *self._rescue_actions()]
        moves = _MOVES
        return [moves[code] for code in self._legal_codes()]

    def legal_moves(self) -> list[str]:
        """Every legal play of the side to move in notation: "e4-e5" moves, or rescue
        choices ("no rescue" first)."""
        if self._result is not None:
            return []
        names = self._legal_names_cache
        if names is None:
            if self._pending_rescue >= 0:
                names = [NO_RESCUE, *map(str, self._rescue_actions())]
            else:
                move_names = _MOVE_NAMES
                names = [move_names[code] for code in self._legal_codes()]
            self._legal_names_cache = names
        return list(names)

    def legal_moves_from(self, square: str) -> list[str]:
        """Legal moves of the piece on a square (for highlighting); [] if none."""
        origin = self._square_index(square)
        if self._result is not None or self._pending_rescue >= 0:
            return []
        return [_MOVE_NAMES[code] for code in self._legal_codes() if code // 100 == origin]

    # --------------------------------------------------------------- actions

    def check(self, player: str, action: Action) -> IllegalMove | None:
        """Why ``player`` may not take ``action`` now (an :class:`IllegalMove` with its
        code), or None if they may. Nothing is played."""
        try:
            side = _player_index(player)
        except IllegalMove as error:
            return error
        if self._result is not None:
            return self._game_over_error()
        if side != self._turn:
            return IllegalMove(
                "not_your_turn",
                f"It is {self.turn.capitalize()}'s turn.",
                player=player,
                turn=self.turn,
            )
        if isinstance(action, Move):
            if self._pending_rescue >= 0:
                return IllegalMove(
                    "rescue_pending",
                    "Choose a piece to rescue (or no rescue) before moving again.",
                    player=player,
                )
            if _move_code(action) in self._legal_set():
                return None
            return self._diagnose(action)
        if isinstance(action, Rescue):
            if self._pending_rescue < 0:
                return IllegalMove(
                    "no_rescue_pending", "There is no rescue to choose now.", text=str(action)
                )
            return self._rescue_problem(action)
        return IllegalMove(
            "bad_notation", f"{action!r} is not a Stratego action.", text=str(action)
        )

    def apply(self, player: str, action: Action) -> MoveRecord:
        """Play ``action`` for ``player``; raises :class:`IllegalMove` saying why (see
        :meth:`check`), the game unchanged."""
        problem = self.check(player, action)
        if problem is not None:
            raise problem
        if isinstance(action, Move):
            return self._apply_move(_move_code(action))
        return self._apply_rescue(action)

    def play(self, move: str) -> MoveRecord:
        """Play a move ("e4-e5") or a rescue choice in notation for the side to move;
        raises IllegalMove saying why."""
        if self._result is not None:
            raise self._game_over_error()
        code = _MOVE_CODES.get(move)
        if self._pending_rescue < 0 and code is not None and code in self._legal_set():
            return self._apply_move(code)
        return self.apply(self.turn, parse_action(move))

    def can_undo(self) -> bool:
        """Whether :meth:`undo` has something to take back."""
        return self._ending is not None or bool(self._history)

    def undo(self) -> None:
        """Take back the last play in place (or first the draw agreement / resignation that
        ended the game). Raises IllegalMove("nothing_to_undo")."""
        if self._ending is not None:
            self._ending = None
            self._result = self._end_reason = None
            return
        if not self._history:
            raise IllegalMove("nothing_to_undo", "There is no move to undo.")
        self._restore(self._undo_stack.pop())
        self._history.pop()

    def agree_draw(self) -> None:
        """Both players agree a draw: the game ends ("agreed_draw")."""
        if self._result is not None:
            raise self._game_over_error()
        self._ending = ("agreed_draw", None)
        self._result, self._end_reason = "draw", "agreed_draw"

    def resign(self, player: str) -> None:
        """A player (at any time, not only on their turn) resigns: the other one wins."""
        side = _player_index(player)
        if self._result is not None:
            raise self._game_over_error()
        self._ending = ("resigned", player)
        self._result, self._end_reason = PLAYERS[1 - side], "resigned"

    @property
    def ending(self) -> tuple[str, str | None] | None:
        """("agreed_draw", None) or ("resigned", player) if the game ended that way."""
        return self._ending

    def view(self, player: str | None, reveal_all: bool = False) -> StrategoView:
        """What ``player`` may see (None: anyone watching, who sees only revealed ranks),
        as a JSON-plain dict (see views.py). ``reveal_all`` shows every rank (for the
        end-of-game screen)."""
        from .views import build_view

        if player is not None:
            _player_index(player)
        return build_view(self, player, reveal_all)

    def own_last_move(self, player: str) -> LastMoveView | None:
        """``player``'s last board move (with the rescue it earned) as they saw it when
        they made it: what ``view(player)["last_move"]`` said then, whatever came since.

        >>> from engine.stratego import BUILTIN_SETUPS
        >>> game = new_game(BUILTIN_SETUPS["Scout screen"], BUILTIN_SETUPS["Bomb wall"])
        >>> _ = game.play("a4-a5")
        >>> seen = game.view("red")["last_move"]
        >>> _ = game.play(sorted(game.legal_moves())[0])
        >>> game.own_last_move("red") == seen, game.own_last_move("blue")["player"]
        (True, 'blue')
        """
        from .views import own_last_move

        _player_index(player)
        return own_last_move(self, player)

    def to_json(self) -> str:
        """The versioned JSON save (setups, options, moves; see saves.py)."""
        from .saves import game_to_json

        return game_to_json(self)

    def copy(self) -> Game:
        """An independent copy with the same history (replays the moves)."""
        if self._custom_position:
            raise ValueError("a game built from a position cannot be copied")
        clone = Game(self.red_setup, self.blue_setup, self.options)
        for record in self._history:
            clone.play(record.notation)
        if self._ending is not None:
            reason, player = self._ending
            if reason == "resigned" and player is not None:
                clone.resign(player)
            else:
                clone.agree_draw()
        return clone

    def replayed(self, plays: int) -> Game:
        """A new game as this one stood after its first ``plays`` plays (board moves and
        rescue choices alike), for looking back at a finished game; the draw agreement or
        resignation that ended it comes back only with every play. ``plays`` is clamped
        to the game's length; this game is left as it is.

        >>> from engine.stratego import BUILTIN_SETUPS
        >>> game = new_game(BUILTIN_SETUPS["Scout screen"], BUILTIN_SETUPS["Bomb wall"])
        >>> _ = game.play("a4-a5"); game.resign("blue")
        >>> start, end = game.replayed(0), game.replayed(5)
        >>> start.move_count, start.result, end.move_count, end.result, game.move_count
        (0, None, 1, 'red', 1)
        """
        if self._custom_position:
            raise ValueError("a game built from a position cannot be replayed")
        plays = max(0, min(plays, len(self._history)))
        if plays == len(self._history):
            return self.copy()
        earlier = Game(self.red_setup, self.blue_setup, self.options)
        for record in self._history[:plays]:
            earlier.play(record.notation)
        return earlier

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return (
            self.red_setup == other.red_setup
            and self.blue_setup == other.blue_setup
            and self.options == other.options
            and [r.notation for r in self._history] == [r.notation for r in other._history]
            and self._ending == other._ending
            and self._board == other._board
        )

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        state = f"result={self._result!r}" if self._result else f"turn={self.turn!r}"
        return f"<stratego.Game {state} moves={len(self._history)}>"

    def board_text(self) -> str:
        """Omniscient text diagram, rank 10 at the top (Red upper case, Blue lower case)."""
        rows = []
        for rank in range(9, -1, -1):
            cells = []
            for file in range(10):
                square = rank * 10 + file
                piece = self._board[square]
                if square in LAKES:
                    cells.append("~")
                elif piece < 0:
                    cells.append(".")
                else:
                    letter = self._letters[piece]
                    cells.append(letter if piece < 40 else letter.lower())
            rows.append(f"{rank + 1:>2} " + " ".join(cells))
        rows.append("   " + " ".join("abcdefghij"))
        return "\n".join(rows)

    # ------------------------------------------------------------ internals

    @staticmethod
    def _square_index(square: str) -> int:
        index = SQUARE_INDEX.get(square) if isinstance(square, str) else None
        if index is None:
            raise IllegalMove(
                "bad_notation", f"{square!r} is not a square (a1 to j10).", text=str(square)
            )
        return index

    def _game_over_error(self) -> IllegalMove:
        return IllegalMove(
            "game_over",
            "The game is over.",
            result=self._result,
            end_reason=self._end_reason,
        )

    def _legal_codes(self) -> list[int]:
        codes = self._legal_codes_cache
        if codes is None:
            codes = self._legal_codes_cache = self._generate(self._turn)
        return codes

    def _legal_set(self) -> set[int]:
        legal = self._legal_set_cache
        if legal is None:
            legal = self._legal_set_cache = set(self._legal_codes())
        return legal

    def _generate(self, side: int) -> list[int]:
        """Legal board moves of ``side`` as sorted codes (from * 100 + to)."""
        board = self._board
        square_of = self._square
        mobility = self._mobility
        owner_of = _OWNER_OF_CELL
        neighbours = NEIGHBOURS
        codes: list[int] = []
        append = codes.append
        classic = self.options.classic_scouts
        start = side * 40
        for piece in range(start, start + 40):
            origin = square_of[piece]
            if origin < 0:
                continue
            kind = mobility[piece]
            if kind == 1:
                base = origin * 100
                for target in neighbours[origin]:
                    if owner_of[board[target]] != side:
                        append(base + target)
            elif kind == 2:
                base = origin * 100
                for ray in RAYS[origin]:
                    for distance, target in enumerate(ray):
                        cell = board[target]
                        if cell < 0:
                            append(base + target)
                            continue
                        if owner_of[cell] != side and not (classic and distance):
                            append(base + target)
                        break
        forbidden = self._forbidden(side)
        if forbidden:
            codes = [code for code in codes if code not in forbidden]
        codes.sort()
        return codes

    def _forbidden(self, side: int) -> set[int] | None:
        """Moves the two-squares and chasing rules forbid ``side`` right now."""
        forbidden: set[int] | None = None
        piece, origin, target, count = self._shuttle[side]
        if count >= self.options.two_squares_limit and self._square[piece] == target:
            forbidden = {target * 100 + origin}
        if self.options.chasing_rule:
            chase_forbidden = self._chase_forbidden(side)
            if chase_forbidden:
                forbidden = (forbidden or set()) | chase_forbidden
        return forbidden

    def _chasing_target(self, side: int, piece: int) -> tuple[int, int] | None:
        """(chased piece, its square) if moving ``piece`` now could be a chasing move:
        the opponent's last move took a piece away from next to ``piece``."""
        last = self._last_moved[1 - side]
        if last is None:
            return None
        chased, chased_from, chased_to = last
        if self._square[chased] != chased_to:
            return None
        if chased_from not in ADJACENT[self._square[piece]]:
            return None
        return chased, chased_to

    def _chase_forbidden(self, side: int) -> set[int]:
        chase = self._chase[side]
        if chase is None:
            return set()
        chaser, chased, visited = chase
        origin = self._square[chaser]
        if origin < 0:
            return set()
        target = self._chasing_target(side, chaser)
        if target is None or target[0] != chased:
            return set()
        chased_square = target[1]
        return {
            origin * 100 + square
            for square in NEIGHBOURS[origin]
            if self._board[square] < 0
            and square in ADJACENT[chased_square]
            and (square, chased_square) in visited
        }

    def _update_chase(self, side: int, piece: int, origin: int, target: int) -> None:
        """Called before the board changes, for a non-attacking move."""
        found = self._chasing_target(side, piece)
        if found is None or target not in ADJACENT[found[1]]:
            self._chase[side] = None
            return
        chased, chased_square = found
        chase = self._chase[side]
        if chase is not None and chase[0] == piece and chase[1] == chased:
            visited = chase[2] | {(target, chased_square)}
        else:
            last = self._last_moved[1 - side]
            assert last is not None
            visited = frozenset({(origin, last[1]), (target, chased_square)})
        self._chase[side] = (piece, chased, visited)

    def _snapshot(self) -> tuple[Any, ...]:
        return (
            self._board[:],
            self._square[:],
            self._moved[:],
            self._known[:],
            self._movable[:],
            self._turn,
            self._result,
            self._end_reason,
            self._shuttle[:],
            self._chase[:],
            self._last_moved[:],
            self._pending_rescue,
            self._rescues[:],
            self._has_rescued[:],
            len(self._capture_log),
            len(self._rescue_log),
        )

    def _restore(self, snapshot: tuple[Any, ...]) -> None:
        (
            self._board,
            self._square,
            self._moved,
            self._known,
            self._movable,
            self._turn,
            self._result,
            self._end_reason,
            self._shuttle,
            self._chase,
            self._last_moved,
            self._pending_rescue,
            self._rescues,
            self._has_rescued,
            captures,
            rescues,
        ) = snapshot
        del self._capture_log[captures:]
        del self._rescue_log[rescues:]
        self._invalidate()

    def _invalidate(self) -> None:
        self._legal_codes_cache = None
        self._legal_set_cache = None
        self._legal_names_cache = None

    def _remove(self, piece: int) -> None:
        self._board[self._square[piece]] = EMPTY
        self._square[piece] = EMPTY
        if self._mobility[piece]:
            self._movable[piece // 40] -= 1
        self._capture_log.append((piece, self._known[piece]))

    def _apply_move(self, code: int) -> MoveRecord:
        self._undo_stack.append(self._snapshot())
        origin, target = divmod(code, 100)
        board = self._board
        side = self._turn
        mover = board[origin]
        defender = board[target]

        piece, last_origin, last_target, count = self._shuttle[side]
        if piece == mover and last_target == origin and last_origin == target:
            self._shuttle[side] = (mover, origin, target, count + 1)
        else:
            self._shuttle[side] = (mover, origin, target, 1)
        if self.options.chasing_rule:
            if defender < 0:
                self._update_chase(side, mover, origin, target)
            else:
                self._chase[side] = None
        self._last_moved[side] = (mover, origin, target)
        self._moved[mover] = True

        letters = self._letters
        outcome = None
        defender_revealed = False
        if defender < 0:
            board[target] = mover
            board[origin] = EMPTY
            self._square[mover] = target
        else:
            attacker_letter, defender_letter = letters[mover], letters[defender]
            outcome = battle(attacker_letter, defender_letter, self.options.attackers_advantage)
            self._known[mover] = True
            defender_revealed = (
                not self.options.silent_defence
                or attacker_letter == SCOUT
                or defender_letter == FLAG
            )
            if defender_revealed:
                self._known[defender] = True
            if outcome == ATTACKER_WON:
                self._remove(defender)
                board[target] = mover
                board[origin] = EMPTY
                self._square[mover] = target
            elif outcome == DEFENDER_WON:
                self._remove(mover)
            else:
                self._remove(mover)
                self._remove(defender)
            if defender_letter == FLAG:
                self._result, self._end_reason = PLAYERS[side], "flag_captured"

        # A rescue cannot change a game the opponent has already lost (no movable piece).
        rescue_pending = (
            self._result is None
            and self._movable[1 - side] > 0
            and self._may_rescue(side, mover, origin, target)
        )
        record = MoveRecord(
            notation=_MOVE_NAMES[code],
            player=PLAYERS[side],
            kind="move",
            from_square=SQUARE_NAMES[origin],
            to_square=SQUARE_NAMES[target],
            piece=letters[mover],
            piece_id=mover,
            defender=letters[defender] if defender >= 0 else None,
            defender_id=defender if defender >= 0 else None,
            outcome=outcome,
            defender_revealed=defender_revealed,
            rescue_pending=rescue_pending,
        )
        self._history.append(record)
        self._invalidate()
        if rescue_pending:
            self._pending_rescue = mover
        elif self._result is None:
            self._turn = 1 - side
            self._check_end_of_turn()
        return record

    def _may_rescue(self, side: int, mover: int, origin: int, target: int) -> bool:
        if not self.options.rescue or self._square[mover] != target:
            return False
        enemy_back = range(90, 100) if side == _RED else range(0, 10)
        if target not in enemy_back or origin in enemy_back:
            return False
        if not PIECES[self._letters[mover]].can_rescue or self._has_rescued[mover]:
            return False
        if self._rescues[side] >= MAX_RESCUES:
            return False
        return bool(self._rescuable_letters(side)) and bool(self._empty_setup_squares(side))

    def _rescuable_letters(self, side: int) -> list[str]:
        present = {
            self._letters[p]
            for p in range(side * 40, side * 40 + 40)
            if self._square[p] < 0
            and self._letters[p] != EMPTY_SQUARE
            and PIECES[self._letters[p]].can_be_rescued
        }
        return [letter for letter in PIECES if letter in present]

    def _empty_setup_squares(self, side: int) -> list[int]:
        area = range(0, 40) if side == _RED else range(60, 100)
        return [square for square in area if self._board[square] < 0]

    def _rescue_actions(self) -> list[Rescue]:
        side = self._turn
        squares = [SQUARE_NAMES[s] for s in self._empty_setup_squares(side)]
        return [
            Rescue(letter, square) for letter in self._rescuable_letters(side) for square in squares
        ]

    def _check_end_of_turn(self) -> None:
        """Decide whether the player now to move (or their opponent) has lost."""
        to_move = self._turn
        mover = 1 - to_move
        movable = self._movable
        if movable[to_move] == 0 or movable[mover] == 0:
            if movable[to_move] == 0 and movable[mover] == 0:
                self._result, self._end_reason = "draw", "both_cannot_move"
            else:
                winner = to_move if movable[mover] == 0 else mover
                self._result, self._end_reason = PLAYERS[winner], "no_movable_pieces"
            return
        if not self._legal_codes():
            if self._generate(mover):
                self._result, self._end_reason = PLAYERS[mover], "no_legal_moves"
            else:
                self._result, self._end_reason = "draw", "both_cannot_move"

    def _rescue_problem(self, rescue: Rescue) -> IllegalMove | None:
        """Why a rescue choice is refused while a rescue is pending, or None."""
        letter, square_name = rescue.piece, rescue.square
        if letter is None or square_name is None:
            return None
        if letter == BOMB:
            return IllegalMove("rescue_bomb", "Bombs cannot be rescued.", piece=letter)
        if self._rescue_candidate(letter) is None:
            return IllegalMove(
                "rescue_not_in_graveyard",
                f"You have no captured {PIECES[letter].name_en} to rescue.",
                piece=letter,
            )
        if SQUARE_INDEX[square_name] not in self._empty_setup_squares(self._turn):
            return IllegalMove(
                "rescue_square",
                f"A rescued piece goes on an empty square of your own setup area, "
                f"not {square_name}.",
                square=square_name,
            )
        return None

    def _rescue_candidate(self, letter: str) -> int | None:
        """The captured piece of the side to move a rescue of ``letter`` brings back."""
        side = self._turn
        return next(
            (
                p
                for p in range(side * 40, side * 40 + 40)
                if self._square[p] < 0 and self._letters[p] == letter
            ),
            None,
        )

    def _apply_rescue(self, rescue: Rescue) -> MoveRecord:
        """Play a rescue choice already checked."""
        side = self._turn
        player = PLAYERS[side]
        rescuer = self._pending_rescue
        self._undo_stack.append(self._snapshot())
        if rescue.piece is None or rescue.square is None:
            record = MoveRecord(NO_RESCUE, player, "no_rescue", None, None, None, rescuer)
            return self._finish_rescue(record)
        rescued = self._rescue_candidate(rescue.piece)
        assert rescued is not None
        square = SQUARE_INDEX[rescue.square]
        self._board[square] = rescued
        self._square[rescued] = square
        self._known[rescued] = False
        self._moved[rescued] = False
        self._movable[side] += 1
        self._rescues[side] += 1
        self._has_rescued[rescuer] = True
        self._rescue_log.append(rescued)
        record = MoveRecord(
            str(rescue), player, "rescue", None, rescue.square, rescue.piece, rescued
        )
        return self._finish_rescue(record)

    def _finish_rescue(self, record: MoveRecord) -> MoveRecord:
        self._history.append(record)
        self._pending_rescue = EMPTY
        self._turn = 1 - self._turn
        self._invalidate()
        self._check_end_of_turn()
        return record

    def _diagnose(self, move: Move) -> IllegalMove:
        """The reason a board move is illegal, as precisely as a player needs it."""
        origin_name, target_name = move.from_square, move.to_square
        origin, target = SQUARE_INDEX[origin_name], SQUARE_INDEX[target_name]
        side = self._turn
        piece = self._board[origin]
        where = {"from": origin_name, "to": target_name}
        if piece < 0:
            return IllegalMove(
                "no_piece", f"There is no piece on {origin_name}.", square=origin_name
            )
        if piece // 40 != side:
            return IllegalMove(
                "not_your_piece",
                f"The piece on {origin_name} is not yours.",
                square=origin_name,
            )
        letter = self._letters[piece]
        name = PIECES[letter].name_en
        if not self._mobility[piece]:
            return IllegalMove(
                "immovable", f"The {name} never moves.", square=origin_name, piece=letter
            )
        if origin == target:
            return IllegalMove(
                "same_square", "A move must go to another square.", square=origin_name
            )
        same_file = origin % 10 == target % 10
        same_rank = origin // 10 == target // 10
        if not (same_file or same_rank):
            return IllegalMove("diagonal", "Pieces never move diagonally.", **where)
        step = (10 if target > origin else -10) if same_file else (1 if target > origin else -1)
        path = list(range(origin + step, target, step))
        if target in LAKES or any(square in LAKES for square in path):
            return IllegalMove("lake", "No piece may enter or cross a lake.", **where)
        if path and letter != SCOUT:
            return IllegalMove(
                "too_far",
                f"The {name} moves one square at a time; only Scouts go further.",
                piece=letter,
                **where,
            )
        for square in path:
            if self._board[square] >= 0:
                return IllegalMove(
                    "scout_blocked",
                    f"The Scout cannot jump over the piece on {SQUARE_NAMES[square]}.",
                    blocker=SQUARE_NAMES[square],
                    **where,
                )
        occupant = self._board[target]
        if occupant >= 0 and occupant // 40 == side:
            return IllegalMove(
                "own_piece", f"Your own piece stands on {target_name}.", to=target_name
            )
        if occupant >= 0 and path and self.options.classic_scouts:
            return IllegalMove(
                "classic_scouts",
                "Classic scouts: a Scout that moves more than one square cannot attack.",
                **where,
            )
        shuttle_piece, shuttle_from, shuttle_to, count = self._shuttle[side]
        if (
            shuttle_piece == piece
            and shuttle_to == origin
            and shuttle_from == target
            and count >= self.options.two_squares_limit
        ):
            limit = self.options.two_squares_limit
            return IllegalMove(
                "two_squares",
                f"Two-squares rule: this piece may not move back and forth between "
                f"{origin_name} and {target_name} more than {limit} times in a row.",
                limit=limit,
                **where,
            )
        if self.options.chasing_rule and origin * 100 + target in self._chase_forbidden(side):
            return IllegalMove(
                "chasing",
                "Chasing rule: this move would repeat a position of your chase.",
                **where,
            )
        return IllegalMove("bad_notation", f"'{move}' is not a legal move.", text=str(move))


def new_game(red_setup: str, blue_setup: str, options: Options | None = None) -> Game:
    """A new game from two 40-character setups (validated: SetupError if wrong)."""
    return Game(red_setup, blue_setup, options)


if TYPE_CHECKING:
    from engine.protocol import GameProtocol

    def _implements_the_protocol(game: Game) -> GameProtocol[Action]:
        """mypy checks here that Game is a GameProtocol[Action]."""
        return game
