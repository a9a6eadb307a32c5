"""The levels a game's computer plays at: one check for every place that takes one.

>>> checked_level("hard", ("easy", "hard"))
'hard'
>>> checked_level("grandmaster", ("easy", "hard"))
Traceback (most recent call last):
  ...
ValueError: unknown level 'grandmaster'; expected one of ('easy', 'hard')
"""

from __future__ import annotations


def checked_level(level: str, levels: tuple[str, ...]) -> str:
    """``level`` itself when it is one of ``levels``; otherwise ``ValueError``."""
    if level not in levels:
        raise ValueError(f"unknown level {level!r}; expected one of {levels}")
    return level
