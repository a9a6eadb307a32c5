"""The rules reader's Markdown subset, and the rules texts it shows."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from ui.markdown import to_html

RULES = Path(__file__).resolve().parents[2] / "web" / "content" / "rules"
GAMES = ("stratego", "ideology")


def test_headings_start_below_the_screen_title() -> None:
    assert to_html("# A\n## B\n### C") == "<h2>A</h2>\n<h3>B</h3>\n<h4>C</h4>"


def test_lines_of_a_paragraph_are_joined() -> None:
    assert to_html("one\ntwo\n\nthree") == "<p>one two</p>\n<p>three</p>"


def test_bullet_and_numbered_lists() -> None:
    assert to_html("- a\n- b") == "<ul><li>a</li><li>b</li></ul>"
    assert to_html("1. a\n2. b") == "<ol><li>a</li><li>b</li></ol>"


def test_tables_have_a_header_and_scroll_on_narrow_screens() -> None:
    rendered = to_html("| a | b |\n|---|---|\n| 1 | **2** |")
    assert '<div class="table-scroll">' in rendered
    assert '<th scope="col">a</th><th scope="col">b</th>' in rendered
    assert '<td data-label="a">1</td><td data-label="b"><strong>2</strong></td>' in rendered


def test_bold_and_italic() -> None:
    assert to_html("**Flag** and *Spy*") == "<p><strong>Flag</strong> and <em>Spy</em></p>"


def test_markup_in_text_is_shown_not_run() -> None:
    rendered = to_html("<img src=x onerror=alert(1)> & <script>")
    assert "<img" not in rendered and "<script" not in rendered
    assert "&lt;img src=x onerror=alert(1)&gt; &amp; &lt;script&gt;" in rendered


def structure(html: str) -> list[str]:
    return re.findall(r"<(h[2-6]|table|ul|ol|p)\b", html)


@pytest.mark.parametrize("game", GAMES)
def test_rules_exist_in_both_languages_with_the_same_structure(game: str) -> None:
    english = to_html((RULES / f"{game}.en.md").read_text(encoding="utf-8"))
    spanish = to_html((RULES / f"{game}.es.md").read_text(encoding="utf-8"))
    assert structure(english) == structure(spanish)
    assert english.count("<tr>") == spanish.count("<tr>")
    assert len(structure(english)) > 20


@pytest.mark.parametrize("name", sorted(p.name for p in RULES.glob("*.md")))
def test_rules_use_only_the_supported_subset(name: str) -> None:
    rendered = to_html((RULES / name).read_text(encoding="utf-8"))
    # Anything outside the subset would show up as literal Markdown syntax.
    assert "**" not in rendered
    assert "](" not in rendered
    assert not re.search(r"<p>\s*(#|- |\d+\. |\|)", rendered)
