"""The computer's turns run on the page's own thread, one short timer task each.

A computer move takes a few milliseconds (measured by ``bench/computer_ui.py``), so it
runs between the browser's frames instead of in a worker, which would start a second
Python and double the start-up cost. Each move is one task scheduled on the shell's
clock (``setTimeout`` in the browser, :class:`ManualClock` in tests): the page draws the
"thinking" state first and answers taps in between.

>>> clock = ManualClock()
>>> turn, played = Pending(clock), []
>>> turn.start(600, lambda: played.append("move")); turn.start(600, lambda: played.append("again"))
>>> turn.waiting, clock.run_all(), played, turn.waiting
(True, 1, ['move'], False)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ui.loop import Clock


class Pending:
    """At most one waiting call (the computer's next move): starting another while one
    waits does nothing, so painting twice never makes the computer play twice."""

    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._handle: Any = None

    @property
    def waiting(self) -> bool:
        return self._handle is not None

    def start(self, milliseconds: int, callback: Callable[[], None]) -> None:
        if self._handle is not None:
            return

        def run() -> None:
            self._handle = None
            callback()

        self._handle = self._clock.later(milliseconds, run)

    def cancel(self) -> None:
        self._clock.cancel(self._handle)
        self._handle = None


class ManualClock:
    """A clock whose timers run only when a test says so (``run_all``); its time
    (``time``, milliseconds) moves only when a test moves it."""

    def __init__(self) -> None:
        self.timers: dict[int, tuple[int, Callable[[], None]]] = {}
        self._next = 0
        self.measures: list[str] = []
        self.time = 0.0

    def later(self, milliseconds: int, callback: Callable[[], None]) -> int:
        self._next += 1
        self.timers[self._next] = (milliseconds, callback)
        return self._next

    def cancel(self, handle: Any) -> None:
        self.timers.pop(handle, None)

    def measure(self, name: str, work: Callable[[], Any]) -> Any:
        self.measures.append(name)
        return work()

    def now(self) -> float:
        return self.time

    def record(self, name: str, since: float) -> None:
        self.measures.append(name)

    def utc_offset_minutes(self) -> int:
        return 0

    def run_all(self, limit: int = 10_000) -> int:
        """Run the waiting timers (and those they start) in order; how many ran."""
        ran = 0
        while self.timers and ran < limit:
            handle = min(self.timers)
            _, callback = self.timers.pop(handle)
            callback()
            ran += 1
        return ran
