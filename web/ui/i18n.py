"""Every string the UI shows, from one table per language (``web/i18n/<lang>.json``).

>>> strings = Translator("es")
>>> strings("new_game_of", game="Stratego")
'Nueva partida de Stratego'
>>> Translator("fr").language  # an unknown language falls back to English
'en'

A word that agrees with a number names the field and its singular and plural forms,
``{count|card|cards}`` (one form for 1, the other for any other number, in both
languages):

>>> Translator("es")("ideology_log_draw", player="Ana", count=1, hand_size=5)
'Ana roba 1 carta (5 en la mano).'
>>> Translator("en")("ideology_log_draw", player="Ana", count=2, hand_size=5)
'Ana draws 2 cards (5 in hand).'
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

TABLES = Path(__file__).resolve().parent.parent / "i18n"
LANGUAGES = ("en", "es")
DEFAULT_LANGUAGE = "en"


@cache
def table(language: str) -> dict[str, str]:
    with open(TABLES / f"{language}.json", encoding="utf-8") as handle:
        strings: dict[str, str] = json.load(handle)
    return strings


@cache
def name_key(kind: str, name: str) -> str:
    """The key of a game's name in the tables (a piece, a region, an advance...).

    >>> name_key("ideology_region", "North Africa"), name_key("stratego_piece", "X")
    ('ideology_region_north_africa', 'stratego_piece_x')
    """
    return f"{kind}_{re.sub(r'[^a-z0-9]+', '_', name.lower()).strip('_')}"


def supported(language: str | None) -> str:
    """The supported language closest to a browser or user choice such as ``es-AR``."""
    if language:
        base = language.lower().split("-")[0]
        if base in LANGUAGES:
            return base
    return DEFAULT_LANGUAGE


class Translator:
    """Looks keys up in one language's table; ``{name}`` fields are filled from keywords."""

    def __init__(self, language: str) -> None:
        self.language = supported(language)
        self._strings = table(self.language)

    def __call__(self, key: str, **fields: object) -> str:
        text = self._strings.get(key)
        if text is None:
            # A missing key is a bug, but the player should still see something sensible.
            text = table(DEFAULT_LANGUAGE).get(key, key)
        if not fields:
            return text
        if "|" in text:
            text = PLURAL.sub(lambda match: plural_form(match, fields), text)
        return text.format(**fields)


#: ``{field|singular|plural}``: the word's form for the number in ``field``.
PLURAL = re.compile(r"\{(\w+)\|([^|{}]*)\|([^|{}]*)\}")


def plural_form(match: re.Match[str], fields: dict[str, object]) -> str:
    name, one, other = match.groups()
    form = one if fields.get(name) == 1 else other
    # Escaped: the chosen word is text, never a field of str.format.
    return form.replace("{", "{{").replace("}", "}}")
