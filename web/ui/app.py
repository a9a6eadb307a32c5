"""The shell: picks the screen for the address and runs the loop (see :mod:`ui.loop`).

Every intent, from a tap or a timer, goes through :meth:`App.dispatch`; every change of
the page through :meth:`App.paint`, which renders the active screen, patches ``#app``
with :func:`ui.dom.patch`, moves the focus, speaks, and hands the result to the screen's
``after_paint``. The loop also owns what is said to screen readers (``#announcer``) and
the screen's transient notice: both are cleared at every new screen, so nothing said to
one player outlives a pass-the-tablet cover.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import traceback
from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window

from engine.saves import parse_json
from ui import dom, effects, screens, settings, store
from ui.finished_screen import FinishedScreen, ReviewHost
from ui.games import spec
from ui.html import real
from ui.i18n import Translator
from ui.loop import Context, Intent, Notice, Outcome, Page, Painted, Screen, text_of
from ui.routes import Route, parse
from ui.saves_screen import SavesScreen
from ui.stats_screen import StatsScreen

PERSIST_KEY = "tablero.storage.persist"


class App:
    def __init__(self) -> None:
        self.root = document.getElementById("app")
        self.announcer = document.getElementById("announcer")
        storage = self._local_storage()
        chosen = settings.load(storage, str(window.navigator.language or "en"))
        # One context shared by every screen; updated in place when settings change.
        self.context = Context(
            t=Translator(chosen.language),
            settings=chosen,
            storage=storage,
            clock=dom.BrowserClock(),
            dispatch=self.dispatch,
            forget=self.forget,
            persisted=persist_state(storage),
        )
        self.animator = effects.Animator(self.root)
        self.sounds = effects.Sounds(lambda: self.context.settings.sounds == "on")
        self.context.animate = self.animator.play
        self.context.sound = self.sounds.play
        self.games: dict[str, Screen] = {}
        self.shell = screens.ShellScreen(self.context)
        self.saves = SavesScreen(self.context)
        self.stats = StatsScreen(self.context)
        self.finished = FinishedScreen(self.context)
        self.review = ReviewHost(self.context)
        self.active: Screen = self.shell
        self.page: Page | None = None
        self.notice: Notice | None = None
        self.events = dom.Events(self.root, self.dispatch, self._on_input)
        #: Browser-side work after each paint, told what changed (an animation of the
        #: squares a move touched, a sound): ``hook(painted, outcome)``.
        self.painted_hooks: list[Callable[[Painted, Outcome], None]] = []
        # The proxies must stay referenced for as long as the listeners exist.
        self._on_hash_change = create_proxy(lambda _event: self.show())
        # Another window of the app changed the storage (a game played, a save
        # imported): the screen showing may want to say so or draw it.
        self._on_storage = create_proxy(self._storage_changed)

    @staticmethod
    def _local_storage() -> Any:
        try:
            return window.localStorage
        except Exception:  # storage disabled: settings live for this visit only
            return None

    def start(self) -> None:
        window.addEventListener("hashchange", self._on_hash_change)
        window.addEventListener("storage", self._on_storage)
        self.context.ready_seconds = window.performance.now() / 1000  # shown in Settings
        self.show(focus=False)
        document.getElementById("loading").hidden = True
        self.root.hidden = False
        document.documentElement.setAttribute("data-ready", "")
        self._tasks = [
            asyncio.ensure_future(ask_persistence(self.context.storage, self._on_persist_answer))
        ]

    def _on_input(self) -> None:
        """A player touches the page: the motion shown ends (the tap is handled at
        once), and sound may start (browsers allow it only after a gesture)."""
        self.animator.finish()
        self.sounds.unlock()

    def _storage_changed(self, event: Any) -> None:
        key = event.key
        try:
            self.dispatch(Intent("storage", str(key) if real(key) else ""))
        except Exception:
            traceback.print_exc()

    def _on_persist_answer(self, granted: bool | None) -> None:
        self.context.persisted = granted
        if self.active is self.shell:
            self.paint(Outcome())

    # --- the loop -------------------------------------------------------------------

    def forget(self, game: str) -> None:
        """Drop a game's screen: it reads its autosave again when next shown."""
        self.games.pop(game, None)

    def screen_for(self, route: Route) -> Screen:
        if route.screen == "saves":
            return self.saves
        if route.screen == "stats":
            return self.stats
        if route.screen == "finished":
            return self.finished
        if route.screen == "review":
            return self.review
        game = spec(route.argument or "") if route.screen == "game" else None
        if game is None:
            return self.shell
        if game.name not in self.games:
            self.games[game.name] = game.screen(self.context)
        return self.games[game.name]

    def show(self, *, focus: bool = True) -> None:
        """The address changed: the screen for it comes (a new screen)."""
        route = parse(str(window.location.hash))
        self.events.end_drag()
        self.active.leave()
        self.active = self.screen_for(route)
        try:
            redirect = self.active.enter(route)
        except Exception:
            traceback.print_exc()
            redirect = None
        if redirect is not None and redirect != str(window.location.hash):
            window.location.hash = redirect  # the hashchange brings the screen
            return
        self.notice = None
        self.paint(Outcome(), new_screen=True, focus_title=focus)

    def dispatch(self, intent: Intent) -> Outcome | None:
        """Run one intent through the active screen, then paint what it changed."""
        try:
            outcome = self.active.dispatch(intent)
        except Exception:
            # A bug must not leave the page dead: say so, keep the page as it was.
            traceback.print_exc()
            outcome = Outcome(notice=Notice(self.context.t("error_body"), alert=True))
        if outcome is None:
            return None
        if not outcome.repaint:
            if outcome.focus:
                dom.focus(outcome.focus)
            return outcome
        if not outcome.keep_notice:
            self.notice = outcome.notice
        if outcome.address is not None and outcome.address != str(window.location.hash):
            window.location.hash = outcome.address  # the hashchange brings the new screen
            return outcome
        self.paint(outcome, new_screen=outcome.new_screen)
        return outcome

    def paint(
        self, outcome: Outcome, *, new_screen: bool = False, focus_title: bool = True
    ) -> None:
        t = self.context.t
        if str(document.documentElement.lang) != t.language:
            document.documentElement.lang = t.language
        if str(document.title) != t("app_title"):
            document.title = t("app_title")
        try:
            page = self.active.render(self.notice)
        except Exception:
            traceback.print_exc()
            page = screens.error(t)
        new_screen = new_screen or self.page is None or page.screen != self.page.screen
        if new_screen:
            self.announcer.textContent = ""
            self.animator.finish()
        changed = dom.patch(
            self.root, None if new_screen else self.page, page, keep_focus=not new_screen
        )
        self.page = page
        if new_screen and focus_title:
            # Moving focus to the new title tells screen readers the screen changed.
            title = document.getElementById("screen-title")
            if real(title):
                title.focus()
            window.scrollTo(0, 0)
        elif outcome.focus:
            dom.focus(outcome.focus, select=True)
        if outcome.scroll_to:
            dom.scroll_to(outcome.scroll_to)
        if outcome.keep_in_view:
            dom.keep_in_view(outcome.keep_in_view)
        spoken = [outcome.notice.text if outcome.notice else "", outcome.announce]
        if outcome.announce_section and outcome.announce_section in page.sections:
            spoken.append(text_of(page.html(outcome.announce_section)))
        words = " ".join(part for part in spoken if part)
        if words:
            self.announcer.textContent = words
        if outcome.download is not None:
            dom.download(*outcome.download)
        painted = Painted(page, changed, new_screen)
        for hook in self.painted_hooks:
            hook(painted, outcome)
        self.active.after_paint(painted)


# --- persistent storage ---------------------------------------------------------------


def persist_state(storage: Any) -> bool | None:
    """What the browser answered last time (None: never asked, or no answer)."""
    text = store.read_item(storage, PERSIST_KEY)
    try:
        data = parse_json(text) if text else {}
    except ValueError:
        return None
    granted = data.get("granted") if isinstance(data, dict) else None
    return granted if isinstance(granted, bool) else None


async def ask_persistence(storage: Any, on_answer: Callable[[bool | None], Any]) -> None:
    """Ask for persistent storage once (remembered), else just read whether it is granted."""
    try:
        manager = window.navigator.storage
        if not real(manager):
            on_answer(None)
            return
        asked = store.read_item(storage, PERSIST_KEY)
        if asked is not None:
            granted = bool(await manager.persisted())
        else:
            granted = bool(await manager.persist())
        if storage is not None:
            with contextlib.suppress(Exception):
                storage.setItem(PERSIST_KEY, json.dumps({"asked": True, "granted": granted}))
        on_answer(granted)
    except Exception:
        traceback.print_exc()
        on_answer(None)


def run() -> App:
    app = App()
    app.start()
    # What is loaded by now (the modules, their tables, the first screen) lives as long as
    # the page: kept out of the cycle collector's sight, a full collection while the
    # computer thinks walks only what was made since, not the whole heap (which took a
    # 100-180 ms pause inside one 25 ms slice).
    gc.freeze()
    return app
