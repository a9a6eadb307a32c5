"""Saved games in real headless Chromium: autosave and reload for both games, a named save
exported, deleted, imported and continued, bad files refused with every save intact, a
full storage said plainly, names with HTML shown as text.

The games are driven with the helpers of ``test_stratego`` and ``test_ideology``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from conftest import VIEWPORTS, RunningServer, assert_fits, open_app, screenshot, wait_ready
from pages import StrategoBoard
from playwright.sync_api import Browser, Page, expect
from test_ideology import (
    ATTACKER,
    DEFENDER,
    OTHER,
    PLAYERS,
    SEED,
    TURN_LIMIT,
    Plan,
    check_only_own_secrets,
    perform,
    set_up,
    stage,
    tap,
)
from test_ideology import NAMES as IDEOLOGY_NAMES
from test_stratego import LINE, act, reveal, start
from test_stratego import NAMES as STRATEGO_NAMES

from engine import ideology

EVIL = "<img src=x onerror=alert(1)>"
SAVED_KEYS = """() => Object.fromEntries(Object.keys(localStorage)
    .filter((k) => k.startsWith("tablero."))
    .map((k) => [k, localStorage.getItem(k)]))"""


def stored(page: Page) -> dict[str, str]:
    return dict(page.evaluate(SAVED_KEYS))


def play_ideology(page: Page, game: ideology.Game, plan: Plan, actions: int) -> None:
    """Tap through ``actions`` player actions (covers and summaries on the way)."""
    done = 0
    while done < actions or stage(page) != "turn":
        now = stage(page)
        if now == "report":
            tap(page, "continue")
        elif now == "cover":
            tap(page, "reveal")
        else:
            assert now == "turn", now
            if done >= actions:
                break
            player = game.to_act[0]
            action = plan.choose(game, player)
            perform(page, game, action)
            game.apply(player, action)
            done += 1
        page.wait_for_timeout(50)


def go(page: Page, address: str) -> None:
    """Go to an address; "#/<game>/continue" settles on the game's own address."""
    page.evaluate(f"location.hash = '{address}'")
    settled = address.removesuffix("continue")
    page.wait_for_function(f"location.hash.startsWith('{settled}')")


def open_saves(page: Page) -> None:
    go(page, "#/saves")
    expect(page.locator(".saves")).to_be_visible()


def item(page: Page, name: str) -> Any:
    return page.locator(".saves-item", has=page.locator(".saves-name", has_text=name))


def message(page: Page) -> Any:
    return page.locator("#saves-message")


def check_layout(page: Page, name: str) -> None:
    for label in ("portrait", "landscape", "phone"):
        width, height = VIEWPORTS[label]
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(100)
        assert_fits(page, what=f"{name} ({label})")
        screenshot(page, f"saves-{name}-{label}")
    width, height = VIEWPORTS["portrait"]
    page.set_viewport_size({"width": width, "height": height})


def test_both_games_resume_and_a_save_survives_export_delete_import(
    browser: Browser, server: RunningServer, tmp_path: Path
) -> None:
    _, page, _ = open_app(browser, server, "#/stratego/new")
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))

    # Part of a Stratego game: setups, Red's first move, the tablet handed to Blue.
    start(page)
    reveal(page, STRATEGO_NAMES["red"])
    StrategoBoard(page).move(LINE[0])
    act(page, "hand-over")
    expect(page.locator("#st-cover")).to_be_visible()

    # Part of an Ideology game, left on a player's own screen.
    go(page, "#/ideology/new")
    set_up(page, PLAYERS, IDEOLOGY_NAMES, seed=SEED, limit=TURN_LIMIT)
    game = ideology.new_game(PLAYERS, SEED, turn_limit=TURN_LIMIT)
    plan = Plan(ATTACKER, DEFENDER, OTHER)
    play_ideology(page, game, plan, 5)
    holder = game.to_act[0]
    check_only_own_secrets(page, game, holder)

    # A reload brings both back where they were (behind their covers).
    page.reload()
    wait_ready(page)
    expect(page.locator(".ig-cover h1")).to_contain_text(IDEOLOGY_NAMES[holder])
    tap(page, "reveal")
    check_only_own_secrets(page, game, holder)
    go(page, "#/stratego/continue")
    reveal(page, STRATEGO_NAMES["blue"])
    expect(page.locator("#st-report")).to_contain_text("Ana moved a piece from b4 to b5")
    expect(page.locator("#sq-b5 .tile-red")).to_be_visible()

    # Save both games by name; a name with HTML in it shows as typed.
    open_saves(page)
    expect(page.locator(".saves-current")).to_have_count(2)
    page.locator("#saves-name-stratego").fill(f"Sunday {EVIL}")
    page.locator('[data-intent="save-as stratego"] button[type="submit"]').click()
    expect(message(page)).to_have_text(f"Saved as “Sunday {EVIL}”.")
    page.locator("#saves-name-ideology").fill("Evening")
    page.locator("#saves-name-ideology").press("Enter")  # Enter in the field saves too
    expect(message(page)).to_have_text("Saved as “Evening”.")
    sunday = item(page, "Sunday")
    expect(sunday.locator(".saves-name")).to_have_text(f"Sunday {EVIL}")
    assert page.locator("#app img").count() == 0
    expect(sunday).to_contain_text("Stratego")
    expect(sunday).to_contain_text("Players: Ana, Luis")
    expect(sunday).to_contain_text("Moves played: 1")
    expect(item(page, "Evening")).to_contain_text("Players: Ana, Bruno, Carla")
    expect(item(page, "Evening")).to_contain_text(f"Turn {game.turn}")
    check_layout(page, "list")

    # Rename and duplicate, then delete the copy (after a confirmation).
    item(page, "Evening").locator('[data-intent^="rename "]').click()
    expect(page.locator("input[id^='saves-rename-']")).to_be_focused()
    check_layout(page, "rename")
    page.keyboard.press("Escape")  # Escape closes the question, like Cancel
    expect(page.locator("input[id^='saves-rename-']")).to_have_count(0)
    expect(item(page, "Evening").locator('[data-intent^="open "]')).to_be_focused()
    item(page, "Evening").locator('[data-intent^="rename "]').click()
    page.locator("input[id^='saves-rename-']").fill("Evening, turn 1")
    page.locator("input[id^='saves-rename-']").press("Enter")
    expect(message(page)).to_have_text("Renamed to “Evening, turn 1”.")
    item(page, "Evening, turn 1").locator('[data-intent^="duplicate "]').click()
    expect(item(page, "Evening, turn 1 (copy)")).to_have_count(1)
    item(page, "(copy)").locator('[data-intent^="delete "]').click()
    check_layout(page, "confirm-delete")
    expect(page.locator(".saves-confirm")).to_contain_text("Delete “Evening, turn 1 (copy)”?")
    item(page, "(copy)").locator('[data-intent^="delete-yes "]').click()
    expect(message(page)).to_have_text("“Evening, turn 1 (copy)” was deleted.")
    expect(page.locator("#saves-list .saves-item")).to_have_count(2)

    # Export the Stratego save, delete it, import the file.
    with page.expect_download() as download:
        item(page, "Sunday").locator('[data-intent^="export "]').click()
    exported = tmp_path / download.value.suggested_filename
    download.value.save_as(exported)
    assert exported.name.startswith("tablero-sunday-") and exported.suffix == ".json"
    [envelope] = json.loads(exported.read_text(encoding="utf-8"))
    assert envelope["format"] == "tablero-save" and envelope["version"] == 1
    assert envelope["name"] == f"Sunday {EVIL}" and envelope["game"] == "stratego"
    with page.expect_download() as everything:
        page.locator('[data-intent="export-all"]').click()
    assert len(json.loads(Path(everything.value.path()).read_text(encoding="utf-8"))) == 2
    item(page, "Sunday").locator('[data-intent^="delete "]').click()
    item(page, "Sunday").locator('[data-intent^="delete-yes "]').click()
    expect(item(page, "Sunday")).to_have_count(0)
    page.locator("#saves-import").set_input_files(str(exported))
    expect(message(page)).to_have_text(f"Imported “Sunday {EVIL}”.")
    expect(item(page, "Sunday")).to_have_count(1)

    # Play on in Stratego, so that opening the save replaces a different game.
    go(page, "#/stratego/continue")
    reveal(page, STRATEGO_NAMES["blue"])
    StrategoBoard(page).move(LINE[1])
    act(page, "hand-over")
    open_saves(page)
    item(page, "Sunday").locator('[data-intent^="open "]').click()
    expect(page.locator(".saves-confirm")).to_contain_text("replaces the Stratego game")
    check_layout(page, "confirm-open")
    item(page, "Sunday").locator('[data-intent^="open-yes "]').click()
    # Blue is to move again, exactly as when the game was saved; the game goes on.
    reveal(page, STRATEGO_NAMES["blue"])
    expect(page.locator("#sq-b5 .tile-red")).to_be_visible()
    StrategoBoard(page).move(LINE[1])
    expect(page.locator("#sq-b6")).to_have_class(re.compile(r"\blast\b"))
    act(page, "hand-over")
    reveal(page, STRATEGO_NAMES["red"])

    assert dialogs == [], "a name ran as HTML"


def bad_files(exported: str, tmp_path: Path) -> list[tuple[str, Path, str]]:
    """(what, file, expected message part) for each kind of bad input."""
    envelope = json.loads(exported)[0]
    tampered = json.loads(json.dumps(envelope))
    engine = json.loads(tampered["session"]["engine"])
    engine["moves"][0] = "b4-b8"  # a Captain leaping four squares
    tampered["session"]["engine"] = json.dumps(engine)
    newer = {**envelope, "version": 99}
    chess = {**envelope, "game": "chess"}
    cases = [
        ("truncated", exported[: len(exported) * 2 // 3], "cut short"),
        ("not-json", "this is not json {", "not valid JSON"),
        ("not-a-save", json.dumps({"hello": "world"}), "holds no Tablero saved game"),
        ("unknown-game", json.dumps([chess]), "this app does not have (“chess”)"),
        ("tampered", json.dumps([tampered]), "move 1 breaks the rules"),
        ("newer", json.dumps([newer]), "Update the app"),
    ]
    files = []
    for what, text, expected in cases:
        path = tmp_path / f"{what}.json"
        path.write_text(text, encoding="utf-8")
        files.append((what, path, expected))
    return files


@pytest.mark.console_errors_expected
def test_bad_files_and_a_full_storage_change_nothing(
    browser: Browser, server: RunningServer, tmp_path: Path
) -> None:
    _, page, _ = open_app(browser, server, "#/stratego/new", viewport="landscape")
    start(page)
    reveal(page, STRATEGO_NAMES["red"])
    StrategoBoard(page).move(LINE[0])
    act(page, "hand-over")
    open_saves(page)
    page.locator("#saves-name-stratego").fill("Keep me")
    page.locator("#saves-name-stratego").press("Enter")
    expect(message(page)).to_have_text("Saved as “Keep me”.")
    with page.expect_download() as download:
        item(page, "Keep me").locator('[data-intent^="export "]').click()
    exported = Path(download.value.path()).read_text(encoding="utf-8")

    before = stored(page)
    for what, path, expected in bad_files(exported, tmp_path):
        page.locator("#saves-import").set_input_files(str(path))
        expect(message(page)).to_contain_text(f"Nothing was imported from “{path.name}”")
        expect(message(page)).to_contain_text(expected)
        expect(message(page)).to_have_attribute("role", "alert")
        assert stored(page) == before, f"{what} changed the storage"
        if what == "tampered":
            check_layout(page, "import-error")
    expect(page.locator("#saves-list .saves-item")).to_have_count(1)

    # A file with a good save and a bad one imports neither.
    good_and_bad = tmp_path / "mixed.json"
    good_and_bad.write_text(
        json.dumps([json.loads(exported)[0], {"format": "tablero-save", "version": 1}]),
        encoding="utf-8",
    )
    page.locator("#saves-import").set_input_files(str(good_and_bad))
    expect(message(page)).to_contain_text("save number 2 of the file")
    assert stored(page) == before

    # The storage is full: "Save as" says so and changes nothing...
    page.evaluate(
        """() => { const real = Storage.prototype.setItem;
            Storage.prototype.setItem = function (key, value) {
                if (String(key).startsWith("tablero.")) {
                    throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
                }
                return real.call(this, key, value); }; }"""
    )
    page.locator("#saves-name-stratego").fill("One more")
    page.locator("#saves-name-stratego").press("Enter")
    expect(message(page)).to_contain_text("storage for Tablero is full")
    expect(page.locator("#saves-name-stratego")).to_have_value("One more")
    item(page, "Keep me").locator('[data-intent^="duplicate "]').click()
    expect(message(page)).to_contain_text("nothing was changed")
    assert stored(page) == before
    # ...and so does the next autosave of the game.
    go(page, "#/stratego/continue")
    reveal(page, STRATEGO_NAMES["blue"])
    StrategoBoard(page).move(LINE[1])
    expect(page.locator("#save-warning")).to_contain_text("could not be saved")
    assert stored(page) == before


def test_spanish_phone_and_settings_tell_about_persistence(
    browser: Browser, server: RunningServer
) -> None:
    _, page, _ = open_app(browser, server, "#/settings", viewport="phone", locale="es-ES")
    note = page.locator("#storage-note")
    expect(note).to_contain_text("Partidas guardadas en esta tableta")
    expect(note).to_contain_text("xporta")
    page.wait_for_function("localStorage.getItem('tablero.storage.persist') !== null")
    asked = page.evaluate("localStorage.getItem('tablero.storage.persist')")
    assert asked is not None and "granted" in json.loads(asked)
    open_saves(page)
    expect(page.locator("#screen-title")).to_have_text("Partidas guardadas")
    expect(page.locator(".saves")).to_contain_text("No hay ninguna partida en curso")
    expect(page.locator("label[for='saves-import']")).to_have_text("Importar de un archivo…")
    assert_fits(page)
    # Keyboard: the file picker is reachable by Tab, and shows where the focus is.
    page.locator("#saves-import").focus()
    outline = page.evaluate(
        "getComputedStyle(document.querySelector(\"label[for='saves-import']\")).outlineStyle"
    )
    assert outline != "none"
    screenshot(page, "saves-empty-phone-es")


@pytest.mark.console_errors_expected
def test_disabled_storage_is_said_on_the_saves_screen(
    browser: Browser, server: RunningServer
) -> None:
    no_storage = """Object.defineProperty(window, "localStorage", { get() {
        throw new DOMException("The operation is insecure.", "SecurityError"); } });"""
    _, page, _ = open_app(
        browser, server, "#/saves", viewport="landscape", init_scripts=(no_storage,)
    )
    expect(message(page)).to_contain_text("does not let Tablero use its storage")
    expect(page.locator("#saves-list")).to_have_text("There are no saved games on this tablet yet.")
