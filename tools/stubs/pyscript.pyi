# The part of PyScript the app uses, for mypy (PyScript ships no types). The page's
# `document` and `window` are JavaScript objects behind a proxy: any attribute, any call.
from typing import Any

document: Any
window: Any
