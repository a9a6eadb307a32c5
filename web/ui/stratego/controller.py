"""The thin browser layer of Stratego: DOM events in, session changes, markup out.

Everything it draws comes from :mod:`ui.stratego.render`; every decision from
:mod:`ui.stratego.session` (which asks the engine). One delegated listener per event
type on the ``#app`` root, removed by ``hide()``.

Against the computer, its turns run as short timer tasks (``ui.timer.Pending``): the
screen first draws the "thinking" state, then the computer's setup or move is played
and only the squares it changed are redrawn. ``hide()`` cancels a pending turn; the
next ``show()`` (a reload too) schedules it again.
"""

from __future__ import annotations

import random
import traceback
from typing import Any

from pyscript import document, window

from engine.stratego import BUILTIN_SETUPS, ai, fill_setup, human_setups
from ui import store as shared_store
from ui.computer import PERSON, pause_ms, people, seat_value
from ui.listeners import Listeners
from ui.stratego import render, store
from ui.stratego.render import Ui
from ui.stratego.session import (
    PLAYERS,
    Message,
    Session,
    default_name,
    is_default_name,
    names_for_seats,
)
from ui.stratego.setup_board import square_of
from ui.timer import Pending, measured

BASE = "#/stratego/"
DRAG_THRESHOLD = 8  # CSS px a pointer must travel before a press becomes a drag
OPTION_FIELDS = render.OPTION_NAMES
#: How long the computer's "thinking" stays on screen at the calm pace: long enough to
#: see which move was yours and which is its reply, short enough not to wait for it.
CALM_MS = 600
#: The name of the User Timing measure of each computer decision (read by the bench).
COMPUTER_MEASURE = "computer-move"


def real(node: Any) -> bool:
    """Whether a DOM lookup found something (JavaScript's null arrives as JsNull)."""
    return node is not None and type(node).__name__ != "JsNull"


def canonical(session: Session) -> str:
    if session.stage == "setup":
        return f"{BASE}setup/{session.player}"
    if session.stage == "over":
        return f"{BASE}over"
    return f"{BASE}play"


class Controller:
    def __init__(self, context: Any) -> None:
        self.context = context
        self.root: Any = None
        self.session: Session | None = None
        self.loaded = False
        self.view: dict[str, Any] | None = None
        self.tray_letter: str | None = None
        self.setup_cell: int | None = None
        self.drag: dict[str, Any] | None = None
        self.suppress_click = False  # the click a browser sends at the end of a drag
        self.save_failed = False
        self.computer_turn = Pending()
        self.listeners = Listeners(
            {
                "click": self.on_click,
                "change": self.on_change,
                "keydown": self.on_keydown,
                "pointerdown": self.on_pointer_down,
                "pointermove": self.on_pointer_move,
                "pointerup": self.on_pointer_up,
                "pointercancel": self.on_pointer_cancel,
            },
            on_error=lambda: self.say(Message("stratego_error_unknown", alert=True)),
        )

    # ------------------------------------------------------------------ shell API

    def show(self, root: Any, path: tuple[str, ...]) -> None:
        self.root = root
        self.listeners.attach(root)
        screen = path[0] if path else "new"
        if screen == "new":
            self.current()  # the last game's names and seats are the form's defaults
            self.root.innerHTML = render.new_game_screen(
                self.ui(),
                self.default_names(),
                self.context.settings.stratego_numbering,
                self.default_seats(),
            )
            return
        session = self.current()
        if session is None:
            self.context.navigate(f"{BASE}new")
            return
        address = canonical(session)
        if "#/stratego/" + "/".join(path) != address:
            self.context.navigate(address)
            return
        self.draw()

    def hide(self) -> None:
        self.listeners.detach()
        self._end_drag()
        self.cancel_computer_turn()
        # Whoever comes back to the game (from the rules, from home) meets the cover.
        if self.session is not None:
            self.session.hide_secrets()

    # ------------------------------------------------------------------ helpers

    def ui(self) -> Ui:
        numbering = (
            self.session.numbering
            if self.session is not None
            else self.context.settings.stratego_numbering
        )
        return Ui(self.context.t, self.context.t.language, numbering)

    def default_names(self) -> dict[str, str]:
        t = self.context.t
        names = {"red": t("stratego_army_red"), "blue": t("stratego_army_blue")}
        if self.session is not None:
            names = dict(self.session.names)
        return names

    def default_seats(self) -> dict[str, str]:
        if self.session is not None:
            return dict(self.session.seats)
        return {player: PERSON for player in PLAYERS}

    def current(self) -> Session | None:
        if not self.loaded:
            self.loaded = True
            self.session = shared_store.load_parsed(
                self.context.storage, store.GAME, Session.from_json
            )
        return self.session

    def save(self) -> None:
        if self.session is None:
            return
        ok = store.save_session(self.context.storage, self.session.to_json())
        if ok != (not self.save_failed):
            self.save_failed = not ok
            self._show_save_warning()

    def _show_save_warning(self) -> None:
        old = document.getElementById("st-save-warning")
        if real(old):
            old.remove()
        if self.save_failed and self.root is not None:
            note = document.createElement("p")
            note.id = "st-save-warning"
            note.className = "st-warning"
            note.setAttribute("role", "alert")
            note.textContent = self.context.t("stratego_save_failed")
            self.root.prepend(note)

    def el(self, element_id: str) -> Any:
        return document.getElementById(element_id)

    def say(self, message: Message | None) -> None:
        box = self.el("st-message")
        if not real(box):
            box = self.el("st-setup-extra")
        text = render.message_text(self.ui(), message) if message is not None else ""
        if real(box):
            box.textContent = text
            box.classList.toggle("alert", bool(message and message.alert))
        if text:
            self.context.announce(text)

    # ------------------------------------------------------------------ drawing

    def draw(self, focus: bool = False) -> None:
        session = self.session
        assert session is not None
        ui = self.ui()
        self.tray_letter = None
        self.setup_cell = None
        self.view = None
        if session.covered or session.stage == "draw_offer":
            html = render.cover_screen(ui, session)
        elif session.stage == "setup" and session.computer_to_act():
            html = render.computer_setup_screen(ui, session)
        elif session.stage == "setup":
            html = render.setup_screen(
                ui, session, store.saved_setups(self.context.storage), None, None
            )
        elif session.stage == "over":
            html = render.over_screen(ui, session)
        else:
            self.view = session.view()
            html = render.play_screen(ui, session, self.view)
        self.root.innerHTML = html
        self._show_save_warning()
        if focus:
            title = self.el("screen-title")
            if real(title):
                title.focus()
            window.scrollTo(0, 0)
        last = self.view.get("last_move") if self.view else None
        if last and last.get("attack"):
            self.show_status()
        self.schedule_computer_turn()

    def show_status(self) -> None:
        """Bring the move's outcome (and the buttons after it) into view when the board
        pushed it below the fold (portrait tablets)."""
        status = self.el("st-status")
        if real(status) and status.getBoundingClientRect().bottom > window.innerHeight:
            status.scrollIntoView(False)

    def go(self) -> None:
        """After a change of stage: save, then show the right screen (and address)."""
        assert self.session is not None
        self.save()
        address = canonical(self.session)
        if str(window.location.hash) != address:
            self.context.navigate(address)  # the shell calls show() again
        else:
            self.draw(focus=True)

    def redraw_squares(self, squares: set[str]) -> None:
        session = self.session
        assert session is not None and self.view is not None
        ui = self.ui()
        marks = render.board_marks(session, self.view)
        pieces = self.view["pieces"]
        active = document.activeElement
        focused = str(active.id) if real(active) else ""
        for square in squares:
            node = self.el(f"sq-{square}")
            if node is None:
                continue
            node.outerHTML = render.square_html(
                ui, square, pieces.get(square), session.viewer, marks.get(square, ())
            )
        if focused.startswith("sq-") and focused[3:] in squares:
            node = self.el(focused)
            if real(node):
                node.focus()

    def redraw_side(self) -> None:
        session = self.session
        assert session is not None and self.view is not None
        ui = self.ui()
        status = self.el("st-status")
        report = render.report_html(ui, session, self.view, session.viewer)
        if real(status):
            status.innerHTML = (
                render.status_html(ui, session)
                + f'<div id="st-report">{report}</div>'
                + '<p id="st-message" class="st-message" role="status" aria-live="polite"></p>'
                + f'<div id="st-actions">{render.actions_html(ui, session)}</div>'
            )
        graves = self.el("st-graves")
        if real(graves):
            graves.outerHTML = render.graveyards_html(ui, session, self.view)
        moves = self.el("st-moves")
        if real(moves):
            moves.outerHTML = render.move_list_html(ui, self.view)

    def redraw_actions(self) -> None:
        actions = self.el("st-actions")
        if real(actions) and self.session is not None:
            actions.innerHTML = render.actions_html(self.ui(), self.session)

    def after_board_change(self, touched: set[str]) -> None:
        """The game changed (move, undo, rescue): redraw only the squares that differ."""
        session = self.session
        assert session is not None
        old = self.view or {"pieces": {}, "last_move": None}
        if session.stage == "over":
            self.go()
            return
        new = session.view()
        self.view = new
        changed = set(touched)
        old_pieces, new_pieces = old["pieces"], new["pieces"]
        for square in old_pieces.keys() | new_pieces.keys():
            if old_pieces.get(square) != new_pieces.get(square):
                changed.add(square)
        for last in (old.get("last_move"), new.get("last_move")):
            if last:
                changed |= {last["from"], last["to"]}
                if last.get("rescue"):
                    changed.add(last["rescue"]["square"])
        self.redraw_squares(changed)
        self.redraw_side()
        self.save()
        attacked = bool(new.get("last_move") and new["last_move"].get("attack"))
        if session.stage == "moved" or (session.solo and attacked):
            self.show_status()
        report = self.el("st-report")
        if real(report) and report.textContent:
            self.context.announce(str(report.textContent))
        self.schedule_computer_turn()

    # ------------------------------------------------------------------ the computer

    def schedule_computer_turn(self) -> None:
        """If the computer is to play, play it after the pace's pause (the "thinking"
        state is already drawn), as its own short task."""
        session = self.session
        if session is None or not session.computer_to_act():
            return
        pause = pause_ms(self.context.settings.computer_pace, CALM_MS)
        self.computer_turn.start(pause, self.play_computer_turn)

    def cancel_computer_turn(self) -> None:
        self.computer_turn.cancel()

    def play_computer_turn(self) -> None:
        session = self.session
        if session is None or not session.computer_to_act():
            return
        stage = session.stage
        try:
            measured(COMPUTER_MEASURE, session.computer_act)
        except Exception:
            # A bug in the computer must not kill the page: the game stays as it was
            # saved, and the person is told to reload.
            traceback.print_exc()
            name = session.names[session.player]
            self.say(Message("stratego_computer_failed", {"name": name}, alert=True))
            return
        if session.stage != stage or stage == "setup" or self.view is None:
            self.go()
        else:
            self.after_board_change(set())

    # ------------------------------------------------------------------ events

    def on_click(self, event: Any) -> None:
        if self.suppress_click:
            self.suppress_click = False
            return
        target = event.target
        found = target.closest("[data-action], [data-square], [data-letter], [data-rescue]")
        if not real(found) or self.root is None or not self.root.contains(found):
            return
        action = found.getAttribute("data-action")
        if real(action):
            if found.hasAttribute("disabled"):
                return
            self.do(str(action))
            return
        square = found.getAttribute("data-square")
        if real(square):
            self.tap_square(str(square))
            return
        letter = found.getAttribute("data-letter")
        if real(letter):
            self.tap_tray(str(letter))
            return
        rescue = found.getAttribute("data-rescue")
        if real(rescue) and self.session is not None:
            result = self.session.choose_rescue(str(rescue))
            self.redraw_squares(result.squares)
            self.redraw_actions()

    def do(self, action: str) -> None:
        if action == "new-start":
            self.start_new()
            return
        session = self.session
        if session is None:
            return
        if action == "reveal":
            session.reveal()
            self.save()
            self.draw(focus=True)
        elif action.startswith("setup-"):
            self.setup_action(action)
        elif action == "undo":
            pair = session.solo and session.stage == "turn"
            if session.undo():
                self.after_board_change(set())
                if pair:
                    opponent = session.names[session.computer or "blue"]
                    self.say(Message("stratego_undone_pair", {"name": opponent}))
                else:
                    self.say(Message("stratego_undone"))
        elif action == "hand-over":
            session.hand_over()
            self.go()
        elif action == "offer-draw" and session.solo:
            self.offer_draw_to_computer()
        elif action == "offer-draw":
            session.offer_draw()
            self.go()
        elif action in ("draw-accept", "draw-decline"):
            session.answer_draw(action == "draw-accept")
            self.go()
        elif action == "resign":
            session.confirm_resign = True
            self.redraw_actions()
        elif action == "resign-no":
            session.confirm_resign = False
            self.redraw_actions()
        elif action == "resign-yes":
            session.resign()
            self.go()
        elif action == "rescue-none":
            session.choose_rescue(None)
            self.after_board_change(set())
        elif action == "rematch":
            self.cancel_computer_turn()
            self.session = session.rematch()
            self.go()

    def offer_draw_to_computer(self) -> None:
        session = self.session
        assert session is not None
        selection = {session.selected, *session.targets} - {None}
        answer = measured(COMPUTER_MEASURE, session.offer_draw_to_computer)
        if answer is None:
            return
        if answer:
            self.go()  # the game is over: drawn by agreement
            return
        self.after_board_change({square for square in selection if square})
        opponent = session.names[session.computer or "blue"]
        self.say(Message("stratego_draw_declined", {"name": opponent}))

    def read_seats(self) -> dict[str, str]:
        seats = {}
        for player in PLAYERS:
            select = self.el(f"st-seat-{player}")
            seats[player] = seat_value(
                str(select.value) if real(select) else PERSON, ai.SEAT_LEVELS
            )
        return seats

    def on_change(self, event: Any) -> None:
        """A seat changed: a name still at its default follows it ("Blue" becomes
        "Computer (hard)" and back); a typed name stays."""
        target = event.target
        player = target.getAttribute("data-seat") if real(target) else None
        if not real(player):
            return
        player = str(player)
        field = self.el(f"st-name-{player}")
        t = self.context.t
        if real(field) and is_default_name(t, str(field.value)):
            field.value = default_name(t, player, self.read_seats()[player])
        self.say(None)

    def start_new(self) -> None:
        seats = self.read_seats()
        if not people(seats):
            # Nothing typed is lost: the form stays as it is, with the reason beside it.
            self.say(Message("computer_needs_person", alert=True))
            return
        typed = {}
        for player in PLAYERS:
            field = self.el(f"st-name-{player}")
            typed[player] = str(field.value) if real(field) else ""
        names = names_for_seats(self.context.t, typed, seats)
        options: dict[str, Any] = {}
        for name in OPTION_FIELDS:
            box = self.el(f"st-opt-{name}")
            options[name] = bool(real(box) and box.checked)
        isf = self.el("st-opt-isf")
        options["two_squares_limit"] = 3 if real(isf) and isf.checked else 2
        chosen = document.querySelector('input[name="st-numbering"]:checked')
        numbering = str(chosen.value) if real(chosen) else "european"
        from engine.stratego import Options

        self.cancel_computer_turn()
        self.session = Session.new(names, Options.from_dict(options), numbering, seats)
        self.loaded = True
        self.go()

    # ------------------------------------------------------------------ play

    def tap_square(self, square: str) -> None:
        session = self.session
        if session is None or session.covered:
            return
        if session.stage == "setup":
            self.tap_setup_square(square)
            return
        if session.stage not in ("turn", "moved") or self.view is None:
            return
        plays = len(session.game.moves) if session.game is not None else 0
        result = session.tap(square)
        # A move, or a rescue that sent the turn on to the computer.
        played = session.game is not None and len(session.game.moves) != plays
        if result.moved or played or (session.stage == "moved" and not result.message):
            self.after_board_change(result.squares)
        else:
            self.redraw_squares(result.squares)
        if not result.moved:
            self.say(result.message)

    # ------------------------------------------------------------------ setup

    def board(self) -> Any:
        assert self.session is not None
        return self.session.boards[self.session.player]

    def tap_setup_square(self, square: str) -> None:
        session = self.session
        assert session is not None
        index = session.setup_cell(square)
        if index is None:
            return
        board = self.board()
        touched = {index}
        message = None
        if self.tray_letter is not None:
            board.place(index, self.tray_letter)
            if board.remaining()[self.tray_letter] == 0:
                self.tray_letter = None
        elif self.setup_cell is not None:
            if self.setup_cell != index:
                board.swap(self.setup_cell, index)
                touched.add(self.setup_cell)
            else:
                touched.add(self.setup_cell)
            self.setup_cell = None
        elif board.cells[index] is not None:
            self.setup_cell = index
        else:
            message = Message("stratego_setup_pick_first")
        self.after_setup_change(touched)
        self.say(message)

    def tap_tray(self, letter: str) -> None:
        session = self.session
        if session is None or session.stage != "setup" or session.covered:
            return
        board = self.board()
        touched: set[int] = set()
        if self.setup_cell is not None:
            board.remove(self.setup_cell)
            touched.add(self.setup_cell)
            self.setup_cell = None
        elif self.tray_letter == letter or board.remaining()[letter] == 0:
            self.tray_letter = None
        else:
            self.tray_letter = letter
        self.after_setup_change(touched)

    def after_setup_change(self, cells: set[int], *, all_cells: bool = False) -> None:
        session = self.session
        assert session is not None
        ui = self.ui()
        indexes = range(40) if all_cells else cells
        active = document.activeElement
        focused = str(active.id) if real(active) else ""
        for index in indexes:
            square = square_of(session.player, index)
            node = self.el(f"sq-{square}")
            if real(node):
                node.outerHTML = render.setup_cell_html(
                    ui, session, index, self.setup_cell == index
                )
        if self.setup_cell is not None and self.setup_cell not in indexes:
            square = square_of(session.player, self.setup_cell)
            node = self.el(f"sq-{square}")
            if real(node):
                node.outerHTML = render.setup_cell_html(ui, session, self.setup_cell, True)
        if focused.startswith("sq-"):
            node = self.el(focused)
            if real(node):
                node.focus()
        tray = self.el("st-tray")
        if real(tray):
            tray.outerHTML = render.tray_html(ui, session, self.tray_letter)
            if focused.startswith("tray-"):
                pass
        status = self.el("st-setup-status")
        if real(status):
            status.innerHTML = render.setup_status(ui, session)
        legal = self.board().error() is None
        for action in ("setup-ready", "setup-save"):
            node = document.querySelector(f'[data-action="{action}"]')
            if real(node):
                node.disabled = not legal
                if legal:
                    node.removeAttribute("aria-disabled")
                else:
                    node.setAttribute("aria-disabled", "true")
        self.save()

    def setup_action(self, action: str) -> None:
        session = self.session
        assert session is not None
        board = self.board()
        message = None
        if action == "setup-clear":
            board.clear()
        elif action == "setup-fill":
            board.load(fill_setup(board.text(), seed=random.getrandbits(32)))
        elif action == "setup-use":
            select = self.el("st-preset")
            value = str(select.value) if real(select) else ""
            try:
                if value.startswith("builtin:"):
                    board.load(BUILTIN_SETUPS[value[8:]])
                elif value == "human":
                    setups = human_setups()
                    board.load(setups[random.randrange(len(setups))])
                elif value.startswith("saved:"):
                    board.load(store.saved_setups(self.context.storage)[value[6:]])
            except Exception as error:  # a damaged saved setup: the engine says why
                from ui.stratego.session import engine_message

                message = engine_message(error)
        elif action == "setup-save":
            field = self.el("st-setup-name")
            name = str(field.value).strip() if real(field) else ""
            setup = board.setup()
            if not name:
                message = Message("stratego_setup_name_needed", alert=True)
            elif setup is None:
                message = Message("stratego_setup_not_ready", alert=True)
            elif store.save_setup(self.context.storage, name, setup):
                message = Message("stratego_setup_saved", {"name": name})
                # The new name joins the list of setups to choose from.
                tools = self.el("st-tools")
                if tools:
                    tools.outerHTML = render.setup_tools(
                        self.ui(), session, store.saved_setups(self.context.storage)
                    )
            else:
                message = Message("stratego_save_failed", alert=True)
        elif action == "setup-ready":
            message = session.finish_setup()
            if message is None:
                self.go()
                return
        self.tray_letter = None
        self.setup_cell = None
        self.after_setup_change(set(), all_cells=True)
        self.say(message)

    # ------------------------------------------------------------------ drag

    def on_pointer_down(self, event: Any) -> None:
        self.suppress_click = False
        session = self.session
        if session is None or session.stage != "setup" or session.covered:
            return
        if event.button is not None and int(event.button) != 0:
            return
        source = event.target.closest("[data-letter], [data-square]")
        if not real(source):
            return
        letter = source.getAttribute("data-letter")
        square = source.getAttribute("data-square")
        if real(square):
            index = session.setup_cell(str(square))
            if index is None or self.board().cells[index] is None:
                return
            self.drag = {"cell": index, "letter": self.board().cells[index]}
        elif real(letter) and self.board().remaining()[str(letter)] > 0:
            self.drag = {"cell": None, "letter": str(letter)}
        else:
            return
        self.drag.update(
            x=float(event.clientX), y=float(event.clientY), ghost=None, pointer=event.pointerId
        )

    def on_pointer_move(self, event: Any) -> None:
        drag = self.drag
        if drag is None or event.pointerId != drag["pointer"]:
            return
        x, y = float(event.clientX), float(event.clientY)
        if drag["ghost"] is None:
            if abs(x - drag["x"]) + abs(y - drag["y"]) < DRAG_THRESHOLD:
                return
            ghost = document.createElement("div")
            ghost.className = "drag-ghost"
            ghost.innerHTML = render.tile(
                self.ui(),
                self.session.player,
                drag["letter"],  # type: ignore[union-attr]
                marks=False,
            )
            document.body.appendChild(ghost)
            drag["ghost"] = ghost
        drag["ghost"].style.transform = f"translate({x - 28}px, {y - 28}px)"
        event.preventDefault()

    def on_pointer_up(self, event: Any) -> None:
        drag = self.drag
        if drag is None or event.pointerId != drag["pointer"]:
            return
        dragged = drag["ghost"] is not None
        self._end_drag()
        if not dragged:
            return  # a plain tap: the click handler does the rest
        self.suppress_click = True
        under = document.elementFromPoint(event.clientX, event.clientY)
        if not real(under):
            return
        session = self.session
        assert session is not None
        board = self.board()
        target_square = under.closest("[data-square]")
        touched: set[int] = set()
        if real(target_square):
            index = session.setup_cell(str(target_square.getAttribute("data-square")))
            if index is None:
                return
            if drag["cell"] is None:
                board.place(index, drag["letter"])
            else:
                board.swap(drag["cell"], index)
                touched.add(drag["cell"])
            touched.add(index)
        elif real(under.closest("#st-tray")) and drag["cell"] is not None:
            board.remove(drag["cell"])
            touched.add(drag["cell"])
        else:
            return
        self.tray_letter = None
        self.setup_cell = None
        self.after_setup_change(touched)

    def on_pointer_cancel(self, _event: Any) -> None:
        self._end_drag()

    def _end_drag(self) -> None:
        if self.drag is not None and self.drag.get("ghost") is not None:
            self.drag["ghost"].remove()
        self.drag = None

    # ------------------------------------------------------------------ keyboard

    def on_keydown(self, event: Any) -> None:
        key = str(event.key)
        if key not in render.ARROWS:
            return
        target = event.target
        square = target.getAttribute("data-square") if real(target) else None
        if not real(square) or self.session is None:
            return
        side = self.session.viewer if self.session.stage != "over" else "red"
        rows = 4 if self.session.stage == "setup" else 10
        found = render.neighbour(str(square), key, side, rows)
        if found:
            node = self.el(f"sq-{found}")
            if real(node):
                node.focus()
                event.preventDefault()
