"""Looking back at a finished Stratego game in headless Chromium (issue 17), by taps: a
hot-seat game with two attacks ended by a resignation, its review from the game-over
screen step by step in each of the three views (buttons, a swipe on the board, the
arrow keys, the slider), no hidden rank anywhere in the document in Red's or Blue's
view, then the finished-games list after a reload: review it again, export it.

The engine runs in this process only to know what each army knew at each step."""

from __future__ import annotations

import json
import re
from pathlib import Path

from conftest import (
    VIEWPORTS,
    RunningServer,
    assert_fits,
    open_app,
    record,
    screenshot,
    wait_ready,
)
from leaks import document_strings
from pages import StrategoBoard, StrategoSetup, saved
from pages import tap as act
from playwright.sync_api import Browser, Page, expect

from engine.stratego import BUILTIN_SETUPS, new_game

RED_SETUP = "Lakeside fortress"
BLUE_SETUP = "Bomb wall"
# Two attacks (a Captain takes a Miner, two Scouts fall together), then Red resigns.
LINE = ("b4-b5", "b7-b6", "b5-b6", "j7-j6", "a4-a7", "j6-j5")
NAMES = {"red": "Ana", "blue": "Luis"}
FINISHED_KEY = "tablero.finished.stratego"


def finished_game(page: Page) -> None:
    """From the new-game form to the result, by taps."""
    page.locator("#st-name-red").fill(NAMES["red"])
    page.locator("#st-name-blue").fill(NAMES["blue"])
    act(page, "new-start")
    for setup in (RED_SETUP, BLUE_SETUP):
        StrategoSetup(page).use_builtin(setup)
    act(page, "reveal")
    for move in LINE:
        StrategoBoard(page).move(move)
        act(page, "hand-over")
        act(page, "reveal")
    act(page, "resign")
    act(page, "resign-yes")
    expect(page.locator("#st-headline")).to_have_text("Luis (Blue army) wins!")


def step_words(page: Page) -> str:
    return page.locator("#rv-step-words").inner_text()


def board(page: Page) -> str:
    return page.locator("#st-board").inner_html()


def square_labels(page: Page) -> dict[str, str]:
    return dict(
        page.eval_on_selector_all(
            "#st-board .sq[id]", "nodes => nodes.map(n => [n.id.slice(3), n.ariaLabel || ''])"
        )
    )


def hidden_from(army: str, plays: int) -> set[str]:
    """The squares of the other army whose rank ``army`` had not seen after ``plays``."""
    game = new_game(BUILTIN_SETUPS[RED_SETUP], BUILTIN_SETUPS[BLUE_SETUP])
    for move in LINE[:plays]:
        game.play(move)
    view = game.view(army)
    return {
        square
        for square, info in view["pieces"].items()
        if info["owner"] != army and info["letter"] is None
    }


def swipe(page: Page, leftwards: bool) -> None:
    box = page.locator("#st-board").bounding_box()
    assert box is not None
    y = box["y"] + box["height"] / 2
    start, end = box["x"] + box["width"] * 0.75, box["x"] + box["width"] * 0.25
    if not leftwards:
        start, end = end, start
    page.mouse.move(start, y)
    page.mouse.down()
    for step in range(1, 6):
        page.mouse.move(start + (end - start) * step / 5, y + step)
    page.mouse.up()


def fits_without_scrolling(page: Page, what: str) -> None:
    """The board, the step's words and every control in view at once."""
    assert_fits(page, what=what)
    height = page.viewport_size["height"] if page.viewport_size else 0
    for selector in ("#st-board", "#rv-status"):
        box = page.locator(selector).bounding_box()
        assert box is not None and box["y"] >= 0, (what, selector)
        assert box["y"] + box["height"] <= height, (what, selector, box, height)


def test_review_a_finished_game_in_every_view_then_from_the_finished_list(
    browser: Browser, server: RunningServer, tmp_path: Path
) -> None:
    context, page, _ = open_app(browser, server, "#/stratego/new", viewport="landscape")
    finished_game(page)
    autosave = saved(page, "stratego")
    stored_before = page.evaluate("() => JSON.stringify(Object.entries(localStorage).sort())")

    page.locator('a[href="#/review/game-stratego"]').click()
    expect(page.locator("#rv-step-words")).to_contain_text("before the first of 6 moves")
    fits_without_scrolling(page, "review, landscape")

    # Everything revealed: Next through every move; each one changes the board.
    labels: list[dict[str, str]] = [square_labels(page)]
    boards = [board(page)]
    for step in range(1, len(LINE) + 1):
        act(page, "review-step next")
        expect(page.locator("#rv-step-words")).to_contain_text(f"Move {step} of 6")
        boards.append(board(page))
        labels.append(square_labels(page))
        assert boards[-1] != boards[-2], f"move {step} changed nothing on the board"
        expect(page.locator(f"#sq-{LINE[step - 1].split('-')[1]}")).to_have_class(
            re.compile(r"\blast\b")
        )
        if step == 3:
            expect(page.locator("#rv-report .attack")).to_contain_text("The attacker wins")
            expect(page.locator("#rv-report")).to_contain_text("Captain (6)")
            screenshot(page, "review-attack-landscape")
        if step == 5:
            expect(page.locator("#rv-report .attack")).to_contain_text("Equal strength")
    expect(page.locator("#rv-result")).to_contain_text("Ana resigned.")
    expect(page.locator("#rv-next")).to_be_disabled()

    # Each army's view, stepped by a swipe, the arrow keys and the slider.
    checked = 0
    for army in ("red", "blue"):
        act(page, "review-view", army)
        expect(page.locator(f"#rv-view-{army}")).to_have_attribute("aria-pressed", "true")
        act(page, "review-step first")
        expect(page.locator("#rv-step-words")).to_contain_text("before the first")
        for step in range(len(LINE) + 1):
            if step == 1:
                swipe(page, leftwards=True)
            elif step == 2:
                page.locator("#rv-next").focus()
                page.keyboard.press("ArrowRight")
            elif step > 2:
                page.locator("#rv-slider").fill(str(step))
            if step:
                expect(page.locator("#rv-step-words")).to_contain_text(f"Move {step} of 6")
            hidden = hidden_from(army, step)
            assert hidden, "some ranks are still hidden at every step of this game"
            tiles = page.locator("#st-board .sq .tile-hidden")
            expect(tiles).to_have_count(len(hidden))
            secrets = {labels[step][square] for square in hidden}
            leaks = [
                (where, text)
                for where, text in document_strings(page)
                for secret in secrets
                if secret in text
            ]
            assert leaks == [], f"{army}'s view at move {step}: {leaks[:3]}"
            checked += 1
        if army == "red":
            swipe(page, leftwards=False)
            expect(page.locator("#rv-step-words")).to_contain_text("Move 5 of 6")
            screenshot(page, "review-red-view-landscape")
    assert checked == 2 * (len(LINE) + 1)

    # The result is one tap away; the review changed nothing stored.
    page.locator("a.back").first.click()
    expect(page.locator("#st-headline")).to_have_text("Luis (Blue army) wins!")
    assert (
        page.evaluate("() => JSON.stringify(Object.entries(localStorage).sort())") == stored_before
    )

    # After a reload: the finished games, newest first, and the same game reviewed again.
    page.goto(server.url + "#/finished")
    page.reload()
    wait_ready(page)
    item = page.locator("#fin-stratego .fin-item")
    expect(item).to_have_count(1)
    expect(item).to_contain_text("Ana, Luis")
    expect(item).to_contain_text("Luis won")
    expect(item).to_contain_text("Moves played: 6")
    assert_fits(page, what="finished list, landscape")
    screenshot(page, "finished-landscape")
    item.locator('a[href^="#/review/finished-stratego-"]').click()
    act(page, "review-step last")
    expect(page.locator("#rv-result")).to_contain_text("Ana resigned.")
    page.locator("a.back").first.click()
    expect(page).to_have_url(server.url + "#/finished")
    with page.expect_download() as download:
        item.locator('[data-intent^="finished-export "]').click()
    exported = tmp_path / download.value.suggested_filename
    download.value.save_as(exported)
    [envelope] = json.loads(exported.read_text(encoding="utf-8"))
    assert envelope["format"] == "tablero-save" and envelope["game"] == "stratego"
    assert envelope["session"] == autosave
    expect(page.locator("#saves-message")).to_contain_text(exported.name)

    # The same finished game on a portrait tablet, in Spanish.
    stored = page.evaluate(f"() => localStorage.getItem('{FINISHED_KEY}')")
    width, height = VIEWPORTS["portrait"]
    spanish = browser.new_context(locale="es-ES", viewport={"width": width, "height": height})
    spanish.add_init_script(
        f"localStorage.setItem({json.dumps(FINISHED_KEY)}, {json.dumps(stored)});"
    )
    other = spanish.new_page()
    record(spanish, other, server.url)
    other.goto(server.url + "#/finished")
    wait_ready(other)
    expect(other.locator("#fin-stratego .fin-item")).to_contain_text("Ganó Luis")
    assert_fits(other, what="finished list, portrait")
    screenshot(other, "finished-portrait-es")
    other.locator('#fin-stratego a[href^="#/review/finished-stratego-"]').click()
    expect(other.locator("#rv-step-words")).to_contain_text("antes del primero de 6")
    for _ in range(3):
        act(other, "review-step next")
    expect(other.locator("#rv-report .attack")).to_contain_text("Gana el atacante")
    act(other, "review-view", "blue")
    fits_without_scrolling(other, "review, portrait")
    screenshot(other, "review-blue-view-portrait-es")
    del context
