"""Stratego in motion (issue 16, items 2, 3 and 12): a move slides, an attack's tiles
meet and turn face up, the computer's reply and the hot-seat recap move the same way;
under reduced motion nothing moves; a tap during a motion ends it and is handled; the
sounds setting is kept and playing a sound logs no error.

The page counts the motions it played (``<html data-motions>``) and marks ``#app`` with
``data-animating`` while one runs; ``window.tableroMotionScale`` stretches every motion
here so that a test (or a screenshot) can look at one half-way through.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from conftest import RUNNING_MOTIONS, RunningServer, open_app, screenshot, wait_ready
from pages import StrategoBoard, StrategoSetup, saved_stratego_game
from pages import tap as act
from playwright.sync_api import Browser, Page, expect

from engine.stratego import BUILTIN_SETUPS, new_game

RED_SETUP, BLUE_SETUP = "Lakeside fortress", "Bomb wall"
# Red's Captain goes forward, Blue's Miner comes to meet it, the Captain attacks (wins).
LINE = ("b4-b5", "b7-b6", "b5-b6")
CAPTAIN = {"en": "Captain", "es": "Capitán"}
SELECTED = re.compile(r"\bsel\b")
SLOW = "window.tableroMotionScale = 15;"
# Every motion's kind as it starts (one task each: one observer call each).
SEEN = """window.motionsSeen = [];
new MutationObserver(() => window.motionsSeen.push(
    document.getElementById("app").getAttribute("data-animating")
)).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-motions"]});
"""
CALM = 'localStorage.setItem("tablero.settings", JSON.stringify({language: "en"}));'
MOTIONS = "() => Number(document.documentElement.dataset.motions || 0)"
SOUNDS = "() => Number(document.documentElement.dataset.sounds || 0)"
# Every animation of the motion under way, stopped at the same moment (for a screenshot).
HALF_WAY = """(share) => document.getAnimations().forEach((animation) => {
    animation.pause();
    animation.currentTime = share * animation.effect.getComputedTiming().duration;
})"""


def motions(page: Page) -> int:
    return int(page.evaluate(MOTIONS))


def wait_motions(page: Page, count: int) -> None:
    page.wait_for_function(f"({MOTIONS})() >= {count}")


def running(page: Page) -> int:
    return int(page.evaluate(RUNNING_MOTIONS))


def against_the_computer(page: Page) -> None:
    page.select_option("#st-seat-blue", "easy")
    act(page, "new-start")
    act(page, "setup-fill")
    act(page, "setup-ready")
    expect(page.locator("#st-board.board-red")).to_be_visible()


def legal_move(page: Page, rng: random.Random) -> str:
    return rng.choice(sorted(saved_stratego_game(page).legal_moves()))


def test_a_move_and_the_reply_slide_and_a_tap_ends_the_motion(
    browser: Browser, server: RunningServer
) -> None:
    context, page, log = open_app(
        browser, server, "#/stratego/new", viewport="landscape", init_scripts=(SLOW, CALM, SEEN)
    )
    against_the_computer(page)
    rng = random.Random(3)
    StrategoBoard(page).move(legal_move(page, rng))
    # The person's move slides (stretched here to 2.7 s), or attacks...
    assert motions(page) >= 1
    # ... and the computer's reply after it, the same way.
    wait_motions(page, 2)
    game = saved_stratego_game(page)
    kinds = ["attack" if record.outcome else "slide" for record in game.moves]
    assert page.evaluate("window.motionsSeen") == kinds
    expect(page.locator("#app")).to_have_attribute("data-animating", kinds[-1])
    assert running(page) > 0
    plays = len(game.moves)
    # A tap during the reply's motion: the motion ends at once, the tap is handled.
    origin, target = rng.choice(sorted(game.legal_moves())).split("-")
    page.locator(f"#sq-{origin}").click()
    assert page.locator("#app[data-animating]").count() == 0
    assert running(page) == 0
    expect(page.locator(f"#sq-{origin}")).to_have_class(SELECTED)
    page.locator(f"#sq-{target}").click()
    assert len(saved_stratego_game(page).moves) == plays + 1
    # Sounds are on by default: the taps opened the audio, the moves were heard.
    assert page.evaluate(SOUNDS) >= 2
    assert log.console_errors == [] and log.page_errors == []
    context.close()


def test_under_reduced_motion_nothing_moves(browser: Browser, server: RunningServer) -> None:
    context, page, log = open_app(
        browser, server, "#/stratego/new", viewport="portrait", init_scripts=(SLOW, CALM)
    )
    page.emulate_media(reduced_motion="reduce")
    against_the_computer(page)
    rng = random.Random(5)
    for _ in range(2):
        decisions = page.evaluate("performance.getEntriesByName('computer-move').length")
        StrategoBoard(page).move(legal_move(page, rng))
        assert running(page) == 0
        page.wait_for_function(
            f"performance.getEntriesByName('computer-move').length > {decisions}"
            " && !document.getElementById('computer-thinking')"
        )
        assert running(page) == 0
        assert page.locator("#app[data-animating]").count() == 0
    assert motions(page) == 0
    assert log.console_errors == []
    context.close()


@pytest.mark.parametrize(
    ("viewport", "language"), [("landscape", "en"), ("portrait", "es"), ("phone", "en")]
)
def test_hot_seat_recap_shows_the_opponents_move_after_the_cover(
    browser: Browser, server: RunningServer, viewport: str, language: str
) -> None:
    settings = CALM.replace('"en"', f'"{language}"')
    context, page, log = open_app(
        browser, server, "#/stratego/new", viewport=viewport, init_scripts=(SLOW, settings)
    )
    act(page, "new-start")
    for setup in (RED_SETUP, BLUE_SETUP):
        StrategoSetup(page).use_builtin(setup)
    game = new_game(BUILTIN_SETUPS[RED_SETUP], BUILTIN_SETUPS[BLUE_SETUP])
    board = StrategoBoard(page)
    act(page, "reveal")
    # The first move of the game: nothing to recap, nothing to see again.
    assert motions(page) == 0
    assert page.locator('[data-intent="recap"]').count() == 0
    board.move(LINE[0])
    game.play(LINE[0])
    assert motions(page) == 1
    act(page, "hand-over")
    assert page.locator("#app[data-animating], .motion-ghost").count() == 0
    act(page, "reveal")
    # Blue, behind the cover until now, sees Red's move slide and told in words.
    expect(page.locator("#app")).to_have_attribute("data-animating", "slide")
    assert motions(page) == 2
    expect(page.locator("#st-report")).to_contain_text("b5")
    page.evaluate(HALF_WAY, 0.5)
    screenshot(page, f"motion-recap-{viewport}-{language}")
    act(page, "recap")  # "See again"
    wait_motions(page, 3)
    expect(page.locator("#app")).to_have_attribute("data-animating", "slide")
    board.move(LINE[1])
    game.play(LINE[1])
    act(page, "hand-over")
    act(page, "reveal")
    wait_motions(page, 5)
    # Red attacks: the two tiles meet and turn face up, the loser leaves.
    board.move(LINE[2])
    record = game.play(LINE[2])
    assert record.outcome == "attacker_won"
    expect(page.locator("#app")).to_have_attribute("data-animating", "attack")
    expect(page.locator(".motion-layer .motion-ghost")).to_have_count(2)
    assert page.locator("#sq-b6 .rank").count() == 1  # the board holds the position only
    page.evaluate(HALF_WAY, 0.45)
    screenshot(page, f"motion-attack-{viewport}-{language}")
    act(page, "hand-over")
    act(page, "reveal")
    # Blue's recap of the attack: Red's Captain turns face up (the engine revealed it),
    # and no other rank of Red's is on the ghosts.
    expect(page.locator("#app")).to_have_attribute("data-animating", "attack")
    attacker = page.locator(".motion-layer .motion-attacker")
    assert attacker.locator(".motion-before .rank").count() == 0
    expect(attacker.locator(".motion-after .rank")).to_have_text("6")
    expect(page.locator("#st-report")).to_contain_text(CAPTAIN[language])
    page.evaluate(HALF_WAY, 0.45)
    screenshot(page, f"motion-recap-attack-{viewport}-{language}")
    act(page, "recap")
    expect(page.locator("#app")).to_have_attribute("data-animating", "attack")
    assert log.console_errors == [] and log.page_errors == []
    context.close()


def test_the_sounds_setting_is_kept(browser: Browser, server: RunningServer) -> None:
    context, page, log = open_app(browser, server, "#/settings", viewport="phone")
    expect(page.locator("#setting-sounds-on")).to_be_checked()
    page.locator("label:has(#setting-sounds-off)").click()
    page.reload()
    wait_ready(page)
    expect(page.locator("#setting-sounds-off")).to_be_checked()
    assert json.loads(page.evaluate("localStorage.getItem('tablero.settings')"))["sounds"] == "off"
    screenshot(page, "shell-settings-sounds-phone-en")
    # Off: a game makes no sound at all.
    page.goto(page.url.split("#")[0] + "#/stratego/new")
    against_the_computer(page)
    StrategoBoard(page).move(legal_move(page, random.Random(1)))
    assert page.evaluate(SOUNDS) == 0
    assert log.console_errors == []
    context.close()
