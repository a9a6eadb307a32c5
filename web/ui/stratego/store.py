"""Where Stratego keeps things in the browser's local storage (any object with
``getItem``/``setItem``/``removeItem``; a dict-backed stand-in in tests).

The game in progress is written to one of two slots, the one the pointer key does not
name, and only then is the pointer switched: a write that fails (storage full) leaves
the previous save whole. Named setups live under one key as a JSON object.

>>> storage = MemoryStorage()
>>> save_session(storage, '{"stage": "turn"}'), load_session(storage)
(True, '{"stage": "turn"}')
>>> storage.getItem(POINTER_KEY)
'tablero.stratego.game.a'
"""

from __future__ import annotations

import json
from typing import Any

POINTER_KEY = "tablero.stratego.current"
SLOTS = ("tablero.stratego.game.a", "tablero.stratego.game.b")
SETUPS_KEY = "tablero.stratego.setups"
MAX_NAME = 40


class MemoryStorage:
    """A dictionary with the localStorage methods (tests, and a browser without storage)."""

    def __init__(self, limit: int | None = None) -> None:
        self.items: dict[str, str] = {}
        self.limit = limit

    def getItem(self, key: str) -> str | None:
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        if self.limit is not None:
            used = sum(len(v) for k, v in self.items.items() if k != key)
            if used + len(value) > self.limit:
                raise OSError("QuotaExceededError")
        self.items[key] = str(value)

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)


def _get(storage: Any, key: str) -> str | None:
    if storage is None:
        return None
    try:
        value = storage.getItem(key)
    except Exception:
        return None
    return None if value is None else str(value)


def save_session(storage: Any, text: str) -> bool:
    """Store the session; False (and the old save intact) if the browser refused."""
    if storage is None:
        return False
    current = _get(storage, POINTER_KEY)
    slot = SLOTS[1] if current == SLOTS[0] else SLOTS[0]
    try:
        storage.setItem(slot, text)
        storage.setItem(POINTER_KEY, slot)
    except Exception:
        return False
    return True


def load_session(storage: Any) -> str | None:
    slot = _get(storage, POINTER_KEY)
    if slot not in SLOTS:
        return None
    return _get(storage, slot)


def clear_session(storage: Any) -> None:
    if storage is None:
        return
    try:
        storage.removeItem(POINTER_KEY)
        for slot in SLOTS:
            storage.removeItem(slot)
    except Exception:
        pass


def has_game_in_progress(storage: Any) -> bool:
    """Whether a Stratego session that has not ended is saved (for the home screen)."""
    text = load_session(storage)
    if not text:
        return False
    try:
        data = json.loads(text)
    except ValueError:
        return False
    return isinstance(data, dict) and data.get("game") == "stratego" and data.get("stage") != "over"


def saved_setups(storage: Any) -> dict[str, str]:
    """Setups the players saved by name (unchecked here: the engine checks on use)."""
    text = _get(storage, SETUPS_KEY)
    if not text:
        return {}
    try:
        data = json.loads(text)
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
