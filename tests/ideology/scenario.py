"""Scenario positions for Ideology tests.

A scenario starts from a real ``new_game`` and then moves cards and flags around with the
helpers below. Every helper moves *existing* cards (from and to draw piles), so each deck
still holds its 45 cards exactly once and ``check_invariants`` keeps holding. Typical use::

    game = scenario(["Capitalism", "Fascism"], phase="external", to_act="Capitalism")
    set_hand(game, "Capitalism", military=2)
    add_region(game, "Mexico")                      # independent, at its printed level
    put(game, "Mexico", "Fascism", military=1)
    game.apply("Capitalism", "place military Mexico")

``scenario`` empties every hand (cards go back to the draw piles) and sets the turn order
to the order given, so tests start from a known position. A scenario game is not a replay
of its action log: do not save it and expect the same position back.
"""

from __future__ import annotations

from collections import Counter

from engine.ideology import data
from engine.ideology.game import Game, RegionState, card_type_of, new_game


def _pull(game: Game, owner: str, card_type: str) -> int:
    """One card of that type from the owner's draw pile, else their discard pile."""
    deck = game.decks[owner]
    for pile in (deck.draw, deck.discard):
        for position in range(len(pile) - 1, -1, -1):
            if card_type_of(pile[position]) == card_type:
                return pile.pop(position)
    raise AssertionError(f"{owner} has no {card_type} card left in draw or discard pile")


def set_hand(
    game: Game, player: str, military: int = 0, economic: int = 0, cultural: int = 0
) -> None:
    """Give the player exactly this hand (old hand cards go back under the draw pile)."""
    deck = game.decks[player]
    deck.draw[:0] = deck.hand
    deck.hand.clear()
    for card_type, count in zip(data.CARD_TYPES, (military, economic, cultural), strict=True):
        deck.hand += [_pull(game, player, card_type) for _ in range(count)]


def add_region(
    game: Game, region: str, controller: str | None = None, level: int | None = None
) -> None:
    """Bring a region into play (out of the region deck), optionally controlled."""
    if region not in game.regions:
        if region in game.region_deck:
            game.region_deck.remove(region)
        game.regions[region] = RegionState(region, data.REGIONS[region].level)
    game.regions[region].controller = controller
    if level is not None:
        game.regions[region].level = level


def put(
    game: Game, region: str, owner: str, military: int = 0, economic: int = 0, cultural: int = 0
) -> None:
    """Add the owner's cards to a region's zones (from the owner's draw pile)."""
    add_region(game, region, game.regions[region].controller if region in game.regions else None)
    zones = game.regions[region].zones
    for card_type, count in zip(data.CARD_TYPES, (military, economic, cultural), strict=True):
        zones[card_type] += [(owner, _pull(game, owner, card_type)) for _ in range(count)]


def clear_region(game: Game, region: str) -> None:
    """Send every card on a region back to its owner's draw pile."""
    for zone in game.regions[region].zones.values():
        for owner, card in zone:
            game.decks[owner].draw.insert(0, card)
        zone.clear()


def set_phase(game: Game, phase: str, to_act: str | None = None) -> None:
    """Jump to a decision phase with `to_act` (default: first in order) to act."""
    game.phase = phase
    game.conflict = None
    game.passes_in_row = 0
    game.exchanged = 0
    game.current = game.order.index(to_act) if to_act is not None else 0
    if phase == "diplomacy":
        game.choices = {p: {} for p in game.ideologies}
        game.diplomacy_done = []


def set_status(game: Game, a: str, b: str, status: str) -> None:
    game.statuses[(a, b) if a < b else (b, a)] = status


def give_advances(game: Game, player: str, *advances: str) -> None:
    game.advances[player] += [a for a in advances if a not in game.advances[player]]


def scenario(
    players: list[str],
    phase: str = "development",
    to_act: str | None = None,
    seed: int = 1,
    turn_limit: int | None = None,
    options: dict[str, object] | None = None,
) -> Game:
    """A fresh game with empty hands, turn order as listed, in the given phase."""
    game = new_game(players, seed=seed, options=options, turn_limit=turn_limit)
    game.order = list(game.ideologies)
    for player in players:
        set_hand(game, player)
    set_phase(game, phase, to_act)
    game.log.clear()
    game.actions.clear()
    return game


def hand(game: Game, player: str) -> dict[str, int]:
    return {t: game.hand_count(player, t) for t in data.CARD_TYPES}


def check_invariants(game: Game) -> None:
    """Every card of every deck is in exactly one place; no zone exceeds its maximum."""
    places: dict[str, Counter[int]] = {p: Counter() for p in game.ideologies}
    for player, deck in game.decks.items():
        places[player].update(deck.draw + deck.discard + deck.hand)
    for name, region in game.regions.items():
        for card_type, zone in region.zones.items():
            assert len(zone) <= data.maximum_of(name), (name, card_type, len(zone))
            for owner, card in zone:
                assert card_type_of(card) == card_type, (name, owner, card)
                places[owner][card] += 1
    if game.conflict is not None:
        places[game.conflict.attacker].update(game.conflict.attacker_cards)
        places[game.conflict.defender].update(game.conflict.defender_cards)
    for player, counts in places.items():
        assert sorted(counts) == list(range(data.DECK_SIZE)), player
        assert set(counts.values()) == {1}, (player, [c for c, n in counts.items() if n > 1])
    assert set(game.regions).isdisjoint(game.region_deck)
