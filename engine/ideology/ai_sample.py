"""Games consistent with what one player sees: the computer's way of guessing the hidden.

A player's view shows the whole table (every card on the map, every hand's, draw pile's
and discard pile's size, advances, statuses) but not the other hands, the order of any
draw pile, which cards lie in the discard piles, the order of the region deck, or the
diplomacy choices already made. :func:`sample_game` deals those at random among the
possibilities the view leaves open (a *determinisation*): every deck holds 15 cards of
each type, so the cards not on the map, not in the viewer's hand and not in a conflict
under way are the ones shared out among the hidden places.

The sampled game is a real :class:`~engine.ideology.game.Game`, so the rules that move it
on are the engine's own. Its view for the viewer is the view it was made from (its log
aside: a sample starts with an empty log and an empty action list).

>>> import random
>>> from engine import ideology
>>> game = ideology.new_game(["Capitalism", "Communism", "Fascism"], seed=7)
>>> player = game.to_act[0]
>>> view = game.view(player)
>>> sample = sample_game(view, random.Random(1))
>>> sample.view(player)["regions"] == view["regions"]
True
>>> sample.legal_actions(player) == game.legal_actions(player)
True
>>> [len(sample.decks[p].hand) for p in game.order] == [len(game.decks[p].hand) for p in game.order]
True
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Mapping
from typing import Any

from .data import CARD_TYPES, CARDS_PER_TYPE, IDEOLOGIES, REGIONS
from .flow import SEQUENTIAL_PHASES
from .game import Game
from .state import Conflict, Deck, RegionState, status_key

#: Chooses a player's hidden diplomacy choices: ``(game, player) -> {other: status}``.
ChoicesGuess = Callable[[Game, str], dict[str, str]]


class _Cards:
    """The unused card numbers of one deck, by type, handed out in order."""

    def __init__(self) -> None:
        self.left = {
            t: list(range(i * CARDS_PER_TYPE, (i + 1) * CARDS_PER_TYPE))
            for i, t in enumerate(CARD_TYPES)
        }

    def take(self, card_type: str, count: int) -> list[int]:
        pile = self.left[card_type]
        if count > len(pile):
            raise ValueError(f"the view shows more than {CARDS_PER_TYPE} {card_type} cards")
        taken, self.left[card_type] = pile[:count], pile[count:]
        return taken

    def rest(self) -> list[int]:
        return [card for t in CARD_TYPES for card in self.left[t]]


def sample_game(
    view: Mapping[str, Any], rng: random.Random, guess_choices: ChoicesGuess | None = None
) -> Game:
    """A game the viewer of ``view`` cannot tell from the real one, its hidden parts dealt
    with ``rng``: other hands, draw piles and discard piles from the cards each deck has
    left, shuffled; the region deck from the regions not yet in play, shuffled.

    Diplomacy choices of players who have finished choosing are hidden too:
    ``guess_choices(game, player)`` supplies them (by default, Neutral towards everyone).
    Raises ``ValueError`` for a view that no game could give (more cards than a deck
    holds, hand and pile sizes that do not add up).
    """
    me = view["viewer"]
    if me is None:
        raise ValueError("a sample needs a player's view, not the public one")
    order: list[str] = list(view["order"])
    players: Mapping[str, Any] = view["players"]
    game = Game.__new__(Game)
    game.ideologies = tuple(order)
    game.seed = 0
    game.options = dict(view["options"])
    game._rng = random.Random(rng.getrandbits(64))
    cards = {p: _Cards() for p in order}
    game.regions = {}
    for region in view["regions"]:
        state = RegionState(region["name"], region["level"], region["controller"])
        for card_type, owners in region["cards"].items():
            zone = state.zones[card_type]
            for owner, count in owners.items():
                zone += [(owner, card) for card in cards[owner].take(card_type, count)]
        game.regions[region["name"]] = state
    conflict = view["conflict"]
    game.conflict = None
    if conflict is not None:
        card_type = conflict["card_type"]
        game.conflict = Conflict(
            conflict["attacker"],
            conflict["defender"],
            card_type,
            conflict["region"],
            cards[conflict["attacker"]].take(card_type, conflict["attacker_cards_played"]),
            cards[conflict["defender"]].take(card_type, conflict["defender_cards_played"]),
            conflict["waiting_for"],
            conflict["round"],
        )
    game.decks = {}
    for player in order:
        info = players[player]
        deck = Deck()
        if player == me:
            hand = view["hand"] or {}
            deck.hand = [card for t in CARD_TYPES for card in cards[me].take(t, hand.get(t, 0))]
        rest = cards[player].rest()
        rng.shuffle(rest)
        if player != me:
            deck.hand = rest[: info["hand_size"]]
            rest = rest[info["hand_size"] :]
        if len(rest) != info["draw_pile_size"] + info["discard_size"]:
            raise ValueError(f"the sizes of {player}'s hand and piles do not add up")
        deck.discard = rest[: info["discard_size"]]
        deck.draw = rest[info["discard_size"] :]
        game.decks[player] = deck
    game.region_deck = _region_deck(view, order, rng)
    game.order = order
    game.turn = view["turn"]
    game.phase = view["phase"]
    game.current = _current(view, order)
    game.passes_in_row = passes_in_row(view)
    game.exchanged = view["exchange"]["discarded"] if view["exchange"] else 0
    game.advances = {p: list(players[p]["advances"]) for p in order}
    game.statuses = {status_key(*entry["players"]): entry["status"] for entry in view["statuses"]}
    diplomacy = view["diplomacy"]
    game.choices = {p: {} for p in order}
    game.diplomacy_done = list(diplomacy["done"]) if diplomacy else []
    if diplomacy:
        game.choices[me] = dict(diplomacy["my_choices"] or {})
    game.result = None
    game.end_reason = None
    game.actions = []
    game.log = []
    game.last_action_revealed = False
    for player in game.diplomacy_done:
        if player != me:
            game.choices[player] = (
                guess_choices(game, player)
                if guess_choices is not None
                else {o: "neutral" for o in order if o != player}
            )
    return game


def _region_deck(view: Mapping[str, Any], order: list[str], rng: random.Random) -> list[str]:
    in_play = {region["name"] for region in view["regions"]}
    homes_in_game = {IDEOLOGIES[p].home for p in order}
    deck = [
        name
        for name, region in REGIONS.items()
        if name not in in_play and name not in homes_in_game and region.home_of is None
    ]
    unused_homes = [
        name
        for name, region in REGIONS.items()
        if region.home_of is not None and name not in homes_in_game and name not in in_play
    ]
    # Unused homes join the deck only under that option: the deck's size tells.
    size = view["region_deck_size"]
    if len(deck) + len(unused_homes) == size:
        deck += unused_homes
    if len(deck) != size:
        raise ValueError("the region deck's size does not match the regions in play")
    rng.shuffle(deck)
    return deck


def _current(view: Mapping[str, Any], order: list[str]) -> int:
    """The index in the turn order of the player whose round it is."""
    if view["conflict"] is not None:
        return order.index(view["conflict"]["attacker"])
    if view["phase"] in SEQUENTIAL_PHASES and view["to_act"]:
        return order.index(view["to_act"][0])
    return 0


def passes_in_row(view: Mapping[str, Any]) -> int:
    """How many players passed in a row just now in this external or conflict phase, as
    far as the view's log tells (a view whose log starts later may show fewer)."""
    if view["phase"] not in ("external", "conflict") or view["conflict"] is not None:
        return 0
    passes = 0
    for entry in reversed(view["log"]):
        if entry["turn"] != view["turn"] or entry["phase"] != view["phase"]:
            break
        if entry["event"] != "pass":
            break
        passes += 1
    return passes


def clone(game: Game) -> Game:
    """An independent copy of a game, much faster than ``copy.deepcopy`` (the log and the
    action list are shared entries in new lists; entries are never changed)."""
    new = Game.__new__(Game)
    fields = dict(game.__dict__)
    rng = random.Random()
    rng.setstate(game._rng.getstate())
    fields["_rng"] = rng
    fields["options"] = dict(game.options)
    fields["decks"] = {
        p: Deck(list(d.draw), list(d.discard), list(d.hand)) for p, d in game.decks.items()
    }
    fields["regions"] = {
        name: RegionState(r.name, r.level, r.controller, {t: list(z) for t, z in r.zones.items()})
        for name, r in game.regions.items()
    }
    fields["region_deck"] = list(game.region_deck)
    fields["order"] = list(game.order)
    fields["advances"] = {p: list(a) for p, a in game.advances.items()}
    fields["statuses"] = dict(game.statuses)
    fields["choices"] = {p: dict(c) for p, c in game.choices.items()}
    fields["diplomacy_done"] = list(game.diplomacy_done)
    c = game.conflict
    fields["conflict"] = (
        None
        if c is None
        else Conflict(
            c.attacker,
            c.defender,
            c.card_type,
            c.region,
            list(c.attacker_cards),
            list(c.defender_cards),
            c.waiting_for,
            c.rounds,
        )
    )
    fields["actions"] = list(game.actions)
    fields["log"] = list(game.log)
    known = _CLONED | {"ideologies", "seed", "turn", "phase", "current", "passes_in_row"}
    for name, value in fields.items():
        if name not in known and name not in _IMMUTABLE_FIELDS:
            fields[name] = copy.deepcopy(value)  # a field this copy does not know yet
    new.__dict__.update(fields)
    return new


_CLONED = frozenset(
    {
        "_rng",
        "options",
        "decks",
        "regions",
        "region_deck",
        "order",
        "advances",
        "statuses",
        "choices",
        "diplomacy_done",
        "conflict",
        "actions",
        "log",
    }
)
_IMMUTABLE_FIELDS = frozenset({"exchanged", "result", "end_reason", "last_action_revealed"})
