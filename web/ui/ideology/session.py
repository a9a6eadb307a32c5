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
>>> session.stage, session.holder == session.game.to_act[0]
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
from typing import Any

from engine import ideology
from engine.ideology import IllegalAction, ai, parse
from engine.ideology.data import DEFENCE_ADVANCE_EXTRA_CARDS, DEFENCE_ADVANCE_FOR
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


@dataclass
class Legal:
    """One player's legal actions (engine text) sorted by what the screen offers."""

    discard: set[str] = field(default_factory=set)
    place: dict[str, list[str]] = field(default_factory=dict)  # type -> regions
    remove: dict[str, list[tuple[str, str]]] = field(
        default_factory=dict
    )  # type -> (region, owner)
    buy: set[str] = field(default_factory=set)
    attack: list[tuple[str, str, str]] = field(default_factory=list)  # (defender, type, region)
    diplomacy: dict[str, list[str]] = field(default_factory=dict)  # other -> statuses
    simple: set[str] = field(default_factory=set)  # done, pass, deflect, yield, play, stop

    def types_with_targets(self) -> set[str]:
        return set(self.place) | set(self.remove)

    def regions_for(self, card_type: str) -> set[str]:
        regions = set(self.place.get(card_type, []))
        regions |= {region for region, _ in self.remove.get(card_type, [])}
        return regions


def sort_legal(actions: list[str]) -> Legal:
    """Sort ``legal_actions`` by verb with the engine's own parser (no rule here).

    >>> legal = sort_legal(["place military Iran", "remove economic Iraq Fascism", "pass"])
    >>> legal.place, legal.remove, legal.simple
    ({'military': ['Iran']}, {'economic': [('Iraq', 'Fascism')]}, {'pass'})
    """
    legal = Legal()
    for text in actions:
        a = parse(text)
        if a.verb == "discard" and a.card_type:
            legal.discard.add(a.card_type)
        elif a.verb == "place" and a.card_type and a.region:
            legal.place.setdefault(a.card_type, []).append(a.region)
        elif a.verb == "remove" and a.card_type and a.region and a.ideology:
            legal.remove.setdefault(a.card_type, []).append((a.region, a.ideology))
        elif a.verb == "buy" and a.advance:
            legal.buy.add(a.advance)
        elif a.verb == "attack" and a.card_type and a.region and a.ideology:
            legal.attack.append((a.ideology, a.card_type, a.region))
        elif a.verb == "diplomacy" and a.ideology and a.status:
            legal.diplomacy.setdefault(a.ideology, []).append(a.status)
        else:
            legal.simple.add(a.verb)
    return legal


def place_action(card_type: str, region: str) -> str:
    return f"place {card_type} {region}"


def remove_action(card_type: str, region: str, owner: str) -> str:
    return f"remove {card_type} {region} {owner}"


def attack_action(defender: str, card_type: str, region: str) -> str:
    return f"attack {defender} {card_type} {region}"


@dataclass
class Session:
    game: ideology.Game
    names: dict[str, str]
    stage: str = "cover"
    #: ideology -> ``"person"`` or the computer's level (``engine.ideology.ai.LEVELS``)
    seats: dict[str, str] = field(default_factory=dict)
    holder: str | None = None
    seen: int = 0  # log entries already summarised to everybody
    report_from: int = 0
    error: dict[str, Any] | None = None  # the last refused action: {"code", "params"}

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
            and self.game.can_undo
            and self.last_actor == self.holder
            and not self.game.is_terminal
        )

    def legal(self) -> Legal:
        """What the holder may do on screen: nothing unless a person holds the tablet."""
        if self.holder is None or self.stage != "turn":
            return Legal()
        return sort_legal(self.game.legal_actions(self.holder))

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

    def put_down(self) -> None:
        """The game leaves the screen: whoever opens it again passes the hand-over cover
        first, unless only one person plays."""
        if self.stage == "turn":
            self.stage = self._stage_for(self.holder)

    def continue_after_report(self) -> None:
        self.seen = len(self.game.log)
        self._next_holder(force_cover=True)

    def act(self, action: str) -> bool:
        """Apply the holder's action; False (and ``error`` set) if the engine refused."""
        if self.stage != "turn" or self.holder is None:
            return False
        return self._apply(self.holder, action)

    def computer_choice(self) -> str:
        """The action of the computer seat that must act now, from its own view only.

        Its dice depend on the game's seed and how many actions were played, so a
        reloaded game makes the same choice with nothing extra saved.
        """
        player = self.holder
        if self.stage != "computer" or player is None:
            raise ValueError("no computer is to act")
        game = self.game
        return ai.choose_action(
            game.view(player),
            game.legal_actions(player),
            self.seat(player),
            decision_rng(game.seed, len(game.actions)),
        )

    def play_computer(self, action: str) -> bool:
        """Apply the computer's chosen action (as :meth:`act` does for a person)."""
        if self.stage != "computer" or self.holder is None:
            return False
        return self._apply(self.holder, action)

    def _apply(self, player: str, action: str) -> bool:
        try:
            self.game.apply(player, action)
        except IllegalAction as refused:
            self.error = {"code": refused.code, "params": dict(refused.params)}
            return False
        self.error = None
        self._after_change()
        return True

    def undo(self) -> bool:
        if not self.can_undo:
            return False
        self.game = self.game.undo()
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


def _clean_seats(game: ideology.Game, seats: Mapping[str, object] | None) -> dict[str, str]:
    """One seat per ideology of the game: a known computer level, otherwise a person."""
    given = seats or {}
    return {p: seat_value(given.get(p), ai.LEVELS) for p in game.ideologies}
