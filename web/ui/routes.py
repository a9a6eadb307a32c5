"""Screens are addressed by the URL's fragment, so a reload returns to the same screen
and the browser's back button works.

>>> parse("#/rules/ideology")
Route(screen='rules', argument='ideology')
>>> parse("")
Route(screen='home', argument=None)
>>> href(Route("settings"))
'#/settings'
"""

from __future__ import annotations

from typing import NamedTuple

GAMES = ("stratego", "ideology")
SCREENS = ("home", "new", "saves", "rules", "settings")


class Route(NamedTuple):
    screen: str
    argument: str | None = None


def parse(fragment: str) -> Route:
    parts = [part for part in fragment.lstrip("#").split("/") if part]
    if not parts:
        return Route("home")
    screen, argument = parts[0], (parts[1] if len(parts) > 1 else None)
    if screen not in SCREENS or (argument is not None and argument not in GAMES):
        return Route("not_found", fragment)
    if screen == "new" and argument is None:
        return Route("not_found", fragment)
    return Route(screen, argument)


def href(route: Route) -> str:
    if route.screen == "home":
        return "#/"
    return f"#/{route.screen}" + (f"/{route.argument}" if route.argument else "")
