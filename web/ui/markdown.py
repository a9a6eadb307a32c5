"""A tiny Markdown renderer for the in-app rules texts (``web/content/rules``).

It understands exactly the subset those texts use: ``#``/``##``/``###`` headings,
paragraphs, ``- `` and ``1. `` lists, pipe tables, ``**bold**`` and ``*italic*``.
Everything else is shown as text; all text is escaped, so nothing in a document can
inject markup.

>>> to_html("# Goal\\n\\nCapture the **Flag**.")
'<h2>Goal</h2>\\n<p>Capture the <strong>Flag</strong>.</p>'
"""

from __future__ import annotations

import html
import re

BOLD = re.compile(r"\*\*(.+?)\*\*")
ITALIC = re.compile(r"(?<!\*)\*(?!\s)(.+?)(?<!\s)\*(?!\*)")
NUMBERED = re.compile(r"^\d+\.\s+")
TABLE_SEPARATOR = re.compile(r"^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?$")
# The screen's own title is the page's <h1>, so document headings start one level lower.
HEADING_OFFSET = 1


def inline(text: str) -> str:
    escaped = html.escape(text, quote=False)
    escaped = BOLD.sub(r"<strong>\1</strong>", escaped)
    return ITALIC.sub(r"<em>\1</em>", escaped)


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _table(lines: list[str]) -> str:
    head, body = _cells(lines[0]), [_cells(line) for line in lines[2:]]
    header = "".join(f'<th scope="col">{inline(cell)}</th>' for cell in head)
    # Each cell carries its column's name: on a phone a row is laid out as a short
    # labelled paragraph instead of a table wider than the screen.
    labels = [html.escape(BOLD.sub(r"\1", cell)) for cell in head]
    rows = "".join(
        "<tr>"
        + "".join(
            f'<td data-label="{labels[index] if index < len(labels) else ""}">{inline(cell)}</td>'
            for index, cell in enumerate(row)
        )
        + "</tr>"
        for row in body
    )
    table = f"<table><thead><tr>{header}</tr></thead><tbody>{rows}</tbody></table>"
    return f'<div class="table-scroll">{table}</div>'


def _blocks(text: str) -> list[list[str]]:
    """Split into blocks: runs of non-blank lines; a heading is always a block of its own."""
    blocks: list[list[str]] = []
    current: list[str] = []
    for raw in text.splitlines():
        line = raw.rstrip()
        if not line.strip():
            if current:
                blocks.append(current)
                current = []
        elif line.startswith("#"):
            if current:
                blocks.append(current)
                current = []
            blocks.append([line])
        else:
            current.append(line)
    if current:
        blocks.append(current)
    return blocks


def _render_block(lines: list[str]) -> str:
    first = lines[0]
    if first.startswith("#"):
        marks = len(first) - len(first.lstrip("#"))
        level = min(marks + HEADING_OFFSET, 6)
        return f"<h{level}>{inline(first[marks:].strip())}</h{level}>"
    if (
        len(lines) >= 2
        and first.lstrip().startswith("|")
        and TABLE_SEPARATOR.match(lines[1].strip())
    ):
        return _table(lines)
    if all(line.startswith("- ") for line in lines):
        items = "".join(f"<li>{inline(line[2:].strip())}</li>" for line in lines)
        return f"<ul>{items}</ul>"
    if all(NUMBERED.match(line) for line in lines):
        items = "".join(f"<li>{inline(NUMBERED.sub('', line))}</li>" for line in lines)
        return f"<ol>{items}</ol>"
    return f"<p>{inline(' '.join(line.strip() for line in lines))}</p>"


def to_html(text: str) -> str:
    return "\n".join(_render_block(block) for block in _blocks(text))
