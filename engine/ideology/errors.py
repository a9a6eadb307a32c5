"""The errors the Ideology engine raises: the engine-wide family of
:mod:`engine.errors`, so the UI and the saves code catch one family for both games. Each
carries a stable machine ``code``, JSON-plain ``params`` for the UI to translate, and an
English ``message`` a player understands.

>>> error = IllegalAction("zone_full", "That zone is full.", region="Iran")
>>> error.code, error.params, str(error)
('zone_full', {'region': 'Iran'}, 'That zone is full.')
>>> isinstance(error, GameError) and isinstance(error, ValueError)
True
"""

from __future__ import annotations

from engine.errors import GameError, IllegalAction, SaveError, SetupError

#: The name this engine's base error had before both games shared one family.
IdeologyError = GameError

__all__ = ["GameError", "IdeologyError", "IllegalAction", "SaveError", "SetupError"]
