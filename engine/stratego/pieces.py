"""The one table of Stratego piece kinds, and the players.

Everything else in the engine (setup validation, attacks, views, the UI legend) reads
this table, so a piece's letter, ranks, names and count live in exactly one place.

>>> PIECES["X"].name_en, PIECES["X"].european, PIECES["X"].american
('Marshal', '10', '1')
>>> sum(kind.count for kind in PIECE_KINDS)
40
>>> [kind.letter for kind in PIECE_KINDS if not kind.can_move]
['B', 'F']
>>> ARMIES["barrage"].size, ARMIES["barrage"].letters
(8, 'X932SBF')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

RED: Final = "red"
BLUE: Final = "blue"
PLAYERS: Final = (RED, BLUE)


def opponent(player: str) -> str:
    """The other player: ``opponent("red") == "blue"``."""
    return BLUE if player == RED else RED


@dataclass(frozen=True)
class PieceKind:
    """One kind of piece.

    ``letter`` is the setup-notation character; ``strength`` orders attacks (higher
    wins; the Spy, Bomb and Flag exceptions are handled by the attack rules, not by
    strength alone).
    """

    letter: str
    european: str
    american: str
    name_en: str
    name_es: str
    count: int
    strength: int
    can_move: bool

    @property
    def is_scout(self) -> bool:
        return self.letter == SCOUT

    @property
    def can_rescue(self) -> bool:
        """Whether this piece may perform a rescue (Scouts cannot)."""
        return self.can_move and self.letter != SCOUT

    @property
    def can_be_rescued(self) -> bool:
        """Whether this piece may be brought back by a rescue (Bombs cannot)."""
        return self.letter not in (BOMB, FLAG)


MARSHAL: Final = "X"
SPY: Final = "S"
SCOUT: Final = "2"
MINER: Final = "3"
BOMB: Final = "B"
FLAG: Final = "F"

# Highest rank first, as in the rules table.
PIECE_KINDS: Final[tuple[PieceKind, ...]] = (
    PieceKind("X", "10", "1", "Marshal", "Mariscal", 1, 10, True),
    PieceKind("9", "9", "2", "General", "General", 1, 9, True),
    PieceKind("8", "8", "3", "Colonel", "Coronel", 2, 8, True),
    PieceKind("7", "7", "4", "Major", "Comandante", 3, 7, True),
    PieceKind("6", "6", "5", "Captain", "Capitán", 4, 6, True),
    PieceKind("5", "5", "6", "Lieutenant", "Teniente", 4, 5, True),
    PieceKind("4", "4", "7", "Sergeant", "Sargento", 4, 4, True),
    PieceKind("3", "3", "8", "Miner", "Minador", 5, 3, True),
    PieceKind("2", "2", "9", "Scout", "Explorador", 8, 2, True),
    PieceKind("S", "1", "S", "Spy", "Espía", 1, 1, True),
    PieceKind("B", "B", "B", "Bomb", "Bomba", 6, 11, False),
    PieceKind("F", "F", "F", "Flag", "Bandera", 1, 0, False),
)

PIECES: Final[dict[str, PieceKind]] = {kind.letter: kind for kind in PIECE_KINDS}
"""Piece kinds by setup letter."""

ARMY_SIZE: Final = 40
LETTERS: Final = "".join(kind.letter for kind in PIECE_KINDS)
PIECE_COUNTS: Final[dict[str, int]] = {kind.letter: kind.count for kind in PIECE_KINDS}

assert sum(PIECE_COUNTS.values()) == ARMY_SIZE

SETUP_SQUARES: Final = 40
"""Squares of a player's setup area, and characters of a setup in the notation."""

EMPTY_SQUARE: Final = "."
"""The setup notation's character for a square left empty (armies smaller than 40)."""


@dataclass(frozen=True)
class Army:
    """The pieces each player has in one variant: ``counts`` maps every piece letter
    (highest rank first, as in :data:`PIECE_KINDS`) to how many; 0 for kinds it lacks."""

    name: str
    counts: Mapping[str, int]

    @property
    def size(self) -> int:
        return sum(self.counts.values())

    @property
    def letters(self) -> str:
        """The letters of the kinds this army has, highest rank first."""
        return "".join(letter for letter, count in self.counts.items() if count)


def _army(name: str, **counts: int) -> Army:
    aliases = {"marshal": MARSHAL, "general": "9", "miner": MINER, "scout": SCOUT}
    aliases |= {"spy": SPY, "bomb": BOMB, "flag": FLAG}
    wanted = {aliases[kind]: count for kind, count in counts.items()}
    return Army(name, {kind.letter: wanted.get(kind.letter, 0) for kind in PIECE_KINDS})


CLASSIC: Final = "classic"
ARMIES: Final[dict[str, Army]] = {
    CLASSIC: Army(CLASSIC, PIECE_COUNTS),
    # The common Barrage rules (also rated on Gravon): 8 pieces.
    "barrage": _army("barrage", marshal=1, general=1, miner=1, scout=2, spy=1, bomb=1, flag=1),
    # Our quick battle [decided]: 10 pieces.
    "duel": _army("duel", marshal=1, general=1, miner=2, scout=2, spy=1, bomb=2, flag=1),
}
"""Every army by name (``stratego.Options(army=...)``); see shared/rules/stratego-variants.md."""

ARMY_NAMES: Final = tuple(ARMIES)


def piece_name(letter: str) -> str:
    """English name of a piece letter, for messages: ``piece_name("B") == "Bomb"``."""
    return PIECES[letter].name_en
