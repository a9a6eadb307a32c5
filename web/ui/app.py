"""Puts screens on the page and turns the player's input into changes.

One delegated listener per event type on the stable ``#app`` container (the content
is replaced on every screen change, so per-element listeners would be lost).
"""

from __future__ import annotations

import asyncio
import traceback
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window

from ui import screens, settings
from ui.games import Context, Controller, controller_class, game_in_progress
from ui.i18n import Translator
from ui.routes import GAMES, Route, parse
from ui.saves_page import SavesPage, ask_persistence, persist_state


class App:
    def __init__(self) -> None:
        self.root = document.getElementById("app")
        self.storage = self._local_storage()
        self.settings = settings.load(self.storage, str(window.navigator.language or "en"))
        self.t = Translator(self.settings.language)
        # One context shared by every game's controller; updated in place when settings change.
        self.context = Context(
            t=self.t,
            settings=self.settings,
            storage=self.storage,
            navigate=self.navigate,
            announce=self.announce,
        )
        self.controllers: dict[str, Controller] = {}
        self.active: Controller | SavesPage | None = None
        # Opening a saved game drops that game's controller, so it re-reads its autosave.
        self.saves_page = SavesPage(self.context, forget=lambda g: self.controllers.pop(g, None))
        self.persisted = persist_state(self.storage)  # the browser's last answer, if any
        # Proxies must stay referenced for as long as the listeners exist.
        self._listeners = [
            ("hashchange", window, create_proxy(self._on_hash_change)),
            ("change", self.root, create_proxy(self._on_change)),
        ]

    @staticmethod
    def _local_storage() -> Any:
        try:
            return window.localStorage
        except Exception:  # storage disabled: settings live for this visit only
            return None

    def start(self) -> None:
        for event, target, handler in self._listeners:
            target.addEventListener(event, handler)
        self.ready_seconds = window.performance.now() / 1000  # shown in Settings
        self.render(focus=False)
        document.getElementById("loading").hidden = True
        self.root.hidden = False
        document.documentElement.setAttribute("data-ready", "")
        self._tasks = [
            asyncio.ensure_future(ask_persistence(self.storage, self._on_persist_answer))
        ]

    def _on_persist_answer(self, granted: bool | None) -> None:
        self.persisted = granted
        note = document.getElementById("storage-note")
        if note:
            note.outerHTML = screens.storage_note(self.t, granted)

    def route(self) -> Route:
        return parse(str(window.location.hash))

    def navigate(self, address: str) -> None:
        window.location.hash = address

    def announce(self, message: str) -> None:
        document.getElementById("announcer").textContent = message

    def controller(self, game: str) -> Controller | None:
        if game not in self.controllers:
            factory = controller_class(game)
            if factory is None:
                return None
            self.controllers[game] = factory(self.context)
        return self.controllers[game]

    def screen_html(self, route: Route) -> str:
        t, game = self.t, route.argument
        if route.screen == "home":
            playing = game_in_progress(self.storage, GAMES)
            return screens.home(
                t,
                has_game_in_progress=playing is not None,
                continue_to=Route("game", playing, ("continue",)) if playing else None,
            )
        if route.screen == "game" and game is not None:
            return screens.not_available(t, game)
        if route.screen == "rules":
            if game is None:
                return screens.rules_index(t)
            return screens.rules(t, game, self.t.language)
        if route.screen == "settings":
            return screens.settings(t, self.settings, self.persisted, self.ready_seconds)
        return screens.not_found(t)

    def render(self, *, focus: bool = True) -> None:
        document.documentElement.lang = self.t.language
        document.title = self.t("app_title")
        route = self.route()
        if self.active is not None:
            self.active.hide()
            self.active = None
        try:
            controller: Controller | SavesPage | None = None
            if route.screen == "game":
                controller = self.controller(route.argument)
            elif route.screen == "saves":
                controller = self.saves_page
            if controller is not None:
                controller.show(self.root, route.path)
                self.active = controller
            else:
                self.root.innerHTML = self.screen_html(route)
        except Exception:
            traceback.print_exc()
            self.root.innerHTML = screens.error(self.t)
        if focus:
            # Moving focus to the new title tells screen readers the screen changed.
            title = document.getElementById("screen-title")
            if title:
                title.focus()
            window.scrollTo(0, 0)

    def _on_hash_change(self, _event: Any) -> None:
        self.render()

    def _on_change(self, event: Any) -> None:
        target = event.target
        name = target.getAttribute("data-setting")
        if not name:
            return
        self.settings = self.settings.with_changes(**{name: str(target.value)})
        settings.save(self.storage, self.settings)
        self.context.settings = self.settings
        if name == "language":
            self.t = self.context.t = Translator(self.settings.language)
            self.render(focus=False)
            # Keep keyboard focus where the player was: on the language just chosen.
            chosen = document.querySelector(f'input[name="language"][value="{self.t.language}"]')
            if chosen:
                chosen.focus()
        self.announce(self.t("settings_saved"))


def run() -> App:
    app = App()
    app.start()
    return app
