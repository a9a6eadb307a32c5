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
    """The fields a string is filled with (a plural form ``{count|card|cards}`` counts
    as its field, ``count``)."""
    return {name.split("|")[0] for _, name, _, _ in string.Formatter().parse(text) if name}


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


# Where the UI names keys: quoted literals, prefixes (f"stratego_error_{code}", "x_" + name),
# name_key("ideology_region", ...) prefixes and suffixes added to another key ("_short").
QUOTED = re.compile(r"""["']([a-z][a-z0-9_]*)["']""")
PREFIX = re.compile(r"""f?["']([a-z][a-z0-9_]*_)(?:\{|["']\s*\+)""")
NAME_KIND = re.compile(r"""name_key\(\s*f?["']([a-z0-9_]+)""")
SUFFIX = re.compile(r"""\+\s*["'](_[a-z0-9_]+)["']""")


#: Keys that branch ``trust`` (the damaged-autosave notice) starts using; drop them from
#: here once it is merged.
def test_every_key_of_the_tables_is_used() -> None:
    """A string nobody shows is a string nobody checks: every key is named by the UI."""
    sources = "".join(
        path.read_text(encoding="utf-8")
        for path in [
            *(WEB / "ui").rglob("*.py"),
            WEB / "main.py",
            WEB / "index.html",
            WEB.parent / "tools" / "build.py",  # the loading and update messages
        ]
    )
    quoted = set(QUOTED.findall(sources))
    prefixes = set(PREFIX.findall(sources)) | {f"{kind}_" for kind in NAME_KIND.findall(sources)}
    # A prefix as wide as a whole game ("ideology_") would excuse every key of it.
    prefixes -= {"ideology_", "stratego_", "game_"}
    suffixes = set(SUFFIX.findall(sources))

    def used(key: str) -> bool:
        if key in quoted or any(key.startswith(prefix) for prefix in prefixes):
            return True
        return any(key.endswith(suffix) for suffix in suffixes)

    assert prefixes and suffixes, "the scan found nothing: its patterns are out of date"
    unused = sorted(key for key in table("en") if not used(key))
    assert unused == []


def test_a_word_agrees_with_its_number_in_both_languages() -> None:
    for language, one, other in (("en", "1 card", "2 cards"), ("es", "1 carta", "2 cartas")):
        t = Translator(language)
        assert one in t("ideology_log_draw", player="Ana", count=1, hand_size=3)
        assert other in t("ideology_log_draw", player="Ana", count=2, hand_size=3)
    for language in LANGUAGES:
        assert [key for key, text in table(language).items() if "(s)" in text] == []


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
