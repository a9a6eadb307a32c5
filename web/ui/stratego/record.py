"""A Stratego game as a shareable text record (the engine's format,
:mod:`engine.stratego.record`), written from a session or a game and read back into a
session the app can show or continue.

>>> from engine.stratego import Options, builtin_setup
>>> session = Session.new({"red": "Ana", "blue": "Luis"}, Options(army="duel"))
>>> session.reveal(); session.board.load(builtin_setup("Hidden flag", "duel"))
>>> session.finish_setup(); session.reveal()
>>> session.board.load(builtin_setup("Corner fortress", "duel")); session.finish_setup()
>>> text = record_text(session, date="2026-12-01")
>>> '[Army "duel"]' in text, '[Red "Ana"]' in text
(True, True)
>>> again = session_from_record(text)
>>> again.game == session.game, again.stage, again.player, again.covered, again.army
(True, 'turn', 'red', True, 'duel')
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from engine.stratego import Game, read_record
from engine.stratego import record_text as engine_record_text
from ui.saves import file_slug
from ui.stratego.session import PLAYERS, Session, checked_seats
from ui.stratego.setup_board import SetupBoard


def record_text(source: Session | Game, date: str | None = None) -> str:
    """The record of a session's game (players' names and seats from the session), or
    of a bare game; ``date`` defaults to today (UTC). A session still setting up has no
    game: ``ValueError``."""
    day = date or datetime.now(UTC).strftime("%Y-%m-%d")
    if isinstance(source, Game):
        return engine_record_text(source, date=day)
    if source.game is None:
        raise ValueError("the armies are not set up yet: there is no game to record")
    return engine_record_text(source.game, source.names, date=day, seats=source.seats)


def file_name(source: Session | Game, date: str | None = None) -> str:
    """``stratego-ana-luis-2026-12-01.txt`` (the players' names made safe for a file).

    >>> file_name(Session.new({"red": "Ana María", "blue": "Ordenador (difícil)"}), "2026-12-01")
    'stratego-ana-maria-ordenador-dificil-2026-12-01.txt'
    """
    day = date or datetime.now(UTC).strftime("%Y-%m-%d")
    names = source.names if isinstance(source, Session) else {p: p for p in PLAYERS}
    slug = file_slug("-".join(names[p] for p in PLAYERS), "game")
    return f"stratego-{slug}-{day}.txt"


def record_file(document: dict[str, Any]) -> tuple[str, str] | None:
    """A saved session document's game as (file name, record); None while the armies
    are being set up (no game yet)."""
    session = Session.from_dict(document)
    if session.game is None:
        return None
    return file_name(session), record_text(session)


def session_from_record(text: str) -> Session:
    """The session a record describes: the game replayed, over or to be continued by
    whoever's turn it is (behind the cover in a game of two persons). Raises the engine's
    ``RecordError`` for a record that cannot be read."""
    record = read_record(text)
    game = record.game
    seats = checked_seats(record.seats)
    session = Session.new(record.names, game.options, seats=seats)
    session.game = game
    session.setups = {"red": game.red_setup, "blue": game.blue_setup}
    session.boards = {
        player: SetupBoard.from_text(session.setups[player], game.options.army)
        for player in PLAYERS
    }
    if game.result is not None:
        session.stage, session.covered = "over", False
    elif game.rescue_pending:
        session.stage, session.player = "moved", game.turn
    else:
        session.stage, session.player = "turn", game.turn
    # Checked as any saved session is (and settled for a game against the computer).
    return Session.from_dict(session.to_dict())


def session_document(text: str) -> dict[str, Any]:
    """A record as the session document a save holds (for the saved-games import)."""
    return session_from_record(text).to_dict()
