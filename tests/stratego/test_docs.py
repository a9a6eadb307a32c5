"""The API document lists every error code and end reason (skipped where docs are absent)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import stratego

DOC = Path(__file__).resolve().parents[2] / "docs" / "stratego-api.md"


@pytest.mark.skipif(not DOC.exists(), reason="docs not shipped here")
def test_every_code_is_documented() -> None:
    text = DOC.read_text(encoding="utf-8")
    for codes in stratego.ERROR_CODES.values():
        for code in codes:
            assert f"`{code}`" in text, code
    for reason in stratego.END_REASONS:
        assert f"`{reason}`" in text, reason
    for army, setups in stratego.BUILTIN_SETUPS_BY_ARMY.items():
        assert f"`{army}`" in text, army
        for name in setups:
            assert name in text, name


RULES = Path(__file__).resolve().parents[2] / "web" / "content" / "rules"
# The rows of the rules texts' army table, by the piece letters each row counts.
ARMY_TABLE_ROWS = ["X", "9", "87654", "3", "2", "S", "B", "F"]


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.skipif(not RULES.exists(), reason="rules texts not shipped here")
def test_the_rules_texts_count_each_army_as_the_engine_does(language: str) -> None:
    text = (RULES / f"stratego.{language}.md").read_text(encoding="utf-8")
    start = text.index("| Classic |" if language == "en" else "| Clásico |")
    rows = [line for line in text[start:].splitlines()[2:] if line.startswith("|")]
    for row, letters in zip(rows, ARMY_TABLE_ROWS, strict=False):
        cells = [cell.strip() for cell in row.strip("|").split("|")][1:]
        for army, cell in zip(("classic", "barrage", "duel"), cells, strict=True):
            counts = stratego.ARMIES[army].counts
            expected = sum(counts[letter] for letter in letters)
            assert cell == (str(expected) if expected else "–"), (language, army, letters)
    total = [cell.strip("* ") for cell in rows[len(ARMY_TABLE_ROWS)].strip("|").split("|")]
    assert total[1:] == [str(stratego.ARMIES[army].size) for army in stratego.ARMY_NAMES]
