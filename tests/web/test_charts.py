"""The SVG charts (ui.charts): valid XML, values placed to scale, every text escaped,
series told apart by more than colour."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from ui.charts import DASHES, HEIGHT, MARKERS, TOP, Bar, Series, bar_chart, line_chart

SVG = "{http://www.w3.org/2000/svg}"


def parse(markup: str) -> ET.Element:
    return ET.fromstring(markup)  # raises on anything that is not well-formed XML


def chart(series: list[Series], ticks: list[str] | None = None) -> ET.Element:
    count = max(len(s.values) for s in series)
    return parse(
        line_chart(
            chart_id="influence",
            title="Influence <by> turn",
            x_label="Turn",
            y_label="Influence",
            x_ticks=ticks or [str(i) for i in range(count)],
            series=series,
        )
    )


def polylines(figure: ET.Element) -> list[list[tuple[float, float]]]:
    found = []
    for line in figure.iter(f"{SVG}polyline"):
        pairs = [p.split(",") for p in line.attrib["points"].split()]
        found.append([(float(x), float(y)) for x, y in pairs])
    return found


def test_one_line_per_series_with_one_point_per_value() -> None:
    figure = chart([Series("A", (3, 4, 9)), Series("B", (3, 6, 2)), Series("C", (0, 0, 1))])
    lines = polylines(figure)
    assert len(lines) == 3 and all(len(points) == 3 for points in lines)
    groups = [g for g in figure.iter(f"{SVG}g") if g.attrib.get("data-series")]
    assert [g.attrib["data-series"] for g in groups] == ["A", "B", "C"]


def test_values_are_scaled_higher_is_higher_and_zero_on_the_axis() -> None:
    figure = chart([Series("A", (0, 5, 10))])
    (points,) = polylines(figure)
    ys = [y for _x, y in points]
    assert ys[0] > ys[1] > ys[2]  # SVG's y grows downwards
    assert abs((ys[0] - ys[1]) - (ys[1] - ys[2])) < 0.2  # linear
    xs = [x for x, _y in points]
    assert xs[0] < xs[1] < xs[2] and abs((xs[1] - xs[0]) - (xs[2] - xs[1])) < 0.2
    assert ys[2] >= TOP and ys[0] <= HEIGHT


def test_series_differ_in_dash_and_marker_not_only_colour() -> None:
    figure = chart([Series(name, (1, 2), css=f"c-{name}") for name in "ABC"])
    dashes = [line.attrib.get("stroke-dasharray", "") for line in figure.iter(f"{SVG}polyline")]
    assert dashes == list(DASHES[:3])
    assert len(set(MARKERS)) == len(MARKERS)
    shapes = []
    for group in figure.iter(f"{SVG}g"):
        if group.attrib.get("data-series"):
            points = next(g for g in group if g.attrib.get("class") == "chart-points")
            shapes.append(points[0].tag)
    assert len(set(shapes)) == 3
    legend = figure.find("ul")
    assert legend is not None and [li.attrib["class"] for li in legend] == [
        "chart-series c-A",
        "chart-series c-B",
        "chart-series c-C",
    ]


def test_title_and_description_say_every_value_and_are_escaped() -> None:
    markup = line_chart(
        chart_id="x",
        title="Influence <by> turn",
        x_label="T & t",
        y_label="I",
        x_ticks=["<0>", "1"],
        series=[Series('Ana "<script>"', (3, 4))],
    )
    assert "<script>" not in markup and "<by>" not in markup and "<0>" not in markup
    figure = parse(markup)
    svg = figure.find(f"{SVG}svg")
    assert svg is not None and svg.attrib["role"] == "img"
    title = svg.find(f"{SVG}title")
    desc = svg.find(f"{SVG}desc")
    assert title is not None and title.text == "Influence <by> turn"
    assert desc is not None and desc.text == 'Ana "<script>": 3, 4'
    assert svg.attrib["aria-labelledby"] == "x-title x-desc"


def test_the_value_axis_reaches_above_the_highest_value() -> None:
    figure = chart([Series("A", (0, 13))])
    ticks = [
        int(t.text or "") for t in figure.iter(f"{SVG}text") if t.attrib.get("text-anchor") == "end"
    ]
    assert ticks[0] == 0 and ticks[-1] >= 13 and len(ticks) <= 7


def test_a_single_point_and_no_series_still_draw() -> None:
    assert len(polylines(chart([Series("A", (4,))]))) == 1
    empty = parse(
        line_chart(chart_id="e", title="t", x_label="x", y_label="y", x_ticks=[], series=[])
    )
    assert polylines(empty) == []


def test_bar_chart_scales_bars_to_the_highest_value_and_escapes() -> None:
    figure = parse(
        bar_chart(
            chart_id="wins",
            title="Wins",
            bars=[Bar("Ana <b>", 4), Bar("Luis", 2, text="2 of 5"), Bar("Zero", 0)],
        )
    )
    rects = list(figure.iter(f"{SVG}rect"))
    widths = [float(r.attrib["width"]) for r in rects]
    assert widths[0] == 2 * widths[1] and widths[2] == 0
    texts = [t.text for t in figure.iter(f"{SVG}text")]
    assert "Ana <b>" in texts and "2 of 5" in texts


def test_the_marked_point_gets_an_upright_line_at_its_x() -> None:
    figure = parse(
        line_chart(
            chart_id="m",
            title="t",
            x_label="x",
            y_label="y",
            x_ticks=["0", "1", "2"],
            series=[Series("A", (1, 2, 3))],
            mark=1,
        )
    )
    (points,) = polylines(figure)
    marks = [line for line in figure.iter(f"{SVG}line") if line.attrib.get("class") == "chart-mark"]
    assert len(marks) == 1 and float(marks[0].attrib["x1"]) == points[1][0]
