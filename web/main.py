"""Entry point PyScript runs once Pyodide is up; the app itself lives in ``ui``."""

from ui.app import run

app = run()
