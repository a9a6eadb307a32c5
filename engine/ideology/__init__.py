"""Ideology: The War of Ideas — the rules engine (pure Python, no dependencies).

>>> from engine import ideology
>>> game = ideology.new_game(["Capitalism", "Communism", "Fascism"], seed=7)
>>> game.phase, len(game.to_act), game.result
('exchange', 1, None)

See docs/ideology-api.md for the API, the action notation and the error codes.
"""

from __future__ import annotations

from . import ai
from .actions import Action, parse
from .data import (
    ADVANCES,
    CARD_TYPES,
    IDEOLOGIES,
    LEVEL_COUNTS_ONLY_CONTROLLER_CARDS,
    PHASES,
    REGIONS,
    STATUSES,
)
from .errors import GameError, IdeologyError, IllegalAction, SaveError, SetupError
from .game import Game, new_game
from .saves import SAVE_VERSION, from_json
from .views import GameView

__all__ = [
    "ADVANCES",
    "CARD_TYPES",
    "IDEOLOGIES",
    "LEVEL_COUNTS_ONLY_CONTROLLER_CARDS",
    "PHASES",
    "REGIONS",
    "SAVE_VERSION",
    "STATUSES",
    "Action",
    "Game",
    "GameError",
    "GameView",
    "IdeologyError",
    "IllegalAction",
    "SaveError",
    "SetupError",
    "ai",
    "from_json",
    "new_game",
    "parse",
]
