"""Stratego against the computer in headless Chromium, by taps: a person (Red) plays the
hard computer (Blue). No cover ever, the "thinking" state comes and goes with every
reply, Blue's ranks never reach the page, a reload continues, resignation ends it.

The engine runs in this process only to read the autosave (which moves are legal, which
Blue ranks Red has seen); every move in the browser is made by tapping squares.
"""

from __future__ import annotations

import random
import re
import statistics
from dataclasses import dataclass, field

from conftest import (
    TOUCH_TARGETS,
    RunningServer,
    assert_fits,
    has_horizontal_scroll,
    open_app,
    screenshot,
    wait_ready,
)
from leaks import assert_no_unseen_rank
from pages import StrategoBoard, saved, saved_stratego_game
from pages import tap as act
from playwright.sync_api import Browser, Page, expect

from engine import stratego
from engine.stratego import ai as stratego_ai

RED_SETUP = "Lakeside fortress"
COMPUTER = "Computer (hard)"
MOVES = 10

SETTINGS = """
localStorage.setItem("tablero.settings", JSON.stringify({language: "en", computer_pace: "%s"}));
"""
# Counts every appearance of the "thinking" state, even one that lasts a single frame,
# and how long each stayed on screen (milliseconds), as the page's own clock saw it.
WATCH_THINKING = """
window.__thinkingShown = 0;
window.__thinkingSpans = [];
let thinkingSince = null;
new MutationObserver((records) => {
  for (const record of records) {
    for (const node of record.addedNodes) {
      if (node.nodeType === 1 &&
          (node.id === "computer-thinking" || node.querySelector("#computer-thinking"))) {
        window.__thinkingShown += 1;
      }
    }
  }
  const shown = document.getElementById("computer-thinking") !== null;
  if (shown && thinkingSince === null) {
    thinkingSince = performance.now();
  } else if (!shown && thinkingSince !== null) {
    window.__thinkingSpans.push(performance.now() - thinkingSince);
    thinkingSince = null;
  }
}).observe(document, {childList: true, subtree: true});
"""


def open_page(  # type: ignore[no-untyped-def]
    browser: Browser,
    server: RunningServer,
    pace: str,
    viewport: str = "portrait",
    watch: tuple[str, ...] = (),
):
    return open_app(
        browser,
        server,
        "#/stratego/new",
        viewport=viewport,
        init_scripts=(SETTINGS % pace, WATCH_THINKING, *watch),
    )


def computer_decisions(page: Page) -> int:
    return int(page.evaluate("performance.getEntriesByName('computer-move').length"))


def thinking_shown(page: Page) -> int:
    return int(page.evaluate("window.__thinkingShown"))


def assert_no_cover(page: Page) -> None:
    assert page.locator("#st-cover").count() == 0, "no pass-the-tablet cover against the computer"


def assert_no_unseen_blue_rank(page: Page) -> None:
    """Nothing in the DOM names a Blue rank that Red has not seen in an attack."""
    names = {kind.name_en for kind in stratego.PIECES.values()}
    assert_no_unseen_rank(page, saved_stratego_game(page), names)


def start_against_computer(page: Page, shots: str | None = None) -> None:
    page.locator("#st-name-red").fill("Ana")
    page.select_option("#st-seat-blue", "hard")
    # The Blue name was the default: it follows the seat.
    expect(page.locator("#st-name-blue")).to_have_value(COMPUTER)
    # Two computers: refused in words, and nothing typed is lost.
    page.select_option("#st-seat-red", "easy")
    act(page, "new-start")
    expect(page.locator("#st-message")).to_have_text(
        "At least one seat must be played by a person."
    )
    expect(page.locator("#st-name-red")).to_have_value("Ana")
    page.select_option("#st-seat-red", "person")
    if shots:
        assert_fits(page, f"{TOUCH_TARGETS}, select, input[type=text]")
        screenshot(page, f"stratego-computer-new-{shots}")
    act(page, "new-start")
    # Straight to Ana's setup: nobody else is at the table.
    expect(page.locator("#st-board")).to_be_visible()
    assert_no_cover(page)
    page.select_option("#st-preset", f"builtin:{RED_SETUP}")
    act(page, "setup-use")
    act(page, "setup-ready")
    # The computer sets up (never shown), then the game begins with Ana to move.
    expect(page.locator("#screen-title")).to_have_text(f"Ana against {COMPUTER}, Blue army")
    expect(page.locator("#st-status")).to_contain_text("Your move, Ana")
    assert_no_cover(page)


def play_one_move(page: Page, rng: random.Random) -> bool:
    """Ana taps a legal move; the computer answers. False once the game has ended."""
    game = saved_stratego_game(page)
    assert game.turn == "red" and game.result is None
    move = rng.choice(sorted(game.legal_moves()))
    shown, decisions = thinking_shown(page), computer_decisions(page)
    StrategoBoard(page).move(move)
    page.wait_for_function(
        "([n]) => performance.getEntriesByName('computer-move').length > n"
        " && !document.getElementById('computer-thinking')"
        " || document.querySelector('#st-headline')",
        arg=[decisions],
    )
    if page.locator("#st-headline").count():
        return False
    assert thinking_shown(page) > shown, "the thinking state should have been shown"
    expect(page.locator("#computer-thinking")).to_have_count(0)
    after = saved_stratego_game(page)
    records = [r for r in after.moves if r.kind == "move"]
    assert [r.player for r in records[-2:]] == ["red", "blue"], "the computer should answer"
    assert records[-2].notation == move
    # The board shows the reply (tinted) and the report speaks to Ana.
    expect(page.locator(f"#sq-{records[-1].to_square}")).to_have_class(re.compile(r"\blast\b"))
    expect(page.locator("#st-report")).to_contain_text(f"{COMPUTER}'s reply")
    expect(page.locator("#st-moves li")).to_have_count(len(records))
    assert_no_cover(page)
    assert_no_unseen_blue_rank(page)
    return True


def test_a_person_plays_the_hard_computer_by_taps_with_a_reload_midway(
    browser: Browser, server: RunningServer
) -> None:
    _, page, _ = open_page(browser, server, "quick")
    start_against_computer(page, shots="portrait")
    assert_no_unseen_blue_rank(page)
    rng = random.Random(3)
    played = 0
    while played < MOVES:
        if not play_one_move(page, rng):
            break
        played += 1
        if played == 1:
            assert not has_horizontal_scroll(page)
            screenshot(page, "stratego-computer-reply-portrait")
        if played == MOVES // 2:
            page.reload()
            wait_ready(page)
            expect(page.locator("#st-board")).to_be_visible()
            assert_no_cover(page)
            expect(page.locator("#st-status")).to_contain_text("Your move, Ana")
            assert saved(page, "stratego")["seats"] == {"red": "person", "blue": "hard"}
    assert played >= 4, "the game should last a few moves"
    if page.locator("#st-headline").count() == 0:
        act(page, "resign")
        act(page, "resign-yes")
    expect(page.locator("#st-headline")).to_contain_text("wins")


# The first time the computer thinks over a move (a board on screen), a tap on a square
# at once, in the task that drew the "thinking" state (so surely before the computer's
# move, however slow the machine), and what the page then said.
TAP_WHILE_THINKING = """
window.__tapWhileThinking = null;
window.__firstThinking = null;
new MutationObserver(() => {
  const thinking = document.getElementById("computer-thinking");
  if (thinking && window.__firstThinking === null) {
    window.__firstThinking = thinking.textContent;
  }
  const square = document.getElementById("sq-e7");
  if (window.__tapWhileThinking !== null || !square ||
      !document.getElementById("computer-thinking")) return;
  square.click();
  window.__tapWhileThinking = {
    message: document.getElementById("st-message").textContent,
    thinking: document.getElementById("computer-thinking") !== null,
  };
}).observe(document, {childList: true, subtree: true});
"""


def test_the_calm_pace_shows_the_computer_thinking_and_a_person_may_play_blue(
    browser: Browser, server: RunningServer
) -> None:
    _, page, _ = open_page(browser, server, "calm", watch=(TAP_WHILE_THINKING,))
    page.locator("#st-name-blue").fill("Ana")
    page.select_option("#st-seat-red", "easy")
    expect(page.locator("#st-name-red")).to_have_value("Computer (easy)")
    act(page, "new-start")
    # Red, the computer, sets up first: a moment of "thinking", then Ana's setup. (Each
    # step waits for what the page shows, never for time: the machine may be slow.)
    expect(page.locator("#st-tray")).to_be_visible()
    assert thinking_shown(page) == 1
    assert page.evaluate("window.__firstThinking") == "Computer (easy) is thinking…"
    assert_no_cover(page)
    act(page, "setup-fill")
    act(page, "setup-ready")
    # Red moves first: Ana sees her own board, turned her way, while the computer thinks;
    # a tap on the board meanwhile only asks her to wait.
    page.wait_for_function("() => window.__tapWhileThinking !== null")
    tapped = page.evaluate("window.__tapWhileThinking")
    assert tapped == {"message": "Wait: it is Computer (easy)'s turn.", "thinking": True}
    expect(page.locator("#st-board")).to_have_class(re.compile(r"\bboard-blue\b"))
    assert_no_cover(page)
    if page.locator("#computer-thinking").count():  # still thinking (a slow machine: maybe not)
        screenshot(page, "stratego-computer-thinking-portrait")
    expect(page.locator("#st-moves li")).to_have_count(1)
    expect(page.locator("#computer-thinking")).to_have_count(0)
    expect(page.locator("#st-status")).to_contain_text("Your move, Ana")
    # The setup's and the first move's thinking each stayed a visible moment (600 ms).
    spans = page.evaluate("window.__thinkingSpans")
    assert len(spans) == 2 and min(spans) >= 450, spans


def test_against_the_computer_on_a_phone_nothing_scrolls_sideways(
    browser: Browser, server: RunningServer
) -> None:
    _, page, _ = open_page(browser, server, "calm", viewport="phone")
    page.select_option("#st-seat-blue", "random")
    assert not has_horizontal_scroll(page)
    screenshot(page, "stratego-computer-new-phone")
    act(page, "new-start")
    act(page, "setup-fill")
    act(page, "setup-ready")
    expect(page.locator("#st-board")).to_be_visible()
    act(page, "offer-draw")  # equal armies: the computer plays on, and says so
    expect(page.locator("#st-message")).to_have_text(
        "Computer (beginner) declined the draw: the game goes on."
    )
    assert not has_horizontal_scroll(page)
    screenshot(page, "stratego-computer-play-phone")


# ------------------------------------------------------------------ the expert

EXPERT = "Computer (expert)"
EXPERT_MOVES = 20
# Every main-thread task over 50 ms (PerformanceObserver "longtask"), with when it began,
# so that the ones during the computer's thinking can be told apart.
WATCH_LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    window.__longTasks.push([entry.startTime, entry.duration]);
  }
}).observe({type: "longtask", buffered: true});
"""
# When the "thinking" state comes and goes (page clock, ms): the thinking intervals.
WATCH_THINKING_TIMES = """
window.__thinkingTimes = [];
let thinkingFrom = null;
new MutationObserver(() => {
  const shown = document.getElementById("computer-thinking") !== null;
  if (shown && thinkingFrom === null) {
    thinkingFrom = performance.now();
  } else if (!shown && thinkingFrom !== null) {
    window.__thinkingTimes.push([thinkingFrom, performance.now()]);
    thinkingFrom = null;
  }
}).observe(document, {childList: true, subtree: true});
"""
EXPERT_TIMEOUT_MS = 120_000  # a decision is about a second; a loaded machine, many more


def expert_reply(game: stratego.Game, seed: int) -> str:
    """The move the expert makes in this position (from Blue's view, its dice): the page
    must make the same one, however its thinking was sliced or restarted."""
    rng = random.Random(f"{seed}:{len(game.moves)}")  # ui.computer.decision_rng
    return stratego_ai.choose_move(game.view("blue"), game.legal_moves(), "expert", rng)


def ana_taps(page: Page, rng: random.Random) -> tuple[str, int]:
    """Ana taps a legal move; returns it and how many decisions were measured before."""
    game = saved_stratego_game(page)
    assert game.turn == "red" and game.result is None
    move = rng.choice(sorted(game.legal_moves()))
    origin, target = move.split("-")
    decisions = computer_decisions(page)
    page.locator(f"#sq-{origin}").click()
    page.locator(f"#sq-{target}").click()
    return move, decisions


def wait_reply(page: Page, decisions: int) -> None:
    page.wait_for_function(
        "([n]) => performance.getEntriesByName('computer-move').length > n"
        " && !document.getElementById('computer-thinking')"
        " || document.querySelector('#st-headline')",
        arg=[decisions],
        timeout=EXPERT_TIMEOUT_MS,
    )


def tap_resign_while_thinking(page: Page) -> bool:
    """Taps "Resign" while the computer thinks; whether the page answered at once (the
    question shown while "thinking" still was), then "No, play on"."""
    if page.locator("#computer-thinking").count() == 0:
        return False
    act(page, "resign")
    answered, thinking = page.evaluate(
        "[document.querySelector('[data-intent=\"resign-yes\"]') !== null,"
        " document.getElementById('computer-thinking') !== null]"
    )
    act(page, "resign-no")
    return bool(answered and thinking)


@dataclass
class Figures:
    """What the page measured while the expert played (kept across a reload)."""

    decisions: list[float] = field(default_factory=list)  # ms, thinking to move played
    slices: list[float] = field(default_factory=list)  # ms, each slice of its thinking
    thought: list[float] = field(default_factory=list)  # ms, a decision's slices together
    long_tasks: list[float] = field(default_factory=list)  # ms, every task over 50 ms
    while_thinking: list[float] = field(default_factory=list)  # those during its thinking

    def collect(self, page: Page) -> None:
        moves = page.evaluate(
            "performance.getEntriesByName('computer-move')"
            ".map(entry => [entry.startTime, entry.duration])"
        )
        slices = page.evaluate(
            "performance.getEntriesByName('computer-think')"
            ".map(entry => [entry.startTime, entry.duration])"
        )
        self.decisions += [duration for _, duration in moves]
        self.slices += [duration for _, duration in slices]
        for begin, duration in moves:
            self.thought.append(sum(d for start, d in slices if begin <= start <= begin + duration))
        spans = page.evaluate("window.__thinkingTimes")
        for start, duration in page.evaluate("window.__longTasks"):
            self.long_tasks.append(duration)
            if any(begin - 1 <= start <= end for begin, end in spans):
                self.while_thinking.append(duration)
        page.evaluate(
            "performance.clearMeasures('computer-move'); performance.clearMeasures("
            "'computer-think'); window.__longTasks = []; window.__thinkingTimes = []"
        )


def last_blue_move(page: Page) -> str:
    return [r for r in saved_stratego_game(page).moves if r.player == "blue"][-1].notation


def test_a_person_plays_the_expert_by_taps_and_the_page_answers_while_it_thinks(
    browser: Browser, server: RunningServer
) -> None:
    watch = (WATCH_LONG_TASKS, WATCH_THINKING_TIMES)
    context, page, log = open_page(browser, server, "quick", watch=watch)
    page.locator("#st-name-red").fill("Ana")
    page.select_option("#st-seat-blue", "expert")
    expect(page.locator("#st-name-blue")).to_have_value(EXPERT)
    act(page, "new-start")
    page.select_option("#st-preset", f"builtin:{RED_SETUP}")
    act(page, "setup-use")
    act(page, "setup-ready")
    expect(page.locator("#st-status")).to_contain_text("Your move, Ana")
    assert saved(page, "stratego")["seats"] == {"red": "person", "blue": "expert"}
    seed = saved(page, "stratego")["seed"]
    figures = Figures()
    figures.collect(page)
    figures = Figures()  # from here on: the expert's moves only
    rng = random.Random(11)
    played, answered_while_thinking = 0, 0
    while played < EXPERT_MOVES and page.locator("#st-headline").count() == 0:
        _, decisions = ana_taps(page, rng)
        before = saved_stratego_game(page)
        played += 1
        if before.result is not None:
            break
        thinking = before.turn == "blue"
        if played == 10 and thinking:
            # A reload while it thinks: the new page thinks again, to the same move.
            figures.collect(page)
            page.reload()
            wait_ready(page)
            expected = expert_reply(before, seed)
            page.wait_for_function(
                "() => document.querySelector('#st-board')"
                " && !document.getElementById('computer-thinking')",
                timeout=EXPERT_TIMEOUT_MS,
            )
            assert last_blue_move(page) == expected
            continue
        if played == 12 and thinking:
            # Home while it thinks: nothing is played meanwhile; "Continue" resumes it.
            page.locator("header a.back").click()
            continuing = page.get_by_role("link", name="Continue the last game")
            expect(continuing).to_be_visible()
            left_at = len(saved_stratego_game(page).moves)
            expected = expert_reply(before, seed)  # a while: its slices would have run
            assert len(saved_stratego_game(page).moves) == left_at
            continuing.click()
            wait_reply(page, decisions)
            assert last_blue_move(page) == expected
            continue
        if answered_while_thinking < 3 and tap_resign_while_thinking(page):
            answered_while_thinking += 1
        wait_reply(page, decisions)
    figures.collect(page)
    assert played >= 15, "the game should last most of the 20 moves"
    assert answered_while_thinking >= 1, "a tap while it thinks should be answered at once"
    times = figures.decisions
    median = statistics.median(times)
    slices, thought = sorted(figures.slices), sorted(figures.thought)
    print(
        f"\nexpert in Chromium: {len(times)} decisions, median {median:.0f} ms, "
        f"max {max(times):.0f} ms (its slices alone: median {statistics.median(thought):.0f}"
        f" ms, max {max(thought):.0f} ms); {len(slices)} slices, median "
        f"{statistics.median(slices):.1f} ms, p95 {slices[int(0.95 * len(slices))]:.1f} ms, "
        f"max {max(slices):.1f} ms; {len(figures.while_thinking)} tasks over 50 ms while it "
        f"thought, longest {max(figures.while_thinking, default=0):.0f} ms; over 50 ms at "
        f"all: {len(figures.long_tasks)}, {sorted(round(d) for d in figures.long_tasks)[-5:]}"
    )
    # Sliced, not one blocking call: however loaded the machine, a task is a small part
    # of a decision.
    assert max(figures.while_thinking, default=0) < median / 3, (figures, median)
    # Resigning while it thinks ends the game; the thinking stops with it.
    if page.locator("#st-headline").count() == 0:
        ana_taps(page, rng)
        if saved_stratego_game(page).turn == "blue" and saved_stratego_game(page).result is None:
            moves = len(saved_stratego_game(page).moves)
            act(page, "resign")
            act(page, "resign-yes")
            expect(page.locator("#st-headline")).to_contain_text(f"{EXPERT}, Blue army wins")
            # On a loaded machine its move may land while she is asked (the question
            # stays); none comes after she resigned.
            resigned_at = len(saved_stratego_game(page).moves)
            assert resigned_at - moves in (0, 1)
            page.wait_for_timeout(300)
            assert len(saved_stratego_game(page).moves) == resigned_at, "no move after resigning"
    assert log.page_errors == [] and log.console_errors == []
    assert log.foreign_requests() == []
    context.close()
