"""Serve a folder (``dist/`` by default) over HTTP on 127.0.0.1, like any static host.

Usage: ``python tools/serve.py [--port 8000] [--dir dist]``
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import threading
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parent.parent
EXTRA_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
    ".md": "text/markdown; charset=utf-8",
}


class StaticHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **EXTRA_TYPES,
    }

    def log_message(self, format: str, *args: object) -> None:
        pass


def make_server(
    folder: Path, port: int, host: str = "127.0.0.1"
) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(StaticHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


def serve_in_background(folder: Path, port: int = 0) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Start serving in a thread; returns the server and its base URL (port 0 picks one)."""
    server = make_server(folder, port)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--dir", type=Path, default=ROOT / "dist")
    args = parser.parse_args()
    server = make_server(args.dir, args.port)
    print(f"Serving {args.dir} at http://127.0.0.1:{args.port}/  (Ctrl+C stops)", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()


if __name__ == "__main__":
    main()
