"""What one player may see of a game, as typed JSON-plain dicts.

Everybody sees the map, every card on it, hand/draw/discard sizes, advances, statuses,
the turn order and the public log. Only the viewer's own hand, their own pending
diplomacy choices and their own legal actions are added; nothing else is secret.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from .data import ADVANCES, CARD_TYPES, IDEOLOGIES, REGIONS, maximum_of

if TYPE_CHECKING:
    from .game import Game

#: One public log entry: ``turn``, ``phase``, ``event``, the event's params, ``text``.
LogEntry = dict[str, Any]


class PlayerView(TypedDict):
    name_es: str
    letter: str
    home: str
    influence: int
    controls: list[str]
    hand_size: int
    draw_pile_size: int
    discard_size: int
    advances: list[str]


class StatusView(TypedDict):
    players: list[str]
    status: str


class RegionView(TypedDict):
    name: str
    name_es: str
    home_of: str | None
    printed_level: int
    level: int
    maximum: int
    #: The cap of cards of one type (all players together) while independent, else None.
    independent_cap: int | None
    controller: str | None
    #: Players who may act here without the distance penalty (Logistics aside).
    reachable_by: list[str]
    adjacent: list[str]
    adjacent_in_play: list[str]
    cards: dict[str, dict[str, int]]  # type -> owner -> count
    totals: dict[str, int]  # owner -> count


class ExchangeView(TypedDict):
    player: str
    discarded: int
    limit: int


class ConflictView(TypedDict):
    attacker: str
    defender: str
    card_type: str
    region: str
    round: int
    attacker_cards_played: int
    defender_cards_played: int
    waiting_for: str
    deflect_cost: int


class DiplomacyView(TypedDict):
    #: Who has finished is public (they hand the tablet on); what they chose is not.
    done: list[str]
    my_choices: dict[str, str] | None


class GameView(TypedDict):
    game: str
    viewer: str | None
    turn: int
    phase: str
    to_act: list[str]
    order: list[str]
    result: str | None
    end_reason: str | None
    is_terminal: bool
    turn_limit: int | None
    options: dict[str, Any]
    players: dict[str, PlayerView]
    statuses: list[StatusView]
    regions: list[RegionView]
    region_deck_size: int
    exchange: ExchangeView | None
    conflict: ConflictView | None
    diplomacy: DiplomacyView | None
    log_from: int
    log_size: int
    log: list[LogEntry]
    #: The viewer's own hand by type, its size and their legal actions (their notation);
    #: None, None and [] in the public view.
    hand: dict[str, int] | None
    hand_size: int | None
    legal_actions: list[str]


def _region_view(game: Game, name: str) -> RegionView:
    region = game.regions[name]
    printed = REGIONS[name]
    # One pass over each zone: a view is built for every decision a player takes.
    cards: dict[str, dict[str, int]] = {}
    totals: dict[str, int] = {}
    for card_type in CARD_TYPES:
        counts: dict[str, int] = {}
        for owner, _ in region.zones[card_type]:
            counts[owner] = counts.get(owner, 0) + 1
        cards[card_type] = {p: counts[p] for p in game.order if p in counts}
        for owner, count in counts.items():
            totals[owner] = totals.get(owner, 0) + count
    reaching = game._reaching(name)
    return {
        "name": name,
        "name_es": printed.name_es,
        "home_of": printed.home_of,
        "printed_level": printed.level,
        "level": region.level,
        "maximum": maximum_of(name),
        "independent_cap": region.level if region.controller is None else None,
        "controller": region.controller,
        "reachable_by": [p for p in game.order if p in reaching],
        "adjacent": list(printed.adjacent),
        "adjacent_in_play": [n for n in printed.adjacent if n in game.regions],
        "cards": cards,
        "totals": {p: totals[p] for p in game.order if p in totals},
    }


def _player_view(game: Game, player: str) -> PlayerView:
    deck = game.decks[player]
    return {
        "name_es": IDEOLOGIES[player].name_es,
        "letter": IDEOLOGIES[player].letter,
        "home": IDEOLOGIES[player].home,
        "influence": game._influence(player),
        "controls": game._controlled(player),
        "hand_size": len(deck.hand),
        "draw_pile_size": len(deck.draw),
        "discard_size": len(deck.discard),
        "advances": [a for a in ADVANCES if a in game.advances[player]],
    }


def build_view(game: Game, viewer: str | None, log_from: int = 0) -> GameView:
    """The view of ``viewer`` (a canonical player, or None for the public view)."""
    start = max(0, log_from)
    exchange: ExchangeView | None = None
    if game.phase == "exchange" and game.to_act:
        current = game.to_act[0]
        exchange = {
            "player": current,
            "discarded": game.exchanged,
            "limit": game._exchange_limit(current),
        }
    conflict: ConflictView | None = None
    if game.conflict is not None:
        c = game.conflict
        conflict = {
            "attacker": c.attacker,
            "defender": c.defender,
            "card_type": c.card_type,
            "region": c.region,
            "round": c.rounds,
            "attacker_cards_played": len(c.attacker_cards),
            "defender_cards_played": len(c.defender_cards),
            "waiting_for": c.waiting_for,
            "deflect_cost": game._deflect_cost(),
        }
    diplomacy: DiplomacyView | None = None
    if game.phase == "diplomacy" and not game.is_terminal:
        diplomacy = {
            "done": list(game.diplomacy_done),
            "my_choices": dict(game.choices[viewer]) if viewer is not None else None,
        }
    return {
        "game": "ideology",
        "viewer": viewer,
        "turn": game.turn,
        "phase": game.phase,
        "to_act": game.to_act,
        "order": list(game.order),
        "result": game.result,
        "end_reason": game.end_reason,
        "is_terminal": game.is_terminal,
        "turn_limit": game.options.get("turn_limit"),
        "options": dict(game.options),
        "players": {p: _player_view(game, p) for p in game.order},
        "statuses": [
            {"players": list(pair), "status": status} for pair, status in game.statuses.items()
        ],
        "regions": [_region_view(game, name) for name in game.regions],
        "region_deck_size": len(game.region_deck),
        "exchange": exchange,
        "conflict": conflict,
        "diplomacy": diplomacy,
        "log_from": start,
        "log_size": len(game.log),
        "log": [dict(entry) for entry in game.log[start:]],
        "hand": None if viewer is None else {t: game._hand_count(viewer, t) for t in CARD_TYPES},
        "hand_size": None if viewer is None else len(game.decks[viewer].hand),
        "legal_actions": [] if viewer is None else [str(a) for a in game.legal_actions(viewer)],
    }
