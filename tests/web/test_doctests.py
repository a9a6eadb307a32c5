"""The UI modules' docstring examples are kept true."""

from __future__ import annotations

import doctest

import pytest
from ui import computer, games, html, i18n, icons, loop, markdown, routes, timer
from ui.ideology import session as ideology_session
from ui.ideology import text as ideology_text

MODULES = [
    computer,
    games,
    html,
    i18n,
    icons,
    loop,
    markdown,
    routes,
    timer,
    ideology_session,
    ideology_text,
]


@pytest.mark.parametrize("module", MODULES)
def test_doctests(module: object) -> None:
    failures, tried = doctest.testmod(module)  # type: ignore[arg-type]
    assert tried > 0
    assert failures == 0
