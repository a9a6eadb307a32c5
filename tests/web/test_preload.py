"""What the memory snapshot holds: every module that can be imported without the page,
and the string tables; a module that needs the page is left for it, any other failure
stops the snapshot."""

from __future__ import annotations

import sys
from pathlib import Path

import preload
import pytest
from ui import i18n


def test_the_engines_and_the_pure_ui_modules_are_loaded() -> None:
    loaded = preload.preload()
    for name in ("engine.stratego.ai", "engine.ideology.ai", "ui.i18n", "ui.stratego.render"):
        assert name in loaded
        assert name in sys.modules


def test_modules_that_import_the_page_are_left_for_it() -> None:
    loaded = preload.preload()
    # ui.app imports pyscript, which only a page started by PyScript has.
    assert "ui.app" not in loaded
    assert "ui.app" not in sys.modules


def test_both_string_tables_are_read() -> None:
    i18n.table.cache_clear()
    preload.preload(packages=())
    assert i18n.table.cache_info().currsize == len(i18n.LANGUAGES)


def test_extra_modules_are_loaded_first(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(sys.modules, "colorsys", raising=False)
    assert preload.preload(packages=(), modules=("colorsys",)) == ["colorsys"]
    assert "colorsys" in sys.modules


def test_a_module_broken_for_another_reason_stops_the_snapshot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "brokenapp"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "needs_page.py").write_text("from pyscript import document\n")
    (package / "typo.py").write_text("import no_such_module_anywhere\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ModuleNotFoundError, match="no_such_module_anywhere"):
        preload.preload(packages=("brokenapp",))
    (package / "typo.py").unlink()
    assert preload.preload(packages=("brokenapp",)) == ["brokenapp"]
