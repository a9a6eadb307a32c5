"""Stratego in real headless Chromium, through taps only: setups, hot-seat play behind
the pass-the-tablet cover, hidden ranks, illegal taps, reload, game over.

The engine runs in this process only to check the scripted line is what we think it
is; every move in the browser is made by tapping squares.
"""

from __future__ import annotations

import re

import pytest
from conftest import (
    RunningServer,
    assert_fits,
    has_horizontal_scroll,
    open_app,
    screenshot,
    wait_ready,
)
from leaks import Secrets
from pages import StrategoBoard, StrategoSetup
from pages import tap as act
from playwright.sync_api import Browser, Page, expect

from engine.stratego import BUILTIN_SETUPS, PIECES, new_game

RED_SETUP = "Lakeside fortress"
BLUE_SETUP = "Bomb wall"
# Blue swaps its Flag (f10) with the Scout on a7, in the setup screen, by two taps.
BLUE_SWAP = ("f10", "a7")
# Red wins in three moves: Captain forward, Captain takes the Miner, Scout takes the Flag.
LINE = ("b4-b5", "b7-b6", "b5-b6", "j7-j6", "a4-a7")
NAMES = {"red": "Ana", "blue": "Luis"}


def blue_setup() -> str:
    cells = list(BUILTIN_SETUPS[BLUE_SETUP])
    cells[4], cells[39] = cells[39], cells[4]  # f10 is Blue's cell 4, a7 its cell 39
    return "".join(cells)


def test_the_scripted_line_is_a_flag_capture() -> None:
    game = new_game(BUILTIN_SETUPS[RED_SETUP], blue_setup())
    records = [game.play(move) for move in LINE]
    assert records[2].outcome == "attacker_won"
    assert (game.result, game.end_reason) == ("red", "flag_captured")


def open_page(browser: Browser, server: RunningServer, viewport: str, locale: str = "en-US"):  # type: ignore[no-untyped-def]
    return open_app(browser, server, "#/stratego/new", viewport=viewport, locale=locale)


def reveal(page: Page, name: str) -> None:
    cover = page.locator("#st-cover")
    expect(cover).to_be_visible()
    expect(cover.locator("h1")).to_contain_text(name)
    assert page.locator("#st-board").count() == 0, "the cover must hide the board"
    act(page, "reveal")
    expect(page.locator("#st-board")).to_be_visible()


def start(page: Page, shots: str | None = None) -> None:
    page.locator("#st-name-red").fill(NAMES["red"])
    page.locator("#st-name-blue").fill(NAMES["blue"])
    act(page, "new-start")
    reveal(page, NAMES["red"])
    # Red: one piece by tray + square, then a built-in setup.
    page.locator('[data-intent="tray F"]').click()
    page.locator("#sq-a1").click()
    expect(page.locator("#st-tray [data-intent='tray F'] .tray-count")).to_have_text("×0")
    # Drag (pointer events, as a finger would): the Marshal from the tray to b1.
    drag(page, "#st-tray [data-intent='tray X']", "#sq-b1")
    expect(page.locator("#sq-b1")).to_have_attribute("aria-label", "b1, your Marshal (10)")
    drag(page, "#sq-b1", "#sq-c1")  # and on along the back row
    expect(page.locator("#sq-c1")).to_have_attribute("aria-label", "c1, your Marshal (10)")
    expect(page.locator('[data-intent="setup-ready"]')).to_be_disabled()
    page.select_option("#st-preset", f"builtin:{RED_SETUP}")
    act(page, "setup-use")
    expect(page.locator('[data-intent="setup-ready"]')).to_be_enabled()
    if shots:
        assert_fits(page)
        screenshot(page, f"stratego-setup-{shots}")
    pass_tablet(page, "red", "setup-ready", "blue")
    page.select_option("#st-preset", f"builtin:{BLUE_SETUP}")
    act(page, "setup-use")
    first, second = BLUE_SWAP
    page.locator(f"#sq-{first}").click()
    page.locator(f"#sq-{second}").click()
    expect(page.locator(f"#sq-{second}")).to_have_attribute("aria-label", "a7, your Flag")
    page.locator("#st-setup-name").fill("Flag by the lake")
    act(page, "setup-save")
    expect(page.locator("#st-setup-extra")).to_have_text("Setup saved as “Flag by the lake”.")
    expect(page.locator('#st-preset option[value="saved:Flag by the lake"]')).to_have_count(1)
    act(page, "setup-ready")


def drag(page: Page, source: str, target: str) -> None:
    start = page.locator(source).bounding_box()
    end = page.locator(target).bounding_box()
    assert start and end
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    for step in range(1, 6):
        page.mouse.move(
            start["x"] + (end["x"] - start["x"]) * step / 5 + end["width"] / 2,
            start["y"] + (end["y"] - start["y"]) * step / 5 + end["height"] / 2,
        )
    page.mouse.up()


RANK_NAMES = tuple(name for kind in PIECES.values() for name in (kind.name_en, kind.name_es))


def own_piece(_where: str, text: str) -> bool:
    """A string that names one of the viewer's own pieces ("b4, your Captain (6)", "You
    moved your Captain (6) from b4 to b5.")."""
    lowered = f" {text.lower()}"
    return (" your " in lowered or " tu " in lowered) and any(n in text for n in RANK_NAMES)


def pass_tablet(page: Page, mover: str, action: str, player: str) -> Secrets:
    """``mover`` hands the tablet over (``action``): the cover, then ``player``'s board,
    hold nothing of what ``mover`` saw of their own pieces (issue 14, case 10)."""
    secrets = Secrets()
    kept = secrets.keep(page, mover, f"#st-board .has-{mover}, #st-report, #announcer", own_piece)
    assert kept, "the mover's own pieces should be described on their board"
    act(page, action)
    expect(page.locator("#st-cover")).to_be_visible()
    secrets.check(page, f"the cover after {mover}")
    reveal(page, NAMES[player])
    secrets.check(page, f"{player}'s board after {mover}", viewer=player)
    return secrets


def hand_over(page: Page, player: str) -> None:
    pass_tablet(page, "red" if player == "blue" else "blue", "hand-over", player)


def assert_no_hidden_blue_rank(page: Page) -> None:
    """While Red looks, nothing in the DOM (text or attributes) names a hidden Blue rank."""
    hidden = page.eval_on_selector_all(
        "#st-board .sq.has-blue",
        "nodes => nodes.map(n => [n.id.slice(3), n.outerHTML])",
    )
    assert hidden, "Blue pieces should be on the board"
    names = {kind.name_en for kind in PIECES.values()}
    for square, markup in hidden:
        assert 'class="rank"' not in markup, square
        assert not any(name in markup for name in names), (square, markup)
        assert "rank unknown" in markup, square
    html = page.content()
    assert blue_setup() not in html
    assert BUILTIN_SETUPS[BLUE_SETUP] not in html


@pytest.mark.parametrize(("viewport", "locale"), [("portrait", "en-US"), ("landscape", "en-US")])
def test_a_whole_game_by_taps_from_setups_to_flag_capture(
    browser: Browser, server: RunningServer, viewport: str, locale: str
) -> None:
    _, page, _ = open_page(browser, server, viewport, locale)
    start(page, shots=viewport)
    reveal(page, NAMES["red"])
    assert_no_hidden_blue_rank(page)
    assert_fits(page)
    screenshot(page, f"stratego-play-{viewport}")

    StrategoBoard(page).move(LINE[0])
    expect(page.locator("#sq-b5")).to_have_class(re.compile(r"\blast\b"))
    # Undo before handing over, then play the same move again.
    act(page, "undo")
    expect(page.locator("#sq-b4 .rank")).to_have_text("6")
    StrategoBoard(page).move(LINE[0])
    hand_over(page, "blue")
    expect(page.locator("#st-report")).to_contain_text("Ana moved a piece from b4 to b5")
    StrategoBoard(page).move(LINE[1])
    hand_over(page, "red")
    StrategoBoard(page).move(LINE[2])
    attack = page.locator(".attack")
    expect(attack).to_contain_text("Captain (6)")
    expect(attack).to_contain_text("Miner (3)")
    expect(attack).to_contain_text("The attacker wins")
    assert_fits(page)
    screenshot(page, f"stratego-attack-{viewport}")
    hand_over(page, "blue")
    # Blue is told about the attack on it first.
    expect(page.locator("#st-report")).to_contain_text("Ana attacked your piece on b6")
    expect(page.locator("#st-graves")).to_contain_text("Luis (Blue army) lost (1)")
    StrategoBoard(page).move(LINE[3])
    hand_over(page, "red")
    assert_no_hidden_blue_rank(page)
    StrategoBoard(page).move(LINE[4])

    expect(page.locator("#st-headline")).to_have_text("Ana (Red army) wins!")
    expect(page.locator("#st-reason")).to_have_text("Ana captured the enemy Flag.")
    expect(page).to_have_url(server.url + "#/stratego/over")
    # The whole board is revealed, Blue's ranks included.
    expect(page.locator("#sq-f7 .rank")).to_have_text("B")
    expect(page.locator("#sq-a7 .rank")).to_have_text("2")
    assert page.locator("#st-board .sq.has-blue .rank").count() == 38
    assert_fits(page)
    screenshot(page, f"stratego-over-{viewport}")

    act(page, "rematch")
    reveal(page, NAMES["red"])
    expect(page.locator("#screen-title")).to_contain_text("Ana, set up the Red army")
    # The setup saved by name is there to reuse.
    page.select_option("#st-preset", "saved:Flag by the lake")
    act(page, "setup-use")
    # Setups are kept relative to their owner: Blue's a7 is Red's j4.
    expect(page.locator("#sq-j4")).to_have_attribute("aria-label", "j4, your Flag")
    expect(page.locator('[data-intent="setup-ready"]')).to_be_enabled()


@pytest.mark.console_errors_expected
def test_illegal_taps_do_no_harm_and_say_why_and_a_reload_resumes(
    browser: Browser, server: RunningServer
) -> None:
    _, page, _ = open_page(browser, server, "portrait")
    start(page)
    reveal(page, NAMES["red"])
    message = page.locator("#st-message")
    page.locator("#sq-a2").click()  # a Bomb
    expect(message).to_have_text("The Bomb never moves.")
    page.locator("#sq-e8").click()  # a hidden Blue piece, nothing selected
    expect(message).to_have_text("Tap one of your own pieces first.")
    page.locator("#sq-b4").click()
    page.locator("#sq-b6").click()  # two squares for a Captain
    expect(message).to_have_text(
        "The Captain (6) moves one square at a time; only Scouts go further."
    )
    page.locator("#sq-c5").click()  # a lake is no button at all: nothing happens
    assert page.locator("#st-board .sq.last").count() == 0
    expect(page.locator("#screen-title")).to_contain_text("Ana")

    # A reload while Red's ranks are shown comes back behind Red's cover.
    page.reload()
    wait_ready(page)
    reveal(page, NAMES["red"])
    StrategoBoard(page).move(LINE[0])
    act(page, "hand-over")
    page.reload()
    wait_ready(page)
    expect(page).to_have_url(server.url + "#/stratego/play")
    reveal(page, NAMES["blue"])
    expect(page.locator("#st-report")).to_contain_text("Ana moved a piece from b4 to b5")

    # Home offers the game in progress; it leads back behind the cover.
    page.goto(server.url + "#/")
    page.get_by_role("link", name="Continue the last game").click()
    reveal(page, NAMES["blue"])
    expect(page.locator("#sq-b5 .tile-red")).to_be_visible()

    # Keyboard: squares are buttons, arrows move between them, Enter selects.
    page.locator("#sq-b7").focus()
    page.keyboard.press("ArrowDown")  # Blue sees the board turned: down is towards rank 8
    assert page.evaluate("document.activeElement.id") == "sq-b8"
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")
    expect(page.locator("#sq-b6")).to_have_class(re.compile(r"\bdest\b"))


@pytest.mark.parametrize("locale", ["en-US", "es-ES"])
def test_phone_width_has_no_sideways_scroll_and_spanish_is_complete(
    browser: Browser, server: RunningServer, locale: str
) -> None:
    _, page, _ = open_page(browser, server, "phone", locale)
    act(page, "new-start")
    act(page, "reveal")
    page.select_option("#st-preset", "human")
    act(page, "setup-use")
    expect(page.locator('[data-intent="setup-ready"]')).to_be_enabled()
    assert not has_horizontal_scroll(page)
    act(page, "setup-ready")
    StrategoSetup(page).fill_at_random()
    act(page, "reveal")
    expect(page.locator("#st-board")).to_be_visible()
    assert not has_horizontal_scroll(page)
    if locale == "es-ES":
        expect(page.locator("#screen-title")).to_contain_text("Turno de Rojo")
        expect(page.locator("#st-status")).to_contain_text("Te toca mover")
    screenshot(page, f"stratego-phone-{locale[:2]}")
    # A draw is offered behind the other player's cover and accepted there.
    act(page, "offer-draw")
    assert page.locator("#st-board").count() == 0
    act(page, "draw-accept")
    draw = {"en-US": "The game is a draw.", "es-ES": "La partida acaba en tablas."}
    expect(page.locator("#st-headline")).to_have_text(draw[locale])


FULL_STORAGE = """
const realSetItem = Storage.prototype.setItem;
Storage.prototype.setItem = function (key, value) {
  if (String(key).startsWith("tablero.stratego.save")) {
    throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  }
  return realSetItem.call(this, key, value);
};
"""


def test_a_full_storage_is_said_plainly_and_the_game_goes_on(
    browser: Browser, server: RunningServer
) -> None:
    _, page, _ = open_app(
        browser, server, "#/stratego/new", viewport="landscape", init_scripts=(FULL_STORAGE,)
    )
    act(page, "new-start")
    warning = page.locator("#save-warning")
    expect(warning).to_contain_text("could not be saved")
    act(page, "reveal")
    expect(warning).to_be_visible()
    act(page, "setup-fill")
    act(page, "setup-ready")
    StrategoSetup(page).fill_at_random()
    act(page, "reveal")
    expect(page.locator("#st-board")).to_be_visible()
    expect(warning).to_be_visible()
