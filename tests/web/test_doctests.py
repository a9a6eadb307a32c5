"""The UI modules' docstring examples are kept true."""

from __future__ import annotations

import doctest

import pytest
from ui import computer, i18n, markdown, routes


@pytest.mark.parametrize("module", [computer, i18n, markdown, routes])
def test_doctests(module: object) -> None:
    failures, tried = doctest.testmod(module)  # type: ignore[arg-type]
    assert tried > 0
    assert failures == 0
