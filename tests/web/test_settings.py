"""Settings follow the browser at first, are remembered, and survive bad storage."""

from __future__ import annotations

import json

import pytest
from ui.settings import SETTINGS_KEY, Settings, load, save


class MemoryStorage:
    """An in-memory stand-in for window.localStorage."""

    def __init__(self, items: dict[str, str] | None = None) -> None:
        self.items = dict(items or {})

    def getItem(self, key: str) -> str | None:
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        self.items[key] = value


class BrokenStorage:
    """Storage as a browser with storage disabled or full behaves."""

    def getItem(self, key: str) -> str | None:
        raise RuntimeError("SecurityError: storage is disabled")

    def setItem(self, key: str, value: str) -> None:
        raise RuntimeError("QuotaExceededError")


def test_first_start_follows_the_browser_language() -> None:
    assert load(MemoryStorage(), "es-MX").language == "es"
    assert load(MemoryStorage(), "en-US").language == "en"
    assert load(MemoryStorage(), "fr-FR").language == "en"


def test_a_saved_choice_wins_over_the_browser_language() -> None:
    storage = MemoryStorage()
    assert save(storage, Settings(language="es", stratego_numbering="american"))
    restored = load(storage, "en-US")
    assert restored == Settings(language="es", stratego_numbering="american")


def test_corrupt_or_foreign_settings_give_defaults() -> None:
    for raw in ("{not json", "[1, 2]", json.dumps({"language": "xx", "stratego_numbering": 7})):
        settings = load(MemoryStorage({SETTINGS_KEY: raw}), "es")
        assert settings == Settings(language="es", stratego_numbering="european")


def test_disabled_storage_does_not_stop_the_app() -> None:
    assert load(BrokenStorage(), "es") == Settings(language="es")
    assert save(BrokenStorage(), Settings()) is False
    assert save(None, Settings()) is False


def test_unknown_values_in_a_change_are_replaced_by_defaults() -> None:
    changed = Settings(language="es").with_changes(stratego_numbering="roman")
    assert changed.stratego_numbering == "european"
    assert changed.language == "es"


@pytest.mark.parametrize(
    ("name", "default", "chosen", "strange"),
    [("computer_pace", "calm", "quick", "lightning"), ("sounds", "on", "off", "loud")],
)
def test_a_choice_is_remembered_and_a_strange_one_falls_back_to_the_default(
    name: str, default: str, chosen: str, strange: str
) -> None:
    storage = MemoryStorage()
    assert getattr(load(storage, "en"), name) == default
    save(storage, load(storage, "en").with_changes(**{name: chosen}))
    assert getattr(load(storage, "en"), name) == chosen
    storage.setItem(SETTINGS_KEY, json.dumps({name: strange}))
    assert getattr(load(storage, "en"), name) == default
