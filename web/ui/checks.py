"""What both games' sessions check when they load a save (a file may have been edited):
player names as the new-game forms allow them, and parts that contradict each other.

>>> player_name("  Ana   María ")
'Ana María'
>>> len(player_name("N" * 10_000)) == MAX_PLAYER_NAME
True
>>> player_name(None), player_name(7)
('', '7')
"""

from __future__ import annotations

from typing import Final

from engine.errors import SaveError

#: As many characters as the name fields of the new-game forms take.
MAX_PLAYER_NAME: Final = 24


def player_name(value: object) -> str:
    """One line, no surrounding spaces, at most :data:`MAX_PLAYER_NAME` characters."""
    if value is None:
        return ""
    return " ".join(str(value).split())[:MAX_PLAYER_NAME]


def inconsistent(part: str) -> SaveError:
    """The error a session raises when its ``part`` (stage, setups, names…) contradicts
    the rest of it; the saves screen shows ``saves_error_inconsistent``."""
    return SaveError(
        "inconsistent", f"The saved session's {part} contradicts the rest of it.", part=part
    )
