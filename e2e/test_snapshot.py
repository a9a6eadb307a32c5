"""A returning player's Python comes back from a memory snapshot, in Chromium with a
persistent profile (the tablet's own browser keeps its storage between visits).

The first visit starts Python afresh and, once idle, makes the snapshot; every later
visit restores it (``<html data-start>`` says which). Whatever goes wrong with the
snapshot, the player gets today's start: never an error, never a different game.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import build  # tools/, put on the path by conftest
import pytest
from conftest import (
    VIEWPORTS,
    PageRecord,
    RunningServer,
    record,
    screenshot,
    wait_ready,
)
from pages import StrategoBoard
from playwright.sync_api import BrowserContext, BrowserType, Page, expect
from test_stratego import BLUE_SETUP, LINE, NAMES, RED_SETUP, act, reveal

SNAPSHOT_CACHE = "tablero-snapshots"
# Making a snapshot starts a second Python in a worker: seconds, more on a loaded machine.
SNAPSHOT_TIMEOUT_MS = 180_000
# Keeps the outcome of the worker that makes the snapshot, for the test to wait on.
SNAPSHOT_PROBE = """
addEventListener("tablero:snapshot", (event) => { window.__snapshot = event.detail; });
"""
STORED_SNAPSHOTS = f"""async () => {{
  if (!(await caches.has("{SNAPSHOT_CACHE}"))) return [];
  const cache = await caches.open("{SNAPSHOT_CACHE}");
  return (await cache.keys()).map((request) => request.url.split("/").pop());
}}"""


class Tablet:
    """One browser profile that keeps its storage across visits, with the page open."""

    def __init__(self, context: BrowserContext, server: RunningServer) -> None:
        self.context = context
        self.server = server
        self.page: Page = context.pages[0] if context.pages else context.new_page()
        self.log: PageRecord = record(context, self.page, server.url)

    def visit(self, address: str = "") -> str:
        """Opens the app (a new navigation, like launching it again); how Python started."""
        self.page.goto(self.server.url + address)
        wait_ready(self.page)
        return self.start()

    def reload(self) -> str:
        self.page.reload()
        wait_ready(self.page)
        return self.start()

    def start(self) -> str:
        return str(self.page.get_attribute("html", "data-start"))

    def snapshot_made(self) -> dict:
        self.page.wait_for_function(
            "window.__snapshot !== undefined", timeout=SNAPSHOT_TIMEOUT_MS, polling=250
        )
        outcome: dict = self.page.evaluate("window.__snapshot")
        assert outcome["ok"], outcome
        return outcome

    def stored(self) -> list[str]:
        """The builds whose snapshot Cache Storage holds."""
        return list(self.page.evaluate(STORED_SNAPSHOTS))

    def caches(self) -> list[str]:
        return list(self.page.evaluate("caches.keys()"))

    def wait_until(self, condition: Callable[[], bool], seconds: float = 60) -> None:
        deadline = time.monotonic() + seconds
        while not condition():
            assert time.monotonic() < deadline, "timed out"
            self.page.wait_for_timeout(250)

    def first_visit(self) -> None:
        """The first start, then the snapshot made for the next one."""
        assert self.visit() == "fresh"
        self.snapshot_made()
        self.page.wait_for_function("navigator.serviceWorker.controller !== null")

    def assert_clean(self) -> None:
        assert self.log.foreign_requests() == []
        assert self.log.console_errors == []
        assert self.log.page_errors == []


@pytest.fixture()
def tablet(
    browser_type: BrowserType,
    browser_type_launch_args: dict,
    server: RunningServer,
    tmp_path: Path,
) -> Iterator[Tablet]:
    width, height = VIEWPORTS["portrait"]
    context = browser_type.launch_persistent_context(
        tmp_path / "profile",
        **browser_type_launch_args,
        locale="en-US",
        viewport={"width": width, "height": height},
    )
    context.add_init_script(SNAPSHOT_PROBE)
    yield Tablet(context, server)
    context.close()


def build_id(site: Path) -> str:
    worker = (site / "sw.js").read_text(encoding="utf-8")
    return worker.split('const CACHE_NAME = "', 1)[1].split('"', 1)[0][len(build.CACHE_PREFIX) :]


def random_setup(page: Page) -> list[str]:
    """A setup filled at random on the new-game screen: what each square holds."""
    page.goto(page.url.split("#")[0] + "#/stratego/new")
    act(page, "new-start")
    act(page, "reveal")
    act(page, "setup-fill")
    labels: list[str] = page.eval_on_selector_all(
        "#st-board .sq[aria-label]", "squares => squares.map((sq) => sq.getAttribute('aria-label'))"
    )
    page.evaluate("localStorage.clear()")  # no game in progress for the next visit
    return labels


def test_later_visits_start_from_the_snapshot_even_offline(tablet: Tablet, site: Path) -> None:
    tablet.first_visit()
    assert tablet.stored() == [build_id(site)]
    assert tablet.visit() == "snapshot"
    page = tablet.page
    expect(page.locator("#screen-title")).to_have_text("Tablero")
    # The app works as after any start: the rules read their text from unpacked files.
    page.get_by_role("link", name="Rules").first.click()
    expect(page.locator(".prose h2").first).to_be_visible()
    page.goto(tablet.server.url + "#/settings")
    expect(page.locator(".startup-time")).to_have_text(re.compile(r"^Ready in \d+\.\d s$"))
    screenshot(page, "settings-startup-en")
    page.get_by_text("Español").click()
    expect(page.locator(".startup-time")).to_have_text(re.compile(r"^Lista en \d+,\d s$"))
    screenshot(page, "settings-startup-es")
    page.get_by_text("English").click()

    # Python was seeded when the snapshot was made: each start must draw anew.
    first = random_setup(page)
    assert tablet.visit() == "snapshot"
    second = random_setup(page)
    assert len(first) == len(second) == 40
    assert first != second, "two snapshot starts drew the same 'random' setup"

    tablet.server.stop()
    assert tablet.visit() == "snapshot"
    page.get_by_role("link", name="Settings").click()
    expect(page.locator("#screen-title")).to_have_text("Settings")
    page.goto(page.url.split("#")[0] + "#/rules/ideology")
    expect(page.locator(".prose")).to_contain_text("Great Britain")
    tablet.assert_clean()


def play_the_first_move(page: Page) -> None:
    page.goto(page.url.split("#")[0] + "#/stratego/new")
    page.locator("#st-name-red").fill(NAMES["red"])
    page.locator("#st-name-blue").fill(NAMES["blue"])
    act(page, "new-start")
    for name, setup in ((NAMES["red"], RED_SETUP), (NAMES["blue"], BLUE_SETUP)):
        reveal(page, name)
        page.select_option("#st-preset", f"builtin:{setup}")
        act(page, "setup-use")
        act(page, "setup-ready")
    reveal(page, NAMES["red"])
    StrategoBoard(page).move(LINE[0])
    act(page, "hand-over")


def blue_sees(page: Page) -> str:
    reveal(page, NAMES["blue"])
    expect(page.locator("#st-report")).to_contain_text("Ana moved a piece from b4 to b5")
    return str(page.locator("#app").inner_html())


def test_a_game_in_progress_resumes_exactly_after_a_snapshot_start(tablet: Tablet) -> None:
    tablet.first_visit()
    play_the_first_move(tablet.page)
    assert tablet.reload() == "snapshot"
    expect(tablet.page).to_have_url(tablet.server.url + "#/stratego/play")
    from_snapshot = blue_sees(tablet.page)
    # The same reload with Python started afresh shows the very same screen.
    tablet.page.evaluate(f"caches.delete('{SNAPSHOT_CACHE}')")
    assert tablet.reload() == "fresh"
    assert blue_sees(tablet.page) == from_snapshot
    tablet.assert_clean()


# A few bytes in the middle of the stored snapshot overwritten, its header kept (other
# damage, such as a partial or foreign entry, is refused the same way:
# tests/tools/test_snapshot_store.py).
OVERWRITE = """async (name) => {
    const cache = await caches.open(name);
    const [request] = await cache.keys();
    const stored = await cache.match(request);
    const bytes = new Uint8Array(await stored.arrayBuffer());
    for (let i = 0; i < 64; i++) bytes[(bytes.length >> 1) + i] ^= 0xa5;
    await cache.put(request, new Response(bytes, { headers: stored.headers }));
}"""


def test_a_damaged_snapshot_falls_back_to_a_fresh_start_and_is_replaced(
    tablet: Tablet, site: Path
) -> None:
    tablet.first_visit()
    tablet.page.evaluate(OVERWRITE, SNAPSHOT_CACHE)
    assert tablet.visit() == "fresh"
    expect(tablet.page.locator("#screen-title")).to_have_text("Tablero")
    tablet.snapshot_made()
    assert tablet.stored() == [build_id(site)]
    assert tablet.visit() == "snapshot"
    tablet.assert_clean()


def test_a_new_build_replaces_the_old_snapshot(
    browser_type: BrowserType,
    browser_type_launch_args: dict,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    folder = tmp_path / "dist"
    build.build(folder)
    old_build = build_id(folder)
    server = RunningServer(folder)
    context = browser_type.launch_persistent_context(
        tmp_path / "profile", **browser_type_launch_args, locale="en-US"
    )
    context.add_init_script(SNAPSHOT_PROBE)
    try:
        tablet = Tablet(context, server)
        tablet.first_visit()
        assert tablet.stored() == [old_build]

        # A deploy: the same site, one text changed, served from the same address.
        original = build.loading_messages
        monkeypatch.setattr(build, "loading_messages", lambda: original() + "<!-- v2 -->")
        build.build(folder)
        new_build = build_id(folder)
        assert new_build != old_build
        # This visit still runs the old build (its worker serves it) while the new
        # worker installs and waits: the page offers a restart, never swaps code by
        # itself. Once the player restarts and the new worker takes over, the old
        # build's snapshot is gone.
        tablet.visit()
        tablet.wait_until(lambda: build.CACHE_PREFIX + new_build in tablet.caches())
        assert old_build in tablet.stored()
        banner = tablet.page.locator("#update")
        expect(banner).to_be_visible(timeout=60_000)
        tablet.page.evaluate("window.__beforeRestart = true")
        banner.get_by_role("button", name="Restart").click()
        tablet.page.wait_for_function("window.__beforeRestart === undefined", timeout=60_000)
        wait_ready(tablet.page)
        tablet.wait_until(lambda: old_build not in tablet.stored())
        assert tablet.visit() == "fresh"  # the new build has no snapshot yet
        tablet.snapshot_made()
        assert tablet.stored() == [new_build]
        assert tablet.visit() == "snapshot"
        tablet.assert_clean()
    finally:
        context.close()
        server.stop()


NO_SNAPSHOT_API = """
Object.defineProperty(window, "caches", { value: undefined });
"""


def test_a_browser_without_the_api_starts_as_today(tablet: Tablet) -> None:
    tablet.context.add_init_script(NO_SNAPSHOT_API)
    assert tablet.visit() == "fresh"
    tablet.page.wait_for_timeout(3000)  # idle time, when a snapshot would be made
    assert tablet.page.evaluate("window.__snapshot") is None
    assert tablet.reload() == "fresh"
    tablet.assert_clean()


def test_storage_that_refuses_the_snapshot_keeps_todays_start(tablet: Tablet) -> None:
    devtools = tablet.context.new_cdp_session(tablet.page)
    origin = tablet.server.url.rstrip("/")
    devtools.send("Storage.overrideQuotaForOrigin", {"origin": origin, "quotaSize": 20e6})
    assert tablet.visit() == "fresh"
    tablet.page.wait_for_function(
        "window.__snapshot !== undefined", timeout=SNAPSHOT_TIMEOUT_MS, polling=250
    )
    assert not tablet.page.evaluate("window.__snapshot.ok")
    assert tablet.stored() == []
    assert tablet.reload() == "fresh"
    expect(tablet.page.locator("#screen-title")).to_have_text("Tablero")
    tablet.assert_clean()


def test_snapshot_starts_that_never_finish_fall_back_then_stop(tablet: Tablet) -> None:
    tablet.first_visit()
    build_name = tablet.stored()[0]
    trouble = "(value) => localStorage.setItem('tablero.snapshot.trouble', value)"
    # As if the last start from the snapshot had stopped before the first screen (the
    # app closed at once?): a fresh start, and a new snapshot.
    tablet.page.evaluate(trouble, f"{build_name} 1 0")
    assert tablet.visit() == "fresh"
    tablet.snapshot_made()
    assert tablet.stored() == [build_name]
    # The second time for this build: no more snapshots for it.
    tablet.page.evaluate(trouble, f"{build_name} 1 1")
    assert tablet.visit() == "fresh"
    tablet.page.wait_for_timeout(5000)  # idle time, when a snapshot would be made
    assert tablet.page.evaluate("window.__snapshot") is None
    assert tablet.stored() == []
    assert tablet.visit() == "fresh"
    tablet.assert_clean()
