"""Errors the Ideology engine raises. Each carries a stable machine ``code``, JSON-plain
``params`` for the UI to translate, and an English ``message`` a player understands.

>>> error = IllegalAction("zone_full", "That zone is full.", region="Iran")
>>> error.code, error.params, str(error)
('zone_full', {'region': 'Iran'}, 'That zone is full.')
>>> isinstance(error, ValueError)
True
"""

from __future__ import annotations

from typing import Any


class IdeologyError(ValueError):
    """Base of every Ideology engine error."""

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params: dict[str, Any] = params

    def to_dict(self) -> dict[str, Any]:
        """The error as a JSON-plain dict: ``{"code", "params", "message"}``."""
        return {"code": self.code, "params": dict(self.params), "message": self.message}


class IllegalAction(IdeologyError):
    """An action that is malformed or not allowed now; the game is left unchanged."""


class SetupError(IdeologyError):
    """``new_game`` was given ideologies, a seed or options it cannot use."""


class SaveError(IdeologyError):
    """A saved game document is malformed, of an unknown version, or does not replay."""
