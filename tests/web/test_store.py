"""The shared autosave (``ui.store``): revisions that stop two windows from erasing each
other's moves, recovery from a damaged latest save, and a refused write that keeps the
last save."""

from __future__ import annotations

import doctest
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ui import store
from ui.store import FINE, MOVED_ON, REFUSE, REFUSED, RELOAD, SAVED, MemoryStorage

GAME = "stratego"
A, B = store.slots(GAME)
POINTER = store.pointer_key(GAME)


def move(number: int) -> str:
    return json.dumps({"move": number})


def parse(text: str) -> dict[str, Any]:
    """A game's parser: an object with a move, else refused (as a replay would)."""
    data = json.loads(text)
    if not isinstance(data, dict) or not isinstance(data.get("move"), int):
        raise ValueError("not a game")
    return data


def saved(count: int, storage: MemoryStorage | None = None) -> MemoryStorage:
    """A storage where moves 1..count were saved one after the other."""
    storage = storage if storage is not None else MemoryStorage()
    revision = None
    for number in range(1, count + 1):
        written = store.write(storage, GAME, move(number), replaces=revision)
        assert written.status == SAVED
        revision = written.revision
    return storage


def test_doctests() -> None:
    failures, tried = doctest.testmod(store)
    assert tried > 0 and failures == 0


# --------------------------------------------------------------------------- revisions


def test_every_save_carries_a_revision_one_more_than_before() -> None:
    storage = MemoryStorage()
    assert store.current_revision(storage, GAME) is None
    revisions = []
    revision = None
    for number in range(1, 5):
        written = store.write(storage, GAME, move(number), replaces=revision)
        assert written.ok and written.status == SAVED
        revision = written.revision
        revisions.append(revision)
        assert store.current_revision(storage, GAME) == revision
    assert revisions == [1, 2, 3, 4]
    # The two slots take turns; the pointer names the latest.
    assert storage.getItem(POINTER) == B and storage.getItem(B) == move(4)
    assert storage.getItem(A) == move(3)
    loaded = store.recover(storage, GAME, parse)
    assert loaded.value == {"move": 4} and loaded.revision == 4 and not loaded.recovered


def test_a_write_that_replaces_an_older_revision_is_refused_and_changes_nothing() -> None:
    storage = saved(3)
    before = dict(storage.items)
    for stale in (None, 1, 2, 4):
        written = store.write(storage, GAME, move(99), replaces=stale)
        assert written.status == MOVED_ON and not written.ok
        assert written.revision == 3, "the result tells which revision is stored"
        assert storage.items == before


def test_two_windows_on_one_game_never_erase_each_others_moves() -> None:
    storage = saved(1)
    # Both windows open the game at revision 1.
    window_a = store.recover(storage, GAME, parse)
    window_b = store.recover(storage, GAME, parse)
    assert window_a.revision == window_b.revision == 1
    # A plays and hands over; B, still showing the old cover, is told before it writes.
    a_move = store.write(storage, GAME, move(2), replaces=window_a.revision)
    assert a_move.status == SAVED
    assert store.reaction(storage, GAME, window_b.revision, busy=False) == RELOAD
    assert store.reaction(storage, GAME, window_b.revision, busy=True) == REFUSE
    assert store.reaction(storage, GAME, a_move.revision, busy=True) == FINE
    # B plays anyway (say the event came late): its write is refused, A's move is kept.
    refused = store.write(storage, GAME, move(-2), replaces=window_b.revision)
    assert refused.status == MOVED_ON and refused.revision == a_move.revision
    assert store.load(storage, GAME) == move(2)
    # B reloads and plays on A's move; now A is the stale one.
    window_b = store.recover(storage, GAME, parse)
    assert window_b.value == {"move": 2}
    b_move = store.write(storage, GAME, move(3), replaces=window_b.revision)
    assert b_move.status == SAVED
    assert store.write(storage, GAME, move(-3), replaces=a_move.revision).status == MOVED_ON
    assert store.recover(storage, GAME, parse).value == {"move": 3}
    # Both slots hold moves of the one game, never a move the other window erased.
    assert {storage.getItem(A), storage.getItem(B)} == {move(2), move(3)}


def test_the_storage_event_key_tells_which_game_changed() -> None:
    games = ("stratego", "ideology")
    for key in store.keys("ideology"):
        assert store.games_changed(key, games) == ("ideology",)
    assert store.games_changed(None, games) == games  # localStorage.clear()
    for key in ("tablero.settings", "tablero.saves.index", "tablero.stratego.setups", "x"):
        assert store.games_changed(key, games) == ()


def test_an_idle_window_that_has_seen_no_game_reloads_when_one_appears() -> None:
    storage = MemoryStorage()
    assert store.reaction(storage, GAME, None, busy=False) == FINE
    saved(1, storage)
    assert store.reaction(storage, GAME, None, busy=False) == RELOAD


def test_a_window_holding_a_cleared_game_cannot_write_it_back() -> None:
    storage = saved(2)
    store.clear(storage, GAME)
    assert store.recover(storage, GAME, parse).value is None
    assert store.write(storage, GAME, move(3), replaces=2).status == MOVED_ON
    fresh = store.write(storage, GAME, move(1), replaces=None)
    assert fresh.status == SAVED and fresh.revision == 3, "revisions never go back"


def test_a_refused_write_leaves_the_previous_save_and_its_revision() -> None:
    storage = saved(1, MemoryStorage(limit=200))
    written = store.write(storage, GAME, "x" * 500, replaces=1)
    assert written.status == REFUSED and written.revision == 1
    assert store.load(storage, GAME) == move(1)
    assert store.current_revision(storage, GAME) == 1
    assert store.write(storage, GAME, move(2), replaces=1).status == SAVED
    assert store.save(storage, GAME, "x" * 500) is False


def test_no_storage_or_a_disabled_one_refuses_and_reads_nothing() -> None:
    for storage in (None, MemoryStorage(disabled=True)):
        assert store.write(storage, GAME, move(1), replaces=None).status == REFUSED
        assert store.recover(storage, GAME, parse).value is None
        assert store.current_revision(storage, GAME) is None
        assert store.reaction(storage, GAME, None, busy=False) == FINE
        store.clear(storage, GAME)


def test_saves_made_before_revisions_existed_load_and_continue() -> None:
    storage = MemoryStorage()
    storage.setItem(A, move(7))
    storage.setItem(POINTER, A)
    loaded = store.recover(storage, GAME, parse)
    assert loaded.value == {"move": 7} and loaded.revision == 0 and not loaded.recovered
    written = store.write(storage, GAME, move(8), replaces=loaded.revision)
    assert written.status == SAVED and written.revision == 1
    assert storage.getItem(A) == move(7), "the old save stays as the copy before"


def test_the_revisions_record_itself_damaged_counts_as_revision_zero() -> None:
    storage = saved(2)
    for damage in ("{cut", "[1, 2]", json.dumps({A: "seven", B: True}), "[" * 5000):
        storage.setItem(store.revisions_key(GAME), damage)
        loaded = store.recover(storage, GAME, parse)
        assert loaded.value == {"move": 2} and loaded.revision == 0
        assert store.write(storage, GAME, move(3), replaces=0).status == SAVED
        storage = saved(2)


# --------------------------------------------------------------------------- recovery


def cut(text: str | None) -> str | None:
    return None if text is None else text[: len(text) // 2]


DAMAGE_TO_THE_LATEST_SAVE = {
    "cut in half": lambda storage: storage.setItem(B, cut(storage.getItem(B))),
    "emptied": lambda storage: storage.setItem(B, ""),
    "removed": lambda storage: storage.removeItem(B),
    "tampered (refused by the game)": lambda storage: storage.setItem(B, '{"move": "x"}'),
    "pointer missing": lambda storage: (storage.removeItem(POINTER), storage.removeItem(B)),
    "pointer garbage": lambda storage: (storage.setItem(POINTER, "}{"), storage.setItem(B, "")),
    "pointer names a missing slot": lambda storage: storage.setItem(POINTER, "tablero.x.save.c"),
}


@pytest.mark.parametrize("damage", DAMAGE_TO_THE_LATEST_SAVE)
def test_a_damaged_latest_save_falls_back_to_the_copy_before_and_says_so(damage: str) -> None:
    storage = saved(2)  # move 1 in slot A, move 2 (the latest) in slot B
    DAMAGE_TO_THE_LATEST_SAVE[damage](storage)
    loaded = store.recover(storage, GAME, parse)
    if damage == "pointer names a missing slot":
        # Slot B is whole: the latest save is found by its revision, nothing is lost.
        assert loaded.value == {"move": 2} and loaded.revision == 2
    else:
        assert loaded.value == {"move": 1} and loaded.revision == 1
    assert loaded.recovered and not loaded.damaged
    assert loaded.text is not None and parse(loaded.text) == loaded.value
    # Whoever opens the game next (the home screen read it first) is told too.
    again = store.recover(storage, GAME, parse)
    assert again.recovered and again.value == loaded.value
    # The copy in use is the latest now: the next write states its revision, goes into
    # the other slot, and the copy it replaces stays whole until then.
    assert store.current_revision(storage, GAME) == loaded.revision
    kept = storage.getItem(POINTER)
    written = store.write(storage, GAME, move(3), replaces=loaded.revision)
    assert written.status == SAVED
    assert storage.getItem(POINTER) != kept and storage.getItem(kept or "") == loaded.text
    after = store.recover(storage, GAME, parse)
    assert after.value == {"move": 3} and not after.recovered


@pytest.mark.parametrize("damage", DAMAGE_TO_THE_LATEST_SAVE)
def test_a_new_game_never_overwrites_the_last_intact_copy(damage: str) -> None:
    """The first save of a new game over a damaged autosave goes into the damaged slot;
    the older intact copy is only replaced by the new game's second save, when a newer
    intact copy exists. Whatever is written or refused, one readable copy remains."""
    storage = saved(2)
    DAMAGE_TO_THE_LATEST_SAVE[damage](storage)
    intact = store.recover(storage, GAME, parse)  # what the home screen reads first
    assert intact.value is not None
    # The new game's first save is refused (storage full): the intact copy survives.
    storage.limit = sum(len(v) for v in storage.items.values())
    new_game = json.dumps({"move": 1, "game": "new"})
    assert store.write(storage, GAME, new_game, replaces=intact.revision).status == REFUSED
    assert store.recover(storage, GAME, parse).value == intact.value
    # With room, the first save of the new game keeps the intact copy too.
    storage.limit = None
    assert store.write(storage, GAME, new_game, replaces=intact.revision).status == SAVED
    assert intact.text in (storage.getItem(A), storage.getItem(B))
    assert store.recover(storage, GAME, parse).value == {"move": 1, "game": "new"}


def test_a_write_into_an_emptied_latest_slot_happens_even_before_any_load() -> None:
    """Without a load first (the new-game screen opened by its address), a write still
    goes into the emptied slot: the slot that holds a save is never the target."""
    storage = saved(2)
    storage.setItem(B, "")  # the latest save, emptied; the pointer still names it
    written = store.write(storage, GAME, move(3), replaces=1)
    assert written.status == SAVED
    assert storage.getItem(A) == move(1) and storage.getItem(B) == move(3)


def test_both_copies_damaged_is_no_game_and_says_the_save_was_damaged() -> None:
    storage = saved(2)
    storage.setItem(A, '{"move": "tampered"}')
    storage.setItem(B, cut(storage.getItem(B)) or "")
    loaded = store.recover(storage, GAME, parse)
    assert loaded.value is None and loaded.damaged and not loaded.recovered
    # A new game may then be saved (it states the revision that is stored).
    assert store.write(storage, GAME, move(1), replaces=loaded.revision).status == SAVED
    nothing = store.recover(MemoryStorage(), GAME, parse)
    assert nothing.value is None and not nothing.damaged and nothing.revision is None


def test_the_latest_save_is_used_even_when_the_copy_before_is_damaged() -> None:
    storage = saved(2)
    storage.setItem(A, "{cut")
    loaded = store.recover(storage, GAME, parse)
    assert loaded.value == {"move": 2} and not loaded.recovered


def test_load_and_load_parsed_recover_too() -> None:
    storage = saved(2)
    storage.removeItem(B)
    assert store.load(storage, GAME) == move(1)
    storage = saved(2)
    storage.setItem(B, "{cut off")
    assert store.load_parsed(storage, GAME, json.loads) == {"move": 1}
    assert store.load_parsed(None, GAME, json.loads) is None


# --------------------------------------------------------------------------- property


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 2), st.sampled_from(["write", "reload"])), max_size=30))
def test_windows_in_any_order_only_ever_write_over_what_they_have_seen(
    steps: list[tuple[int, str]],
) -> None:
    """Three windows play, write and reload in any order: a write succeeds exactly when
    the window has seen the latest save, and the stored game is always the last
    successful write."""
    storage = MemoryStorage()
    known: list[int | None] = [None, None, None]
    latest: str | None = None
    for number, (window, step) in enumerate(steps):
        if step == "reload":
            loaded = store.recover(storage, GAME, parse)
            assert loaded.text == latest
            known[window] = loaded.revision
            continue
        up_to_date = store.current_revision(storage, GAME) == known[window]
        written = store.write(storage, GAME, move(number), replaces=known[window])
        assert written.ok == up_to_date
        if written.ok:
            known[window] = written.revision
            latest = move(number)
        assert store.load(storage, GAME) == latest


def test_a_missing_key_read_as_pyodides_jsnull_is_missing() -> None:
    """In the browser ``getItem`` of a missing key gives JavaScript's null, which Pyodide
    hands over as a ``JsNull`` object (its text is "jsnull"), not as None."""

    class JsNull:
        def __str__(self) -> str:
            return "jsnull"

    class BrowserStorage(MemoryStorage):
        def getItem(self, key: str) -> Any:
            value = super().getItem(key)
            return JsNull() if value is None else value

    storage = BrowserStorage()
    assert store.read_item(storage, POINTER) is None
    assert store.recover(storage, GAME, parse).value is None
    assert store.current_revision(storage, GAME) is None
    saved(2, storage)
    storage.removeItem(B)
    loaded = store.recover(storage, GAME, parse)
    assert loaded.value == {"move": 1} and loaded.recovered
