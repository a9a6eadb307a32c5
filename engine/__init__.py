"""Pure-Python rules of the two games: no browser import anywhere below this package.

Runs unchanged on CPython 3.11+ and on Pyodide in the browser.
"""
