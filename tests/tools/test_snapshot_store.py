"""The stored form of a memory snapshot (``web/snapshot-store.mjs``, run in Node): what
goes in comes out whole, and anything damaged, cut short, foreign or from another
build is refused before Pyodide would restore it."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STORE = (ROOT / "web" / "snapshot-store.mjs").as_uri()

CASES = Path(__file__).with_name("snapshot_store_cases.mjs")


@pytest.fixture(scope="module")
def outcomes() -> dict[str, object]:
    done = subprocess.run(
        ["node", str(CASES), STORE],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return dict(json.loads(done.stdout))


def test_a_stored_snapshot_comes_back_whole_and_smaller(outcomes: dict[str, object]) -> None:
    assert outcomes["intact"] == "same"
    assert isinstance(outcomes["ratio"], float) and outcomes["ratio"] < 0.5


@pytest.mark.parametrize(
    "damage",
    ["overwritten", "flipped_bit", "partial", "lengthened", "without_header", "foreign", "empty"],
)
def test_damaged_entries_are_refused(outcomes: dict[str, object], damage: str) -> None:
    assert outcomes[damage] == "refused"


def test_another_builds_snapshot_is_refused(outcomes: dict[str, object]) -> None:
    assert outcomes["other_build"] == "refused"
