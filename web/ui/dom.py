"""The browser side of the loop (:mod:`ui.loop`): the only module, with ``ui.app``, that
touches the page.

- :class:`Events`: one delegated listener per event type on ``#app`` for every screen.
  A tap on an element with ``data-intent`` (not disabled), a change of a control with
  one, a form's submit, an arrow key or Escape, the drop of a ``data-drag`` element on a
  ``data-drop`` one, a sideways swipe on a ``data-swipe`` element (its intent with the
  value ``next`` for a swipe to the left, ``previous`` to the right): each becomes a
  :class:`ui.loop.Intent` for the shell's dispatch;
- :func:`patch`: puts a :class:`ui.loop.Page` on the page, replacing only the sections
  whose markup changed, and gives the focus back to the element the player was on (by
  its ``id``, else its ``data-intent``) when it was replaced;
- :class:`BrowserClock`: timers and User Timing measures (``bench/`` reads them);
- :func:`download`: a file for the player (a Blob behind an object URL, no network).
"""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window

from ui.html import INTENT, real
from ui.loop import Intent, Outcome, Page, changed_sections, inner_html, opening_tag

Dispatch = Callable[[Intent], Outcome | None]
#: CSS px a pointer must travel before a press becomes a drag.
DRAG_THRESHOLD = 8
#: Half the drag image's size: the image sits centred under the finger.
GHOST_OFFSET = 28
#: CSS px a finger must travel sideways (twice as far as up or down) to be a swipe.
SWIPE_MIN = 48
KEYS = frozenset({"Escape", "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"})
FORM_CONTROLS = frozenset({"INPUT", "SELECT", "TEXTAREA"})


def form_fields(node: Any) -> dict[str, str]:
    """The named fields of the form around ``node`` (a checkbox is ``"on"`` or ``""``,
    a radio group its checked value)."""
    form = node.closest("form")
    if not real(form):
        return {}
    fields: dict[str, str] = {}
    controls = form.elements
    for index in range(int(controls.length)):
        control = controls.item(index)
        name = str(control.name or "")
        if not name:
            continue
        kind = str(control.type or "")
        if kind == "checkbox":
            fields[name] = "on" if control.checked else ""
        elif kind == "radio":
            if control.checked:
                fields[name] = str(control.value)
        elif kind not in ("submit", "button", "file"):
            fields[name] = str(control.value)
    return fields


def intent_of(node: Any, **extra: Any) -> Intent:
    return Intent.parse(str(node.getAttribute(INTENT)), fields=form_fields(node), **extra)


@dataclass
class Drag:
    key: str
    source: Any
    pointer: Any
    x: float
    y: float
    ghost: Any = None


class Events:
    """Every event of ``#app`` the screens care about, turned into intents."""

    def __init__(self, root: Any, dispatch: Dispatch) -> None:
        self.root = root
        self.dispatch = dispatch
        self.drag: Drag | None = None
        self.swipe: Drag | None = None  # a press on a data-swipe element, until it ends
        self.suppress_click = False  # the click a browser sends at the end of a drag
        self.reading: Any = None  # the file read in progress (a reference keeps it alive)
        handlers: dict[str, Callable[[Any], None]] = {
            "click": self.on_click,
            "change": self.on_change,
            "submit": self.on_submit,
            "keydown": self.on_keydown,
            "pointerdown": self.on_pointer_down,
            "pointermove": self.on_pointer_move,
            "pointerup": self.on_pointer_up,
            "pointercancel": lambda _event: self.end_drag(),
        }
        # The proxies must live as long as the listeners: they are kept here.
        self._proxies = [(name, create_proxy(self._guarded(h))) for name, h in handlers.items()]
        for name, proxy in self._proxies:
            root.addEventListener(name, proxy)

    @staticmethod
    def _guarded(handler: Callable[[Any], None]) -> Callable[[Any], None]:
        def guarded(event: Any) -> None:
            try:
                handler(event)
            except Exception:
                traceback.print_exc()

        return guarded

    def _inside(self, node: Any) -> bool:
        return real(node) and bool(self.root.contains(node))

    def on_click(self, event: Any) -> None:
        if self.suppress_click:
            self.suppress_click = False
            return
        found = event.target.closest(f"[{INTENT}]")
        if not self._inside(found) or found.hasAttribute("disabled"):
            return
        # Controls act on "change"; a form and its submit button on "submit".
        tag = str(found.tagName)
        if tag in FORM_CONTROLS or tag == "FORM" or found.getAttribute("type") == "submit":
            return
        self.dispatch(intent_of(found))

    def on_change(self, event: Any) -> None:
        target = event.target
        if not self._inside(target) or not target.hasAttribute(INTENT):
            return
        kind = str(target.getAttribute("type") or "")
        if kind == "file":
            self._read_files(target)
            return
        value = ("on" if target.checked else "") if kind == "checkbox" else str(target.value)
        self.dispatch(intent_of(target, value=value))

    def on_submit(self, event: Any) -> None:
        form = event.target
        event.preventDefault()  # the page never reloads
        submitter = event.submitter
        source = submitter if real(submitter) and submitter.hasAttribute(INTENT) else form
        if source.hasAttribute(INTENT):
            self.dispatch(intent_of(source))

    def on_keydown(self, event: Any) -> None:
        key = str(event.key)
        if key not in KEYS:
            return
        target = event.target
        on = str(target.getAttribute(INTENT) or "") if real(target) and target.getAttribute else ""
        outcome = self.dispatch(Intent("key", key, value=on))
        if outcome is not None and outcome.prevent_default:
            event.preventDefault()

    # --- files ---------------------------------------------------------------------

    def _read_files(self, control: Any) -> None:
        """A file input: the intent now (``value="reading"``), then again with each file's
        (name, text, size in bytes) as ``data`` (None if the browser could not read them).
        A file larger than the input's ``data-max-bytes`` is not read (its text is ""): it
        would be held in memory twice, JavaScript's and Python's, for nothing."""
        files = [control.files.item(i) for i in range(int(control.files.length))]
        if not files:
            return
        name = str(control.getAttribute(INTENT))
        limit = control.getAttribute("data-max-bytes")
        most = int(str(limit)) if real(limit) else None
        self.dispatch(Intent.parse(name, value="reading"))

        async def read_all() -> None:
            read: list[tuple[str, str, int]] = []
            try:
                for file in files:
                    size = int(file.size)
                    text = "" if most is not None and size > most else str(await file.text())
                    read.append((str(file.name), text, size))
            except Exception:
                traceback.print_exc()
                self.dispatch(Intent.parse(name, data=None))
                return
            self.dispatch(Intent.parse(name, data=read))

        self.reading = asyncio.ensure_future(read_all())

    # --- drag and drop -------------------------------------------------------------

    def on_pointer_down(self, event: Any) -> None:
        self.suppress_click = False
        if event.button is not None and int(event.button) != 0:
            return
        self.swipe = self._pressed(event, "data-swipe")
        self.drag = self._pressed(event, "data-drag")

    def _pressed(self, event: Any, attribute: str) -> Drag | None:
        """The press on the element with ``attribute`` under the pointer, if any."""
        source = event.target.closest(f"[{attribute}]")
        if not self._inside(source):
            return None
        return Drag(
            key=str(source.getAttribute(attribute)),
            source=source,
            pointer=event.pointerId,
            x=float(event.clientX),
            y=float(event.clientY),
        )

    def on_pointer_move(self, event: Any) -> None:
        drag = self.drag
        if drag is None or event.pointerId != drag.pointer:
            return
        x, y = float(event.clientX), float(event.clientY)
        if drag.ghost is None:
            if abs(x - drag.x) + abs(y - drag.y) < DRAG_THRESHOLD:
                return
            image = drag.source.firstElementChild
            if not real(image):
                return
            ghost = document.createElement("div")
            ghost.className = "drag-ghost"
            ghost.innerHTML = image.outerHTML
            document.body.appendChild(ghost)
            drag.ghost = ghost
        drag.ghost.style.transform = f"translate({x - GHOST_OFFSET}px, {y - GHOST_OFFSET}px)"
        event.preventDefault()

    def on_pointer_up(self, event: Any) -> None:
        self._swiped(event)
        drag = self.drag
        if drag is None or event.pointerId != drag.pointer:
            return
        dragged = drag.ghost is not None
        self.end_drag()
        if not dragged:
            return  # a plain tap: the click does the rest
        self.suppress_click = True
        under = document.elementFromPoint(event.clientX, event.clientY)
        target = under.closest("[data-drop]") if real(under) else None
        if target is not None and self._inside(target):
            self.dispatch(Intent("drop", drag.key, value=str(target.getAttribute("data-drop"))))

    def _swiped(self, event: Any) -> None:
        swipe, self.swipe = self.swipe, None
        if swipe is None or event.pointerId != swipe.pointer:
            return
        across = float(event.clientX) - swipe.x
        along = float(event.clientY) - swipe.y
        if abs(across) < SWIPE_MIN or abs(across) < 2 * abs(along):
            return
        self.suppress_click = True  # the swipe's end is no tap on a square
        direction = "next" if across < 0 else "previous"
        self.dispatch(Intent.parse(swipe.key, value=direction))

    def end_drag(self) -> None:
        if self.drag is not None and self.drag.ghost is not None:
            self.drag.ghost.remove()
        self.drag = None


# --- patching -------------------------------------------------------------------------


def _focus_key(node: Any) -> str:
    if not real(node) or node is document.body:
        return ""
    return str(node.id or "") or str(node.getAttribute(INTENT) or "")


def find(key: str) -> Any:
    """The element with this ``id``, else the first with this ``data-intent``."""
    found = document.getElementById(key)
    if real(found):
        return found
    found = document.querySelector(f'[{INTENT}="{window.CSS.escape(key)}"]')
    return found if real(found) else None


def patch(root: Any, old: Page | None, new: Page, *, keep_focus: bool = True) -> list[str] | None:
    """Put ``new`` on the page: only its changed sections, or all of it (the changed
    sections' keys, or None). The focused element, if replaced, gets its successor."""
    changed = changed_sections(old, new)
    active = document.activeElement
    key = _focus_key(active) if keep_focus else ""
    if changed is not None and old is not None:
        for section in changed:
            node = document.getElementById(section)
            if not real(node):  # the page was changed behind the loop's back: draw it whole
                changed = None
                break
            markup = new.html(section)
            inner = inner_html(markup)
            if inner is not None and opening_tag(old.sections.get(section, "")) == opening_tag(
                markup
            ):
                node.innerHTML = inner  # the element stays (an open <details>, a live region)
            else:
                node.outerHTML = markup
    if changed is None:
        root.innerHTML = new.html()
    stage = new.stage
    if str(root.getAttribute("data-stage") or "") != stage:
        if stage:
            root.setAttribute("data-stage", stage)
        else:
            root.removeAttribute("data-stage")
    if key and not active.isConnected:
        focus(key)
    return changed


def focus(key: str, *, select: bool = False) -> None:
    """Move the focus to an element (``select``: and select a text field's text, ready
    to be typed over)."""
    node = find(key)
    if node is None:
        return
    node.focus()
    if select and str(node.tagName) == "INPUT" and str(node.type) == "text":
        node.select()


def scroll_to(key: str) -> None:
    node = find(key)
    if node is not None:
        node.scrollIntoView()


def keep_in_view(key: str) -> None:
    """Bring an element up into view when it ends below the fold (a portrait tablet)."""
    node = find(key)
    if node is not None and node.getBoundingClientRect().bottom > window.innerHeight:
        node.scrollIntoView(False)


def download(name: str, text: str) -> None:
    options = to_js({"type": "application/json"}, dict_converter=window.Object.fromEntries)
    blob = window.Blob.new(to_js([text]), options)
    url = window.URL.createObjectURL(blob)
    anchor = document.createElement("a")
    anchor.href = url
    anchor.download = name
    anchor.hidden = True
    document.body.appendChild(anchor)
    anchor.click()
    anchor.remove()
    window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 60_000)


class BrowserClock:
    """The page's timers (``setTimeout``) and User Timing measures."""

    def later(self, milliseconds: int, callback: Callable[[], None]) -> Any:
        def guarded() -> None:
            try:
                callback()
            except Exception:
                traceback.print_exc()

        return window.setTimeout(create_once_callable(guarded), milliseconds)

    def cancel(self, handle: Any) -> None:
        if handle is not None:
            window.clearTimeout(handle)

    def measure(self, name: str, work: Callable[[], Any]) -> Any:
        """Run ``work``, recording its duration as a User Timing measure ``name`` (read by
        the benchmarks through ``performance.getEntriesByName``)."""
        start = self.now()
        result = work()
        self.record(name, start)
        return result

    def now(self) -> float:
        return float(window.performance.now())

    def record(self, name: str, since: float) -> None:
        options = to_js({"start": since}, dict_converter=window.Object.fromEntries)
        window.performance.measure(name, options)

    def utc_offset_minutes(self) -> int:
        return -int(window.Date.new().getTimezoneOffset())
