"""How the tests and benchmarks start Chromium: Debian's build, closed off from the network.

One place for the launch settings, shared by `e2e/conftest.py` and the `bench/` scripts.
"""

from __future__ import annotations

CHROMIUM = "/usr/bin/chromium"
LAUNCH_ARGS = [
    "--no-sandbox",  # CI runs as root
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    # Any request that tries to leave this machine fails loudly.
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
]
