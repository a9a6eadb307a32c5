"""Start-up benchmark: navigation to interactive, the app against a bare Pyodide page.

Run with ``make bench`` (or ``.venv/bin/python bench/startup.py [--runs 5]``). Builds the
site into a temporary folder, adds ``bare.html`` (a page that only starts the same
vendored Pyodide and runs one line of Python), serves it on localhost and measures in
headless Chromium, side by side in one run:

- cold: a fresh browser context each time (empty HTTP cache, no service worker);
- warm: a second visit in the same context (the app is then served by its service
  worker; the bare page has only the HTTP cache);
- on localhost (the cost of starting Python) and on an emulated tablet Wi-Fi
  (40 Mbit/s, 20 ms: what the service worker saves);
- bytes transferred over the network by the page and its service worker (responses
  served from the service worker's cache count nothing; the worker's own precache
  downloads on the first visit count in full).

The time is ``performance.now()`` at the moment ``<html>`` gets ``data-ready``, i.e.
from the start of navigation. Medians of ``--runs`` runs; the order of app and bare
alternates so that neither always runs on a warmer machine.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Request, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from browser import CHROMIUM, LAUNCH_ARGS  # noqa: E402
from build import build  # noqa: E402
from serve import serve_in_background  # noqa: E402

BARE_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare Pyodide</title>
<link rel="icon" href="data:,">
<script type="module">
  import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
  const pyodide = await loadPyodide({ indexURL: "./vendor/pyodide/" });
  pyodide.runPython("import sys; sys.version");
  document.documentElement.setAttribute("data-ready", "");
</script></head><body>bare Pyodide</body></html>
"""
# Records the moment data-ready appears, in the page's own clock (0 = navigation start).
READY_PROBE = """
// Init scripts run before <html> exists, so watch the whole document.
new MutationObserver((changes, observer) => {
  if (document.documentElement && document.documentElement.hasAttribute("data-ready")) {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
"""


@dataclass
class Samples:
    seconds: list[float] = field(default_factory=list)
    bytes: list[int] = field(default_factory=list)

    def add(self, seconds: float, transferred: int) -> None:
        self.seconds.append(seconds)
        self.bytes.append(transferred)

    def median_seconds(self) -> float:
        return statistics.median(self.seconds)

    def median_megabytes(self) -> float:
        return statistics.median(self.bytes) / 1e6


def network_bytes(finished: list[Request]) -> int:
    total = 0
    for request in finished:
        response = request.response()
        if response is None or response.from_service_worker:
            continue
        sizes = request.sizes()
        total += sizes["responseBodySize"] + sizes["responseHeadersSize"]
    return total


def visit(
    context: BrowserContext, url: str, network: Network | None, *, wait_for_worker: bool
) -> tuple[float, int]:
    finished: list[Request] = []

    def on_finished(request: Request) -> None:
        finished.append(request)

    context.on("requestfinished", on_finished)
    page = context.new_page()
    if network is not None:
        devtools = context.new_cdp_session(page)
        devtools.send("Network.enable")
        devtools.send("Network.emulateNetworkConditions", network.conditions())
    page.goto(url)
    page.wait_for_function("window.__readyAt !== undefined", timeout=120_000, polling=50)
    seconds = page.evaluate("window.__readyAt") / 1000
    if wait_for_worker:
        # The first visit's precache belongs to its cost; let it finish before counting.
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
        page.wait_for_timeout(1000)
    context.remove_listener("requestfinished", on_finished)
    transferred = network_bytes(finished)
    page.close()
    return seconds, transferred


def measure(
    browser: Browser, url: str, network: Network | None, *, wait_for_worker: bool
) -> tuple[float, int, float, int]:
    """One cold visit then one warm visit in the same fresh context."""
    context = browser.new_context()
    context.add_init_script(READY_PROBE)
    cold_seconds, cold_bytes = visit(context, url, network, wait_for_worker=wait_for_worker)
    warm_seconds, warm_bytes = visit(context, url, network, wait_for_worker=False)
    context.close()
    return cold_seconds, cold_bytes, warm_seconds, warm_bytes


@dataclass(frozen=True)
class Network:
    """A network the page's own requests are slowed to (Chrome DevTools emulation)."""

    name: str
    megabits_per_second: float
    latency_ms: float

    def conditions(self) -> dict[str, object]:
        bytes_per_second = self.megabits_per_second * 1e6 / 8
        return {
            "offline": False,
            "latency": self.latency_ms,
            "downloadThroughput": bytes_per_second,
            "uploadThroughput": bytes_per_second,
        }


# localhost shows the cost of starting Python; a tablet on home Wi-Fi shows what the
# service worker saves once the 13 MB of Pyodide no longer cross the network.
NETWORKS: list[Network | None] = [None, Network("Wi-Fi 40 Mbit/s, 20 ms", 40, 20)]


def main() -> None:
    parser = argparse.ArgumentParser(description="App start-up against bare Pyodide.")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    for network in NETWORKS:
        run_all(args.runs, network)


def run_all(runs: int, network: Network | None) -> None:
    label = network.name if network else "localhost"
    print(f"== {label}", flush=True)
    with tempfile.TemporaryDirectory() as folder:
        site = Path(folder) / "site"
        build(site)
        (site / "bare.html").write_text(BARE_PAGE, encoding="utf-8")
        server, base = serve_in_background(site)
        results = {name: (Samples(), Samples()) for name in ("app", "bare")}
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
            for run in range(runs):
                order = ("app", "bare") if run % 2 == 0 else ("bare", "app")
                for name in order:
                    url = base if name == "app" else base + "bare.html"
                    cold_s, cold_b, warm_s, warm_b = measure(
                        browser, url, network, wait_for_worker=name == "app"
                    )
                    results[name][0].add(cold_s, cold_b)
                    results[name][1].add(warm_s, warm_b)
                    print(
                        f"run {run + 1} {name:4}: cold {cold_s:.2f} s, warm {warm_s:.2f} s",
                        flush=True,
                    )
            browser.close()
        server.shutdown()
    (app_cold, app_warm), (bare_cold, _bare_warm) = results["app"], results["bare"]
    print()
    print(f"{label}, medians of {runs} runs   cold (s)  warm (s)  cold MB  warm MB")
    for name, (cold, warm) in results.items():
        print(
            f"{name:22} {cold.median_seconds():8.2f}  {warm.median_seconds():8.2f}"
            f"  {cold.median_megabytes():7.2f}  {warm.median_megabytes():7.2f}"
        )
    cold_ratio = app_cold.median_seconds() / bare_cold.median_seconds()
    warm_gain = app_warm.median_seconds() / app_cold.median_seconds()
    print(f"app / bare, cold: {cold_ratio:.2f}x (target <= 1.2x)")
    print(f"app warm / app cold: {warm_gain:.2f}x (target < 1)")


if __name__ == "__main__":
    main()
