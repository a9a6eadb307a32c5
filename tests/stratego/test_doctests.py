"""Run the docstring examples of the Stratego modules."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["pieces", "board", "errors", "actions", "setup", "fill", "game", "views", "saves", "ai"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(f"engine.stratego.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
