"""A setup being built on the tablet: 40 cells in the engine's setup notation order.

Cell ``i`` is the ``i``-th character of the setup notation (the owner's back rank
first, each rank from the owner's left to right), so Red's cell 0 is a1 and Blue's is
j10. Empty cells are None. Legality is the engine's business: :meth:`SetupBoard.error`
asks ``parse_setup``.

>>> board = SetupBoard()
>>> board.place(0, "F"), board.remaining()["F"], board.place(1, "F")
(True, 0, False)
>>> board.error().code
'wrong_length'
>>> from engine.stratego import fill_setup
>>> board.load(fill_setup(board.text(), seed=1)); board.error() is None
True

A small army (Barrage, Duel) fills only some of the 40 cells; its tray holds only its
pieces:

>>> barrage = SetupBoard(army="barrage")
>>> list(barrage.remaining().items())[:3], barrage.place(0, "8")
([('X', 1), ('9', 1), ('3', 1)], False)
>>> barrage.place(0, "F"), barrage.error().params
(True, {'length': 1, 'expected': 8})
>>> barrage.fill_random(seed=3); barrage.error() is None, barrage.text().count(".")
(True, 32)
"""

from __future__ import annotations

from engine.stratego import (
    PIECE_KINDS,
    SQUARE_NAMES,
    SetupError,
    fill_setup,
    get_army,
    parse_setup,
)

SIZE = 40
EMPTY = "."


def square_of(player: str, index: int) -> str:
    """Board square of a setup cell: Red's cell 0 is a1, Blue's cell 0 is j10."""
    return SQUARE_NAMES[index if player == "red" else 99 - index]


def index_of(player: str, square: str) -> int | None:
    """Setup cell of a board square, or None outside the player's setup area."""
    try:
        position = SQUARE_NAMES.index(square)
    except ValueError:
        return None
    index = position if player == "red" else 99 - position
    return index if 0 <= index < SIZE else None


class SetupBoard:
    def __init__(self, cells: list[str | None] | None = None, army: str = "classic") -> None:
        self.cells: list[str | None] = list(cells) if cells is not None else [None] * SIZE
        self.army = army
        self.counts = get_army(army).counts

    # ------------------------------------------------------------------ reading

    @classmethod
    def from_text(cls, text: str, army: str = "classic") -> SetupBoard:
        """From 40 characters, ``.`` for an empty cell (the saved form)."""
        cells: list[str | None] = [None if c == EMPTY else c for c in text[:SIZE]]
        cells += [None] * (SIZE - len(cells))
        board = cls(cells, army)
        # A damaged save must never give more pieces than the army has.
        counts = dict.fromkeys(board.counts, 0)
        for index, letter in enumerate(board.cells):
            if letter is None:
                continue
            if letter not in counts or counts[letter] >= board.counts[letter]:
                board.cells[index] = None
            else:
                counts[letter] += 1
        return board

    def text(self) -> str:
        return "".join(letter or EMPTY for letter in self.cells)

    def remaining(self) -> dict[str, int]:
        """How many of each of the army's kinds are still in the tray, highest rank first
        (kinds the army lacks are left out)."""
        counts = dict(self.counts)
        for letter in self.cells:
            if letter is not None:
                counts[letter] -= 1
        return {
            kind.letter: counts[kind.letter] for kind in PIECE_KINDS if self.counts[kind.letter]
        }

    def is_empty(self) -> bool:
        return all(letter is None for letter in self.cells)

    def placed(self) -> int:
        return sum(letter is not None for letter in self.cells)

    def error(self) -> SetupError | None:
        """The engine's verdict on the setup as it stands (None when it is legal); while
        pieces are missing, how many are placed of how many (``wrong_length``)."""
        size = sum(self.counts.values())
        placed = self.placed()
        if placed < size:
            return SetupError(
                "wrong_length",
                f"The army has {size} pieces; {placed} are placed so far.",
                length=placed,
                expected=size,
            )
        try:
            parse_setup(self.text(), self.army)
        except SetupError as error:
            return error
        return None

    def setup(self) -> str | None:
        """The legal setup in notation (``.`` for the empty cells of a small army), or None."""
        if self.error() is not None:
            return None
        return self.text()

    # ------------------------------------------------------------------ editing

    def place(self, index: int, letter: str) -> bool:
        """Put a piece from the tray on a cell (a piece already there goes back)."""
        if self.remaining().get(letter, 0) <= 0:
            return False
        self.cells[index] = letter
        return True

    def swap(self, first: int, second: int) -> None:
        """Swap two cells (either may be empty, which moves a piece)."""
        self.cells[first], self.cells[second] = self.cells[second], self.cells[first]

    def remove(self, index: int) -> None:
        self.cells[index] = None

    def clear(self) -> None:
        self.cells = [None] * SIZE

    def load(self, setup: str) -> None:
        """A whole setup of the board's army (``SetupError`` for another army's)."""
        self.cells = SetupBoard.from_text(parse_setup(setup, self.army), self.army).cells

    def fill_random(self, seed: int | str | None = None) -> None:
        """Put every piece left in the tray on an empty cell the way a person would (the
        engine's :func:`fill_setup`: a setup people played, the Flag off the front rank;
        a small army's Flag behind its Bomb or alone); the pieces already placed stay."""
        self.load(fill_setup(self.text(), army=self.army, seed=seed))
