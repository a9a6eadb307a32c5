"""Every visible string comes from one table per language, and both tables are complete."""

from __future__ import annotations

import json
import re
import string
from pathlib import Path

import pytest
from ui.i18n import LANGUAGES, Translator, supported, table

WEB = Path(__file__).resolve().parents[2] / "web"
# t("key") / t('key'), also inside f-strings such as t(f"game_{game}") (those are checked below).
KEY_USE = re.compile(r"""\bt\(\s*["']([a-z0-9_]+)["']""")


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_both_languages_have_exactly_the_same_keys() -> None:
    english, spanish = table("en"), table("es")
    assert set(english) - set(spanish) == set(), "keys missing in Spanish"
    assert set(spanish) - set(english) == set(), "keys missing in English"


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_string_is_empty(language: str) -> None:
    assert [key for key, text in table(language).items() if not text.strip()] == []


def test_placeholders_match_between_languages() -> None:
    english, spanish = table("en"), table("es")
    mismatched = [key for key in english if fields(english[key]) != fields(spanish[key])]
    assert mismatched == []


def test_spanish_is_a_translation_not_a_copy() -> None:
    english, spanish = table("en"), table("es")
    # Proper names (Tablero, Stratego, the language names) may stay the same; prose may not.
    same = [key for key in english if english[key] == spanish[key] and " " in english[key]]
    assert same == []


def test_every_key_the_ui_uses_exists() -> None:
    english = table("en")
    used: set[str] = set()
    for path in (WEB / "ui").rglob("*.py"):
        used |= set(KEY_USE.findall(path.read_text(encoding="utf-8")))
    assert used, "the key scan found nothing: the pattern is out of date"
    assert sorted(used - set(english)) == []


def test_tables_are_valid_utf8_json_objects_of_strings() -> None:
    for language in LANGUAGES:
        data = json.loads((WEB / "i18n" / f"{language}.json").read_text(encoding="utf-8"))
        assert all(isinstance(value, str) for value in data.values())


def test_browser_languages_map_to_supported_ones() -> None:
    assert supported("es-AR") == "es"
    assert supported("ES") == "es"
    assert supported("en-GB") == "en"
    assert supported("de-DE") == "en"
    assert supported(None) == "en"


def test_translator_fills_fields_in_the_chosen_language() -> None:
    assert Translator("en")("new_game_of", game="Stratego") == "New game of Stratego"
    assert Translator("es")("new_game_of", game="Stratego") == "Nueva partida de Stratego"


def test_every_name_of_both_games_is_in_both_tables() -> None:
    from ui.i18n import name_key

    from engine.ideology import ADVANCES, IDEOLOGIES, REGIONS
    from engine.stratego import PIECES

    keys = [name_key("stratego_piece", letter) for letter in PIECES]
    keys += [name_key("ideology_ideology", name) for name in IDEOLOGIES]
    keys += [name_key("ideology_region", name) for name in REGIONS]
    keys += [name_key("ideology_advance", name) for name in ADVANCES]
    keys += [name_key("ideology_advance", name) + "_effect" for name in ADVANCES]
    for language in LANGUAGES:
        assert [key for key in keys if key not in table(language)] == []
    assert Translator("es")(name_key("ideology_region", "North Africa")) == "Norte de África"
