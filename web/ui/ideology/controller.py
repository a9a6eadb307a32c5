"""Ideology's screens on the loop (:mod:`ui.loop`): intents in, session changes, pages
out. No browser import: every flow is tested on CPython.

Pages come from :mod:`ui.ideology.render`, decisions from the engine through
:mod:`ui.ideology.session` (which also keeps what the holder has picked).

Computer seats play one action per ``computer`` intent, each on a timer
(:class:`ui.games.GameScreen`): the screen draws the "thinking" state, the page answers
taps in between, and the game is saved after every action, so a reload resumes the
computer's turn where it was. The expert thinks in slices of at most
``THINKING_SLICE_SECONDS``, one per ``computer`` intent, each on a timer of its own; a
reload starts its decision again and, its dice and budget being fixed, comes to the same.
"""

from __future__ import annotations

import traceback
from typing import Any

from engine.ideology import SetupError, ai
from ui.games import GameScreen
from ui.ideology import render
from ui.ideology.review import Review, review_key, review_page, step_intent
from ui.ideology.session import GAME, NeedsPerson, NewGameForm, Selection, Session
from ui.loop import Intent, Notice, Outcome, Page
from ui.routes import Route

BASE = "#/ideology/"
#: The pause before each computer action at the "calm" pace: long enough to see the
#: thinking state and the table change, short enough that a whole turn stays brisk.
CALM_MS = 400
#: The name of the User Timing measure of each computer decision, or of each slice of
#: one (read by the bench).
COMPUTER_MEASURE = "computer-move"
#: The longest slice of the expert's thinking between two turns of the page: with the
#: slice's own overhead, every task stays well under 50 ms.
THINKING_SLICE_SECONDS = 0.02


class IdeologyScreen(GameScreen[Session]):
    game = GAME
    calm_ms = CALM_MS

    def __init__(self, context: Any) -> None:
        super().__init__(context)
        self.form = NewGameForm()
        self.showing_form = False
        self.computer_failed = False  # the computer's last decision raised
        self.shown = False
        #: The review of the game (``#/ideology/review``), kept while the game is the same.
        self.review: Review | None = None
        self.reviewing = False

    # --- shell API --------------------------------------------------------------------

    def enter(self, route: Route) -> str | None:
        path = route.path
        self.computer_failed = False  # coming back to the game lets the computer try again
        screen = path[0] if path else "new"
        self.showing_form = screen == "new"
        self.reviewing = False
        if self.showing_form:
            return None
        session = self.current()
        if session is None:
            return f"{BASE}new"
        if screen == "review":
            self.open_review(session)
            return None
        if screen != "play":  # "continue" from the home screen, or an old address
            return f"{BASE}play"
        session.selection = Selection()
        self.shown = True
        return None

    def leave(self) -> None:
        super().leave()
        self.shown = False
        if self.session is not None:
            self.session.put_down()

    def open_review(self, session: Session) -> None:
        """The review of the game held now: replayed once, again only if it went on."""
        if self.review is None or self.review.key != review_key(session):
            self.review = Review(session)
        self.reviewing = True
        self.shown = False
        session.put_down()  # nobody's hand waits behind the review

    def form_shown(self) -> bool:
        return self.showing_form

    def idle(self) -> bool:
        session = self.session
        return self.reviewing or session is None or session.stage in ("cover", "over")

    def address(self) -> str:
        if self.session is None:
            return f"{BASE}new"
        return f"{BASE}review" if self.reviewing else f"{BASE}play"

    def computer_to_act(self) -> bool:
        session = self.session
        return (
            self.shown
            and not self.showing_form
            and not self.computer_failed
            and session is not None
            and session.stage == "computer"
        )

    def save(self) -> Outcome:
        """Autosave; a refused write is said (and shown on the page until one succeeds)."""
        assert self.session is not None
        if self.persist(self.session.to_json()) or self.moved_on:
            return Outcome()
        return Outcome(announce=self.t("ideology_save_failed"))

    # --- render -----------------------------------------------------------------------

    def draw(self, notice: Notice | None) -> Page:
        t = self.t
        session = self.session
        if self.showing_form or session is None:
            return render.new_game_page(t, self.form, notice)
        if self.reviewing and self.review is not None:
            return review_page(t, self.review)
        failed = self.save_failed
        if session.stage == "cover":
            return render.cover_page(t, session, save_failed=failed)
        view = session.screen_view(render.LOG_SHOWN)
        if session.stage == "turn" and session.holder is not None:
            return render.turn_page(t, session, view, notice, save_failed=failed)
        if session.stage == "computer" and session.holder is not None:
            return render.computer_page(
                t, session, view, failed=self.computer_failed, save_failed=failed
            )
        if session.stage == "over":
            return render.over_page(t, session, view, save_failed=failed)
        return render.report_page(t, session, view, save_failed=failed)

    # --- intents ----------------------------------------------------------------------

    def handle(self, intent: Intent) -> Outcome | None:
        if self.showing_form:
            return self.on_form(intent)
        session = self.session
        if session is None:
            return None
        name, value = intent.name, intent.arg
        picked = session.selection
        if self.reviewing:
            return self.on_review(intent)
        if name == "computer":
            return self.computer_step()
        if name in ("reveal", "continue", "rematch"):
            if name == "reveal":
                session.reveal()
            elif name == "continue":
                session.continue_after_report()
            else:
                self.replace(session.rematch())
            self.computer_failed = False
            outcome = self.save()
            return Outcome(announce=outcome.announce, new_screen=True)
        if name == "computer-retry":
            self.computer_failed = False
            return Outcome(focus="screen-title")
        if name == "focus":
            picked.focus = None if picked.focus == value else value
            return Outcome()
        if name == "full-log":
            picked.full_log = True
            return Outcome(scroll_to="ig-log")
        if session.stage != "turn":
            return None
        return self.on_turn(session, intent)

    def on_review(self, intent: Intent) -> Outcome | None:
        return None if self.review is None else step_intent(self.review, intent)

    def on_turn(self, session: Session, intent: Intent) -> Outcome | None:
        """The holder's own screen: picks, confirmations, actions, undo."""
        name, value = intent.name, intent.arg
        picked = session.selection
        if name == "card":
            picked.card_type = None if picked.card_type == value else value
            picked.pending = None
            return Outcome(focus="ig-first-target")
        if name == "card-why":
            # A card that can do nothing now: the engine's reason, never silence.
            why = session.why_idle(value)
            if why is None:
                return Outcome()
            words = render.words_of(self.t, session)
            return Outcome(notice=Notice(words.error(why["code"], why["params"]), alert=True))
        if name == "advances":
            picked.advances = not picked.advances
            return Outcome()
        if name == "defender":
            picked.defender, picked.attack_type, picked.pending = value, None, None
            return Outcome()
        if name == "attack-type":
            picked.attack_type, picked.pending = value, None
            return Outcome(focus="ig-first-target")
        if name == "ask":
            picked.pending = value
            return Outcome(focus=f"do {value}")
        if name == "cancel":
            picked.pending = None
            return Outcome()
        if name == "undo":
            if not session.undo():
                return Outcome()
            outcome = self.save()
            return Outcome(announce=outcome.announce or self.t("ideology_undone"))
        if name == "do":
            return self.act(session, value)
        return None

    def act(self, session: Session, key: str) -> Outcome:
        holder, stage = session.holder, session.stage
        if not session.act(key):
            error = session.error or {"code": "unknown", "params": {}}
            words = render.words_of(self.t, session)
            session.error = None
            return Outcome(notice=Notice(words.error(error["code"], error["params"]), alert=True))
        saved = self.save()
        # Another holder or stage is a new screen; otherwise the focus stays where it was.
        changed = session.holder != holder or session.stage != stage
        return Outcome(announce=saved.announce, new_screen=changed)

    def computer_step(self) -> Outcome | None:
        session = self.session
        if not self.computer_to_act() or session is None:
            return None
        try:
            decision = session.computer_decision()
            finished = self.context.clock.measure(COMPUTER_MEASURE, lambda: self._think(decision))
            if not finished:
                # More to think: the next slice after the page has had its turn.
                self.computer_turn.start(0, self._computer_turn)
                return None
            assert decision.action is not None
            action = decision.action
            if not session.play_computer(action):
                raise RuntimeError(f"the engine refused {action!r}: {session.error}")
        except Exception:
            # A bug in the computer player must not stop the page: say so, keep the game
            # as it was (nothing was applied) and let the players try again.
            traceback.print_exc()
            session.error = None
            self.computer_failed = True
            name = render.words_of(self.t, session).short(str(session.holder))
            return Outcome(announce=self.t("ideology_computer_failed", name=name))
        saved = self.save()
        # The person's screen, or a report, takes focus as a new screen; between two
        # computer actions the page stays where the person scrolled it.
        return Outcome(announce=saved.announce, new_screen=session.stage != "computer")

    @staticmethod
    def _think(decision: ai.Decision[Any]) -> bool:
        """One slice of the computer's thinking, short enough to keep the page responsive;
        True once it has decided (the random and greedy levels decide in the first)."""
        return bool(decision.step(max_seconds=THINKING_SLICE_SECONDS))

    # --- the new-game form --------------------------------------------------------------

    def on_form(self, intent: Intent) -> Outcome | None:
        t = self.t
        form = self.form
        if intent.name not in ("count", "seat", "start"):
            return None
        form.read(intent.fields)
        if intent.name == "count":
            if intent.arg.isdigit() and 2 <= int(intent.arg) <= render.MAX_PLAYERS:
                form.count = int(intent.arg)
            return Outcome()
        if intent.name == "seat":
            # Drawn again so the seat's badge and the name's placeholder follow the choice.
            return Outcome()
        ideologies, names, seats = form.chosen()
        if len(set(ideologies)) != len(ideologies):
            return self.refused(t("ideology_error_duplicate_choice"))
        try:
            session = Session.start(
                ideologies, names, seed=form.seed, turn_limit=form.turn_limit, seats=seats
            )
        except SetupError as problem:
            return self.refused(t(f"ideology_setup_{problem.code}"))
        except NeedsPerson:
            return self.refused(t("computer_needs_person"))
        asked = self.ask_before_replacing(intent)
        if asked is not None:
            return asked
        self.replace(session, new=True)
        self.computer_failed = False
        outcome = self.save()
        return Outcome(address=f"{BASE}play", announce=outcome.announce)

    def refused(self, text: str) -> Outcome:
        return Outcome(notice=Notice(text, alert=True))
