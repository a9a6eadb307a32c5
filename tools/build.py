"""Build the complete static site into ``dist/``.

Usage: ``python tools/build.py [--out DIR]``

What lands in the output folder:

- ``index.html`` (the loading screen's text injected from the UI string tables),
  ``main.py``, ``styles/``, ``icons/``, ``manifest.webmanifest``;
- ``app.zip``: the ``engine`` package, the UI package, the string tables and the
  rules texts, unpacked by PyScript into Python's working directory (one request
  instead of dozens);
- ``pyscript.json``: points PyScript at ``interpreter.mjs``, which starts the vendored
  Pyodide (so nothing is fetched from a CDN), from a memory snapshot when the player
  has one (``snapshot-store.mjs``, made by ``snapshot-worker.mjs``);
- ``vendor/pyodide`` and ``vendor/pyscript`` copied from ``node_modules`` (pinned in
  ``package.json``, never committed);
- ``sw.js``: a service worker that precaches every file above under a cache name
  derived from their content, so a new deploy replaces the old cache. The same hash
  names the build in ``snapshot-store.mjs``, so a snapshot of an older build is
  never restored.

Only the standard library is used, so the build runs before any virtual
environment exists.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import html
import json
import shutil
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from icons import write_icons

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
NODE_MODULES = ROOT / "node_modules"

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# Zip entries get a fixed timestamp so the same sources give the same bytes
# (and so the same service-worker cache name).
ZIP_EPOCH = (2020, 1, 1, 0, 0, 0)
APP_ZIP_SOURCES = (
    (ROOT / "engine", "engine"),
    (WEB / "ui", "ui"),
    (WEB / "i18n", "i18n"),
    (WEB / "content", "content"),
)
APP_ZIP_FILES = ((WEB / "preload.py", "preload.py"),)
SKIPPED_PARTS = {"__pycache__", ".mypy_cache", ".pytest_cache"}
CACHE_PREFIX = "tablero-"
# The interpreter PyScript starts, and the memory snapshot it may start from.
START_MODULES = ("interpreter.mjs", "snapshot-store.mjs", "snapshot-worker.mjs")
BUILD_ID_MARK = '"__BUILD_ID__"'
PYSCRIPT_STDLIB_MARK = "__PYSCRIPT_STDLIB__"
# PyScript's own Python package, as the text PyScript writes into Python's files on the
# page (a JavaScript module holding one JSON object: folder -> file -> source).
PYSCRIPT_PYTHON = NODE_MODULES / "@pyscript" / "core" / "src" / "stdlib" / "pyscript.js"


class BuildError(RuntimeError):
    """The site cannot be built; the message says what is missing."""


def _packable(path: Path) -> bool:
    return path.is_file() and not (SKIPPED_PARTS & set(path.parts)) and path.suffix != ".pyc"


def write_app_zip(target: Path) -> None:
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for source, prefix in APP_ZIP_SOURCES:
            for path in sorted(p for p in source.rglob("*") if _packable(p)):
                name = f"{prefix}/{path.relative_to(source).as_posix()}"
                info = zipfile.ZipInfo(name, date_time=ZIP_EPOCH)
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                archive.writestr(info, path.read_bytes())
        for path, name in APP_ZIP_FILES:
            info = zipfile.ZipInfo(name, date_time=ZIP_EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes())


def copy_vendor(out: Path) -> None:
    pyodide = NODE_MODULES / "pyodide"
    pyscript = NODE_MODULES / "@pyscript" / "core" / "dist"
    if not pyodide.is_dir() or not pyscript.is_dir():
        raise BuildError("node_modules is missing Pyodide or PyScript: run `npm ci` first.")
    (out / "vendor" / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide / name, out / "vendor" / "pyodide" / name)
    (out / "vendor" / "pyscript").mkdir(parents=True)
    for path in sorted(pyscript.iterdir()):
        if path.is_file() and path.suffix != ".map":
            shutil.copy2(path, out / "vendor" / "pyscript" / path.name)


def _import_time_imports(tree: ast.AST) -> Iterator[str]:
    """Modules a Python file imports when it is imported (not inside a function)."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            yield node.module
        else:
            yield from _import_time_imports(node)


def _pyscript_sources() -> Iterator[str]:
    if not PYSCRIPT_PYTHON.is_file():
        raise BuildError("node_modules is missing PyScript's sources: run `npm ci` first.")
    module = PYSCRIPT_PYTHON.read_text(encoding="utf-8")
    literal = module[module.index("export default ") + len("export default ") :]
    folders = [json.loads(literal.strip().removesuffix(";"))]
    while folders:
        for entry in folders.pop().values():
            if isinstance(entry, str):
                yield entry
            else:
                folders.append(entry)


def pyscript_stdlib_imports() -> list[str]:
    """The standard-library modules PyScript's own Python package imports on the page,
    so the memory snapshot can hold them already."""
    names = set()
    for source in _pyscript_sources():
        for name in _import_time_imports(ast.parse(source)):
            if name.split(".")[0] in sys.stdlib_module_names:
                names.add(name)
    return sorted(names)


def write_start_modules(out: Path) -> None:
    for name in START_MODULES:
        text = (WEB / name).read_text(encoding="utf-8")
        text = text.replace(PYSCRIPT_STDLIB_MARK, json.dumps(pyscript_stdlib_imports()))
        (out / name).write_text(text, encoding="utf-8")


def stamp_build_id(out: Path, build_id: str) -> None:
    """Name the build in the snapshot store (after hashing: the hash covers the file
    with its placeholder, which decides everything else in it)."""
    for name in START_MODULES:
        path = out / name
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace(BUILD_ID_MARK, json.dumps(build_id)), encoding="utf-8")


def loading_messages() -> str:
    """One hidden-by-default line per language; CSS shows the one matching <html lang>."""
    lines = []
    for table in sorted((WEB / "i18n").glob("*.json")):
        strings = json.loads(table.read_text(encoding="utf-8"))
        lines.append(
            f'<p class="loading-text" lang="{table.stem}">{html.escape(strings["loading"])}</p>'
        )
    return "\n      ".join(lines)


def write_pages(out: Path) -> None:
    index = (WEB / "index.html").read_text(encoding="utf-8")
    index = index.replace("<!--LOADING_MESSAGES-->", loading_messages())
    (out / "index.html").write_text(index, encoding="utf-8")
    shutil.copy2(WEB / "main.py", out / "main.py")
    shutil.copytree(WEB / "styles", out / "styles")
    shutil.copy2(WEB / "manifest.webmanifest", out / "manifest.webmanifest")
    config = {"interpreter": "./interpreter.mjs", "files": {"./app.zip": "./*"}}
    (out / "pyscript.json").write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
    write_start_modules(out)
    write_app_zip(out / "app.zip")
    write_icons(out / "icons")


def site_files(out: Path) -> list[str]:
    """Every file the service worker must precache, as URLs relative to its scope."""
    return sorted(
        path.relative_to(out).as_posix()
        for path in out.rglob("*")
        if path.is_file() and path.name != "sw.js"
    )


def content_hash(out: Path, files: list[str]) -> str:
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode())
        digest.update(b"\0")
        digest.update(hashlib.sha256((out / name).read_bytes()).digest())
    return digest.hexdigest()[:16]


def write_service_worker(out: Path) -> str:
    files = site_files(out)
    build_id = content_hash(out, files)
    stamp_build_id(out, build_id)
    cache_name = CACHE_PREFIX + build_id
    urls = ["./", *[f"./{name}" for name in files]]
    template = (WEB / "sw.js").read_text(encoding="utf-8")
    worker = template.replace('"__CACHE_NAME__"', json.dumps(cache_name)).replace(
        "__PRECACHE_URLS__", json.dumps(urls, indent=2)
    )
    (out / "sw.js").write_text(worker, encoding="utf-8")
    return cache_name


def build(out: Path) -> str:
    """Write the whole site into ``out`` (replacing it) and return the cache name."""
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    copy_vendor(out)
    write_pages(out)
    return write_service_worker(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="output folder")
    args = parser.parse_args(argv)
    try:
        cache_name = build(args.out)
    except BuildError as error:
        print(f"build failed: {error}", file=sys.stderr)
        return 1
    size = sum(p.stat().st_size for p in args.out.rglob("*") if p.is_file())
    print(f"built {args.out} ({size / 1e6:.1f} MB, cache {cache_name})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
