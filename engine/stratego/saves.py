"""Saving and loading games as versioned JSON, in the envelope every game shares
(:mod:`engine.saves`).

Format (version 2)::

    {"game": "stratego", "version": 2,
     "red_setup": "<40 chars>", "blue_setup": "<40 chars>",
     "options": {"army": "classic", "silent_defence": false, ..., "two_squares_limit": 2},
     "moves": ["a4-a5", "j7-j6", ..., "rescue 7 b2", "no rescue"],
     "ending": null | {"reason": "agreed_draw"} | {"reason": "resigned", "player": "red"}}

``moves`` holds every play in order (board moves and rescue choices) in the notation of
the actions (``str(action)``); loading replays them, so the loaded game is equal to the
saved one, history (two-squares and chasing rules, undo) included. ``options`` may omit
keys (they take their defaults); ``ending`` is optional. Setups of the Barrage and Duel
armies hold ``.`` for their empty squares.

Version 1 (before the armies) had no ``army``: it loads as the classic army.

>>> from engine.stratego import BUILTIN_SETUPS, new_game
>>> game = new_game(BUILTIN_SETUPS["Scout screen"], BUILTIN_SETUPS["Bomb wall"])
>>> _ = game.play("a4-a5")
>>> from_json(game.to_json()) == game
True
>>> from_json('{"game": "stratego", "version": 9}')
Traceback (most recent call last):
  ...
engine.stratego.errors.SaveError: This save uses format version 9; this app reads version 2.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Final

from engine import errors, saves

from .errors import IllegalMove, SaveError, SetupError
from .setup import parse_setup

if TYPE_CHECKING:
    from .game import Game

GAME: Final = "stratego"
SAVE_VERSION: Final = 2


def _from_version_1(document: dict[str, Any]) -> dict[str, Any]:
    """Version 1 knew only the classic army; its options simply lack ``army``."""
    return {**document, "version": 2}


MIGRATIONS: Final[dict[int, saves.Migration]] = {1: _from_version_1}
"""Each older version's step to the next one."""


def game_to_dict(game: Game) -> dict[str, Any]:
    if game._custom_position:
        raise ValueError("a game built from a position cannot be saved")
    ending: dict[str, Any] | None = None
    if game.ending is not None:
        reason, player = game.ending
        ending = {"reason": reason} if player is None else {"reason": reason, "player": player}
    return {
        "game": GAME,
        "version": SAVE_VERSION,
        "red_setup": game.red_setup,
        "blue_setup": game.blue_setup,
        "options": dict(game.options.to_dict()),
        "moves": [record.notation for record in game.moves],
        "ending": ending,
    }


def game_to_json(game: Game) -> str:
    return json.dumps(game_to_dict(game), separators=(",", ":"))


def _stratego_error(error: errors.SaveError) -> SaveError:
    """The shared envelope's error as Stratego's (same code, message and params)."""
    return SaveError(error.code, error.message, **error.params)


def from_json(text: str | bytes) -> Game:
    """The game a JSON save describes; raises SaveError (with a code) if it cannot."""
    try:
        document = saves.parse_json(text)
    except errors.SaveError as error:
        raise _stratego_error(error) from None
    return from_dict(document)


def from_dict(document: object) -> Game:
    from .game import Game, Options

    try:
        document = saves.check_envelope(document, GAME, SAVE_VERSION, MIGRATIONS)
        options_data = document.get("options") or {}
        if not isinstance(options_data, dict):
            raise errors.SaveError(
                "bad_field", "The save's 'options' is not valid.", field="options"
            )
        setups = {side: saves.field(document, f"{side}_setup", str) for side in ("red", "blue")}
        moves = saves.field(document, "moves", list)
    except errors.SaveError as error:
        raise _stratego_error(error) from None
    try:
        options = Options.from_dict(options_data)
    except (ValueError, TypeError) as error:
        raise SaveError(
            "bad_field", f"The save's 'options' is not valid: {error}", field="options"
        ) from None
    for side, setup in setups.items():
        try:
            setups[side] = parse_setup(setup, options.army)
        except SetupError as error:
            raise SaveError(
                "bad_setup",
                f"The {side} setup in the save is invalid: {error}",
                side=side,
                cause=error.code,
                detail=str(error),
            ) from None
    game = Game(setups["red"], setups["blue"], options)
    for index, move in enumerate(moves):
        try:
            if not isinstance(move, str):
                raise IllegalMove("bad_notation", f"{move!r} is not a move.", text=str(move))
            game.play(move)
        except IllegalMove as error:
            raise SaveError(
                "illegal_action",
                f"Move {index + 1} ({move!r}) in the save is not legal: {error}",
                index=index,
                action=move,
                cause=error.code,
                detail=str(error),
            ) from None
    _end(game, document.get("ending"))
    return game


def _end(game: Game, ending: object) -> None:
    """End the game as the save's ``ending`` says (an agreed draw or a resignation)."""
    if ending is None:
        return
    reason = ending.get("reason") if isinstance(ending, dict) else None
    try:
        if reason == "agreed_draw":
            game.agree_draw()
        elif reason == "resigned" and isinstance(ending, dict):
            game.resign(str(ending.get("player")))
        else:
            raise SaveError("bad_field", "The save's 'ending' is not valid.", field="ending")
    except IllegalMove:
        raise SaveError("bad_field", "The save's 'ending' is not valid.", field="ending") from None
