"""Setups: the 40-character notation, validation, random and built-in setups, human
setups shipped with the app, and conversion to and from Gravon letters.

**Setup notation.** 40 characters, one per square of the owner's four ranks, from the
owner's back rank to their front rank, each rank from the owner's left to right (Red:
a1..j1, a2..j2, ...; Blue: j10..a10, j9..a9, ...). Letters: ``F`` Flag, ``B`` Bomb,
``S`` Spy, ``2``-``9`` Scout..General by European rank, ``X`` Marshal, and ``.`` for a
square left empty (the Barrage and Duel armies fill only 8 or 10 squares). A setup must
hold exactly its army's pieces (:data:`~engine.stratego.pieces.ARMIES`).

>>> parse_setup(BUILTIN_SETUPS["Lakeside fortress"]) == BUILTIN_SETUPS["Lakeside fortress"]
True
>>> parse_setup("F" * 40)
Traceback (most recent call last):
  ...
engine.stratego.errors.SetupError: Missing 1 Marshal (X), 1 General (9), ...
>>> parse_setup("...F......" "...B..S..." "..9....3.." ".2..X...2.", army="barrage")
'...F.........B..S.....9....3...2..X...2.'
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
from .pieces import (
    ARMIES,
    BLUE,
    CLASSIC,
    EMPTY_SQUARE,
    LETTERS,
    PIECE_KINDS,
    RED,
    SETUP_SQUARES,
    Army,
)

HUMAN_SETUPS_RESOURCE: Final = "data/human-setups.txt"
NOTATION_CHARACTERS: Final = LETTERS + EMPTY_SQUARE


def _describe_counts(counts: dict[str, int]) -> str:
    return ", ".join(
        f"{counts[kind.letter]} {kind.name_en} ({kind.letter})"
        for kind in PIECE_KINDS
        if kind.letter in counts
    )


def get_army(name: object) -> Army:
    """The army called ``name``; :class:`SetupError` ``unknown_army`` otherwise.

    >>> get_army("duel").size
    10
    """
    found = ARMIES.get(name) if isinstance(name, str) else None
    if found is None:
        raise SetupError(
            "unknown_army",
            f"There is no army called {name!r}; the armies are {', '.join(ARMIES)}.",
            army=str(name),
            armies=list(ARMIES),
        )
    return found


def check_notation(text: object) -> str:
    """The setup upper-cased and stripped if it is 40 characters of the notation (piece
    letters and ``.``), whatever the army; :class:`SetupError` ``not_text``,
    ``unknown_character`` or ``wrong_length`` otherwise."""
    if not isinstance(text, str):
        raise SetupError("not_text", "A setup must be text.")
    setup = text.strip().upper()
    for position, character in enumerate(setup, start=1):
        if character not in NOTATION_CHARACTERS:
            original = text.strip()[position - 1]
            raise SetupError(
                "unknown_character",
                f"Unknown piece letter {original!r} at position {position}.",
                character=original,
                position=position,
            )
    if len(setup) != SETUP_SQUARES:
        raise SetupError(
            "wrong_length",
            f"A setup has {SETUP_SQUARES} squares ('.' for an empty one); "
            f"this one has {len(setup)}.",
            length=len(setup),
            expected=SETUP_SQUARES,
        )
    return setup


def count_problem(setup: str, army_name: str, partial: bool = False) -> SetupError | None:
    """Why the pieces of ``setup`` (any characters; ``.`` ignored) are not exactly the
    army's (with ``partial``: are more than the army has), or None. Missing and extra
    pieces are named (params ``missing``, ``extra``: letter -> how many)."""
    wanted = get_army(army_name).counts
    counts = Counter(setup)
    missing = {letter: count - counts[letter] for letter, count in wanted.items()}
    extra = {letter: counts[letter] - count for letter, count in wanted.items()}
    missing = {} if partial else {k: number for k, number in missing.items() if number > 0}
    extra = {letter: number for letter, number in extra.items() if number > 0}
    if not missing and not extra:
        return None
    parts = []
    if missing:
        parts.append("Missing " + _describe_counts(missing))
    if extra:
        parts.append(("too many: " if missing else "Too many: ") + _describe_counts(extra))
    suffix = "" if army_name == CLASSIC else f" for the {army_name.capitalize()} army"
    return SetupError(
        "piece_count",
        "; ".join(parts) + suffix + ".",
        army=army_name,
        missing=missing,
        extra=extra,
    )


def parse_setup(text: object, army: str = CLASSIC) -> str:
    """Validate a setup for ``army`` and return it normalised (upper case, surrounding
    blanks removed).

    Raises :class:`SetupError` with code ``not_text``, ``unknown_character`` (the first
    one, with its 1-based position), ``wrong_length``, ``unknown_army`` or
    ``piece_count`` (params ``army``, ``missing`` and ``extra``, each a dict letter ->
    how many).

    >>> parse_setup("k" + BUILTIN_SETUPS["Scout screen"][1:])
    Traceback (most recent call last):
      ...
    engine.stratego.errors.SetupError: Unknown piece letter 'k' at position 1.
    >>> parse_setup("FB")
    Traceback (most recent call last):
      ...
    engine.stratego.errors.SetupError: A setup has 40 squares ('.' for an empty one); ...
    >>> parse_setup("FB8" + "." * 37, army="barrage")
    Traceback (most recent call last):
      ...
    engine.stratego.errors.SetupError: Missing 1 Marshal (X), ...; too many: 1 Colonel (8) ...
    """
    setup = check_notation(text)
    problem = count_problem(setup, army)
    if problem is not None:
        raise problem
    return setup


def is_valid_setup(text: object, army: str = CLASSIC) -> bool:
    try:
        parse_setup(text, army)
    except SetupError:
        return False
    return True


def army_of(text: object) -> str | None:
    """The name of the army whose pieces ``text`` holds, or None (not a setup of any).

    >>> army_of(BUILTIN_SETUPS["Bomb wall"]), army_of("FBBS2233X9" + "." * 30), army_of("F")
    ('classic', 'duel', None)
    """
    try:
        setup = check_notation(text)
    except SetupError:
        return None
    return next((name for name in ARMIES if count_problem(setup, name) is None), None)


def random_setup(seed: int | str | None = None, army: str = CLASSIC) -> str:
    """A uniformly shuffled legal setup of ``army``; the same seed always gives the same
    setup. (For a setup a person would make, see :func:`engine.stratego.fill_setup`.)"""
    counts = get_army(army).counts
    letters = [letter for letter, count in counts.items() for _ in range(count)]
    letters += [EMPTY_SQUARE] * (SETUP_SQUARES - len(letters))
    random.Random(seed).shuffle(letters)
    return "".join(letters)


def mirror_setup(setup: str) -> str:
    """The same setup with left and right swapped (each rank reversed), for any army.

    >>> mirror_setup("FB3B45B345" + "B63476B362" + "25S8X972B3" + "2627282524")[:10]
    '543B54B3BF'
    """
    setup = check_notation(setup)
    return "".join(setup[start : start + 10][::-1] for start in range(0, SETUP_SQUARES, 10))


def _rows(*rows: str, army: str = CLASSIC) -> str:
    """Join four ranks, back rank first (kept separate in the source for readability)."""
    return parse_setup("".join(rows), army)


BUILTIN_SETUPS_BY_ARMY: Final[dict[str, dict[str, str]]] = {
    CLASSIC: {
        "Lakeside fortress": _rows("FB3B45B345", "B63476B362", "25S8X972B3", "2627282524"),
        "Bomb wall": _rows("345BFB5436", "2674B37628", "92B5XS3B28", "2627B52432"),
        "Scout screen": _rows("B3FB453B65", "4B36B47356", "8S9X7B8743", "2222622225"),
        "Shoreline flag": _rows("4536B3545F", "3B26B47B6B", "87S9X36B28", "2527222342"),
    },
    # Small armies: the Flag on the back rank, behind its Bomb or alone among empty
    # squares; the Marshal and General in the middle ranks, not everything in front.
    "barrage": {
        "Flag behind the Bomb": _rows(
            "...F......", "...B..S...", "..9....3..", ".2..X...2.", army="barrage"
        ),
        "Lone flag": _rows("B........F", ".3........", "....9S....", "2..X....2.", army="barrage"),
        "Scouts ahead": _rows(
            "......F...", "......B...", ".S.9......", "..2..X.3.2", army="barrage"
        ),
    },
    "duel": {
        "Corner fortress": _rows(
            "FB........", "B..3......", "...S9...3.", ".2...X..2.", army="duel"
        ),
        "Centre shield": _rows("....BFB...", ".....3....", "..S9....3.", "2....X...2", army="duel"),
        "Hidden flag": _rows("B.......F.", "........B.", ".3..S9..3.", "..2.X...2.", army="duel"),
    },
}
BUILTIN_SETUPS_BY_ARMY[CLASSIC]["Mirrored fortress"] = mirror_setup(
    BUILTIN_SETUPS_BY_ARMY[CLASSIC]["Lakeside fortress"]
)
"""A handful of named legal setups per army, valid for either side (the notation is
relative to the owner)."""

BUILTIN_SETUPS: Final = BUILTIN_SETUPS_BY_ARMY[CLASSIC]
"""The classic army's built-in setups."""


def builtin_setups(army: str = CLASSIC) -> dict[str, str]:
    """The built-in setups of ``army`` by name (a copy)."""
    get_army(army)
    return dict(BUILTIN_SETUPS_BY_ARMY[army])


def builtin_setup(name: str, army: str = CLASSIC) -> str:
    try:
        return builtin_setups(army)[name]
    except KeyError:
        raise SetupError(
            "unknown_setup",
            f"There is no built-in setup called {name!r}.",
            name=name,
            army=army,
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
GRAVON_EMPTY: Final = "A"
GRAVON_LAKE: Final = "_"
_FROM_GRAVON: Final = {
    gravon: letter for side in (RED, BLUE) for letter, gravon in _TO_GRAVON[side].items()
} | {GRAVON_EMPTY: EMPTY_SQUARE}


def to_gravon(setup: str, side: str) -> str:
    """Gravon letters of a setup, same square order as the setup notation.

    Red pieces use ``B``..``M``, Blue ``N``..``Y``, an empty square ``A``. The setup is
    checked for its notation, not for an army.

    >>> to_gravon(BUILTIN_SETUPS["Scout screen"], "red")[:10]
    'BEMBFGEBHG'
    >>> to_gravon(BUILTIN_SETUPS_BY_ARMY["barrage"]["Flag behind the Bomb"], "red")[:10]
    'AAAMAAAAAA'
    """
    table = _TO_GRAVON[RED if side == RED else BLUE] | {EMPTY_SQUARE: GRAVON_EMPTY}
    return "".join(table[letter] for letter in check_notation(setup))


def from_gravon(text: str, army: str = CLASSIC) -> str:
    """Setup notation from 40 Gravon letters of one army (Red or Blue letters, ``A``
    for an empty square).

    The inverse of :func:`to_gravon`; raises :class:`SetupError` for letters that are
    not Gravon piece letters (``unknown_character``), a mix of both armies
    (``gravon_side``) or a setup that is not a legal ``army``.
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
        if character != GRAVON_EMPTY:
            sides.add(RED if character in GRAVON_RED else BLUE)
        if len(sides) > 1:
            raise SetupError(
                "gravon_side",
                f"Gravon letters of both armies are mixed (position {position}).",
                position=position,
            )
        letters.append(letter)
    return parse_setup("".join(letters), army)


def to_gravon_board(red_setup: str, blue_setup: str) -> str:
    """The full 100-square board in Gravon letters, a1..j1, a2..j2, ..., a10..j10."""
    red = to_gravon(red_setup, RED)
    blue = to_gravon(blue_setup, BLUE)
    middle = "AA__AA__AA" * 2
    # Blue's notation runs j10..a10, j9..a9, ...: reversed, it is a7..j7, ..., a10..j10.
    return red + middle + blue[::-1]


def from_gravon_board(text: str, army: str = CLASSIC) -> tuple[str, str]:
    """(red_setup, blue_setup) of ``army`` from a 100-character Gravon board (see
    to_gravon_board)."""
    board = text.strip()
    if len(board) != 100:
        raise SetupError(
            "wrong_length",
            f"A Gravon board has 100 squares; this one has {len(board)}.",
            length=len(board),
            expected=100,
        )
    return from_gravon(board[:40], army), from_gravon(board[60:][::-1], army)
