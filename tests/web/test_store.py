"""The shared autosave: a refused write keeps the last save; a damaged one stops nothing."""

from __future__ import annotations

import json

from ui import store


def test_a_refused_write_leaves_the_previous_save_whole() -> None:
    storage = store.MemoryStorage(limit=200)
    assert store.save(storage, "stratego", json.dumps({"move": 1}))
    assert not store.save(storage, "stratego", "x" * 500)
    assert store.load(storage, "stratego") == json.dumps({"move": 1})


def test_a_damaged_autosave_reads_as_no_game() -> None:
    storage = store.MemoryStorage()
    store.save(storage, "ideology", "{cut off")
    assert store.load_parsed(storage, "ideology", json.loads) is None
    store.save(storage, "ideology", '{"turn": 2}')
    assert store.load_parsed(storage, "ideology", json.loads) == {"turn": 2}
    assert store.load_parsed(None, "ideology", json.loads) is None
