"""The shell's screens say plainly what is and is not available, in both languages."""

from __future__ import annotations

import re

import pytest
from ui import screens
from ui.i18n import Translator
from ui.routes import Route, href, parse
from ui.settings import Settings


def text_of(markup: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup))


@pytest.mark.parametrize("language", ["en", "es"])
def test_home_offers_both_games_rules_saves_and_settings(language: str) -> None:
    t = Translator(language)
    markup = screens.home(t)
    for target in ("#/stratego/new", "#/ideology/new", "#/rules", "#/saves", "#/settings"):
        assert f'href="{target}"' in markup
    assert t("game_ideology") in text_of(markup)
    assert t("continue_none") in text_of(markup)
    assert re.search(r"<button[^>]*disabled[^>]*>.*?" + re.escape(t("continue_game")), markup)


def test_continue_is_offered_when_a_game_is_in_progress() -> None:
    markup = screens.home(Translator("en"), continue_to=Route("game", "ideology", ("continue",)))
    assert "disabled" not in markup and 'href="#/ideology/continue"' in markup


def test_rules_screen_shows_the_text_in_the_chosen_language() -> None:
    english = screens.rules(Translator("en"), "stratego", "en")
    spanish = screens.rules(Translator("es"), "stratego", "es")
    assert "Marshal" in english and "Mariscal" in spanish
    assert "Mariscal" not in english


def test_settings_mark_the_current_choices() -> None:
    markup = screens.settings(
        Translator("es"), Settings(language="es", stratego_numbering="american"), ""
    )
    assert re.search(r'value="es"[^>]*checked', markup)
    assert re.search(r'value="american"[^>]*checked', markup)
    assert not re.search(r'value="en"[^>]*checked', markup)


def test_every_screen_has_one_title_and_a_way_back_except_home() -> None:
    t = Translator("en")
    for markup in (
        screens.rules_index(t),
        screens.not_found(t),
        screens.error(t).html(),
    ):
        assert markup.count("<h1") == 1
        assert 'class="button button-quiet back"' in markup
    assert "back" not in screens.home(t).split("<h1")[0]


def test_routes_round_trip_and_unknown_addresses_are_not_found() -> None:
    for route in (
        Route("home"),
        Route("rules", "stratego"),
        Route("game", "ideology", ("new",)),
        Route("settings"),
    ):
        assert parse(href(route)) == route
    assert parse("#/stratego/play/x") == Route("game", "stratego", ("play", "x"))
    assert parse("#/settings/stratego").screen == "not_found"
    assert parse("#/rules/chess").screen == "not_found"
    assert parse("#/nowhere").screen == "not_found"


def test_settings_say_how_long_this_visit_took_to_start_in_each_language() -> None:
    from ui.loop import Context
    from ui.store import MemoryStorage
    from ui.timer import ManualClock

    context = Context(Translator("en"), Settings(), MemoryStorage(), ManualClock())
    screen = screens.ShellScreen(context)
    screen.enter(Route("settings"))
    # Before the app is ready (no figure yet) the line is simply absent.
    assert "startup-time" not in screen.render(None).html()
    context.ready_seconds = 0.63
    assert "Ready in 0.6 s" in text_of(screen.render(None).html())
    context.t, context.ready_seconds = Translator("es"), 2.349
    assert "Lista en 2,3 s" in text_of(screen.render(None).html())


def test_a_setting_is_saved_and_said_and_the_language_changes_the_page() -> None:
    from ui.loop import Context, Intent
    from ui.settings import SETTINGS_KEY
    from ui.store import MemoryStorage
    from ui.timer import ManualClock

    storage = MemoryStorage()
    context = Context(Translator("en"), Settings(), storage, ManualClock())
    screen = screens.ShellScreen(context)
    screen.enter(Route("settings"))
    before = screen.render(None)
    outcome = screen.dispatch(Intent("setting", "language", value="es"))
    assert outcome is not None and outcome.announce == "Ajustes guardados."
    assert context.t.language == "es" and '"language": "es"' in str(storage.getItem(SETTINGS_KEY))
    after = screen.render(None)
    assert "Ajustes" in after.html() and 'id="setting-language-es" checked' in after.html()
    assert before.screen == after.screen  # the same screen: the focus stays on the choice
    assert screen.dispatch(Intent("setting", "volume", value="11")) is None


def test_the_storage_note_is_the_only_part_redrawn_when_the_browser_answers() -> None:
    from ui.loop import Context, changed_sections
    from ui.store import MemoryStorage
    from ui.timer import ManualClock

    context = Context(Translator("en"), Settings(), MemoryStorage(), ManualClock())
    screen = screens.ShellScreen(context)
    screen.enter(Route("settings"))
    before = screen.render(None)
    context.persisted = True
    assert changed_sections(before, screen.render(None)) == ["storage-note"]
