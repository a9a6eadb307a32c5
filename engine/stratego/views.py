"""What one player may see: the only game data the UI renders.

A view is a plain JSON-serialisable dict, typed as :class:`StrategoView`::

    {
      "game": "stratego", "player": "red" (None: a spectator), "turn": "blue",
      "phase": "move" | "rescue" | "over",
      "result": None | "red" | "blue" | "draw", "end_reason": None | ...,
      "options": {"army": "classic", ...}, "move_count": 12,
      "pieces": {"e4": {"owner": "red", "letter": "X", "known": False, "moved": True}, ...},
      "graveyards": {"red": {"captured": [...], "rescued": [...]}, "blue": {...}},
      "last_move": None | {...},
      "history": [{"player": "red", "from": "e4", "to": "e5", "attack": False,
                   "outcome": None}, {"player": "blue", "rescue": "c9"}, ...],
    }

* ``options`` are the game's :class:`~engine.stratego.Options`, the army included.
* ``pieces`` holds every piece on the board, by square (a1 first). ``letter`` is None for
  an enemy piece whose rank the viewer has not learnt. ``known`` says whether the rank is
  known to the piece's opponent (for an enemy piece: to the viewer; for an own piece: to
  the enemy). ``moved`` says whether the piece has moved since the game began (or since
  it was rescued), which shows it is neither Bomb nor Flag.
* A rank revealed by an attack stays known while the piece lives. With silent defence
  only the attacker is revealed (and the defender when a Scout attacks, or the Flag).
* ``graveyards[owner]["captured"]`` lists the owner's pieces in the order they were
  captured, each a letter or None (captured unseen, e.g. a silent defender); own pieces
  always show. ``rescued`` lists rescues in order: letters for the owner, None for the
  opponent. The pieces lying in a graveyard now are ``captured`` minus ``rescued``. Why
  this shape: if a rescue simply removed its piece from the opponent's graveyard, the
  opponent would learn which piece came back; keeping the capture record and counting
  rescues tells them exactly what the rules allow ("a piece was rescued") and no more.
  A rescued piece reappears on the board unknown and unmoved.
* ``last_move`` is the last board move as the viewer may see it: ``player``, ``from``,
  ``to``, ``piece`` (letter or None), ``attack`` (None or {"defender": letter or None,
  "outcome": "attacker_won" | "defender_won" | "both_removed"}), and ``rescue`` (None or
  {"square": ..., "piece": letter or None} when a piece was rescued after it). The
  opponent is never told that a rescue was *offered* or declined, and during a pending
  rescue their view shows phase "move" (otherwise they would learn that the piece is no
  Scout).
* ``history`` is the move list both players may see, oldest first: who moved from where
  to where, whether it was an attack and how it ended, and each rescue's square. It
  holds no rank (those the viewer may know are in ``pieces``, ``graveyards`` and
  ``last_move``), and no declined rescue.
* A spectator's view (``player`` None) shows the ranks revealed to both players only,
  every graveyard entry that was known when captured, and never a rescued letter.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Literal, TypedDict

from .board import SQUARE_NAMES
from .pieces import PLAYERS

if TYPE_CHECKING:
    from .game import Game, OptionsDict


class PieceView(TypedDict):
    owner: str
    letter: str | None
    known: bool
    moved: bool


class GraveyardView(TypedDict):
    captured: list[str | None]
    rescued: list[str | None]


class AttackView(TypedDict):
    defender: str | None
    outcome: str


class RescueView(TypedDict):
    square: str
    piece: str | None


# "from" is a Python keyword: these two are declared in the functional syntax.
LastMoveView = TypedDict(
    "LastMoveView",
    {
        "player": str,
        "from": str,
        "to": str,
        "piece": str | None,
        "attack": AttackView | None,
        "rescue": RescueView | None,
    },
)
HistoryMoveView = TypedDict(
    "HistoryMoveView",
    {"player": str, "from": str, "to": str, "attack": bool, "outcome": str | None},
)


class HistoryRescueView(TypedDict):
    player: str
    rescue: str


HistoryView = HistoryMoveView | HistoryRescueView
Phase = Literal["move", "rescue", "over"]


class StrategoView(TypedDict):
    """What one player (or a spectator) may see; see the module for each field."""

    game: Literal["stratego"]
    player: str | None
    turn: str
    phase: Phase
    result: str | None
    end_reason: str | None
    options: OptionsDict
    move_count: int
    pieces: dict[str, PieceView]
    graveyards: dict[str, GraveyardView]
    last_move: LastMoveView | None
    history: list[HistoryView]


def build_view(game: Game, player: str | None, reveal_all: bool = False) -> StrategoView:
    side = -1 if player is None else PLAYERS.index(player)
    letters = game._letters
    known = game._known

    def visible(piece: int) -> bool:
        return reveal_all or piece // 40 == side or known[piece]

    pieces: dict[str, PieceView] = {}
    for square, piece in enumerate(game._board):
        if piece < 0:
            continue
        pieces[SQUARE_NAMES[square]] = {
            "owner": PLAYERS[piece // 40],
            "letter": letters[piece] if visible(piece) else None,
            "known": known[piece],
            "moved": game._moved[piece],
        }

    graveyards: dict[str, GraveyardView] = {}
    for owner_side, owner in enumerate(PLAYERS):
        own = reveal_all or owner_side == side
        graveyards[owner] = {
            "captured": [
                letters[piece] if own or was_known else None
                for piece, was_known in game._capture_log
                if piece // 40 == owner_side
            ],
            "rescued": [
                letters[piece] if own else None
                for piece in game._rescue_log
                if piece // 40 == owner_side
            ],
        }

    phase: Phase
    if game.result is not None:
        phase = "over"
    elif game.rescue_pending and (game._turn == side or reveal_all):
        phase = "rescue"
    else:
        phase = "move"

    return {
        "game": "stratego",
        "player": player,
        "turn": game.turn,
        "phase": phase,
        "result": game.result,
        "end_reason": game.end_reason,
        "options": game.options.to_dict(),
        "move_count": game.move_count,
        "pieces": pieces,
        "graveyards": graveyards,
        "last_move": _last_move(game, side, reveal_all, visible),
        "history": public_history(game),
    }


def public_history(game: Game) -> list[HistoryView]:
    history: list[HistoryView] = []
    for record in game._history:
        if record.kind == "move":
            assert record.from_square is not None and record.to_square is not None
            history.append(
                {
                    "player": record.player,
                    "from": record.from_square,
                    "to": record.to_square,
                    "attack": record.is_attack,
                    "outcome": record.outcome,
                }
            )
        elif record.kind == "rescue":
            assert record.to_square is not None
            history.append({"player": record.player, "rescue": record.to_square})
    return history


def own_last_move(game: Game, player: str) -> LastMoveView | None:
    """``player``'s last board move, and the rescue it earned, as ``player`` saw it when
    they made it (their view's ``last_move`` then): read from the history, not replayed."""
    side = PLAYERS.index(player)
    return _last_move(game, side, False, lambda piece: piece // 40 == side, mover=player)


def _last_move(
    game: Game,
    side: int,
    reveal_all: bool,
    visible: Callable[[int], bool],
    mover: str | None = None,
) -> LastMoveView | None:
    """The last board move (``mover``'s, when given) as ``side`` sees it."""
    history = game._history
    index = len(history) - 1
    while index >= 0 and (
        history[index].kind != "move" or (mover is not None and history[index].player != mover)
    ):
        index -= 1
    if index < 0:
        return None
    record = history[index]
    assert record.from_square is not None and record.to_square is not None
    own = reveal_all or record.piece_id // 40 == side
    attack: AttackView | None = None
    if record.defender is not None:
        defender_id = record.defender_id
        assert defender_id is not None and record.outcome is not None
        show_defender = reveal_all or record.defender_revealed or defender_id // 40 == side
        attack = {
            "defender": record.defender if show_defender else None,
            "outcome": record.outcome,
        }
    # The attacker is always revealed; a plain move shows the piece if its rank is known.
    show_piece = own or attack is not None or visible(record.piece_id)
    rescue: RescueView | None = None
    if index + 1 < len(history) and history[index + 1].kind == "rescue":
        rescued = history[index + 1]
        assert rescued.to_square is not None
        rescue = {"square": rescued.to_square, "piece": rescued.piece if own else None}
    return {
        "player": record.player,
        "from": record.from_square,
        "to": record.to_square,
        "piece": record.piece if show_piece else None,
        "attack": attack,
        "rescue": rescue,
    }
