"""Stratego laid out for a tablet held either way (and a phone): the main buttons of the
new-game and setup screens without scrolling, and during a game against the computer
nothing scrolls while the whole board, whose turn it is and the last move's report stay
in view (issue 16, items 1 and 5)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from conftest import RunningServer, assert_fits, has_horizontal_scroll, open_app, screenshot
from pages import saved_stratego_game
from playwright.sync_api import Browser, Page, expect
from ui.i18n import name_key

from engine import stratego

SETTINGS = """
localStorage.setItem("tablero.settings", JSON.stringify({language: "%s", computer_pace: "quick"}));
"""
# The page's scroll offset and every element scrolled away from its top.
SCROLLED = """() => [window.scrollX, window.scrollY].some((v) => v !== 0)
    ? ["window " + window.scrollX + "," + window.scrollY]
    : [...document.querySelectorAll("*")]
        .filter((el) => el.scrollTop !== 0 || el.scrollLeft !== 0)
        .map((el) => (el.id || el.className) + " " + el.scrollTop)"""
# Elements (by selector) not wholly inside the viewport.
OUT_OF_VIEW = """(selectors) => selectors.filter((selector) => {
    const node = document.querySelector(selector);
    if (!node) return true;
    const box = node.getBoundingClientRect();
    return box.top < 0 || box.left < 0 || box.bottom > innerHeight + 0.5
        || box.right > innerWidth + 0.5;
})"""
# Words of an attack report's captions ("Atacante:", "Explorador") broken across two
# lines or running out of the report's box.
BROKEN_WORDS = """() => {
    const broken = [];
    for (const caption of document.querySelectorAll(".attack .fighter figcaption")) {
        const box = caption.closest(".attack").getBoundingClientRect();
        const walker = document.createTreeWalker(caption, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (node.parentElement.closest(".visually-hidden")) continue;
            for (const word of node.textContent.matchAll(/\\S+/g)) {
                const range = document.createRange();
                range.setStart(node, word.index);
                range.setEnd(node, word.index + word[0].length);
                const rects = [...range.getClientRects()].filter((r) => r.width > 0);
                if (rects.length > 1 || rects.some((r) => r.left < box.left - 0.5
                        || r.right > box.right + 0.5)) broken.push(word[0]);
            }
        }
    }
    return broken;
}"""

# Every field of the new-game form a player can see (those in the folded optional rules
# are not drawn), as "name: how far out of the viewport", for those not wholly in it.
FORM_OUT_OF_VIEW = """() => [...document.querySelectorAll(
        "form.st-new :is(input, select, summary, button, a[href])")]
    .filter((el) => el.checkVisibility())
    .map((el) => [el, el.getBoundingClientRect()])
    .filter(([el, box]) => box.top < 0 || box.left < 0 || box.bottom > innerHeight + 0.5
        || box.right > innerWidth + 0.5)
    .map(([el, box]) => (el.id || el.name || el.textContent.trim()) + " " + box.bottom)"""
# Text on the form smaller than 16 px.
SMALL_TEXT = """() => [...document.querySelectorAll("form.st-new *")]
    .filter((el) => el.checkVisibility() && [...el.childNodes].some(
        (node) => node.nodeType === 3 && node.textContent.trim()))
    .filter((el) => parseFloat(getComputedStyle(el).fontSize) < 16)
    .map((el) => el.textContent.trim())"""

# Every attack's captions set to two names (the attacker's, the defender's).
SET_CAPTIONS = """([attacker, defender]) => {
    for (const fighters of document.querySelectorAll("#st-report .fighters")) {
        const captions = fighters.querySelectorAll("figcaption span[aria-hidden]");
        captions[0].textContent = attacker;
        captions[1].textContent = defender;
    }
}"""

IN_VIEW_DURING_PLAY = ("#st-board", "#st-status > :first-child", "#st-report")
# A tablet has room for the game's buttons too (a phone leaves them below the board).
IN_VIEW_ON_A_TABLET = (*IN_VIEW_DURING_PLAY, "#st-actions")
# Of those, the ones cut off at the side panel's edge: beside the board on a landscape
# tablet the panel scrolls on its own (the graveyards and the move list run below).
CUT_OFF_BY_THE_SIDE_PANEL = """(selectors) => {
    const side = document.querySelector(".st-layout .side");
    if (!side) return [];
    const edge = side.getBoundingClientRect();
    return selectors.filter((selector) => {
        const node = side.querySelector(selector);
        if (!node) return false;
        const box = node.getBoundingClientRect();
        return box.top < edge.top - 0.5 || box.bottom > edge.bottom + 0.5;
    });
}"""


def open_new_game(  # type: ignore[no-untyped-def]
    browser: Browser, server: RunningServer, viewport: str, language: str
):
    """The Stratego new-game form in ``language`` at a size, the computer's pace quick:
    (context, page, record)."""
    return open_app(
        browser,
        server,
        "#/stratego/new",
        viewport=viewport,
        locale="es-ES" if language == "es" else "en-US",
        init_scripts=(SETTINGS % language,),
    )


def out_of_view(page: Page, *selectors: str) -> list[str]:
    return page.evaluate(OUT_OF_VIEW, list(selectors))  # type: ignore[no-any-return]


def hidden_on_a_tablet(page: Page) -> list[str]:
    """What a tablet player could not see during play without scrolling (nothing, ever):
    the board, whose turn, the last move's report and the buttons."""
    return out_of_view(page, *IN_VIEW_ON_A_TABLET) + [
        f"{selector} cut off by the side panel"
        for selector in page.evaluate(CUT_OFF_BY_THE_SIDE_PANEL, list(IN_VIEW_ON_A_TABLET))
    ]


def broken_words(page: Page) -> list[str]:
    """The words of the attack reports on screen that break or stick out (none, ever)."""
    return page.evaluate(BROKEN_WORDS)  # type: ignore[no-any-return]


def scrolled(page: Page) -> list[str]:
    return page.evaluate(SCROLLED)  # type: ignore[no-any-return]


def reply(page: Page, rng: random.Random, *, attacking: bool = False) -> bool:
    """A legal move by taps (an attack if there is one, when ``attacking``), then the
    computer's reply painted. False at the end."""
    game = saved_stratego_game(page)
    if game.result is not None:
        return False
    moves = sorted(game.legal_moves())
    attacks = [move for move in moves if game.piece_at(move.split("-")[1]) is not None]
    origin, target = rng.choice((attacking and attacks) or moves).split("-")
    decisions = page.evaluate("performance.getEntriesByName('computer-move').length")
    page.locator(f"#sq-{origin}").click()
    page.locator(f"#sq-{target}").click()
    page.wait_for_function(
        "([n]) => performance.getEntriesByName('computer-move').length > n"
        " && !document.getElementById('computer-thinking')"
        " || document.querySelector('#st-headline')",
        arg=[decisions],
    )
    return page.locator("#st-headline").count() == 0


@pytest.mark.parametrize(
    ("viewport", "language", "moves"),
    [
        ("landscape", "en", 30),
        ("portrait", "en", 30),
        ("landscape", "es", 8),
        ("portrait", "es", 8),
        ("phone", "en", 8),
        ("phone", "es", 4),
    ],
)
def test_against_the_computer_nothing_scrolls_and_the_reply_stays_in_view(
    browser: Browser, server: RunningServer, viewport: str, language: str, moves: int
) -> None:
    context, page, log = open_new_game(browser, server, viewport, language)
    page.select_option("#st-seat-blue", "easy")
    # "Set up the armies" in reach without scrolling, at every size.
    assert out_of_view(page, '[data-intent="new-start"]') == []
    screenshot(page, f"stratego-layout-new-{viewport}-{language}")
    page.locator('[data-intent="new-start"]').click()
    expect(page.locator("#st-tray")).to_be_visible()
    # The setup's tools: fill at random, a ready-made setup, save as; and Ready.
    tools = ('[data-intent="setup-fill"]', "#st-setup-name", "#st-setup-save", "#st-preset")
    assert out_of_view(page, *tools, '[data-intent="setup-ready"]') == []
    assert not has_horizontal_scroll(page)
    # No piece's name is cut short in the tray ("Coman…").
    cut = page.evaluate(
        """() => [...document.querySelectorAll(".tray-name")]
            .filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.textContent)"""
    )
    assert cut == []
    screenshot(page, f"stratego-layout-setup-{viewport}-{language}")
    page.locator('[data-intent="setup-fill"]').click()
    page.locator('[data-intent="setup-ready"]').click()
    expect(page.locator("#st-board.board-red")).to_be_visible()
    assert scrolled(page) == []
    rng = random.Random(16)
    attacks = 0
    for played in range(moves):
        if not reply(page, rng):
            break
        attacks += page.locator("#st-report .attack").count()
        assert broken_words(page) == [], played
        # Nothing scrolled: not the page, not the side panel, not the move list.
        assert scrolled(page) == [], (played, scrolled(page))
        # A phone too: the person's own move in a few words, the reply in full.
        assert out_of_view(page, *IN_VIEW_DURING_PLAY) == [], played
        if viewport != "phone":
            assert hidden_on_a_tablet(page) == [], played
        if page.locator("#st-report .attack").count() == 2:
            screenshot(page, f"stratego-layout-attacks-{viewport}-{language}")
    assert not has_horizontal_scroll(page)
    screenshot(page, f"stratego-layout-play-{viewport}-{language}")
    if moves >= 30:
        assert attacks > 0, "thirty moves should have shown an attack report"
    assert log.page_errors == [] and log.console_errors == []
    assert log.foreign_requests() == []
    context.close()


def two_attack_reports(  # type: ignore[no-untyped-def]
    browser: Browser, server: RunningServer, viewport: str, language: str
):
    """A game against the computer played by taps, attacking when it can, until the
    report tells two attacks: the person's and the computer's reply (context, page,
    record). The armies are filled at random: a game that ends first (random attacks
    can lose it) is played again, a new one."""
    for game in range(4):
        context, page, log = open_new_game(browser, server, viewport, language)
        page.select_option("#st-seat-blue", "easy")
        page.locator('[data-intent="new-start"]').click()
        page.locator('[data-intent="setup-fill"]').click()
        page.locator('[data-intent="setup-ready"]').click()
        rng = random.Random(7 + game)
        for _ in range(60):
            if page.locator("#st-report .st-reply .attack").count() == 1 and (
                page.locator("#st-report .st-own-move .attack").count() == 1
            ):
                return context, page, log
            if not reply(page, rng, attacking=True):
                break
        context.close()
    pytest.fail("four games of sixty attacking moves should have met an attack in reply")


def test_on_a_phone_the_reply_to_an_attack_is_in_view_after_an_attack(
    browser: Browser, server: RunningServer
) -> None:
    """Two attack reports (the person's and the computer's reply): on a phone the
    person's own move shrinks to a line, and the reply is told in full in view."""
    context, page, log = two_attack_reports(browser, server, "phone", "en")
    expect(page.locator("#st-report .st-own-move .report-brief")).to_be_visible()
    expect(page.locator("#st-report .st-own-move .attack")).to_be_hidden()
    assert out_of_view(page, *IN_VIEW_DURING_PLAY) == []
    assert scrolled(page) == []
    screenshot(page, "stratego-layout-attacks-phone-en")
    assert log.console_errors == []
    context.close()


# For each attack shown, the pairs of names (attacker|defender) that put the two pieces
# on different lines or wrap a name, when the report's captions are set to them in turn.
FIGHTERS_OFF_ONE_LINE = """(names) => {
    const broken = [];
    for (const fighters of document.querySelectorAll("#st-report .fighters")) {
        const captions = fighters.querySelectorAll("figcaption span[aria-hidden]");
        const [first, second] = fighters.querySelectorAll(".fighter");
        for (const attacker of names) for (const defender of names) {
            captions[0].textContent = attacker;
            captions[1].textContent = defender;
            const [a, b] = [first.getBoundingClientRect(), second.getBoundingClientRect()];
            if (a.top !== b.top || a.height !== b.height) broken.push(attacker + "|" + defender);
        }
    }
    return broken;
}"""


@pytest.mark.parametrize("language", ["es", "en"])
def test_on_a_portrait_tablet_two_attacks_keep_their_pieces_on_one_line(
    browser: Browser, server: RunningServer, language: str
) -> None:
    """A portrait tablet shows the person's attack and the computer's side by side: any two
    pieces (the longest names, "Comandante (7)" against "Comandante (7)") stay on one
    line, so the reports never grow below the screen's edge."""
    context, page, log = two_attack_reports(browser, server, "portrait", language)
    assert hidden_on_a_tablet(page) == []
    screenshot(page, f"stratego-layout-two-attacks-portrait-{language}")
    t = json.loads((Path(__file__).parent.parent / f"web/i18n/{language}.json").read_text())
    names = [
        f"{t[name_key('stratego_piece', letter)]} ({kind.european})"
        for letter, kind in stratego.PIECES.items()
        if kind.can_move
    ]
    assert page.evaluate(FIGHTERS_OFF_ONE_LINE, names) == []
    assert hidden_on_a_tablet(page) == []
    assert log.console_errors == []
    context.close()


@pytest.mark.parametrize("language", ["es", "en"])
def test_on_a_landscape_tablet_two_attacks_leave_the_buttons_in_view(
    browser: Browser, server: RunningServer, language: str
) -> None:
    """Beside the board the panel is narrow: an attack's two pieces stand one above the
    other, and two attacks told in full ("Comandante (7)" against "Mariscal (10)") would
    push Offer a draw and Resign below its edge. The computer's reply is told in full,
    the person's own attack in a few words (its outcome stays on the board), and the
    buttons stay in view."""
    context, page, log = two_attack_reports(browser, server, "landscape", language)
    screenshot(page, f"stratego-layout-two-attacks-landscape-{language}")
    for attacker, defender in (("Comandante (7)", "Mariscal (10)"), ("Explorador", "Espía")):
        page.evaluate(SET_CAPTIONS, [attacker, defender])
        assert hidden_on_a_tablet(page) == [], (attacker, defender)
    expect(page.locator("#st-report .st-reply .attack")).to_be_visible()
    expect(page.locator("#st-report .st-own-move .report-brief")).to_be_visible()
    expect(page.locator("#st-report .st-own-move .report-full")).to_be_hidden()
    assert log.console_errors == []
    context.close()


@pytest.mark.parametrize(
    ("viewport", "army", "language"),
    [("landscape", "barrage", "es"), ("portrait", "duel", "en"), ("phone", "barrage", "en")],
)
def test_a_quick_army_keeps_the_main_buttons_in_reach(
    browser: Browser, server: RunningServer, viewport: str, army: str, language: str
) -> None:
    """The army choice sits at the top of the new-game form; a small army's setup keeps
    its tools and Ready in view, with a tray of only its pieces."""
    context, page, log = open_new_game(browser, server, viewport, language)
    page.locator(f"#st-army-{army}").check()
    assert out_of_view(page, f"#st-army-{army}", '[data-intent="new-start"]') == []
    assert not has_horizontal_scroll(page)
    page.locator('[data-intent="new-start"]').click()
    page.locator('[data-intent="reveal"]').click()
    tools = ('[data-intent="setup-fill"]', "#st-setup-name", "#st-setup-save", "#st-preset")
    assert out_of_view(page, *tools, '[data-intent="setup-ready"]') == []
    kinds = sum(1 for count in stratego.ARMIES[army].counts.values() if count)
    expect(page.locator(".tray-piece")).to_have_count(kinds)
    page.locator('[data-intent="setup-fill"]').click()
    expect(page.locator('[data-intent="setup-ready"]')).to_be_enabled()
    assert not has_horizontal_scroll(page)
    screenshot(page, f"stratego-layout-setup-{army}-{viewport}-{language}")
    assert log.page_errors == [] and log.console_errors == []
    assert log.foreign_requests() == []
    context.close()


@pytest.mark.parametrize(
    ("viewport", "language"),
    [("landscape", "en"), ("landscape", "es"), ("portrait", "en"), ("portrait", "es")],
)
def test_the_whole_new_game_form_fits_a_tablet(
    browser: Browser, server: RunningServer, viewport: str, language: str
) -> None:
    """Armies, names, seats, the optional rules' line and numbering, and "Set up the
    armies", all on screen at once; the optional rules unfold on a tap, and the folded
    line says which are on."""
    context, page, log = open_new_game(browser, server, viewport, language)
    t = json.loads((Path(__file__).parent.parent / f"web/i18n/{language}.json").read_text())
    form = page.locator("form.st-new")
    expect(form.locator("#st-options-summary")).to_have_text(t["stratego_optional_rules_help"])
    fields = form.locator("input, select, summary, button").filter(visible=True)
    assert fields.count() >= 11  # 3 armies, 2 names, 2 seats, the rules, 2 numberings, start
    assert page.evaluate(FORM_OUT_OF_VIEW) == []
    assert page.evaluate(SMALL_TEXT) == []
    assert_fits(page, what=f"new game {viewport}")
    screenshot(page, f"stratego-layout-form-{viewport}-{language}")

    form.locator("#st-options summary").click()
    rescue, chasing = page.locator("#st-opt-rescue"), page.locator("#st-opt-chasing_rule")
    rescue.check()
    chasing.check()
    # Ticking redraws the list and the line, not the disclosure: it stays open.
    expect(page.locator("#st-options")).to_have_attribute("open", "")
    expect(rescue).to_be_checked()
    on = f"{t['stratego_option_rescue']}, {t['stratego_option_chasing_rule']}"
    summary = t["stratego_optional_rules_on"].replace("{options}", on)
    expect(page.locator("#st-options-summary")).to_have_text(summary)
    assert page.evaluate(SMALL_TEXT) == []
    assert_fits(page, what=f"optional rules {viewport}")
    assert out_of_view(page, '[data-intent="new-start"]') == []
    screenshot(page, f"stratego-layout-form-rules-{viewport}-{language}")
    form.locator("#st-options summary").click()
    expect(page.locator("#st-options-summary")).to_have_text(summary)
    assert page.evaluate(FORM_OUT_OF_VIEW) == []
    assert log.page_errors == [] and log.console_errors == []
    assert log.foreign_requests() == []
    context.close()
