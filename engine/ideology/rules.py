"""The rule of every decision, one object per verb and decision point, each read in one
place: which actions it may offer now (``candidates``, a superset of the legal ones), why
one would be refused (``check``, without changing anything) and what it does
(``execute``, after ``check`` said yes).

:data:`RULES` says which rules each decision point offers; :mod:`.flow` moves the game
from phase to phase. Rules change the game only through its card movements
(``_take``, ``_spend``, ``_draw``), its log (``_note``) and the flow.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from . import flow
from .actions import (
    ATTACK,
    BUY,
    DEFLECT,
    DIPLOMACY,
    DISCARD,
    DONE,
    PASS,
    PLACE,
    PLAY,
    REMOVE,
    STOP,
    YIELD,
    Action,
)
from .data import (
    ADVANCES,
    CONFLICTS_ALLOWED,
    DEFENCE_ADVANCE_EXTRA_CARDS,
    DEFENCE_ADVANCE_FOR,
    MILITARY,
    REMOVE_COSTS_SAME_TYPE_CARD,
    REMOVE_OWN_CARDS_ALLOWED,
    STATUSES,
    WMD,
    maximum_of,
)
from .errors import IllegalAction
from .state import Conflict, status_key

if TYPE_CHECKING:
    from .game import Game


class Rule:
    """One verb at one decision point. Subclasses override what their verb needs."""

    verb: str

    def candidates(self, game: Game, player: str, held: list[str]) -> list[Action]:
        """Actions worth checking now (``held``: the card types in the player's hand)."""
        return [Action(self.verb)]

    def check(self, game: Game, player: str, action: Action) -> IllegalAction | None:
        """Why ``player`` may not take ``action`` now, or None if it is legal."""
        return None

    def execute(self, game: Game, player: str, action: Action) -> None:
        raise NotImplementedError


# --- what every rule needs -------------------------------------------------------------


def need(
    game: Game, player: str, card_type: str, needed: int, **extra: int
) -> IllegalAction | None:
    """None if the hand holds ``needed`` cards of the type; ``extra`` says what is included
    (distance_penalty, defence_advance) for the message and the params."""
    held = game._hand_count(player, card_type)
    if held >= needed:
        return None
    reasons = []
    if extra.get("distance_penalty"):
        reasons.append(f"{extra['distance_penalty']} for the distance penalty")
    if extra.get("defence_advance"):
        advance = DEFENCE_ADVANCE_FOR[card_type]
        reasons.append(f"{extra['defence_advance']} for the defender's {advance}")
    why = f" ({', '.join(reasons)})" if reasons else ""
    return IllegalAction(
        "not_enough_cards",
        f"That needs {needed} {card_type} card{'s' if needed != 1 else ''}{why}; you hold {held}.",
        card_type=card_type,
        needed=needed,
        held=held,
        **extra,
    )


def in_play(game: Game, region: str) -> IllegalAction | None:
    if region not in game.regions:
        return IllegalAction("region_not_in_play", f"{region} is not in play.", region=region)
    return None


def defence_cards(game: Game, defender: str, card_type: str) -> int:
    """Extra cards an attack of that type costs because of the defender's advance."""
    if DEFENCE_ADVANCE_FOR[card_type] in game.advances[defender]:
        return DEFENCE_ADVANCE_EXTRA_CARDS
    return 0


def place_actions(regions: list[str], held: list[str]) -> list[Action]:
    """Placing each type held on each of these regions (development or external)."""
    return [Action(PLACE, card_type=t, region=name) for name in regions for t in held]


def place_card(game: Game, player: str, card_type: str, region: str, penalty: int) -> None:
    game._spend(player, card_type, penalty)
    (card,) = game._take(player, card_type, 1)
    game.regions[region].zones[card_type].append((player, card))
    game._note(
        "place",
        f"{player} places a {card_type} card on {region}"
        + (f" (paying {penalty} for distance)." if penalty else "."),
        player=player,
        card_type=card_type,
        region=region,
        distance_penalty=penalty,
    )


# --- 2 · Exchange ------------------------------------------------------------------------


class Discard(Rule):
    """Discard a card to draw a new one at ``done``, up to the exchange limit."""

    verb = DISCARD

    def candidates(self, game: Game, player: str, held: list[str]) -> list[Action]:
        return [Action(DISCARD, card_type=t) for t in held]

    def check(self, game: Game, player: str, action: Action) -> IllegalAction | None:
        assert action.card_type is not None
        limit = game._exchange_limit(player)
        if game.exchanged >= limit:
            return IllegalAction(
                "exchange_limit", f"You may exchange only {limit} card(s) this turn.", limit=limit
            )
        return need(game, player, action.card_type, 1)

    def execute(self, game: Game, player: str, action: Action) -> None:
        assert action.card_type is not None
        game._spend(player, action.card_type, 1)
        game.exchanged += 1
        game._note(
            "exchange_discard",
            f"{player} discards a card to exchange it.",
            player=player,
            count=game.exchanged,
        )


class FinishExchange(Rule):
    """``done``: draw one card per card discarded; the next player exchanges."""

    verb = DONE

    def execute(self, game: Game, player: str, action: Action) -> None:
        drawn = game._draw(player, game.exchanged)
        game._note(
            "exchange",
            f"{player} exchanged {game.exchanged} card(s).",
            player=player,
            discarded=game.exchanged,
            drawn=drawn,
        )
        game.exchanged = 0
        flow.end_sequential_turn(game, "development")


# --- 3 · Development ---------------------------------------------------------------------


class Develop(Rule):
    """Place a card on a region one controls, never above its maximum."""

    verb = PLACE

    def candidates(self, game: Game, player: str, held: list[str]) -> list[Action]:
        return place_actions(game._controlled(player), held)

    def check(self, game: Game, player: str, action: Action) -> IllegalAction | None:
        assert action.card_type is not None and action.region is not None
        if (problem := in_play(game, action.region)) is not None:
            return problem
        region = game.regions[action.region]
        if region.controller != player:
            return IllegalAction(
                "not_controlled",
                f"In development you place only on regions you control; "
                f"you do not control {action.region}.",
                region=action.region,
            )
        maximum = maximum_of(action.region)
        if region.count(action.card_type) >= maximum:
            return IllegalAction(
                "zone_full",
                f"The {action.card_type} zone of {action.region} already holds its maximum "
                f"of {maximum} cards.",
                region=action.region,
                card_type=action.card_type,
                maximum=maximum,
            )
        return need(game, player, action.card_type, 1)

    def execute(self, game: Game, player: str, action: Action) -> None:
        assert action.card_type is not None and action.region is not None
        place_card(game, player, action.card_type, action.region, penalty=0)


class Buy(Rule):
    """Buy an advance once, with its prerequisites, paying its cost from hand."""

    verb = BUY

    def candidates(self, game: Game, player: str, held: list[str]) -> list[Action]:
        return [Action(BUY, advance=name) for name in ADVANCES]

    def check(self, game: Game, player: str, action: Action) -> IllegalAction | None:
        assert action.advance is not None
        advance = ADVANCES[action.advance]
        owned = game.advances[player]
        if action.advance in owned:
            return IllegalAction(
                "already_owned", f"You already own {action.advance}.", advance=action.advance
            )
        if sum(1 for n in advance.needs_any if n in owned) < advance.needs_count:
            return IllegalAction(
                "missing_prerequisite",
                f"{action.advance} needs {advance.needs_count} of: {', '.join(advance.needs_any)}.",
                advance=action.advance,
                needs_any=list(advance.needs_any),
                needs_count=advance.needs_count,
            )
        for card_type, count in advance.cost:
            if (problem := need(game, player, card_type, count)) is not None:
                return problem
        return None

    def execute(self, game: Game, player: str, action: Action) -> None:
        assert action.advance is not None
        for card_type, count in ADVANCES[action.advance].cost:
            game._spend(player, card_type, count)
        game.advances[player].append(action.advance)
        game._note("buy", f"{player} buys {action.advance}.", player=player, advance=action.advance)


class FinishDevelopment(Rule):
    verb = DONE

    def execute(self, game: Game, player: str, action: Action) -> None:
        game._note("done", f"{player} has finished developing.", player=player)
        flow.end_sequential_turn(game, "external")


# --- 4 · External ------------------------------------------------------------------------


class PlaceIndependent(Rule):
    """Place a card on an independent region, at most its level of one type in all."""

    verb = PLACE

    def candidates(self, game: Game, player: str, held: list[str]) -> list[Action]:
        return place_actions([n for n, r in game.regions.items() if r.controller is None], held)

    def check(self, game: Game, player: str, action: Action) -> IllegalAction | None:
        assert action.card_type is not None and action.region is not None
        if (problem := in_play(game, action.region)) is not None:
            return problem
        region = game.regions[action.region]
        if region.controller is not None:
            return IllegalAction(
                "not_independent",
                f"{action.region} is controlled by {region.controller}; you may place only "
                "on independent regions now.",
                region=action.region,
                controller=region.controller,
            )
        if region.count(action.card_type) >= region.level:
            return IllegalAction(
                "type_cap_reached",
                f"{action.region} already holds {region.level} {action.card_type} card(s), "
                "as many as its development level allows.",
                region=action.region,
                card_type=action.card_type,
                cap=region.level,
            )
        penalty = game._distance_penalty(player, action.region)
        return need(game, player, action.card_type, 1 + penalty, distance_penalty=penalty)

    def execute(self, game: Game, player: str, action: Action) -> None:
        assert action.card_type is not None and action.region is not None
        penalty = game._distance_penalty(player, action.region)
        place_card(game, player, action.card_type, action.region, penalty)
        flow.acted(game)


class Remove(Rule):
    """Pay a card to send one card of that type from an independent region or another
    player's region back to its owner's discard pile."""

    verb = REMOVE

    def candidates(self, game: Game, player: str, held: list[str]) -> list[Action]:
        offered = []
        for name, region in game.regions.items():
            if region.controller == player:
                continue
            for t in held:
                owners = region.owners(t)
                offered += [
                    Action(REMOVE, card_type=t, region=name, ideology=owner)
                    for owner in game.order
                    if owner in owners
                ]
        return offered

    def check(self, game: Game, player: str, action: Action) -> IllegalAction | None:
        assert action.card_type is not None and action.region is not None
        assert action.ideology is not None
        if (problem := in_play(game, action.region)) is not None:
            return problem
        region = game.regions[action.region]
        if region.controller == player:
            return IllegalAction(
                "own_region",
                f"You control {action.region}; remove cards only from independent regions or "
                "regions of other players.",
                region=action.region,
            )
        if action.ideology == player and not REMOVE_OWN_CARDS_ALLOWED:
            return IllegalAction("own_card", "You may not remove your own cards.")
        if region.count(action.card_type, action.ideology) == 0:
            return IllegalAction(
                "no_such_card",
                f"{action.ideology} has no {action.card_type} card on {action.region}.",
                region=action.region,
                card_type=action.card_type,
                owner=action.ideology,
            )
        penalty = game._distance_penalty(player, action.region)
        cost = (1 if REMOVE_COSTS_SAME_TYPE_CARD else 0) + penalty
        return need(game, player, action.card_type, cost, distance_penalty=penalty)

    def execute(self, game: Game, player: str, action: Action) -> None:
        card_type, region, owner = action.card_type, action.region, action.ideology
        assert card_type is not None and region is not None and owner is not None
        penalty = game._distance_penalty(player, region)
        game._spend(player, card_type, (1 if REMOVE_COSTS_SAME_TYPE_CARD else 0) + penalty)
        zone = game.regions[region].zones[card_type]
        # The owner's most recently placed card of that type goes (all are alike).
        position = max(i for i, (who, _) in enumerate(zone) if who == owner)
        _, card = zone.pop(position)
        game.decks[owner].discard.append(card)
        game._note(
            "remove",
            f"{player} removes a {card_type} card of {owner} from {region}"
            + (f" (paying {penalty} for distance)." if penalty else "."),
            player=player,
            card_type=card_type,
            region=region,
            owner=owner,
            distance_penalty=penalty,
        )
        flow.acted(game)


class Pass(Rule):
    """Take no action this time round; the phase ends when everybody passed in a row."""

    verb = PASS

    def __init__(self, next_phase: str) -> None:
        self.next_phase = next_phase

    def execute(self, game: Game, player: str, action: Action) -> None:
        flow.pass_turn(game, player, self.next_phase)


# --- 5 · Conflict ------------------------------------------------------------------------


class Attack(Rule):
    """Start a conflict (as the status allows) and play its first card."""

    verb = ATTACK

    def candidates(self, game: Game, player: str, held: list[str]) -> list[Action]:
        offered = []
        for name, region in game.regions.items():
            for t in held:
                owners = region.owners(t)
                offered += [
                    Action(ATTACK, ideology=owner, card_type=t, region=name)
                    for owner in game.order
                    if owner != player and owner in owners
                ]
        return offered

    def check(self, game: Game, player: str, action: Action) -> IllegalAction | None:
        card_type, region, defender = action.card_type, action.region, action.ideology
        assert card_type is not None and region is not None and defender is not None
        if defender == player:
            return IllegalAction("self_target", "You cannot attack yourself.")
        if defender not in game.ideologies:
            return IllegalAction(
                "not_in_game", f"{defender} does not play in this game.", ideology=defender
            )
        status = game.statuses[status_key(player, defender)]
        wmd = card_type == MILITARY and WMD in game.advances[player]
        if card_type not in CONFLICTS_ALLOWED[status] and not wmd:
            return IllegalAction(
                "status_forbids",
                f"At {status} with {defender} you may not start a {card_type} conflict.",
                defender=defender,
                card_type=card_type,
                status=status,
            )
        if (problem := in_play(game, region)) is not None:
            return problem
        if game.regions[region].count(card_type, defender) == 0:
            return IllegalAction(
                "no_such_card",
                f"{defender} has no {card_type} card on {region} to attack.",
                region=region,
                card_type=card_type,
                owner=defender,
            )
        penalty = game._distance_penalty(player, region)
        defence = defence_cards(game, defender, card_type)
        return need(
            game,
            player,
            card_type,
            1 + penalty + defence,
            distance_penalty=penalty,
            defence_advance=defence,
        )

    def execute(self, game: Game, player: str, action: Action) -> None:
        card_type, region, defender = action.card_type, action.region, action.ideology
        assert card_type is not None and region is not None and defender is not None
        penalty = game._distance_penalty(player, region)
        defence = defence_cards(game, defender, card_type)
        game._spend(player, card_type, penalty + defence)
        game.passes_in_row = 0
        game.conflict = Conflict(player, defender, card_type, region)
        game.conflict.attacker_cards += game._take(player, card_type, 1)
        game._note(
            "attack",
            f"{player} starts a {card_type} conflict against {defender} on {region}"
            + (f", paying {penalty + defence} extra card(s)." if penalty + defence else "."),
            player=player,
            defender=defender,
            card_type=card_type,
            region=region,
            distance_penalty=penalty,
            defence_advance=defence,
        )
        conflict_continues(game)


class Deflect(Rule):
    """The defender plays 1 card of the type (2 against Technological Supremacy)."""

    verb = DEFLECT

    def check(self, game: Game, player: str, action: Action) -> IllegalAction | None:
        assert game.conflict is not None
        return need(game, player, game.conflict.card_type, game._deflect_cost())

    def execute(self, game: Game, player: str, action: Action) -> None:
        conflict = game.conflict
        assert conflict is not None
        cost = game._deflect_cost()
        conflict.defender_cards += game._take(player, conflict.card_type, cost)
        conflict.waiting_for = "attacker"
        game._note("deflect", f"{player} deflects with {cost} card(s).", player=player, cards=cost)
        conflict_continues(game)


class Play(Rule):
    """After a deflection the attacker plays another card: a new round."""

    verb = PLAY

    def check(self, game: Game, player: str, action: Action) -> IllegalAction | None:
        assert game.conflict is not None
        return need(game, player, game.conflict.card_type, 1)

    def execute(self, game: Game, player: str, action: Action) -> None:
        conflict = game.conflict
        assert conflict is not None
        conflict.attacker_cards += game._take(player, conflict.card_type, 1)
        conflict.waiting_for = "defender"
        conflict.rounds += 1
        game._note(
            "play",
            f"{player} plays another {conflict.card_type} card.",
            player=player,
            round=conflict.rounds,
        )
        conflict_continues(game)


class GiveUp(Rule):
    """One side of a conflict gives up: the defender does not deflect (``yield``: the
    attacker wins) or the attacker does not play again (``stop``: the defender wins)."""

    def __init__(self, verb: str, attacker_wins: bool, what: str) -> None:
        self.verb = verb
        self.attacker_wins = attacker_wins
        self.what = what

    def execute(self, game: Game, player: str, action: Action) -> None:
        game._note(self.verb, f"{player} {self.what}.", player=player)
        resolve_conflict(game, attacker_wins=self.attacker_wins)


def conflict_continues(game: Game) -> None:
    """End the conflict at once when the side to play cannot (the rules say so)."""
    conflict = game.conflict
    assert conflict is not None
    if conflict.waiting_for == "defender":
        if game._hand_count(conflict.defender, conflict.card_type) < game._deflect_cost():
            game.last_action_revealed = True
            game._note(
                "cannot_deflect", f"{conflict.defender} cannot deflect.", player=conflict.defender
            )
            resolve_conflict(game, attacker_wins=True)
    elif game._hand_count(conflict.attacker, conflict.card_type) == 0:
        game.last_action_revealed = True
        game._note(
            "cannot_attack",
            f"{conflict.attacker} cannot play another card.",
            player=conflict.attacker,
        )
        resolve_conflict(game, attacker_wins=False)


def resolve_conflict(game: Game, attacker_wins: bool) -> None:
    """The attacker's undeflected last card replaces one of the defender's; every other
    card played is discarded. The attacker's turn in this phase is used."""
    conflict = game.conflict
    assert conflict is not None
    region = game.regions[conflict.region]
    if attacker_wins:
        winning_card = conflict.attacker_cards.pop()
        zone = region.zones[conflict.card_type]
        position = max(i for i, (who, _) in enumerate(zone) if who == conflict.defender)
        _, replaced = zone[position]
        zone[position] = (conflict.attacker, winning_card)
        game.decks[conflict.defender].discard.append(replaced)
    game.decks[conflict.attacker].discard.extend(conflict.attacker_cards)
    game.decks[conflict.defender].discard.extend(conflict.defender_cards)
    winner = conflict.attacker if attacker_wins else conflict.defender
    game._note(
        "conflict_won",
        f"{winner} wins the {conflict.card_type} conflict on {conflict.region}"
        + (
            f": a {conflict.defender} card is replaced by a {conflict.attacker} card."
            if attacker_wins
            else "; nothing changes."
        ),
        winner=winner,
        attacker=conflict.attacker,
        defender=conflict.defender,
        card_type=conflict.card_type,
        region=conflict.region,
        attacker_wins=attacker_wins,
        rounds=conflict.rounds,
    )
    game.conflict = None
    flow.next_player(game)


# --- 6 · Diplomacy -----------------------------------------------------------------------


class ChooseStatus(Rule):
    """Choose, in secret, a status towards another player (one may change one's mind)."""

    verb = DIPLOMACY

    def candidates(self, game: Game, player: str, held: list[str]) -> list[Action]:
        return [
            Action(DIPLOMACY, ideology=other, status=status)
            for other in game.order
            if other != player
            for status in STATUSES
        ]

    def check(self, game: Game, player: str, action: Action) -> IllegalAction | None:
        assert action.ideology is not None
        if action.ideology == player:
            return IllegalAction("self_target", "Choose a status towards another player.")
        if action.ideology not in game.ideologies:
            return IllegalAction(
                "not_in_game",
                f"{action.ideology} does not play in this game.",
                ideology=action.ideology,
            )
        return None

    def execute(self, game: Game, player: str, action: Action) -> None:
        assert action.ideology is not None and action.status is not None
        game.choices[player][action.ideology] = action.status
        # Public: that a choice was made, never which one.
        game._note(
            "diplomacy_choice",
            f"{player} has chosen towards {action.ideology}.",
            player=player,
            other=action.ideology,
        )


class FinishDiplomacy(Rule):
    """``done`` once every other player has a choice; when all are done the choices are
    revealed together and the worse of each pair holds."""

    verb = DONE

    def check(self, game: Game, player: str, action: Action) -> IllegalAction | None:
        missing = [o for o in game.order if o != player and o not in game.choices[player]]
        if missing:
            return IllegalAction(
                "diplomacy_incomplete",
                f"Choose peace, neutral or war towards {', '.join(missing)} first.",
                missing=missing,
            )
        return None

    def execute(self, game: Game, player: str, action: Action) -> None:
        game.diplomacy_done.append(player)
        game._note("done", f"{player} has chosen every status.", player=player)
        if len(game.diplomacy_done) == len(game.order):
            reveal_diplomacy(game)
            flow.enter(game, "evaluation")


def reveal_diplomacy(game: Game) -> None:
    game.last_action_revealed = True
    for i, a in enumerate(game.order):
        for b in game.order[i + 1 :]:
            choice_a, choice_b = game.choices[a][b], game.choices[b][a]
            status = max(choice_a, choice_b, key=STATUSES.index)
            game.statuses[status_key(a, b)] = status
            game._note(
                "status",
                f"{a} chose {choice_a}, {b} chose {choice_b}: {status}.",
                players=[a, b],
                choices=[choice_a, choice_b],
                status=status,
            )


# --- which rules each decision point offers ------------------------------------------------

#: Decision point -> its rules by verb, in the order their actions are offered. The
#: conflict phase has three decision points: starting one, the defender's and the
#: attacker's answer after a deflection.
RULES: Final[dict[str, dict[str, Rule]]] = {
    moment: {rule.verb: rule for rule in rules}
    for moment, rules in {
        "exchange": (Discard(), FinishExchange()),
        "development": (Develop(), Buy(), FinishDevelopment()),
        "external": (PlaceIndependent(), Remove(), Pass("conflict")),
        "conflict": (Attack(), Pass("diplomacy")),
        "conflict_defender": (Deflect(), GiveUp(YIELD, True, "does not deflect")),
        "conflict_attacker": (Play(), GiveUp(STOP, False, "stops attacking")),
        "diplomacy": (ChooseStatus(), FinishDiplomacy()),
    }.items()
}


def moment(game: Game) -> str:
    """The decision awaited now: the phase, or which side of a conflict must answer."""
    if game.conflict is not None:
        return f"conflict_{game.conflict.waiting_for}"
    return game.phase


def legal(game: Game, player: str) -> list[Action]:
    """Every legal action of ``player`` (who is to act). Actions on the table come region
    by region in order of arrival, the rest after, each in its rule's order."""
    rules = RULES[moment(game)]
    held = game._held_types(player)
    offered = [action for rule in rules.values() for action in rule.candidates(game, player, held)]
    position = {name: index for index, name in enumerate(game.regions)}
    after = len(position)
    offered.sort(key=lambda a: after if a.region is None else position.get(a.region, after))
    return [a for a in offered if rules[a.verb].check(game, player, a) is None]


def problem(game: Game, player: str, action: Action) -> IllegalAction | None:
    """Why ``player`` (who is to act) may not take ``action`` now, or None."""
    rules = RULES[moment(game)]
    rule = rules.get(action.verb)
    if rule is None:
        allowed = list(rules)
        return IllegalAction(
            "wrong_phase",
            f"You cannot {action.verb} now ({game.phase} phase); you may: {', '.join(allowed)}.",
            verb=action.verb,
            phase=game.phase,
            allowed=allowed,
        )
    return rule.check(game, player, action)


def execute(game: Game, player: str, action: Action) -> None:
    """Carry out an action ``problem`` found legal."""
    RULES[moment(game)][action.verb].execute(game, player, action)
