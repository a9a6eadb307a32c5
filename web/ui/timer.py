"""Browser timers for the computer's turns, which run on the page's own thread.

A computer move takes a few milliseconds (measured by ``bench/computer_ui.py``), so it
runs between the browser's frames instead of in a worker, which would start a second
Python and double the start-up cost. Each move is one short task scheduled with
``setTimeout``: the page draws the "thinking" state first and answers taps in between.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import Any, TypeVar

from pyodide.ffi import create_once_callable, to_js
from pyscript import window

T = TypeVar("T")


def later(milliseconds: int, callback: Callable[[], None]) -> Any:
    """Run ``callback`` after ``milliseconds``; returns a handle for :func:`cancel`."""

    def guarded() -> None:
        try:
            callback()
        except Exception:
            traceback.print_exc()

    return window.setTimeout(create_once_callable(guarded), milliseconds)


def cancel(handle: Any) -> None:
    if handle is not None:
        window.clearTimeout(handle)


class Pending:
    """At most one waiting call (the computer's next move): starting another while one
    waits does nothing, so redrawing twice never makes the computer play twice."""

    def __init__(self) -> None:
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

        self._handle = later(milliseconds, run)

    def cancel(self) -> None:
        cancel(self._handle)
        self._handle = None


def measured(name: str, work: Callable[[], T]) -> T:
    """Run ``work`` and record its duration as a User Timing measure named ``name``
    (read by the benchmarks through ``performance.getEntriesByName``)."""
    start = window.performance.now()
    result = work()
    options = to_js({"start": start}, dict_converter=window.Object.fromEntries)
    window.performance.measure(name, options)
    return result
