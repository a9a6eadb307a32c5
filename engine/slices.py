"""Thinking in slices, for both games' expert computers: a page runs a decision a short
task at a time (``step``) and stays responsive, and the decision does not depend on
where the slices fell.

A subclass counts its work in ``nodes`` and sets ``_work`` to a generator that yields
whenever :meth:`Sliced._slice_over` says so; only its node budget ends the thinking.

>>> class Count(Sliced):
...     def __init__(self, to: int) -> None:
...         super().__init__()
...         self._work = self._count(to)
...     def _count(self, to):
...         while self.nodes < to:
...             self.nodes += 1
...             if self._slice_over():
...                 yield
>>> counting = Count(25)
>>> [counting.step(10) for _ in range(3)], counting.nodes
([False, False, True], 25)
"""

from __future__ import annotations

import time
from collections.abc import Generator


class Sliced:
    """Work done in slices: ``step(max_nodes, max_seconds)`` until it returns True."""

    #: The default slice, in nodes (a subclass sets its own).
    slice_nodes = 100

    def __init__(self) -> None:
        self.nodes = 0
        self._work: Generator[None, None, None] | None = None
        self._pause_at = 0
        self._deadline = 0.0

    @property
    def done(self) -> bool:
        return self._work is None

    def step(self, max_nodes: int | None = None, max_seconds: float | None = None) -> bool:
        """Think a little more: until ``max_nodes`` more nodes (default ``slice_nodes``)
        are done, or (when given) ``max_seconds`` have passed; True once finished. Where
        the slices end never changes the result: only the node budget ends the work."""
        work = self._work
        if work is None:
            return True
        self._pause_at = self.nodes + max(1, self.slice_nodes if max_nodes is None else max_nodes)
        self._deadline = 0.0 if max_seconds is None else time.perf_counter() + max_seconds
        try:
            next(work)
        except StopIteration:
            self._work = None
            return True
        return False

    def _slice_over(self) -> bool:
        """Whether the work should yield now: the slice's nodes are done or its time is up."""
        if self.nodes >= self._pause_at:
            return True
        return bool(self._deadline) and time.perf_counter() >= self._deadline

    def _finish(self) -> None:
        """Run every remaining slice at once."""
        while not self.step(1 << 30):
            pass
