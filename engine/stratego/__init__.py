"""Stratego, every rule of ``shared/rules/stratego.md`` and the armies of
``shared/rules/stratego-variants.md`` (the original description wins).

Public API (see docs/stratego-api.md)::

    from engine import stratego
    game = stratego.new_game(red_setup, blue_setup, stratego.Options(army="barrage"))
    game.to_act, game.legal_actions("red"), game.check("red", stratego.Move("e4", "e5"))
    game.apply("red", stratego.Move("e4", "e5")), game.view("red"), game.result
    game.legal_moves(), game.play("e4-e5"), game.undo(), stratego.from_json(game.to_json())
    stratego.fill_setup(partial, army="duel", seed=7)

``Game`` implements :class:`engine.protocol.GameProtocol` with :data:`Action`.
Decisions (the two-squares limit of 2 from the description's "three consecutive turns",
rescue, silent defence, end of game) are documented in :mod:`engine.stratego.game`;
errors and their codes in :mod:`engine.stratego.errors`.
"""

from . import ai
from .actions import NO_RESCUE, NO_RESCUE_ACTION, Action, Move, Rescue, parse_action
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
from .fill import fill_setup
from .game import (
    END_REASONS,
    ISF_TWO_SQUARES_LIMIT,
    MAX_RESCUES,
    TWO_SQUARES_LIMIT,
    Game,
    MoveRecord,
    Options,
    OptionsDict,
    battle,
    new_game,
)
from .pieces import (
    ARMIES,
    ARMY_NAMES,
    EMPTY_SQUARE,
    PIECE_COUNTS,
    PIECE_KINDS,
    PIECES,
    PLAYERS,
    Army,
    PieceKind,
    opponent,
)
from .record import RECORD_ERROR_CODES, GameRecord, RecordError, is_record, read_record, record_text
from .saves import SAVE_VERSION, from_json
from .setup import (
    BUILTIN_SETUPS,
    BUILTIN_SETUPS_BY_ARMY,
    army_of,
    builtin_setup,
    builtin_setups,
    from_gravon,
    from_gravon_board,
    get_army,
    human_setups,
    human_setups_credit,
    is_valid_setup,
    mirror_setup,
    parse_setup,
    random_setup,
    to_gravon,
    to_gravon_board,
)
from .views import (
    AttackView,
    GraveyardView,
    HistoryMoveView,
    HistoryRescueView,
    HistoryView,
    LastMoveView,
    PieceView,
    RescueView,
    StrategoView,
)

__all__ = [
    "ARMIES",
    "ARMY_NAMES",
    "BUILTIN_SETUPS",
    "BUILTIN_SETUPS_BY_ARMY",
    "EMPTY_SQUARE",
    "END_REASONS",
    "ERROR_CODES",
    "ILLEGAL_MOVE_CODES",
    "ISF_TWO_SQUARES_LIMIT",
    "LAKE_NAMES",
    "MAX_RESCUES",
    "NO_RESCUE",
    "NO_RESCUE_ACTION",
    "PIECES",
    "PIECE_COUNTS",
    "PIECE_KINDS",
    "PLAYERS",
    "RECORD_ERROR_CODES",
    "SAVE_ERROR_CODES",
    "SAVE_VERSION",
    "SETUP_ERROR_CODES",
    "SQUARE_NAMES",
    "TWO_SQUARES_LIMIT",
    "Action",
    "Army",
    "AttackView",
    "Game",
    "GameRecord",
    "GraveyardView",
    "HistoryMoveView",
    "HistoryRescueView",
    "HistoryView",
    "IllegalMove",
    "LastMoveView",
    "Move",
    "MoveRecord",
    "Options",
    "OptionsDict",
    "PieceKind",
    "PieceView",
    "RecordError",
    "Rescue",
    "RescueView",
    "SaveError",
    "SetupError",
    "StrategoError",
    "StrategoView",
    "ai",
    "army_of",
    "battle",
    "builtin_setup",
    "builtin_setups",
    "fill_setup",
    "from_gravon",
    "from_gravon_board",
    "from_json",
    "get_army",
    "human_setups",
    "human_setups_credit",
    "is_record",
    "is_valid_setup",
    "mirror_setup",
    "new_game",
    "opponent",
    "parse_action",
    "parse_setup",
    "random_setup",
    "read_record",
    "record_text",
    "to_gravon",
    "to_gravon_board",
]
