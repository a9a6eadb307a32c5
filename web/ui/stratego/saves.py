"""What a saved Stratego session holds, checked by replaying it with the engine.

>>> describe({"game": "chess"})
Traceback (most recent call last):
  ...
ui.saves.SaveProblem: damaged
"""

from __future__ import annotations

from typing import Any

from ui.saves import load_session
from ui.stratego.session import FORMAT, PLAYERS, Session


def describe(session: dict[str, Any]) -> dict[str, Any]:
    """A summary of a Stratego session document (players, moves played, stage).

    Raises SaveProblem ``damaged``, ``illegal`` (a move the rules forbid: a tampered
    file) or ``newer_version``.
    """
    loaded: Session = load_session(
        session,
        game="stratego",
        version_field="format",
        supported=FORMAT,
        load=Session.from_dict,
        illegal_code="illegal_action",
    )
    game = loaded.game
    if loaded.stage == "setup":
        stage = "setup"
    elif loaded.stage == "over":
        stage = "over"
    else:
        stage = "play"
    summary: dict[str, Any] = {
        "players": [loaded.names[p] for p in PLAYERS],
        "turn": sum(1 for record in game.moves if record.kind == "move") if game else 0,
        "stage": stage,
        # Who plays each army, in the order of "players": "person" or the computer's level.
        "seats": [loaded.seats[p] for p in PLAYERS],
        "army": loaded.options.army,
    }
    if game is not None and game.result in PLAYERS:
        # The winner's place in "players" (a finished game's list says who won).
        summary["winner"] = PLAYERS.index(game.result)
    return summary
