"""Saved games: the engine-wide envelope (:mod:`engine.saves`) holding the ideologies, the
seed, the options and the action log. Loading replays the log, so a save gives back an
equal game; every refusal is a :class:`SaveError` with one of
:data:`engine.saves.SAVE_ERROR_CODES`, the same codes as Stratego's.

>>> from engine.ideology import new_game
>>> game = new_game(["Fascism", "Imperialism"], seed=3)
>>> _ = game.apply(game.to_act[0], "done")
>>> from_json(game.to_json()) == game
True
>>> from_json("[1]")
Traceback (most recent call last):
  ...
engine.errors.SaveError: The save is not a JSON object.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from engine.saves import check_envelope, parse_json

from .errors import GameError, SaveError

if TYPE_CHECKING:
    from .game import Game

GAME_NAME = "ideology"
SAVE_VERSION = 1


def to_dict(game: Game) -> dict[str, Any]:
    return {
        "game": GAME_NAME,
        "version": SAVE_VERSION,
        "ideologies": list(game.ideologies),
        "seed": game.seed,
        "options": dict(game.options),
        "actions": [[player, action] for player, action in game.actions],
    }


def to_json(game: Game) -> str:
    return json.dumps(to_dict(game), ensure_ascii=False)


def from_json(text: str | bytes) -> Game:
    """The game a saved document describes; raises SaveError with a clear message."""
    return from_dict(parse_json(text))


def from_dict(document: Any) -> Game:
    """:func:`from_json` for a document already parsed."""
    from .game import new_game

    document = check_envelope(document, GAME_NAME, SAVE_VERSION)
    for key in ("ideologies", "seed", "actions"):
        if key not in document:
            raise SaveError("missing_field", f"The save has no {key!r}.", field=key)
    options = document.get("options", {})
    actions = document["actions"]
    if not isinstance(options, dict):
        raise SaveError("bad_field", "'options' must be an object.", field="options")
    if not isinstance(actions, list) or not all(
        isinstance(a, list) and len(a) == 2 and all(isinstance(x, str) for x in a) for a in actions
    ):
        raise SaveError(
            "bad_field",
            "'actions' must be a list of [player, action] text pairs.",
            field="actions",
        )
    try:
        game = new_game(document["ideologies"], document["seed"], options)
    except GameError as error:
        raise SaveError(
            "bad_setup",
            f"The save cannot start its game: {error.message}",
            cause=error.code,
            detail=error.message,
        ) from None
    for index, (player, action) in enumerate(actions):
        try:
            game.apply(player, action)
        except GameError as error:
            raise SaveError(
                "illegal_action",
                f"Action {index + 1} ({player[:40]}: {action[:80]!r}) cannot be replayed: "
                f"{error.message}",
                index=index,
                player=player[:80],
                action=action[:80],
                cause=error.code,
                detail=error.message,
            ) from None
    return game
