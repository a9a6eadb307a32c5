"""Ideology UI benchmark: from a tap to the screen updated, on a 5-player table.

Run: ``.venv/bin/python bench/ideology_ui.py [--turns 5] [--seed 7]``

Builds the site into a temporary folder, serves it on localhost and plays a 5-player
game in headless Chromium (Debian's, same launch settings as the end-to-end tests)
entirely by taps. An engine running in this process alongside the page, fed the same
deal number, picks each action at random (seeded, leaning towards "done"/"pass" so the
turns go round) and tells the script which buttons to tap.

For every tap on a button (``data-intent``), measured in the page's own clock
from the ``click`` (a capture listener that runs before the app's):

- *DOM updated*: the first change of ``#app`` seen by a MutationObserver, i.e. when the
  app's click handler has applied the action, rendered the screen and saved the game;
- *next frame*: the following ``requestAnimationFrame`` (style and layout included).

Figures are given for the taps that apply an action (``do``), the taps that draw a whole
screen of the 5-player table (``reveal``: the table with a hand; ``continue``: the
public summary), picking a card (``card``), and separately for the heaviest: the last
diplomacy "done" of a turn, which runs the reveal, evaluation, turn order and the next
turn's resources, then draws the public summary of a 5-player table. Target: p95 of
"DOM updated" at most 50 ms.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "e2e"))
sys.path.insert(0, str(ROOT))

from browser import app_page, latency_line, percentile, tap_latency_probe  # noqa: E402
from pages import IdeologyHand, IdeologyNewGame, tap  # noqa: E402

from engine import ideology  # noqa: E402
from engine.ideology import parse  # noqa: E402

PLAYERS = ["Capitalism", "Communism", "Fascism", "Islamic Fundamentalism", "Imperialism"]
PROBE = tap_latency_probe("[data-intent]", "app")


def perform(page: Page, game: ideology.Game, action: str) -> int:
    """Tap the buttons that do ``action``; the number of taps."""
    a = parse(action)
    taps: list[tuple[str, str]] = []
    picked = 0
    if a.verb in ("place", "remove"):
        picked = int(IdeologyHand(page).pick(str(a.card_type)))
    if a.verb in ("place", "remove") and game.phase != "development":
        taps = [("ask", action)]
    elif a.verb == "attack":
        taps = [("defender", str(a.ideology)), ("attack-type", str(a.card_type)), ("ask", action)]
    elif a.verb == "buy" and page.locator("#ig-advance-list").count() == 0:
        taps = [("advances", "")]
    for act, value in [*taps, ("do", action)]:
        tap(page, act, value)
    return picked + len(taps) + 1


def choose(game: ideology.Game, player: str, rng: random.Random) -> str:
    legal = game.legal_actions(player)
    quick = [a for a in legal if a in ("done", "pass", "yield", "stop")]
    if game.phase == "diplomacy":
        chosen = game.view(player)["diplomacy"]["my_choices"] or {}
        todo = [a for a in legal if a.startswith("diplomacy") and parse(a).ideology not in chosen]
        return rng.choice(todo) if todo else "done"
    if quick and rng.random() < 0.6:
        return quick[0]
    return rng.choice(legal)


def run(turns: int, seed: int) -> tuple[list[tuple[str, float, float]], list[int]]:
    with app_page("#/ideology/new", init_script=PROBE) as page:
        IdeologyNewGame(page).fill(PLAYERS, seed=seed, limit=turns)
        tap(page, "start")
        page.wait_for_selector(".ig-report")
        game = ideology.new_game(PLAYERS, seed, turn_limit=turns)
        rng = random.Random(seed)
        heavy: list[int] = []
        taps = 0  # action taps
        clicks = 0  # every tap the probe sees
        while not game.is_terminal:
            stage = page.locator("#app").get_attribute("data-stage")
            if stage == "report":
                tap(page, "continue")
                clicks += 1
                continue
            if stage == "cover":
                tap(page, "reveal")
                clicks += 1
                continue
            player = game.to_act[0]
            action = choose(game, player, rng)
            before = len(game.log)
            clicks += perform(page, game, action)
            game.apply(player, action)
            if any(e["event"] == "turn_order" for e in game.log[before:]):
                heavy.append(clicks - 1)
            taps += 1
        page.wait_for_function(f"window.__latency.length >= {clicks}")
        samples = page.evaluate("window.__latency")
    return [(str(act), float(dom), float(frame)) for act, dom, frame in samples], heavy


def report(label: str, samples: list[tuple[str, float, float]]) -> None:
    if not samples:
        return
    print(f"{label}: {len(samples)} taps")
    for name, index in (("DOM updated", 1), ("next frame", 2)):
        print(latency_line(name, [sample[index] for sample in samples]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=5)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    samples, heavy = run(args.turns, args.seed)
    print(f"Ideology UI, 5 players, {args.turns} turns, tap on an action -> screen updated")
    for act, label in (
        ("do", "Actions (do)"),
        ("reveal", "Hand-over cover -> table with hand (reveal)"),
        ("continue", "Summary -> cover (continue)"),
        ("card", "Pick a card, targets light up (card)"),
    ):
        report(label, [sample for sample in samples if sample[0] == act])
    report("Evaluation (last diplomacy 'done' of a turn)", [samples[i] for i in heavy])
    dom = [sample[1] for sample in samples]
    verdict = "met" if percentile(dom, 0.95) <= 50 else "NOT met"
    print(f"All {len(samples)} taps: target p95 of DOM updated <= 50 ms: {verdict}")


if __name__ == "__main__":
    main()
