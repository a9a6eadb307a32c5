"""Never lose a game (issue 14), through both games' screens on the loop: a new game
over an unfinished one asks first and keeps it as a named save; two windows on one game
never erase each other's moves; a damaged latest save is said."""

from __future__ import annotations

import json

import pytest
from ui import saves, store
from ui.loop import Intent
from ui.store import MemoryStorage

from tests.web.driver import STRATEGO_NAMES, Driver, stratego_at_play


def ideology_started(storage: MemoryStorage | None = None) -> Driver:
    driver = Driver.new_game("ideology", storage=storage)
    fields = {
        "ideology-0": "Capitalism",
        "name-0": "Ana",
        "ideology-1": "Communism",
        "name-1": "Bruno",
        "seed": "3",
    }
    driver.tap("start", **fields)
    driver.tap("continue")
    return driver


def stored_moves(storage: MemoryStorage) -> int:
    text = store.load(storage, "stratego")
    assert text is not None
    return len(json.loads(json.loads(text)["engine"])["moves"])


# --------------------------------------------------------------------------- case 1


@pytest.mark.parametrize("game", ["stratego", "ideology"])
def test_a_new_game_over_an_unfinished_one_asks_and_keeps_it_either_way(game: str) -> None:
    driver = stratego_at_play() if game == "stratego" else ideology_started()
    storage = driver.context.storage
    before = store.load(storage, game)
    start = driver.screen.start_intent  # type: ignore[attr-defined]
    fields = STRATEGO_NAMES if game == "stratego" else {"name-0": "Carla", "seed": "4"}
    driver.go(f"#/{game}/new")
    driver.tap(start, **fields)
    assert "A game is in progress. Start a new one?" in driver.html()
    assert "Unfinished: " in driver.html()
    # Cancel: the form again, the unfinished game still the autosave, nothing kept yet.
    driver.tap("replace-cancel")
    assert f'data-intent="{start}"' in driver.html()
    assert store.load(storage, game) == before and saves.list_saves(storage) == []
    driver.tap(start, **fields)
    driver.tap("replace-yes")
    kept = saves.list_saves(storage)
    assert [entry.name.split(":")[0] for entry in kept] == ["Unfinished"]
    assert json.dumps(kept[0].session, sort_keys=True) == json.dumps(
        json.loads(before or ""), sort_keys=True
    )
    assert store.load(storage, game) != before  # the new game is the autosave now


def test_a_finished_or_absent_game_is_replaced_without_a_question() -> None:
    driver = Driver.new_game("stratego")
    driver.tap("new-start", **STRATEGO_NAMES)
    assert "A game is in progress" not in driver.html()
    assert driver.page is not None and driver.page.screen.startswith("stratego/cover")


def test_when_the_unfinished_game_cannot_be_kept_the_new_game_waits() -> None:
    driver = stratego_at_play()
    storage = driver.context.storage
    before = store.load(storage, "stratego")
    storage.limit = sum(len(value) for value in storage.items.values())
    driver.go("#/stratego/new")
    driver.tap("new-start", **STRATEGO_NAMES)
    driver.tap("replace-yes")
    assert "The new game did not start" in driver.html()
    assert store.load(storage, "stratego") == before


# --------------------------------------------------------------------------- case 2


def test_a_window_whose_game_went_on_elsewhere_refuses_to_write_and_offers_a_reload() -> None:
    window_a = stratego_at_play()
    storage = window_a.context.storage
    window_b = Driver.game("stratego", storage=storage)
    window_b.go("#/stratego/continue")  # Red's cover, in another tab
    window_a.tap("square b4")
    window_a.tap("square b5")
    window_a.tap("hand-over")
    assert stored_moves(storage) == 1
    # Window B never heard of it (no storage event): Red takes the tablet there.
    window_b.tap("reveal")
    assert "This game continued in another window" in window_b.html()
    assert window_b.dispatch(Intent("square", "b4")) is None  # nothing is played there
    assert stored_moves(storage) == 1
    window_b.tap("reload-game")
    assert window_b.page is not None and window_b.page.screen == "stratego/cover/blue/turn"


def test_an_idle_window_follows_the_other_and_a_busy_one_says_so() -> None:
    busy = stratego_at_play()  # Red is looking at the board here
    storage = busy.context.storage
    idle = Driver.game("stratego", storage=storage)
    idle.go("#/stratego/continue")
    playing = Driver.game("stratego", storage=storage)
    playing.go("#/stratego/continue")
    playing.tap("reveal")
    playing.tap("square b4")
    playing.tap("square b5")
    playing.tap("hand-over")
    key = store.pointer_key("stratego")
    idle.dispatch(Intent("storage", key))
    assert idle.page is not None and idle.page.screen == "stratego/cover/blue/turn"
    busy.dispatch(Intent("storage", key))
    assert "This game continued in another window" in busy.html()
    busy.tap("reload-game")
    assert busy.page is not None and busy.page.screen == "stratego/cover/blue/turn"
    # A change of another game, or of the settings, is none of their business.
    assert idle.dispatch(Intent("storage", "tablero.ideology.current")) is None
    assert idle.dispatch(Intent("storage", "tablero.settings")) is None


def test_an_ideology_window_behind_another_refuses_to_write() -> None:
    window_a = ideology_started()
    storage = window_a.context.storage
    window_b = Driver.game("ideology", storage=storage)
    window_b.go("#/ideology/continue")
    window_a.tap("reveal")
    window_b.tap("reveal")
    session = window_a.screen.session  # type: ignore[attr-defined]
    action = session.game.legal_actions(session.holder)[-1]
    window_a.dispatch(Intent("do", action))
    saved = store.load(storage, "ideology")
    window_b.dispatch(Intent("do", action))
    assert "This game continued in another window" in window_b.html()
    assert store.load(storage, "ideology") == saved


# --------------------------------------------------------------------------- case 3


def test_a_damaged_latest_save_is_said_until_the_next_save() -> None:
    window = stratego_at_play()
    window.tap("square b4")
    window.tap("square b5")
    storage = window.context.storage
    latest = storage.getItem(storage.getItem(store.pointer_key("stratego")))
    storage.setItem(storage.getItem(store.pointer_key("stratego")), latest[: len(latest) // 2])
    again = Driver.game("stratego", storage=storage)
    again.go("#/stratego/continue")
    note = "The last save was damaged, so the game resumed from the copy before it"
    assert again.page is not None and again.page.screen == "stratego/cover/red/turn"
    assert note in again.html()
    again.tap("reveal")
    assert note in again.html()
    again.tap("square b4")
    again.tap("square b5")
    assert note in again.html()  # said all along this visit, gone at the next one
    again.go("#/")
    again.go("#/stratego/continue")
    assert note not in again.html()


def test_no_readable_copy_opens_the_form_and_says_why() -> None:
    storage = MemoryStorage()
    for slot in store.slots("stratego"):
        storage.setItem(slot, '{"broken')
    storage.setItem(store.pointer_key("stratego"), store.slots("stratego")[0])
    window = Driver.game("stratego", storage=storage)
    window.go("#/stratego/continue")
    assert window.address == "#/stratego/new"
    assert "could not be opened, nor the copy before it" in window.html()
