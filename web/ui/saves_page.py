"""The browser layer of the saved-games screen: DOM events in, ``ui.saves`` calls, markup
from :mod:`ui.saves_screen` out. Also asks the browser once for persistent storage.

Files are read in the browser (``File.text()``), then handed to Python as text; an export
is a Blob behind an object URL and an ``<a download>`` (same origin, no network).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import traceback
from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window

from engine.saves import parse_json
from ui import saves, store
from ui.listeners import Listeners
from ui.routes import GAMES
from ui.saves import SaveProblem
from ui.saves_screen import State, problem_text, screen

PERSIST_KEY = "tablero.storage.persist"


def real(node: Any) -> bool:
    return node is not None and type(node).__name__ != "JsNull"


def current_games(storage: Any) -> tuple[dict[str, dict[str, Any]], frozenset[str]]:
    """Each game's autosave that opens, summarised (games without one are left out), and
    the games whose latest save was damaged (they go on from the copy before it)."""
    found = {}
    recovered = set()
    for game in GAMES:
        loaded = saves.in_progress(storage, game)
        if loaded.value is not None:
            found[game] = loaded.value
            if loaded.recovered:
                recovered.add(game)
    return found, frozenset(recovered)


class SavesPage:
    def __init__(self, context: Any, forget: Callable[[str], Any]) -> None:
        self.context = context
        self.forget = forget  # drops the shell's cached controller of a game
        self.root: Any = None
        self.state = State()
        self.listeners = Listeners(
            {
                "click": self.on_click,
                "submit": self.on_submit,
                "change": self.on_change,
                "keydown": self.on_keydown,
            },
            on_error=lambda: self.say(self.context.t("error_body"), error=True),
        )
        self.reading: Any = None  # the import in progress (a reference keeps it alive)
        # Another window changing the saves (a game played, a save imported) redraws the
        # lists, unless a question is open here.
        self.on_storage_proxy = create_proxy(self.on_storage)

    # --- shell API ----------------------------------------------------------------------

    def show(self, root: Any, path: tuple[str, ...]) -> None:
        self.root = root
        self.listeners.attach(root)
        window.addEventListener("storage", self.on_storage_proxy)
        self.state = State()
        self.draw()

    def hide(self) -> None:
        self.listeners.detach()
        window.removeEventListener("storage", self.on_storage_proxy)

    def on_storage(self, event: Any) -> None:
        key = event.key
        ours = not real(key) or str(key).startswith("tablero.")
        state = self.state
        if ours and not (state.renaming or state.deleting or state.opening):
            try:
                self.draw()
            except Exception:
                traceback.print_exc()

    # --- drawing ------------------------------------------------------------------------

    @property
    def storage(self) -> Any:
        return self.context.storage

    def draw(self, focus: str | None = None) -> None:
        offset = -int(window.Date.new().getTimezoneOffset())
        if not self.state.message and not saves.available(self.storage):
            self.state.message = self.context.t("saves_error_storage_unavailable")
            self.state.message_kind = "error"
        current, recovered = current_games(self.storage)
        self.root.innerHTML = screen(
            self.context.t,
            current=current,
            recovered=recovered,
            entries=saves.list_saves(self.storage),
            state=self.state,
            now=saves.now_iso(),
            offset_minutes=offset,
        )
        if focus:
            target = document.querySelector(focus)
            if real(target):
                target.focus()
                if target.tagName == "INPUT" and target.type == "text":
                    target.select()

    def say(self, text: str, *, error: bool = False, focus: str | None = None) -> None:
        self.state.message = text
        self.state.message_kind = "error" if error else "ok"
        self.draw(focus=focus or "#saves-message")
        self.context.announce(text)

    def problem(self, problem: SaveProblem, focus: str | None = None) -> None:
        self.say(problem_text(self.context.t, problem), error=True, focus=focus)

    # --- events -------------------------------------------------------------------------

    def on_click(self, event: Any) -> None:
        button = event.target.closest("[data-saves-act]")
        if not real(button):
            return
        act = str(button.getAttribute("data-saves-act"))
        save_id = str(button.getAttribute("data-id") or "")
        t = self.context.t
        back = f'[data-saves-act="{act}"][data-id="{save_id}"]'
        try:
            if act == "export-all":
                entries = saves.list_saves(self.storage)
                self.download(entries)
                return
            if act == "cancel":
                self.state = State()
                self.draw(focus=f'[data-saves-act="open"][data-id="{save_id}"]')
                return
            entry = saves.get(self.storage, save_id)
            if act == "rename":
                self.state = State(renaming=save_id)
                self.draw(focus=f"#saves-rename-{save_id}")
            elif act == "delete":
                self.state = State(deleting=save_id)
                self.draw(focus=f'[data-saves-act="cancel"][data-id="{save_id}"]')
            elif act == "delete-yes":
                saves.delete(self.storage, save_id)
                self.state = State()
                self.say(t("saves_deleted", name=entry.name))
            elif act == "duplicate":
                copy = saves.duplicate(self.storage, save_id, t("saves_copy_name", name=entry.name))
                self.state = State()
                self.say(
                    t("saves_duplicated", name=copy.name),
                    focus=f'[data-saves-act="open"][data-id="{copy.id}"]',
                )
            elif act == "export":
                self.download([entry])
            elif act == "open":
                # Ask first when it would replace a different unfinished game.
                playing = saves.in_progress(self.storage, entry.game)
                unfinished = playing.value is not None and playing.value.get("stage") != "over"
                if unfinished and json.dumps(entry.session, sort_keys=True) != json.dumps(
                    parse_json(playing.text or "null"), sort_keys=True
                ):
                    self.state = State(opening=save_id)
                    self.draw(focus=f'[data-saves-act="open-yes"][data-id="{save_id}"]')
                else:
                    self.open(save_id)
            elif act == "open-yes":
                self.open(save_id)
        except SaveProblem as problem:
            self.state = State()
            self.problem(problem, focus=back)

    def on_keydown(self, event: Any) -> None:
        """Escape closes an open question (rename, delete, open) like Cancel."""
        state = self.state
        asked = state.renaming or state.deleting or state.opening
        if str(event.key) != "Escape" or not asked:
            return
        event.preventDefault()
        self.state = State()
        self.draw(focus=f'[data-saves-act="open"][data-id="{asked}"]')

    def on_submit(self, event: Any) -> None:
        form = event.target
        kind = str(form.getAttribute("data-saves-form") or "")
        if not kind:
            return
        event.preventDefault()
        name = str(form.querySelector('input[name="name"]').value)
        t = self.context.t
        try:
            if kind == "save-as":
                game = str(form.getAttribute("data-game"))
                playing = saves.in_progress(self.storage, game).text
                entry = saves.save_as(self.storage, game, playing, name)
                self.state = State()
                self.say(
                    t("saves_saved", name=entry.name),
                    focus=f'[data-saves-act="open"][data-id="{entry.id}"]',
                )
            elif kind == "rename":
                save_id = str(form.getAttribute("data-id"))
                entry = saves.rename(self.storage, save_id, name)
                self.state = State()
                self.say(
                    t("saves_renamed", name=entry.name),
                    focus=f'[data-saves-act="rename"][data-id="{save_id}"]',
                )
        except SaveProblem as problem:
            # Keep the form as it was (the player's typing too) and say what went wrong.
            field = str(form.getAttribute("data-game") or form.getAttribute("data-id") or "")
            self.state.typed = {field: name}
            self.problem(problem, focus=f'[data-saves-form="{kind}"] input[name="name"]')

    def on_change(self, event: Any) -> None:
        target = event.target
        if str(target.id) != "saves-import":
            return
        files = [target.files.item(i) for i in range(int(target.files.length))]
        if not files:
            return
        # Said on screen too: checking a large file takes seconds.
        self.state = State()
        self.say(self.context.t("saves_reading_files"))
        self.reading = asyncio.ensure_future(self.read_files(files))

    async def read_files(self, files: list[Any]) -> None:
        t = self.context.t
        try:
            sizes = [int(f.size) for f in files]
            # A file over the limit is never read: it could not be a save, and reading
            # it would hold all of it in memory twice (JavaScript's and Python's).
            texts = [
                (str(f.name), str(await f.text()) if size <= saves.MAX_FILE_BYTES else "")
                for f, size in zip(files, sizes, strict=True)
            ]
            entries = saves.import_files(self.storage, texts, sizes=sizes)
        except SaveProblem as problem:
            self.state = State()
            self.problem(problem)  # the message, at the top, takes the focus
            return
        except Exception:
            traceback.print_exc()
            self.state = State()
            self.say(t("error_body"), error=True)
            return
        self.state = State()
        if len(entries) == 1:
            self.say(
                t("saves_imported_one", name=entries[0].name),
                focus=f'[data-saves-act="open"][data-id="{entries[0].id}"]',
            )
        else:
            self.say(t("saves_imported_many", count=len(entries)), focus="#saves-list-title")

    # --- actions ------------------------------------------------------------------------

    def open(self, save_id: str) -> None:
        entry = saves.open_save(self.storage, save_id)
        self.forget(entry.game)
        self.state = State()
        self.context.navigate(f"#/{entry.game}/continue")

    def download(self, entries: list[saves.Entry]) -> None:
        name = saves.file_name(entries)
        text = saves.export_text(entries)
        options = to_js({"type": "application/json"}, dict_converter=window.Object.fromEntries)
        blob = window.Blob.new(to_js([text]), options)
        url = window.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = name
        link.hidden = True
        document.body.appendChild(link)
        link.click()
        link.remove()
        window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 60_000)
        self.state = State()
        self.say(self.context.t("saves_exported", file=name))


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
        if not real(manager) or type(manager).__name__ == "JsUndefined":
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
