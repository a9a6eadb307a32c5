"""What one player may see of a game, as a plain JSON-serialisable dict.

Everybody sees the map, every card on it, hand/draw/discard sizes, advances, statuses,
the turn order and the public log. Only the viewer's own hand, their own pending
diplomacy choices and their own legal actions are added; nothing else is secret.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .data import ADVANCES, CARD_TYPES, IDEOLOGIES, REGIONS, maximum_of

if TYPE_CHECKING:
    from .game import Game


def _region_view(game: Game, name: str) -> dict[str, Any]:
    region = game.regions[name]
    printed = REGIONS[name]
    cards = {
        t: {p: region.count(t, p) for p in game.order if region.count(t, p)} for t in CARD_TYPES
    }
    return {
        "name": name,
        "name_es": printed.name_es,
        "home_of": printed.home_of,
        "printed_level": printed.level,
        "level": region.level,
        "maximum": maximum_of(name),
        # Per-type cap while independent (cards of one type, all players together).
        "independent_cap": region.level if region.controller is None else None,
        "controller": region.controller,
        # Players who may act here without the distance penalty (Logistics aside).
        "reachable_by": [p for p in game.order if game._reachable(p, name)],
        "adjacent": list(printed.adjacent),
        "adjacent_in_play": [n for n in printed.adjacent if n in game.regions],
        "cards": cards,
        "totals": {p: region.total(p) for p in game.order if region.total(p)},
    }


def build_view(game: Game, viewer: str | None, log_from: int = 0) -> dict[str, Any]:
    players: dict[str, Any] = {}
    for p in game.order:
        deck = game.decks[p]
        players[p] = {
            "name_es": IDEOLOGIES[p].name_es,
            "letter": IDEOLOGIES[p].letter,
            "home": IDEOLOGIES[p].home,
            "influence": game._influence(p),
            "controls": game._controlled(p),
            "hand_size": len(deck.hand),
            "draw_pile_size": len(deck.draw),
            "discard_size": len(deck.discard),
            "advances": [a for a in ADVANCES if a in game.advances[p]],
        }
    view: dict[str, Any] = {
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
        "players": players,
        "statuses": [
            {"players": list(pair), "status": status} for pair, status in game.statuses.items()
        ],
        "regions": [_region_view(game, name) for name in game.regions],
        "region_deck_size": len(game.region_deck),
        "exchange": None,
        "conflict": None,
        "diplomacy": None,
        "log_from": max(0, log_from),
        "log_size": len(game.log),
        "log": [dict(entry) for entry in game.log[max(0, log_from) :]],
    }
    if game.phase == "exchange" and game.to_act:
        current = game.to_act[0]
        view["exchange"] = {
            "player": current,
            "discarded": game.exchanged,
            "limit": game._exchange_limit(current),
        }
    if game.conflict is not None:
        c = game.conflict
        view["conflict"] = {
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
    if game.phase == "diplomacy" and not game.is_terminal:
        view["diplomacy"] = {
            # Who has finished is public (they hand the tablet on); what they chose is not.
            "done": list(game.diplomacy_done),
            "my_choices": dict(game.choices[viewer]) if viewer is not None else None,
        }
    if viewer is not None:
        hand = game.decks[viewer].hand
        view["hand"] = {t: game._hand_count(viewer, t) for t in CARD_TYPES}
        view["hand_size"] = len(hand)
        view["legal_actions"] = game.legal_actions(viewer)
    else:
        view["hand"] = None
        view["hand_size"] = None
        view["legal_actions"] = []
    return view
