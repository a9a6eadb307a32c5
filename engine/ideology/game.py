"""The Ideology rules engine: one ``Game`` holds the whole state, its seeded random
generator and its action log; every change goes through ``apply``. The rules themselves
are in :mod:`.rules` (one object per decision) and :mod:`.flow` (the phases).

>>> game = new_game(["Capitalism", "Communism"], seed=7)
>>> game.phase, game.turn, game.influence("Capitalism")
('exchange', 1, 3)
>>> game.to_act == game.order[:1]
True
>>> [entry["event"] for entry in game.apply(game.to_act[0], "done")]
['exchange']
>>> game.check(game.to_act[0], "buy Logistics").code
'wrong_phase'
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from . import actions as act
from . import flow, rules
from .actions import Action
from .data import (
    ADVANCES,
    CARD_TYPES,
    CARDS_PER_TYPE,
    DEFAULT_TURN_LIMIT,
    DISTANCE_PENALTY_CARDS,
    INNOVATION,
    LEVEL_COUNTS_ONLY_CONTROLLER_CARDS,
    LOGISTICS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OWN_REGION_IS_REACHABLE,
    REGIONS,
    SUPREMACY,
    SUPREMACY_DEFLECT_CARDS,
)
from .errors import IllegalAction, SetupError
from .state import Conflict, Deck, RegionState, card_type_of, status_key
from .views import GameView, LogEntry, build_view

if TYPE_CHECKING:
    from engine.protocol import GameProtocol

__all__ = ["Conflict", "Deck", "Game", "RegionState", "card_type_of", "new_game"]


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


class Flag:
    """A yes/no answer that reads as a bool and may also be called: ``game.can_undo()``
    (the protocol's form) and ``if game.can_undo:`` (the attribute the UI read before)
    agree until the UI has moved to the call."""

    __slots__ = ("value",)

    def __init__(self, value: bool) -> None:
        self.value = value

    def __bool__(self) -> bool:
        return self.value

    def __call__(self) -> bool:
        return self.value

    def __eq__(self, other: object) -> bool:
        return self.value == (bool(other) if isinstance(other, Flag) else other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(self.value)


class Game:
    """A game of Ideology (it implements :class:`engine.protocol.GameProtocol`). Create
    it with ``new_game`` or ``from_json``."""

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
        self.log: list[LogEntry] = []
        # Whether the last apply() drew cards or revealed anything (then undo would cheat).
        self.last_action_revealed = False
        flow.start(self)

    # --- the protocol ----------------------------------------------------------------------

    @property
    def players(self) -> list[str]:
        """Every ideology of this game, in the order given to ``new_game``."""
        return list(self.ideologies)

    @property
    def is_terminal(self) -> bool:
        return self.result is not None

    @property
    def to_act(self) -> list[str]:
        """The ideologies that may act now (several only in diplomacy)."""
        return flow.to_act(self)

    def legal_actions(self, player: str) -> list[Action]:
        """Every action the player may take now (empty if not to act). Each is an
        :class:`Action`, whose text is its canonical notation."""
        player = self.player(player)
        if player not in self.to_act:
            return []
        return rules.legal(self, player)

    def check(self, player: str, action: Action | str) -> IllegalAction | None:
        """Why ``player`` may not take ``action`` (an Action or its text) now, or None if
        it is legal. Changes nothing; ``apply`` raises exactly this error."""
        try:
            self._checked(player, action)
        except IllegalAction as refused:
            return refused
        return None

    def apply(self, player: str, action: Action | str) -> list[LogEntry]:
        """Play one action (an Action or its text, case-insensitive); raises IllegalAction
        (the game unchanged) if it is not legal now. Returns the log entries it added
        (the automatic phases it led to included)."""
        player, parsed = self._checked(player, action)
        first = len(self.log)
        self.last_action_revealed = False
        self.actions.append((player, str(parsed)))
        rules.execute(self, player, parsed)
        return self.log[first:]

    @property
    def can_undo(self) -> Flag:
        """Whether ``undo()`` may take back the last action: there is one, and it revealed
        nothing hidden (drew no card, turned no region, revealed no diplomacy choice, did
        not end a conflict because a side could not play). Call it: ``game.can_undo()``."""
        return Flag(bool(self.actions) and not self.last_action_revealed)

    def undo(self) -> Game:
        """Take back the last action, in place (the game is replayed from its log without
        it). Raises IllegalAction ``nothing_to_undo`` or ``cannot_undo`` (the last action
        revealed something hidden). Returns the game itself, so ``game = game.undo()``
        still works."""
        if not self.actions:
            raise IllegalAction("nothing_to_undo", "There is no action to undo.")
        if self.last_action_revealed:
            raise IllegalAction(
                "cannot_undo",
                "The last action showed something hidden (a card drawn, a region turned up, "
                "choices revealed or a conflict ended): it cannot be taken back.",
            )
        before = Game(list(self.ideologies), self.seed, self.options)
        for player, text in self.actions[:-1]:
            before.apply(player, text)
        self.__dict__.update(before.__dict__)
        return self

    def view(self, player: str | None = None, *, log_from: int = 0) -> GameView:
        """What ``player`` may see (None: only what everybody sees), as JSON-plain data.

        The log of a long game is large: ``log_from`` leaves out the entries before that
        index (the view's ``log_size`` tells where the next call may start).
        """
        if isinstance(log_from, bool) or not isinstance(log_from, int):
            raise IllegalAction(
                "bad_argument",
                "log_from must be a whole number (an index in the log).",
                argument="log_from",
                value=repr(log_from)[:80],
            )
        return build_view(self, None if player is None else self.player(player), log_from)

    def to_json(self) -> str:
        """The save: ideologies, seed, options and action log (see :mod:`.saves`)."""
        from .saves import to_json

        return to_json(self)

    def _checked(self, player: str, action: Action | str) -> tuple[str, Action]:
        """The canonical player and the parsed action, or the IllegalAction ``apply`` raises."""
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
        problem = rules.problem(self, player, parsed)
        if problem is not None:
            raise problem
        return player, parsed

    # --- queries ----------------------------------------------------------------------------

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
        return self.statuses[status_key(a, b)]

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

    def _held_types(self, player: str) -> list[str]:
        return [t for t in CARD_TYPES if self._hand_count(player, t)]

    def _reachable(self, player: str, region: str) -> bool:
        if OWN_REGION_IS_REACHABLE and self.regions[region].controller == player:
            return True
        return any(
            self.regions[n].controller == player
            for n in REGIONS[region].adjacent
            if n in self.regions
        )

    def _reaching(self, region: str) -> set[str | None]:
        """Everybody for whom the region is reachable (and None when a neighbour in play,
        or the region itself, is independent)."""
        reaching = {
            self.regions[n].controller for n in REGIONS[region].adjacent if n in self.regions
        }
        if OWN_REGION_IS_REACHABLE:
            reaching.add(self.regions[region].controller)
        return reaching

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

    # --- copies, equality ----------------------------------------------------------------------

    def copy(self) -> Game:
        """An independent deep copy."""
        return copy.deepcopy(self)

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

    # --- the public log -------------------------------------------------------------------------

    def _note(self, event: str, text: str, **params: Any) -> None:
        entry: dict[str, Any] = {"turn": self.turn, "phase": self.phase, "event": event}
        entry.update(params)
        entry["text"] = text
        self.log.append(entry)


if TYPE_CHECKING:

    def _implements_the_protocol(game: Game) -> GameProtocol[Action]:
        return game
