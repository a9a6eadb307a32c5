"""The browser side of the app: turns engine views into DOM and taps into actions.

Modules that touch the browser (``app``, ``dom``) import PyScript; the rest are plain
Python and are unit-tested on CPython.
"""
