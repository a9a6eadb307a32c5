"""Setups: the 40-character notation, validation, random and built-in setups, human
setups shipped with the app, and conversion to and from Gravon letters.

**Setup notation.** 40 characters, one per square of the owner's four ranks, from the
owner's back rank to their front rank, each rank from the owner's left to right (Red:
a1..j1, a2..j2, ...; Blue: j10..a10, j9..a9, ...). Letters: ``F`` Flag, ``B`` Bomb,
``S`` Spy, ``2``-``9`` Scout..General by European rank, ``X`` Marshal.

>>> parse_setup(BUILTIN_SETUPS["Lakeside fortress"]) == BUILTIN_SETUPS["Lakeside fortress"]
True
>>> parse_setup("F" * 40)
Traceback (most recent call last):
  ...
engine.stratego.errors.SetupError: Missing 1 Marshal (X), 1 General (9), ...
>>> from_gravon(to_gravon(random_setup(7), "blue")) == random_setup(7)
True
"""

from __future__ import annotations

import functools
import importlib.resources
import random
from collections import Counter
from pathlib import Path
from typing import Final

from .errors import SetupError
from .pieces import ARMY_SIZE, BLUE, LETTERS, PIECE_COUNTS, PIECE_KINDS, RED

HUMAN_SETUPS_RESOURCE: Final = "data/human-setups.txt"


def _describe_counts(counts: dict[str, int]) -> str:
    return ", ".join(
        f"{counts[kind.letter]} {kind.name_en} ({kind.letter})"
        for kind in PIECE_KINDS
        if kind.letter in counts
    )


def parse_setup(text: object) -> str:
    """Validate a setup and return it normalised (upper case, surrounding blanks removed).

    Raises :class:`SetupError` with code ``not_text``, ``unknown_character`` (the first
    one, with its 1-based position), ``wrong_length`` or ``piece_count`` (params
    ``missing`` and ``extra``, each a dict letter -> how many).

    >>> parse_setup("k" + BUILTIN_SETUPS["Scout screen"][1:])
    Traceback (most recent call last):
      ...
    engine.stratego.errors.SetupError: Unknown piece letter 'k' at position 1.
    >>> parse_setup("FB")
    Traceback (most recent call last):
      ...
    engine.stratego.errors.SetupError: A setup has 40 pieces; this one has 2.
    """
    if not isinstance(text, str):
        raise SetupError("not_text", "A setup must be text.")
    setup = text.strip().upper()
    for position, character in enumerate(setup, start=1):
        if character not in LETTERS:
            original = text.strip()[position - 1]
            raise SetupError(
                "unknown_character",
                f"Unknown piece letter {original!r} at position {position}.",
                character=original,
                position=position,
            )
    if len(setup) != ARMY_SIZE:
        raise SetupError(
            "wrong_length",
            f"A setup has {ARMY_SIZE} pieces; this one has {len(setup)}.",
            length=len(setup),
            expected=ARMY_SIZE,
        )
    counts = Counter(setup)
    if counts != PIECE_COUNTS:
        missing = {
            letter: wanted - counts[letter]
            for letter, wanted in PIECE_COUNTS.items()
            if counts[letter] < wanted
        }
        extra = {
            letter: counts[letter] - wanted
            for letter, wanted in PIECE_COUNTS.items()
            if counts[letter] > wanted
        }
        parts = []
        if missing:
            parts.append("Missing " + _describe_counts(missing))
        if extra:
            parts.append("too many: " + _describe_counts(extra))
        raise SetupError("piece_count", "; ".join(parts) + ".", missing=missing, extra=extra)
    return setup


def is_valid_setup(text: object) -> bool:
    try:
        parse_setup(text)
    except SetupError:
        return False
    return True


def random_setup(seed: int | str | None = None) -> str:
    """A uniformly shuffled legal setup; the same seed always gives the same setup."""
    letters = [kind.letter for kind in PIECE_KINDS for _ in range(kind.count)]
    random.Random(seed).shuffle(letters)
    return "".join(letters)


def mirror_setup(setup: str) -> str:
    """The same setup with left and right swapped (each rank reversed).

    >>> mirror_setup("FB3B45B345" + "B63476B362" + "25S8X972B3" + "2627282524")[:10]
    '543B54B3BF'
    """
    setup = parse_setup(setup)
    return "".join(setup[start : start + 10][::-1] for start in range(0, ARMY_SIZE, 10))


def _rows(*rows: str) -> str:
    """Join four ranks, back rank first (kept separate in the source for readability)."""
    return parse_setup("".join(rows))


BUILTIN_SETUPS: Final[dict[str, str]] = {
    "Lakeside fortress": _rows("FB3B45B345", "B63476B362", "25S8X972B3", "2627282524"),
    "Bomb wall": _rows("345BFB5436", "2674B37628", "92B5XS3B28", "2627B52432"),
    "Scout screen": _rows("B3FB453B65", "4B36B47356", "8S9X7B8743", "2222622225"),
    "Shoreline flag": _rows("4536B3545F", "3B26B47B6B", "87S9X36B28", "2527222342"),
}
BUILTIN_SETUPS["Mirrored fortress"] = mirror_setup(BUILTIN_SETUPS["Lakeside fortress"])
"""A handful of named legal setups, valid for either side (the notation is relative to
the owner)."""


def builtin_setup(name: str) -> str:
    try:
        return BUILTIN_SETUPS[name]
    except KeyError:
        raise SetupError(
            "unknown_setup", f"There is no built-in setup called {name!r}.", name=name
        ) from None


@functools.lru_cache(maxsize=1)
def _human_setups_text() -> str:
    # importlib.resources works from a zip or Pyodide's virtual file system; the path
    # fallback covers a package copied somewhere without import metadata.
    try:
        resource = importlib.resources.files(__package__ or "engine.stratego")
        return resource.joinpath(HUMAN_SETUPS_RESOURCE).read_text(encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError, TypeError):
        return (Path(__file__).parent / HUMAN_SETUPS_RESOURCE).read_text(encoding="utf-8")


@functools.lru_cache(maxsize=1)
def human_setups() -> tuple[str, ...]:
    """The 47,108 setups played by people on the Gravon server (shipped with the app).

    Not validated here (a test parses them all); see :func:`human_setups_credit`.
    """
    return tuple(
        line.strip()
        for line in _human_setups_text().splitlines()
        if line.strip() and not line.startswith("#")
    )


def human_setups_credit() -> str:
    """The header lines of the human setups file (origin and licence), without '# '."""
    return "\n".join(
        line[1:].strip() for line in _human_setups_text().splitlines() if line.startswith("#")
    )


# Gravon letters (Vincent de Boer's thesis, p. 90, as used by the Gravon archives):
# Red B..M and Blue N..Y in the order Bomb, Spy, Scout(2)..General(9), Marshal, Flag;
# A is an empty square and _ a lake (only in full-board strings).
_GRAVON_ORDER: Final = "BS23456789XF"
GRAVON_RED: Final = "BCDEFGHIJKLM"
GRAVON_BLUE: Final = "NOPQRSTUVWXY"
_TO_GRAVON: Final = {
    RED: dict(zip(_GRAVON_ORDER, GRAVON_RED, strict=True)),
    BLUE: dict(zip(_GRAVON_ORDER, GRAVON_BLUE, strict=True)),
}
_FROM_GRAVON: Final = {
    gravon: letter for side in (RED, BLUE) for letter, gravon in _TO_GRAVON[side].items()
}
GRAVON_EMPTY: Final = "A"
GRAVON_LAKE: Final = "_"


def to_gravon(setup: str, side: str) -> str:
    """Gravon letters of a setup, same square order as the setup notation.

    Red pieces use ``B``..``M``, Blue ``N``..``Y``.

    >>> to_gravon(BUILTIN_SETUPS["Scout screen"], "red")[:10]
    'BEMBFGEBHG'
    """
    table = _TO_GRAVON[RED if side == RED else BLUE]
    return "".join(table[letter] for letter in parse_setup(setup))


def from_gravon(text: str) -> str:
    """Setup notation from 40 Gravon letters of one army (Red or Blue letters).

    The inverse of :func:`to_gravon`; raises :class:`SetupError` for letters that are
    not Gravon piece letters (``unknown_character``), a mix of both armies
    (``gravon_side``) or a setup that is not a legal army.
    """
    stripped = text.strip()
    sides = set()
    letters = []
    for position, character in enumerate(stripped, start=1):
        letter = _FROM_GRAVON.get(character)
        if letter is None:
            raise SetupError(
                "unknown_character",
                f"Unknown Gravon letter {character!r} at position {position}.",
                character=character,
                position=position,
            )
        sides.add(RED if character in GRAVON_RED else BLUE)
        if len(sides) > 1:
            raise SetupError(
                "gravon_side",
                f"Gravon letters of both armies are mixed (position {position}).",
                position=position,
            )
        letters.append(letter)
    return parse_setup("".join(letters))


def to_gravon_board(red_setup: str, blue_setup: str) -> str:
    """The full 100-square board in Gravon letters, a1..j1, a2..j2, ..., a10..j10."""
    red = to_gravon(red_setup, RED)
    blue = to_gravon(blue_setup, BLUE)
    middle = "AA__AA__AA" * 2
    # Blue's notation runs j10..a10, j9..a9, ...: reversed, it is a7..j7, ..., a10..j10.
    return red + middle + blue[::-1]


def from_gravon_board(text: str) -> tuple[str, str]:
    """(red_setup, blue_setup) from a 100-character Gravon board (see to_gravon_board)."""
    board = text.strip()
    if len(board) != 100:
        raise SetupError(
            "wrong_length",
            f"A Gravon board has 100 squares; this one has {len(board)}.",
            length=len(board),
            expected=100,
        )
    return from_gravon(board[:40]), from_gravon(board[60:][::-1])
