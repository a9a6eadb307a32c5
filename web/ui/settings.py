"""The player's settings, kept in the browser's local storage under one key.

The storage is anything with ``getItem``/``setItem`` (``window.localStorage`` in the
browser, a dictionary-backed stand-in in tests). A missing, corrupt or unavailable
store gives the defaults; it never stops the app.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, replace
from typing import Any, Protocol

from ui.i18n import LANGUAGES, supported

SETTINGS_KEY = "tablero.settings"
NUMBERINGS = ("european", "american")
#: How long the computer's moves stay on screen before the next one: "calm" lets a person
#: follow each move, "quick" plays them as fast as the screen can draw.
COMPUTER_PACES = ("calm", "quick")
#: Short sound effects (a move, an attack, a win, a hand-over): on or off.
SOUNDS = ("on", "off")


class Storage(Protocol):
    def getItem(self, key: str) -> str | None: ...
    def setItem(self, key: str, value: str) -> None: ...


@dataclass(frozen=True)
class Settings:
    language: str = "en"
    stratego_numbering: str = "european"
    computer_pace: str = "calm"
    sounds: str = "on"

    def with_changes(self, **changes: Any) -> Settings:
        updated = replace(self, **changes)
        return Settings.from_dict(asdict(updated), fallback_language=self.language)

    @classmethod
    def from_dict(cls, data: object, fallback_language: str) -> Settings:
        if not isinstance(data, dict):
            data = {}
        language = data.get("language")
        numbering = data.get("stratego_numbering")
        pace = data.get("computer_pace")
        sounds = data.get("sounds")
        if language not in LANGUAGES:
            language = supported(fallback_language)
        return cls(
            language=language,
            stratego_numbering=numbering if numbering in NUMBERINGS else "european",
            computer_pace=pace if pace in COMPUTER_PACES else "calm",
            sounds=sounds if sounds in SOUNDS else "on",
        )


def load(storage: Storage | None, browser_language: str) -> Settings:
    """Stored settings, or defaults that follow the browser's language on the first start."""
    raw = None
    if storage is not None:
        try:
            raw = storage.getItem(SETTINGS_KEY)
        except Exception:  # storage disabled by the browser: play on with defaults
            raw = None
    try:
        data = json.loads(raw) if raw else {}
    except ValueError:
        data = {}
    return Settings.from_dict(data, fallback_language=browser_language)


def save(storage: Storage | None, settings: Settings) -> bool:
    """Store the settings; False when the browser refused (full or disabled storage)."""
    if storage is None:
        return False
    try:
        storage.setItem(SETTINGS_KEY, json.dumps(asdict(settings)))
    except Exception:
        return False
    return True
