"""The loop's pure half: pages of sections, what a repaint replaces, intents."""

from __future__ import annotations

import pytest
from ui.html import Markup, button, link
from ui.loop import (
    Intent,
    Page,
    changed_sections,
    inner_html,
    intent_text,
    opening_tag,
    text_of,
)


def board(squares: dict[str, str], *, warning: str = "", side: str = "red") -> Page:
    page = Page("demo")
    cells = "".join(
        page.section(f"sq-{name}", f'<b id="sq-{name}">{piece}</b>')
        for name, piece in squares.items()
    )
    grid = page.section("grid", f'<div id="grid" class="board-{side}">{cells}</div>')
    status = page.section("status", f'<div id="status">{"".join(squares.values())}</div>')
    note = page.section("note", warning and f'<p id="note">{warning}</p>')
    panel = page.section("panel", f'<aside id="panel">{note}{status}</aside>')
    page.root(f"<main>{grid}{panel}</main>")
    return page


def test_only_the_sections_whose_own_markup_changed_are_replaced() -> None:
    before = board({"a1": "F", "a2": ""})
    assert changed_sections(before, board({"a1": "F", "a2": ""})) == []
    after = board({"a1": "", "a2": "F"})
    assert sorted(changed_sections(before, after) or []) == ["sq-a1", "sq-a2"]


def test_a_changed_parent_is_replaced_with_its_children_once() -> None:
    before = board({"a1": "F"})
    after = board({"a1": "B"}, side="blue")
    # The grid's own attributes changed: it goes whole, its square with it.
    assert sorted(changed_sections(before, after) or []) == ["grid", "status"]


def test_a_section_that_appears_or_goes_is_drawn_with_its_parent() -> None:
    quiet = board({"a1": "F"})
    warned = board({"a1": "F"}, warning="Storage full")
    assert changed_sections(quiet, warned) == ["panel"]
    assert changed_sections(warned, quiet) == ["panel"]


def test_another_screen_or_frame_is_drawn_whole() -> None:
    page = board({"a1": "F"})
    other = Page("another")
    other.root("<main></main>")
    assert changed_sections(None, page) is None
    assert changed_sections(page, other) is None


def test_two_sections_cannot_share_a_key() -> None:
    page = Page("demo")
    page.section("x", '<i id="x"></i>')
    with pytest.raises(ValueError):
        page.section("x", '<i id="x"></i>')


def test_the_whole_page_expands_every_marker_in_place() -> None:
    page = board({"a1": "F", "a2": "B"}, warning="!")
    html = page.html()
    assert "<!--" not in html
    assert html.index('id="sq-a2"') < html.index('id="panel"') < html.index('id="note"')
    assert page.ancestors("sq-a1") == ["grid", ""]


def test_a_section_keeps_its_element_when_only_its_content_changed() -> None:
    assert inner_html('<details id="st-moves" open><ol></ol></details>') == "<ol></ol>"
    assert inner_html('<input id="seed" value="1">') is None


def test_every_section_of_the_games_pages_is_one_element_named_by_its_key() -> None:
    """The patch finds a section by its key: each must be one element with that id."""
    from tests.web.driver import Driver

    driver = Driver.new_game("stratego")
    pages = [driver.page]
    driver.tap("new-start", **{"name-red": "Ana", "name-blue": "Luis"})
    driver.tap("reveal")
    pages.append(driver.page)
    for _ in range(2):
        driver.tap("setup-fill")
        driver.tap("setup-ready")
        driver.tap("reveal") if 'data-intent="reveal"' in driver.html() else None
    pages.append(driver.page)
    ideology = Driver.new_game("ideology")
    pages.append(ideology.page)
    ideology.tap("start", **{"seat-ideology-0": "Capitalism", "seat-ideology-1": "Communism"})
    pages.append(ideology.page)
    ideology.tap("continue")
    ideology.tap("reveal")
    pages.append(ideology.page)
    checked = 0
    for page in pages:
        assert page is not None
        for key, markup in page.sections.items():
            if key and markup:
                expanded = page.html(key)
                assert f'id="{key}"' in opening_tag(expanded), (page.screen, key)
                assert inner_html(expanded) is not None, (page.screen, key)
                checked += 1
    assert checked > 150


def test_intents_round_trip_through_the_attribute() -> None:
    text = intent_text("do", "place military North Africa")
    parsed = Intent.parse(text)
    assert (parsed.name, parsed.arg) == ("do", "place military North Africa")
    assert Intent.parse("reveal") == Intent("reveal")
    assert text_of("<p>Ana <b>won</b></p><p>&amp; left</p>") == "Ana won & left"


def test_the_kit_escapes_text_and_keeps_markup_made_on_purpose() -> None:
    evil = '<img src=x onerror="alert(1)">'
    assert "<img" not in button(evil, "rename x") and "<img" not in link(evil, "#/")
    assert button(Markup("<b>B</b>"), "card b").endswith("><b>B</b></button>")
    quoted = button("x", 'open a"b')
    assert 'data-intent="open a&quot;b"' in quoted
    assert 'disabled aria-disabled="true"' in button("x", "y", disabled=True)
