"""The map printed in the in-app rules texts (both languages) is the engine's map
(skipped where the texts are not shipped)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.ideology import data

RULES = Path(__file__).resolve().parents[2] / "web" / "content" / "rules"
HOME = {"en": "home", "es": "inicial"}
HEADING = {"en": "## The map", "es": "## El mapa"}


def map_rows(language: str) -> list[str]:
    """The table rows the rules text must hold, in the data file's order."""
    spanish = language == "es"
    names = {r.name: (r.name_es if spanish else r.name) for r in data.REGIONS.values()}
    rows = []
    for region in data.REGIONS.values():
        level = f"{region.level} ({HOME[language]})" if region.home_of else str(region.level)
        adjacent = ", ".join(names[n] for n in region.adjacent)
        rows.append(f"| {names[region.name]} | {level} | {adjacent} |")
    return rows


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_rules_text_prints_the_engines_map(language: str) -> None:
    path = RULES / f"ideology.{language}.md"
    if not path.exists():
        pytest.skip("rules texts not shipped here")
    text = path.read_text(encoding="utf-8")
    table = text.split(HEADING[language] + "\n")[1].split("\n## ")[0]
    printed = [line for line in table.splitlines() if re.match(r"\| [^-|]", line)][1:]
    assert printed == map_rows(language)
    assert f" {len(data.REGIONS)} " in table
