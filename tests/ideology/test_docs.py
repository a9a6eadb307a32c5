"""The API document lists every error code the engine can raise (skipped where the docs
are not shipped). Its examples, and the README's, run as pytest doctests."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
API = ROOT / "docs" / "ideology-api.md"
ENGINE = ROOT / "engine" / "ideology"


@pytest.mark.skipif(not API.exists(), reason="docs not shipped here")
def test_every_error_code_the_engine_raises_is_documented() -> None:
    source = "\n".join(path.read_text(encoding="utf-8") for path in ENGINE.glob("*.py"))
    raised = set(re.findall(r'(?:IllegalAction|SetupError|SaveError)\(\s*"([a-z_]+)"', source))
    raised |= {f"unknown_{kind}" for kind in ("type", "region", "ideology", "advance", "status")}
    assert {"zone_full", "too_long", "no_conflict", "cannot_undo"} <= raised
    document = API.read_text(encoding="utf-8")
    assert sorted(c for c in raised if f"`{c}`" not in document) == []
