"""Saved games: a versioned JSON document holding the ideologies, the seed, the options and
the action log. Loading replays the log, so a save gives back an equal game.

>>> from engine.ideology import new_game
>>> game = new_game(["Fascism", "Imperialism"], seed=3)
>>> game.apply(game.to_act[0], "done")
>>> from_json(game.to_json()) == game
True
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .errors import IdeologyError, SaveError

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
    try:
        document = json.loads(text)
    except (TypeError, ValueError) as error:
        raise SaveError("not_json", f"The save is not valid JSON: {error}.") from None
    return from_dict(document)


def from_dict(document: Any) -> Game:
    from .game import new_game

    if not isinstance(document, dict):
        raise SaveError("bad_document", "The save must be a JSON object.")
    if document.get("game") != GAME_NAME:
        raise SaveError(
            "wrong_game", "This is not a saved Ideology game.", game=repr(document.get("game"))
        )
    version = document.get("version")
    if version != SAVE_VERSION:
        raise SaveError(
            "unknown_version",
            f"This save has version {version!r}; this program reads version {SAVE_VERSION}.",
            version=repr(version),
            supported=SAVE_VERSION,
        )
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
    except IdeologyError as error:
        raise SaveError(
            "bad_setup", f"The save cannot start its game: {error.message}", cause=error.code
        ) from None
    for index, (player, action) in enumerate(actions):
        try:
            game.apply(player, action)
        except IdeologyError as error:
            raise SaveError(
                "illegal_action",
                f"Action {index + 1} ({player}: {action!r}) cannot be replayed: {error.message}",
                index=index,
                player=player,
                action=action,
                cause=error.code,
            ) from None
    return game
