"""`make dist` writes a complete, installable, offline-capable static site."""

from __future__ import annotations

import json
import re
import struct
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import build  # noqa: E402


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("build") / "dist"
    build.build(out)
    return out


def precached(site: Path) -> list[str]:
    worker = (site / "sw.js").read_text(encoding="utf-8")
    match = re.search(r"const PRECACHE_URLS = (\[.*?\]);", worker, re.S)
    assert match, "the service worker has no precache list"
    return list(json.loads(match.group(1)))


def cache_name(site: Path) -> str:
    match = re.search(
        r'const CACHE_NAME = "([^"]+)";', (site / "sw.js").read_text(encoding="utf-8")
    )
    assert match
    return match.group(1)


def test_the_site_has_its_pages_runtime_and_python(site: Path) -> None:
    for name in (
        "index.html",
        "main.py",
        "app.zip",
        "pyscript.json",
        "sw.js",
        "manifest.webmanifest",
        "styles/app.css",
        "vendor/pyscript/core.js",
        "vendor/pyodide/pyodide.mjs",
        "vendor/pyodide/pyodide.asm.wasm",
        "vendor/pyodide/python_stdlib.zip",
    ):
        assert (site / name).is_file(), name
    assert not list(site.rglob("*.map")), "source maps are not part of the site"


def test_pyscript_uses_the_vendored_interpreter(site: Path) -> None:
    config = json.loads((site / "pyscript.json").read_text(encoding="utf-8"))
    assert (site / config["interpreter"]).is_file()
    assert config["files"] == {"./app.zip": "./*"}
    assert "packages" not in config  # packages would be fetched from a CDN


def test_pyscript_starts_python_through_the_snapshot_loader(site: Path) -> None:
    config = json.loads((site / "pyscript.json").read_text(encoding="utf-8"))
    assert config["interpreter"] == "./interpreter.mjs"
    loader = (site / "interpreter.mjs").read_text(encoding="utf-8")
    assert 'from "./vendor/pyodide/pyodide.mjs"' in loader
    index = (site / "index.html").read_text(encoding="utf-8")
    # Loaded before PyScript's core, so Python starts while PyScript loads.
    assert index.index('src="./interpreter.mjs"') < index.index('src="./vendor/pyscript/core.js"')


def test_the_snapshot_is_named_by_the_build_hash(site: Path) -> None:
    store = (site / "snapshot-store.mjs").read_text(encoding="utf-8")
    match = re.search(r'export const BUILD = "([0-9a-f]+)";', store)
    assert match, "the build id was not stamped"
    assert cache_name(site) == build.CACHE_PREFIX + match.group(1)
    for name in build.START_MODULES:
        assert "__BUILD_ID__" not in (site / name).read_text(encoding="utf-8"), name


def test_the_snapshot_worker_knows_what_pyscript_will_import(site: Path) -> None:
    worker = (site / "snapshot-worker.mjs").read_text(encoding="utf-8")
    match = re.search(r"const PYSCRIPT_STDLIB = (\[.*?\]);", worker)
    assert match, "the standard-library list was not filled in"
    modules = json.loads(match.group(1))
    assert {"asyncio", "json"} <= set(modules)
    assert all(name.split(".")[0] in sys.stdlib_module_names for name in modules)


def test_imports_inside_functions_are_not_import_time_imports() -> None:
    source = (
        "import json\n"
        "try:\n    import asyncio\nexcept ImportError:\n    pass\n"
        "def later():\n    import inspect\n"
        "class Thing:\n    from html import escape\n"
        "from . import sibling\n"
    )
    names = set(build._import_time_imports(build.ast.parse(source)))
    assert names == {"json", "asyncio", "html"}


def test_app_zip_holds_the_engine_and_the_ui(site: Path) -> None:
    with zipfile.ZipFile(site / "app.zip") as archive:
        names = set(archive.namelist())
    assert "engine/__init__.py" in names
    assert "ui/app.py" in names and "i18n/es.json" in names
    assert "preload.py" in names
    assert "content/rules/stratego.es.md" in names
    assert not [name for name in names if "__pycache__" in name or name.endswith(".pyc")]


def test_every_file_is_precached(site: Path) -> None:
    urls = precached(site)
    files = {f"./{p.relative_to(site).as_posix()}" for p in site.rglob("*") if p.is_file()}
    assert set(urls) == (files - {"./sw.js"}) | {"./"}


def test_index_links_only_to_local_files(site: Path) -> None:
    index = (site / "index.html").read_text(encoding="utf-8")
    for url in re.findall(r'(?:src|href)="([^"]+)"', index):
        assert not re.match(r"^[a-z]+://|^//", url), url
        assert (site / url).is_file(), url
    assert "<!--LOADING_MESSAGES-->" not in index
    assert 'lang="es"' in index and 'lang="en"' in index


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_manifest_makes_the_app_installable(site: Path) -> None:
    manifest = json.loads((site / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "./"
    sizes = set()
    for entry in manifest["icons"]:
        icon = site / entry["src"]
        assert icon.is_file(), entry["src"]
        if entry["type"] == "image/png":
            width, height = png_size(icon)
            assert entry["sizes"] == f"{width}x{height}"
            sizes.add(width)
    assert {192, 512} <= sizes


def test_cache_name_follows_the_content(
    site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    again = build.build(tmp_path / "again")
    assert again == cache_name(site), "the same sources must give the same cache name"
    original = build.loading_messages
    monkeypatch.setattr(build, "loading_messages", lambda: original() + "<!-- changed -->")
    changed = build.build(tmp_path / "changed")
    assert changed != cache_name(site)


def test_missing_node_modules_is_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(build, "NODE_MODULES", tmp_path / "nowhere")
    with pytest.raises(build.BuildError, match="npm ci"):
        build.build(tmp_path / "out")
