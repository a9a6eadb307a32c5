"""What a player taps on each screen, and the game the page saved, written once for the
end-to-end tests and the browser benchmarks (``bench/*_ui.py`` import this module too).

Every control that does something carries its intent in ``data-intent`` ("card
military", "do place economic Egypt"…), so a tap names the intent, never a CSS path.
"""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from engine import stratego

# A destination on the Stratego board shows a dot (empty square) or a ring (enemy piece).
DESTINATION = re.compile(r"\bdest(-attack)?\b")


#: The autosave of a game in progress ("stratego" or "ideology") as stored: text, or null.
SAVED_TEXT = "(game) => localStorage.getItem(localStorage.getItem(`tablero.${game}.current`))"
#: The same once it holds a game: a tap returns before the page has saved what it did,
#: and Stratego's save holds no game ("engine": null) until both armies are ready.
SAVED_GAME = """([game, field]) => {
    const text = localStorage.getItem(localStorage.getItem(`tablero.${game}.current`));
    return text && JSON.parse(text)[field] ? text : null;
}"""
#: The field of each game's autosave that holds the game itself.
GAME_FIELD = {"stratego": "engine", "ideology": "save"}
SAVE_WAIT_MS = 10_000


def saved_text(page: Page, game: str) -> str | None:
    """The autosave of ``game``'s game in progress, as the page stored it."""
    text: str | None = page.evaluate(SAVED_TEXT, game)
    return text


def saved(page: Page, game: str) -> dict[str, Any]:
    """The autosave of ``game``'s game in progress, read once it holds the game."""
    try:
        handle = page.wait_for_function(
            SAVED_GAME, arg=[game, GAME_FIELD[game]], timeout=SAVE_WAIT_MS
        )
    except PlaywrightTimeoutError:
        raise AssertionError(f"no {game} game saved after {SAVE_WAIT_MS} ms") from None
    save: dict[str, Any] = json.loads(handle.json_value())
    return save


def saved_stratego_game(page: Page) -> stratego.Game:
    """The Stratego game the page saved, replayed by the engine."""
    return stratego.from_json(saved(page, "stratego")["engine"])


def tap(page: Page, intent: str, value: str | None = None) -> None:
    """Tap the first control for ``intent`` (its words, or the verb and ``value``)."""
    wanted = f"{intent} {value}" if value else intent
    page.locator(f'[data-intent="{wanted}"]').first.click()


class StrategoSetup:
    """The setup screen behind an army's cover."""

    def __init__(self, page: Page) -> None:
        self.page = page

    def fill_at_random(self) -> None:
        """Show the army, fill it at random and declare it ready."""
        for intent in ("reveal", "setup-fill", "setup-ready"):
            tap(self.page, intent)

    def use_builtin(self, name: str) -> None:
        """Show the army, put the built-in setup ``name`` on the board, declare it ready."""
        page = self.page
        tap(page, "reveal")
        page.select_option("#st-preset", f"builtin:{name}")
        tap(page, "setup-use")
        tap(page, "setup-ready")


class StrategoBoard:
    """The board of the player to move."""

    def __init__(self, page: Page) -> None:
        self.page = page

    def move(self, move: str, *, check_destination: bool = True) -> None:
        """Tap the piece, then its destination (``move`` in notation, "b4-b5")."""
        origin, target = move.split("-")
        self.page.locator(f"#sq-{origin}").click()
        square = self.page.locator(f"#sq-{target}")
        if check_destination:
            expect(square).to_have_class(DESTINATION)
        square.click()


class IdeologyNewGame:
    """The new-game form of Ideology: seats, turn limit, deal number."""

    def __init__(self, page: Page) -> None:
        self.page = page

    def fill(
        self,
        ideologies: list[str],
        *,
        seed: int,
        limit: int | None,
        names: dict[str, str] | None = None,
        kinds: list[str] | None = None,
    ) -> None:
        """One seat per ideology, in order (named, and a person or a computer level, when
        given); the deal and the turn limit (None: no limit). Starting is the caller's
        tap."""
        page = self.page
        tap(page, "count", str(len(ideologies)))
        for index, ideology in enumerate(ideologies):
            page.locator(f"#ig-seat-ideology-{index}").select_option(ideology)
            if names:
                page.locator(f"#ig-seat-name-{index}").fill(names[ideology])
            if kinds:
                page.locator(f"#ig-seat-kind-{index}").select_option(kinds[index])
        page.locator("#ig-turn-limit").select_option("" if limit is None else str(limit))
        page.locator("#ig-seed").fill(str(seed))


class IdeologyHand:
    """The holder's hand of cards."""

    def __init__(self, page: Page) -> None:
        self.page = page

    def pick(self, card_type: str) -> bool:
        """Choose a card type unless it is chosen already; whether it tapped."""
        card = self.page.locator(f'[data-intent="card {card_type}"]')
        if card.get_attribute("aria-pressed") == "true":
            return False
        card.click()
        return True
