"""Everything the app imports before it draws, loaded into a Python that a memory
snapshot then keeps (see ``snapshot-worker.mjs`` and the README, *Start-up*).

The snapshot is made in a worker's bare Pyodide, where PyScript is absent: a module
that imports the browser (``pyscript``, or a name from ``js`` that only a page has) is
left for ``main.py`` to import on the page, after the snapshot is restored; whatever
it imports in turn is already loaded by then. Anything else that fails is a real error.

No module imported here may keep a JavaScript object at import time: the snapshot
would fail (and say which object).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable, Iterator

# Modules that exist only on a page started by PyScript (or only in the browser:
# ``pyodide`` is missing on CPython, where this module is tested).
BROWSER_ONLY = frozenset({"pyscript", "_pyscript", "polyscript", "js", "pyodide"})
APP_PACKAGES = ("engine", "ui")


def _modules_of(package_name: str) -> Iterator[str]:
    package = importlib.import_module(package_name)
    yield package_name
    for module in pkgutil.walk_packages(package.__path__, prefix=f"{package_name}."):
        yield module.name


def _needs_the_page(error: ImportError) -> bool:
    return (error.name or "").split(".")[0] in BROWSER_ONLY


def preload(packages: Iterable[str] = APP_PACKAGES, modules: Iterable[str] = ()) -> list[str]:
    """Import ``modules`` and every module of ``packages``, then read the string
    tables; returns the modules now loaded (those that need the page are skipped)."""
    loaded = []
    names = [*modules, *(name for package in packages for name in _modules_of(package))]
    for name in names:
        try:
            importlib.import_module(name)
        except ImportError as error:
            if _needs_the_page(error):
                continue
            raise
        loaded.append(name)
    _read_string_tables()
    return loaded


def _read_string_tables() -> None:
    from ui.i18n import LANGUAGES, table

    for language in LANGUAGES:
        table(language)
