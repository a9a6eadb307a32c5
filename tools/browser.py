"""How the tests and benchmarks start Chromium: Debian's build, closed off from the network.

One place for the launch settings, shared by `e2e/conftest.py` and the `bench/` scripts,
and the served-app page the browser benchmarks start from.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

CHROMIUM = "/usr/bin/chromium"
LAUNCH_ARGS = [
    "--no-sandbox",  # CI runs as root
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    # Any request that tries to leave this machine fails loudly.
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
]
# An init script that keeps the app from restoring or making memory snapshots of Python
# (web/interpreter.mjs): tests and benchmarks of anything else then do not run a second
# Python in the background. e2e/test_snapshot.py and bench/startup.py leave it out.
NO_SNAPSHOTS = "window.tableroSnapshots = false;"


@contextmanager
def app_page(address: str, *, init_script: str = "") -> Iterator[Page]:
    """The freshly built app, served on localhost, open at ``address`` (such as
    ``#/stratego/new``) in a 1024×768 page, once Python is ready. For benchmarks."""
    from build import build
    from serve import serve_in_background

    with tempfile.TemporaryDirectory() as folder:
        site = Path(folder) / "dist"
        build(site)
        server, url = serve_in_background(site)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
                context = browser.new_context(viewport={"width": 1024, "height": 768})
                context.add_init_script(NO_SNAPSHOTS)
                if init_script:
                    context.add_init_script(init_script)
                page = context.new_page()
                page.goto(url + address)
                page.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)
                yield page
                browser.close()
        finally:
            server.shutdown()
            server.server_close()


def percentile(values: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of the values lie (nearest rank)."""
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]
