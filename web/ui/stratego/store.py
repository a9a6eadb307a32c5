"""Stratego's named setups in the browser's local storage, under one key as a JSON object
(the game in progress goes through the shared autosave, :mod:`ui.store`).

>>> from ui.store import MemoryStorage
>>> storage = MemoryStorage()
>>> save_setup(storage, "  My   wall ", "F" * 40), saved_setups(storage)
(True, {'My wall': 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF'})

Each setup belongs to the army whose pieces it holds: a Barrage game is offered only
Barrage setups.

>>> from engine.stratego import builtin_setup
>>> _ = save_setup(storage, "Quick", builtin_setup("Lone flag", "barrage"))
>>> list(saved_setups(storage, "barrage")), list(saved_setups(storage, "classic"))
(['Quick'], [])
"""

from __future__ import annotations

import json
from typing import Any

from engine.saves import parse_json
from engine.stratego import army_of
from ui.store import read_item

SETUPS_KEY = "tablero.stratego.setups"
MAX_NAME = 40


def saved_setups(storage: Any, army: str | None = None) -> dict[str, str]:
    """Setups the players saved by name (unchecked here: the engine checks on use); with
    ``army``, only the setups of that army."""
    text = read_item(storage, SETUPS_KEY)
    if not text:
        return {}
    try:
        data = parse_json(text)
    except ValueError:
        return {}
    if not isinstance(data, dict):
        return {}
    setups = {str(k): v for k, v in data.items() if isinstance(v, str)}
    if army is None:
        return setups
    return {name: setup for name, setup in setups.items() if army_of(setup) == army}


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
