"""Never lose a game (issue 14, cases 1-3), in headless Chromium: a new game over an
unfinished one asks first and keeps it as a named save anyway; two windows on one game
never erase each other's moves (the one behind refuses to write and offers a reload, an
idle one follows the other); a damaged latest autosave is said where the game resumes.

Autosaves are seeded the way the app writes them (``ui.store``: two slots, a pointer, the
slots' revisions) with sessions built by the app's own session classes.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import RunningServer, open_app, screenshot, wait_ready
from pages import StrategoBoard
from playwright.sync_api import Browser, BrowserContext, Page, expect
from test_saves import stored
from test_saves_hardened import ideology, stratego
from test_stratego import act, reveal

MOVED_ON = "This game continued in another window"
RECOVERED = (
    "The last save was damaged, so the game resumed from the copy before it (one move earlier)."
)


def seed(game: str, session: dict[str, Any], *, language: str = "en") -> str:
    """An init script that stores ``session`` as the game's autosave (once for the whole
    browser context: its tabs share the storage)."""
    text = json.dumps(json.dumps(session))
    return f"""
if (!localStorage.getItem("e2e.seeded")) {{
  localStorage.setItem("e2e.seeded", "1");
  localStorage.setItem("tablero.settings", JSON.stringify({{language: "{language}"}}));
  localStorage.setItem("tablero.{game}.save.a", {text});
  localStorage.setItem("tablero.{game}.revisions", JSON.stringify({{"tablero.{game}.save.a": 1}}));
  localStorage.setItem("tablero.{game}.current", "tablero.{game}.save.a");
}}
"""


def autosave(page: Page, game: str) -> dict[str, Any]:
    saved = stored(page)
    return dict(json.loads(saved[saved[f"tablero.{game}.current"]]))


def named_saves(page: Page) -> list[dict[str, Any]]:
    return [
        json.loads(text)
        for key, text in stored(page).items()
        if key.startswith("tablero.saves.") and key != "tablero.saves.index"
    ]


def second_window(context: BrowserContext, server: RunningServer, address: str, *, deaf: bool):
    """Another tab on the same storage; ``deaf``: it never hears the storage event (a tab
    the browser froze, say), so only the revision check can protect the other's moves."""
    page = context.new_page()
    if deaf:
        page.add_init_script(
            'window.addEventListener("storage", (event) => event.stopImmediatePropagation());'
        )
    page.goto(server.url + address)
    wait_ready(page)
    return page


# --------------------------------------------------------------------------- case 1


@pytest.mark.parametrize(
    ("game", "language", "question", "kept_as"),
    [
        ("stratego", "en", "A game is in progress. Start a new one?", "Unfinished: Ana, Luis, "),
        ("ideology", "es", "Hay una partida en curso. ¿Empezar una nueva?", "Sin terminar: "),
    ],
)
def test_a_new_game_over_one_in_progress_asks_and_keeps_it(
    browser: Browser, server: RunningServer, game: str, language: str, question: str, kept_as: str
) -> None:
    session = stratego(moves=("b4-b5",)) if game == "stratego" else ideology()
    context, page, log = open_app(
        browser,
        server,
        "#/",
        locale=f"{language}-ES",
        init_scripts=(seed(game, session, language=language),),
    )
    expect(page.locator(f'a[href="#/{game}/continue"]')).to_be_visible()
    page.locator(f'a[href="#/{game}/new"]').click()
    start = "new-start" if game == "stratego" else "start"
    if game == "stratego":
        page.locator("#st-name-red").fill("Carla")
    page.locator(f'[data-intent="{start}"]').click()
    ask = page.locator("#replace-question")
    expect(ask).to_contain_text(question)
    expect(ask).to_contain_text(kept_as)
    screenshot(page, f"{game}-new-over-unfinished-{language}")
    # Cancel: back to the form, the game in progress untouched, nothing kept yet.
    page.locator('[data-intent="replace-cancel"]').click()
    expect(page.locator(f'[data-intent="{start}"]')).to_be_visible()
    assert autosave(page, game) == session and named_saves(page) == []
    if game == "stratego":
        expect(page.locator("#st-name-red")).to_have_value("Carla")  # nothing typed is lost
    # Start after all: the new game, and the old one kept by name.
    page.locator(f'[data-intent="{start}"]').click()
    page.locator('[data-intent="replace-yes"]').click()
    if game == "stratego":
        expect(page.locator("#st-cover h1")).to_contain_text("Carla")
    else:
        expect(page.locator(".ig-report")).to_be_visible()
    assert autosave(page, game) != session
    kept = named_saves(page)
    assert len(kept) == 1 and kept[0]["name"].startswith(kept_as)
    assert kept[0]["session"] == session
    # The kept game is on the saved-games screen, ready to open.
    page.evaluate("location.hash = '#/saves'")
    expect(page.locator("#saves-list")).to_contain_text(kept_as)
    assert log.page_errors == [] and log.foreign_requests() == []
    context.close()


# --------------------------------------------------------------------------- case 2


def red_moves_in_one_of_two_windows(
    browser: Browser, server: RunningServer, *, deaf: bool
) -> tuple[Page, Page]:
    """Two tabs on Red's cover; in the first, Red plays b4-b5 and hands over. The other
    tab follows by itself to Blue's cover, unless it is ``deaf``: then it still shows
    Red's. (first, other)"""
    context, first, _ = open_app(
        browser, server, "#/stratego/continue", init_scripts=(seed("stratego", stratego()),)
    )
    other = second_window(context, server, "#/stratego/continue", deaf=deaf)
    for page in (first, other):
        expect(page.locator("#st-cover h1")).to_contain_text("Ana")
    reveal(first, "Ana")
    StrategoBoard(first).move("b4-b5")
    act(first, "hand-over")
    expect(first.locator("#st-cover h1")).to_contain_text("Luis")
    expect(other.locator("#st-cover h1")).to_contain_text("Ana" if deaf else "Luis")
    return first, other


def refuses_then_reloads(window: Page, first: Page, *, shot: str = "") -> None:
    """``window``, behind the other, says the game moved on and shows no board; its
    reload brings Blue's cover. Red's one move stays saved throughout (the autosave is
    checked through ``first``, the window that made it). ``shot``: a screenshot of the
    refusal."""
    expect(window.locator("#app")).to_contain_text(MOVED_ON)
    if shot:
        screenshot(window, shot)
    assert window.locator("#st-board").count() == 0
    assert json.loads(autosave(first, "stratego")["engine"])["moves"] == ["b4-b5"]
    window.locator('[data-intent="reload-game"]').click()
    expect(window.locator("#st-cover h1")).to_contain_text("Luis")
    assert json.loads(autosave(first, "stratego")["engine"])["moves"] == ["b4-b5"]


def test_an_idle_window_follows_and_a_busy_one_refuses_and_offers_a_reload(
    browser: Browser, server: RunningServer
) -> None:
    first, other = red_moves_in_one_of_two_windows(browser, server, deaf=False)
    # Blue takes the second window; then someone opens Blue's board in the first one too.
    reveal(other, "Luis")
    expect(first.locator("#st-cover h1")).to_contain_text("Luis")
    act(first, "reveal")
    # The second window was in the middle of Blue's turn: it stops, says so, offers a reload.
    refuses_then_reloads(other, first, shot="stratego-moved-on-portrait")


def test_a_window_that_missed_the_other_refuses_to_write_over_its_moves(
    browser: Browser, server: RunningServer
) -> None:
    first, stale = red_moves_in_one_of_two_windows(browser, server, deaf=True)
    # The stale tab still shows Red's cover; Red takes it and would play again.
    act(stale, "reveal")
    refuses_then_reloads(stale, first)


# --------------------------------------------------------------------------- case 3


DAMAGE = {
    "cut in half": 'localStorage.setItem("tablero.{game}.save.b", LATEST.slice(0, 300));',
    "emptied": 'localStorage.setItem("tablero.{game}.save.b", "");',
    "removed": "",
}


def damaged_latest(game: str, earlier: dict[str, Any], latest: dict[str, Any], damage: str) -> str:
    """Two saves, the latest (slot b, revision 2, named by the pointer) damaged."""
    return f"""
if (!localStorage.getItem("e2e.seeded")) {{
  localStorage.setItem("e2e.seeded", "1");
  const LATEST = {json.dumps(json.dumps(latest))};
  localStorage.setItem("tablero.settings", JSON.stringify({{language: "en"}}));
  localStorage.setItem("tablero.{game}.save.a", {json.dumps(json.dumps(earlier))});
  {DAMAGE[damage].format(game=game)}
  localStorage.setItem("tablero.{game}.revisions",
    JSON.stringify({{"tablero.{game}.save.a": 1, "tablero.{game}.save.b": 2}}));
  localStorage.setItem("tablero.{game}.current", "tablero.{game}.save.b");
}}
"""


@pytest.mark.parametrize("damage", ["cut in half", "emptied", "removed"])
def test_a_damaged_latest_save_resumes_one_move_earlier_and_says_so(
    browser: Browser, server: RunningServer, damage: str
) -> None:
    earlier = stratego()
    script = damaged_latest("stratego", earlier, stratego(moves=("b4-b5",)), damage)
    context, page, log = open_app(browser, server, "#/", init_scripts=(script,))
    page.locator('a[href="#/stratego/continue"]').click()
    expect(page.locator("#st-cover h1")).to_contain_text("Ana")  # Red to move again
    expect(page.locator("#save-warning")).to_have_text(RECOVERED)
    saved = stored(page)
    assert saved["tablero.stratego.current"] == "tablero.stratego.save.a"
    act(page, "reveal")
    expect(page.locator("#save-warning")).to_have_text(RECOVERED)
    expect(page.locator("#sq-b4 .rank")).to_have_text("6")  # the move is not played
    # The reveal's save went where the damaged one was, never over the intact copy.
    saved = stored(page)
    assert json.loads(saved["tablero.stratego.save.a"]) == earlier
    assert saved["tablero.stratego.current"] == "tablero.stratego.save.b"
    assert json.loads(json.loads(saved["tablero.stratego.save.b"])["engine"])["moves"] == []
    if damage == "cut in half":
        screenshot(page, "stratego-recovered-portrait")
    assert log.page_errors == []
    context.close()


def test_ideology_resumes_from_the_copy_before_at_its_address(
    browser: Browser, server: RunningServer
) -> None:
    session = ideology()
    script = damaged_latest("ideology", session, session, "cut in half")
    context, page, log = open_app(browser, server, "#/ideology/continue", init_scripts=(script,))
    expect(page.locator("#save-warning")).to_have_text(RECOVERED)
    expect(page.locator("#app")).not_to_have_attribute("data-stage", "new")
    assert log.page_errors == []
    context.close()
