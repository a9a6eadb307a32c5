"""What a board move looks like in motion, as plain data (no browser import): the
browser side (:mod:`ui.effects`) measures the two squares and hands these keyframes to
the Web Animations API.

A :class:`Motion` starts once the page already shows the position *after* the move
(the loop has painted it): the moving tile is drawn back at its origin and slides home.
An attack adds two *ghost* tiles on the target square, the attacker's and the
defender's, each with the face the viewer saw before and the face the engine revealed
(the markup comes from the viewer's view, so it never holds a rank they may not see):
they meet, turn face up, and the loser leaves. Every single movement lasts at most
200 ms:

>>> [round(SLIDE_MS), round(ATTACK_MS * MEET), round(ATTACK_MS * (LEAVE_END - LEAVE))]
[180, 150, 150]
>>> slide_keyframes(-60.0, 0.0)[0]["transform"]
'translate(-60.0px, 0.0px)'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: A quiet move's slide from its square to the next.
SLIDE_MS = 180.0
#: An attack, whole: meet (0 → MEET), turn face up (→ SHOWN), look (→ LEAVE), the loser
#: leaves (→ LEAVE_END, the winner settles on the square meanwhile).
ATTACK_MS = 500.0
MEET, TURNED, SHOWN, LEAVE, LEAVE_END = 0.3, 0.4, 0.5, 0.7, 1.0
#: Where the two tiles meet, in squares from the target towards the origin: the
#: attacker stops there, the defender steps forward to meet it (tiles fill 86% of a
#: square: they touch).
ATTACKER_STOP, DEFENDER_STEP = 0.9, 0.05
EASE = "cubic-bezier(0.2, 0.7, 0.3, 1)"

Keyframes = list[dict[str, Any]]


@dataclass(frozen=True)
class Fighter:
    """One tile of an attack: its face before and after (equal when nothing turns)."""

    before: str
    after: str
    loses: bool


@dataclass(frozen=True)
class Motion:
    """A move to show: from square ``origin`` to ``target`` (elements ``sq-<square>``);
    an attack when ``attacker`` and ``defender`` are given. ``sound`` names the effect
    that goes with it (:mod:`ui.effects`)."""

    origin: str
    target: str
    attacker: Fighter | None = None
    defender: Fighter | None = None

    @property
    def attack(self) -> bool:
        return self.attacker is not None and self.defender is not None

    @property
    def sound(self) -> str:
        return "attack" if self.attack else "move"

    @property
    def duration(self) -> float:
        return ATTACK_MS if self.attack else SLIDE_MS


def _at(x: float, y: float, scale: float = 1.0) -> str:
    zoom = f" scale({scale})" if scale != 1.0 else ""
    return f"translate({x:.1f}px, {y:.1f}px){zoom}"


def eased(frames: Keyframes) -> Keyframes:
    """Each step of a motion eased on its own (the keyframes' offsets keep their time:
    an easing of the whole animation would move them)."""
    return [{**frame, "easing": EASE} for frame in frames]


def slide_keyframes(dx: float, dy: float) -> Keyframes:
    """A tile drawn on its new square, coming from ``(dx, dy)`` away (its origin)."""
    return eased([{"transform": _at(dx, dy)}, {"transform": _at(0.0, 0.0)}])


def towards(dx: float, dy: float, squares: float, size: float) -> tuple[float, float]:
    """The point ``squares`` squares (of ``size`` px) from the target towards ``(dx, dy)``.

    >>> towards(0.0, 120.0, 0.5, 60.0), towards(0.0, 0.0, 1.0, 60.0)
    ((0.0, 30.0), (0.0, 0.0))
    """
    distance = (dx * dx + dy * dy) ** 0.5
    if distance == 0:
        return 0.0, 0.0
    share = min(1.0, squares * size / distance)
    return dx * share, dy * share


def attacker_keyframes(dx: float, dy: float, size: float, loses: bool) -> Keyframes:
    """The attacker's ghost on the target square (squares of ``size`` px): from its
    origin ``(dx, dy)`` away until it meets the defender, then home on the square (it
    won) or away (it lost).

    >>> [frame["offset"] for frame in attacker_keyframes(0, 120, 60, loses=True)]
    [0.0, 0.3, 0.7, 1.0]
    >>> frames = attacker_keyframes(0, 120, 60, loses=True)
    >>> frames[1]["transform"], frames[-1]["opacity"]
    ('translate(0.0px, 54.0px)', 0)
    """
    x, y = towards(dx, dy, ATTACKER_STOP, size)
    met = _at(x, y)
    end = (
        {"offset": LEAVE_END, "transform": _at(x, y, 0.4), "opacity": 0}
        if loses
        else {"offset": LEAVE_END, "transform": _at(0.0, 0.0), "opacity": 1}
    )
    return eased(
        [
            {"offset": 0.0, "transform": _at(dx, dy), "opacity": 1},
            {"offset": MEET, "transform": met, "opacity": 1},
            {"offset": LEAVE, "transform": met, "opacity": 1},
            end,
        ]
    )


def defender_keyframes(dx: float, dy: float, size: float, loses: bool) -> Keyframes:
    """The defender's ghost: a step towards the attacker (coming from ``(dx, dy)``),
    then back (it won) or away (it lost)."""
    met = _at(*towards(dx, dy, DEFENDER_STEP, size))
    end = (
        {"offset": LEAVE_END, "transform": _at(0.0, 0.0, 0.4), "opacity": 0}
        if loses
        else {"offset": LEAVE_END, "transform": _at(0.0, 0.0), "opacity": 1}
    )
    return eased(
        [
            {"offset": 0.0, "transform": _at(0.0, 0.0), "opacity": 1},
            {"offset": MEET, "transform": met, "opacity": 1},
            {"offset": LEAVE, "transform": met, "opacity": 1},
            end,
        ]
    )


def face_keyframes(before: bool) -> Keyframes:
    """A tile's face turning over once the two have met: the face before folds away,
    the face after unfolds."""
    if before:
        return [
            {"offset": 0.0, "transform": "scaleX(1)"},
            {"offset": MEET, "transform": "scaleX(1)"},
            {"offset": TURNED, "transform": "scaleX(0)"},
            {"offset": 1.0, "transform": "scaleX(0)"},
        ]
    return [
        {"offset": 0.0, "transform": "scaleX(0)"},
        {"offset": TURNED, "transform": "scaleX(0)"},
        {"offset": SHOWN, "transform": "scaleX(1)"},
        {"offset": 1.0, "transform": "scaleX(1)"},
    ]


def ghost_html(fighter: Fighter, role: str) -> str:
    """A ghost tile: both faces when it turns over, else the one."""
    if fighter.before == fighter.after:
        faces = f'<span class="motion-face motion-still">{fighter.after}</span>'
    else:
        faces = (
            f'<span class="motion-face motion-before">{fighter.before}</span>'
            f'<span class="motion-face motion-after">{fighter.after}</span>'
        )
    return f'<span class="motion-ghost motion-{role}" aria-hidden="true">{faces}</span>'
