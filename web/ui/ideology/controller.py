"""The thin browser layer of Ideology: DOM events in, session changes, markup out.

Markup comes from :mod:`ui.ideology.render`, decisions from the engine through
:mod:`ui.ideology.session`. One delegated listener per event type on ``#app``.

Computer seats play one action per browser task (``ui.timer.Pending``): the screen draws
the "thinking" state, the page answers taps in between, and the game is saved after
every action, so a reload resumes the computer's turn where it was.
"""

from __future__ import annotations

import traceback
from html import escape
from typing import Any

from pyscript import document, window

from engine.ideology import IDEOLOGIES, SetupError
from ui import store
from ui.computer import PERSON, pause_ms
from ui.ideology import render
from ui.ideology.render import Ui
from ui.ideology.session import GAME, NeedsPerson, Session
from ui.listeners import Listeners
from ui.timer import Pending, measured

BASE = "#/ideology/"
PLAYERS = list(IDEOLOGIES)
#: The pause before each computer action at the "calm" pace: long enough to see the
#: thinking state and the table change, short enough that a whole turn stays brisk.
CALM_MS = 400


class Controller:
    def __init__(self, context: Any) -> None:
        self.context = context
        self.root: Any = None
        self.session: Session | None = None
        self.loaded = False
        self.ui = Ui()
        self.save_failed = False
        self.shown = False
        self.computer_turn = Pending()
        self.computer_failed = False  # the computer's last decision raised
        self.setup: dict[str, Any] = {
            "count": 3,
            "seats": [("", p) for p in PLAYERS],
            "kinds": [PERSON for _ in PLAYERS],
            "turn_limit": None,
            "error": "",
        }
        self.listeners = Listeners(
            {"click": self.on_click, "change": self.on_change, "submit": self.on_submit}
        )

    # --- shell API --------------------------------------------------------------------

    def show(self, root: Any, path: tuple[str, ...]) -> None:
        self.root = root
        self.shown = True
        self.computer_failed = False  # coming back to the game lets the computer try again
        self.listeners.attach(root)
        screen = path[0] if path else "new"
        if screen == "new":
            self.draw_new()
            return
        if self.current() is None:
            self.context.navigate(f"{BASE}new")
            return
        if screen != "play":  # "continue" from the home screen, or an old address
            self.context.navigate(f"{BASE}play")
            return
        self.ui = Ui()
        self.draw(focus_title=True)

    def hide(self) -> None:
        self.shown = False
        self.stop_computer()
        if self.session is not None:
            self.session.put_down()
        if self.root is not None:
            self.root.removeAttribute("data-stage")
        self.listeners.detach()

    # --- state --------------------------------------------------------------------------

    def current(self) -> Session | None:
        if self.session is None and not self.loaded:
            self.loaded = True
            self.session = store.load_parsed(self.context.storage, GAME, Session.from_json)
        return self.session

    def persist(self) -> None:
        if self.session is None:
            return
        ok = store.save(self.context.storage, GAME, self.session.to_json())
        self.save_failed = not ok
        if not ok:
            self.context.announce(self.context.t("ideology_save_failed"))

    # --- drawing ------------------------------------------------------------------------

    def draw_new(self) -> None:
        self.root.innerHTML = render.new_game_screen(self.context.t, self.setup)
        self._focus_title()

    def markup(self) -> str:
        session = self.session
        assert session is not None
        t = self.context.t
        game = session.game
        log_from = 0 if self.ui.full_log else max(0, len(game.log) - render.LOG_SHOWN)
        if session.stage == "cover":
            notice = t("ideology_save_failed") if self.save_failed else ""
            return render.cover_screen(t, session, notice=notice)
        if session.stage == "turn" and session.holder is not None:
            view = game.view(session.holder, log_from=log_from)
            html = render.turn_screen(t, session, view, self.ui, view["log"])
        elif session.stage == "computer" and session.holder is not None:
            view = game.view(session.watcher, log_from=log_from)
            html = render.computer_screen(
                t,
                session,
                view,
                view["log"],
                failed=self.computer_failed,
                full_log=self.ui.full_log,
            )
        else:
            view = game.view(None, log_from=log_from)
            if session.stage == "over":
                html = render.over_screen(t, session, view, view["log"], full_log=self.ui.full_log)
            else:
                html = render.report_screen(
                    t, session, view, view["log"], full_log=self.ui.full_log
                )
        if self.save_failed:
            html = (
                f'<p class="ig-error ig-save-error" role="alert">'
                f"{escape(t('ideology_save_failed'))}</p>" + html
            )
        return html

    def draw(self, *, focus_title: bool = False, keep: tuple[str, str] | None = None) -> None:
        self.root.innerHTML = self.markup()
        self.root.setAttribute("data-stage", self.session.stage if self.session else "")
        self.schedule_computer()
        if focus_title:
            self._focus_title()
            window.scrollTo(0, 0)
        elif keep is not None:
            act, value = keep
            selector = f'[data-act="{act}"]' + (f'[data-value="{value}"]' if value else "")
            found = self.root.querySelector(selector)
            if found:
                found.focus()

    # --- computer seats -----------------------------------------------------------------

    def schedule_computer(self) -> None:
        """Play the computer's next action in a later task, once its "thinking" is drawn."""
        session = self.session
        if not self.shown or self.computer_failed or session is None:
            return
        if session.stage == "computer":
            pause = pause_ms(self.context.settings.computer_pace, CALM_MS)
            self.computer_turn.start(pause, self.computer_step)

    def stop_computer(self) -> None:
        self.computer_turn.cancel()

    def computer_step(self) -> None:
        session = self.session
        if not self.shown or session is None or session.stage != "computer":
            return
        try:
            action = measured("computer-move", session.computer_choice)
            if not session.play_computer(action):
                raise RuntimeError(f"the engine refused {action!r}: {session.error}")
        except Exception:
            # A bug in the computer player must not stop the page: say so, keep the game
            # as it was (nothing was applied) and let the players try again.
            traceback.print_exc()
            session.error = None
            self.computer_failed = True
            self.draw()
            name = render.words_of(self.context.t, session).short(str(session.holder))
            self.context.announce(self.context.t("ideology_computer_failed", name=name))
            return
        self.persist()
        arrived = session.stage != "computer"
        if arrived:
            self.ui = Ui(full_log=self.ui.full_log)
        # The person's screen, or a report, takes focus as a new screen; between two
        # computer actions the page stays where the person scrolled it.
        self.draw(focus_title=arrived)

    def _focus_title(self) -> None:
        title = document.getElementById("screen-title")
        if title:
            title.focus()

    # --- events -------------------------------------------------------------------------

    def read_setup(self) -> None:
        seats = list(self.setup["seats"])
        for index in range(int(self.setup["count"])):
            name_box = self.root.querySelector(f'[data-seat-name="{index}"]')
            choice = self.root.querySelector(f'[data-seat-ideology="{index}"]')
            name = str(name_box.value) if name_box else seats[index][0]
            ideology = str(choice.value) if choice else seats[index][1]
            seats[index] = (name, ideology)
            kind = self.root.querySelector(f'[data-seat-kind="{index}"]')
            if kind:
                self.setup["kinds"][index] = str(kind.value)
        self.setup["seats"] = seats
        seed = self.root.querySelector("[data-seed]")
        if seed is not None:
            digits = "".join(ch for ch in str(seed.value) if ch.isdigit())[:9]
            self.setup["seed"] = int(digits) if digits else None
        limit = self.root.querySelector("[data-turn-limit]")
        if limit is not None:
            value = str(limit.value)
            self.setup["turn_limit"] = int(value) if value else None

    def on_submit(self, event: Any) -> None:
        if event.target.getAttribute("data-form") == "new":
            event.preventDefault()
            self.on_setup("start", "")

    def on_change(self, event: Any) -> None:
        target = event.target
        # Redrawn so the seat's badge and the name's placeholder follow the choice.
        for hook in ("data-seat-ideology", "data-seat-kind"):
            if target.hasAttribute(hook):
                self.read_setup()
                self.setup["error"] = ""
                self.draw_new()
                again = self.root.querySelector(f'[{hook}="{target.getAttribute(hook)}"]')
                if again:
                    again.focus()
                return

    def on_click(self, event: Any) -> None:
        target = event.target.closest("[data-act]")
        if not target or target.hasAttribute("disabled"):
            return
        act = str(target.getAttribute("data-act"))
        value = str(target.getAttribute("data-value") or "")
        if act == "count":
            self.on_setup(act, value)
            return
        if act == "start":
            return  # the form's submit event starts the game
        session = self.session
        if session is None:
            return
        t = self.context.t
        if act == "focus":
            self.ui.focus = None if self.ui.focus == value else value
            self.highlight()
            return
        if act == "reveal":
            session.reveal()
            self.ui = Ui()
            self.persist()
            self.draw(focus_title=True)
            return
        if act == "continue":
            session.continue_after_report()
            self.ui = Ui()
            self.persist()
            self.draw(focus_title=True)
            return
        if act == "rematch":
            self.stop_computer()
            self.session = session.rematch()
            self.ui = Ui()
            self.persist()
            self.draw(focus_title=True)
            return
        if act == "computer_retry":
            self.computer_failed = False
            self.draw(focus_title=True)
            return
        if act == "card":
            self.ui.card_type = None if self.ui.card_type == value else value
            self.ui.pending = None
            self.draw(keep=(act, value))
            self.focus_first_target()
            return
        if act == "full_log":
            self.ui.full_log = True
            self.draw()
            log = self.root.querySelector("#ig-log")
            if log:
                log.scrollIntoView()
            return
        if act == "advances":
            self.ui.advances = not self.ui.advances
            self.draw(keep=(act, ""))
            return
        if act == "defender":
            self.ui.defender = value
            self.ui.attack_type = None
            self.ui.pending = None
            self.draw(keep=(act, value))
            return
        if act == "attack_type":
            self.ui.attack_type = value
            self.ui.pending = None
            self.draw(keep=(act, value))
            self.focus_first_target()
            return
        if act == "ask":
            self.ui.pending = value
            self.draw(keep=("do", value))
            return
        if act == "cancel":
            self.ui.pending = None
            self.draw()
            return
        if act == "undo":
            if session.undo():
                self.persist()
                self.context.announce(t("ideology_undone"))
            self.ui.pending = None
            self.draw()
            return
        if act == "do":
            holder, stage = session.holder, session.stage
            ok = session.act(value)
            changed = session.holder != holder or session.stage != stage
            if ok:
                self.persist()
                same = not changed and session.game.phase == "development"
                self.ui = Ui(
                    card_type=self.ui.card_type if same else None,
                    advances=self.ui.advances and same,
                )
            self.draw(focus_title=changed, keep=None if changed else (act, value))
            if not ok and session.error:
                words = render.words_of(t, session)
                self.context.announce(words.error(session.error["code"], session.error["params"]))
            return

    def focus_first_target(self) -> None:
        """After a card or an attack is chosen, the first lit region's button takes focus."""
        first = self.root.querySelector(".ig-tile.is-target .ig-tile-actions [data-act]")
        if first:
            first.focus()

    def highlight(self) -> None:
        """Neighbour highlighting touches only the classes of the tiles concerned."""
        for old in self.root.querySelectorAll(".ig-tile.is-focus, .ig-tile.is-neighbour"):
            old.classList.remove("is-focus", "is-neighbour")
        for pressed in self.root.querySelectorAll('.ig-tile-name[aria-pressed="true"]'):
            pressed.setAttribute("aria-pressed", "false")
        focus = self.ui.focus
        if not focus or self.session is None:
            return
        region = self.session.game.regions.get(focus)
        if region is None:
            return
        from engine.ideology import REGIONS

        for tile in self.root.querySelectorAll(".ig-tile"):
            name = str(tile.getAttribute("data-region"))
            if name == focus:
                tile.classList.add("is-focus")
                button = tile.querySelector(".ig-tile-name")
                if button:
                    button.setAttribute("aria-pressed", "true")
            elif name in REGIONS[focus].adjacent:
                tile.classList.add("is-neighbour")

    def on_setup(self, act: str, value: str) -> None:
        t = self.context.t
        self.read_setup()
        if act == "count":
            self.setup["count"] = int(value)
            self.setup["error"] = ""
            self.draw_new()
            again = self.root.querySelector(f'[data-act="count"][data-value="{value}"]')
            if again:
                again.focus()
            return
        count = int(self.setup["count"])
        seats = self.setup["seats"][:count]
        kinds = self.setup["kinds"][:count]
        chosen = [ideology for _, ideology in seats]
        if len(set(chosen)) != len(chosen):
            self.setup["error"] = t("ideology_error_duplicate_choice")
            self.draw_new()
            return
        try:
            self.session = Session.start(
                chosen,
                {ideology: name for name, ideology in seats},
                seed=self.setup.get("seed"),
                turn_limit=self.setup["turn_limit"],
                seats=dict(zip(chosen, kinds, strict=True)),
            )
        except SetupError as problem:
            self.setup["error"] = t(f"ideology_setup_{problem.code}")
            self.draw_new()
            return
        except NeedsPerson:
            self.setup["error"] = t("computer_needs_person")
            self.draw_new()
            return
        self.loaded = True
        self.ui = Ui()
        self.computer_failed = False
        self.persist()
        self.context.navigate(f"{BASE}play")
