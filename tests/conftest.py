"""Shared test configuration for the engine tests (CPython and Pyodide)."""

from __future__ import annotations

import os

from hypothesis import settings

# The default profile is what `make test` runs; "quick" is for tight edit loops.
settings.register_profile("default", deadline=None)
settings.register_profile("quick", deadline=None, max_examples=20)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
