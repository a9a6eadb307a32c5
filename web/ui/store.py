"""A game-agnostic autosave in the browser's local storage (any object with
``getItem``/``setItem``/``removeItem``; :class:`MemoryStorage` stands in for it in tests).

Each game writes its save into the slot its pointer key does *not* name, and only then
switches the pointer: a write that fails (storage full, storage disabled) leaves the
previous save whole, and :func:`save` says so instead of raising.

>>> storage = MemoryStorage()
>>> save(storage, "ideology", '{"turn": 1}'), load(storage, "ideology")
(True, '{"turn": 1}')
>>> storage.getItem(pointer_key("ideology"))
'tablero.ideology.save.a'
>>> save(MemoryStorage(limit=3), "ideology", "too long")
False
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def pointer_key(game: str) -> str:
    return f"tablero.{game}.current"


def slots(game: str) -> tuple[str, str]:
    return (f"tablero.{game}.save.a", f"tablero.{game}.save.b")


class MemoryStorage:
    """A dictionary with the localStorage methods; ``limit`` imitates a full quota."""

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

    @property
    def length(self) -> int:
        return len(self.items)

    def key(self, index: int) -> str | None:
        keys = list(self.items)
        return keys[index] if 0 <= index < len(keys) else None


def read_item(storage: Any, key: str) -> str | None:
    """One stored value, or None when it is missing or the storage refuses to answer."""
    if storage is None:
        return None
    try:
        value = storage.getItem(key)
    except Exception:
        return None
    return None if value is None else str(value)


def save(storage: Any, game: str, text: str) -> bool:
    """Store ``text`` as the game's save; False (and the old save intact) if refused."""
    if storage is None:
        return False
    a, b = slots(game)
    slot = b if read_item(storage, pointer_key(game)) == a else a
    try:
        storage.setItem(slot, text)
        storage.setItem(pointer_key(game), slot)
    except Exception:
        return False
    return True


def load(storage: Any, game: str) -> str | None:
    slot = read_item(storage, pointer_key(game))
    if slot not in slots(game):
        return None
    return read_item(storage, slot)


def load_parsed(storage: Any, game: str, parse: Callable[[str], T]) -> T | None:
    """The game's autosave read by ``parse``; None when there is none or it cannot be
    read (a damaged autosave must not stop the app: the players start a new game)."""
    text = load(storage, game)
    if not text:
        return None
    try:
        return parse(text)
    except Exception:
        traceback.print_exc()
        return None


def clear(storage: Any, game: str) -> None:
    if storage is None:
        return
    try:
        storage.removeItem(pointer_key(game))
        for slot in slots(game):
            storage.removeItem(slot)
    except Exception:
        pass
