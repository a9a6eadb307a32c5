"""What a saved Stratego session holds, checked by replaying it with the engine
(``ui.saves.load_session``)."""

from __future__ import annotations

from typing import Any

from engine.stratego import RecordError, is_record
from ui.saves import SaveProblem, load_session, now_iso
from ui.stats import Record, outcome_of
from ui.stratego.session import PLAYERS, Session


def describe(session: dict[str, Any]) -> dict[str, Any]:
    """A summary of a Stratego session document (players, moves played, stage).
    Refused documents raise ``ui.saves.load_session``'s SaveProblem.
    """
    loaded: Session = load_session(session, Session)
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
        "army": loaded.army,
    }
    if game is not None and game.result in PLAYERS:
        # The winner's place in "players" (a finished game's list says who won).
        summary["winner"] = PLAYERS.index(game.result)
    return summary


def outcome(session: Session) -> Record | None:
    """The statistics' record of a finished game (None while it goes on); its length is
    the moves played (attacks included)."""
    game = session.game
    if session.stage != "over" or game is None or game.result is None:
        return None
    moves = sum(1 for record in game.moves if record.kind == "move")
    seats = [(session.names[p], session.seats[p], game.result == p) for p in PLAYERS]
    army = session.army
    return outcome_of("stratego", army, game.to_json(), seats, moves, now_iso(), session.seed)


#: The engine's record errors that have words of their own; the rest say "damaged record".
RECORD_PROBLEMS = {"illegal_play": "record_illegal", "wrong_result": "record_result"}


def read_record(text: str) -> dict[str, Any] | None:
    """A shared game record (``engine.stratego.record``) as a session document; None when
    the text is no Stratego record. SaveProblem ``record`` (params ``line``),
    ``record_illegal`` (``play``, ``text``), ``record_result`` or ``newer_version``.

    >>> read_record('[{"format": "tablero-save"}]') is None
    True
    >>> read_record('[Game "Stratego"]\\n[Army "classic"]\\n')
    Traceback (most recent call last):
      ...
    ui.saves.SaveProblem: record
    """
    if not is_record(text):
        return None
    from ui.stratego.record import session_document

    try:
        return session_document(text)
    except RecordError as error:
        params = error.params
        if error.code == "newer_record":
            raise SaveProblem("newer_version", version=params["version"], supported=1) from None
        code = RECORD_PROBLEMS.get(error.code, "record")
        if code == "record_illegal":
            raise SaveProblem(code, play=params["play"], text=params["text"]) from None
        raise SaveProblem(code, line=params.get("line", 1)) from None
