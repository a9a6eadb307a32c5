"""Statistics after three Stratego games finished by taps (each ended by a resignation):
against the computer at two levels (one of them with the Barrage army) and between two
persons. The statistics screen counts
each game once (a reload of a finished game adds nothing), shows the figures per person
and per opponent with its charts, at tablet sizes in both languages, and resets them
only after its question."""

from __future__ import annotations

import json

from conftest import (
    TOUCH_TARGETS,
    RunningServer,
    assert_fits,
    open_app,
    screenshot,
    wait_ready,
)
from pages import StrategoSetup
from pages import tap as act
from playwright.sync_api import Browser, Page, expect
from test_ideology_review import to_spanish

SETTINGS = """localStorage.setItem("tablero.settings",
    JSON.stringify({"language": "%s", "computer_pace": "quick"}));"""


def new_game(page: Page, blue: str, seat: str, army: str = "classic") -> None:
    page.goto(page.url.split("#")[0] + "#/stratego/new")
    expect(page.locator("#st-name-red")).to_be_visible()
    page.locator(f"#st-army-{army}").check()
    page.locator("#st-name-red").fill("Ana")
    page.select_option("#st-seat-blue", seat)
    page.locator("#st-name-blue").fill(blue)
    act(page, "new-start")


def resign(page: Page) -> None:
    act(page, "resign")
    act(page, "resign-yes")
    expect(page.locator("#st-headline")).to_contain_text("wins")


def against_computer(page: Page, level: str, army: str = "classic") -> None:
    new_game(page, f"Robot {level}", level, army)
    for intent in ("setup-fill", "setup-ready"):
        act(page, intent)
    expect(page.locator('[data-intent="resign"]')).to_be_visible()
    resign(page)


def between_persons(page: Page) -> None:
    new_game(page, "Luis", "person")
    StrategoSetup(page).fill_at_random()
    StrategoSetup(page).fill_at_random()
    act(page, "reveal")
    resign(page)


def stored_games(page: Page) -> int:
    text = page.evaluate("() => localStorage.getItem('tablero.stats')")
    return len(json.loads(text)["games"]) if text else 0


def test_statistics_after_three_games_then_reset(browser: Browser, server: RunningServer) -> None:
    _, page, _ = open_app(
        browser, server, "#/", viewport="landscape", init_scripts=(SETTINGS % "en",)
    )
    against_computer(page, "easy")
    assert stored_games(page) == 1
    # The finished game opened again: not counted twice.
    page.reload()
    wait_ready(page)
    expect(page.locator("#st-headline")).to_be_visible()
    assert stored_games(page) == 1
    against_computer(page, "hard", "barrage")
    between_persons(page)
    assert stored_games(page) == 3

    page.goto(page.url.split("#")[0] + "#/")
    assert_fits(page, what="home with the statistics")
    screenshot(page, "stats-home-landscape-en")
    page.locator('a[href="#/stats"]').click()
    # Each army apart: two classic games, one Barrage game.
    card = page.locator("#stats-stratego-classic")
    expect(card.locator("h2")).to_have_text("Stratego · Classic")
    expect(card).to_contain_text("2 games finished")
    ana = card.locator(".stats-table").first.locator("tr", has_text="Ana")
    expect(ana.locator("td")).to_have_text(["2", "0", "0 / 0"])
    luis = card.locator(".stats-table").first.locator("tr", has_text="Luis")
    expect(luis.locator("td")).to_have_text(["1", "1", "1 / 1"])
    opponents = card.locator(".stats-table").nth(1)
    for opponent in ("Computer: easy", "A person"):
        expect(opponents).to_contain_text(opponent)
    expect(opponents).not_to_contain_text("Computer: hard")
    bars = card.locator("svg.chart-bars [data-bar]")
    expect(bars).to_have_count(2)
    barrage = page.locator("#stats-stratego-barrage")
    expect(barrage).to_contain_text("1 game finished")
    expect(barrage.locator(".stats-table").nth(1)).to_contain_text("Computer: hard")
    # No computer seat is a player of the statistics.
    expect(card.locator(".stats-table").first).not_to_contain_text("Robot")
    for viewport, size in (("landscape", (1024, 768)), ("portrait", (768, 1024))):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        assert_fits(page, f"{TOUCH_TARGETS}, label.button", f"statistics {viewport}")
        screenshot(page, f"stats-{viewport}-en")
    to_spanish(page)
    page.goto(page.url.split("#")[0] + "#/stats")
    expect(page.locator("#stats-stratego-classic")).to_contain_text("2 partidas terminadas")
    expect(page.locator("#stats-stratego-barrage h2")).to_have_text("Stratego · Barrage")
    for viewport, size in (("landscape", (1024, 768)), ("portrait", (768, 1024))):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        assert_fits(page, f"{TOUCH_TARGETS}, label.button", f"estadísticas {viewport}")
        screenshot(page, f"stats-{viewport}-es")

    act(page, "stats-reset")
    expect(page.locator("#stats-reset-question")).to_be_visible()
    act(page, "stats-reset-no")
    assert stored_games(page) == 3
    act(page, "stats-reset")
    act(page, "stats-reset-yes")
    expect(page.locator("#stats-message")).to_have_text("Se han borrado las estadísticas.")
    expect(page.locator("#stats-empty")).to_be_visible()
    assert stored_games(page) == 0
