"""The Ideology rules engine: one ``Game`` object holds the whole state, its seeded random
generator and its action log; every change goes through ``apply``.

>>> game = new_game(["Capitalism", "Communism"], seed=7)
>>> game.phase, game.turn, game.influence("Capitalism")
('exchange', 1, 3)
>>> game.to_act == game.order[:1]
True
>>> game.apply(game.to_act[0], "done")
>>> game.phase
'exchange'
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import actions as act
from .actions import Action
from .data import (
    ADVANCES,
    CARD_TYPES,
    CARDS_PER_TYPE,
    CONFLICTS_ALLOWED,
    DEFAULT_TURN_LIMIT,
    DEFENCE_ADVANCE_EXTRA_CARDS,
    DEFENCE_ADVANCE_FOR,
    DISTANCE_PENALTY_CARDS,
    HOME_START_CARDS_PER_TYPE,
    IDEOLOGIES,
    INITIAL_STATUS,
    INNOVATION,
    LEVEL_COUNTS_ONLY_CONTROLLER_CARDS,
    LOGISTICS,
    LOST_REGION_RESETS_TO_PRINTED_LEVEL,
    MAX_PLAYERS,
    MILITARY,
    MIN_PLAYERS,
    OWN_REGION_IS_REACHABLE,
    RANDOM_FIRST_TURN_ORDER,
    REGIONS,
    REMOVE_COSTS_SAME_TYPE_CARD,
    REMOVE_OWN_CARDS_ALLOWED,
    STATUSES,
    SUPREMACY,
    SUPREMACY_DEFLECT_CARDS,
    UNUSED_HOME_REGIONS_IN_REGION_DECK,
    WINNING_INFLUENCE_ABOVE,
    WMD,
    maximum_of,
)
from .errors import IllegalAction, SetupError

# Phases in which players act one at a time in turn order.
_SEQUENTIAL_PHASES = ("exchange", "development", "external", "conflict")
# Verbs each decision point accepts (the conflict phase has three such points).
_VERBS = {
    "exchange": (act.DISCARD, act.DONE),
    "development": (act.PLACE, act.BUY, act.DONE),
    "external": (act.PLACE, act.REMOVE, act.PASS),
    "conflict": (act.ATTACK, act.PASS),
    "conflict_attacker": (act.PLAY, act.STOP),
    "conflict_defender": (act.DEFLECT, act.YIELD),
    "diplomacy": (act.DIPLOMACY, act.DONE),
}


#: How the closing log line ends for each reason the game can end.
_END_TEXT = {
    "influence": ".",
    "exhaustion": " (no cards left to play).",
    "turn_limit": " (turn limit reached).",
}


def card_type_of(card: int) -> str:
    """Cards are numbered 0..44 inside each deck: 15 military, then economic, then cultural."""
    return CARD_TYPES[card // CARDS_PER_TYPE]


@dataclass
class Deck:
    """One ideology's influence cards that are not on the map: draw pile (top = end),
    discard pile and hand."""

    draw: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)


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


def _status_key(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


def _normalise_options(options: Mapping[str, Any] | None, turn_limit: int | None) -> dict[str, Any]:
    # Defaults are read at call time, so a changed constant changes new games.
    merged: dict[str, Any] = {
        "turn_limit": DEFAULT_TURN_LIMIT,
        "level_counts_only_controller_cards": LEVEL_COUNTS_ONLY_CONTROLLER_CARDS,
    }
    if options is not None:
        if not isinstance(options, Mapping):
            raise SetupError("bad_option", "Options must be a mapping.", option="options")
        for key, value in options.items():
            if key not in merged:
                raise SetupError("bad_option", f"Unknown option {key!r}.", option=str(key))
            merged[key] = value
    if turn_limit is not None:
        merged["turn_limit"] = turn_limit
    limit = merged["turn_limit"]
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 1):
        raise SetupError(
            "bad_option",
            "The turn limit must be a whole number of turns, 1 or more.",
            option="turn_limit",
        )
    if not isinstance(merged["level_counts_only_controller_cards"], bool):
        raise SetupError(
            "bad_option",
            "level_counts_only_controller_cards must be true or false.",
            option="level_counts_only_controller_cards",
        )
    return merged


def _resolve_ideologies(names: Sequence[str]) -> list[str]:
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise SetupError("bad_ideologies", "Give the ideologies as a list of names.")
    resolved: list[str] = []
    for name in names:
        canonical = act.ideology_named(name) if isinstance(name, str) else None
        if canonical is None:
            raise SetupError(
                "unknown_ideology", f"There is no ideology called {name!r}.", name=str(name)
            )
        if canonical in resolved:
            raise SetupError(
                "duplicate_ideology", f"{canonical} is taken twice.", ideology=canonical
            )
        resolved.append(canonical)
    if not MIN_PLAYERS <= len(resolved) <= MAX_PLAYERS:
        raise SetupError(
            "player_count",
            f"Ideology is played by {MIN_PLAYERS} to {MAX_PLAYERS} ideologies, "
            f"not {len(resolved)}.",
            count=len(resolved),
            minimum=MIN_PLAYERS,
            maximum=MAX_PLAYERS,
        )
    return resolved


def new_game(
    ideologies: Sequence[str],
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
    *,
    turn_limit: int | None = None,
) -> Game:
    """Start a game for 2 to 5 ideologies (English or Spanish names, or letters).

    ``seed`` fixes every shuffle (a random one is chosen and kept when None); ``options``
    may hold ``turn_limit`` (also accepted as a keyword; None = no limit) and
    ``level_counts_only_controller_cards`` (default LEVEL_COUNTS_ONLY_CONTROLLER_CARDS).
    Raises SetupError.
    """
    resolved = _resolve_ideologies(ideologies)
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SetupError("bad_seed", "The seed must be a whole number.", seed=repr(seed))
    return Game(resolved, seed, _normalise_options(options, turn_limit))


class Game:
    """A game of Ideology. Create it with ``new_game`` or ``from_json``."""

    def __init__(self, ideologies: list[str], seed: int, options: dict[str, Any]) -> None:
        self.ideologies: tuple[str, ...] = tuple(ideologies)
        self.seed = seed
        self.options = dict(options)
        self._rng = random.Random(seed)
        self.decks: dict[str, Deck] = {}
        self.regions: dict[str, RegionState] = {}  # regions in play, in order of arrival
        self.region_deck: list[str] = []  # top = end
        self.order: list[str] = []
        self.turn = 1
        self.phase = "resources"
        self.current = 0  # index in `order` of the player acting in a sequential phase
        self.passes_in_row = 0
        self.exchanged = 0  # cards the current player has discarded in the exchange phase
        self.advances: dict[str, list[str]] = {p: [] for p in ideologies}
        self.statuses: dict[tuple[str, str], str] = {}
        self.choices: dict[str, dict[str, str]] = {p: {} for p in ideologies}
        self.diplomacy_done: list[str] = []
        self.conflict: Conflict | None = None
        self.result: str | None = None
        #: Why the game ended ("influence", "exhaustion", "turn_limit"), None while it goes on.
        self.end_reason: str | None = None
        self.actions: list[tuple[str, str]] = []
        self.log: list[dict[str, Any]] = []
        # Whether the last apply() drew cards or revealed anything (then undo would cheat).
        self.last_action_revealed = False
        self._setup()

    # --- setup ---------------------------------------------------------------------------

    def _setup(self) -> None:
        for player in self.ideologies:
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
            self._rng.shuffle(deck.draw)
            self.decks[player] = deck
            self.regions[home.name] = home
        used_homes = {IDEOLOGIES[p].home for p in self.ideologies}
        self.region_deck = [
            name
            for name, region in REGIONS.items()
            if name not in used_homes
            and (region.home_of is None or UNUSED_HOME_REGIONS_IN_REGION_DECK)
        ]
        self._rng.shuffle(self.region_deck)
        self.order = list(self.ideologies)
        if RANDOM_FIRST_TURN_ORDER:
            self._rng.shuffle(self.order)
        for i, a in enumerate(self.ideologies):
            for b in self.ideologies[i + 1 :]:
                self.statuses[_status_key(a, b)] = INITIAL_STATUS
        self._note("game_start", f"Turn order: {', '.join(self.order)}.", order=list(self.order))
        self._enter("resources")

    # --- public queries -------------------------------------------------------------------

    @property
    def is_terminal(self) -> bool:
        return self.result is not None

    @property
    def to_act(self) -> list[str]:
        """The ideologies that may act now (several only in diplomacy)."""
        if self.result is not None:
            return []
        if self.phase == "diplomacy":
            return [p for p in self.order if p not in self.diplomacy_done]
        if self.conflict is not None:
            c = self.conflict
            return [c.attacker if c.waiting_for == "attacker" else c.defender]
        if self.phase in _SEQUENTIAL_PHASES:
            return [self.order[self.current]]
        return []

    def player(self, name: str) -> str:
        """The canonical name of a player of this game; raises IllegalAction otherwise."""
        canonical = act.ideology_named(name) if isinstance(name, str) else None
        if canonical is None or canonical not in self.ideologies:
            raise IllegalAction(
                "unknown_player", f"{name!r:.80} does not play in this game.", player=str(name)[:80]
            )
        return canonical

    def region(self, name: str) -> str:
        """The canonical name of a region in play; raises IllegalAction ``unknown_region`` or
        ``region_not_in_play`` otherwise."""
        canonical = act.region_named(name) if isinstance(name, str) else None
        if canonical is None:
            raise act.unknown("region", str(name)[:80])
        if canonical not in self.regions:
            raise IllegalAction(
                "region_not_in_play", f"{canonical} is not in play.", region=canonical
            )
        return canonical

    def influence(self, player: str) -> int:
        """Global influence: levels of the regions controlled plus advance bonuses."""
        return self._influence(self.player(player))

    def controlled(self, player: str) -> list[str]:
        """The regions the player controls, in order of arrival."""
        return self._controlled(self.player(player))

    def status(self, a: str, b: str) -> str:
        """The diplomatic status between two different players."""
        a, b = self.player(a), self.player(b)
        if a == b:
            raise IllegalAction(
                "self_target", f"{a} has no diplomatic status towards itself.", player=a
            )
        return self.statuses[_status_key(a, b)]

    def hand_count(self, player: str, card_type: str) -> int:
        """How many cards of a type the player holds (the view tells only the viewer)."""
        return self._hand_count(self.player(player), act.card_type_named(card_type))

    def reachable(self, player: str, region: str) -> bool:
        """Controlled by the player, or adjacent to a region the player controls."""
        return self._reachable(self.player(player), self.region(region))

    def distance_penalty(self, player: str, region: str) -> int:
        """Extra cards of the same type that acting on the region costs the player."""
        return self._distance_penalty(self.player(player), self.region(region))

    def exchange_limit(self, player: str) -> int:
        """Cards the player may exchange in a turn: regions controlled (+1 with Innovation)."""
        return self._exchange_limit(self.player(player))

    def deflect_cost(self) -> int:
        """Cards the defender of the conflict under way plays to deflect one attack card."""
        if self.conflict is None:
            raise IllegalAction("no_conflict", "No conflict is under way.")
        return self._deflect_cost()

    # The unchecked forms the rules use (canonical names, a conflict under way).

    def _influence(self, player: str) -> int:
        levels = sum(r.level for r in self.regions.values() if r.controller == player)
        return levels + sum(ADVANCES[a].influence_bonus for a in self.advances[player])

    def _controlled(self, player: str) -> list[str]:
        return [name for name, r in self.regions.items() if r.controller == player]

    def _hand_count(self, player: str, card_type: str) -> int:
        index = CARD_TYPES.index(card_type)
        return sum(1 for card in self.decks[player].hand if card // CARDS_PER_TYPE == index)

    def _reachable(self, player: str, region: str) -> bool:
        if OWN_REGION_IS_REACHABLE and self.regions[region].controller == player:
            return True
        return any(
            self.regions[n].controller == player
            for n in REGIONS[region].adjacent
            if n in self.regions
        )

    def _distance_penalty(self, player: str, region: str) -> int:
        if LOGISTICS in self.advances[player] or self._reachable(player, region):
            return 0
        return DISTANCE_PENALTY_CARDS

    def _exchange_limit(self, player: str) -> int:
        bonus = 1 if INNOVATION in self.advances[player] else 0
        return len(self._controlled(player)) + bonus

    def _deflect_cost(self) -> int:
        assert self.conflict is not None
        if SUPREMACY in self.advances[self.conflict.attacker]:
            return SUPREMACY_DEFLECT_CARDS
        return 1

    def legal_actions(self, player: str) -> list[str]:
        """Every action the player may take now, as canonical text (empty if not to act)."""
        player = self.player(player)
        if player not in self.to_act:
            return []
        legal = [str(a) for a in self._candidates(player) if self._problem(player, a) is None]
        return legal

    def view(self, player: str | None = None, *, log_from: int = 0) -> dict[str, Any]:
        """What ``player`` may see (None: only what everybody sees), as JSON-plain data.

        The log of a long game is large: ``log_from`` leaves out the entries before that
        index (the view's ``log_size`` tells where the next call may start).
        """
        from .views import build_view

        if isinstance(log_from, bool) or not isinstance(log_from, int):
            raise IllegalAction(
                "bad_argument",
                "log_from must be a whole number (an index in the log).",
                argument="log_from",
                value=repr(log_from)[:80],
            )
        return build_view(self, None if player is None else self.player(player), log_from)

    def to_json(self) -> str:
        from .saves import to_json

        return to_json(self)

    def copy(self) -> Game:
        return copy.deepcopy(self)

    @property
    def can_undo(self) -> bool:
        """True when there is an action to undo and it revealed nothing hidden."""
        return bool(self.actions) and not self.last_action_revealed

    def undo(self) -> Game:
        """A new game equal to this one before its last action (replayed from the log)."""
        if not self.actions:
            raise IllegalAction("nothing_to_undo", "There is no action to undo.")
        game = Game(list(self.ideologies), self.seed, self.options)
        for player, text in self.actions[:-1]:
            game.apply(player, text)
        return game

    def _snapshot(self) -> tuple[Any, ...]:
        return (
            self.ideologies,
            self.seed,
            self.options,
            self._rng.getstate(),
            self.decks,
            list(self.regions.items()),
            self.region_deck,
            self.order,
            self.turn,
            self.phase,
            self.current,
            self.passes_in_row,
            self.exchanged,
            self.advances,
            self.statuses,
            self.choices,
            self.diplomacy_done,
            self.conflict,
            self.result,
            self.end_reason,
            self.actions,
            self.log,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self._snapshot() == other._snapshot()

    __hash__ = None  # type: ignore[assignment]  # a mutable game is not hashable

    def __repr__(self) -> str:
        return (
            f"<Ideology game {', '.join(self.ideologies)} seed={self.seed} turn={self.turn} "
            f"phase={self.phase} to_act={self.to_act}>"
        )

    # --- applying actions ---------------------------------------------------------------

    def apply(self, player: str, action: str) -> None:
        """Apply one action; raises IllegalAction (state unchanged) if it is not legal now."""
        if self.result is not None:
            raise IllegalAction("game_over", f"The game is over: {self.result} won.")
        player = self.player(player)
        if player not in self.to_act:
            waiting = self.to_act
            raise IllegalAction(
                "not_your_turn",
                f"It is not {player}'s turn; waiting for {', '.join(waiting)}.",
                player=player,
                to_act=waiting,
            )
        parsed = act.parse(action)
        problem = self._problem(player, parsed)
        if problem is not None:
            raise problem
        self.last_action_revealed = False
        self.actions.append((player, str(parsed)))
        self._execute(player, parsed)

    def _moment(self) -> str:
        """The key of `_VERBS` for the decision waiting now."""
        if self.conflict is not None:
            return f"conflict_{self.conflict.waiting_for}"
        return self.phase

    def _candidates(self, player: str) -> list[Action]:
        """Actions worth checking for legality now (a superset of the legal ones)."""
        moment = self._moment()
        held = [t for t in CARD_TYPES if self._hand_count(player, t)]
        out: list[Action] = []
        if moment == "exchange":
            out += [Action(act.DISCARD, card_type=t) for t in held]
        elif moment == "development":
            for name in self._controlled(player):
                out += [Action(act.PLACE, card_type=t, region=name) for t in held]
            out += [Action(act.BUY, advance=a) for a in ADVANCES]
        elif moment == "external":
            for name, region in self.regions.items():
                if region.controller is None:
                    out += [Action(act.PLACE, card_type=t, region=name) for t in held]
                if region.controller == player:
                    continue
                for t in held:
                    owners = dict.fromkeys(who for who, _ in region.zones[t])
                    out += [
                        Action(act.REMOVE, card_type=t, region=name, ideology=o)
                        for o in self.order
                        if o in owners
                    ]
        elif moment == "conflict":
            for name, region in self.regions.items():
                for t in held:
                    owners = dict.fromkeys(who for who, _ in region.zones[t])
                    out += [
                        Action(act.ATTACK, ideology=o, card_type=t, region=name)
                        for o in self.order
                        if o in owners and o != player
                    ]
        elif moment == "diplomacy":
            for other in self.order:
                if other != player:
                    out += [Action(act.DIPLOMACY, ideology=other, status=s) for s in STATUSES]
        out += [Action(verb) for verb in _VERBS[moment] if verb in act.BARE_VERBS]
        return out

    def _need(self, player: str, card_type: str, needed: int, **extra: int) -> IllegalAction | None:
        """None if the hand holds `needed` cards of the type; `extra` says what is included
        (distance_penalty, defence_advance) for the message and the params."""
        held = self._hand_count(player, card_type)
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
            f"That needs {needed} {card_type} card{'s' if needed != 1 else ''}{why}; "
            f"you hold {held}.",
            card_type=card_type,
            needed=needed,
            held=held,
            **extra,
        )

    def _in_play(self, region: str | None) -> IllegalAction | None:
        if region not in self.regions:
            return IllegalAction("region_not_in_play", f"{region} is not in play.", region=region)
        return None

    def _problem(self, player: str, a: Action) -> IllegalAction | None:
        """Why `player` may not take action `a` now, or None if it is legal."""
        moment = self._moment()
        if a.verb not in _VERBS[moment]:
            allowed = list(_VERBS[moment])
            return IllegalAction(
                "wrong_phase",
                f"You cannot {a.verb} now ({self.phase} phase); you may: {', '.join(allowed)}.",
                verb=a.verb,
                phase=self.phase,
                allowed=allowed,
            )
        verb = a.verb
        if verb == act.DISCARD:
            assert a.card_type is not None
            limit = self._exchange_limit(player)
            if self.exchanged >= limit:
                return IllegalAction(
                    "exchange_limit",
                    f"You may exchange only {limit} card(s) this turn.",
                    limit=limit,
                )
            return self._need(player, a.card_type, 1)
        if verb == act.PLACE:
            assert a.card_type is not None and a.region is not None
            if (problem := self._in_play(a.region)) is not None:
                return problem
            region = self.regions[a.region]
            if self.phase == "development":
                if region.controller != player:
                    return IllegalAction(
                        "not_controlled",
                        f"In development you place only on regions you control; "
                        f"you do not control {a.region}.",
                        region=a.region,
                    )
                maximum = maximum_of(a.region)
                if region.count(a.card_type) >= maximum:
                    return IllegalAction(
                        "zone_full",
                        f"The {a.card_type} zone of {a.region} already holds its maximum "
                        f"of {maximum} cards.",
                        region=a.region,
                        card_type=a.card_type,
                        maximum=maximum,
                    )
                return self._need(player, a.card_type, 1)
            if region.controller is not None:
                return IllegalAction(
                    "not_independent",
                    f"{a.region} is controlled by {region.controller}; you may place only on "
                    "independent regions now.",
                    region=a.region,
                    controller=region.controller,
                )
            if region.count(a.card_type) >= region.level:
                return IllegalAction(
                    "type_cap_reached",
                    f"{a.region} already holds {region.level} {a.card_type} card(s), as many as "
                    "its development level allows.",
                    region=a.region,
                    card_type=a.card_type,
                    cap=region.level,
                )
            penalty = self._distance_penalty(player, a.region)
            return self._need(player, a.card_type, 1 + penalty, distance_penalty=penalty)
        if verb == act.REMOVE:
            assert a.card_type is not None and a.region is not None and a.ideology is not None
            if (problem := self._in_play(a.region)) is not None:
                return problem
            region = self.regions[a.region]
            if region.controller == player:
                return IllegalAction(
                    "own_region",
                    f"You control {a.region}; remove cards only from independent regions or "
                    "regions of other players.",
                    region=a.region,
                )
            if a.ideology == player and not REMOVE_OWN_CARDS_ALLOWED:
                return IllegalAction("own_card", "You may not remove your own cards.")
            if region.count(a.card_type, a.ideology) == 0:
                return IllegalAction(
                    "no_such_card",
                    f"{a.ideology} has no {a.card_type} card on {a.region}.",
                    region=a.region,
                    card_type=a.card_type,
                    owner=a.ideology,
                )
            penalty = self._distance_penalty(player, a.region)
            cost = (1 if REMOVE_COSTS_SAME_TYPE_CARD else 0) + penalty
            return self._need(player, a.card_type, cost, distance_penalty=penalty)
        if verb == act.BUY:
            assert a.advance is not None
            advance = ADVANCES[a.advance]
            owned = self.advances[player]
            if a.advance in owned:
                return IllegalAction(
                    "already_owned", f"You already own {a.advance}.", advance=a.advance
                )
            if sum(1 for n in advance.needs_any if n in owned) < advance.needs_count:
                return IllegalAction(
                    "missing_prerequisite",
                    f"{a.advance} needs {advance.needs_count} of: {', '.join(advance.needs_any)}.",
                    advance=a.advance,
                    needs_any=list(advance.needs_any),
                    needs_count=advance.needs_count,
                )
            for card_type, count in advance.cost:
                if (problem := self._need(player, card_type, count)) is not None:
                    return problem
            return None
        if verb == act.ATTACK:
            assert a.card_type is not None and a.region is not None and a.ideology is not None
            defender = a.ideology
            if defender == player:
                return IllegalAction("self_target", "You cannot attack yourself.")
            if defender not in self.ideologies:
                return IllegalAction(
                    "not_in_game", f"{defender} does not play in this game.", ideology=defender
                )
            status = self.statuses[_status_key(player, defender)]
            wmd = a.card_type == MILITARY and WMD in self.advances[player]
            if a.card_type not in CONFLICTS_ALLOWED[status] and not wmd:
                return IllegalAction(
                    "status_forbids",
                    f"At {status} with {defender} you may not start a {a.card_type} conflict.",
                    defender=defender,
                    card_type=a.card_type,
                    status=status,
                )
            if (problem := self._in_play(a.region)) is not None:
                return problem
            if self.regions[a.region].count(a.card_type, defender) == 0:
                return IllegalAction(
                    "no_such_card",
                    f"{defender} has no {a.card_type} card on {a.region} to attack.",
                    region=a.region,
                    card_type=a.card_type,
                    owner=defender,
                )
            penalty = self._distance_penalty(player, a.region)
            defence = (
                DEFENCE_ADVANCE_EXTRA_CARDS
                if DEFENCE_ADVANCE_FOR[a.card_type] in self.advances[defender]
                else 0
            )
            return self._need(
                player,
                a.card_type,
                1 + penalty + defence,
                distance_penalty=penalty,
                defence_advance=defence,
            )
        if verb == act.PLAY:
            assert self.conflict is not None
            return self._need(player, self.conflict.card_type, 1)
        if verb == act.DEFLECT:
            assert self.conflict is not None
            return self._need(player, self.conflict.card_type, self._deflect_cost())
        if verb == act.DIPLOMACY:
            assert a.ideology is not None
            if a.ideology == player:
                return IllegalAction("self_target", "Choose a status towards another player.")
            if a.ideology not in self.ideologies:
                return IllegalAction(
                    "not_in_game",
                    f"{a.ideology} does not play in this game.",
                    ideology=a.ideology,
                )
            return None
        if verb == act.DONE and self.phase == "diplomacy":
            missing = [o for o in self.order if o != player and o not in self.choices[player]]
            if missing:
                return IllegalAction(
                    "diplomacy_incomplete",
                    f"Choose peace, neutral or war towards {', '.join(missing)} first.",
                    missing=missing,
                )
        return None  # pass, done, stop, yield are always allowed when offered

    # --- card movements -----------------------------------------------------------------------

    def _take(self, player: str, card_type: str, count: int) -> list[int]:
        """Take `count` cards of a type out of the player's hand (legality checked before)."""
        hand = self.decks[player].hand
        index = CARD_TYPES.index(card_type)
        taken: list[int] = []
        for position in range(len(hand) - 1, -1, -1):
            if len(taken) == count:
                break
            if hand[position] // CARDS_PER_TYPE == index:
                taken.append(hand.pop(position))
        assert len(taken) == count, "legality was checked before"
        return taken

    def _spend(self, player: str, card_type: str, count: int) -> None:
        self.decks[player].discard.extend(self._take(player, card_type, count))

    def _draw(self, player: str, count: int) -> int:
        """Draw up to `count` cards, reshuffling the discards in as soon as the pile runs out."""
        deck = self.decks[player]
        drawn = 0
        while drawn < count:
            if not deck.draw:
                if not deck.discard:
                    break
                deck.draw, deck.discard = deck.discard, []
                self._rng.shuffle(deck.draw)
                self._note(
                    "reshuffle",
                    f"{player} shuffles the discard pile into a new draw pile.",
                    player=player,
                    size=len(deck.draw),
                )
            deck.hand.append(deck.draw.pop())
            drawn += 1
        if drawn:
            self.last_action_revealed = True
        return drawn

    # --- executing actions --------------------------------------------------------------------

    def _note(self, event: str, text: str, **params: Any) -> None:
        entry: dict[str, Any] = {"turn": self.turn, "phase": self.phase, "event": event}
        entry.update(params)
        entry["text"] = text
        self.log.append(entry)

    def _next_player(self) -> None:
        self.current = (self.current + 1) % len(self.order)

    def _execute(self, player: str, a: Action) -> None:
        verb = a.verb
        if self.phase == "exchange":
            if verb == act.DISCARD:
                assert a.card_type is not None
                self._spend(player, a.card_type, 1)
                self.exchanged += 1
                self._note(
                    "exchange_discard",
                    f"{player} discards a card to exchange it.",
                    player=player,
                    count=self.exchanged,
                )
            else:
                drawn = self._draw(player, self.exchanged)
                self._note(
                    "exchange",
                    f"{player} exchanged {self.exchanged} card(s).",
                    player=player,
                    discarded=self.exchanged,
                    drawn=drawn,
                )
                self.exchanged = 0
                self._end_sequential_turn("development")
        elif self.phase == "development":
            if verb == act.PLACE:
                assert a.card_type is not None and a.region is not None
                self._place(player, a.card_type, a.region, penalty=0)
            elif verb == act.BUY:
                assert a.advance is not None
                for card_type, count in ADVANCES[a.advance].cost:
                    self._spend(player, card_type, count)
                self.advances[player].append(a.advance)
                self._note("buy", f"{player} buys {a.advance}.", player=player, advance=a.advance)
            else:
                self._note("done", f"{player} has finished developing.", player=player)
                self._end_sequential_turn("external")
        elif self.phase == "external":
            if verb == act.PASS:
                self._pass(player, "conflict")
                return
            assert a.card_type is not None and a.region is not None
            penalty = self._distance_penalty(player, a.region)
            if verb == act.PLACE:
                self._place(player, a.card_type, a.region, penalty)
            else:
                assert a.ideology is not None
                self._remove(player, a.card_type, a.region, a.ideology, penalty)
            self.passes_in_row = 0
            self._next_player()
        elif self.phase == "conflict":
            self._execute_conflict(player, a)
        elif self.phase == "diplomacy":
            if verb == act.DIPLOMACY:
                assert a.ideology is not None and a.status is not None
                self.choices[player][a.ideology] = a.status
                # Public: that a choice was made, never which one.
                self._note(
                    "diplomacy_choice",
                    f"{player} has chosen towards {a.ideology}.",
                    player=player,
                    other=a.ideology,
                )
            else:
                self.diplomacy_done.append(player)
                self._note("done", f"{player} has chosen every status.", player=player)
                if len(self.diplomacy_done) == len(self.order):
                    self._reveal_diplomacy()
                    self._enter("evaluation")

    def _end_sequential_turn(self, next_phase: str) -> None:
        """The current player is finished with this phase (exchange, development)."""
        if self.current + 1 < len(self.order):
            self.current += 1
        else:
            self._enter(next_phase)

    def _pass(self, player: str, next_phase: str) -> None:
        self.passes_in_row += 1
        self._note("pass", f"{player} passes.", player=player)
        if self.passes_in_row >= len(self.order):
            self._enter(next_phase)
        else:
            self._next_player()

    def _place(self, player: str, card_type: str, region: str, penalty: int) -> None:
        self._spend(player, card_type, penalty)
        (card,) = self._take(player, card_type, 1)
        self.regions[region].zones[card_type].append((player, card))
        self._note(
            "place",
            f"{player} places a {card_type} card on {region}"
            + (f" (paying {penalty} for distance)." if penalty else "."),
            player=player,
            card_type=card_type,
            region=region,
            distance_penalty=penalty,
        )

    def _remove(self, player: str, card_type: str, region: str, owner: str, penalty: int) -> None:
        self._spend(player, card_type, (1 if REMOVE_COSTS_SAME_TYPE_CARD else 0) + penalty)
        zone = self.regions[region].zones[card_type]
        # The owner's most recently placed card of that type goes (all are alike).
        position = max(i for i, (who, _) in enumerate(zone) if who == owner)
        _, card = zone.pop(position)
        self.decks[owner].discard.append(card)
        self._note(
            "remove",
            f"{player} removes a {card_type} card of {owner} from {region}"
            + (f" (paying {penalty} for distance)." if penalty else "."),
            player=player,
            card_type=card_type,
            region=region,
            owner=owner,
            distance_penalty=penalty,
        )

    def _execute_conflict(self, player: str, a: Action) -> None:
        verb = a.verb
        if verb == act.PASS:
            self._pass(player, "diplomacy")
            return
        if verb == act.ATTACK:
            assert a.card_type is not None and a.region is not None and a.ideology is not None
            penalty = self._distance_penalty(player, a.region)
            defence = (
                DEFENCE_ADVANCE_EXTRA_CARDS
                if DEFENCE_ADVANCE_FOR[a.card_type] in self.advances[a.ideology]
                else 0
            )
            self._spend(player, a.card_type, penalty + defence)
            self.passes_in_row = 0
            self.conflict = Conflict(player, a.ideology, a.card_type, a.region)
            self.conflict.attacker_cards += self._take(player, a.card_type, 1)
            self._note(
                "attack",
                f"{player} starts a {a.card_type} conflict against {a.ideology} on {a.region}"
                + (f", paying {penalty + defence} extra card(s)." if penalty + defence else "."),
                player=player,
                defender=a.ideology,
                card_type=a.card_type,
                region=a.region,
                distance_penalty=penalty,
                defence_advance=defence,
            )
            self._conflict_continues()
            return
        conflict = self.conflict
        assert conflict is not None
        if verb == act.DEFLECT:
            cost = self._deflect_cost()
            conflict.defender_cards += self._take(player, conflict.card_type, cost)
            conflict.waiting_for = "attacker"
            self._note(
                "deflect", f"{player} deflects with {cost} card(s).", player=player, cards=cost
            )
            self._conflict_continues()
        elif verb == act.PLAY:
            conflict.attacker_cards += self._take(player, conflict.card_type, 1)
            conflict.waiting_for = "defender"
            conflict.rounds += 1
            self._note(
                "play",
                f"{player} plays another {conflict.card_type} card.",
                player=player,
                round=conflict.rounds,
            )
            self._conflict_continues()
        elif verb == act.YIELD:
            self._note("yield", f"{player} does not deflect.", player=player)
            self._resolve_conflict(attacker_wins=True)
        else:  # stop
            self._note("stop", f"{player} stops attacking.", player=player)
            self._resolve_conflict(attacker_wins=False)

    def _conflict_continues(self) -> None:
        """End the conflict at once when the side to play cannot (the rules say so)."""
        conflict = self.conflict
        assert conflict is not None
        if conflict.waiting_for == "defender":
            if self._hand_count(conflict.defender, conflict.card_type) < self._deflect_cost():
                self.last_action_revealed = True
                self._note(
                    "cannot_deflect",
                    f"{conflict.defender} cannot deflect.",
                    player=conflict.defender,
                )
                self._resolve_conflict(attacker_wins=True)
        elif self._hand_count(conflict.attacker, conflict.card_type) == 0:
            self.last_action_revealed = True
            self._note(
                "cannot_attack",
                f"{conflict.attacker} cannot play another card.",
                player=conflict.attacker,
            )
            self._resolve_conflict(attacker_wins=False)

    def _resolve_conflict(self, attacker_wins: bool) -> None:
        conflict = self.conflict
        assert conflict is not None
        region = self.regions[conflict.region]
        if attacker_wins:
            winning_card = conflict.attacker_cards.pop()
            zone = region.zones[conflict.card_type]
            position = max(i for i, (who, _) in enumerate(zone) if who == conflict.defender)
            _, replaced = zone[position]
            zone[position] = (conflict.attacker, winning_card)
            self.decks[conflict.defender].discard.append(replaced)
        self.decks[conflict.attacker].discard.extend(conflict.attacker_cards)
        self.decks[conflict.defender].discard.extend(conflict.defender_cards)
        winner = conflict.attacker if attacker_wins else conflict.defender
        self._note(
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
        self.conflict = None
        self._next_player()  # the attacker has used their turn

    def _reveal_diplomacy(self) -> None:
        self.last_action_revealed = True
        for i, a in enumerate(self.order):
            for b in self.order[i + 1 :]:
                choice_a, choice_b = self.choices[a][b], self.choices[b][a]
                status = max(choice_a, choice_b, key=STATUSES.index)
                self.statuses[_status_key(a, b)] = status
                self._note(
                    "status",
                    f"{a} chose {choice_a}, {b} chose {choice_b}: {status}.",
                    players=[a, b],
                    choices=[choice_a, choice_b],
                    status=status,
                )

    # --- automatic phases ----------------------------------------------------------------------

    def _enter(self, phase: str) -> None:
        """Start a phase, doing the work of phases that need no decision."""
        self.phase = phase
        self.current = 0
        self.passes_in_row = 0
        if phase == "resources":
            self._resources()
            self._enter("exchange")
        elif phase == "external":
            if self.region_deck:
                name = self.region_deck.pop()
                self.regions[name] = RegionState(name, REGIONS[name].level)
                self.last_action_revealed = True
                self._note(
                    "new_region", f"{name} enters play as an independent region.", region=name
                )
        elif phase == "diplomacy":
            self.choices = {p: {} for p in self.ideologies}
            self.diplomacy_done = []
        elif phase == "evaluation":
            self._evaluate()
            self._enter("turn_order")
        elif phase == "turn_order":
            self._new_turn_order()

    def _resources(self) -> None:
        for player in self.order:
            target = self._influence(player) + (1 if INNOVATION in self.advances[player] else 0)
            missing = target - len(self.decks[player].hand)
            drawn = self._draw(player, missing) if missing > 0 else 0
            self._note(
                "draw",
                f"{player} draws {drawn} card(s).",
                player=player,
                count=drawn,
                hand_size=len(self.decks[player].hand),
            )

    def _evaluate(self) -> None:
        for name, region in self.regions.items():
            if region.controller is None:
                continue
            only_controller = self.options["level_counts_only_controller_cards"]
            owner = region.controller if only_controller else None
            level = min(region.count(t, owner) for t in CARD_TYPES)
            if level != region.level:
                self._note(
                    "level",
                    f"{name} goes from level {region.level} to {level}.",
                    region=name,
                    old=region.level,
                    new=level,
                )
                region.level = level
        for name, region in self.regions.items():
            totals = {p: region.total(p) for p in self.order}
            most = max(totals.values())
            leaders = [p for p, n in totals.items() if n == most]
            controller = leaders[0] if most > 0 and len(leaders) == 1 else None
            if controller == region.controller:
                continue
            previous = region.controller
            if previous is not None:
                if LOST_REGION_RESETS_TO_PRINTED_LEVEL:
                    region.level = REGIONS[name].level
                self._note(
                    "control_lost",
                    f"{previous} loses control of {name}.",
                    region=name,
                    player=previous,
                    level=region.level,
                )
            region.controller = controller
            if controller is not None:
                self._note(
                    "control_gained",
                    f"{controller} gains control of {name}.",
                    region=name,
                    player=controller,
                    level=region.level,
                )

    def _new_turn_order(self) -> None:
        influence = {p: self._influence(p) for p in self.order}
        self.order.sort(key=lambda p: -influence[p])  # stable: ties keep their order
        self._note(
            "turn_order",
            "Turn order: " + ", ".join(f"{p} ({influence[p]})" for p in self.order) + ".",
            order=list(self.order),
            influence=[influence[p] for p in self.order],
        )
        reason = self._end_reason_now(influence[self.order[0]])
        if reason is not None:
            self.result = self.order[0]
            self.end_reason = reason
            self._note(
                "game_end",
                f"{self.result} wins with {influence[self.result]} influence" + _END_TEXT[reason],
                winner=self.result,
                reason=reason,
                influence=influence[self.result],
            )
            return
        self.turn += 1
        self._enter("resources")

    def _end_reason_now(self, top_influence: int) -> str | None:
        """Why the game ends at this turn-order phase, or None: somebody above 12, no card
        left to play (every hand, draw and discard pile empty), or the turn limit."""
        if top_influence > WINNING_INFLUENCE_ABOVE:
            return "influence"
        if all(not (d.hand or d.draw or d.discard) for d in self.decks.values()):
            return "exhaustion"
        limit = self.options.get("turn_limit")
        if limit is not None and self.turn >= limit:
            return "turn_limit"
        return None
