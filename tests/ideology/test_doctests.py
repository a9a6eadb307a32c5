"""Run the examples in the engine's docstrings."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

from engine import ideology
from engine.ideology import actions, ai, ai_expert, ai_sample, data, errors, game, saves, state


@pytest.mark.parametrize(
    "module", [ideology, actions, ai, ai_expert, ai_sample, data, errors, game, saves, state]
)
def test_doctests(module: ModuleType) -> None:
    result = doctest.testmod(module)
    assert result.failed == 0
    assert result.attempted > 0
