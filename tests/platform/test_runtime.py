"""The engine must run unchanged on CPython 3.11+ and on Pyodide (Python 3.14)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"
# Modules that exist only in a browser; importing any of them would tie the rules to the page.
BROWSER_MODULES = {"js", "pyodide", "pyscript", "micropip"}


def test_python_is_recent_enough() -> None:
    assert sys.version_info >= (3, 11)


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_engine_imports_nothing_from_the_browser() -> None:
    sources = sorted(ENGINE.rglob("*.py"))
    assert sources, "the engine package has no Python files"
    offenders = {
        str(path.relative_to(ENGINE)): sorted(imported_modules(path) & BROWSER_MODULES)
        for path in sources
        if imported_modules(path) & BROWSER_MODULES
    }
    assert offenders == {}


def test_engine_uses_only_the_standard_library() -> None:
    stdlib = set(sys.stdlib_module_names) | {"engine", "__future__"}
    foreign = {
        str(path.relative_to(ENGINE)): sorted(imported_modules(path) - stdlib)
        for path in sorted(ENGINE.rglob("*.py"))
        if imported_modules(path) - stdlib
    }
    assert foreign == {}
