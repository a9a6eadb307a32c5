"""The tablet as a device: the screen stays awake during a game and sleeps on the home
screen (Screen Wake Lock), and a new version of the site waits for a restart instead of
swapping code under a game in progress (issue 16, items 10 and 11)."""

from __future__ import annotations

import shutil
from pathlib import Path

from build import write_service_worker
from conftest import RunningServer, open_app, wait_ready
from playwright.sync_api import Browser, Page, expect

# A stand-in for navigator.wakeLock that counts what the page asks (headless Chromium
# may refuse the real one); release() fires "release" as the browser's own does.
FAKE_WAKE_LOCK = """
window.__wake = {requests: 0, releases: 0, held: null};
Object.defineProperty(navigator, "wakeLock", {configurable: true, value: {
  request(type) {
    window.__wake.requests += 1;
    const sentinel = new EventTarget();
    sentinel.type = type;
    sentinel.released = false;
    sentinel.release = () => {
      if (!sentinel.released) {
        sentinel.released = true;
        window.__wake.releases += 1;
        if (window.__wake.held === sentinel) window.__wake.held = null;
        sentinel.dispatchEvent(new Event("release"));
      }
      return Promise.resolve();
    };
    window.__wake.held = sentinel;
    return Promise.resolve(sentinel);
  },
}});
"""
NO_WAKE_LOCK = "delete Navigator.prototype.wakeLock;"
ENGLISH = 'localStorage.setItem("tablero.settings", JSON.stringify({language: "en"}));'


def wake(page: Page) -> dict:
    return page.evaluate(  # type: ignore[no-any-return]
        "({requests: __wake.requests, releases: __wake.releases, held: __wake.held !== null})"
    )


def start_stratego_setup(page: Page) -> None:
    page.evaluate("location.hash = '#/stratego/new'")
    page.locator("#st-seat-blue").select_option("easy")
    page.locator('[data-intent="new-start"]').click()
    expect(page.locator("#st-tray")).to_be_visible()


def test_the_screen_stays_awake_during_a_game_only(browser: Browser, server: RunningServer) -> None:
    context, page, log = open_app(browser, server, "#/", init_scripts=(ENGLISH, FAKE_WAKE_LOCK))
    assert wake(page) == {"requests": 0, "releases": 0, "held": False}, "home: let it sleep"
    start_stratego_setup(page)
    page.wait_for_function("__wake.held !== null")
    assert wake(page)["requests"] == 1
    # Hidden, the browser drops the lock; shown again, the page takes it again.
    page.evaluate("__wake.held.release(); document.dispatchEvent(new Event('visibilitychange'))")
    page.wait_for_function("__wake.held !== null")
    assert wake(page)["requests"] == 2
    # Back on the home screen the screen may sleep.
    page.evaluate("location.hash = '#/'")
    page.wait_for_function("__wake.held === null")
    assert wake(page) == {"requests": 2, "releases": 2, "held": False}
    assert log.console_errors == [] and log.page_errors == []
    context.close()


def test_without_a_wake_lock_the_game_plays_and_nothing_complains(
    browser: Browser, server: RunningServer
) -> None:
    context, page, log = open_app(browser, server, "#/", init_scripts=(ENGLISH, NO_WAKE_LOCK))
    assert page.evaluate("'wakeLock' in navigator") is False
    start_stratego_setup(page)
    page.locator('[data-intent="setup-fill"]').click()
    page.locator('[data-intent="setup-ready"]').click()
    expect(page.locator("#st-status")).to_contain_text("Your move")
    assert log.console_errors == [] and log.page_errors == []
    context.close()


def test_a_new_version_waits_for_a_restart(browser: Browser, site: Path, tmp_path: Path) -> None:
    folder = tmp_path / "dist"
    shutil.copytree(site, folder)
    server = RunningServer(folder)
    try:
        context, page, log = open_app(browser, server, "#/", init_scripts=(ENGLISH,))
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
        start_stratego_setup(page)
        page.locator('[data-intent="setup-fill"]').click()
        page.locator('[data-intent="setup-ready"]').click()
        expect(page.locator("#st-status")).to_contain_text("Your move")
        page.evaluate("window.__samePage = true")
        # A new version is deployed while a game is in progress.
        styles = folder / "styles" / "app.css"
        styles.write_text(styles.read_text(encoding="utf-8") + "\n/* v2 */\n", encoding="utf-8")
        new_cache = write_service_worker(folder)
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        banner = page.locator("#update")
        expect(banner).to_be_visible(timeout=60_000)
        expect(banner).to_contain_text("A new version is ready")
        # It waits: the page, and the game on it, are untouched until the player restarts.
        assert page.evaluate(
            "navigator.serviceWorker.getRegistration().then((r) => r.waiting !== null)"
        )
        expect(page.locator("#st-status")).to_contain_text("Your move")
        assert page.evaluate("window.__samePage") is True
        banner.get_by_role("button", name="Restart").click()
        page.wait_for_function("window.__samePage === undefined", timeout=60_000)
        wait_ready(page)
        expect(banner).to_be_hidden()
        assert page.evaluate("caches.keys()") == [new_cache]
        # The game in progress came back from its autosave.
        expect(page.locator("#st-status")).to_contain_text("Your move")
        assert log.page_errors == [] and log.foreign_requests() == []
        context.close()
    finally:
        server.stop()
