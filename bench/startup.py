"""Start-up benchmark: navigation to interactive, the app against a bare Pyodide page,
cold and warm, and what the memory snapshot of Python costs and saves.

Run with ``make bench`` (or ``.venv/bin/python bench/startup.py [--runs 5]``). Builds the
site into a temporary folder, adds ``bare.html`` (a page that only starts the same
vendored Pyodide and runs one line of Python), serves it on localhost and measures in
headless Chromium, side by side in one run, each run in new persistent browser
profiles (a tablet's browser, which keeps its caches between visits):

- cold: the first visit (empty profile). The app then makes its snapshot in a worker;
  that is timed too, with the longest task on the page's main thread meanwhile
  (PerformanceObserver ``longtask``: tasks over 50 ms) and the renderer memory's peak;
- warm: a later visit in the same profile, the browser closed and opened again (as a
  tablet reopens the app; service worker active). The app starts from its snapshot;
  "app warm, no snapshot" is today's warm start (the page cannot see the snapshot
  storage, so Python starts afresh); the bare page has its HTTP cache and, inside the
  app's scope, the app's service worker;
- on localhost (the cost of starting Python) and on an emulated tablet Wi-Fi
  (40 Mbit/s, 20 ms);
- bytes over the network (what the service worker serves counts nothing), the
  renderer processes' memory (proportional set size) once the page is ready, and the
  snapshot's size on disk against its size in memory.

The time is ``performance.now()`` at the moment ``<html>`` gets ``data-ready``, i.e.
from the start of navigation. Medians of ``--runs`` runs; the order of app and bare
alternates so that neither always runs on a warmer machine.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, Playwright, Request, sync_playwright

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
# Records the moment data-ready appears (in the page's own clock, 0 = navigation
# start), the snapshot worker's outcome, and every long main-thread task.
PROBE = """
window.__longTasks = [];
try {
  new PerformanceObserver((list) => {
    for (const task of list.getEntries()) window.__longTasks.push([task.startTime, task.duration]);
  }).observe({ type: "longtask", buffered: true });
} catch (error) {}
addEventListener("tablero:snapshot", (event) => { window.__snapshot = event.detail; });
// Init scripts run before <html> exists, so watch the whole document.
new MutationObserver((changes, observer) => {
  if (document.documentElement && document.documentElement.hasAttribute("data-ready")) {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
"""
# Today's start: the page cannot reach the snapshot storage (the service worker can).
NO_SNAPSHOT = """Object.defineProperty(window, "caches", { value: undefined });"""
MARKS = ("tablero:pyscript-asks", "tablero:snapshot-inflated", "tablero:module-created")


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


def network_bytes(finished: list[Request]) -> int:
    total = 0
    for request in finished:
        response = request.response()
        if response is None or response.from_service_worker:
            continue
        sizes = request.sizes()
        total += sizes["responseBodySize"] + sizes["responseHeadersSize"]
    return total


def _command(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace").replace("\0", " ")
    except OSError:
        return ""


def _pss_bytes(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def renderer_memory(profile: Path) -> int:
    """Proportional set size of the renderer processes of the browser using ``profile``
    (the pages, their workers and the service worker run there; not the browser's own
    user interface)."""
    total = 0
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        command = _command(int(name)) + " "
        if (
            "--type=renderer" in command
            and f"--user-data-dir={profile} " in command
            and "--top-chrome-webui" not in command
        ):
            total += _pss_bytes(int(name))
    return total


class Profile:
    """One persistent browser profile: a tablet that keeps its storage between visits."""

    def __init__(self, playwright: Playwright, network: Network | None) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="tablero-bench-"))
        self.network = network
        self.playwright = playwright
        self.context = self._launch()

    def _launch(self) -> BrowserContext:
        context = self.playwright.chromium.launch_persistent_context(
            self.folder,
            executable_path=CHROMIUM,
            args=LAUNCH_ARGS,
            viewport={"width": 1024, "height": 768},
        )
        context.add_init_script(PROBE)
        return context

    def relaunch(self) -> None:
        """Closes the browser and opens it again on the same profile, as when a tablet
        opens the app again later (and so each warm start has fresh processes, whose
        memory is its own)."""
        self.context.close()
        self.context = self._launch()

    def visit(self, url: str, *, snapshot_storage: bool = True) -> tuple[Page, float, int]:
        """A new page opened at ``url``: (page, seconds to ready, bytes over the network)."""
        finished: list[Request] = []

        def on_finished(request: Request) -> None:
            finished.append(request)

        self.context.on("requestfinished", on_finished)
        page = self.context.new_page()
        if not snapshot_storage:
            page.add_init_script(NO_SNAPSHOT)
        if self.network is not None:
            devtools = self.context.new_cdp_session(page)
            devtools.send("Network.enable")
            devtools.send("Network.emulateNetworkConditions", self.network.conditions())
        page.goto(url)
        page.wait_for_function("window.__readyAt !== undefined", timeout=180_000, polling=50)
        seconds = page.evaluate("window.__readyAt") / 1000
        self.context.remove_listener("requestfinished", on_finished)
        return page, seconds, network_bytes(finished)

    def warm_visit(
        self, url: str, name: str, results: Results, *, snapshot_storage: bool = True
    ) -> Page:
        """A later visit in a relaunched browser, recorded under ``name`` with the
        memory once it settled."""
        self.relaunch()
        page, seconds, transferred = self.visit(url, snapshot_storage=snapshot_storage)
        settle(page)
        results.add(name, seconds, transferred, self.memory())
        return page

    def memory(self) -> int:
        return renderer_memory(self.folder)

    def close(self) -> None:
        self.context.close()
        shutil.rmtree(self.folder, ignore_errors=True)


@dataclass
class SnapshotMaking:
    seconds: float
    longest_task_ms: float
    memory_peak: int
    memory_ready: int
    memory_after: int
    stored_bytes: int
    snapshot_bytes: int


def make_snapshot(profile: Profile, page: Page) -> SnapshotMaking:
    """After the first start: wait for the snapshot, sampling the renderer memory."""
    ready_memory = profile.memory()
    peak = ready_memory
    deadline = time.monotonic() + 300
    while not page.evaluate("window.__snapshot !== undefined"):
        if time.monotonic() > deadline:
            raise TimeoutError("no snapshot after 5 minutes")
        peak = max(peak, profile.memory())
        time.sleep(0.2)
    outcome = page.evaluate("window.__snapshot")
    if not outcome["ok"]:
        raise RuntimeError(f"the snapshot was not made: {outcome['error']}")
    started = page.evaluate("performance.getEntriesByName('tablero:snapshot-started')[0].startTime")
    longest = max(
        (
            duration
            for start, duration in page.evaluate("window.__longTasks")
            if start + duration >= started
        ),
        default=0.0,
    )
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    settle(page)
    return SnapshotMaking(
        seconds=outcome["seconds"],
        longest_task_ms=longest,
        memory_peak=peak,
        memory_ready=ready_memory,
        memory_after=profile.memory(),
        stored_bytes=outcome["bytes"],
        snapshot_bytes=outcome["size"],
    )


def marks(page: Page) -> dict[str, float]:
    entries = page.evaluate(
        "performance.getEntriesByType('mark').map((mark) => [mark.name, mark.startTime])"
    )
    return {name: start / 1000 for name, start in entries if name in MARKS}


READ_STORED = """async () => {
  const store = await import("./snapshot-store.mjs");
  let start = performance.now();
  const snapshot = await store.decode(await store.find());
  const inflate = performance.now() - start;
  const cache = await caches.open("bench-raw");
  await cache.put("./raw", new Response(snapshot));
  start = performance.now();
  await (await cache.match("./raw")).arrayBuffer();
  const readRaw = performance.now() - start;
  await caches.delete("bench-raw");
  return [inflate, readRaw];
}"""


class Results:
    def __init__(self) -> None:
        self.seconds: dict[str, list[float]] = defaultdict(list)
        self.megabytes: dict[str, list[float]] = defaultdict(list)
        self.memory: dict[str, list[float]] = defaultdict(list)
        self.making: list[SnapshotMaking] = []
        self.phases: dict[str, list[float]] = defaultdict(list)
        self.storage: dict[str, list[float]] = defaultdict(list)

    def add(self, name: str, seconds: float, transferred: int, memory: int | None = None) -> None:
        self.seconds[name].append(seconds)
        self.megabytes[name].append(transferred / 1e6)
        if memory is not None:
            self.memory[name].append(memory / 1e6)

    def median(self, name: str) -> float:
        return statistics.median(self.seconds[name])


def settle(page: Page) -> None:
    """Lets the page finish what follows its start (garbage, service worker) before
    its memory is read."""
    page.wait_for_timeout(2000)


def measure_app(playwright: Playwright, url: str, network: Network | None, results: Results) -> str:
    profile = Profile(playwright, network)
    try:
        page, seconds, transferred = profile.visit(url)
        results.add("app cold", seconds, transferred)
        making = make_snapshot(profile, page)
        results.making.append(making)
        page.close()

        page = profile.warm_visit(url, "app warm", results)
        assert page.get_attribute("html", "data-start") == "snapshot"
        for name, at in marks(page).items():
            results.phases[name].append(at)
        if network is None:
            inflate, read_raw = page.evaluate(READ_STORED)
            results.storage["read and inflate"].append(inflate)
            results.storage["read uncompressed"].append(read_raw)
        page.close()

        page = profile.warm_visit(url, "app warm, no snapshot", results, snapshot_storage=False)
        assert page.get_attribute("html", "data-start") == "fresh"
        page.close()
        return (
            f"cold {results.seconds['app cold'][-1]:.2f} s,"
            f" warm {results.seconds['app warm'][-1]:.2f} s"
            f" (no snapshot {results.seconds['app warm, no snapshot'][-1]:.2f} s)"
        )
    finally:
        profile.close()


def measure_bare(
    playwright: Playwright, url: str, network: Network | None, results: Results
) -> str:
    profile = Profile(playwright, network)
    try:
        page, seconds, transferred = profile.visit(url)
        results.add("bare cold", seconds, transferred)
        page.close()
        profile.warm_visit(url, "bare warm", results).close()
        return (
            f"cold {results.seconds['bare cold'][-1]:.2f} s,"
            f" warm {results.seconds['bare warm'][-1]:.2f} s"
        )
    finally:
        profile.close()


def report(label: str, runs: int, results: Results) -> None:
    print()
    print(f"{label}, medians of {runs} runs      ready (s)  network MB  renderer MB")
    for name in ("app cold", "bare cold", "app warm", "app warm, no snapshot", "bare warm"):
        memory = results.memory.get(name)
        print(
            f"{name:28} {results.median(name):9.2f}"
            f"  {statistics.median(results.megabytes[name]):10.2f}"
            f"  {statistics.median(memory) if memory else float('nan'):11.0f}"
        )
    cold_ratio = results.median("app cold") / results.median("bare cold")
    warm_ratio = results.median("app warm") / results.median("bare warm")
    today_ratio = results.median("app warm") / results.median("app warm, no snapshot")
    print(f"app / bare, cold: {cold_ratio:.2f}x (target <= 1.1x)")
    print(f"app / bare, warm (from the snapshot): {warm_ratio:.2f}x (target <= 0.5x)")
    print(
        f"app warm: {results.median('app warm'):.2f} s (target <= 0.8 s on a quiet machine),"
        f" {today_ratio:.2f}x of a warm start without the snapshot"
    )
    snapshot_memory = statistics.median(results.memory["app warm"])
    today_memory = statistics.median(results.memory["app warm, no snapshot"])
    print(
        f"renderer memory after a snapshot start: {snapshot_memory - today_memory:+.0f} MB"
        " against a start without it (target <= +50 MB)"
    )
    if results.phases:
        phases = ", ".join(
            f"{name.split(':')[1]} {statistics.median(times):.2f} s"
            for name, times in results.phases.items()
        )
        print(f"warm start from the snapshot, medians (s after navigation): {phases}")
    making = results.making
    print(
        "making the snapshot after the first start (in a worker):"
        f" {statistics.median(m.seconds for m in making):.1f} s,"
        f" longest main-thread task meanwhile"
        f" {statistics.median(m.longest_task_ms for m in making):.0f} ms"
        f" (worst {max(m.longest_task_ms for m in making):.0f} ms; 0 = none over 50 ms),"
        f" renderer memory peak"
        f" +{statistics.median((m.memory_peak - m.memory_ready) / 1e6 for m in making):.0f} MB"
        " over the ready app,"
        f" {statistics.median((m.memory_after - m.memory_ready) / 1e6 for m in making):+.0f} MB"
        " once the worker has ended"
    )
    stored = statistics.median(m.stored_bytes for m in making)
    raw = statistics.median(m.snapshot_bytes for m in making)
    print(
        f"snapshot on disk: {stored / 1e6:.1f} MB gzip-compressed"
        f" ({raw / 1e6:.1f} MB in memory, {stored / raw:.0%})"
    )
    if results.storage:
        inflate, read_raw = (
            statistics.median(results.storage[name])
            for name in ("read and inflate", "read uncompressed")
        )
        print(
            f"reading it back: {inflate:.0f} ms to read and inflate (while Pyodide compiles),"
            f" against {read_raw:.0f} ms to read it uncompressed"
        )


def run_all(runs: int, network: Network | None) -> None:
    label = network.name if network else "localhost"
    print(f"== {label}", flush=True)
    with tempfile.TemporaryDirectory() as folder:
        site = Path(folder) / "site"
        build(site)
        (site / "bare.html").write_text(BARE_PAGE, encoding="utf-8")
        server, base = serve_in_background(site)
        results = Results()
        with sync_playwright() as playwright:
            for run in range(runs):
                order = ("app", "bare") if run % 2 == 0 else ("bare", "app")
                for name in order:
                    if name == "app":
                        line = measure_app(playwright, base, network, results)
                    else:
                        line = measure_bare(playwright, base + "bare.html", network, results)
                    print(f"run {run + 1} {name:4}: {line}", flush=True)
        server.shutdown()
    report(label, runs, results)


def main() -> None:
    parser = argparse.ArgumentParser(description="App start-up against bare Pyodide.")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--localhost-only", action="store_true")
    args = parser.parse_args()
    for network in NETWORKS[:1] if args.localhost_only else NETWORKS:
        run_all(args.runs, network)
        print(flush=True)


if __name__ == "__main__":
    main()
