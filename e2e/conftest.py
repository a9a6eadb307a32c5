"""End-to-end fixtures: the built site served on localhost, Debian's Chromium, and a
recorder of every request and console error of a page, checked after every test: no
page error, no request leaving the page's origin, no console error (unless the test is
marked ``console_errors_expected``)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
# The tests import the engine and the UI's pure modules beside the browser tools.
for folder in (ROOT / "tools", ROOT / "web", ROOT):
    sys.path.insert(0, str(folder))

from browser import CHROMIUM, LAUNCH_ARGS, NO_SNAPSHOTS  # noqa: E402
from build import build  # noqa: E402
from serve import serve_in_background  # noqa: E402

SCREENSHOTS = ROOT / "e2e" / "screenshots"
VIEWPORTS = {"portrait": (768, 1024), "landscape": (1024, 768), "phone": (390, 844)}
READY = "html[data-ready]"
# Python starts in 2-3 s on this machine; a loaded CI machine can be several times slower.
READY_TIMEOUT_MS = 60_000


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "console_errors_expected: the test provokes errors the browser logs to the console "
        "(a refused storage write, a server taken down); page errors and foreign requests "
        "are still checked",
    )


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": LAUNCH_ARGS,
    }


@pytest.fixture(scope="session")
def browser(browser):  # type: ignore[no-untyped-def]
    """Every context opened from it keeps Python from making memory snapshots, so no
    second Python runs behind each test (e2e/test_snapshot.py opens its own profiles)."""
    new_context = browser.new_context

    def new_context_without_snapshots(*args, **kwargs):  # type: ignore[no-untyped-def]
        context = new_context(*args, **kwargs)
        context.add_init_script(NO_SNAPSHOTS)
        return context

    browser.new_context = new_context_without_snapshots
    return browser


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("site") / "dist"
    build(folder)
    return folder


class RunningServer:
    """The site on a free localhost port; ``stop()`` takes it off the network mid-test."""

    def __init__(self, folder: Path) -> None:
        self._server, self.url = serve_in_background(folder)
        self.running = True

    def stop(self) -> None:
        if self.running:
            self._server.shutdown()
            self._server.server_close()
            self.running = False


@pytest.fixture()
def server(site: Path) -> Iterator[RunningServer]:
    running = RunningServer(site)
    yield running
    running.stop()


@dataclass
class PageRecord:
    origin: str
    requests: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)

    def foreign_requests(self) -> list[str]:
        return [
            url
            for url in self.requests
            if urlsplit(url).scheme not in ("data", "blob")
            and f"{urlsplit(url).scheme}://{urlsplit(url).netloc}" != self.origin
        ]


#: Every page recorded during the current test, with its context (see ``checked_pages``).
RECORDED: list[tuple[Any, PageRecord]] = []


def record(context, page, base_url: str) -> PageRecord:  # type: ignore[no-untyped-def]
    """Record ``page``'s requests and errors; the autouse fixture checks them and closes
    ``context`` after the test."""
    parts = urlsplit(base_url)
    log = PageRecord(origin=f"{parts.scheme}://{parts.netloc}")
    RECORDED.append((context, log))
    # The context-level hook also sees the service worker's requests.
    context.on("request", lambda request: log.requests.append(request.url))
    page.on(
        "console",
        lambda message: (
            log.console_errors.append(message.text) if message.type == "error" else None
        ),
    )
    page.on("pageerror", lambda error: log.page_errors.append(str(error)))
    return log


@pytest.fixture(autouse=True)
def checked_pages(request: pytest.FixtureRequest) -> Iterator[None]:
    """After every test, each page it recorded: no page error, no request that left the
    origin (the app is fully offline), no console error unless the test is marked
    ``console_errors_expected``. Its browser context is closed too."""
    RECORDED.clear()
    yield
    recorded = list(RECORDED)
    RECORDED.clear()
    console_checked = request.node.get_closest_marker("console_errors_expected") is None
    for context, log in recorded:
        context.close()
        assert log.page_errors == []
        assert log.foreign_requests() == []
        if console_checked:
            assert log.console_errors == []


def wait_ready(page) -> None:  # type: ignore[no-untyped-def]
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)


def open_app(  # type: ignore[no-untyped-def]
    browser,
    server: RunningServer,
    address: str,
    *,
    viewport: str = "portrait",
    locale: str = "en-US",
    init_scripts: tuple[str, ...] = (),
):
    """A fresh context (its own storage) at a tablet or phone size, the app open at
    ``address`` (such as ``#/stratego/new``) once Python is ready: (context, page, record)."""
    width, height = VIEWPORTS[viewport]
    context = browser.new_context(locale=locale, viewport={"width": width, "height": height})
    for script in init_scripts:
        context.add_init_script(script)
    page = context.new_page()
    log = record(context, page, server.url)
    page.goto(server.url + address)
    wait_ready(page)
    return context, page, log


# What a finger taps on the shell's screens (a radio input counts by its label, .choice).
TOUCH_TARGETS = "a[href], button, .choice, summary"
MIN_TARGET_PX = 44


def small_targets(page, selector: str = TOUCH_TARGETS) -> list[str]:  # type: ignore[no-untyped-def]
    """Visible elements matching ``selector`` smaller than a fingertip (44 × 44 CSS px)."""
    return page.evaluate(  # type: ignore[no-any-return]
        """([selector, minimum]) => [...document.querySelectorAll(selector)]
            .filter((el) => el.offsetParent !== null)
            .map((el) => [el, el.getBoundingClientRect()])
            .filter(([el, box]) => box.width < minimum || box.height < minimum)
            .map(([el, box]) => `${el.textContent.trim()} ${box.width}x${box.height}`)""",
        [selector, MIN_TARGET_PX],
    )


def has_horizontal_scroll(page) -> bool:  # type: ignore[no-untyped-def]
    return bool(page.evaluate("document.documentElement.scrollWidth > window.innerWidth"))


def assert_fits(page, targets: str = TOUCH_TARGETS, what: str = "") -> None:  # type: ignore[no-untyped-def]
    """The screen needs no sideways scroll, and every visible control matching
    ``targets`` is large enough for a finger."""
    assert not has_horizontal_scroll(page), f"{what} scrolls sideways"
    assert small_targets(page, targets) == [], what


#: How many of the motions' animations are running (not the stylesheet's own: a
#: "thinking" pulse, a transition). A motion a test paused half way is not running.
RUNNING_MOTIONS = """() => document.getAnimations().filter((a) => a.playState === "running"
    && !(a instanceof CSSAnimation) && !(a instanceof CSSTransition)).length"""


def screenshot(page, name: str) -> Path:  # type: ignore[no-untyped-def]
    """A full-page picture of what the player sees once a move's slide has ended (taken
    mid-slide, a captured piece is drawn off the board where the player never sees it)."""
    page.wait_for_function(f"({RUNNING_MOTIONS})() === 0", timeout=5000)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
