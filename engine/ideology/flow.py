"""How a game moves through its eight phases: the setup, who acts next, when a phase
ends, and the phases that need no decision (resources, evaluation, turn order and the
end of the game). The decisions themselves are in :mod:`.rules`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .data import (
    CARD_TYPES,
    CARDS_PER_TYPE,
    HOME_START_CARDS_PER_TYPE,
    IDEOLOGIES,
    INITIAL_STATUS,
    INNOVATION,
    LOST_REGION_RESETS_TO_PRINTED_LEVEL,
    RANDOM_FIRST_TURN_ORDER,
    REGIONS,
    UNUSED_HOME_REGIONS_IN_REGION_DECK,
    WINNING_INFLUENCE_ABOVE,
)
from .state import Deck, RegionState, status_key

if TYPE_CHECKING:
    from .game import Game

#: Phases in which players act one at a time in turn order.
SEQUENTIAL_PHASES = ("exchange", "development", "external", "conflict")

#: How the closing log line ends for each reason the game can end.
END_TEXT = {
    "influence": ".",
    "exhaustion": " (no cards left to play).",
    "turn_limit": " (turn limit reached).",
}


# --- Setup -------------------------------------------------------------------------------


def start(game: Game) -> None:
    """Homes with 3 cards of each type, shuffled decks and region deck, a random first
    turn order, every pair Neutral; then turn 1 begins."""
    for player in game.ideologies:
        deck = Deck()
        home = RegionState(IDEOLOGIES[player].home, REGIONS[IDEOLOGIES[player].home].level)
        home.controller = player
        for index, card_type in enumerate(CARD_TYPES):
            first = index * CARDS_PER_TYPE
            for card in range(first, first + CARDS_PER_TYPE):
                if card - first < HOME_START_CARDS_PER_TYPE:
                    home.zones[card_type].append((player, card))
                else:
                    deck.draw.append(card)
        game._rng.shuffle(deck.draw)
        game.decks[player] = deck
        game.regions[home.name] = home
    used_homes = {IDEOLOGIES[p].home for p in game.ideologies}
    game.region_deck = [
        name
        for name, region in REGIONS.items()
        if name not in used_homes and (region.home_of is None or UNUSED_HOME_REGIONS_IN_REGION_DECK)
    ]
    game._rng.shuffle(game.region_deck)
    game.order = list(game.ideologies)
    if RANDOM_FIRST_TURN_ORDER:
        game._rng.shuffle(game.order)
    for i, a in enumerate(game.ideologies):
        for b in game.ideologies[i + 1 :]:
            game.statuses[status_key(a, b)] = INITIAL_STATUS
    game._note("game_start", f"Turn order: {', '.join(game.order)}.", order=list(game.order))
    enter(game, "resources")


# --- Who acts next -------------------------------------------------------------------------


def to_act(game: Game) -> list[str]:
    """The ideologies that may act now (several only in diplomacy)."""
    if game.result is not None:
        return []
    if game.phase == "diplomacy":
        return [p for p in game.order if p not in game.diplomacy_done]
    if game.conflict is not None:
        c = game.conflict
        return [c.attacker if c.waiting_for == "attacker" else c.defender]
    if game.phase in SEQUENTIAL_PHASES:
        return [game.order[game.current]]
    return []


def next_player(game: Game) -> None:
    game.current = (game.current + 1) % len(game.order)


def acted(game: Game) -> None:
    """The current player took their one action of this round (external, conflict)."""
    game.passes_in_row = 0
    next_player(game)


def pass_turn(game: Game, player: str, next_phase: str) -> None:
    """A pass; the phase ends when every player has passed in a row."""
    game.passes_in_row += 1
    game._note("pass", f"{player} passes.", player=player)
    if game.passes_in_row >= len(game.order):
        enter(game, next_phase)
    else:
        next_player(game)


def end_sequential_turn(game: Game, next_phase: str) -> None:
    """The current player is finished with this phase (exchange, development)."""
    if game.current + 1 < len(game.order):
        game.current += 1
    else:
        enter(game, next_phase)


# --- Phases --------------------------------------------------------------------------------


def enter(game: Game, phase: str) -> None:
    """Start a phase, doing the work of phases that need no decision."""
    game.phase = phase
    game.current = 0
    game.passes_in_row = 0
    if phase == "resources":
        resources(game)
        enter(game, "exchange")
    elif phase == "external":
        new_region(game)
    elif phase == "diplomacy":
        game.choices = {p: {} for p in game.ideologies}
        game.diplomacy_done = []
    elif phase == "evaluation":
        evaluate(game)
        enter(game, "turn_order")
    elif phase == "turn_order":
        turn_order(game)


def resources(game: Game) -> None:
    """1 · Everybody draws up to their global influence (+1 with Innovation)."""
    for player in game.order:
        target = game._influence(player) + (1 if INNOVATION in game.advances[player] else 0)
        missing = target - len(game.decks[player].hand)
        drawn = game._draw(player, missing) if missing > 0 else 0
        game._note(
            "draw",
            f"{player} draws {drawn} card(s).",
            player=player,
            count=drawn,
            hand_size=len(game.decks[player].hand),
        )


def new_region(game: Game) -> None:
    """4 · The top region tile enters play, independent (nothing once the deck is empty)."""
    if game.region_deck:
        name = game.region_deck.pop()
        game.regions[name] = RegionState(name, REGIONS[name].level)
        game.last_action_revealed = True
        game._note("new_region", f"{name} enters play as an independent region.", region=name)


def evaluate(game: Game) -> None:
    """7 · New levels of controlled regions, then control checked on every region."""
    only_controller = game.options["level_counts_only_controller_cards"]
    for name, region in game.regions.items():
        if region.controller is None:
            continue
        owner = region.controller if only_controller else None
        level = min(region.count(t, owner) for t in CARD_TYPES)
        if level != region.level:
            game._note(
                "level",
                f"{name} goes from level {region.level} to {level}.",
                region=name,
                old=region.level,
                new=level,
            )
            region.level = level
    for name, region in game.regions.items():
        totals = {p: region.total(p) for p in game.order}
        most = max(totals.values())
        leaders = [p for p, n in totals.items() if n == most]
        controller = leaders[0] if most > 0 and len(leaders) == 1 else None
        if controller == region.controller:
            continue
        previous = region.controller
        if previous is not None:
            if LOST_REGION_RESETS_TO_PRINTED_LEVEL:
                region.level = REGIONS[name].level
            game._note(
                "control_lost",
                f"{previous} loses control of {name}.",
                region=name,
                player=previous,
                level=region.level,
            )
        region.controller = controller
        if controller is not None:
            game._note(
                "control_gained",
                f"{controller} gains control of {name}.",
                region=name,
                player=controller,
                level=region.level,
            )


def turn_order(game: Game) -> None:
    """8 · New turn order by influence (ties keep their order); the game may end here."""
    influence = {p: game._influence(p) for p in game.order}
    game.order.sort(key=lambda p: -influence[p])  # stable: ties keep their order
    game._note(
        "turn_order",
        "Turn order: " + ", ".join(f"{p} ({influence[p]})" for p in game.order) + ".",
        order=list(game.order),
        influence=[influence[p] for p in game.order],
    )
    reason = end_reason(game, influence[game.order[0]])
    if reason is not None:
        winner = game.order[0]
        game.result = winner
        game.end_reason = reason
        game._note(
            "game_end",
            f"{winner} wins with {influence[winner]} influence" + END_TEXT[reason],
            winner=winner,
            reason=reason,
            influence=influence[winner],
        )
        return
    game.turn += 1
    enter(game, "resources")


def end_reason(game: Game, top_influence: int) -> str | None:
    """Why the game ends at this turn-order phase, or None: somebody above 12, no card
    left to play (every hand, draw and discard pile empty), or the turn limit."""
    if top_influence > WINNING_INFLUENCE_ABOVE:
        return "influence"
    if all(deck.is_empty for deck in game.decks.values()):
        return "exhaustion"
    limit = game.options.get("turn_limit")
    if limit is not None and game.turn >= limit:
        return "turn_limit"
    return None
