"""Computer seats, shared by both games: how a seat is chosen, saved and shown.

A seat is saved as one word: ``"person"``, or the level of the computer that plays it,
taken from the game's engine (``engine.stratego.ai.LEVELS``, ``engine.ideology.ai.LEVELS``).
The computer decides from its own view only; this module only helps the screens.

>>> seat_value("hard", ("random", "easy", "hard"))
'hard'
>>> seat_value("grandmaster", ("random", "easy", "hard"))
'person'
>>> is_computer("person"), is_computer("easy")
(False, True)
>>> decision_rng(7, 12).random() == decision_rng(7, 12).random()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from html import escape

PERSON = "person"
#: The pause (milliseconds) before each computer move at the "quick" pace: just long
#: enough for the browser to draw the "thinking" state in between.
QUICK_PAUSE_MS = 0


def is_computer(seat: str) -> bool:
    return seat != PERSON


def seat_value(value: object, levels: Sequence[str]) -> str:
    """A seat read from a form or a save: a known level, otherwise a person."""
    return value if isinstance(value, str) and value in levels else PERSON


def people(seats: Mapping[str, str]) -> list[str]:
    """The players (in seat order) that a person plays."""
    return [player for player, seat in seats.items() if not is_computer(seat)]


def pause_ms(pace: str, calm_ms: int) -> int:
    """How long the computer's "thinking" stays on screen before its move is played."""
    return calm_ms if pace == "calm" else QUICK_PAUSE_MS


def decision_rng(seed: int | str | None, moves_played: int) -> random.Random:
    """The computer's dice for one decision: fixed by the game's seed and how far the game
    has gone, so a reloaded game makes the same choice and nothing extra is saved."""
    return random.Random(f"{seed}:{moves_played}")


def seat_select(
    t: Callable[..., str],
    *,
    label: str,
    levels: Iterable[str],
    chosen: str,
    attributes: str,
) -> str:
    """A labelled choice between a person and the computer at each level.

    ``attributes`` are the ``<select>``'s own (an id or a ``data-`` hook for the game's
    controller), already escaped by the caller.
    """
    options = "".join(
        f'<option value="{escape(value)}"{" selected" if value == chosen else ""}>'
        f"{escape(t('computer_seat_person') if value == PERSON else t(f'computer_level_{value}'))}"
        "</option>"
        for value in (PERSON, *levels)
    )
    return (
        f'<label class="seat-kind"><span>{escape(label)}</span>'
        f"<select {attributes}>{options}</select></label>"
    )


def thinking_html(t: Callable[..., str], name: str, element_id: str = "computer-thinking") -> str:
    """The visible "thinking" state: a live status line with three pulsing dots."""
    return (
        f'<p id="{escape(element_id)}" class="thinking" role="status" aria-live="polite">'
        '<span class="thinking-dots" aria-hidden="true"><i></i><i></i><i></i></span>'
        f"<span>{escape(t('computer_thinking', name=name))}</span></p>"
    )
