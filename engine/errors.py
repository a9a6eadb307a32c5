"""The errors every game engine raises: a ``ValueError`` with a stable machine ``code``,
JSON-plain ``params`` for the UI to translate, and an English ``message`` a player
understands. Each game subclasses these (``stratego.IllegalMove``,
``ideology.IllegalAction``…), so the UI and the saves code catch one family for both.

>>> error = IllegalAction("zone_full", "That zone is full.", region="Iran")
>>> error.code, error.params, str(error)
('zone_full', {'region': 'Iran'}, 'That zone is full.')
>>> isinstance(error, GameError) and isinstance(error, ValueError)
True
>>> error.to_dict()
{'code': 'zone_full', 'message': 'That zone is full.', 'params': {'region': 'Iran'}}
"""

from __future__ import annotations

from typing import Any


class GameError(ValueError):
    """Base of every engine error."""

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params: dict[str, Any] = params

    def to_dict(self) -> dict[str, Any]:
        """The error as a JSON-plain dict: ``{"code", "message", "params"}``."""
        return {"code": self.code, "message": self.message, "params": dict(self.params)}


class IllegalAction(GameError):
    """An action that is malformed or not allowed now; the game is left unchanged."""


class SetupError(GameError):
    """A game cannot start from what it was given (setup, players, seed, options)."""


class SaveError(GameError):
    """A saved game that cannot be loaded (see :data:`engine.saves.SAVE_ERROR_CODES`)."""
