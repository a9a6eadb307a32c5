"""How a game's UI plugs into the shell, so each game lives in its own package.

A game's package ``ui.<game>`` (for instance ``ui.stratego``) defines a class
``Controller`` taking a :class:`Context`. The shell hands it the ``#app`` element for
every address under ``#/<game>/...``:

- ``show(root, path)``: draw the screen for ``path`` (the address parts after the
  game's name, e.g. ``("new",)``), attaching any listeners it needs to ``root``;
- ``hide()``: remove those listeners (the shell is about to draw another screen).

Until a game's package exists, the shell says plainly that the game is not
available yet.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from ui.i18n import Translator
from ui.settings import Settings


@dataclass
class Context:
    """What a game's UI may use from the shell."""

    t: Translator
    settings: Settings
    storage: Any  # window.localStorage, or None where the browser disabled it
    navigate: Callable[[str], None]  # go to an address such as "#/stratego/play"
    announce: Callable[[str], None]  # say something to screen readers


class Controller(Protocol):
    def __init__(self, context: Context) -> None: ...
    def show(self, root: Any, path: tuple[str, ...]) -> None: ...
    def hide(self) -> None: ...


def game_in_progress(storage: Any, games: tuple[str, ...]) -> str | None:
    """The first game whose package says a game of it is in progress (for "Continue").

    A game's package opts in with a module-level ``has_game_in_progress(storage) -> bool``.
    """
    for game in games:
        try:
            module = importlib.import_module(f"ui.{game}")
        except ModuleNotFoundError as missing:
            if missing.name == f"ui.{game}":
                continue
            raise
        check = getattr(module, "has_game_in_progress", None)
        if check is not None and check(storage):
            return game
    return None


def controller_class(game: str) -> type[Controller] | None:
    """The game's controller class, or None while the game has no UI yet."""
    try:
        module = importlib.import_module(f"ui.{game}")
    except ModuleNotFoundError as missing:
        if missing.name in (f"ui.{game}",):
            return None
        raise
    found: type[Controller] | None = getattr(module, "Controller", None)
    return found
