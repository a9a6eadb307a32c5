"""Errors raised by the Stratego engine, each with a stable machine ``code``.

The UI translates by ``code`` (and fills in ``params``); ``str(error)`` is an English
sentence a player understands. :data:`ERROR_CODES` lists every code with its meaning
and is the reference for translators (also listed in docs/stratego-api.md).

>>> error = IllegalMove("immovable", "The Bomb never moves.", square="e4", piece="B")
>>> error.code, error.params, str(error)
('immovable', {'square': 'e4', 'piece': 'B'}, 'The Bomb never moves.')
>>> isinstance(error, ValueError)
True
"""

from __future__ import annotations

from typing import Final


class StrategoError(ValueError):
    """Base class: a ValueError with a machine ``code`` and a ``params`` dict."""

    def __init__(self, code: str, message: str, **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params: dict[str, object] = params

    def to_dict(self) -> dict[str, object]:
        """Plain JSON-serialisable form, handy for the UI."""
        return {"code": self.code, "message": self.message, "params": dict(self.params)}


class IllegalMove(StrategoError):
    """A move (or rescue choice, resignation, draw, undo) the rules do not allow now."""


class SetupError(StrategoError):
    """A setup that is not a legal 40-piece army in the setup notation."""


class SaveError(StrategoError):
    """A saved game that cannot be loaded."""


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
}

SETUP_ERROR_CODES: Final[dict[str, str]] = {
    "not_text": "The setup is not a string.",
    "wrong_length": "A setup has exactly 40 characters (params: length, expected).",
    "unknown_character": "A character that is no piece letter "
    "(params: character, position (1-based)).",
    "piece_count": "Wrong number of some pieces (params: missing, extra: letter -> count).",
    "unknown_setup": "No built-in setup has that name (params: name).",
    "gravon_side": "Gravon letters of both armies mixed in one setup (params: position).",
}

SAVE_ERROR_CODES: Final[dict[str, str]] = {
    "bad_json": "The text is not valid JSON (params: detail).",
    "not_an_object": "The document is not a JSON object.",
    "wrong_game": "The document is a save of another game (params: game).",
    "unknown_version": "The save format version is not supported (params: version).",
    "missing_field": "A required field is missing (params: field).",
    "bad_field": "A field has the wrong type or value (params: field).",
    "bad_setup": "A setup in the save is invalid (params: side, setup_code, detail).",
    "illegal_move": "A move in the save is not legal at that point "
    "(params: index (0-based), move, move_code, detail).",
}

ERROR_CODES: Final[dict[str, dict[str, str]]] = {
    "IllegalMove": ILLEGAL_MOVE_CODES,
    "SetupError": SETUP_ERROR_CODES,
    "SaveError": SAVE_ERROR_CODES,
}
"""Every error code by error class, with an English description of it and its params."""
