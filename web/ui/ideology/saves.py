"""What a saved Ideology session holds, checked by replaying it with the engine.

>>> describe({"game": "chess"})
Traceback (most recent call last):
  ...
ui.saves.SaveProblem: damaged
"""

from __future__ import annotations

import json
from typing import Any

from ui.ideology.session import GAME, VERSION, Session
from ui.saves import load_session


def describe(session: dict[str, Any]) -> dict[str, Any]:
    """A summary of an Ideology session document (players, who plays them, turn, stage).

    Raises SaveProblem ``damaged``, ``illegal`` (an action the rules forbid: a tampered
    file) or ``newer_version``.
    """
    loaded: Session = load_session(
        session,
        game=GAME,
        version_field="version",
        supported=VERSION,
        load=lambda document: Session.from_json(json.dumps(document)),
        illegal_code="illegal_action",
    )
    game = loaded.game
    summary: dict[str, Any] = {
        "players": [loaded.name(p) or p for p in game.ideologies],
        # Who plays each seat, in the order of "players": "person" or the computer's level.
        "seats": [loaded.seat(p) for p in game.ideologies],
        "turn": game.turn,
        "stage": "over" if game.is_terminal else "play",
    }
    if game.result in game.ideologies:
        # The winner's place in "players" (a finished game's list says who won).
        summary["winner"] = list(game.ideologies).index(game.result)
    return summary
