"""Where Stratego keeps things in the browser's local storage.

The game in progress goes through the shared autosave (:mod:`ui.store`: write the slot
the pointer does not name, then switch the pointer, so a refused write leaves the
previous save whole). Named setups live under one key as a JSON object.

>>> storage = MemoryStorage()
>>> save_session(storage, '{"stage": "turn"}'), load_session(storage)
(True, '{"stage": "turn"}')
>>> has_game_in_progress(storage)  # not a session that opens
False
"""

from __future__ import annotations

import json
from typing import Any

from engine.saves import parse_json
from ui import store
from ui.store import MemoryStorage, read_item

GAME = "stratego"
SETUPS_KEY = "tablero.stratego.setups"
MAX_NAME = 40

__all__ = ["MemoryStorage", "has_game_in_progress", "load_session", "save_session"]


def save_session(storage: Any, text: str) -> bool:
    """Store the session; False (and the old save intact) if the browser refused."""
    return store.save(storage, GAME, text)


def load_session(storage: Any) -> str | None:
    return store.load(storage, GAME)


def clear_session(storage: Any) -> None:
    store.clear(storage, GAME)


def has_game_in_progress(storage: Any) -> bool:
    """Whether a Stratego game that has not ended is saved and opens: its session is
    whole and every move replays (for the home screen's "Continue"). A damaged latest
    save counts through the copy before it (see :func:`ui.store.recover`)."""
    if not load_session(storage):
        return False
    # Imported here: the home screen asks this at start-up; the session brings the engine.
    from ui.stratego.session import Session

    session = store.load_parsed(storage, GAME, Session.from_json)
    return session is not None and session.in_progress


def saved_setups(storage: Any) -> dict[str, str]:
    """Setups the players saved by name (unchecked here: the engine checks on use)."""
    text = read_item(storage, SETUPS_KEY)
    if not text:
        return {}
    try:
        data = parse_json(text)
    except ValueError:
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(k): v for k, v in data.items() if isinstance(v, str)}


def save_setup(storage: Any, name: str, setup: str) -> bool:
    name = " ".join(name.split())[:MAX_NAME]
    if storage is None or not name:
        return False
    setups = saved_setups(storage)
    setups[name] = setup
    try:
        storage.setItem(SETUPS_KEY, json.dumps(setups, ensure_ascii=False))
    except Exception:
        return False
    return True
