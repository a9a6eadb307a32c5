"""The pass-the-tablet leak check, for both games: what one player saw privately must be
nowhere in the whole document when the tablet goes to the next player (issue 14, case 10).

"Nowhere" means every string the page holds, seen or not: every text node (hidden
elements, live regions and the ``#announcer`` included), the text of every element as a
screen reader would join it, every attribute value (``aria-label``, ``title``,
``data-*``, ``value``…), the current value of every form field, and the document's title.

A game's test says what is private as a player looks at their own screen
(:meth:`Secrets.keep`, with a CSS selector of the private parts and which of their
strings are secrets) and checks the other players' screens and every cover
with :meth:`Secrets.check`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Page

#: Every string of the document, each with where it was found.
DOCUMENT_STRINGS = """(selector) => {
  const found = [];
  const squash = (text) => text.replace(/\\s+/g, " ").trim();
  const name = (el) => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "");
  const root = selector ? document.querySelectorAll(selector) : [document.documentElement];
  for (const top of root) {
    const elements = [top, ...top.querySelectorAll("*")];
    for (const el of elements) {
      for (const attribute of el.attributes) {
        found.push([`${name(el)}@${attribute.name}`, attribute.value]);
      }
      if ("value" in el && typeof el.value === "string") {
        found.push([`${name(el)}.value`, el.value]);
      }
      if (el.tagName !== "SCRIPT" && el.tagName !== "STYLE") {
        const text = squash(el.textContent || "");
        if (text) found.push([`${name(el)} text`, text]);
        for (const child of el.childNodes) {
          if (child.nodeType === Node.TEXT_NODE && squash(child.nodeValue)) {
            found.push([`${name(el)} text node`, squash(child.nodeValue)]);
          }
        }
      }
    }
  }
  if (!selector) found.push(["document.title", document.title]);
  return found;
}"""


def document_strings(page: Page, selector: str = "") -> list[tuple[str, str]]:
    """Every string of the whole document (or of the elements matching ``selector``),
    as (where, text)."""
    return [(where, text) for where, text in page.evaluate(DOCUMENT_STRINGS, selector)]


def private(page: Page, selector: str, wanted: Callable[[str, str], bool]) -> set[str]:
    """The strings of the elements matching ``selector`` that ``wanted`` accepts."""
    return {text for where, text in document_strings(page, selector) if wanted(where, text)}


@dataclass
class Secrets:
    """What each player saw privately, latest first: ``owner -> strings``."""

    held: dict[str, set[str]] = field(default_factory=dict)
    #: How many checks ran (a test asserts its checks really happened).
    checks: int = 0

    def keep(
        self, page: Page, owner: str, selector: str, wanted: Callable[[str, str], bool]
    ) -> set[str]:
        """Remember what ``owner`` sees in the elements matching ``selector`` as their
        secrets (the strings ``wanted(where, text)`` accepts), replacing what was
        remembered of them before; returns them."""
        found = private(page, selector, wanted)
        self.held[owner] = found
        return found

    def check(
        self, page: Page, moment: str, *, viewer: str | None = None, allowed: Iterable[str] = ()
    ) -> None:
        """Nothing in the whole document contains a secret of anybody but ``viewer``
        (None: a cover, which everybody may see), apart from ``allowed`` strings the
        viewer legitimately sees themselves (the same words of their own)."""
        others = [strings for owner, strings in self.held.items() if owner != viewer]
        assert all(others), f"{moment}: a player's secrets were never found on their screen"
        fine = set(allowed)
        secrets = {secret for strings in others for secret in strings if secret not in fine}
        leaks = [
            (where, secret, text)
            for where, text in document_strings(page)
            for secret in secrets
            if secret in text
        ]
        assert leaks == [], f"{moment}: a secret is in the document: {leaks[:5]}"
        self.checks += 1


def assert_no_unseen_rank(
    page: Page,
    game: Any,
    names: Iterable[str],
    unknown: str = "rank unknown",
    viewer: str = "red",
) -> None:
    """Against the computer: every square of an enemy piece ``viewer`` has not seen in
    an attack says ``unknown`` (the language's words) and names no rank (no rank mark, no
    piece name in ``names``), and the enemy's setup is nowhere in the page. ``game`` is
    the engine's game read from the autosave."""
    enemy = "blue" if viewer == "red" else "red"
    seen = game.view(viewer)["pieces"]
    hidden = [sq for sq, info in seen.items() if info["owner"] == enemy and not info["letter"]]
    assert hidden, f"{enemy} pieces should be on the board"
    markup = dict(
        page.eval_on_selector_all(
            f"#st-board .sq.has-{enemy}", "nodes => nodes.map(n => [n.id.slice(3), n.outerHTML])"
        )
    )
    words = list(names)
    for square in hidden:
        html = markup[square]
        assert 'class="rank"' not in html, square
        assert unknown in html, square
        assert not any(word in html for word in words), (square, html)
    setup = game.blue_setup if enemy == "blue" else game.red_setup
    assert setup not in page.content()
