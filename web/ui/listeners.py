"""Event handlers a screen attaches to the shell's ``#app`` element while it is shown.

The element stays; its content is replaced on every screen change, so each screen
listens on the element itself (event delegation) and detaches when it hides. A handler
that fails is logged and reported through ``on_error`` instead of leaving the page dead.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy

Handler = Callable[[Any], None]


class Listeners:
    def __init__(self, handlers: dict[str, Handler], on_error: Callable[[], None] | None = None):
        self._on_error = on_error
        # The proxies must live as long as the listeners: they are kept here.
        self._proxies = [
            (event, create_proxy(self._guarded(handler))) for event, handler in handlers.items()
        ]
        self._root: Any = None

    def _guarded(self, handler: Handler) -> Handler:
        def guarded(event: Any) -> None:
            try:
                handler(event)
            except Exception:
                traceback.print_exc()
                if self._on_error is not None:
                    self._on_error()

        return guarded

    def attach(self, root: Any) -> None:
        if self._root is root:
            return
        self.detach()
        for event, proxy in self._proxies:
            root.addEventListener(event, proxy)
        self._root = root

    def detach(self) -> None:
        if self._root is not None:
            for event, proxy in self._proxies:
                self._root.removeEventListener(event, proxy)
            self._root = None
