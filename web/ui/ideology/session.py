"""A hot-seat game of Ideology on one tablet: the engine's game plus who holds the
tablet, which seats the computer plays and what the screen shows. No browser import:
tested on CPython.

Stages of the screen:

- ``cover``: "pass the tablet to <holder>", nothing else on the page;
- ``turn``: the holder's own screen (the table, their hand, what they may do);
- ``computer``: the holder is a computer seat, which plays one action at a time (the
  controller asks :meth:`Session.computer_choice` and plays it). Meanwhile the screen
  shows the only person's own view when one person plays, otherwise only public facts;
- ``report``: a public summary of what just happened (diplomacy revealed, evaluation,
  turn order, draws, a conflict's result, a new region) that anyone may read;
- ``over``: the game has ended.

Covers exist only to hide one person's hand from another: with a single person at the
table there is none, and that person's turn comes straight after the computers'.
A reload never lands on ``turn`` when several persons play: it comes back as ``cover``.

>>> session = Session.start(["Capitalism", "Communism"], {"Capitalism": "Ana"}, seed=3)
>>> session.stage  # first, everybody sees turn 1's order and draws
'report'
>>> session.continue_after_report(); session.stage, session.holder == session.game.to_act[0]
('cover', True)
>>> session.reveal(); session.stage
'turn'
>>> Session.from_json(session.to_json()).stage
'cover'
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from engine import ideology
from engine.ideology import IDEOLOGIES, IllegalAction, ai, parse
from engine.ideology.actions import PLACE, Action
from engine.ideology.data import DEFENCE_ADVANCE_EXTRA_CARDS, DEFENCE_ADVANCE_FOR
from engine.ideology.views import GameView
from engine.saves import parse_json
from ui.checks import inconsistent, player_name
from ui.computer import PERSON, decision_rng, is_computer, people, seat_value

GAME = "ideology"
VERSION = 1
STAGES = ("cover", "turn", "computer", "report", "over")
#: Log events that the players should all see together before the tablet moves on.
REPORT_EVENTS = frozenset(
    {
        "new_region",
        "conflict_won",
        "status",
        "level",
        "control_lost",
        "control_gained",
        "turn_order",
        "game_end",
    }
)


class NeedsPerson(ValueError):
    """A new game where the computer would play every seat."""


# --- the engine's actions, read and written here only ----------------------------------
# The engine takes and gives notation strings today ("place military Iran"); these few
# functions are the one place the UI turns them into typed actions and back.


def legal_actions(game: ideology.Game, player: str) -> list[Action]:
    return [parse(text) for text in game.legal_actions(player)]


def apply_action(game: ideology.Game, player: str, action: Action) -> None:
    game.apply(player, str(action))


def action_key(action: Action) -> str:
    """The action's key on the page (``data-intent="do <key>"``): its notation."""
    return str(action)


@dataclass
class Legal:
    """One player's legal actions sorted by what the screen offers; ``by_key`` finds the
    action a button asks for (its key: :func:`action_key`)."""

    discard: dict[str, Action] = field(default_factory=dict)  # type -> action
    place: dict[str, list[Action]] = field(default_factory=dict)  # type -> actions
    remove: dict[str, list[Action]] = field(default_factory=dict)  # type -> actions
    buy: dict[str, Action] = field(default_factory=dict)  # advance -> action
    attack: list[Action] = field(default_factory=list)
    diplomacy: dict[str, dict[str, Action]] = field(default_factory=dict)  # other -> status
    simple: dict[str, Action] = field(default_factory=dict)  # done, pass, deflect, yield...
    by_key: dict[str, Action] = field(default_factory=dict)

    def types_with_targets(self) -> set[str]:
        return set(self.place) | set(self.remove)


def sort_legal(actions: list[Action]) -> Legal:
    """Sort legal actions by verb (the engine's typed actions; no rule here).

    >>> legal = sort_legal([parse(a) for a in ["place military Iran", "pass"]])
    >>> [str(a) for a in legal.place["military"]], sorted(legal.simple), sorted(legal.by_key)
    (['place military Iran'], ['pass'], ['pass', 'place military Iran'])
    """
    legal = Legal()
    for a in actions:
        legal.by_key[action_key(a)] = a
        if a.verb == "discard" and a.card_type:
            legal.discard[a.card_type] = a
        elif a.verb == "place" and a.card_type and a.region:
            legal.place.setdefault(a.card_type, []).append(a)
        elif a.verb == "remove" and a.card_type and a.region and a.ideology:
            legal.remove.setdefault(a.card_type, []).append(a)
        elif a.verb == "buy" and a.advance:
            legal.buy[a.advance] = a
        elif a.verb == "attack" and a.card_type and a.region and a.ideology:
            legal.attack.append(a)
        elif a.verb == "diplomacy" and a.ideology and a.status:
            legal.diplomacy.setdefault(a.ideology, {})[a.status] = a
        else:
            legal.simple[a.verb] = a
    return legal


@dataclass
class NewGameForm:
    """What the new-game screen's form holds (read back from every intent it sends).

    Who plays each seat (a person unless chosen otherwise) is kept apart from the names
    and ideologies, so that changing the count or an ideology keeps it.

    >>> form = NewGameForm()
    >>> form.read({"seat-name-0": "Ana", "seat-ideology-0": "Fascism", "seed": "12ab3"})
    >>> form.seats[0], form.seed
    (('Ana', 'Fascism'), 123)
    """

    count: int = 3
    seats: list[tuple[str, str]] = field(default_factory=lambda: [("", p) for p in IDEOLOGIES])
    kinds: list[str] = field(default_factory=lambda: [PERSON for _ in IDEOLOGIES])
    turn_limit: int | None = None
    seed: int | None = None

    def read(self, fields: Mapping[str, str]) -> None:
        for index in range(self.count):
            name, chosen = self.seats[index]
            name = fields.get(f"seat-name-{index}", name)
            chosen = fields.get(f"seat-ideology-{index}", chosen)
            self.seats[index] = (name, chosen if chosen in IDEOLOGIES else self.seats[index][1])
            self.kinds[index] = seat_value(fields.get(f"seat-kind-{index}"), ai.SEAT_LEVELS)
        if "seed" in fields:
            digits = "".join(ch for ch in fields["seed"] if ch.isdigit())[:9]
            self.seed = int(digits) if digits else None
        if "turn-limit" in fields:
            value = fields["turn-limit"]
            self.turn_limit = int(value) if value.isdigit() else None

    def chosen(self) -> tuple[list[str], dict[str, str], dict[str, str]]:
        """The ideologies in play, their players' names, and who plays each."""
        seats = self.seats[: self.count]
        ideologies = [ideology for _, ideology in seats]
        names = {ideology: name for name, ideology in seats}
        return ideologies, names, dict(zip(ideologies, self.kinds[: self.count], strict=True))


@dataclass
class Selection:
    """What the holder has picked on the screen (not part of the game, never saved)."""

    card_type: str | None = None
    focus: str | None = None  # region whose neighbours are highlighted
    defender: str | None = None
    attack_type: str | None = None
    pending: str | None = None  # the key of an action awaiting confirmation
    advances: bool = False  # the advances panel is open
    full_log: bool = False  # the whole log, not only the latest entries


@dataclass
class Session:
    GAME: ClassVar[str] = GAME
    VERSION_FIELD: ClassVar[str] = "version"
    VERSION: ClassVar[int] = VERSION

    game: ideology.Game
    names: dict[str, str]
    stage: str = "cover"
    #: ideology -> ``"person"`` or the computer's level (``engine.ideology.ai.LEVELS``)
    seats: dict[str, str] = field(default_factory=dict)
    holder: str | None = None
    seen: int = 0  # log entries already summarised to everybody
    report_from: int = 0
    error: dict[str, Any] | None = None  # the last refused action: {"code", "params"}
    #: What the holder has picked on the screen: the one place it is kept.
    selection: Selection = field(default_factory=Selection, compare=False)
    #: The computer's decision in progress, with the game's length when it began (it
    #: thinks in slices; any action played, an undo, makes it start again).
    thinking: tuple[int, ai.Decision[Action]] | None = field(
        default=None, compare=False, repr=False
    )

    @classmethod
    def start(
        cls,
        ideologies: list[str],
        names: dict[str, str],
        *,
        seed: int | None = None,
        turn_limit: int | None = None,
        seats: Mapping[str, object] | None = None,
    ) -> Session:
        """A new game; ``seats`` says which ideologies the computer plays (persons when
        missing). Raises :class:`NeedsPerson` if the computer would play every seat: the
        tablet would only watch."""
        game = ideology.new_game(ideologies, seed, {"turn_limit": turn_limit})
        clean = {p: " ".join(str(names.get(p, "")).split())[:24] for p in game.ideologies}
        chosen = _clean_seats(game, seats)
        if not people(chosen):
            raise NeedsPerson("at least one seat must be played by a person")
        # Turn 1's order and first draws are shown to everybody before the first hand.
        return cls(game=game, names=clean, stage="report", seen=len(game.log), seats=chosen)

    # --- what the screen shows -------------------------------------------------------

    def name(self, player: str) -> str:
        return self.names.get(player) or ""

    def seat(self, player: str) -> str:
        return self.seats.get(player, PERSON)

    @property
    def computers(self) -> frozenset[str]:
        return frozenset(p for p in self.game.ideologies if is_computer(self.seat(p)))

    @property
    def persons(self) -> list[str]:
        return people({p: self.seat(p) for p in self.game.ideologies})

    @property
    def only_person(self) -> str | None:
        """The one person at the table, if only one plays: no cover is ever needed."""
        persons = self.persons
        return persons[0] if len(persons) == 1 else None

    @property
    def watcher(self) -> str | None:
        """Whose view the screen shows while a computer plays: the only person's own, or
        nobody's (the public view) when the tablet may lie in front of several persons."""
        return self.only_person

    @property
    def last_actor(self) -> str | None:
        return self.game.actions[-1][0] if self.game.actions else None

    @property
    def can_undo(self) -> bool:
        return (
            self.stage == "turn"
            and self.game.can_undo()
            and self.last_actor == self.holder
            and not self.game.is_terminal
        )

    @property
    def in_progress(self) -> bool:
        return self.stage != "over"

    @property
    def turn(self) -> int:
        return self.game.turn

    @property
    def phase(self) -> str:
        return self.game.phase

    def legal(self) -> Legal:
        """What the holder may do on screen: nothing unless a person holds the tablet."""
        if self.holder is None or self.stage != "turn":
            return Legal()
        return sort_legal(legal_actions(self.game, self.holder))

    def screen_view(self, log_shown: int) -> GameView:
        """The one view the screen draws: the holder's own on their turn, the only
        person's while a computer plays, else what everybody may see; with the last
        ``log_shown`` log entries, or the whole log when asked."""
        size = len(self.game.log)
        log_from = 0 if self.selection.full_log else max(0, size - log_shown)
        if self.stage == "turn" and self.holder is not None:
            return self.game.view(self.holder, log_from=log_from)
        if self.stage == "computer" and self.holder is not None:
            return self.game.view(self.watcher, log_from=log_from)
        return self.game.view(None, log_from=log_from)

    def report_entries(self) -> list[dict[str, Any]]:
        return self.game.log[self.report_from : self.seen]

    def attack_cost(self, defender: str, card_type: str, region: str) -> dict[str, int]:
        """Cards an attack costs now (engine helpers and data tables, no rule of ours)."""
        assert self.holder is not None
        penalty = self.game.distance_penalty(self.holder, region)
        advance = DEFENCE_ADVANCE_FOR[card_type]
        defence = DEFENCE_ADVANCE_EXTRA_CARDS if advance in self.game.advances[defender] else 0
        return {"penalty": penalty, "defence": defence, "total": 1 + penalty + defence}

    def penalty(self, region: str) -> int:
        assert self.holder is not None
        return self.game.distance_penalty(self.holder, region)

    # --- changes ------------------------------------------------------------------------

    def reveal(self) -> None:
        """The holder has the tablet: show their screen."""
        if self.stage == "cover":
            self.stage = "turn"
        self.selection = Selection()

    def put_down(self) -> None:
        """The game leaves the screen: whoever opens it again passes the hand-over cover
        first, unless only one person plays."""
        if self.stage == "turn":
            self.stage = self._stage_for(self.holder)

    def continue_after_report(self) -> None:
        self.seen = len(self.game.log)
        self._next_holder(force_cover=True)
        self.selection = Selection()

    def act(self, key: str) -> bool:
        """Apply the holder's action (by its key on the page); False (and ``error`` set)
        if the engine refused it. The card picked stays picked while the same holder
        goes on developing; any other pick goes."""
        if self.stage != "turn" or self.holder is None:
            return False
        holder, stage, picked = self.holder, self.stage, self.selection
        action = self.legal().by_key.get(key)
        if action is None:  # not offered now: the engine says why
            try:
                action = parse(key)
            except IllegalAction as refused:
                self.error = {"code": refused.code, "params": dict(refused.params)}
                return False
        if not self._apply(self.holder, action):
            return False
        same = self.holder == holder and self.stage == stage and self.phase == "development"
        self.selection = Selection(
            card_type=picked.card_type if same else None, advances=picked.advances and same
        )
        return True

    def why_idle(self, card_type: str) -> dict[str, Any] | None:
        """Why the holder can do nothing with a card of ``card_type`` now: the engine's
        refusal (``{"code", "params"}``) of placing it on the region where it came
        closest (a shortage of cards before a limit, a limit before anything else), or
        None when some placement is legal."""
        if self.holder is None:
            return None
        refusals = []
        for region in self.game.regions:
            action = Action(PLACE, card_type=card_type, region=region)
            refused = self.game.check(self.holder, action)
            if refused is None:
                return None
            refusals.append(refused)
        if not refusals:
            return None
        closest = min(refusals, key=_closeness)
        return {"code": closest.code, "params": dict(closest.params)}

    def computer_decision(self) -> ai.Decision[Action]:
        """The decision of the computer seat that must act now, from its own view only:
        ``step()`` it until done (the expert thinks in slices, the others in one), then
        play its ``action``.

        Its dice depend on the game's seed and how many actions were played, so a
        reloaded game makes the same choice with nothing extra saved.
        """
        player = self.holder
        if self.stage != "computer" or player is None:
            raise ValueError("no computer is to act")
        game = self.game
        played = len(game.actions)
        if self.thinking is None or self.thinking[0] != played:
            decision = ai.start_thinking(
                game.view(player),
                game.legal_actions(player),
                self.seat(player),
                decision_rng(game.seed, played),
            )
            self.thinking = (played, decision)
        return self.thinking[1]

    def computer_choice(self) -> Action:
        """The action the computer seat that must act now takes (thought to the end)."""
        decision = self.computer_decision()
        while not decision.step(1 << 30):
            pass
        assert decision.action is not None
        return parse(decision.action)

    def play_computer(self, action: Action) -> bool:
        """Apply the computer's chosen action (as :meth:`act` does for a person). When a
        person's screen comes next, it starts with nothing picked."""
        if self.stage != "computer" or self.holder is None:
            return False
        if not self._apply(self.holder, action):
            return False
        if self.stage != "computer":
            self.selection = Selection(full_log=self.selection.full_log)
        return True

    def _apply(self, player: str, action: Action) -> bool:
        try:
            apply_action(self.game, player, action)
        except IllegalAction as refused:
            self.error = {"code": refused.code, "params": dict(refused.params)}
            return False
        self.error = None
        self.thinking = None
        self._after_change()
        return True

    def undo(self) -> bool:
        self.selection.pending = None
        if not self.can_undo:
            return False
        self.game = self.game.undo()
        self.thinking = None
        self.error = None
        self.seen = min(self.seen, len(self.game.log))
        return True

    def _after_change(self) -> None:
        fresh = self.game.log[self.seen :]
        if self.game.is_terminal or any(e["event"] in REPORT_EVENTS for e in fresh):
            self.report_from = self.seen
            self.seen = len(self.game.log)
            self.stage = "over" if self.game.is_terminal else "report"
            return
        self._next_holder(force_cover=False)

    def _next_holder(self, *, force_cover: bool) -> None:
        if self.game.is_terminal:
            self.stage = "over"
            return
        waiting = self.game.to_act
        following = waiting[0] if waiting else None
        if following == self.holder and not force_cover and self.stage == "turn":
            return
        self.holder = following
        self.stage = self._stage_for(following)

    def _stage_for(self, holder: str | None) -> str:
        """How the tablet comes to ``holder``: the computer plays, the only person sees
        their screen at once, or (several persons) the hand-over cover first."""
        if holder is not None and is_computer(self.seat(holder)):
            return "computer"
        if holder is not None and holder == self.only_person:
            return "turn"
        return "cover"

    # --- saves --------------------------------------------------------------------------

    def to_json(self) -> str:
        return json.dumps(
            {
                "game": GAME,
                "version": VERSION,
                "names": self.names,
                "seats": self.seats,
                "save": json.loads(self.game.to_json()),
                "stage": self.stage,
                "holder": self.holder,
                "seen": self.seen,
                "report_from": self.report_from,
            },
            ensure_ascii=False,
        )

    @classmethod
    def from_document(cls, document: dict[str, Any]) -> Session:
        """:meth:`from_json` of a document already parsed (``ui.saves.load_session``)."""
        return cls.from_json(json.dumps(document))

    @classmethod
    def from_json(cls, text: str) -> Session:
        """A saved session, checked as a whole before anything of it is used (a file may
        have been edited): the engine replays the game, the stage agrees with it (over
        exactly when the game has ended), the summary marks lie within the log, names
        are clamped as the form clamps them and belong to the game's ideologies.

        Raises ``engine.errors.SaveError`` ``inconsistent`` (params: ``part``) for parts
        that contradict each other, the engine's errors for its game, and ValueError or
        KeyError for a document that is not a session at all.
        """
        data = parse_json(text)
        if not isinstance(data, dict) or data.get("game") != GAME or data.get("version") != VERSION:
            raise ValueError("not an Ideology session")
        game = ideology.from_json(json.dumps(data["save"]))
        names = data.get("names", {})
        seats = data.get("seats")  # missing in saves made before computer seats
        stage = data.get("stage", "cover")
        holder = data.get("holder")
        seen, report_from = data.get("seen", 0), data.get("report_from", 0)
        if not isinstance(names, dict):
            raise inconsistent("names")
        if stage not in STAGES or (stage == "over") != game.is_terminal:
            raise inconsistent("stage")
        if holder is not None and holder not in game.ideologies:
            raise inconsistent("holder")
        marks = (seen, report_from)
        if not all(isinstance(m, int) and not isinstance(m, bool) for m in marks) or not (
            0 <= report_from <= seen <= len(game.log)
        ):
            raise inconsistent("seen")
        session = cls(
            game=game,
            names={p: player_name(names[p]) for p in game.ideologies if p in names},
            stage="cover",
            holder=holder,
            seen=seen,
            report_from=report_from,
            seats=_clean_seats(game, seats if isinstance(seats, dict) else None),
        )
        if not session.persons:
            # Nobody could play it: like Stratego, such a game becomes one for persons.
            session.seats = {p: PERSON for p in game.ideologies}
        if stage in ("report", "over"):
            session.stage = stage
        elif game.to_act:
            # The tablet goes back to whoever was to act, the way it came to them: a
            # person's hand stays behind the cover when several persons play.
            if session.holder not in game.to_act:
                session.holder = game.to_act[0]
            session.stage = session._stage_for(session.holder)
        else:
            raise inconsistent("stage")
        return session

    def rematch(self, seed: int | None = None) -> Session:
        return Session.start(
            list(self.game.ideologies),
            self.names,
            seed=seed,
            turn_limit=self.game.options.get("turn_limit"),
            seats=self.seats,
        )


#: Which refusal of a card tells the player most, best first: what is missing from the
#: hand, then a full region, then where the card may not go at all.
REFUSAL_ORDER = ("not_enough_cards", "type_cap_reached", "zone_full")


def _closeness(refused: IllegalAction) -> tuple[int, int]:
    rank = REFUSAL_ORDER.index(refused.code) if refused.code in REFUSAL_ORDER else 99
    return rank, int(refused.params.get("needed", 0))


def _clean_seats(game: ideology.Game, seats: Mapping[str, object] | None) -> dict[str, str]:
    """One seat per ideology of the game: a known computer level, otherwise a person."""
    given = seats or {}
    return {p: seat_value(given.get(p), ai.LEVELS) for p in game.ideologies}
