"""Saving and loading games as versioned JSON.

Format (version 1)::

    {"game": "stratego", "version": 1,
     "red_setup": "<40 chars>", "blue_setup": "<40 chars>",
     "options": {"silent_defence": false, ..., "two_squares_limit": 2},
     "moves": ["a4-a5", "j7-j6", ..., "rescue 7 b2", "no rescue"],
     "ending": null | {"reason": "agreed_draw"} | {"reason": "resigned", "player": "red"}}

``moves`` holds every play in order (board moves and rescue choices) in the notation of
:meth:`Game.play`; loading replays them, so the loaded game is equal to the saved one,
history (two-squares and chasing rules, undo) included. ``options`` may omit keys (they
take their defaults); ``ending`` is optional.

>>> from engine.stratego import BUILTIN_SETUPS, new_game
>>> game = new_game(BUILTIN_SETUPS["Scout screen"], BUILTIN_SETUPS["Bomb wall"])
>>> _ = game.play("a4-a5")
>>> from_json(game.to_json()) == game
True
>>> from_json('{"game": "stratego", "version": 9}')
Traceback (most recent call last):
  ...
engine.stratego.errors.SaveError: This save uses format version 9; this app reads version 1.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Final

from .errors import IllegalMove, SaveError, SetupError

if TYPE_CHECKING:
    from .game import Game

SAVE_VERSION: Final = 1


def game_to_dict(game: Game) -> dict[str, Any]:
    if game._custom_position:
        raise ValueError("a game built from a position cannot be saved")
    ending: dict[str, Any] | None = None
    if game.ending is not None:
        reason, player = game.ending
        ending = {"reason": reason} if player is None else {"reason": reason, "player": player}
    return {
        "game": "stratego",
        "version": SAVE_VERSION,
        "red_setup": game.red_setup,
        "blue_setup": game.blue_setup,
        "options": game.options.to_dict(),
        "moves": [record.notation for record in game.moves],
        "ending": ending,
    }


def game_to_json(game: Game) -> str:
    return json.dumps(game_to_dict(game), separators=(",", ":"))


def _field(document: dict[str, Any], name: str, kind: type) -> Any:
    if name not in document:
        raise SaveError("missing_field", f"The save has no {name!r}.", field=name)
    value = document[name]
    if not isinstance(value, kind):
        raise SaveError("bad_field", f"The save's {name!r} is not valid.", field=name)
    return value


def from_json(text: str | bytes) -> Game:
    """The game a JSON save describes; raises SaveError (with a code) if it cannot."""
    try:
        document = json.loads(text)
    except (ValueError, TypeError) as error:
        raise SaveError("bad_json", "The save is not valid JSON.", detail=str(error)) from None
    return from_dict(document)


def from_dict(document: object) -> Game:
    from .game import Game, Options

    if not isinstance(document, dict):
        raise SaveError("not_an_object", "The save is not a JSON object.")
    game_name = document.get("game")
    if game_name != "stratego":
        raise SaveError(
            "wrong_game", f"This is not a Stratego save (game: {game_name!r}).", game=game_name
        )
    version = document.get("version")
    if version != SAVE_VERSION or isinstance(version, bool):
        raise SaveError(
            "unknown_version",
            f"This save uses format version {version}; this app reads version {SAVE_VERSION}.",
            version=version,
        )
    setups = {}
    for side in ("red", "blue"):
        field = f"{side}_setup"
        value = _field(document, field, str)
        try:
            from .setup import parse_setup

            setups[side] = parse_setup(value)
        except SetupError as error:
            raise SaveError(
                "bad_setup",
                f"The {side} setup in the save is invalid: {error}",
                side=side,
                setup_code=error.code,
                detail=str(error),
            ) from None
    options_data = document.get("options", {})
    if options_data is None:
        options_data = {}
    if not isinstance(options_data, dict):
        raise SaveError("bad_field", "The save's 'options' is not valid.", field="options")
    try:
        options = Options.from_dict(options_data)
    except (ValueError, TypeError) as error:
        raise SaveError(
            "bad_field", f"The save's 'options' is not valid: {error}", field="options"
        ) from None
    moves = _field(document, "moves", list)
    game = Game(setups["red"], setups["blue"], options)
    for index, move in enumerate(moves):
        try:
            if not isinstance(move, str):
                raise IllegalMove("bad_notation", f"{move!r} is not a move.", text=str(move))
            game.play(move)
        except IllegalMove as error:
            raise SaveError(
                "illegal_move",
                f"Move {index + 1} ({move!r}) in the save is not legal: {error}",
                index=index,
                move=move,
                move_code=error.code,
                detail=str(error),
            ) from None
    ending = document.get("ending")
    if ending is not None:
        reason = ending.get("reason") if isinstance(ending, dict) else None
        try:
            if reason == "agreed_draw":
                game.agree_draw()
            elif reason == "resigned":
                game.resign(ending.get("player"))
            else:
                raise SaveError("bad_field", "The save's 'ending' is not valid.", field="ending")
        except IllegalMove:
            raise SaveError(
                "bad_field", "The save's 'ending' is not valid.", field="ending"
            ) from None
    return game
