"""Stratego, every rule of ``shared/rules/stratego.md`` (the original description wins).

Public API (see docs/stratego-api.md)::

    from engine import stratego
    game = stratego.new_game(red_setup, blue_setup, stratego.Options(rescue=True))
    game.turn, game.legal_moves(), game.play("e4-e5"), game.piece_at("e4"), game.result
    game.view("red"), game.undo(), game.to_json(), stratego.from_json(text)

Decisions (the two-squares limit of 2 from the description's "three consecutive turns",
rescue, silent defence, end of game) are documented in :mod:`engine.stratego.game`;
errors and their codes in :mod:`engine.stratego.errors`.
"""

from . import ai
from .board import LAKE_NAMES, SQUARE_NAMES
from .errors import (
    ERROR_CODES,
    ILLEGAL_MOVE_CODES,
    SAVE_ERROR_CODES,
    SETUP_ERROR_CODES,
    IllegalMove,
    SaveError,
    SetupError,
    StrategoError,
)
from .game import (
    END_REASONS,
    ISF_TWO_SQUARES_LIMIT,
    MAX_RESCUES,
    NO_RESCUE,
    TWO_SQUARES_LIMIT,
    Game,
    MoveRecord,
    Options,
    battle,
    new_game,
)
from .pieces import PIECE_COUNTS, PIECE_KINDS, PIECES, PLAYERS, PieceKind, opponent
from .saves import SAVE_VERSION, from_json
from .setup import (
    BUILTIN_SETUPS,
    builtin_setup,
    from_gravon,
    from_gravon_board,
    human_setups,
    human_setups_credit,
    is_valid_setup,
    mirror_setup,
    parse_setup,
    random_setup,
    to_gravon,
    to_gravon_board,
)

__all__ = [
    "BUILTIN_SETUPS",
    "END_REASONS",
    "ERROR_CODES",
    "ILLEGAL_MOVE_CODES",
    "ISF_TWO_SQUARES_LIMIT",
    "LAKE_NAMES",
    "MAX_RESCUES",
    "NO_RESCUE",
    "PIECES",
    "PIECE_COUNTS",
    "PIECE_KINDS",
    "PLAYERS",
    "SAVE_ERROR_CODES",
    "SAVE_VERSION",
    "SETUP_ERROR_CODES",
    "SQUARE_NAMES",
    "TWO_SQUARES_LIMIT",
    "Game",
    "IllegalMove",
    "MoveRecord",
    "Options",
    "PieceKind",
    "SaveError",
    "SetupError",
    "StrategoError",
    "ai",
    "battle",
    "builtin_setup",
    "from_gravon",
    "from_gravon_board",
    "from_json",
    "human_setups",
    "human_setups_credit",
    "is_valid_setup",
    "mirror_setup",
    "new_game",
    "opponent",
    "parse_setup",
    "random_setup",
    "to_gravon",
    "to_gravon_board",
]
