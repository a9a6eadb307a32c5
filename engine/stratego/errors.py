"""Errors raised by the Stratego engine, each with a stable machine ``code``.

They belong to the family every engine shares (:mod:`engine.errors`): an
:class:`IllegalMove` is an ``engine.errors.IllegalAction``, a :class:`SetupError` an
``engine.errors.SetupError``, a :class:`SaveError` an ``engine.errors.SaveError``, and
all are ``ValueError`` subclasses. The UI translates by ``code`` (and fills in ``params``);
``str(error)`` is an English sentence a player understands. :data:`ERROR_CODES` lists
every code with its meaning and is the reference for translators (also listed in
docs/stratego-api.md).

>>> error = IllegalMove("immovable", "The Bomb never moves.", square="e4", piece="B")
>>> error.code, error.params, str(error)
('immovable', {'square': 'e4', 'piece': 'B'}, 'The Bomb never moves.')
>>> from engine.errors import GameError, IllegalAction
>>> isinstance(error, IllegalAction) and isinstance(error, GameError)
True
"""

from __future__ import annotations

from typing import Final

from engine import errors
from engine.saves import SAVE_ERROR_CODES as SAVE_ERROR_CODES


class StrategoError(errors.GameError):
    """Base class of the Stratego engine's errors (a ``GameError``)."""


class IllegalMove(StrategoError, errors.IllegalAction):
    """A move (or rescue choice, resignation, draw, undo) the rules do not allow now."""


class SetupError(StrategoError, errors.SetupError):
    """A setup that is not a legal army in the setup notation (or options that are not)."""


class SaveError(StrategoError, errors.SaveError):
    """A saved game that cannot be loaded (codes: :data:`SAVE_ERROR_CODES`, shared by
    every game)."""


ILLEGAL_MOVE_CODES: Final[dict[str, str]] = {
    "bad_notation": "The text is not a move such as 'e4-e5' or a rescue choice (params: text).",
    "no_piece": "There is no piece on the starting square (params: square).",
    "not_your_piece": "The piece belongs to the other player (params: square).",
    "immovable": "Bombs and the Flag never move (params: square, piece).",
    "same_square": "A move must go to another square (params: square).",
    "diagonal": "Moves are straight: no diagonals (params: from, to).",
    "too_far": "Only a Scout moves more than one square (params: from, to, piece).",
    "lake": "No piece may enter or cross a lake (params: from, to).",
    "own_piece": "The target square holds one of your own pieces (params: to).",
    "scout_blocked": "A Scout cannot jump over a piece (params: from, to, blocker).",
    "classic_scouts": "Classic scouts: a Scout that moves more than one square may not "
    "attack in the same turn (params: from, to).",
    "two_squares": "Two-squares rule: no more back-and-forth moves of this piece between "
    "these squares (params: from, to, limit).",
    "chasing": "Chasing rule: this chasing move would repeat an earlier position of the "
    "chase (params: from, to).",
    "game_over": "The game has ended (params: result, end_reason).",
    "rescue_pending": "A rescue choice is expected, not a move (params: player).",
    "no_rescue_pending": "There is no rescue to choose now (params: text).",
    "rescue_not_in_graveyard": "No captured piece of that kind to rescue (params: piece).",
    "rescue_bomb": "Bombs cannot be rescued (params: piece).",
    "rescue_square": "A rescued piece goes on an empty square of your own setup area "
    "(params: square).",
    "nothing_to_undo": "There is no move to undo.",
    "unknown_player": "The player must be 'red' or 'blue' (params: player).",
    "not_your_turn": "It is the other player's turn (params: player, turn).",
}

SETUP_ERROR_CODES: Final[dict[str, str]] = {
    "not_text": "The setup is not a string.",
    "wrong_length": "A setup has exactly 40 characters, '.' for an empty square "
    "(params: length, expected).",
    "unknown_character": "A character that is no piece letter "
    "(params: character, position (1-based)).",
    "piece_count": "Wrong number of some pieces for the army "
    "(params: army; missing, extra: letter -> count).",
    "unknown_army": "No army has that name (params: army, armies).",
    "unknown_setup": "No built-in setup has that name (params: name, army).",
    "gravon_side": "Gravon letters of both armies mixed in one setup (params: position).",
}

ERROR_CODES: Final[dict[str, dict[str, str]]] = {
    "IllegalMove": ILLEGAL_MOVE_CODES,
    "SetupError": SETUP_ERROR_CODES,
    "SaveError": SAVE_ERROR_CODES,
}
"""Every error code by error class, with an English description of it and its params.
Save errors are the codes every game shares (:data:`engine.saves.SAVE_ERROR_CODES`)."""
