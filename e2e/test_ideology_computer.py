"""Ideology against two computers in real headless Chromium: one person (Ana, Capitalism)
plays by taps against Communism (greedy) and Fascism (random).

The person taps whatever their own screen offers; the page itself is watched for what it
ever draws: the "thinking" state must come, no hand-over cover and no other player's hand
may ever reach the page, even for one frame.
"""

from __future__ import annotations

from collections.abc import Iterator

from conftest import (
    SCREENSHOTS,
    VIEWPORTS,
    RunningServer,
    assert_fits,
    open_app,
    screenshot,
    wait_ready,
)
from pages import IdeologyNewGame, saved, tap
from playwright.sync_api import Browser, Page, expect

SEED = 2  # turn order Communism, Fascism, Capitalism: the computers play first
PERSON, NAME = "Capitalism", "Ana"
SEATS = [("Capitalism", "person"), ("Communism", "greedy"), ("Fascism", "random")]
TURN_LIMIT = 2
# The Ideology screens hold selects and text inputs too: every one must be touchable.
TARGETS = "a[href], button, summary, select, input"

SETTINGS = """localStorage.setItem("tablero.settings",
    JSON.stringify({"language": "en", "computer_pace": "%s"}));"""
# Everything the page ever draws, however briefly: "thinking" states, covers, and the
# owner of every hand.
WATCH = """
window.__seen = {thinking: 0, covers: 0, hands: []};
new MutationObserver((records) => {
  for (const record of records) {
    for (const node of record.addedNodes) {
      if (node.nodeType !== 1) continue;
      const all = (selector) => [
        ...(node.matches(selector) ? [node] : []), ...node.querySelectorAll(selector)];
      window.__seen.thinking += all("#computer-thinking").length;
      window.__seen.covers += all(".ig-cover").length;
      for (const hand of all(".ig-hand")) window.__seen.hands.push(hand.dataset.owner);
    }
  }
}).observe(document, {childList: true, subtree: true});
"""


# Holds back timers of the calm pause (400 ms) until ``__release()``; others run as usual.
HOLD_CALM_TIMERS = """() => {
  const original = window.setTimeout;
  window.__held = [];
  window.setTimeout = (callback, delay, ...rest) => {
    if (delay !== 400) return original(callback, delay, ...rest);
    window.__held.push(callback);
    return 0;
  };
  window.__release = () => {
    window.setTimeout = original;
    for (const callback of window.__held) original(callback, 0);
  };
}"""


def open_page(browser: Browser, server: RunningServer, pace: str, viewport: str = "portrait"):  # type: ignore[no-untyped-def]
    return open_app(
        browser, server, "#/ideology/new", viewport=viewport, init_scripts=(SETTINGS % pace, WATCH)
    )


def stage(page: Page) -> str:
    return str(page.locator("#app").get_attribute("data-stage") or "")


def seen(page: Page) -> dict:  # type: ignore[type-arg]
    return dict(page.evaluate("window.__seen"))


def set_up(page: Page, seats: list[tuple[str, str]], *, seed: int, limit: int | None) -> None:
    ideologies, kinds = [ideology for ideology, _ in seats], [kind for _, kind in seats]
    IdeologyNewGame(page).fill(ideologies, kinds=kinds, seed=seed, limit=limit)
    page.locator("#ig-seat-name-0").fill(NAME)


def wait_for_person(page: Page) -> str:
    """Wait while the computers play; the stage the person then sees."""
    page.wait_for_function(
        """() => ["turn", "report", "over"].includes(
            document.getElementById("app").dataset.stage)""",
        timeout=30_000,
    )
    return stage(page)


def person_stages(page: Page, steps: int) -> Iterator[str]:
    """Each stage the person meets while the computers play ("turn" or "report"), until
    the game is over; the game must be over within ``steps`` of them."""
    for _ in range(steps):
        now = wait_for_person(page)
        if now == "over":
            return
        yield now
    raise AssertionError(f"the game did not end within {steps} of the person's stages")


def check_own_screen(page: Page) -> None:
    """Only the person's own hand, and no cover, is on the page."""
    owners = page.locator(".ig-hand").evaluate_all("(hands) => hands.map((h) => h.dataset.owner)")
    assert owners == [PERSON], owners
    expect(page.locator(".ig-cover")).to_have_count(0)


class Person:
    """Taps any legal choice the screen offers: one discard and one placement to show
    the buttons work, every diplomacy status, otherwise ends their part."""

    def __init__(self) -> None:
        self.discarded = self.placed = False
        self.actions = 0

    def play(self, page: Page) -> None:
        offered = page.locator('[data-intent^="do "]:not([disabled])').evaluate_all(
            "(buttons) => buttons.map((b) => b.dataset.intent.slice(3))"
        )
        phase = page.locator(".ig-step.is-current").inner_text()
        self.actions += 1
        if "Diplomacy" in phase:
            pressed = page.locator('.ig-diplomacy [aria-pressed="true"]').evaluate_all(
                "(buttons) => buttons.map((b) => b.dataset.intent.split(' ')[2])"
            )
            for value in offered:
                if value.startswith("diplomacy") and value.split(" ")[1] not in pressed:
                    tap(page, "do", value)
                    return
        discards = [v for v in offered if v.startswith("discard")]
        if discards and not self.discarded:
            self.discarded = True
            tap(page, "do", discards[0])
            return
        cards = page.locator('[data-intent^="card "]')
        if "Development" in phase and cards.count() and not self.placed:
            self.placed = True
            cards.first.click()
            page.locator('.ig-tile-actions [data-intent^="do "]').first.click()
            return
        for quiet in ("done", "pass", "yield", "stop", "deflect", "play"):
            if quiet in offered:
                tap(page, "do", quiet)
                return
        raise AssertionError(f"nothing to tap among {offered}")


def play_to_the_end(page: Page, actions: int = 200) -> None:
    """The person taps through their turns (summaries too) until the game is over; only
    their own hand is ever on their screen."""
    person = Person()
    for _ in range(actions):
        now = wait_for_person(page)
        if now == "over":
            return
        if now == "report":
            tap(page, "continue")
            continue
        check_own_screen(page)
        person.play(page)
    raise AssertionError("the game did not end")


def test_one_person_plays_a_whole_game_against_two_computers_by_taps(
    browser: Browser, server: RunningServer
) -> None:
    _, page, _ = open_page(browser, server, "quick")
    set_up(page, SEATS, seed=SEED, limit=TURN_LIMIT)
    tap(page, "start")
    expect(page.locator(".ig-report")).to_be_visible()
    # Unnamed computer seats read as their ideology and "computer".
    expect(page.locator(".ig-players")).to_contain_text("Communism")
    expect(page.locator(".ig-players .ig-computer-tag")).to_have_count(2)
    person = Person()
    totals = {"thinking": 0, "covers": 0}
    owners: set[str] = set()
    reloaded = False
    reports = 0
    for now in person_stages(page, 400):
        if now == "report":
            reports += 1
            expect(page.locator(".ig-report")).to_be_visible()
            # One person: nobody to pass the tablet to.
            expect(page.locator('[data-intent="continue"]')).to_have_text("Continue")
            tap(page, "continue")
            continue
        assert now == "turn", now
        check_own_screen(page)
        expect(page.locator("#computer-thinking")).to_have_count(0)
        expect(page.locator("#screen-title")).to_contain_text(NAME)
        person.play(page)
        if not reloaded and person.actions >= 8 and stage(page) == "computer":
            # A reload while the computers play: the same game goes on, no cover.
            reloaded = True
            for key, value in seen(page).items():
                if key == "hands":
                    owners.update(value)
                else:
                    totals[key] += value
            page.reload()
            wait_ready(page)
            expect(page.locator("#app")).not_to_have_attribute("data-stage", "cover")
            if stage(page) == "computer":
                check_own_screen(page)
                expect(page.locator(".ig-dock [data-intent]")).to_have_count(0)
    assert reloaded, "the reload never happened while a computer played"
    last = seen(page)
    owners.update(last["hands"])
    totals["thinking"] += last["thinking"]
    totals["covers"] += last["covers"]
    assert totals["covers"] == 0, "one person never meets a hand-over cover"
    assert owners == {PERSON}, f"hands on the page: {owners}"
    assert totals["thinking"] > 10, "the computers' thinking state should show"
    assert reports >= TURN_LIMIT
    expect(page.locator("#ig-over-title")).to_be_visible()
    expect(page.locator(".ig-final")).to_have_count(3)
    # The autosave kept the seats through the whole game and the reload.
    assert saved(page, "ideology")["seats"] == dict(SEATS)
    # A rematch keeps the seats: the computers start playing again after the summary.
    tap(page, "rematch")
    expect(page.locator(".ig-report")).to_be_visible()
    tap(page, "continue")
    assert wait_for_person(page) in ("turn", "report")
    check_own_screen(page)


FIVE_SEATS = [
    ("Capitalism", "person"),
    ("Communism", "greedy"),
    ("Fascism", "greedy"),
    ("Islamic Fundamentalism", "greedy"),
    ("Imperialism", "greedy"),
]


def test_a_whole_five_player_game_with_four_computers_reaches_a_result(
    browser: Browser, server: RunningServer
) -> None:
    """Issue 18's done criterion: no turn limit, four computers (greedy, the strongest)
    and one person; only the rules (influence above 12, or no cards left) end the game."""
    _, page, _ = open_page(browser, server, "quick")
    set_up(page, FIVE_SEATS, seed=SEED, limit=None)
    tap(page, "start")
    person = Person()
    reports = 0
    for now in person_stages(page, 2000):
        if now == "report":
            reports += 1
            tap(page, "continue")
            continue
        check_own_screen(page)
        person.play(page)
    title = page.locator("#ig-over-title")
    expect(title).to_be_visible()
    assert title.get_attribute("data-winner") in dict(FIVE_SEATS)
    expect(page.locator(".ig-final")).to_have_count(5)
    expect(page.locator(".ig-final.is-winner")).to_have_count(1)
    assert reports >= 3, f"a whole game, not a cut-short one ({reports} turn summaries)"
    assert seen(page)["covers"] == 0
    screenshot(page, "ideology-computer-five-over-portrait")


def test_the_new_game_screen_and_the_persons_screen_while_a_computer_thinks(
    browser: Browser, server: RunningServer
) -> None:
    _, page, _ = open_page(browser, server, "calm")
    # Every seat played by the computer is refused in words; what was typed stays.
    set_up(page, [(ideology, "greedy") for ideology, _ in SEATS], seed=SEED, limit=TURN_LIMIT)
    tap(page, "start")
    expect(page.locator(".ig-error")).to_have_text("At least one seat must be played by a person.")
    expect(page.locator("#ig-seat-name-0")).to_have_value(NAME)
    expect(page.locator("#ig-seed")).to_have_value(str(SEED))
    page.locator("#ig-seat-kind-0").select_option("person")
    page.locator("#ig-seat-kind-2").select_option("random")
    expect(page.locator("#ig-seat-name-1")).to_have_attribute("placeholder", "Communism (computer)")
    # Changing the number of seats keeps each seat's choice.
    tap(page, "count", "2")
    tap(page, "count", "3")
    expect(page.locator("#ig-seat-kind-1")).to_have_value("greedy")
    expect(page.locator("#ig-seat-kind-2")).to_have_value("random")
    assert_fits(page, TARGETS)
    screenshot(page, "ideology-computer-new-portrait")
    page.set_viewport_size({"width": VIEWPORTS["phone"][0], "height": VIEWPORTS["phone"][1]})
    assert_fits(page, TARGETS, what="phone")
    screenshot(page, "ideology-computer-new-phone")
    tap(page, "start")
    expect(page.locator(".ig-report")).to_be_visible()
    # The computer's first move waits while the screenshots are taken (its timer is held
    # back, then let go): the screen is the one the person sees for the calm pause.
    page.evaluate(HOLD_CALM_TIMERS)
    tap(page, "continue")
    # Communism plays first: at the calm pace its thinking stays on the person's screen.
    thinking = page.locator("#computer-thinking")
    expect(thinking).to_be_visible()
    expect(thinking).to_contain_text("Communism (computer) is thinking")
    check_own_screen(page)
    expect(page.locator(".ig-dock [data-intent]")).to_have_count(0)
    for label in ("phone", "portrait", "landscape"):
        width, height = VIEWPORTS[label]
        page.set_viewport_size({"width": width, "height": height})
        expect(thinking).to_be_visible()
        screenshot(page, f"ideology-computer-thinking-{label}")
        # What the tablet actually shows (the full-page shot moves the sticky dock).
        path = SCREENSHOTS / f"ideology-computer-thinking-{label}-screen.png"
        page.screenshot(path=str(path))
        assert_fits(page, TARGETS)
    assert page.evaluate("window.__held.length") == 1, "one computer move at a time"
    page.evaluate("window.__release()")
    # Then the person's own turn comes, with no cover.
    assert wait_for_person(page) == "turn"
    check_own_screen(page)
    assert seen(page)["covers"] == 0


def test_two_persons_pass_covers_and_see_only_public_facts_while_the_computer_plays(
    browser: Browser, server: RunningServer
) -> None:
    _, page, _ = open_page(browser, server, "calm")
    seats = [("Capitalism", "person"), ("Communism", "person"), ("Fascism", "greedy")]
    set_up(page, seats, seed=SEED, limit=TURN_LIMIT)
    page.locator("#ig-seat-name-1").fill("Bruno")
    tap(page, "start")
    expect(page.locator(".ig-report")).to_be_visible()
    # Two persons: the summary says who takes the tablet next.
    expect(page.locator('[data-intent="continue"]')).to_contain_text("pass to Bruno")
    tap(page, "continue")
    expect(page.locator(".ig-cover h1")).to_contain_text("Bruno")
    tap(page, "reveal")
    check_hand = page.locator(".ig-hand")
    expect(check_hand).to_have_attribute("data-owner", "Communism")
    page.evaluate(HOLD_CALM_TIMERS)
    tap(page, "do", "done")
    # Fascism (the computer) plays next: Bruno's hand leaves the screen at once.
    expect(page.locator("#computer-thinking")).to_be_visible()
    expect(page.locator("#app")).to_have_attribute("data-stage", "computer")
    expect(check_hand).to_have_count(0)
    expect(page.locator(".ig-cover")).to_have_count(0)
    screenshot(page, "ideology-computer-public-portrait")
    assert_fits(page, TARGETS)
    page.evaluate("window.__release()")
    # Then the tablet goes to Ana behind the cover.
    expect(page.locator(".ig-cover h1")).to_contain_text("Ana", timeout=15_000)
    assert "ig-hand" not in page.content()


EXPERT_SEATS = [("Capitalism", "person"), ("Communism", "expert"), ("Fascism", "greedy")]


def test_a_person_plays_the_expert_by_taps_and_the_page_thinks_in_short_slices(
    browser: Browser, server: RunningServer
) -> None:
    """The expert, the strongest level, is offered and plays a whole turn: it thinks for a
    few hundred milliseconds a decision, in slices (one User Timing ``computer-move`` each)
    so that the page keeps answering; nothing hidden reaches the page meanwhile."""
    _, page, _ = open_page(browser, server, "quick")
    options = page.locator("#ig-seat-kind-1 option").evaluate_all(
        "(options) => options.map((o) => [o.value, o.textContent])"
    )
    assert options[-1] == ["expert", "Computer: expert"], options
    set_up(page, EXPERT_SEATS, seed=SEED, limit=1)
    tap(page, "start")
    play_to_the_end(page)
    slices = page.evaluate(
        """() => performance.getEntriesByName("computer-move").map((m) => m.duration)"""
    )
    actions = saved(page, "ideology")["save"]["actions"]
    expert_actions = sum(1 for player, _ in actions if player == "Communism")
    greedy_actions = sum(1 for player, _ in actions if player == "Fascism")
    assert expert_actions >= 5, actions
    # More slices than decisions: the expert's decisions were cut into several.
    assert len(slices) > expert_actions + greedy_actions + 10, (len(slices), expert_actions)
    ordered = sorted(slices)
    median = ordered[len(ordered) // 2]
    print(f"expert game: {len(slices)} slices, median {median:.1f} ms, max {ordered[-1]:.1f} ms")
    assert median < 50, ordered
    assert seen(page)["covers"] == 0 and set(seen(page)["hands"]) <= {PERSON}
    screenshot(page, "ideology-computer-expert-over-portrait")
