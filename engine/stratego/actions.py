"""Stratego's actions as typed values: a board :class:`Move` and a :class:`Rescue` choice.

``str()`` of an action is its notation (``"e4-e5"``, ``"rescue 7 b2"``, ``"no rescue"``),
the text saves hold; :func:`parse_action` (or ``Move.parse`` / ``Rescue.parse``) turns
notation back into an action. Constructing an action checks its squares and letter, so
an action that exists names real squares; whether it is legal is the game's business
(``Game.check``).

>>> Move("e4", "e5"), str(Move("e4", "e5"))
(Move(from_square='e4', to_square='e5'), 'e4-e5')
>>> parse_action(" E4-E5 ") == Move("e4", "e5")
True
>>> str(Rescue("7", "b2")), str(NO_RESCUE_ACTION), parse_action("no rescue") == Rescue()
('rescue 7 b2', 'no rescue', True)
>>> Move.parse("e4-e")
Traceback (most recent call last):
  ...
engine.stratego.errors.IllegalMove: 'e4-e' is not a move: write it like 'e4-e5'.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from .board import SQUARE_INDEX
from .errors import IllegalMove
from .pieces import PIECES

NO_RESCUE: Final = "no rescue"
RESCUE_PREFIX: Final = "rescue"

MOVE_SYNTAX: Final = re.compile(r"^([a-j](?:10|[1-9]))-([a-j](?:10|[1-9]))$")
RESCUE_SYNTAX: Final = re.compile(r"^rescue ([a-z0-9]) ([a-j](?:10|[1-9]))$")


def _normalise(text: object) -> str:
    if not isinstance(text, str):
        raise IllegalMove("bad_notation", f"{text!r} is not a move.", text=str(text))
    return " ".join(text.strip().lower().split())


def _check_square(square: object, text: str) -> None:
    if not isinstance(square, str) or square not in SQUARE_INDEX:
        raise IllegalMove("bad_notation", f"{square!r} is not a square (a1 to j10).", text=text)


@dataclass(frozen=True)
class Move:
    """A piece moving (or attacking) from one square to another: ``Move("e4", "e5")``."""

    from_square: str
    to_square: str

    def __post_init__(self) -> None:
        _check_square(self.from_square, f"{self.from_square}-{self.to_square}")
        _check_square(self.to_square, f"{self.from_square}-{self.to_square}")

    def __str__(self) -> str:
        return f"{self.from_square}-{self.to_square}"

    @classmethod
    def parse(cls, text: str) -> Move:
        """A move from its notation (case and outer blanks ignored); IllegalMove
        ``bad_notation`` if it is not one."""
        normal = _normalise(text)
        match = MOVE_SYNTAX.match(normal)
        if match is None:
            raise IllegalMove(
                "bad_notation", f"{normal!r} is not a move: write it like 'e4-e5'.", text=normal
            )
        return cls(match.group(1), match.group(2))


@dataclass(frozen=True)
class Rescue:
    """The choice a rescue asks for: bring back a captured ``piece`` (its letter) onto
    ``square``, or, with neither (``Rescue()``, :data:`NO_RESCUE_ACTION`), no rescue."""

    piece: str | None = None
    square: str | None = None

    def __post_init__(self) -> None:
        if self.piece is None and self.square is None:
            return
        text = f"{RESCUE_PREFIX} {self.piece} {self.square}"
        if not isinstance(self.piece, str) or self.piece not in PIECES:
            raise IllegalMove("bad_notation", f"{self.piece!r} is not a piece letter.", text=text)
        _check_square(self.square, text)

    @property
    def declined(self) -> bool:
        """True for "no rescue"."""
        return self.piece is None

    def __str__(self) -> str:
        if self.piece is None:
            return NO_RESCUE
        return f"{RESCUE_PREFIX} {self.piece} {self.square}"

    @classmethod
    def parse(cls, text: str) -> Rescue:
        """A rescue choice from its notation (``"rescue 7 b2"``, ``"no rescue"``)."""
        normal = _normalise(text)
        if normal == NO_RESCUE:
            return cls()
        match = RESCUE_SYNTAX.match(normal)
        if match is None:
            raise IllegalMove(
                "bad_notation",
                f"{normal!r} is not a rescue choice such as 'rescue 7 b2' or 'no rescue'.",
                text=normal,
            )
        return cls(match.group(1).upper(), match.group(2))


Action = Move | Rescue
"""Every action of a Stratego game."""

NO_RESCUE_ACTION: Final = Rescue()


def parse_action(text: str) -> Action:
    """The action a notation names: a :class:`Move` or a :class:`Rescue` choice."""
    normal = _normalise(text)
    if normal == NO_RESCUE or normal.startswith(RESCUE_PREFIX):
        return Rescue.parse(normal)
    return Move.parse(normal)
