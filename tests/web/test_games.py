"""A game's UI plugs into the shell by existing; a missing one is reported, not faked."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest
import ui
from ui.games import controller_class


def test_a_game_without_a_ui_package_has_no_controller() -> None:
    assert controller_class("backgammon") is None


def test_a_game_package_provides_its_controller(monkeypatch: pytest.MonkeyPatch) -> None:
    package = types.ModuleType("ui.checkers")

    class Controller:
        pass

    package.Controller = Controller  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "ui.checkers", package)
    assert controller_class("checkers") is Controller


def test_a_broken_import_inside_a_game_package_is_not_hidden(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "broken.py").write_text("import a_module_that_does_not_exist\n")
    monkeypatch.setattr(ui, "__path__", [*ui.__path__, str(tmp_path)])
    with pytest.raises(ModuleNotFoundError, match="a_module_that_does_not_exist"):
        controller_class("broken")
