"""Completing a setup the way a person would: the setup screen's "Fill at random".

A uniformly random fill puts the Flag on the front rank and Bombs in front as often as
anywhere, which no player does. :func:`fill_setup` keeps every piece already placed and

1. (classic army) picks, at random, one of the 47,108 setups people played (or its
   mirror image) that agrees with every placed piece and keeps its Flag off the front
   rank; the placed pieces are then exactly that setup's, and the rest is filled from it;
2. otherwise (many pieces placed, or a small army, which people's setups do not cover)
   follows a person's rules of thumb: the Flag on the rearmost rank with room, Bombs
   next to it (the others mostly behind the front rank, never all of them in front),
   Scouts in front, Miners behind, officers in the middle — with the classic army,
   starting from the people's setup that agrees best with what is placed. A small army
   keeps at least half its pieces off the front rank, and its Flag behind a Bomb or
   alone among empty squares: no other piece next to it (one that moves away would show
   where the Flag is).

The Flag goes on the front rank only when the three ranks behind it are full.

>>> from engine.stratego.setup import is_valid_setup
>>> setup = fill_setup("F" + "." * 39, seed=3)
>>> setup[0], is_valid_setup(setup)
('F', True)
>>> duel = fill_setup("." * 40, army="duel", seed=1)
>>> "F" in duel[:30], is_valid_setup(duel, army="duel")
(True, True)
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Sequence
from typing import Final

from .board import SIZE
from .pieces import BOMB, CLASSIC, EMPTY_SQUARE, FLAG, LETTERS, SETUP_SQUARES
from .setup import check_notation, count_problem, get_army, human_setups

FRONT_ROW: Final = 3  # rows of a setup: 0 is the owner's back rank, 3 the front rank

#: How likely a kind is to stand on each row (back rank first) when the rules place it.
ROW_WEIGHTS: Final[dict[str, tuple[int, int, int, int]]] = {
    "X": (1, 2, 4, 3),
    "9": (1, 2, 4, 3),
    "8": (1, 2, 3, 3),
    "7": (1, 2, 3, 3),
    "6": (2, 2, 3, 3),
    "5": (2, 2, 3, 3),
    "4": (2, 2, 3, 3),
    "3": (4, 3, 2, 1),
    "2": (1, 1, 2, 4),
    "S": (1, 3, 4, 1),
    BOMB: (3, 3, 2, 1),
}

#: Chance that each Bomb goes next to the Flag while a square beside or before it is free.
GUARD_CHANCE: Final = {CLASSIC: 0.8}
SMALL_ARMY_GUARD_CHANCE: Final = 0.6

#: People's setups compared with what is placed when none agrees with all of it.
TEMPLATE_SAMPLE: Final = 400
#: How much agreeing on each kind counts when choosing that setup (the Flag most).
AGREEMENT: Final = {FLAG: 8, BOMB: 2}


def _row(index: int) -> int:
    return index // SIZE


def _neighbours(index: int) -> list[int]:
    row, column = divmod(index, SIZE)
    around = [(row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)]
    return [r * SIZE + c for r, c in around if 0 <= r <= FRONT_ROW and 0 <= c < SIZE]


@functools.lru_cache(maxsize=1)
def _people_text() -> str:
    """People's setups with the Flag off the front rank, one per line of 40 characters
    (sliced by column at C speed)."""
    return "\n".join(setup for setup in human_setups() if FLAG not in setup[FRONT_ROW * SIZE :])


_LINE: Final = SETUP_SQUARES + 1


def _person(line: int, mirrored: bool) -> str:
    setup = _people_text()[line * _LINE : line * _LINE + SETUP_SQUARES]
    return _mirror(setup) if mirrored else setup


def _mirror(setup: str) -> str:
    return "".join(setup[start : start + SIZE][::-1] for start in range(0, SETUP_SQUARES, SIZE))


def _lines() -> int:
    return (len(_people_text()) + 1) // _LINE


@functools.cache
def _holding(index: int, letter: str) -> int:
    """People's setups with ``letter`` on square ``index``, as a bit set (bit ``i`` for
    line ``i``): one column of the text, read as a binary number at C speed."""
    column = _people_text()[index::_LINE]
    bits = column.translate({ord(other): "1" if other == letter else "0" for other in LETTERS})
    return int(bits[::-1], 2)


def _agreeing_people(cells: Sequence[str]) -> tuple[int, int]:
    """People's setups holding every placed piece where it is placed, as bit sets: as
    played, and mirrored (a mirrored setup agrees when its square's mirror agrees)."""
    straight = mirrored = (1 << _lines()) - 1
    for index, letter in enumerate(cells):
        if letter != EMPTY_SQUARE:
            straight &= _holding(index, letter)
            mirrored &= _holding(index - index % SIZE + SIZE - 1 - index % SIZE, letter)
    return straight, mirrored


def _nth(bits: int, n: int) -> int:
    """The position of the ``n``-th (from 0) set bit of ``bits``."""
    digits = bin(bits)[:1:-1]  # lowest bit first, without "0b"
    position = -1
    for _ in range(n + 1):
        position = digits.index("1", position + 1)
    return position


def fill_setup(partial: str, army: str = CLASSIC, seed: int | str | None = None) -> str:
    """``partial`` (40 characters, ``.`` for a square still empty) completed with the
    rest of ``army``'s pieces as a person would place them; placed pieces stay. The
    same seed gives the same setup.

    Raises :class:`SetupError`: the notation's codes, ``unknown_army``, or
    ``piece_count`` when more pieces are placed than the army has.
    """
    cells = list(check_notation(partial))
    counts = get_army(army).counts
    too_many = count_problem("".join(cells), army, partial=True)
    if too_many is not None:
        raise too_many
    placed = Counter(cells)
    left = [letter for letter, count in counts.items() for _ in range(count - placed[letter])]
    rng = random.Random(seed)
    if not left:
        return "".join(cells)
    if army == CLASSIC:
        straight, mirrored = _agreeing_people(cells)
        found = straight.bit_count() + mirrored.bit_count()
        if found:
            chosen = rng.randrange(found)
            if chosen < straight.bit_count():
                return _person(_nth(straight, chosen), False)
            return _person(_nth(mirrored, chosen - straight.bit_count()), True)
        template = _closest(cells, _lines(), rng)
        if FLAG in left and cells[template.index(FLAG)] != EMPTY_SQUARE:
            # The template's Flag square is taken: the Flag and the Bombs around it go by
            # the rules, first, while the back ranks have room.
            _place_by_rules(cells, [letter for letter in left if letter in (FLAG, BOMB)], army, rng)
            left = [letter for letter in left if letter not in (FLAG, BOMB)]
        left = _follow(cells, left, template)
    _place_by_rules(cells, left, army, rng)
    return "".join(cells)


def _closest(cells: Sequence[str], lines: int, rng: random.Random) -> str:
    """Of a random sample of people's setups, the one agreeing best with ``cells``."""
    placed = [(index, letter) for index, letter in enumerate(cells) if letter != EMPTY_SQUARE]
    best, best_score = "", -1
    for _ in range(TEMPLATE_SAMPLE):
        setup = _person(rng.randrange(lines), rng.random() < 0.5)
        score = sum(AGREEMENT.get(letter, 1) for index, letter in placed if setup[index] == letter)
        if score > best_score:
            best, best_score = setup, score
    return best


def _follow(cells: list[str], left: list[str], template: str) -> list[str]:
    """Fill the empty cells where ``template`` has a piece still to place; return the
    pieces left over."""
    remaining = Counter(left)
    for index, letter in enumerate(cells):
        wanted = template[index]
        if letter == EMPTY_SQUARE and remaining[wanted] > 0:
            cells[index] = wanted
            remaining[wanted] -= 1
    return list(remaining.elements())


def _place_by_rules(cells: list[str], pieces: list[str], army: str, rng: random.Random) -> None:
    """Place ``pieces`` on the empty cells by a person's rules of thumb (see the module)."""
    others = [letter for letter in pieces if letter not in (FLAG, BOMB)]
    rng.shuffle(others)
    order = [FLAG] * pieces.count(FLAG) + [BOMB] * pieces.count(BOMB) + others
    size = get_army(army).size
    # A small army keeps most squares of its front rank empty: at least half its pieces
    # stand behind it (the classic army fills every square, the front rank included).
    front_cap = max(SIZE - (SETUP_SQUARES - size), size // 2)
    guard_chance = GUARD_CHANCE.get(army, SMALL_ARMY_GUARD_CHANCE)
    small = size < SETUP_SQUARES
    for letter in order:
        empty = [index for index, cell in enumerate(cells) if cell == EMPTY_SQUARE]
        if letter == FLAG:
            rearmost = min(_row(index) for index in empty)
            square = rng.choice([index for index in empty if _row(index) == rearmost])
        else:
            if small and letter != BOMB and FLAG in cells:
                beside = set(_neighbours(cells.index(FLAG)))
                empty = [index for index in empty if index not in beside] or empty
            square = _choose_square(cells, empty, letter, front_cap, guard_chance, rng)
        cells[square] = letter


def _choose_square(
    cells: list[str],
    empty: list[int],
    letter: str,
    front_cap: int,
    guard_chance: float,
    rng: random.Random,
) -> int:
    if letter == BOMB and FLAG in cells:
        guards = [
            index
            for index in _neighbours(cells.index(FLAG))
            if cells[index] == EMPTY_SQUARE and _row(index) < FRONT_ROW
        ]
        if guards and rng.random() < guard_chance:
            return rng.choice(guards)
    front = cells[FRONT_ROW * SIZE :]
    # Not every Bomb in front: the first one always stands behind the front rank.
    front_closed = sum(1 for cell in front if cell != EMPTY_SQUARE) >= front_cap or (
        letter == BOMB and cells[: FRONT_ROW * SIZE].count(BOMB) == 0
    )
    weights = [
        0 if front_closed and _row(index) == FRONT_ROW else ROW_WEIGHTS[letter][_row(index)]
        for index in empty
    ]
    if not any(weights):
        return rng.choice(empty)
    return rng.choices(empty, weights)[0]
