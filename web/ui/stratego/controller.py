"""Stratego's screens on the loop (:mod:`ui.loop`): intents in, session changes, pages
out. No browser import: every flow is tested on CPython.

Every decision is :mod:`ui.stratego.session`'s (which asks the engine), every page
:mod:`ui.stratego.render`'s; this module maps intents to the session and says what the
shell must do besides painting (a notice, the report to speak, an address).

Against the computer, its turns come back through the loop as a ``computer`` intent
on a timer (:class:`ui.games.GameScreen`): the screen first draws the "thinking" state,
then the computer's setup or move is played. A move is thought through in slices, one
``computer`` intent each (:data:`THINK_SLICE_SECONDS`, the next on a new timer, nothing
repainted in between): the expert thinks for about a second, and the page answers taps
(resign, leave) between its slices. ``leave()`` cancels a waiting turn and drops the
thinking; the next paint (a reload too) starts it again, and it comes to the same move:
the computer's budget counts positions searched, not time.
"""

from __future__ import annotations

import random
import traceback
from dataclasses import dataclass
from typing import Any

from engine import stratego
from engine.stratego import ai, builtin_setups, human_setups
from ui.computer import PERSON, people
from ui.games import GameScreen
from ui.loop import Intent, Notice, Outcome, Page, Painted
from ui.routes import Route
from ui.stratego import record, render, store
from ui.stratego.render import Ui
from ui.stratego.session import (
    PLAYERS,
    Message,
    NewGameForm,
    Session,
    default_name,
    engine_message,
    names_for_seats,
)
from ui.timer import Pending

BASE = "#/stratego/"
#: How long the computer's "thinking" stays on screen at the calm pace: long enough to
#: see which move was yours and which is its reply, short enough not to wait for it.
CALM_MS = 600
#: The name of the User Timing measure of each computer decision, from the start of its
#: thinking to its move on the board (read by the bench and the end-to-end tests).
COMPUTER_MEASURE = "computer-move"
#: The measure of each slice of its thinking (one task of the page each).
THINK_MEASURE = "computer-think"
#: How long one slice of the computer's thinking runs (seconds): with the loop's own
#: work around it, a task of the page stays under 50 ms (a "long task") unless the
#: machine stretches the slice more than threefold; measured in whole games, 0 and 2
#: tasks over 50 ms while it thought, against 7 and 18 with 20 ms slices.
THINK_SLICE_SECONDS = 0.015
#: The level whose first decision in a page is slow unless warmed up (below).
WARMED_LEVEL = "expert"
#: The pause between two slices of the warm-up (milliseconds): a person's taps go first.
WARM_UP_PAUSE_MS = 10


def warm_up_decision() -> ai.Decision:
    """The expert's thinking on an opening position, to be thrown away.

    In the browser the expert's first decision in a page took twice its usual time
    (1.9 s against a median of 0.8 s; not so on CPython: most likely the browser's
    WebAssembly compiler, which optimises hot code only once it has seen it busy).
    Thought through in slices while the person sets up, this decision pays that instead.

    >>> decision = warm_up_decision()
    >>> while not decision.step(max_nodes=1 << 30):
    ...     pass
    >>> decision.move is not None
    True
    """
    game = stratego.new_game(stratego.random_setup(1), stratego.random_setup(2))
    return ai.start_thinking(game.view("red"), game.legal_moves(), WARMED_LEVEL, random.Random(0))


#: Intents that only make sense on the board (a cover or another stage ignores them).
PLAY_INTENTS = frozenset(
    {"undo", "hand-over", "offer-draw", "resign", "resign-no", "resign-yes", "rescue-none"}
)


def canonical(session: Session) -> str:
    if session.stage == "setup":
        return f"{BASE}setup/{session.player}"
    if session.stage == "over":
        return f"{BASE}over"
    return f"{BASE}play"


@dataclass
class Thinking:
    """The computer's decision in progress, for one session at one point of its game."""

    session: Session
    plays: tuple[Any, ...]  # the game's plays when the thinking began
    decision: ai.Decision
    since: float  # the clock's time when it began (the decision's measure starts there)


class StrategoScreen(GameScreen[Session]):
    game = "stratego"
    calm_ms = CALM_MS
    start_intent = "new-start"

    def __init__(self, context: Any) -> None:
        super().__init__(context)
        self.form: NewGameForm | None = None  # the new-game screen's fields, while it shows
        self.thinking: Thinking | None = None
        #: The plays on the board last drawn (None: no board drawn yet): a paint that
        #: adds a move to them shows that move in motion.
        self.shown_plays: tuple[Any, ...] | None = None
        self.replay = False  # "See again": the last move in motion once more
        #: Whether this page has warmed up the expert (once is enough for its life).
        self.warmed = False
        #: The warm-up thinking under way (None: not started, or done).
        self.warming: ai.Decision | None = None
        self.warm_up = Pending(context.clock)

    # ------------------------------------------------------------------ shell API

    def enter(self, route: Route) -> str | None:
        path = route.path
        screen = path[0] if path else "new"
        session = self.current()  # the last game's names and seats are the form's defaults
        if screen == "new":
            self.form = self.new_form()
            return None
        self.form = None
        if session is None:
            return f"{BASE}new"
        address = canonical(session)
        if BASE + "/".join(path) != address:
            return address
        session.clear_selection()
        return None

    def leave(self) -> None:
        super().leave()
        self.thinking = None
        self.warm_up.cancel()
        # Whoever comes back to the game (from the rules, from home) meets the cover.
        if self.session is not None:
            self.session.hide_secrets()

    def form_shown(self) -> bool:
        return self.form is not None

    def idle(self) -> bool:
        session = self.session
        return session is None or session.covered or session.stage in ("over", "draw_offer")

    def address(self) -> str:
        return f"{BASE}new" if self.session is None else canonical(self.session)

    def computer_to_act(self) -> bool:
        return self.form is None and self.session is not None and self.session.computer_to_act()

    # ------------------------------------------------------------------ helpers

    def ui(self) -> Ui:
        numbering = (
            self.session.numbering
            if self.session is not None and self.form is None
            else self.context.settings.stratego_numbering
        )
        return Ui(self.t, self.t.language, numbering)

    def new_form(self) -> NewGameForm:
        t, session = self.t, self.session
        army = "classic"
        if session is not None:
            names, seats, army = dict(session.names), dict(session.seats), session.army
        else:
            names = {"red": t("stratego_army_red"), "blue": t("stratego_army_blue")}
            seats = {player: PERSON for player in PLAYERS}
        return NewGameForm(names, seats, self.context.settings.stratego_numbering, army=army)

    def save(self) -> None:
        if self.session is not None:
            self.persist(self.session.to_json())

    def notice(self, message: Message | None) -> Notice | None:
        if message is None:
            return None
        return Notice(render.message_text(self.ui(), message), alert=message.alert)

    def go(self) -> Outcome:
        """After a change of stage: save, then the right screen (and address)."""
        assert self.session is not None
        self.save()
        return Outcome(address=canonical(self.session), new_screen=True)

    # ------------------------------------------------------------------ render

    def draw(self, notice: Notice | None) -> Page:
        ui = self.ui()
        if self.form is not None:
            return render.new_game_page(ui, self.form, notice)
        session = self.session
        assert session is not None
        failed = self.save_failed
        if session.covered or session.stage == "draw_offer":
            return render.cover_page(ui, session, failed)
        if session.stage == "setup" and session.computer_to_act():
            return render.computer_setup_page(ui, session, failed)
        if session.stage == "setup":
            saved = store.saved_setups(self.context.storage, session.army)
            return render.setup_page(ui, session, saved, notice, failed)
        if session.stage == "over":
            return render.over_page(ui, session, failed)
        return render.play_page(ui, session, notice, failed)

    # ------------------------------------------------------------------ motion

    def after_paint(self, painted: Painted) -> None:
        super().after_paint(painted)
        self.show_motion(painted)
        if self.wants_warm_up():
            self.warm_up.start(WARM_UP_PAUSE_MS, self._warm_up_slice)

    # ------------------------------------------------------------------ warm-up

    def wants_warm_up(self) -> bool:
        session = self.session
        return (
            not self.warmed
            and self.form is None
            and session is not None
            and session.stage != "over"
            and WARMED_LEVEL in (session.computer_level(player) for player in PLAYERS)
            and not session.computer_to_act()
        )

    def _warm_up_slice(self) -> None:
        """One slice of the warm-up, the next on a timer until it is done. It waits while
        the computer sets up (the next paint takes it on) and ends when the computer
        thinks of a move: that thinking warms up the page as well."""
        session = self.session
        if session is not None and session.stage == "turn" and session.computer_to_act():
            self.warmed = True
        if not self.wants_warm_up():
            if self.warmed:
                self.warming = None
            return
        if self.warming is None:
            self.warming = warm_up_decision()
        if self.warming.step(max_nodes=1 << 30, max_seconds=THINK_SLICE_SECONDS):
            self.warming = None
            self.warmed = True
            return
        self.warm_up.start(WARM_UP_PAUSE_MS, self._warm_up_slice)

    def show_motion(self, painted: Painted) -> None:
        """Show in motion the move the paint just put on the board: a person's, the
        computer's reply, the one that ended the game; after the hot-seat cover, the
        opponent's last move (the recap), and again on "See again"."""
        session, replay = self.session, self.replay
        self.replay = False
        screen = painted.page.screen
        if session is None or session.game is None or self.form is not None:
            return
        if not (screen.startswith("stratego/play/") or screen == "stratego/over"):
            return
        plays, shown = session.game.moves, self.shown_plays
        self.shown_plays = plays
        over = screen == "stratego/over"
        if over and painted.new_screen and session.game.result in people(session.seats):
            self.context.sound("win")  # a person won: not the computer, not a draw
        view = session.view()
        last = view.get("last_move")
        if not last or not plays or plays[-1].kind != "move":
            return
        added = shown is not None and len(plays) > len(shown) and plays[: len(shown)] == shown
        recap = (
            painted.new_screen
            and not session.solo
            and session.stage == "turn"
            and last["player"] != session.player
        )
        if replay or added or recap:
            motion = render.move_motion(self.ui(), last, None if over else session.viewer)
            self.context.animate(motion)
            if not over:
                self.context.sound(motion.sound)

    # ------------------------------------------------------------------ intents

    def handle(self, intent: Intent) -> Outcome | None:
        name = intent.name
        if self.form is not None:
            return self.on_form(intent)
        session = self.session
        if session is None:
            return None
        if name == "key":
            return self.on_key(intent)
        if name == "computer":
            return self.play_computer_turn()
        if name == "reveal":
            session.reveal()
            return self.go()
        if name in ("draw-accept", "draw-decline"):
            session.answer_draw(name == "draw-accept")
            return self.go()
        if name == "rematch":
            self.replace(session.rematch())
            return self.go()
        if name == "export-record" and session.stage == "over":
            return self.export_record(session)
        if session.covered:
            return None
        if session.stage == "setup":
            return self.on_setup(intent)
        if name == "recap" and session.stage == "turn":
            self.replay = True
            return Outcome()
        if name == "square":
            return self.tap_square(intent.arg)
        if name == "rescue":
            session.choose_rescue(intent.arg)
            return Outcome()
        if name in PLAY_INTENTS:
            return self.on_play(name)
        return None

    def export_record(self, session: Session) -> Outcome:
        """The finished game as a text record, downloaded (``ui.stratego.record``)."""
        name = record.file_name(session)
        return Outcome(download=(name, record.record_text(session)))

    def on_form(self, intent: Intent) -> Outcome | None:
        """The new-game form: a seat changed, or the game starts."""
        form = self.form
        assert form is not None
        t = self.t
        if intent.name == "seat":
            # A name still at its default (or the last game's) follows its seat ("Blue"
            # becomes "Computer (hard)" and back); a name typed here stays.
            form.read(intent.fields)
            player = intent.arg
            if player in PLAYERS and form.follows_seat(t, player):
                form.names[player] = default_name(t, player, form.seats[player])
            return Outcome()
        if intent.name == "options":
            # The folded optional rules' line says which are on.
            form.read(intent.fields)
            return Outcome()
        if intent.name != "new-start":
            return None
        form.read(intent.fields)
        if not people(form.seats):
            # Nothing typed is lost: the form stays as it is, with the reason beside it.
            return Outcome(notice=self.notice(Message("computer_needs_person", alert=True)))
        asked = self.ask_before_replacing(intent)
        if asked is not None:
            return asked
        names = names_for_seats(t, form.names, form.seats)
        self.replace(Session.new(names, form.game_options(), form.numbering, form.seats), new=True)
        return self.go()

    def on_key(self, intent: Intent) -> Outcome | None:
        """Arrow keys move the focus between squares, as the player sees the board."""
        session = self.session
        assert session is not None
        focused = Intent.parse(intent.value)
        if intent.arg not in render.ARROWS or focused.name != "square":
            return None
        side = session.viewer if session.stage != "over" else "red"
        rows = 4 if session.stage == "setup" else 10
        found = render.neighbour(focused.arg, intent.arg, side, rows)
        if found is None:
            return None
        return Outcome(focus=f"sq-{found}", prevent_default=True, repaint=False)

    # ------------------------------------------------------------------ play

    def tap_square(self, square: str) -> Outcome:
        session = self.session
        assert session is not None
        plays = len(session.game.moves) if session.game is not None else 0
        result = session.tap(square)
        # A move, or a rescue that sent the turn on to the computer.
        played = session.game is not None and len(session.game.moves) != plays
        if result.moved or played:
            return self.board_changed()
        return Outcome(notice=self.notice(result.message))

    def board_changed(self, message: Message | None = None) -> Outcome:
        """The game changed (a move, an undo, a rescue, the computer's reply): save, and
        say what the move did; at the end of the game, the game-over screen."""
        session = self.session
        assert session is not None
        if session.stage == "over":
            return self.go()
        self.save()
        # On a tablet the board, the report and the buttons fit at once and nothing
        # scrolls; on a phone the hot-seat "hand over" button may sit below the fold.
        keep = session.stage == "moved" and not session.solo
        return Outcome(
            notice=self.notice(message),
            announce_section="st-report",
            keep_in_view="st-status" if keep else None,
        )

    def on_play(self, name: str) -> Outcome | None:
        session = self.session
        assert session is not None
        if session.stage not in ("turn", "moved"):
            return None
        if name == "undo":
            pair = session.solo and session.stage == "turn"
            if not session.undo():
                return None
            if pair:
                opponent = session.names[session.computer or "blue"]
                return self.board_changed(Message("stratego_undone_pair", {"name": opponent}))
            return self.board_changed(Message("stratego_undone"))
        if name == "hand-over":
            session.hand_over()
            if session.covered:
                self.context.sound("handover")
            return self.go()
        if name == "offer-draw" and session.solo:
            return self.offer_draw_to_computer()
        if name == "offer-draw":
            session.offer_draw()
            return self.go()
        if name in ("resign", "resign-no"):
            session.confirm_resign = name == "resign"
            return Outcome()
        if name == "resign-yes":
            session.resign()
            return self.go()
        # "rescue-none"
        session.choose_rescue(None)
        return self.board_changed()

    def offer_draw_to_computer(self) -> Outcome | None:
        session = self.session
        assert session is not None
        answer = self.context.clock.measure(COMPUTER_MEASURE, session.offer_draw_to_computer)
        if answer is None:
            return None
        if answer:
            return self.go()  # the game is over: drawn by agreement
        opponent = session.names[session.computer or "blue"]
        return self.board_changed(Message("stratego_draw_declined", {"name": opponent}))

    def play_computer_turn(self) -> Outcome | None:
        """One slice of the computer's thinking; once it has decided, its move (or its
        setup, chosen at once). Until then nothing is repainted and the next slice waits
        on a timer, behind whatever the person taps meanwhile."""
        session = self.session
        clock = self.context.clock
        if session is None or not session.computer_to_act():
            self.thinking = None  # the game moved on (a resignation, a new game)
            return None
        stage = session.stage
        try:
            thinking = self.thinking_now(session)
            if thinking is not None:
                step = thinking.decision.step
                if not clock.measure(
                    THINK_MEASURE, lambda: step(max_nodes=1 << 30, max_seconds=THINK_SLICE_SECONDS)
                ):
                    self.computer_turn.start(0, self._computer_turn)
                    return None
                self.thinking = None
            since = clock.now() if thinking is None else thinking.since
            session.computer_act(None if thinking is None else thinking.decision)
            clock.record(COMPUTER_MEASURE, since)
        except Exception:
            self.thinking = None
            # A bug in the computer must not kill the page: the game stays as it was
            # saved, and the person is told to reload.
            traceback.print_exc()
            name = session.names[session.player]
            failed = Message("stratego_computer_failed", {"name": name}, alert=True)
            return Outcome(notice=self.notice(failed))
        if session.stage != stage or stage == "setup":
            return self.go()
        return self.board_changed()

    def thinking_now(self, session: Session) -> Thinking | None:
        """The thinking for the position as it is now: the one under way, or a new one
        (None for the computer's setup, chosen at once)."""
        plays = session.game.moves if session.game is not None else ()
        thinking = self.thinking
        if thinking is None or thinking.session is not session or thinking.plays != plays:
            decision = session.computer_decision()
            if decision is None:
                self.thinking = None
                return None
            thinking = self.thinking = Thinking(session, plays, decision, self.context.clock.now())
        return thinking

    # ------------------------------------------------------------------ setup

    def on_setup(self, intent: Intent) -> Outcome | None:
        session = self.session
        assert session is not None
        name = intent.name
        message: Message | None = None
        if name == "square":
            message = session.tap_setup(intent.arg)
        elif name == "tray":
            session.tap_tray(intent.arg)
        elif name == "drop":
            if not session.drop(intent.arg, intent.value):
                return None
        elif name == "setup-ready":
            message = session.finish_setup()
            if message is None:
                return self.go()
        elif name.startswith("setup-"):
            message = self.setup_tool(name, intent.fields)
            session.clear_selection()
        else:
            return None
        self.save()
        return Outcome(notice=self.notice(message))

    def setup_tool(self, name: str, fields: Any) -> Message | None:
        """Clear, fill at random, load a chosen setup, or save this one by name."""
        session = self.session
        assert session is not None
        board = session.board
        if name == "setup-clear":
            board.clear()
        elif name == "setup-fill":
            board.fill_random(seed=random.getrandbits(32))
        elif name == "setup-use":
            value = str(fields.get("preset", ""))
            try:
                if value.startswith("builtin:"):
                    board.load(builtin_setups(session.army)[value[8:]])
                elif value == "human" and session.army == "classic":
                    setups = human_setups()
                    board.load(setups[random.randrange(len(setups))])
                elif value.startswith("saved:"):
                    saved = store.saved_setups(self.context.storage, session.army)
                    board.load(saved[value[6:]])
            except Exception as error:  # a damaged saved setup: the engine says why
                return engine_message(error)
        elif name == "setup-save":
            typed = str(fields.get("setup-name", "")).strip()
            setup = board.setup()
            if not typed:
                return Message("stratego_setup_name_needed", alert=True)
            if setup is None:
                return Message("stratego_setup_not_ready", alert=True)
            if not store.save_setup(self.context.storage, typed, setup):
                return Message("stratego_save_failed", alert=True)
            return Message("stratego_setup_saved", {"name": typed})
        return None
