"""Barrage and Duel against the computer in headless Chromium, played to the end by taps
at tablet sizes (one game in Spanish, one in English), and the game record exported from
the game-over screen and imported on the saved-games screen.

The person (Red) fills the army at random and attacks whenever a legal attack exists
(else brings a piece closer to a Blue piece); Blue is the computer. The engine runs in this process
only to read the autosave (which moves are legal, which Blue ranks Red has seen).
"""

from __future__ import annotations

import json
import random
import re
from collections import deque
from pathlib import Path

import pytest
from conftest import VIEWPORTS, RunningServer, has_horizontal_scroll, open_app, screenshot
from leaks import assert_no_unseen_rank
from pages import StrategoBoard, saved_stratego_game
from pages import tap as act
from playwright.sync_api import Browser, Page, expect
from test_stratego_layout import SETTINGS, broken_words, open_new_game, out_of_view

from engine import stratego
from engine.stratego.board import NEIGHBOURS, SQUARE_INDEX, SQUARE_NAMES

WEB = Path(__file__).resolve().parent.parent / "web"
#: Person moves before the person resigns (not reached in practice: in 1,200 games played
#: this way on CPython against the easy and hard computer, the longest took 66 moves).
MOVE_CAP = 150


def strings(language: str) -> dict[str, str]:
    return json.loads((WEB / "i18n" / f"{language}.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def shots(page: Page, name: str) -> None:
    """The screen at both tablet sizes (the page laid out again at each), then back."""
    size = page.viewport_size
    for viewport in ("landscape", "portrait"):
        width, height = VIEWPORTS[viewport]
        page.set_viewport_size({"width": width, "height": height})
        assert not has_horizontal_scroll(page), (name, viewport)
        # An attack report's captions (the game-over card's too) break between words only.
        assert broken_words(page) == [], (name, viewport)
        screenshot(page, f"{name}-{viewport}")
    assert size is not None
    page.set_viewport_size(size)


def steps_to_an_enemy(game: stratego.Game, start: str, enemy: str) -> int | None:
    """Steps from ``start`` through empty squares to a square next to an enemy piece
    (None when walled off)."""
    steps = {start: 0}
    queue = deque([start])
    while queue:
        square = queue.popleft()
        for near in (SQUARE_NAMES[n] for n in NEIGHBOURS[SQUARE_INDEX[square]]):
            piece = game.piece_at(near)
            if piece is not None and piece[0] == enemy:
                return steps[square] + 1
            if piece is None and near not in steps:
                steps[near] = steps[square] + 1
                queue.append(near)
    return None


def person_move(game: stratego.Game, rng: random.Random) -> str:
    """An attack when there is one (the strongest attacker first), else a step that brings
    a piece closer to the enemy, else any legal move. (Stepping "forward" instead let the
    armies pass each other and shuffle at the far ends until the move cap.)"""
    moves = sorted(game.legal_moves())
    enemy = stratego.opponent(game.turn)
    attacks = []
    closer = []
    steps_from: dict[str, int | None] = {}  # per origin, before the move
    for move in moves:
        origin, target = move.split("-")
        piece, defender = game.piece_at(origin), game.piece_at(target)
        assert piece is not None
        if defender is not None:
            attacks.append((stratego.PIECES[piece[1]].strength, move))
            continue
        if origin not in steps_from:
            steps_from[origin] = steps_to_an_enemy(game, origin, enemy)
        before = steps_from[origin]
        after = steps_to_an_enemy(game, target, enemy)
        if before is not None and after is not None and after < before:
            closer.append(move)
    if attacks:
        best = max(strength for strength, _ in attacks)
        return rng.choice([move for strength, move in attacks if strength == best])
    return rng.choice(closer or moves)


def start(page: Page, army: str, level: str, t: dict[str, str], name: str) -> None:
    """The new-game form with the army chosen, then the setup filled at random."""
    page.locator("#st-name-red").fill("Ana")
    page.select_option("#st-seat-blue", level)
    page.locator(f"#st-army-{army}").check()
    expect(page.locator("#st-army")).to_contain_text(t[f"stratego_variant_{army}_help"])
    # The army, the players and the start button in reach without scrolling.
    assert out_of_view(page, "#st-army", "#st-players", '[data-intent="new-start"]') == []
    shots(page, f"{name}-new")
    act(page, "new-start")
    expect(page.locator("#st-tray")).to_be_visible()
    expect(page.locator("#st-variant")).to_have_text(t[f"stratego_variant_{army}"])
    size = stratego.ARMIES[army].size
    expect(page.locator("#st-setup-status")).to_contain_text(str(size))
    tray = page.eval_on_selector_all(
        "[data-intent^='tray ']", "nodes => nodes.map(n => n.dataset.intent.slice(5))"
    )
    assert sorted(tray) == sorted(
        letter for letter, count in stratego.ARMIES[army].counts.items() if count
    )
    expect(page.locator('[data-intent="setup-ready"]')).to_be_disabled()
    act(page, "setup-fill")
    expect(page.locator('[data-intent="setup-ready"]')).to_be_enabled()
    assert page.locator("#st-board .sq .tile").count() == size
    shots(page, f"{name}-setup")
    act(page, "setup-ready")
    expect(page.locator("#st-board.board-red")).to_be_visible()


def play_to_the_end(page: Page, language: str, name: str) -> int:
    """Ana's moves by taps, each answered by the computer, until the game ends (or the
    move cap, then she resigns). No unseen Blue rank is ever in the page."""
    t = strings(language)
    names = {t[f"stratego_piece_{kind.letter.lower()}"] for kind in stratego.PIECE_KINDS}
    unknown = "rango desconocido" if language == "es" else "rank unknown"
    rng = random.Random(17)
    board = StrategoBoard(page)
    played = 0
    while page.locator("#st-headline").count() == 0 and played < MOVE_CAP:
        game = saved_stratego_game(page)
        assert game.turn == "red" and game.result is None
        assert_no_unseen_rank(page, game, names, unknown)
        decisions = page.evaluate("performance.getEntriesByName('computer-move').length")
        board.move(person_move(game, rng))
        page.wait_for_function(
            "([n]) => performance.getEntriesByName('computer-move').length > n"
            " && !document.getElementById('computer-thinking')"
            " || document.querySelector('#st-headline')",
            arg=[decisions],
        )
        played += 1
        if played == 3 and page.locator("#st-headline").count() == 0:
            shots(page, f"{name}-play")
    if page.locator("#st-headline").count() == 0:
        act(page, "resign")
        act(page, "resign-yes")
    expect(page.locator("#st-headline")).to_be_visible()
    return played


@pytest.mark.parametrize(
    ("army", "language", "viewport", "level"),
    [("barrage", "es", "landscape", "hard"), ("duel", "en", "portrait", "easy")],
)
def test_a_quick_game_against_the_computer_by_taps_to_the_end(
    browser: Browser,
    server: RunningServer,
    tmp_path: Path,
    army: str,
    language: str,
    viewport: str,
    level: str,
) -> None:
    t = strings(language)
    context, page, log = open_new_game(browser, server, viewport, language)
    name = f"stratego-variant-{army}-{language}"
    start(page, army, level, t, name)
    played = play_to_the_end(page, language, name)
    assert played < MOVE_CAP, "the quick game should end before the move cap"
    game = saved_stratego_game(page)
    assert game.result is not None and game.options.army == army
    expect(page.locator("#st-variant")).to_have_text(t[f"stratego_variant_{army}"])
    shots(page, f"{name}-over")
    headline = page.locator("#st-headline").inner_text()

    # The record: downloaded from the game-over screen, imported on the saves screen.
    with page.expect_download() as download:
        act(page, "export-record")
    file = tmp_path / download.value.suggested_filename
    download.value.save_as(file)
    assert file.suffix == ".txt" and file.name.startswith("stratego-ana-")
    text = file.read_text(encoding="utf-8")
    assert f'[Army "{army}"]' in text and '[Red "Ana"]' in text
    assert stratego.read_record(text).game == game
    page.goto(server.url + "#/saves")
    page.locator("#saves-import").set_input_files(str(file))
    expect(page.locator("#saves-message")).to_contain_text(file.stem)
    item = page.locator(".saves-item", has_text=file.stem)
    expect(item.locator(".saves-variant")).to_have_text(t[f"stratego_variant_{army}"])
    shots(page, f"{name}-saves")
    item.locator('[data-intent^="open "]').click()
    confirm = item.locator('[data-intent^="open-yes "]')
    if confirm.count():
        confirm.click()
    expect(page.locator("#st-headline")).to_have_text(headline)
    assert saved_stratego_game(page) == game
    assert log.page_errors == [] and log.console_errors == []
    assert log.foreign_requests() == []
    context.close()


def test_a_damaged_record_is_refused_on_the_saves_screen(
    browser: Browser, server: RunningServer, tmp_path: Path
) -> None:
    context, page, log = open_app(
        browser, server, "#/saves", viewport="portrait", init_scripts=(SETTINGS % "en",)
    )
    game = stratego.new_game(
        stratego.builtin_setup("Lone flag", "barrage"),
        stratego.builtin_setup("Scouts ahead", "barrage"),
        stratego.Options(army="barrage"),
    )
    game.play(sorted(game.legal_moves())[0])
    text = stratego.record_text(game, {"red": "Ana", "blue": "Luis"})
    bad = tmp_path / "tampered.txt"
    bad.write_text(re.sub(r"1\. red \S+", "1. red a1-a9", text), encoding="utf-8")
    page.locator("#saves-import").set_input_files(str(bad))
    expect(page.locator("#saves-message")).to_contain_text("Play 1 of this game record")
    expect(page.locator(".saves-item")).to_have_count(0)
    good = tmp_path / "ana-luis.txt"
    good.write_text(text, encoding="utf-8")
    page.locator("#saves-import").set_input_files(str(good))
    expect(page.locator("#saves-message")).to_contain_text("ana-luis")
    page.locator('.saves-item [data-intent^="open "]').click()
    # A game of two persons goes on behind the cover of Blue, who is to move.
    expect(page.locator("#st-cover")).to_be_visible()
    assert log.page_errors == [] and log.foreign_requests() == []
    context.close()
