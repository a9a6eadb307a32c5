"""Ideology in real headless Chromium, played by taps only.

The test keeps its own engine game on CPython, fed the same deal number, only to decide
which taps to make (a scripted plan, :class:`Plan`) and to check what the page shows;
every action is performed by tapping the UI.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import VIEWPORTS, RunningServer, assert_fits, open_app, screenshot, wait_ready
from leaks import Secrets, private
from pages import IdeologyHand, IdeologyNewGame, saved, saved_text, tap
from playwright.sync_api import Browser, Page, expect
from ui.i18n import Translator
from ui.ideology.text import Words

from engine import ideology
from engine.ideology import CARD_TYPES, parse

ROOT = Path(__file__).resolve().parent.parent

# A deal found with the plan below: Communism attacks Fascism (cultural, two deflections),
# diplomacy ends at War, Capitalism exchanges, removes, buys and places. Turn limit 3.
SEED = 1
TURN_LIMIT = 3
PLAYERS = ["Capitalism", "Communism", "Fascism"]
NAMES = {"Capitalism": "Ana", "Communism": "Bruno", "Fascism": "Carla"}
ATTACKER, DEFENDER, OTHER = "Communism", "Fascism", "Capitalism"


def hand(game: ideology.Game, player: str) -> dict[str, int]:
    return {t: game.hand_count(player, t) for t in CARD_TYPES}


class Plan:
    """Which action each player takes, so that one short game exercises every phase."""

    def __init__(self, attacker: str, defender: str, other: str) -> None:
        self.a, self.d, self.x = attacker, defender, other
        self.done_remove = self.done_place = self.done_buy = self.d_placed = False

    def choose(self, game: ideology.Game, p: str) -> str:
        legal = game.legal_actions(p)
        h = hand(game, p)
        phase = game.phase
        if phase == "exchange":
            if p in (self.a, self.d):
                for t in ("military", "economic"):
                    if h[t] and f"discard {t}" in legal:
                        return f"discard {t}"
            elif "discard military" in legal and game.turn == 1 and h["military"]:
                return "discard military"
            return "done"
        if phase == "development":
            if p == self.x and game.turn >= 2:
                buys = [a for a in legal if a.startswith("buy")]
                if buys and not self.done_buy:
                    self.done_buy = True
                    return buys[0]
                places = [a for a in legal if a.startswith("place")]
                if places and not self.done_place and sum(h.values()) >= 2:
                    self.done_place = True
                    return places[0]
            return "done"
        if phase == "external":
            if p == self.d and not self.d_placed:
                for z in game.regions:
                    want = f"place cultural {z}"
                    cost = 1 + game.distance_penalty(p, z)
                    if want in legal and game.reachable(self.a, z) and h["cultural"] >= cost:
                        self.d_placed = True
                        return want
            if p == self.x and not self.done_remove and game.turn == 1:
                removes = [
                    a
                    for a in legal
                    if a.startswith("remove")
                    and not (parse(a).ideology == self.d and parse(a).card_type == "cultural")
                ]
                if removes:
                    self.done_remove = True
                    return removes[0]
            return "pass"
        if phase == "conflict":
            if game.conflict is None:
                if p == self.a:
                    for a in legal:
                        act = parse(a)
                        if (
                            act.verb == "attack"
                            and act.ideology == self.d
                            and act.card_type == "cultural"
                            and act.region is not None
                            and game.distance_penalty(p, act.region) == 0
                            and h["cultural"] >= 3
                            and hand(game, self.d)["cultural"] >= 2
                        ):
                            return a
                return "pass"
            for verb in ("deflect", "play"):
                if verb in legal:
                    return verb
            return legal[0]
        if phase == "diplomacy":
            chosen = game.view(p)["diplomacy"]["my_choices"] or {}
            for a in legal:
                act = parse(a)
                if act.verb == "diplomacy" and act.ideology not in chosen:
                    want = "war" if (p == self.a and act.ideology == self.d) else "neutral"
                    if act.status == want:
                        return a
            return "done"
        raise AssertionError(phase)


def planned_game() -> ideology.Game:
    game = ideology.new_game(PLAYERS, SEED, turn_limit=TURN_LIMIT)
    plan = Plan(ATTACKER, DEFENDER, OTHER)
    while not game.is_terminal:
        player = game.to_act[0]
        game.apply(player, plan.choose(game, player))
    return game


def test_the_planned_deal_exercises_every_phase() -> None:
    game = planned_game()
    events = [e["event"] for e in game.log]
    for event in ("exchange", "place", "buy", "new_region", "remove", "attack", "status"):
        assert event in events, event
    assert events.count("deflect") >= 2
    assert any(e["event"] == "status" and e["status"] == "war" for e in game.log)
    assert any(e["event"] == "conflict_won" and e["rounds"] >= 3 for e in game.log)
    assert game.is_terminal and game.turn == TURN_LIMIT


# --- the page ---------------------------------------------------------------------------


def open_page(
    browser: Browser, server: RunningServer, viewport: str = "portrait", locale: str = "en-US"
):  # type: ignore[no-untyped-def]
    return open_app(browser, server, "#/ideology/new", viewport=viewport, locale=locale)


def stage(page: Page) -> str:
    return str(page.locator("#app").get_attribute("data-stage") or "")


# The Ideology screens hold selects and text inputs too: every one must be touchable.
IDEOLOGY_TARGETS = "a[href], button, summary, select, input"


def set_up(page: Page, players: list[str], names: dict[str, str], *, seed: int, limit: int) -> None:
    IdeologyNewGame(page).fill(players, names=names, seed=seed, limit=limit)
    tap(page, "start")
    expect(page.locator(".ig-report")).to_be_visible()


def perform(page: Page, game: ideology.Game, action: str) -> None:
    """Tap the UI the way a player would to do ``action``."""
    a = parse(action)
    if a.verb == "place" and game.phase == "development":
        IdeologyHand(page).pick(str(a.card_type))
        tap(page, "do", action)
    elif a.verb in ("place", "remove"):
        IdeologyHand(page).pick(str(a.card_type))
        once(page, f"external-{a.verb}-targets")
        tap(page, "ask", action)
        expect(page.locator(".ig-confirm")).to_be_visible()
        expect(page.locator(".ig-confirm-cost")).to_be_visible()
        once(page, f"external-{a.verb}-confirm")
        tap(page, "do", action)
    elif a.verb == "attack":
        tap(page, "defender", str(a.ideology))
        tap(page, "attack-type", str(a.card_type))
        once(page, "conflict-attack-targets")
        tap(page, "ask", action)
        expect(page.locator(".ig-confirm")).to_be_visible()
        once(page, "conflict-attack-confirm")
        tap(page, "do", action)
    elif a.verb == "buy":
        if page.locator("#ig-advance-list").count() == 0:
            tap(page, "advances")
        expect(page.locator("#ig-advance-list")).to_be_visible()
        both_viewports(page, "development-advances")
        tap(page, "do", action)
    else:
        tap(page, "do", action)


#: A hand's secrets: the whole hand as read aloud, and each card with its count.
HAND = "#ig-hand"


def hand_strings(where: str, text: str) -> bool:
    """The hand's own words with a count in them ("3Military"), not its heading."""
    whole = where == "section#ig-hand text"
    card = where.endswith(" text") and where.split(" ")[0] in ("div", "button")
    return (whole or card) and any(ch.isdigit() for ch in text)


def check_only_own_secrets(page: Page, game: ideology.Game, player: str) -> None:
    html = page.content()
    assert html.count('class="ig-hand"') == 1
    owner = page.locator(".ig-hand").get_attribute("data-owner")
    assert owner == player
    counts = [int(x) for x in page.locator(".ig-card-count").all_inner_texts()]
    assert counts == [game.hand_count(player, t) for t in CARD_TYPES]
    if game.phase == "diplomacy":
        # Only this player's own choices may show as pressed; nobody else's is in the page.
        mine = game.view(player)["diplomacy"]["my_choices"]
        pressed = page.locator('.ig-diplomacy [aria-pressed="true"]').evaluate_all(
            "(els) => els.map((el) => el.dataset.intent)"
        )
        assert sorted(pressed) == sorted(f"do diplomacy {o} {s}" for o, s in mine.items())


SHOT_ONCE: set[str] = set()
SHOT_SUFFIX = [""]  # "-es" while the Spanish game runs


def once(page: Page, name: str) -> None:
    if name not in SHOT_ONCE:
        SHOT_ONCE.add(name)
        both_viewports(page, name)


def screenshot_dir() -> Path:
    folder = ROOT / "e2e" / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def both_viewports(page: Page, name: str) -> None:
    for label in ("portrait", "landscape"):
        width, height = VIEWPORTS[label]
        page.set_viewport_size({"width": width, "height": height})
        # Bring the focused control back into view after the reflow, as the app had it.
        page.evaluate(
            """() => { const el = document.activeElement;
                if (el && el !== document.body && el.id !== "screen-title")
                    el.scrollIntoView({ block: "center" }); }"""
        )
        screenshot(page, f"ideology-{name}-{label}{SHOT_SUFFIX[0]}")
        assert_fits(page, IDEOLOGY_TARGETS, what=name)
        # What the tablet actually shows (the full-page shot moves the sticky dock).
        shot = f"ideology-{name}-{label}{SHOT_SUFFIX[0]}-screen.png"
        page.screenshot(path=str(screenshot_dir() / shot))
    width, height = VIEWPORTS["portrait"]
    page.set_viewport_size({"width": width, "height": height})


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_whole_three_player_game_by_taps(
    browser: Browser, server: RunningServer, language: str
) -> None:
    t = Translator(language)
    words = Words(t, NAMES)
    SHOT_SUFFIX[0] = "" if language == "en" else "-es"
    SHOT_ONCE.clear()
    _, page, _ = open_page(browser, server, locale=f"{language}-ES")
    screenshot(page, f"ideology-new-portrait{SHOT_SUFFIX[0]}")
    set_up(page, PLAYERS, NAMES, seed=SEED, limit=TURN_LIMIT)
    game = ideology.new_game(PLAYERS, SEED, turn_limit=TURN_LIMIT)
    plan = Plan(ATTACKER, DEFENDER, OTHER)
    secrets = Secrets()
    shots: set[str] = set()
    reloaded = undone = False
    deflections_seen = 0
    steps = 0
    while True:
        steps += 1
        assert steps < 600, "the game did not end"
        now = stage(page)
        if now == "over":
            break
        if now == "report":
            expect(page.locator(".ig-report")).to_be_visible()
            secrets.check(page, f"the report of turn {game.turn}")
            if game.phase == "external" and "report-new-region" not in shots:
                shots.add("report-new-region")
                arrived = [e for e in game.log if e["event"] == "new_region"][-1]
                expect(page.locator(".ig-report")).to_contain_text(words.log_line(arrived))
                expect(page.locator(".ig-tile.is-focus")).to_have_count(1)
                both_viewports(page, "report-new-region")
            if game.turn >= 2 and "report" not in shots:
                shots.add("report")
                both_viewports(page, "report-evaluation")
            tap(page, "continue")
            continue
        if now == "cover":
            player = game.to_act[0]
            cover = page.locator(".ig-cover")
            expect(cover).to_be_visible()
            expect(cover.locator("h1")).to_contain_text(NAMES[player])
            html = page.content()
            assert "ig-hand" not in html and "ig-tile" not in html, "the cover hides everything"
            secrets.check(page, f"the cover for {player}")
            if "cover" not in shots:
                shots.add("cover")
                both_viewports(page, "cover")
            tap(page, "reveal")
            continue
        assert now == "turn", now
        player = game.to_act[0]
        check_only_own_secrets(page, game, player)
        own = private(page, HAND, hand_strings)
        secrets.check(page, f"{player}'s turn", viewer=player, allowed=own)
        secrets.held[player] = own
        expect(page.locator(".ig-step.is-current")).to_contain_text(words.phase(game.phase))
        key = game.phase if game.conflict is None else f"conflict-round-{game.conflict.rounds}"
        if key not in shots:
            shots.add(key)
            both_viewports(page, key)
        if game.phase == "development" and not reloaded and game.turn == 1:
            # A reload comes back to the same game behind the hand-over cover.
            reloaded = True
            page.reload()
            wait_ready(page)
            expect(page.locator(".ig-cover h1")).to_contain_text(NAMES[player])
            assert "ig-hand" not in page.content()
            tap(page, "reveal")
            check_only_own_secrets(page, game, player)
        action = plan.choose(game, player)
        if game.conflict is not None:
            expect(page.locator(".ig-conflict .ig-round")).to_contain_text(
                t("ideology_round", round=game.conflict.rounds)
            )
        perform(page, game, action)
        game.apply(player, action)
        if action == "deflect":
            deflections_seen += 1
        if action.startswith("discard") and not undone:
            # Undo the discard by tapping Undo, then discard again.
            undone = True
            tap(page, "undo")
            game = game.undo()
            note = t("ideology_exchanged", count=0, limit=game.exchange_limit(player))
            expect(page.locator(".ig-dock-note")).to_have_text(note)
            perform(page, game, action)
            game.apply(player, action)
    assert deflections_seen >= 2
    assert secrets.checks > 20 and len(secrets.held) == 3
    assert game.is_terminal
    # The final screen: the winner, everybody's final influence, a rematch.
    winner = game.result
    assert winner is not None
    expect(page.locator("#ig-over-title")).to_contain_text(NAMES[winner])
    finals = page.locator(".ig-final")
    expect(finals).to_have_count(3)
    for player in PLAYERS:
        row = page.locator(".ig-final", has_text=NAMES[player])
        expect(row).to_contain_text(t("ideology_influence_short", influence=game.influence(player)))
    both_viewports(page, "over")
    # Anyone may read the whole log: the latest entries, then all on request.
    tap(page, "full-log")
    expect(page.locator("#ig-log li")).to_have_count(len(game.log))
    deflect = next(e for e in game.log if e["event"] == "deflect")
    expect(page.locator("#ig-log")).to_contain_text(words.log_line(deflect))
    # Tapping a tile's name highlights its neighbours on the table (and only them).
    view = game.view(None)
    region = next(r for r in view["regions"] if r["adjacent_in_play"])
    page.locator(f'[data-intent="focus {region["name"]}"]').click()
    lit = page.locator(".ig-tile.is-neighbour").evaluate_all(
        "(tiles) => tiles.map((tile) => tile.dataset.region)"
    )
    assert sorted(lit) == sorted(region["adjacent_in_play"])
    # The UI's own save replays to the game the test played alongside it.
    assert ideology.from_json(json.dumps(saved(page, "ideology")["save"])) == game
    tap(page, "rematch")
    expect(page.locator(".ig-report")).to_be_visible()


def test_a_five_player_table_at_phone_width_in_spanish(
    browser: Browser, server: RunningServer
) -> None:
    _, page, _ = open_page(browser, server, "phone", locale="es-ES")
    players = ["Capitalism", "Communism", "Fascism", "Islamic Fundamentalism", "Imperialism"]
    names = dict(zip(players, ["Ana", "Bruno", "Carla", "Diego", "Elena"], strict=True))
    set_up(page, players, names, seed=5, limit=2)
    expect(page.locator(".ig-report h2")).to_have_text("Qué ha pasado")
    tap(page, "continue")
    expect(page.locator(".ig-cover h1")).to_contain_text("Pasa la tableta a")
    # Keyboard: from the cover's title, Tab reaches the big button and Enter opens the hand.
    for _ in range(5):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.intent") == "reveal":
            break
    page.keyboard.press("Enter")
    expect(page.locator(".ig-step.is-current")).to_contain_text("Intercambio")
    page.locator('[data-intent^="do discard"]').first.focus()
    page.keyboard.press("Enter")
    expect(page.locator(".ig-dock-note")).to_contain_text("Descartadas 1")
    page.locator(".ig-map summary").click()
    assert_fits(page, IDEOLOGY_TARGETS)
    screenshot(page, "ideology-five-players-phone-es")
    page.screenshot(path=str(screenshot_dir() / "ideology-five-players-phone-es-screen.png"))
    for label in ("portrait", "landscape"):
        width, height = VIEWPORTS[label]
        page.set_viewport_size({"width": width, "height": height})
        assert_fits(page, IDEOLOGY_TARGETS, what=label)
        screenshot(page, f"ideology-five-players-{label}-es")
        if label == "landscape":
            # Landscape: the player to act sees their own regions first, above the fold.
            rows = page.evaluate(
                """() => [...document.querySelectorAll("#ig-table > section")].map(
                    (row) => [row.classList.contains("ig-row-mine"),
                              row.getBoundingClientRect().top])"""
            )
            mine = [top for is_mine, top in rows if is_mine]
            assert mine and mine[0] <= min(top for _, top in rows), rows
    # Tapping a tile's name lights up its neighbours on the table.
    page.locator('[data-intent="focus USSR"]').click()
    expect(page.locator('.ig-tile[data-region="USSR"]')).to_have_class(re.compile("is-focus"))
    expect(page.locator('[data-intent="focus USSR"]')).to_have_attribute("aria-pressed", "true")
    # Leaving for the home screen and coming back by "Continue" passes the cover again.
    page.goto(page.url.split("#")[0] + "#/")
    page.locator('a[href="#/ideology/continue"]').click()
    expect(page.locator(".ig-cover")).to_be_visible()
    assert "ig-hand" not in page.content()


def test_two_players_cannot_take_the_same_ideology(browser: Browser, server: RunningServer) -> None:
    _, page, _ = open_page(browser, server)
    assert_fits(page, IDEOLOGY_TARGETS)
    tap(page, "count", "2")
    page.locator("#ig-seat-name-0").fill("Ana")
    page.locator("#ig-seat-ideology-1").select_option("Capitalism")
    page.locator("#ig-seat-name-1").press("Enter")  # Enter in a field starts too
    expect(page.locator(".ig-error")).to_contain_text("same ideology")
    page.locator("#ig-seat-ideology-1").select_option("Fascism")
    page.locator("#ig-seat-name-1").press("Enter")
    expect(page.locator(".ig-report")).to_be_visible()


@pytest.mark.console_errors_expected
def test_a_full_storage_is_said_plainly_and_the_last_save_survives(
    browser: Browser, server: RunningServer
) -> None:
    _, page, _ = open_page(browser, server)
    set_up(page, PLAYERS, NAMES, seed=SEED, limit=TURN_LIMIT)
    tap(page, "continue")
    tap(page, "reveal")
    before = saved_text(page, "ideology")
    page.evaluate(
        """() => { Storage.prototype.setItem = function () {
            throw new DOMException("The quota has been exceeded.", "QuotaExceededError"); }; }"""
    )
    tap(page, "do", "done")
    expect(page.locator(".ig-save-error")).to_be_visible()
    expect(page.locator(".ig-save-error")).to_contain_text("could not be saved")
    assert saved_text(page, "ideology") == before, "a refused write leaves the previous save whole"
