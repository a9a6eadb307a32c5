"""The small HTML kit every screen builds its markup with (no browser import).

- :func:`button` and :func:`link`: text is escaped unless it is :class:`Markup`, made
  on purpose from markup this app built (an icon and a name, a badge...);
- :data:`INTENT`: the one attribute that says what a tap does (``data-intent="undo"``,
  ``data-intent="square e4"``), read by :mod:`ui.dom` into a :class:`ui.loop.Intent`;
- :func:`icon`: every icon of the app (:mod:`ui.icons`);
- :func:`titled_card`: a card section named by its heading;
- :func:`frame`: a screen's top bar (the way back, the title, extra links) and its body;
- :func:`real`: whether a value from the browser is something (JavaScript's null and
  undefined arrive in Python as objects of their own, not as None).

>>> button("Undo <all>", "undo")
'<button type="button" class="button" data-intent="undo"><span>Undo &lt;all&gt;</span></button>'
>>> button(Markup("<b>2</b>"), "count 2", css="ig-count", pressed=True)
'<button type="button" class="ig-count" data-intent="count 2" aria-pressed="true"><b>2</b></button>'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import wraps
from html import escape
from typing import ParamSpec, TypeVar

from ui.icons import icon

__all__ = [
    "INTENT",
    "Markup",
    "button",
    "e",
    "frame",
    "icon",
    "link",
    "real",
    "remember_last",
    "titled_card",
]

INTENT = "data-intent"


class Markup(str):
    """Markup built by this app, put in a page as it is (anything else is escaped)."""

    __slots__ = ()


def e(text: object) -> str:
    """Escaped text, quotes included (safe in an attribute)."""
    return escape(str(text), quote=True)


def _content(label: str, icon_name: str | None) -> str:
    text = label if isinstance(label, Markup) else f"<span>{escape(label)}</span>"
    return (icon(icon_name) + text) if icon_name else text


def _attributes(attributes: Mapping[str, object] | None) -> str:
    if not attributes:
        return ""
    return "".join(
        f' {name}="{e(value)}"' for name, value in attributes.items() if value is not None
    )


def button(
    label: str,
    intent: str,
    *,
    icon: str | None = None,
    primary: bool = False,
    kind: str = "",
    css: str | None = None,
    disabled: bool = False,
    pressed: bool | None = None,
    element_id: str | None = None,
    submit: bool = False,
    attributes: Mapping[str, object] | None = None,
) -> str:
    """A button that asks for ``intent`` (see :func:`ui.loop.intent_text`).

    ``css`` replaces the classes (``"button"``, ``"button button-primary"`` when
    ``primary``, plus ``kind``); ``pressed`` adds ``aria-pressed``; ``submit`` makes it
    its form's submit button (the form's submit event carries the intent then).
    """
    classes = (
        css
        if css is not None
        else " ".join(
            part for part in ("button", "button-primary" if primary else "", kind) if part
        )
    )
    extra = f' id="{e(element_id)}"' if element_id else ""
    extra += f' {INTENT}="{e(intent)}"' if intent else ""
    if pressed is not None:
        extra += f' aria-pressed="{"true" if pressed else "false"}"'
    if disabled:
        extra += ' disabled aria-disabled="true"'
    return (
        f'<button type="{"submit" if submit else "button"}" class="{classes}"{extra}'
        f"{_attributes(attributes)}>{_content(label, icon)}</button>"
    )


def link(
    label: str, href: str, *, icon: str | None = None, primary: bool = False, kind: str = ""
) -> str:
    """A link that looks like a button (it goes to another screen's address).

    >>> link("Rules", "#/rules")
    '<a class="button" href="#/rules"><span>Rules</span></a>'
    """
    classes = " ".join(
        part for part in ("button", "button-primary" if primary else "", kind) if part
    )
    return f'<a class="{classes}" href="{e(href)}">{_content(label, icon)}</a>'


def titled_card(css: str, title_id: str, title: str, body: str) -> str:
    """A card section named by its heading: ``title`` (escaped unless it is
    :class:`Markup`) in an ``<h2 id=title_id>``, then ``body`` (markup).

    >>> titled_card("log", "log-title", "Log & notes", "<p>…</p>")
    '<section class="card log" aria-labelledby="log-title"><h2 id="log-title">Log &amp; ...'
    """
    heading = title if isinstance(title, Markup) else escape(title)
    return (
        f'<section class="card {css}" aria-labelledby="{title_id}">'
        f'<h2 id="{title_id}">{heading}</h2>{body}</section>'
    )


def frame(
    title: str,
    body: str,
    *,
    back: tuple[str, str, str] | None,
    extra: str = "",
    bar_class: str = "topbar",
    body_class: str | None = "screen-body",
) -> str:
    """A screen: the top bar (``back`` is (address, label, icon), then the title as the
    page's one ``<h1>``, then ``extra`` links), then the body (wrapped in a ``<div>`` of
    ``body_class`` unless that is None)."""
    back_link = link(back[1], back[0], icon=back[2], kind="button-quiet back") if back else ""
    bar = (
        f'<header class="{bar_class}">{back_link}'
        f'<h1 id="screen-title" tabindex="-1">{escape(title)}</h1>{extra}</header>'
    )
    return bar + (body if body_class is None else f'<div class="{body_class}">{body}</div>')


def real(value: object) -> bool:
    """Whether a DOM lookup or attribute found something: not None, and not JavaScript's
    null or undefined (``JsNull``/``JsUndefined`` objects in Pyodide).

    >>> real(None), real("e4")
    (False, True)
    """
    return value is not None and type(value).__name__ not in ("JsNull", "JsUndefined")


P = ParamSpec("P")
R = TypeVar("R")


def remember_last(draw: Callable[P, R]) -> Callable[P, R]:
    """For a part of a page drawn from data that seldom changes (a move list, a map): the
    same arguments as last time (equal, or the very same objects) give the same markup
    without drawing it again. Every tap renders the whole page; this keeps that cheap.

    >>> drawn = []
    >>> @remember_last
    ... def moves(history): drawn.append(1); return ", ".join(history)
    >>> moves(["e4-e5"]), moves(["e4-e5"]), moves(["e4-e5", "e7-e6"]), len(drawn)
    ('e4-e5', 'e4-e5', 'e4-e5, e7-e6', 2)
    """
    last: list[object] = []

    @wraps(draw)
    def remembered(*args: P.args, **kwargs: P.kwargs) -> R:
        key = (args, kwargs)
        if last and last[0] == key:
            return last[1]  # type: ignore[return-value]
        result = draw(*args, **kwargs)
        last[:] = [key, result]
        return result

    return remembered
