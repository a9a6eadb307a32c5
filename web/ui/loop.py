"""The one loop every screen of the app runs through (both games, saved games, the shell).

::

    tap / change / submit / key / drop / timer
        │  ui.dom turns it into an Intent (the element's ``data-intent``, its form's fields)
        ▼
    screen.dispatch(intent) ──► the session (and its selection) changes ──► Outcome
        │                                                       (notice, focus, address…)
        ▼
    screen.render(notice) ──► Page: named sections of markup (pure, tested on CPython)
        │
        ▼
    changed_sections(old, new) ──► ui.dom.patch() replaces only those elements, keeps focus
        │
        ▼
    screen.after_paint(painted) ──► timers (the computer's turn), later animations

Everything in this module is plain Python: no browser import.

A :class:`Page` is a tree of *sections*. A section's markup is a single element whose
``id`` is the section's key (or nothing at all, when the section is empty this time);
where a section sits inside its parent, the parent's markup holds a marker instead of
the child's markup. Comparing two pages section by section therefore says exactly which
elements changed, and a change inside a child never marks its parent as changed:

>>> def grid(b):
...     page = Page("demo")
...     cells = page.section("a", '<i id="a">1</i>') + page.section("b", f'<i id="b">{b}</i>')
...     page.root(f'<div id="grid">{cells}</div>')
...     return page
>>> grid(2).html()
'<div id="grid"><i id="a">1</i><i id="b">2</i></div>'
>>> changed_sections(grid(2), grid(3))
['b']
>>> changed_sections(grid(2), Page("another screen")) is None  # a new screen: drawn whole
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from ui.i18n import Translator
from ui.settings import Settings

if TYPE_CHECKING:
    from ui.routes import Route

ROOT = ""
_MARKER = "<!--§{}-->"
MARKER = re.compile(r"<!--§([^>]*?)-->")


@dataclass(frozen=True)
class Intent:
    """What the player (or a timer) asks for, read from the page by :mod:`ui.dom`.

    ``name`` and ``arg`` come from the element's ``data-intent`` (``"square e4"`` is
    name ``square``, arg ``e4``); ``value`` is a control's own value (a select, a
    checkbox: ``"on"`` or ``""``) or, for ``key`` intents, the ``data-intent`` of the
    focused element; ``fields`` are the named fields of the enclosing form, so a
    dispatch never reads the page; ``data`` carries what is no text (files read).
    """

    name: str
    arg: str = ""
    value: str = ""
    fields: Mapping[str, str] = field(default_factory=dict)
    data: Any = None

    @classmethod
    def parse(cls, text: str, **extra: Any) -> Intent:
        """``Intent.parse("do place military Iran")`` → name ``do``, arg the rest."""
        name, _, arg = text.partition(" ")
        return cls(name, arg, **extra)


def intent_text(name: str, arg: object = "") -> str:
    """The ``data-intent`` text of an element (the inverse of :meth:`Intent.parse`).

    >>> intent_text("square", "e4"), intent_text("reveal")
    ('square e4', 'reveal')
    """
    text = str(arg)
    return f"{name} {text}" if text else name


@dataclass(frozen=True)
class Notice:
    """A transient message on the screen: shown where the screen puts it and said to
    screen readers; gone at the next intent and at every screen change."""

    text: str
    alert: bool = False


@dataclass(frozen=True)
class Outcome:
    """What a dispatch did besides changing the session (all optional).

    - ``notice``: the message to show now (None: the previous one goes, unless
      ``keep_notice``: a repaint that is no answer to the player, such as another
      window's change of the saves);
    - ``announce``: words for screen readers only; ``announce_section``: say the text of
      that section of the new page (an attack's report);
    - ``focus``: an element ``id``, or a ``data-intent`` text, to move the focus to;
    - ``address``: go to this address (``#/stratego/play``); a new screen comes;
      ``new_screen``: what is drawn now is a new screen even at the same address (the
      title takes the focus, live regions and notices are cleared);
    - ``scroll_to``: an element ``id`` to scroll to the top of the view;
      ``keep_in_view``: an element ``id`` to scroll up into view if it ends below it;
    - ``download``: (file name, text) to hand to the browser as a download;
    - ``prevent_default``: the key or event was used (an arrow moved the focus);
      ``repaint``: False when nothing on the page changes (only the focus moves).
    """

    notice: Notice | None = None
    keep_notice: bool = False
    announce: str = ""
    announce_section: str = ""
    focus: str | None = None
    address: str | None = None
    new_screen: bool = False
    scroll_to: str | None = None
    keep_in_view: str | None = None
    download: tuple[str, str] | None = None
    prevent_default: bool = False
    repaint: bool = True


class Page:
    """A screen's markup as named sections (see the module's docstring).

    ``screen`` names the screen: when it differs from the previous page's, the page is a
    new screen (drawn whole, its title takes the focus, live regions and notices are
    cleared). ``stage`` is put on ``#app`` as ``data-stage`` (for styles and tests).
    """

    def __init__(self, screen: str, *, stage: str = "") -> None:
        self.screen = screen
        self.stage = stage
        self.sections: dict[str, str] = {}  # key -> own markup, children as markers
        self.parents: dict[str, str] = {}
        # key -> complete markup, built as the sections come (children come first): a
        # new screen's whole page, or a changed section, is ready without another pass.
        self._complete: dict[str, str] = {}

    def section(self, key: str, markup: str) -> str:
        """Register ``markup`` as the section ``key``; returns the marker to put where it
        sits in its parent. ``markup`` is one element with ``id="key"``, or empty."""
        if key in self.sections:
            raise ValueError(f"two sections named {key!r}")
        self.sections[key] = markup
        if "<!--§" in markup:

            def child(found: re.Match[str]) -> str:
                name = found.group(1)
                self.parents[name] = key
                return self._complete[name]

            self._complete[key] = MARKER.sub(child, markup)
        else:
            self._complete[key] = markup
        return _MARKER.format(key)

    def leaf(self, key: str, markup: str) -> str:
        """A section with no section inside it (a board square): cheaper to add."""
        self.sections[key] = self._complete[key] = markup
        return f"<!--§{key}-->"

    def root(self, markup: str) -> None:
        """The page's frame: what is not in any section, with the sections' markers."""
        self.section(ROOT, markup)

    def fill(self, key: str, markup: str) -> None:
        """Replace the markup of a section that holds no other section (a screen's
        warning drawn by what wraps the screen), and the complete markup around it.

        >>> page = Page("demo")
        >>> page.root(f"<main>{page.section('note', '')}<p>board</p></main>")
        >>> page.fill("note", '<p id="note">Resumed</p>')
        >>> page.html()
        '<main><p id="note">Resumed</p><p>board</p></main>'
        """
        self.sections[key] = self._complete[key] = markup
        for ancestor in self.ancestors(key):
            self._complete[ancestor] = MARKER.sub(
                lambda found: self._complete[found.group(1)], self.sections[ancestor]
            )

    def html(self, key: str = ROOT) -> str:
        """The complete markup of a section (the whole page by default)."""
        return self._complete[key]

    def ancestors(self, key: str) -> list[str]:
        found = []
        while key in self.parents:
            key = self.parents[key]
            found.append(key)
        return found


def changed_sections(old: Page | None, new: Page) -> list[str] | None:
    """The outermost sections whose markup differs between two pages of one screen, in
    no particular order; None when the page must be drawn whole (another screen, or its
    frame changed). A section that appears or disappears is redrawn with its parent."""
    if old is None or old.screen != new.screen or old.sections.get(ROOT) != new.sections[ROOT]:
        return None
    changed: set[str] = set()
    for key, markup in new.sections.items():
        before = old.sections.get(key)
        if before is None or before == markup:
            continue  # unchanged, or new: then its parent's markup changed as well
        if before and markup:
            changed.add(key)
        else:
            parent = new.parents.get(key, ROOT)
            if parent == ROOT:
                return None
            changed.add(parent)
    return [key for key in changed if not any(a in changed for a in new.ancestors(key))]


OPENING = re.compile(r"<([a-zA-Z][a-zA-Z0-9-]*)[^>]*>")


def opening_tag(markup: str) -> str:
    """The opening tag of a section's element (its own attributes)."""
    found = OPENING.match(markup)
    return found.group(0) if found else ""


def inner_html(markup: str) -> str | None:
    """What is inside a section's element, or None when it is not one whole element.

    A section whose opening tag did not change only needs its content replaced: the
    element stays, and with it what the player did to it (a ``<details>`` opened or
    closed) and what screen readers follow (a live region keeps announcing).

    >>> inner_html('<p id="st-message" role="status">Your move</p>')
    'Your move'
    >>> inner_html('<input id="x">') is None
    True
    """
    found = OPENING.match(markup)
    if found is None:
        return None
    closing = f"</{found.group(1)}>"
    if not markup.endswith(closing):
        return None
    return markup[found.end() : -len(closing)]


TAG = re.compile(r"<[^>]+>")
SPACES = re.compile(r"\s+")


def text_of(markup: str) -> str:
    """The words of some markup, as a screen reader would hear them.

    >>> text_of("<p>Ana moved</p><p>a piece &amp; won</p>")
    'Ana moved a piece & won'
    """
    from html import unescape

    return SPACES.sub(" ", unescape(TAG.sub(" ", markup))).strip()


@dataclass
class Painted:
    """What the last paint did, for a screen's :meth:`Screen.after_paint`: the page,
    the sections replaced (None: drawn whole) and whether it was a new screen."""

    page: Page
    changed: list[str] | None
    new_screen: bool


class Clock(Protocol):
    """Timers and time measures (the browser's in the app, a fake one in tests).

    ``now()`` is in milliseconds; ``record(name, since)`` records a measure from
    ``since`` to now (work spread over several tasks, like the computer's thinking)."""

    def later(self, milliseconds: int, callback: Callable[[], None]) -> Any: ...
    def cancel(self, handle: Any) -> None: ...
    def measure(self, name: str, work: Callable[[], Any]) -> Any: ...
    def now(self) -> float: ...
    def record(self, name: str, since: float) -> None: ...
    def utc_offset_minutes(self) -> int: ...


@dataclass
class Context:
    """What a screen may use from the shell (one object, updated in place when the
    settings change)."""

    t: Translator
    settings: Settings
    storage: Any  # window.localStorage, or None where the browser disabled it
    clock: Clock
    #: Run an intent through the loop later (a timer's, a file read's).
    dispatch: Callable[[Intent], Outcome | None] = lambda _intent: None
    #: Drop a game's screen so it reads its autosave again (a saved game was opened).
    forget: Callable[[str], None] = lambda _game: None
    #: Whether the browser promised to keep the saves (None: unknown).
    persisted: bool | None = None
    #: This visit's start-up time, navigation to the first screen (None until drawn).
    ready_seconds: float | None = None
    #: Show a move in motion (a :class:`ui.motion.Motion`; nothing where there is no
    #: page, or under reduced motion).
    animate: Callable[[Any], None] = lambda _motion: None
    #: Play a short sound effect by name (``ui.effects.EFFECTS``), if sounds are on.
    sound: Callable[[str], None] = lambda _name: None


class Screen(Protocol):
    """One screen (or a family of screens under one address, like a game's)."""

    def enter(self, route: Route) -> str | None:
        """The screen comes into view at this address; returns another address to go to
        instead, or None."""
        ...

    def leave(self) -> None:
        """Another screen is about to be shown."""
        ...

    def dispatch(self, intent: Intent) -> Outcome | None:
        """Change the session for ``intent``; None when nothing changed (no repaint)."""
        ...

    def render(self, notice: Notice | None) -> Page: ...

    def after_paint(self, painted: Painted) -> None:
        """After the page was patched (start a timer, an animation...)."""
        ...


class QuietScreen:
    """A screen with nothing to do as it comes, goes or after a paint (the saved games,
    the finished games, a review): its subclass renders and dispatches."""

    context: Context

    @property
    def storage(self) -> Any:
        return self.context.storage

    def enter(self, route: Route) -> str | None:
        return None

    def leave(self) -> None:
        pass

    def after_paint(self, painted: Painted) -> None:
        pass
