"""The shell's loop without a browser: a screen, its intents, its pages and what each
paint would replace, as ``ui.app`` runs them (addresses, notices, the computer's timers
on a :class:`ui.timer.ManualClock`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ui.games import spec
from ui.i18n import Translator
from ui.loop import Context, Intent, Notice, Outcome, Page, Painted, Screen, changed_sections
from ui.routes import parse
from ui.settings import Settings
from ui.store import MemoryStorage
from ui.timer import ManualClock


@dataclass
class Driver:
    """One game's screens (or any screen) driven through the loop."""

    screen: Screen
    context: Context
    address: str = ""
    page: Page | None = None
    notice: Notice | None = None
    outcomes: list[Outcome] = field(default_factory=list)
    #: What the last paint replaced: section keys, or None when it drew the page whole.
    changed: list[str] | None = None

    @classmethod
    def game(
        cls, name: str, *, language: str = "en", storage: Any = None, **settings: Any
    ) -> Driver:
        clock = ManualClock()
        context = Context(
            t=Translator(language),
            settings=Settings(language=language, **settings),
            storage=MemoryStorage() if storage is None else storage,
            clock=clock,
        )
        found = spec(name)
        assert found is not None
        driver = cls(found.screen(context), context)
        context.dispatch = driver.dispatch
        return driver

    @classmethod
    def new_game(cls, name: str, **options: Any) -> Driver:
        """A driver on the game's new-game form (``options`` as for :meth:`game`)."""
        driver = cls.game(name, **options)
        driver.go(f"#/{name}/new")
        return driver

    @property
    def clock(self) -> ManualClock:
        clock = self.context.clock
        assert isinstance(clock, ManualClock)
        return clock

    def go(self, address: str) -> None:
        """The address changes (a link, a reload's first screen, a redirect)."""
        for _ in range(5):
            self.screen.leave()
            redirect = self.screen.enter(parse(address))
            if redirect is None:
                break
            address = redirect
        self.address = address
        self.notice = None
        self.paint(new_screen=True)

    def dispatch(self, intent: Intent) -> Outcome | None:
        outcome = self.screen.dispatch(intent)
        if outcome is None:
            return None
        self.outcomes.append(outcome)
        if not outcome.repaint:
            return outcome
        if not outcome.keep_notice:
            self.notice = outcome.notice
        if outcome.address is not None and outcome.address != self.address:
            self.go(outcome.address)
            return outcome
        self.paint(new_screen=outcome.new_screen)
        return outcome

    def tap(self, text: str, **fields: str) -> Outcome | None:
        """A tap on the element whose ``data-intent`` is ``text`` (in a form with
        ``fields``); it must be on the page."""
        assert self.page is not None
        html = self.page.html()
        assert f'data-intent="{text}"' in html, f"nothing to tap for {text!r}"
        return self.dispatch(Intent.parse(text, fields=fields))

    def paint(self, *, new_screen: bool = False) -> None:
        page = self.screen.render(self.notice)
        new_screen = new_screen or self.page is None or page.screen != self.page.screen
        self.changed = changed_sections(None if new_screen else self.page, page)
        self.page = page
        self.screen.after_paint(Painted(page, self.changed, new_screen))

    def html(self) -> str:
        assert self.page is not None
        return self.page.html()

    def run_timers(self) -> int:
        return self.clock.run_all()


STRATEGO_NAMES = {"name-red": "Ana", "name-blue": "Luis"}


def stratego_at_play(storage: MemoryStorage | None = None) -> Driver:
    """A Stratego game between two people with both armies set up: Red's board."""
    driver = Driver.new_game("stratego", storage=storage)
    driver.tap("new-start", **STRATEGO_NAMES)
    for setup in ("Lakeside fortress", "Bomb wall"):
        driver.tap("reveal")
        driver.tap("setup-use", preset=f"builtin:{setup}")
        driver.tap("setup-ready")
    driver.tap("reveal")
    return driver
