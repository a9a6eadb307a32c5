"""Board geometry: square names, lakes, and precomputed neighbour and ray tables.

Squares are indexed 0..99 internally: ``index = 10 * (rank - 1) + file`` with files
a..j = 0..9, so a1 = 0, j1 = 9, a10 = 90. Square names ("e4") are only used at the
API boundary.

>>> square_index("a1"), square_index("j10"), square_name(44)
(0, 99, 'e5')
>>> is_lake(square_index("c5")), is_lake(square_index("e5"))
(True, False)
>>> [square_name(s) for s in NEIGHBOURS[square_index("b5")]]
['b6', 'b4', 'a5']
"""

from __future__ import annotations

from typing import Final

from .pieces import RED

SIZE: Final = 10
SQUARE_COUNT: Final = SIZE * SIZE
FILES: Final = "abcdefghij"

LAKE_NAMES: Final = ("c5", "d5", "c6", "d6", "g5", "h5", "g6", "h6")

SQUARE_NAMES: Final[tuple[str, ...]] = tuple(
    FILES[index % SIZE] + str(index // SIZE + 1) for index in range(SQUARE_COUNT)
)
SQUARE_INDEX: Final[dict[str, int]] = {name: index for index, name in enumerate(SQUARE_NAMES)}
LAKES: Final[frozenset[int]] = frozenset(SQUARE_INDEX[name] for name in LAKE_NAMES)


def square_name(index: int) -> str:
    return SQUARE_NAMES[index]


def square_index(name: str) -> int:
    """Index of a square name; raises KeyError for anything that is not a1..j10."""
    return SQUARE_INDEX[name]


def is_lake(index: int) -> bool:
    return index in LAKES


def file_of(index: int) -> int:
    return index % SIZE


def rank_of(index: int) -> int:
    """Board rank 1..10 of a square."""
    return index // SIZE + 1


# Directions as (file step, rank step): forward (towards rank 10), back, left, right.
_DIRECTIONS: Final = ((0, 1), (0, -1), (-1, 0), (1, 0))


def _rays_from(index: int) -> tuple[tuple[int, ...], ...]:
    rays: list[tuple[int, ...]] = []
    for file_step, rank_step in _DIRECTIONS:
        ray: list[int] = []
        file, rank = index % SIZE + file_step, index // SIZE + rank_step
        while 0 <= file < SIZE and 0 <= rank < SIZE:
            square = rank * SIZE + file
            if square in LAKES:
                break
            ray.append(square)
            file, rank = file + file_step, rank + rank_step
        if ray:
            rays.append(tuple(ray))
    return tuple(rays)


RAYS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    () if index in LAKES else _rays_from(index) for index in range(SQUARE_COUNT)
)
"""For each square, the straight lines a Scout could travel, nearest square first,
stopping at the board edge or a lake. Empty for lake squares."""

NEIGHBOURS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(ray[0] for ray in rays) for rays in RAYS
)
"""For each square, the orthogonally adjacent squares that are not lakes."""

ADJACENT: Final[tuple[frozenset[int], ...]] = tuple(frozenset(n) for n in NEIGHBOURS)


def setup_squares(player: str) -> tuple[int, ...]:
    """The 40 squares of a player's setup area in setup-notation order.

    From the owner's back rank to their front rank, each rank from the owner's left to
    right: Red a1..j1, a2..j2, ...; Blue j10..a10, j9..a9, ...
    """
    if player == RED:
        return tuple(range(40))
    return tuple(range(SQUARE_COUNT - 1, SQUARE_COUNT - 41, -1))


RED_SETUP_SQUARES: Final = setup_squares("red")
BLUE_SETUP_SQUARES: Final = setup_squares("blue")


def back_rank(player: str) -> range:
    """Squares of a player's own back rank (Red: rank 1, Blue: rank 10)."""
    return range(0, 10) if player == RED else range(90, 100)


def in_setup_area(player: str, index: int) -> bool:
    return index < 40 if player == RED else index >= 60
