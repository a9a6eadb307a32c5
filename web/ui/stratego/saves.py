"""What a saved Stratego session holds, checked by replaying it with the engine.

>>> describe({"game": "chess"})
Traceback (most recent call last):
  ...
ui.saves.SaveProblem: damaged
"""

from __future__ import annotations

from typing import Any

from engine.stratego import SaveError
from ui.saves import SaveProblem
from ui.stratego.session import FORMAT, PLAYERS, Session


def describe(session: dict[str, Any]) -> dict[str, Any]:
    """A summary of a Stratego session document (players, moves played, stage).

    Raises SaveProblem ``damaged``, ``illegal`` (a move the rules forbid: a tampered
    file) or ``newer_version``.
    """
    if session.get("game") != "stratego":
        raise SaveProblem("damaged")
    version = session.get("format")
    if isinstance(version, int) and not isinstance(version, bool) and version > FORMAT:
        raise SaveProblem("newer_version", version=version, supported=FORMAT)
    try:
        loaded = Session.from_dict(session)
    except SaveError as error:
        if error.code == "illegal_move":
            index = error.params.get("index")
            raise SaveProblem(
                "illegal", move=int(index) + 1 if isinstance(index, int) else 0
            ) from None
        raise SaveProblem("damaged") from None
    except (KeyError, TypeError, ValueError, AttributeError):
        raise SaveProblem("damaged") from None
    game = loaded.game
    if loaded.stage == "setup":
        stage = "setup"
    elif loaded.stage == "over":
        stage = "over"
    else:
        stage = "play"
    return {
        "players": [loaded.names[p] for p in PLAYERS],
        "turn": sum(1 for record in game.moves if record.kind == "move") if game else 0,
        "stage": stage,
    }
