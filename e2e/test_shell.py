"""The app shell in real headless Chromium: ready, offline, bilingual, tablet-sized."""

from __future__ import annotations

from collections import Counter

import pytest
from conftest import VIEWPORTS, RunningServer, assert_fits, open_app, screenshot, wait_ready
from playwright.sync_api import Browser, expect


def test_app_starts_with_no_foreign_request_and_no_console_error(
    browser: Browser, server: RunningServer
) -> None:
    _, page, log = open_app(browser, server, "")
    expect(page.locator("#screen-title")).to_have_text("Tablero")
    expect(page.locator("#loading")).to_be_hidden()
    page.get_by_role("link", name="Rules").first.click()
    expect(page.locator(".prose h2").first).to_be_visible()
    assert log.requests, "no request was recorded at all"


def test_loading_screen_is_styled_while_python_starts(
    browser: Browser, server: RunningServer
) -> None:
    context = browser.new_context(locale="es-ES")
    page = context.new_page()
    page.goto(server.url, wait_until="commit")
    loading = page.locator("#loading")
    expect(loading).to_be_visible()
    expect(page.locator('.loading-text[lang="es"]')).to_be_visible()
    expect(page.locator('.loading-text[lang="en"]')).to_be_hidden()
    wait_ready(page)
    expect(loading).to_be_hidden()
    context.close()


def test_app_works_offline_after_the_first_visit(browser: Browser, server: RunningServer) -> None:
    _, page, _ = open_app(browser, server, "")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
    server.stop()
    page.reload()
    wait_ready(page)
    page.get_by_role("link", name="Settings").click()
    expect(page.locator("#screen-title")).to_have_text("Settings")
    page.goto(page.url.split("#")[0] + "#/rules/ideology")
    expect(page.locator(".prose")).to_contain_text("Great Britain")


def test_language_switch_changes_text_and_survives_reload(
    browser: Browser, server: RunningServer
) -> None:
    _, page, _ = open_app(browser, server, "", locale="en-US")
    expect(page.get_by_role("heading", name="What shall we play?")).to_be_visible()
    page.get_by_role("link", name="Settings").click()
    page.get_by_text("Español").click()
    expect(page.locator("#screen-title")).to_have_text("Ajustes")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    # The computer's pace is a setting like the language, kept the same way.
    page.get_by_text("Rápido: sin pausa").click()
    page.reload()
    wait_ready(page)
    expect(page.locator("#screen-title")).to_have_text("Ajustes")
    expect(page.locator('input[name="computer_pace"][value="quick"]')).to_be_checked()
    page.get_by_role("link", name="Volver").click()
    expect(page.get_by_role("heading", name="¿A qué jugamos?")).to_be_visible()


def test_first_start_follows_the_browser_language(browser: Browser, server: RunningServer) -> None:
    _, page, _ = open_app(browser, server, "", locale="es-ES")
    expect(page.get_by_role("heading", name="¿A qué jugamos?")).to_be_visible()
    expect(page.get_by_role("link", name="Partidas guardadas")).to_be_visible()


def test_ideology_new_game_screen_appears(browser: Browser, server: RunningServer) -> None:
    _, page, _ = open_app(browser, server, "")
    page.locator('a[href="#/ideology/new"]').click()
    title = "New game of Ideology: The War of Ideas"
    expect(page.get_by_role("heading", name=title)).to_be_visible()
    expect(page.locator('[data-intent="start"]')).to_be_visible()


def test_keyboard_reaches_and_opens_a_screen_with_visible_focus(
    browser: Browser, server: RunningServer
) -> None:
    _, page, _ = open_app(browser, server, "")
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.getAttribute('href')")
    assert focused == "#/stratego/new"
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"
    for _ in range(4):
        page.keyboard.press("Tab")
    target = page.evaluate("document.activeElement.getAttribute('href')")
    page.keyboard.press("Enter")
    expect(page).to_have_url(server.url + target)
    expect(page.locator("#screen-title")).to_be_focused()


@pytest.mark.parametrize("viewport_name", list(VIEWPORTS))
@pytest.mark.parametrize("locale", ["en-US", "es-ES"])
def test_layout_fits_and_targets_are_touchable(
    browser: Browser, server: RunningServer, viewport_name: str, locale: str
) -> None:
    _, page, _ = open_app(browser, server, "", locale=locale, viewport=viewport_name)
    language = locale[:2]
    for path, name in (
        ("#/", "home"),
        ("#/settings", "settings"),
        ("#/rules/stratego", "rules"),
        ("#/stratego/new", "stratego-new"),
        ("#/ideology/new", "not-available"),
    ):
        page.evaluate(f"location.hash = '{path}'")
        page.wait_for_function(f"location.hash === '{path}'")
        page.wait_for_timeout(100)
        assert_fits(page, what=f"{name} at {viewport_name}")
        if name == "rules":  # no table needs a sideways swipe
            assert page.evaluate(
                """() => [...document.querySelectorAll(".table-scroll")]
                    .every((el) => el.scrollWidth <= el.clientWidth)"""
            ), f"a rules table scrolls sideways at {viewport_name}"
        if name == "home":  # the menu's rows are even: as many entries in each, as wide
            boxes = page.evaluate(
                """() => [...document.querySelectorAll(".home-menu > *")].map((el) => {
                    const box = el.getBoundingClientRect();
                    return [Math.round(box.top), Math.round(box.width)]; })"""
            )
            per_row = Counter(top for top, _ in boxes)
            assert len(set(per_row.values())) == 1, boxes
            assert len({width for _, width in boxes}) == 1, boxes
        screenshot(page, f"shell-{name}-{viewport_name}-{language}")
