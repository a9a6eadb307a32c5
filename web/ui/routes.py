"""Screens are addressed by the URL's fragment, so a reload returns to the same screen
and the browser's back button works.

The shell's own screens are ``#/``, ``#/saves``, ``#/rules[/game]``, ``#/settings``,
``#/finished`` (the finished games) and ``#/review/<what>`` (a game looked back at);
everything under ``#/<game>/...`` belongs to that game's screens (see ``ui.games``).

>>> parse("#/rules/ideology")
Route(screen='rules', argument='ideology', path=())
>>> parse("")
Route(screen='home', argument=None, path=())
>>> parse("#/stratego/play")
Route(screen='game', argument='stratego', path=('play',))
>>> href(Route("game", "stratego", ("new",)))
'#/stratego/new'
"""

from __future__ import annotations

from typing import NamedTuple

from ui.games import NAMES as GAMES

SHELL_SCREENS = ("home", "saves", "rules", "settings", "finished", "review")


class Route(NamedTuple):
    screen: str
    argument: str | None = None
    path: tuple[str, ...] = ()


def parse(fragment: str) -> Route:
    parts = [part for part in fragment.lstrip("#").split("/") if part]
    if not parts:
        return Route("home")
    if parts[0] in GAMES:
        return Route("game", parts[0], tuple(parts[1:]))
    screen, argument = parts[0], (parts[1] if len(parts) > 1 else None)
    if screen not in SHELL_SCREENS or len(parts) > 2:
        return Route("not_found", fragment)
    if screen == "review":
        # What is looked back at: ``game-<game>``, ``finished-<game>-<id>``, ``save-<id>``.
        return Route(screen, argument) if argument else Route("not_found", fragment)
    if argument is not None and (screen != "rules" or argument not in GAMES):
        return Route("not_found", fragment)
    return Route(screen, argument)


def href(route: Route) -> str:
    if route.screen == "home":
        return "#/"
    if route.screen == "game":
        return "#/" + "/".join((str(route.argument), *route.path))
    return f"#/{route.screen}" + (f"/{route.argument}" if route.argument else "")


def new_game(game: str) -> Route:
    return Route("game", game, ("new",))
