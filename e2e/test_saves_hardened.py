"""Saves that must neither break the app nor mislead the players (issue 14), in headless
Chromium: a damaged latest autosave resumes from the copy before it; import files nested
absurdly deep, too large, mixed with bad ones, or whose parts contradict each other are
refused with words that say what to do, and the tab imports again afterwards; names
longer than the form allows stay on screen; Settings says what clearing site data does.
Each case failed on the app before issue 14 was fixed.

Sessions are built with the app's own session classes (``web/ui``), as an exported
file holds them, then edited the way a curious player would.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import RunningServer, assert_fits, has_horizontal_scroll, open_app, screenshot
from playwright.sync_api import Browser, Page, expect
from test_saves import stored
from ui.ideology.session import Session as IdeologySession
from ui.stratego.session import Session as StrategoSession

from engine.stratego import BUILTIN_SETUPS
from tests.web.test_saves import stratego_setting_up_blue

NOW = "2026-11-30T05:41:30Z"


def stratego(names: dict[str, str] | None = None, moves: tuple[str, ...] = ()) -> dict[str, Any]:
    """A Stratego session after both setups and ``moves``, as the app saves it."""
    session = StrategoSession.new(names or {"red": "Ana", "blue": "Luis"})
    for setup in ("Lakeside fortress", "Bomb wall"):
        session.reveal()
        session.boards[session.player].load(BUILTIN_SETUPS[setup])
        assert session.finish_setup() is None
    assert session.game is not None
    for move in moves:
        session.game.play(move)
    session.player = session.game.turn
    return session.to_dict()


def ideology(names: dict[str, str] | None = None) -> dict[str, Any]:
    session = IdeologySession.start(
        ["Capitalism", "Communism"], names or {"Capitalism": "Ana", "Communism": "Bruno"}, seed=3
    )
    for _ in range(3):
        player = session.game.to_act[0]
        session.game.apply(player, session.game.legal_actions(player)[-1])
    data: dict[str, Any] = json.loads(session.to_json())
    return data


def envelope(game: str, session: dict[str, Any], name: str) -> dict[str, Any]:
    return {
        "format": "tablero-save",
        "version": 1,
        "id": "",
        "name": name,
        "game": game,
        "created": NOW,
        "updated": NOW,
        "summary": {},
        "session": session,
    }


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def message(page: Page) -> Any:
    return page.locator("#saves-message")


def import_files(page: Page, *paths: Path) -> None:
    page.locator("#saves-import").set_input_files([str(path) for path in paths])


# --------------------------------------------------------------------------- imports


def settings_say_what_clearing_site_data_does(page: Page, words: tuple[str, ...]) -> None:
    """Case 9: clearing the site's data erases the saves; only an exported file survives."""
    page.evaluate("location.hash = '#/settings'")
    note = page.locator("#storage-note")
    for word in words:
        expect(note).to_contain_text(word)
    assert not has_horizontal_scroll(page)


@pytest.mark.console_errors_expected
def test_bad_imports_are_refused_in_words_and_the_tab_imports_again(
    browser: Browser, server: RunningServer, tmp_path: Path
) -> None:
    _, page, _ = open_app(browser, server, "#/settings", viewport="landscape")
    settings_say_what_clearing_site_data_does(
        page, ("Clearing this site's data", "erases every game saved here", "only copy")
    )
    screenshot(page, "settings-site-data-landscape")
    page.evaluate("location.hash = '#/saves'")
    sunday_text = json.dumps([envelope("stratego", stratego(), "Sunday")])
    sunday = write(tmp_path, "sunday.json", sunday_text)

    # Case 4: 40 kB nested 20,000 levels deep. It used to kill Python in the page (the
    # JSON parser overflowed the browser's stack): no message, and no import after it.
    before = stored(page)
    import_files(page, write(tmp_path, "deep.json", "[" * 20_000 + "]" * 20_000))
    expect(message(page)).to_contain_text("Nothing was imported from “deep.json”")
    expect(message(page)).to_contain_text("The file is damaged")
    expect(message(page)).to_have_attribute("role", "alert")
    assert stored(page) == before
    import_files(page, sunday)
    expect(message(page)).to_have_text("Imported “Sunday”.")
    expect(page.locator("#saves-list .saves-item")).to_have_count(1)

    # Case 5: a valid save of 20 MB is too large, by name, with the limit.
    before = stored(page)
    text = json.dumps([envelope("stratego", stratego(), "Padded")])
    huge = write(tmp_path, "huge.json", text + " " * (20_000_000 - len(text)))
    import_files(page, huge)
    expect(message(page)).to_contain_text("Nothing was imported from “huge.json”")
    expect(message(page)).to_contain_text("The file is 20 MB")
    expect(message(page)).to_contain_text("never more than 10 MB")
    assert stored(page) == before

    # Case 6: one bad file among good ones: none is imported, and the message says the
    # good ones were not imported either, by name.
    monday = write(tmp_path, "monday.json", json.dumps([envelope("ideology", ideology(), "Mon")]))
    broken = write(tmp_path, "broken.json", sunday.read_text(encoding="utf-8")[:-40])
    import_files(page, monday, broken, sunday)
    expect(message(page)).to_contain_text("Nothing was imported from “broken.json”")
    expect(message(page)).to_contain_text("cut short")
    expect(message(page)).to_contain_text(
        "These files are fine but were not imported either, because an import adds all of"
        " its files or none: “monday.json”, “sunday.json”."
    )
    assert stored(page) == before
    screenshot(page, "saves-import-mixed-landscape")

    # Case 7: sessions whose parts contradict each other are refused before storing.
    two_marshals = "X" + BUILTIN_SETUPS["Bomb wall"][1:]
    contradictions = {
        "marshals.json": (
            "stratego",
            stratego_setting_up_blue(two_marshals),
            "not a legal army (for example it has two Marshals)",
        ),
        "over.json": (
            "stratego",
            {**stratego(moves=("b4-b5", "b7-b6")), "stage": "over"},
            "contradict each other",
        ),
        "ideology-over.json": ("ideology", {**ideology(), "stage": "over"}, "contradict each"),
    }
    for name, (game, session, words) in contradictions.items():
        import_files(page, write(tmp_path, name, json.dumps([envelope(game, session, name)])))
        expect(message(page)).to_contain_text(f"Nothing was imported from “{name}”")
        expect(message(page)).to_contain_text(words)
        expect(message(page)).to_contain_text("use a copy nobody has edited")
        assert stored(page) == before, name
    page.set_viewport_size({"width": 390, "height": 844})
    assert_fits(page)
    screenshot(page, "saves-import-contradiction-phone")


@pytest.mark.console_errors_expected
def test_in_spanish_the_messages_name_the_good_files_and_the_limit(
    browser: Browser, server: RunningServer, tmp_path: Path
) -> None:
    _, page, _ = open_app(browser, server, "#/settings", viewport="phone", locale="es-ES")
    settings_say_what_clearing_site_data_does(
        page, ("borras los datos de este sitio", "se borran todas", "única copia")
    )
    screenshot(page, "settings-site-data-phone-es")
    page.evaluate("location.hash = '#/saves'")
    good = write(tmp_path, "buena.json", json.dumps([envelope("stratego", stratego(), "Buena")]))
    import_files(page, good, write(tmp_path, "rota.json", "{"))
    expect(message(page)).to_contain_text("No se ha importado nada de «rota.json»")
    expect(message(page)).to_contain_text("tampoco se han importado")
    expect(message(page)).to_contain_text("«buena.json»")
    text = good.read_text(encoding="utf-8")
    import_files(page, write(tmp_path, "grande.json", text + " " * 10_300_000))
    expect(message(page)).to_contain_text("El archivo ocupa 10,3 MB")
    assert not has_horizontal_scroll(page)
    screenshot(page, "saves-import-mixed-phone-es")


# --------------------------------------------------------------------------- names


@pytest.mark.console_errors_expected
def test_names_longer_than_the_form_allows_stay_on_a_phone_screen(
    browser: Browser, server: RunningServer, tmp_path: Path
) -> None:
    """Case 8: a file with 10,000-character names made the play screen 159,000 px wide."""
    long = "N" * 10_000
    shown = "N" * 24  # as many as the form takes
    file = write(
        tmp_path,
        "long-names.json",
        json.dumps(
            [
                envelope("stratego", stratego({"red": long, "blue": "W" * 30}, ("b4-b5",)), "S"),
                envelope("ideology", ideology({"Capitalism": long, "Communism": "W" * 30}), "I"),
            ]
        ),
    )
    _, page, _ = open_app(browser, server, "#/saves", viewport="phone")
    import_files(page, file)
    expect(message(page)).to_have_text("Imported 2 saved games.")
    expect(page.locator("#saves-list")).to_contain_text(f"Players: {shown}, {'W' * 24}")
    assert not has_horizontal_scroll(page)

    def opened(name: str, address: str) -> None:
        page.locator(".saves-item", has=page.locator(".saves-name", has_text=name)).locator(
            '[data-intent^="open "]'
        ).click()
        page.wait_for_function(f"location.hash.startsWith('{address}')")

    def fits(what: str) -> None:
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"{what} is {width} px wide"
        assert long[:25] not in page.locator("body").inner_text(), what
        screenshot(page, f"long-names-{what}-phone")

    opened("S", "#/stratego/")
    cover = page.locator("#st-cover")
    expect(cover.locator("h1")).to_contain_text("W" * 24)
    fits("stratego-cover")
    page.locator('[data-intent="reveal"]').click()
    expect(page.locator("#st-board")).to_be_visible()
    fits("stratego-board")

    page.evaluate("location.hash = '#/saves'")
    opened("I", "#/ideology/")
    expect(page.locator(".ig-cover, .ig-report").first).to_be_visible()
    fits("ideology-first")
    while page.locator('[data-intent="reveal"]').count() == 0:
        page.locator('[data-intent="continue"]').click()
    fits("ideology-cover")
    page.locator('[data-intent="reveal"]').click()
    expect(page.locator(".ig-influence")).to_be_visible()
    fits("ideology-turn")


# --------------------------------------------------------------------------- autosave

#: Two autosaves as the app leaves them: Red to move (slot a), then Blue after Red's
#: first move (slot b, the latest), whose text is then cut in half.
DAMAGED_LATEST = """
if (!sessionStorage.getItem("seeded")) {
  sessionStorage.setItem("seeded", "1");
  localStorage.setItem("tablero.settings", JSON.stringify({language: "en"}));
  localStorage.setItem("tablero.stratego.save.a", %(earlier)s);
  localStorage.setItem("tablero.stratego.save.b", %(latest)s.slice(0, 300));
  localStorage.setItem("tablero.stratego.revisions",
    JSON.stringify({"tablero.stratego.save.a": 1, "tablero.stratego.save.b": 2}));
  localStorage.setItem("tablero.stratego.current", "tablero.stratego.save.b");
}
"""


@pytest.mark.console_errors_expected
def test_a_damaged_latest_autosave_resumes_from_the_copy_before(
    browser: Browser, server: RunningServer
) -> None:
    """Case 3 (the storage's part): Continue is offered and opens the copy before the
    damaged save; the saves screen says so; a new game's first save keeps that copy."""
    earlier = json.dumps(stratego())
    script = DAMAGED_LATEST % {
        "earlier": json.dumps(earlier),
        "latest": json.dumps(json.dumps(stratego(moves=("b4-b5",)))),
    }
    _, page, _ = open_app(browser, server, "#/", init_scripts=(script,))
    resume = page.locator('a[href="#/stratego/continue"]')
    expect(resume).to_be_visible()
    # The saves screen says so too, as long as nothing was saved since.
    page.locator('a[href="#/saves"]').first.click()
    expect(page.locator(".saves-current")).to_contain_text(
        "The last save of this Stratego game was damaged, so it resumes from the copy"
        " before it (one move earlier)."
    )
    expect(page.locator(".saves-current")).to_contain_text("Moves played: 0")
    screenshot(page, "saves-recovered-portrait")
    page.locator('.saves-current a[href="#/stratego/continue"]').click()
    cover = page.locator("#st-cover")
    expect(cover.locator("h1")).to_contain_text("Ana")  # Red to move: one move earlier
    # Starting a new game over it (nothing saved since): its first save goes where the
    # damaged one was, not over the only intact copy.
    page.evaluate("location.hash = '#/stratego/new'")
    page.locator("#st-name-red").fill("Carla")
    page.locator('[data-intent="new-start"]').click()
    page.locator('[data-intent="replace-yes"]').click()  # the resumed game is kept by name
    expect(page.locator("#st-cover h1")).to_contain_text("Carla")
    saved = stored(page)
    assert saved["tablero.stratego.save.a"] == earlier, "the intact copy was overwritten"
    assert json.loads(saved["tablero.stratego.save.b"])["names"]["red"] == "Carla"
