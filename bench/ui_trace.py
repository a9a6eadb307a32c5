"""The UI benchmarks again, timed in the page's thread CPU time instead of its clock.

Run: ``.venv/bin/python bench/ui_trace.py stratego|ideology [--tree DIR] [--repeat N]``

``bench/stratego_ui.py`` and ``bench/ideology_ui.py`` time each tap with the page's own
clock (``performance.now()``), which on a machine shared with other work counts every
moment the page waited for a core. This script plays the very same scripted game (it
runs the benchmark's own ``run()``, from this tree or another one given by ``--tree``,
so an older version of the app can be measured the same way) with Chromium's tracing
on, and reads for each measured tap the *thread time* (``tdur``) of:

- the click's dispatch: the app's handler, from the tap to the page updated;
- the style, layout and paint work that follows, until the next tap; and of it, the
  first frame's (up to its layerization): tap -> painted, without the frames of a
  motion that the move starts (Stratego's slide) or the next tap's hit tests.

The benchmark's probe marks each measured tap (``console.timeStamp``), so only those
taps are counted. Medians and p95 in milliseconds of CPU time.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
#: The renderer's work after a tap, before the next one (style, layout, paint).
RENDERING = frozenset(
    {"UpdateLayoutTree", "Layout", "PrePaint", "Paint", "Layerize", "UpdateLayer", "HitTest"}
)
MARK = "ui-trace"
CATEGORIES = ["devtools.timeline"]


def load(tree: Path, game: str) -> ModuleType:
    """The benchmark module of ``tree`` (its own ``browser`` and ``engine`` first)."""
    for folder in (tree, tree / "tools"):
        sys.path.insert(0, str(folder))
    spec = importlib.util.spec_from_file_location(f"{game}_ui", tree / "bench" / f"{game}_ui.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def marked(probe: str) -> str:
    """The benchmark's probe, marking each measured tap in the trace."""
    start = "const start = performance.now();"
    assert start in probe, "the benchmark's probe changed: update ui_trace.py"
    return probe.replace(start, f'{start} console.timeStamp("{MARK}");')


def traced(module: ModuleType, events: list[dict[str, Any]]) -> Any:
    original = module.app_page

    @contextmanager
    def app_page(address: str, *, init_script: str = "") -> Iterator[Any]:
        with original(address, init_script=marked(init_script)) as page:
            browser = page.context.browser
            browser.start_tracing(page=page, categories=CATEGORIES)
            try:
                yield page
            finally:
                data = json.loads(browser.stop_tracing())
                events.extend(data["traceEvents"] if isinstance(data, dict) else data)

    return app_page


def first_frame(rendering: list[dict[str, Any]]) -> float:
    """The CPU time of the frame that first shows the tap's change: the rendering events
    up to the first layerization (a frame's last step here), in ms. What comes after is
    another frame: a motion's, or the next tap's hit tests."""
    total = 0.0
    for event in rendering:
        total += event["tdur"]
        if event["name"] == "Layerize":
            break
    return total / 1000


def measure(events: list[dict[str, Any]]) -> tuple[list[float], list[float], list[float]]:
    """(handler CPU, rendering CPU after it, its first frame's) in ms for each marked
    click."""
    marks = sorted(
        e["ts"]
        for e in events
        if e.get("name") == "TimeStamp" and e.get("args", {}).get("data", {}).get("message") == MARK
    )
    clicks = sorted(
        (e for e in events if e.get("name") == "EventDispatch" and e.get("ph") == "X"),
        key=lambda e: e["ts"],
    )
    clicks = [e for e in clicks if e.get("args", {}).get("data", {}).get("type") == "click"]
    rendering = sorted(
        (e for e in events if e.get("name") in RENDERING and e.get("ph") == "X" and "tdur" in e),
        key=lambda e: e["ts"],
    )
    handler, after, first = [], [], []
    for index, click in enumerate(clicks):
        end = click["ts"] + click["dur"]
        if not any(click["ts"] <= mark <= end for mark in marks):
            continue
        following = clicks[index + 1]["ts"] if index + 1 < len(clicks) else float("inf")
        handler.append(click.get("tdur", click["dur"]) / 1000)
        frames = [e for e in rendering if end <= e["ts"] < following]
        after.append(sum(e["tdur"] for e in frames) / 1000)
        first.append(first_frame(frames))
    return handler, after, first


def report(label: str, values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"  {label:<28} median {statistics.median(values):6.1f} ms   p95 {p95:6.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=["stratego", "ideology"])
    parser.add_argument("--tree", type=Path, default=ROOT)
    args = parser.parse_args()
    module = load(args.tree.resolve(), args.game)
    events: list[dict[str, Any]] = []
    module.app_page = traced(module, events)
    if args.game == "stratego":
        samples = module.run(120, 7)
        # Which moves attacked, from this tree's script (the same game in every tree):
        # its own helpers, not those of the tree just measured.
        for name in ("pages", "browser", "build", "serve"):
            sys.modules.pop(name, None)
        script = load(ROOT, "stratego").line(120, 7)
        kinds = ["attack" if attack else "quiet move" for _move, attack, _last in script]
        kinds = kinds[: len(samples)]
    else:
        samples = module.run(5, 7)[0]
        kinds = [str(sample[0]) for sample in samples]  # the bench's probe: tap's intent
    handler, after, first = measure(events)
    assert len(handler) == len(kinds), (len(handler), len(kinds))
    print(f"{args.game} UI in thread CPU time ({args.tree}), {len(handler)} measured taps")
    for kind in ("all", *sorted(set(kinds))):
        chosen = [i for i, k in enumerate(kinds) if kind in ("all", k)]
        print(f" {kind}: {len(chosen)} taps")
        print(report("tap -> page updated", [handler[i] for i in chosen]))
        print(report("style, layout, paint after", [after[i] for i in chosen]))
        print(report("both", [handler[i] + after[i] for i in chosen]))
        print(report("tap -> painted (first frame)", [handler[i] + first[i] for i in chosen]))
        if args.game == "stratego":  # the benchmark's own clock: tap -> next frame
            print(report("tap -> next frame (clock)", [samples[i][1] for i in chosen]))


if __name__ == "__main__":
    main()
