"""The UI package lives in web/ (it is unpacked next to the engine in the browser)."""

from __future__ import annotations

import sys
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))
