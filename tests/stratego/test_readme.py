"""The README's Stratego example runs as written (skipped where the README is absent)."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"


def section(text: str, heading: str) -> str:
    """The README's text from ``heading`` to the next heading of the same level."""
    start = text.index(heading)
    end = text.find("\n### ", start + len(heading))
    return text[start : end if end >= 0 else len(text)]


@pytest.mark.skipif(not README.exists(), reason="README not shipped here")
def test_the_readme_stratego_example_runs() -> None:
    text = section(README.read_text(encoding="utf-8"), "### Stratego (`engine.stratego`")
    parser = doctest.DocTestParser()
    test = parser.get_doctest(text, {}, "README.md#stratego", str(README), 0)
    assert len(test.examples) >= 10
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
