"""How the tests and benchmarks start Chromium: Debian's build, closed off from the network.

One place for the launch settings, shared by `e2e/conftest.py` and the `bench/` scripts,
and the served-app page the browser benchmarks start from.
"""

from __future__ import annotations

import json
import statistics
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from string import Template

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


def latency_line(label: str, values: list[float]) -> str:
    """One line of a tap-latency benchmark: median, p95 and max, in milliseconds."""
    return (
        f"  {label:<12} median {statistics.median(values):6.1f} ms   "
        f"p95 {percentile(values, 0.95):6.1f} ms   max {max(values):6.1f} ms"
    )


def tap_latency_probe(tapped: str, watched: str) -> str:
    """An init script that times every tap on an element matching the CSS selector
    ``tapped``, in the page's own clock, from its ``click`` (a capture listener that runs
    before the app's): to the first change inside the element whose id is ``watched``
    (*DOM updated*, seen by a MutationObserver) and to the ``requestAnimationFrame``
    after it (*next frame*, style and layout included). ``window.__latency`` collects
    ``[verb of the element's data-intent or "", DOM updated, next frame]`` per tap."""
    return Template("""
window.__latency = [];
document.addEventListener("click", (event) => {
  const tapped = event.target.closest($tapped);
  const watched = document.getElementById($watched);
  if (!tapped || !watched) return;
  const start = performance.now();
  const observer = new MutationObserver(() => {
    const dom = performance.now() - start;
    observer.disconnect();
    const verb = (tapped.dataset.intent || "").split(" ")[0];
    requestAnimationFrame(() => window.__latency.push([verb, dom, performance.now() - start]));
  });
  observer.observe(watched, { subtree: true, childList: true, attributes: true });
}, true);
""").substitute(tapped=json.dumps(tapped), watched=json.dumps(watched))
