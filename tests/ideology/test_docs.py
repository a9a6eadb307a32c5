"""The README's and the API document's Ideology examples run, and the API document lists
every error code the engine can raise (skipped where the docs are not shipped)."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
API = ROOT / "docs" / "ideology-api.md"
ENGINE = ROOT / "engine" / "ideology"


def run_examples(text: str, name: str) -> int:
    """Run every ``>>>`` example of the fenced blocks in ``text``; returns how many ran."""
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    tried = 0
    for index, block in enumerate(re.findall(r"```pycon\n(.*?)```", text, re.DOTALL)):
        test = parser.get_doctest(block, {}, f"{name}[{index}]", name, 0)
        result = runner.run(test)
        assert result.failed == 0, f"{name} block {index}"
        tried += result.attempted
    return tried


@pytest.mark.skipif(not README.exists(), reason="docs not shipped here")
def test_readme_ideology_example_runs() -> None:
    readme = README.read_text(encoding="utf-8")
    section = readme.split("### Ideology (`engine.ideology`")[1].split("\n### ")[0]
    assert run_examples(section, "README") >= 8


@pytest.mark.skipif(not API.exists(), reason="docs not shipped here")
def test_api_document_examples_run() -> None:
    assert run_examples(API.read_text(encoding="utf-8"), "ideology-api.md") >= 8


@pytest.mark.skipif(not API.exists(), reason="docs not shipped here")
def test_every_error_code_the_engine_raises_is_documented() -> None:
    source = "\n".join(path.read_text(encoding="utf-8") for path in ENGINE.glob("*.py"))
    raised = set(re.findall(r'(?:IllegalAction|SetupError|SaveError)\(\s*"([a-z_]+)"', source))
    raised |= {f"unknown_{kind}" for kind in ("type", "region", "ideology", "advance", "status")}
    assert {"zone_full", "too_long", "no_conflict", "cannot_undo"} <= raised
    document = API.read_text(encoding="utf-8")
    assert sorted(c for c in raised if f"`{c}`" not in document) == []
