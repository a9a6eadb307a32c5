"""Player names as the new-game forms allow them, whatever a file or a save holds.

>>> player_name("  Ana   María ")
'Ana María'
>>> len(player_name("N" * 10_000)) == MAX_PLAYER_NAME
True
>>> player_name(None), player_name(7)
('', '7')
"""

from __future__ import annotations

from typing import Final

#: As many characters as the name fields of the new-game forms take.
MAX_PLAYER_NAME: Final = 24


def player_name(value: object) -> str:
    """One line, no surrounding spaces, at most :data:`MAX_PLAYER_NAME` characters."""
    if value is None:
        return ""
    return " ".join(str(value).split())[:MAX_PLAYER_NAME]
