"""What a saved Ideology session holds, checked by replaying it with the engine
(``ui.saves.load_session``)."""

from __future__ import annotations

from typing import Any

from ui.ideology.session import Session
from ui.saves import load_session, now_iso
from ui.stats import Record, outcome_of


def describe(session: dict[str, Any]) -> dict[str, Any]:
    """A summary of an Ideology session document (players, who plays them, turn, stage).
    Refused documents raise ``ui.saves.load_session``'s SaveProblem.
    """
    loaded: Session = load_session(session, Session)
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


def outcome(session: Session) -> Record | None:
    """The statistics' record of a finished game (None while it goes on). An unnamed
    seat is counted under its ideology's name."""
    game = session.game
    if not game.is_terminal:
        return None
    seats = [(session.name(p) or p, session.seat(p), p == game.result) for p in game.ideologies]
    return outcome_of("ideology", "", game.to_json(), seats, game.turn, now_iso())
