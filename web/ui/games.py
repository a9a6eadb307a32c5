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
from ui.loop import Context, Intent, Painted, Screen
from ui.timer import Pending


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
    GameSpec("stratego", "flag", _stratego_screen, _stratego_load, _stratego_describe),
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
    """What both games' screens do alike: the session read lazily from the autosave and
    saved after every change, and the computer's next turn on a timer (an ``Intent``
    named ``computer`` through the shell's loop, after the "thinking" state is drawn)."""

    game: str
    #: The pause before the computer's move at the calm pace (milliseconds).
    calm_ms: int = 0

    def __init__(self, context: Context) -> None:
        self.context = context
        self.session: SessionT | None = None
        self.loaded = False
        self.save_failed = False
        self.computer_turn = Pending(context.clock)

    @property
    def t(self) -> Any:
        return self.context.t

    def current(self) -> SessionT | None:
        if not self.loaded:
            self.loaded = True
            found = spec(self.game)
            assert found is not None
            self.session = store.load_parsed(self.context.storage, self.game, found.load)
        return self.session

    def replace(self, session: SessionT) -> None:
        """A new game (new players, a rematch): the old one's computer turn is dropped."""
        self.computer_turn.cancel()
        self.session = session
        self.loaded = True

    def persist(self, text: str) -> bool:
        """Autosave ``text``; a refused write is remembered (the screen says so)."""
        ok = store.save(self.context.storage, self.game, text)
        self.save_failed = not ok
        return ok

    def computer_to_act(self) -> bool:
        return False

    def after_paint(self, painted: Painted) -> None:
        if self.computer_to_act():
            pause = pause_ms(self.context.settings.computer_pace, self.calm_ms)
            self.computer_turn.start(pause, self._computer_turn)

    def _computer_turn(self) -> None:
        self.context.dispatch(Intent("computer"))

    def leave(self) -> None:
        self.computer_turn.cancel()
