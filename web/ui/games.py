"""The games the app plays, in one registry (:data:`GAMES`), and what every game's screens
share (:class:`GameScreen`).

A game is a :class:`GameSpec`: its name (its address ``#/<name>/...`` and the ``game`` of
its saves), its icon, its screens, how its autosave is read, how the saved-games screen
describes one of its sessions. The modules behind a game (its engine included) are
imported only when one of these is first used, so the home screen starts without them.
To add a game: a package ``ui/<game>/`` with a screen class and a ``saves.describe``,
and one entry here.

>>> [spec.name for spec in GAMES]
['stratego', 'ideology']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ui import store
from ui.computer import pause_ms
from ui.html import button, e, frame
from ui.loop import Context, Intent, Notice, Outcome, Page, Painted, Screen, intent_text
from ui.timer import Pending


@dataclass(frozen=True)
class ReviewRequest:
    """What a review screen looks back at, and the way back from it."""

    #: The game's session document, as its autosave holds it (checked by the review).
    session: dict[str, Any]
    #: The address of the way back (the game's result, the finished games, the saves).
    back: str
    #: Its words ("Back to the result"...), in the player's language.
    back_label: str


@dataclass(frozen=True)
class GameSpec:
    name: str
    icon: str
    #: The game's screens (one object for every address under ``#/<name>/``).
    screen: Callable[[Context], Screen]
    #: A session from its autosave's text (the engine replays it; raises if it cannot).
    load: Callable[[str], Any]
    #: The saved-games screen's summary of a session document (``ui.saves.SaveProblem``
    #: when it is damaged, illegal or too new).
    describe: Callable[[dict[str, Any]], dict[str, Any]]
    #: A shared game record (text) as a session document, or None when the text is no
    #: record of this game (``ui.saves.SaveProblem`` when it is one that cannot be read).
    read_record: Callable[[str], dict[str, Any] | None] | None = None
    #: A session document's game as a shareable record: (file name, text); None while
    #: there is no game yet (the armies being set up).
    write_record: Callable[[dict[str, Any]], tuple[str, str] | None] | None = None
    #: The game's review screen for a session document (a finished or saved game), or
    #: None when the game has none yet (then no "Review" is offered for it).
    review: Callable[[Context, ReviewRequest], Screen] | None = None

    def in_progress(self, storage: Any) -> bool:
        """Whether this game's autosave holds a game that has not ended and opens: its
        session is whole and every move replays (for the home screen's "Continue"; a
        damaged latest save counts through the copy before it, see ``ui.store.recover``).
        With no autosave at all, the game's modules are not even imported."""
        if not store.load(storage, self.name):
            return False
        session = store.load_parsed(storage, self.name, self.load)
        return session is not None and bool(session.in_progress)


def _stratego_screen(context: Context) -> Screen:
    from ui.stratego.controller import StrategoScreen

    return StrategoScreen(context)


def _stratego_load(text: str) -> Any:
    from ui.stratego.session import Session

    return Session.from_json(text)


def _stratego_describe(session: dict[str, Any]) -> dict[str, Any]:
    from ui.stratego.saves import describe

    return describe(session)


def _stratego_review(context: Context, request: ReviewRequest) -> Screen:
    from ui.stratego.review import ReviewScreen

    return ReviewScreen(context, request)


def _stratego_record(text: str) -> dict[str, Any] | None:
    from ui.stratego.saves import read_record

    return read_record(text)


def _stratego_write_record(session: dict[str, Any]) -> tuple[str, str] | None:
    from ui.stratego.record import record_file

    return record_file(session)


def _ideology_screen(context: Context) -> Screen:
    from ui.ideology.controller import IdeologyScreen

    return IdeologyScreen(context)


def _ideology_load(text: str) -> Any:
    from ui.ideology.session import Session

    return Session.from_json(text)


def _ideology_describe(session: dict[str, Any]) -> dict[str, Any]:
    from ui.ideology.saves import describe

    return describe(session)


GAMES = (
    GameSpec(
        "stratego",
        "flag",
        _stratego_screen,
        _stratego_load,
        _stratego_describe,
        _stratego_record,
        _stratego_write_record,
        review=_stratego_review,
    ),
    GameSpec("ideology", "globe", _ideology_screen, _ideology_load, _ideology_describe),
)
NAMES = tuple(spec.name for spec in GAMES)


def spec(name: str) -> GameSpec | None:
    return next((found for found in GAMES if found.name == name), None)


def game_in_progress(storage: Any) -> str | None:
    """The first game with a game in progress in its autosave (for "Continue")."""
    return next((found.name for found in GAMES if found.in_progress(storage)), None)


SessionT = TypeVar("SessionT")


class GameScreen(Generic[SessionT]):
    """What both games' screens do alike: the session read from the autosave (recovered
    from the copy before a damaged latest save) and saved after every change, stating
    the revision it replaces; another window's saves (the ``storage`` intent); the
    question before a new game replaces an unfinished one; and the computer's next turn
    on a timer (an ``Intent`` named ``computer`` through the shell's loop, after the
    "thinking" state is drawn).

    A game's screen implements ``draw(notice)`` and ``handle(intent)``; :meth:`render`
    and :meth:`dispatch` wrap them with what is said above.
    """

    game: str
    #: The pause before the computer's move at the calm pace (milliseconds).
    calm_ms: int = 0
    #: The intent of the new-game form's start button.
    start_intent: str = "start"

    def __init__(self, context: Context) -> None:
        self.context = context
        self.session: SessionT | None = None
        self.loaded = False
        self.save_failed = False
        #: The revision of the autosave this window holds (stated in every write).
        self.revision: int | None = None
        #: The latest save was damaged: the game goes on from the copy before it.
        self.recovered = False
        #: A save was there, but neither copy could be read.
        self.damaged = False
        #: Saved since the session was read (the note of a recovery goes at the next visit).
        self.wrote = False
        #: Another window saved this game since: this one stopped writing.
        self.moved_on = False
        #: The start intent waiting for "start a new game over the unfinished one?".
        self.asking: Intent | None = None
        self.asking_name = ""
        self.confirmed = False
        self.computer_turn = Pending(context.clock)
        #: Whether the session held a game still going when it was last read or saved: a
        #: save that finds it over is the game's end (kept among the finished games).
        self.going = False
        #: What became of the finished game, when the screen must say so (storage full).
        self.finished_note: str | None = None

    @property
    def t(self) -> Any:
        return self.context.t

    # --- the autosave ---------------------------------------------------------------

    def current(self) -> SessionT | None:
        """The session, read from the autosave the first time and again whenever another
        window saved the game since (this window was showing something else)."""
        storage = self.context.storage
        moved = store.current_revision(storage, self.game) != self.revision
        if self.loaded and not self.moved_on and moved:
            self.loaded = False
        if not self.loaded:
            self.loaded = True
            self.moved_on = False
            self.computer_turn.cancel()
            found = spec(self.game)
            assert found is not None
            loaded = store.recover(storage, self.game, found.load)
            self.session = loaded.value
            self.revision = loaded.revision
            self.recovered = loaded.recovered
            self.damaged = loaded.damaged
            self.wrote = False
            self.going = self.session is not None and bool(self._playing(self.session))
        return self.session

    def replace(self, session: SessionT, *, new: bool = False) -> None:
        """A new game (``new``: from the form, over whatever is stored now, which was
        kept first) or a rematch: the old one's computer turn is dropped."""
        self.computer_turn.cancel()
        self.session = session
        self.loaded = True
        self.going = self._playing(session)
        self.finished_note = None
        if new:
            self.revision = store.current_revision(self.context.storage, self.game)
            self.moved_on = self.recovered = self.damaged = False

    def persist(self, text: str) -> bool:
        """Autosave ``text`` over the revision this window holds. A write the browser
        refused is remembered (the screen says so); when another window saved the game
        since, nothing is written and the screen offers to reload the game instead."""
        if self.moved_on:
            return False
        written = store.write(self.context.storage, self.game, text, replaces=self.revision)
        if written.status == store.MOVED_ON:
            self.moved_on = True
            self.computer_turn.cancel()
            return False
        self.save_failed = not written.ok
        if written.ok:
            self.revision = written.revision
            self.damaged = False
            self.wrote = True
        self.note_the_end()
        return written.ok

    @staticmethod
    def _playing(session: Any) -> bool:
        return bool(session.in_progress)

    def note_the_end(self) -> None:
        """The game's end, seen once (the first save that finds it over): keep it among
        the finished games (``ui.finished.game_finished``, the hook of every game's end),
        after its autosave, and say so if older finished games had to go."""
        session = self.session
        if session is None:
            return
        going = self._playing(session)
        if self.going and not going:
            from ui.finished import game_finished

            found = spec(self.game)
            assert found is not None
            kept = game_finished(self.context.storage, found, session)
            if not kept.ok:
                self.finished_note = self.t("finished_not_kept")
            elif kept.dropped:
                self.finished_note = self.t("finished_dropped", count=kept.dropped)
        self.going = going

    # --- the loop -------------------------------------------------------------------

    def draw(self, notice: Notice | None) -> Page:
        raise NotImplementedError

    def handle(self, intent: Intent) -> Outcome | None:
        raise NotImplementedError

    def form_shown(self) -> bool:
        """Whether the new-game form shows."""
        raise NotImplementedError

    def idle(self) -> bool:
        """Whether nobody is in the middle of a turn here (a cover, the game's end): then
        another window's save is simply shown; otherwise this window says so."""
        raise NotImplementedError

    def address(self) -> str:
        """The address of what the session shows now."""
        raise NotImplementedError

    def render(self, notice: Notice | None) -> Page:
        if self.moved_on and not self.form_shown():
            return moved_on_page(self.t, self.game)
        if self.asking is not None and self.form_shown():
            return replace_question_page(self.t, self.game, self.asking_name)
        if notice is None and self.damaged and self.form_shown():
            notice = Notice(self.t("autosave_damaged"), alert=True)
        page = self.draw(notice)
        if not self.form_shown() and not page.sections.get(WARNING, True):
            if self.recovered:
                page.fill(WARNING, autosave_note(self.t("autosave_recovered")))
            elif self.finished_note:
                page.fill(WARNING, autosave_note(self.finished_note))
        return page

    def dispatch(self, intent: Intent) -> Outcome | None:
        name = intent.name
        if name == "storage":
            return self.storage_changed(intent.arg or None)
        if name == "reload-game":
            self.loaded = self.moved_on = False
            self.current()
            return Outcome(address=self.address(), new_screen=True)
        if self.moved_on and not self.form_shown():
            return None  # nothing more is played here: the game goes on elsewhere
        if self.asking is not None and self.form_shown():
            return self.answer(name)
        return self.handle(intent)

    def storage_changed(self, key: str | None) -> Outcome | None:
        """Another window changed the storage: an idle window shows that window's game,
        a busy one stops saving and offers a reload."""
        if not self.loaded or self.game not in store.games_changed(key, (self.game,)):
            return None
        if self.form_shown():
            self.loaded = False  # read again when it is next shown
            return None
        if self.moved_on:
            return None
        busy = not self.idle()
        reaction = store.reaction(self.context.storage, self.game, self.revision, busy=busy)
        if reaction == store.FINE:
            return None
        self.computer_turn.cancel()
        if reaction == store.REFUSE:
            self.moved_on = True
            return Outcome(new_screen=True)
        self.loaded = False
        self.current()
        return Outcome(address=self.address(), new_screen=True)

    # --- a new game over an unfinished one --------------------------------------------

    def ask_before_replacing(self, intent: Intent) -> Outcome | None:
        """Before a new game replaces the autosave: None to go on (nothing unfinished,
        or it was kept as a named save); otherwise the question, or why it cannot be
        kept (storage full), and the new game waits."""
        from ui import saves
        from ui.saves_screen import unfinished_name

        storage = self.context.storage
        if self.confirmed:
            self.confirmed = False
            try:
                saves.keep_in_progress(
                    storage,
                    self.game,
                    lambda summary: unfinished_name(self.t, summary, saves.now_iso()),
                )
            except saves.SaveProblem as problem:
                text = self.t(f"saves_error_{problem.code}", **problem.params)
                return Outcome(notice=Notice(self.t("new_game_not_kept", reason=text), alert=True))
            return None
        playing = saves.in_progress(storage, self.game)
        if playing.value is None or playing.value.get("stage") == "over":
            return None
        self.asking = intent
        self.asking_name = unfinished_name(self.t, playing.value, saves.now_iso())
        return Outcome(new_screen=True)

    def answer(self, name: str) -> Outcome | None:
        asked = self.asking
        assert asked is not None
        if name == "replace-cancel":
            self.asking = None
            return Outcome(new_screen=True, focus=intent_text(self.start_intent))
        if name != "replace-yes":
            return None
        self.asking = None
        self.confirmed = True
        try:
            return self.handle(asked)
        finally:
            self.confirmed = False

    # --- the computer -----------------------------------------------------------------

    def computer_to_act(self) -> bool:
        return False

    def after_paint(self, painted: Painted) -> None:
        if self.computer_to_act() and not self.moved_on:
            pause = pause_ms(self.context.settings.computer_pace, self.calm_ms)
            self.computer_turn.start(pause, self._computer_turn)

    def _computer_turn(self) -> None:
        self.context.dispatch(Intent("computer"))

    def leave(self) -> None:
        self.computer_turn.cancel()
        self.asking = None
        # Said on every screen of this visit; the next visit reads the storage again.
        if self.wrote:
            self.recovered = False


#: The section at the top of every game screen that says what became of the autosave.
WARNING = "save-warning"


def autosave_note(text: str) -> str:
    return f'<p id="{WARNING}" class="autosave-note" role="status">{e(text)}</p>'


def moved_on_page(t: Any, game: str) -> Page:
    """This window's game went on in another window: say so and offer to load it."""
    page = Page(f"{game}/moved-on", stage="moved-on")
    body = (
        f'<section class="card notice" role="alert"><p>{e(t("autosave_moved_on"))}</p>'
        '<div class="button-row">'
        + button(t("autosave_reload"), "reload-game", icon="resume", primary=True)
        + "</div></section>"
    )
    page.root(frame(t(f"game_{game}"), body, back=("#/", t("home"), "home")))
    return page


def replace_question_page(t: Any, game: str, kept_as: str) -> Page:
    """Before a new game replaces the unfinished one: the question, and where the
    unfinished game will be kept either way."""
    page = Page(f"{game}/replace-question", stage="question")
    body = (
        f'<section class="card notice" id="replace-question">'
        f"<p>{e(t('new_game_replaces', name=kept_as))}</p>"
        '<div class="button-row">'
        + button(t("new_game_replace_yes"), "replace-yes", icon="play", primary=True)
        + button(t("new_game_replace_no"), "replace-cancel", icon="back")
        + "</div></section>"
    )
    page.root(frame(t("new_game_of", game=t(f"game_{game}")), body, back=None))
    return page
