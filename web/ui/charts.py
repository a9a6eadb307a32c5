"""Small charts drawn in the page as SVG markup (no library, nothing fetched): a line
chart (one line per series) and a horizontal bar chart. Pure and tested on CPython; every
text is escaped.

Each series is told apart by more than its colour: its own dash pattern and point
marker, repeated in the legend (HTML text under the chart, so it stays readable at any
size). The colour comes from the series' CSS class (``--chart-colour``), so the page's
palettes stay in the style sheets. The SVG has a title and a description that says every
value in words, for screen readers.

>>> chart = line_chart(
...     chart_id="c", title="Influence", x_label="Turn", y_label="Influence",
...     x_ticks=["0", "1", "2"], series=[Series("A & B", (3, 5, 9))])
>>> chart.count("<polyline"), "A &amp; B" in chart
(1, True)
>>> nice_top(13), nice_top(0), nice_top(7)
(15, 5, 8)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

#: Dash patterns and point markers, one per series in order (then again from the start).
DASHES = ("", "8 4", "2 4", "10 4 2 4", "4 3 1 3")
MARKERS = ("circle", "square", "triangle", "diamond", "cross")

WIDTH, HEIGHT = 480, 250
#: Room around the plot for the axes' numbers and names.
LEFT, RIGHT, TOP, BOTTOM = 52, 16, 14, 58
FONT = 16


@dataclass(frozen=True)
class Series:
    label: str
    values: tuple[float, ...]
    #: A CSS class that sets ``--chart-colour`` (e.g. a player's colour class).
    css: str = ""


@dataclass(frozen=True)
class Bar:
    label: str
    value: float
    css: str = ""
    #: What is written after the bar (the value itself when empty).
    text: str = ""


def nice_top(highest: float) -> int:
    """The top of the value axis: the highest value rounded up to a round step."""
    step = tick_step(highest)
    return max(5, int(-(-highest // step) * step))


def tick_step(highest: float) -> int:
    """A round step giving at most five ticks up to ``highest``."""
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if highest / step <= 5:
            return step
    return int(highest // 5) + 1


def _number(value: float) -> str:
    return f"{value:g}"


def marker(kind: str, x: float, y: float, size: float = 5) -> str:
    """A point marker of ``kind`` (see :data:`MARKERS`) centred on (x, y)."""
    big = size + 1

    def polygon(*corners: tuple[float, float]) -> str:
        return f'<polygon points="{" ".join(f"{a:.1f},{b:.1f}" for a, b in corners)}"/>'

    if kind == "square":
        return (
            f'<rect x="{x - size:.1f}" y="{y - size:.1f}" width="{2 * size}" height="{2 * size}"/>'
        )
    if kind == "triangle":
        return polygon((x, y - big), (x + big, y + size), (x - big, y + size))
    if kind == "diamond":
        return polygon((x, y - big), (x + big, y), (x, y + big), (x - big, y))
    if kind == "cross":
        a, b, c, d = x - size, y - size, x + size, y + size
        strokes = f"M{a:.1f},{b:.1f}L{c:.1f},{d:.1f}M{a:.1f},{d:.1f}L{c:.1f},{b:.1f}"
        return f'<path class="chart-cross" d="{strokes}"/>'
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{size}"/>'


def _style(index: int) -> tuple[str, str]:
    return DASHES[index % len(DASHES)], MARKERS[index % len(MARKERS)]


def _dash(dash: str) -> str:
    return f' stroke-dasharray="{dash}"' if dash else ""


def legend(series: Sequence[Series]) -> str:
    """The key under a line chart: each series' line, marker and name."""
    items = []
    for index, one in enumerate(series):
        dash, kind = _style(index)
        sample = (
            f'<svg class="chart-key" viewBox="0 0 40 16" width="40" height="16" aria-hidden="true">'
            f'<line x1="2" y1="8" x2="38" y2="8"{_dash(dash)}/>'
            f'<g class="chart-points">{marker(kind, 20, 8, 4)}</g></svg>'
        )
        items.append(
            f'<li class="chart-series {escape(one.css)}">{sample}'
            f"<span>{escape(one.label)}</span></li>"
        )
    return f'<ul class="chart-legend">{"".join(items)}</ul>'


def line_chart(
    *,
    chart_id: str,
    title: str,
    x_label: str,
    y_label: str,
    x_ticks: Sequence[str],
    series: Sequence[Series],
    describe: str = "",
    mark: int | None = None,
) -> str:
    """A line chart: ``x_ticks`` name the points along x (one per value of each series),
    the value axis starts at 0. ``describe`` is the description for screen readers (by
    default every series' values in order); ``mark`` the index of a point to mark with
    an upright band (the one looked at now)."""
    count = max([len(x_ticks), *(len(s.values) for s in series)], default=0)
    highest = max((v for s in series for v in s.values), default=0)
    top = nice_top(highest)
    step = tick_step(top)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x_of(index: int) -> float:
        if count <= 1:
            return LEFT + plot_w / 2
        return LEFT + plot_w * index / (count - 1)

    def y_of(value: float) -> float:
        return TOP + plot_h - plot_h * value / top

    grid = []
    for value in range(0, top + 1, step):
        y = y_of(value)
        grid.append(
            f'<line class="chart-grid" x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}"/>'
            f'<text class="chart-tick" x="{LEFT - 8}" y="{y + 5:.1f}" text-anchor="end">'
            f"{value}</text>"
        )
    # Every x tick when they fit, otherwise about eight of them (the first and last kept).
    every = max(1, -(-count // 8))
    for index, tick in enumerate(x_ticks):
        if index % every and index != count - 1:
            continue
        grid.append(
            f'<text class="chart-tick" x="{x_of(index):.1f}" y="{TOP + plot_h + 22}" '
            f'text-anchor="middle">{escape(tick)}</text>'
        )
    if mark is not None and 0 <= mark < max(count, 1):
        grid.insert(
            0,
            f'<line class="chart-mark" x1="{x_of(mark):.1f}" y1="{TOP}" x2="{x_of(mark):.1f}" '
            f'y2="{TOP + plot_h}"/>',
        )
    lines = []
    for index, one in enumerate(series):
        dash, kind = _style(index)
        points = " ".join(f"{x_of(i):.1f},{y_of(v):.1f}" for i, v in enumerate(one.values))
        dots = "".join(marker(kind, x_of(i), y_of(v)) for i, v in enumerate(one.values))
        lines.append(
            f'<g class="chart-series {escape(one.css)}" data-series="{escape(one.label)}">'
            f'<polyline points="{points}"{_dash(dash)}/>'
            f'<g class="chart-points">{dots}</g></g>'
        )
    if not describe:
        describe = "; ".join(
            f"{one.label}: {', '.join(_number(v) for v in one.values)}" for one in series
        )
    axes = (
        f'<line class="chart-axis" x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{TOP + plot_h}"/>'
        f'<line class="chart-axis" x1="{LEFT}" y1="{TOP + plot_h}" x2="{WIDTH - RIGHT}" '
        f'y2="{TOP + plot_h}"/>'
        f'<text class="chart-label" x="{LEFT + plot_w / 2:.1f}" y="{HEIGHT - 8}" '
        f'text-anchor="middle">{escape(x_label)}</text>'
        f'<text class="chart-label" x="14" y="{TOP + plot_h / 2:.1f}" text-anchor="middle" '
        f'transform="rotate(-90 14 {TOP + plot_h / 2:.1f})">{escape(y_label)}</text>'
    )
    svg = _svg(chart_id, "chart chart-line", title, describe, "".join(grid) + axes + "".join(lines))
    return f'<figure class="chart-figure" id="{escape(chart_id)}">{svg}{legend(series)}</figure>'


def _svg(
    chart_id: str,
    css: str,
    title: str,
    describe: str,
    body: str,
    height: int = HEIGHT,
    width: int = WIDTH,
) -> str:
    ident = escape(chart_id)
    return (
        f'<svg class="{css}" viewBox="0 0 {width} {height}" role="img" '
        f'xmlns="http://www.w3.org/2000/svg" font-size="{FONT}" '
        f'aria-labelledby="{ident}-title {ident}-desc">'
        f'<title id="{ident}-title">{escape(title)}</title>'
        f'<desc id="{ident}-desc">{escape(describe)}</desc>{body}</svg>'
    )


#: A bar chart sits in a narrower column than a line chart: its units are about pixels
#: at 22.5rem wide.
BAR_WIDTH, BAR_HEIGHT, BAR_GAP, LABEL_WIDTH = 360, 26, 10, 120


def bar_chart(*, chart_id: str, title: str, bars: Sequence[Bar], describe: str = "") -> str:
    """Horizontal bars, one per row: the label on the left, the bar scaled to the highest
    value, its text after it."""
    highest = max((bar.value for bar in bars), default=0) or 1
    room = BAR_WIDTH - LABEL_WIDTH - 70
    rows = []
    for index, bar in enumerate(bars):
        y = BAR_GAP + index * (BAR_HEIGHT + BAR_GAP)
        width = room * bar.value / highest
        text = bar.text or _number(bar.value)
        label = bar.label if len(bar.label) <= 12 else bar.label[:11] + "…"
        rows.append(
            f'<g class="chart-bar {escape(bar.css)}" data-bar="{escape(bar.label)}">'
            f'<text class="chart-tick" x="{LABEL_WIDTH - 8}" y="{y + BAR_HEIGHT / 2 + 6:.1f}" '
            f'text-anchor="end">{escape(label)}</text>'
            f'<rect x="{LABEL_WIDTH}" y="{y}" width="{width:.1f}" height="{BAR_HEIGHT}" rx="3"/>'
            f'<text class="chart-value" x="{LABEL_WIDTH + width + 6:.1f}" '
            f'y="{y + BAR_HEIGHT / 2 + 6:.1f}">{escape(text)}</text></g>'
        )
    height = BAR_GAP + len(bars) * (BAR_HEIGHT + BAR_GAP)
    if not describe:
        describe = "; ".join(f"{bar.label}: {bar.text or _number(bar.value)}" for bar in bars)
    svg = _svg(
        chart_id,
        "chart chart-bars",
        title,
        describe,
        "".join(rows),
        height=max(height, 40),
        width=BAR_WIDTH,
    )
    return f'<figure class="chart-figure" id="{escape(chart_id)}">{svg}</figure>'
