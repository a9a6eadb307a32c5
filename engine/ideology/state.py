"""The pieces of a game's state: each ideology's cards off the map, the regions in play
and a conflict under way. Plain data; the rules (:mod:`.rules`, :mod:`.flow`) change them.

>>> card_type_of(0), card_type_of(15), card_type_of(44)
('military', 'economic', 'cultural')
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .data import CARD_TYPES, CARDS_PER_TYPE


def card_type_of(card: int) -> str:
    """Cards are numbered 0..44 inside each deck: 15 military, then economic, then cultural."""
    return CARD_TYPES[card // CARDS_PER_TYPE]


def status_key(a: str, b: str) -> tuple[str, str]:
    """The key of a pair of players in ``Game.statuses`` (either order gives the same)."""
    return (a, b) if a < b else (b, a)


@dataclass
class Deck:
    """One ideology's influence cards that are not on the map: draw pile (top = end),
    discard pile and hand."""

    draw: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)

    @property
    def is_empty(self) -> bool:
        """No card in hand, draw pile or discard pile: all of them are on the map."""
        return not (self.hand or self.draw or self.discard)


@dataclass
class RegionState:
    """A region in play. ``zones[type]`` lists (owner, card) in the order they arrived."""

    name: str
    level: int
    controller: str | None = None
    zones: dict[str, list[tuple[str, int]]] = field(
        default_factory=lambda: {t: [] for t in CARD_TYPES}
    )

    def count(self, card_type: str, owner: str | None = None) -> int:
        """Cards of a type here: everybody's, or one owner's."""
        zone = self.zones[card_type]
        if owner is None:
            return len(zone)
        return sum(1 for who, _ in zone if who == owner)

    def total(self, owner: str) -> int:
        return sum(self.count(t, owner) for t in CARD_TYPES)

    def owners(self, card_type: str) -> dict[str, None]:
        """Who has a card of that type here (an ordered set, in order of arrival)."""
        return dict.fromkeys(who for who, _ in self.zones[card_type])


@dataclass
class Conflict:
    """A conflict under way. The attacker's last card is the one the defender must deflect."""

    attacker: str
    defender: str
    card_type: str
    region: str
    attacker_cards: list[int] = field(default_factory=list)
    defender_cards: list[int] = field(default_factory=list)
    waiting_for: str = "defender"  # "attacker" or "defender"
    rounds: int = 1
