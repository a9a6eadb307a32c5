"""The save envelope both engines write and read, and its error codes.

Every engine save is one JSON object ``{"game": <name>, "version": <int>, ...}``; the
rest is the game's own (its start and its action log). :func:`read_envelope` does the
checks every game needs, so both games refuse a bad file with the same codes, and
brings an older version up to date through the game's migrations (each turns a document
of version ``n`` into one of version ``n + 1``).

>>> read_envelope('{"game": "stratego", "version": 1, "moves": []}', "stratego", 1)
{'game': 'stratego', 'version': 1, 'moves': []}
>>> read_envelope('[1]', "stratego", 1)
Traceback (most recent call last):
  ...
engine.errors.SaveError: The save is not a JSON object.
>>> try:
...     read_envelope('{"game": "ideology", "version": 1}', "stratego", 1)
... except SaveError as error:
...     error.code
'wrong_game'
>>> def add_ending(document):
...     return {**document, "version": 2, "ending": None}
>>> read_envelope('{"game": "stratego", "version": 1}', "stratego", 2, {1: add_ending})
{'game': 'stratego', 'version': 2, 'ending': None}
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, Final

from .errors import SaveError

#: Deeper JSON than this is refused before parsing (no save of ours nests beyond 4).
MAX_DEPTH: Final = 64

SAVE_ERROR_CODES: Final[dict[str, str]] = {
    "bad_json": "The text is not valid JSON (params: detail).",
    "not_an_object": "The document is not a JSON object.",
    "wrong_game": "The document is a save of another game (params: game).",
    "unknown_version": "The save format version is not supported (params: version, supported).",
    "missing_field": "A required field is missing (params: field).",
    "bad_field": "A field has the wrong type or value (params: field).",
    "bad_setup": "The game in the save cannot start (params: detail, cause).",
    "illegal_action": "An action in the save is not legal at that point "
    "(params: index (0-based), action, cause, detail).",
}


def _too_deep(text: str) -> bool:
    """Whether brackets nest deeper than :data:`MAX_DEPTH` (strings skipped), in one pass."""
    depth = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return True
        elif char in "]}":
            depth -= 1
    return False


def parse_json(text: str | bytes) -> Any:
    """JSON text as Python values; :class:`SaveError` ``bad_json`` if it is not JSON or
    nests absurdly deep (which would otherwise exhaust the interpreter's stack)."""
    if isinstance(text, bytes | bytearray):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as error:
            raise SaveError("bad_json", "The save is not text.", detail=str(error)) from None
    if not isinstance(text, str):
        raise SaveError("bad_json", "The save is not text.", detail=type(text).__name__)
    if _too_deep(text):
        raise SaveError("bad_json", "The save is damaged: it nests too deep.", detail="depth")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:
        raise SaveError("bad_json", "The save is not valid JSON.", detail=str(error)) from None


Migration = Callable[[dict[str, Any]], dict[str, Any]]
"""Turns a save document of version ``n`` into the same save in version ``n + 1``."""


def read_envelope(
    text: str | bytes,
    game: str,
    version: int,
    migrations: Mapping[int, Migration] | None = None,
) -> dict[str, Any]:
    """The save's JSON object after checking its envelope: JSON, an object, this game,
    this version (an older one is migrated first: ``migrations[n]`` for version ``n``).
    Raises :class:`SaveError` with one of :data:`SAVE_ERROR_CODES`."""
    return check_envelope(parse_json(text), game, version, migrations)


def check_envelope(
    document: Any,
    game: str,
    version: int,
    migrations: Mapping[int, Migration] | None = None,
) -> dict[str, Any]:
    """:func:`read_envelope` for a document already parsed."""
    if not isinstance(document, dict):
        raise SaveError("not_an_object", "The save is not a JSON object.")
    if document.get("game") != game:
        raise SaveError(
            "wrong_game",
            f"This is not a saved {game.capitalize()} game.",
            game=repr(document.get("game")),
        )
    checked: dict[str, Any] = document
    found = checked.get("version")
    steps = migrations or {}
    while type(found) is int and found < version and found in steps:
        checked = steps[found](checked)
        found = checked["version"]
    if found != version or isinstance(found, bool):
        raise SaveError(
            "unknown_version",
            f"This save uses format version {found!r}; this app reads version {version}.",
            version=repr(found),
            supported=version,
        )
    return checked


def field(document: dict[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    """``document[name]`` if present and of ``kind``; SaveError otherwise."""
    if name not in document:
        raise SaveError("missing_field", f"The save has no {name!r}.", field=name)
    value = document[name]
    if not isinstance(value, kind) or (isinstance(value, bool) and bool not in _kinds(kind)):
        raise SaveError("bad_field", f"The save's {name!r} is not valid.", field=name)
    return value


def _kinds(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)
