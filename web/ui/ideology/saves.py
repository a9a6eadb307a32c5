"""What a saved Ideology session holds, checked by replaying it with the engine.

>>> describe({"game": "chess"})
Traceback (most recent call last):
  ...
ui.saves.SaveProblem: damaged
"""

from __future__ import annotations

import json
from typing import Any

from engine.ideology import SaveError
from ui.ideology.session import GAME, VERSION, Session
from ui.saves import SaveProblem


def describe(session: dict[str, Any]) -> dict[str, Any]:
    """A summary of an Ideology session document (players, turn, stage).

    Raises SaveProblem ``damaged``, ``illegal`` (an action the rules forbid: a tampered
    file) or ``newer_version``.
    """
    if session.get("game") != GAME:
        raise SaveProblem("damaged")
    version = session.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        raise SaveProblem("newer_version", version=version, supported=VERSION)
    try:
        loaded = Session.from_json(json.dumps(session))
    except SaveError as error:
        if error.code == "illegal_action":
            index = error.params.get("index")
            raise SaveProblem(
                "illegal", move=int(index) + 1 if isinstance(index, int) else 0
            ) from None
        raise SaveProblem("damaged") from None
    except (KeyError, TypeError, ValueError, AttributeError):
        raise SaveProblem("damaged") from None
    game = loaded.game
    return {
        "players": [loaded.name(p) or p for p in game.ideologies],
        "turn": game.turn,
        "stage": "over" if game.is_terminal else "play",
    }
