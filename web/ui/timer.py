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


def measured(name: str, work: Callable[[], T]) -> T:
    """Run ``work`` and record its duration as a User Timing measure named ``name``
    (read by the benchmarks through ``performance.getEntriesByName``)."""
    start = window.performance.now()
    result = work()
    options = to_js({"start": start}, dict_converter=window.Object.fromEntries)
    window.performance.measure(name, options)
    return result
