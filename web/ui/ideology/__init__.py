"""Ideology on the tablet: new game, the table, hands behind hand-over covers, every
phase, game over, resume after a reload.

``Controller`` (the browser layer) is imported only when the shell asks for it, so the
pure modules (session, render, text) load on CPython for the tests.
"""

from __future__ import annotations

from typing import Any

from ui import store

__all__ = ["Controller", "has_game_in_progress"]


def has_game_in_progress(storage: Any) -> bool:
    """Whether an Ideology game that has not ended is saved and opens: its session is
    whole and every action replays (for the home screen's "Continue"). A damaged latest
    save counts through the copy before it (see :func:`ui.store.recover`)."""
    if not store.load(storage, "ideology"):
        return False
    # Imported here: the home screen asks this at start-up, before anyone opens Ideology,
    # and the session module brings the whole engine with it.
    from ui.ideology.session import GAME, Session

    session = store.load_parsed(storage, GAME, Session.from_json)
    return session is not None and session.stage != "over"


def __getattr__(name: str) -> Any:
    if name == "Controller":
        from ui.ideology.controller import Controller

        return Controller
    raise AttributeError(name)
