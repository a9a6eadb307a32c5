"""Reviewing a finished Ideology game in headless Chromium: one person (Ana) and two
computers play a one-turn game to the end by taps; "Review the game" then steps through
every phase (buttons, arrow keys, the slider, swipes), with the influence chart (one
line per player) and never a hand of cards on the page. Screenshots at tablet sizes in
both languages; the finished game is in the statistics."""

from __future__ import annotations

from conftest import SCREENSHOTS, TOUCH_TARGETS, RunningServer, assert_fits, screenshot
from pages import tap
from playwright.sync_api import Browser, Page, expect
from test_ideology_computer import open_page, play_to_the_end, set_up

SEATS = [("Capitalism", "person"), ("Communism", "greedy"), ("Fascism", "random")]
SEED = 2


def to_spanish(page: Page) -> None:
    """Settings → Español (an init script sets English at every load: no reload here)."""
    page.goto(page.url.split("#")[0] + "#/settings")
    page.locator("label[for], .choice", has=page.locator("#setting-language-es")).click()
    expect(page.locator("#setting-language-es")).to_be_checked()


def shown_step(page: Page) -> int:
    return int(page.locator("#review-slider").input_value())


def assert_no_hand(page: Page) -> None:
    """No hand (nobody's) anywhere in the document, hidden parts included."""
    assert page.locator(".ig-hand, .ig-card, [data-owner]").count() == 0
    assert page.locator('[data-intent^="do "], [data-intent^="card "]').count() == 0


def swipe(page: Page, dx: int) -> None:
    box = page.locator(".ig-review").bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + 80
    page.mouse.move(x, y)
    page.mouse.down()
    for step in range(1, 6):
        page.mouse.move(x + dx * step / 5, y)
    page.mouse.up()


def test_review_a_finished_game_phase_by_phase_with_its_chart(
    browser: Browser, server: RunningServer
) -> None:
    _, page, _ = open_page(browser, server, "quick", viewport="landscape")
    set_up(page, SEATS, seed=SEED, limit=1)
    tap(page, "start")
    play_to_the_end(page)
    expect(page.locator("#ig-over-title")).to_be_visible()
    page.locator('a[href="#/ideology/review"]').click()
    expect(page.locator("#ig-review-title")).to_have_text(
        "The start: turn 1's order and first cards"
    )
    assert_no_hand(page)
    last = int(page.locator("#review-slider").get_attribute("max") or "0")
    assert last >= 4, "a turn has several phases"
    chart = page.locator("#ig-chart svg.chart-line")
    expect(chart.locator("polyline")).to_have_count(3)
    expect(page.locator("#ig-chart .chart-legend li")).to_have_count(3)
    expect(chart.locator("title")).to_have_text("Influence by turn")

    # Buttons, then every step to the end: words for each phase, the table, no hand.
    tap(page, "review-to", "1")
    assert shown_step(page) == 1
    expect(page.locator("#ig-review-title")).to_contain_text("Turn 1 · ")
    titles = set()
    for index in range(1, last + 1):
        if index != shown_step(page):
            tap(page, "review-to", str(index))
        assert shown_step(page) == index
        expect(page.locator(".ig-review-lines li").first).to_be_visible()
        titles.add(page.locator("#ig-review-title").inner_text())
        assert_no_hand(page)
        expect(page.locator("#ig-table .ig-tile").first).to_be_visible()
    assert len(titles) >= 4, titles
    expect(page.locator("#review-next")).to_be_disabled()

    # Arrow keys (the focus on the screen's title, as when the review opens, not on the
    # slider) and swipes step too.
    page.locator("#screen-title").focus()
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#review-slider")).to_have_value(str(last - 1))
    swipe(page, 160)  # to the right: the step before
    expect(page.locator("#review-slider")).to_have_value(str(last - 2))
    swipe(page, -160)
    expect(page.locator("#review-slider")).to_have_value(str(last - 1))
    page.locator("#review-slider").fill("2")
    expect(page.locator("#ig-review-title")).to_contain_text("Turn 1 · ")
    assert shown_step(page) == 2

    for language in ("en", "es"):
        if language == "es":
            to_spanish(page)
            page.goto(page.url.split("#")[0] + "#/ideology/review")
            expect(page.locator("#screen-title")).to_have_text("Repaso de la partida")
            tap(page, "review-to", "3")
        for viewport, (width, height) in (("landscape", (1024, 768)), ("portrait", (768, 1024))):
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("window.scrollTo(0, 0)")
            assert_fits(page, f"{TOUCH_TARGETS}, input", f"review {viewport} {language}")
            # Used without scrolling: the step's words and the step buttons are in view.
            for part in ("#ig-review-title", "#review-next", "#review-previous", "#review-slider"):
                box = page.locator(part).bounding_box()
                assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, (
                    part
                )
            page.screenshot(path=str(SCREENSHOTS / f"ideology-review-{viewport}-{language}.png"))
            screenshot(page, f"ideology-review-full-{viewport}-{language}")
        page.locator("#ig-review-chart").screenshot(
            path=str(SCREENSHOTS / f"ideology-review-chart-{language}.png")
        )
    assert_no_hand(page)
    # The game is in the statistics: Ana's one game against two computers.
    page.goto(page.url.split("#")[0] + "#/stats")
    expect(page.locator("#stats-ideology")).to_contain_text("Ana")
