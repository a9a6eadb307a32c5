"""Stratego on the tablet: new game, setup, hot-seat play, game over, resume.

``Controller`` (the browser layer) is imported only when the shell asks for it, so the
pure modules (session, render, store) load on CPython for the tests.
"""

from __future__ import annotations

from typing import Any

from ui.stratego.store import has_game_in_progress

__all__ = ["Controller", "has_game_in_progress"]


def __getattr__(name: str) -> Any:
    if name == "Controller":
        from ui.stratego.controller import Controller

        return Controller
    raise AttributeError(name)
