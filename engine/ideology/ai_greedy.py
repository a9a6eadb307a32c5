"""The greedy computer (the "hard" level): scores each legal action from the player's view
alone and takes the best, ties broken by the rng.

It develops its regions zone by zone (a region's level is its fewest cards of one type),
buys advances it can use, places on independent regions it can come to lead and removes
cards of players who lead there, attacks where winning the conflict lowers a level or
takes a region (preferring the leader), deflects to defend its own regions, and chooses
War toward the leader in diplomacy. The expert (``ai_expert``) also uses it as its model
of every player in its look-ahead.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

QUIET = ("pass", "done", "stop", "yield")
TYPES = ("military", "economic", "cultural")
DEFENCE_ADVANCE = {"military": "Tactics", "economic": "Industry", "cultural": "Propaganda"}
ADVANCE_PRIORITY = {
    "Innovation": 7.0,
    "Technological Supremacy": 9.0,
    "Weapons of Mass Destruction": 8.5,
    "Logistics": 3.5,
    "Tactics": 2.5,
    "Industry": 2.5,
    "Propaganda": 2.5,
}


class Greedy:
    def __init__(self, view: Mapping[str, Any], actions: Sequence[str], rng: random.Random) -> None:
        self.view = view
        self.actions = actions
        self.rng = rng
        self.me: str = view["viewer"]
        self.players: dict[str, Any] = view["players"]
        self.names = sorted(self.players, key=len, reverse=True)
        self.regions: dict[str, Any] = {r["name"]: r for r in view["regions"]}
        self.hand: dict[str, int] = dict(view.get("hand") or {})
        self.my_advances = set(self.players[self.me]["advances"])
        influence = {p: info["influence"] for p, info in self.players.items()}
        self.influence = influence
        others = [p for p in influence if p != self.me]
        self.leader = max(others, key=lambda p: (influence[p], p)) if others else None

    def choose(self) -> str:
        phase = self.view["phase"]
        if phase == "diplomacy":
            return self._diplomacy()
        if phase == "conflict" and self.view.get("conflict"):
            c = self.view["conflict"]
            if "deflect" in self.actions or "yield" in self.actions:
                return self._defend(c)
            if "play" in self.actions or "stop" in self.actions:
                return "play" if "play" in self.actions else "stop"
        scored = self.scored()
        best = max(s for s, _ in scored)
        choices = [a for s, a in scored if s >= best - 1e-9]
        return self.rng.choice(sorted(choices))

    def scored(self) -> list[tuple[float, str]]:
        """Each legal action with its score (the phases decided by a rule of their own —
        diplomacy, answering in a conflict — score every action alike)."""
        return [(self._score(action), action) for action in self.actions]

    # -- helpers -----------------------------------------------------------------------

    def _owner_suffix(self, text: str) -> tuple[str, str]:
        """Split ``"<rest> <ideology>"``."""
        for name in self.names:
            if text.endswith(" " + name):
                return text[: -len(name) - 1], name
        return text, ""

    def _owner_prefix(self, text: str) -> tuple[str, str]:
        for name in self.names:
            if text.startswith(name + " "):
                return name, text[len(name) + 1 :]
        return "", text

    def _count(self, region: Mapping[str, Any], card_type: str, owner: str) -> int:
        return int(region["cards"].get(card_type, {}).get(owner, 0))

    def _totals(self, region: Mapping[str, Any]) -> dict[str, int]:
        return {p: int(region["totals"].get(p, 0)) for p in self.players}

    def _leader_of(self, totals: Mapping[str, int]) -> str | None:
        most = max(totals.values())
        leaders = [p for p, n in totals.items() if n == most]
        return leaders[0] if most > 0 and len(leaders) == 1 else None

    def _penalty(self, region: Mapping[str, Any]) -> int:
        if "Logistics" in self.my_advances or self.me in region["reachable_by"]:
            return 0
        return 1

    def _weight(self, player: str) -> float:
        """How much harming ``player`` is worth: most for the leader."""
        if player == self.me:
            return -1.0
        top = max(self.influence.values())
        return 1.6 if self.influence[player] == top else 1.0

    # -- scoring -----------------------------------------------------------------------

    def _score(self, action: str) -> float:
        verb, _, rest = action.partition(" ")
        if action in QUIET:
            return 1.0
        if verb == "discard":
            return self._discard(rest)
        if verb == "place":
            card_type, _, region = rest.partition(" ")
            return self._place(card_type, self.regions[region])
        if verb == "buy":
            return self._buy(rest)
        if verb == "remove":
            head, owner = self._owner_suffix(rest)
            card_type, _, region = head.partition(" ")
            return self._remove(card_type, self.regions[region], owner)
        if verb == "attack":
            defender, tail = self._owner_prefix(rest)
            card_type, _, region = tail.partition(" ")
            return self._attack(defender, card_type, self.regions[region])
        if verb == "diplomacy":
            return 0.0
        return 0.5

    def _discard(self, card_type: str) -> float:
        # Swap a type held in excess for a random card.
        counts = self.hand
        if counts.get(card_type, 0) >= 3 and counts.get(card_type, 0) > 1 + min(
            counts.get(t, 0) for t in TYPES
        ):
            return 1.5
        return 0.0

    def _place(self, card_type: str, region: Mapping[str, Any]) -> float:
        if region["controller"] == self.me:
            mine = {t: self._count(region, t, self.me) for t in TYPES}
            low = min(mine.values())
            if mine[card_type] == low:
                at_low = sum(1 for t in TYPES if mine[t] == low)
                home = 0.3 if region["home_of"] == self.me else 0.0
                if at_low == 1:
                    return 10.0 + float(region["printed_level"]) * 0.1 + home
                return 3.0 + 2.0 / at_low + home
            # Thicken a contested region.
            totals = self._totals(region)
            second = max((n for p, n in totals.items() if p != self.me), default=0)
            if totals[self.me] - second <= 1:
                return 2.5
            return 0.2
        # External: an independent region.
        totals = self._totals(region)
        cost = 1 + self._penalty(region)
        before = self._leader_of(totals)
        totals[self.me] += 1
        after = self._leader_of(totals)
        level = float(region["printed_level"])
        if after == self.me and before != self.me:
            value = 3.0 * level
        elif after == self.me:
            margin = totals[self.me] - max(n for p, n in totals.items() if p != self.me)
            value = 1.6 if margin <= 1 else 0.3
        elif before is not None and after is None:
            value = 1.2 * self._weight(before)
        else:
            value = 0.6
        return value / cost

    def _buy(self, advance: str) -> float:
        base = ADVANCE_PRIORITY.get(advance, 1.0)
        if advance == "Innovation" and self.view["turn"] > 8:
            base = 2.0
        return base

    def _remove(self, card_type: str, region: Mapping[str, Any], owner: str) -> float:
        if owner == self.me:
            return -1.0
        totals = self._totals(region)
        before = self._leader_of(totals)
        totals[owner] -= 1
        after = self._leader_of(totals)
        cost = 1 + self._penalty(region)
        level = float(region["printed_level"])
        if before == owner and after != owner:
            value = (2.0 * level if after == self.me else 1.5 * level) * self._weight(owner)
        else:
            value = 0.3
        return value / cost

    def _attack(self, defender: str, card_type: str, region: Mapping[str, Any]) -> float:
        held = self.hand.get(card_type, 0)
        cost = 1 + self._penalty(region)
        if DEFENCE_ADVANCE[card_type] in self.players[defender]["advances"]:
            cost += 1
        spare = held - cost
        deflect = 2 if "Technological Supremacy" in self.my_advances else 1
        their = self.players[defender]["hand_size"] / 3.0
        if spare * deflect >= their + 1:
            p_win = 0.85
        elif spare * deflect >= their:
            p_win = 0.55
        else:
            p_win = 0.25
        totals = self._totals(region)
        before = self._leader_of(totals)
        totals[self.me] += 1
        totals[defender] -= 1
        after = self._leader_of(totals)
        level = float(region["printed_level"])
        value = 0.0
        if region["controller"] == defender:
            theirs = [self._count(region, t, defender) for t in TYPES]
            if self._count(region, card_type, defender) == min(theirs):
                value += 1.0 * self._weight(defender)
        if after == self.me and before != self.me:
            value += 1.0 * level
        elif before == defender and after != defender:
            value += 0.8 * level * self._weight(defender)
        elif region["controller"] == self.me:
            value += 0.4
        return p_win * value * 1.5 - 0.3 * (cost + 1)

    def _defend(self, conflict: Mapping[str, Any]) -> str:
        if "deflect" not in self.actions:
            return "yield"
        region = self.regions.get(conflict["region"])
        if region is None:
            return "deflect"
        if region["controller"] == self.me:
            return "deflect"
        totals = self._totals(region)
        if self._leader_of(totals) == self.me or totals[self.me] + 1 >= max(totals.values()):
            return "deflect"
        cost = int(conflict.get("deflect_cost") or 1)
        return "deflect" if self.hand.get(conflict["card_type"], 0) >= cost + 2 else "yield"

    def wanted_statuses(self) -> dict[str, str]:
        """The status it wants towards each other player: War toward the leader, Peace
        when it leads, Neutral otherwise."""
        top = max(self.influence.values())
        wanted: dict[str, str] = {}
        for other in sorted(self.players):
            if other == self.me:
                continue
            if self.influence[other] == top and other == self.leader:
                wanted[other] = "war"
            elif self.influence[self.me] == top:
                wanted[other] = "peace"
            else:
                wanted[other] = "neutral"
        return wanted

    def _diplomacy(self) -> str:
        state = self.view.get("diplomacy") or {}
        mine: dict[str, str] = dict(state.get("my_choices") or {})
        for other, wanted in self.wanted_statuses().items():
            action = f"diplomacy {other} {wanted}"
            if mine.get(other) != wanted and action in self.actions:
                return action
        if "done" in self.actions:
            return "done"
        return self.actions[0]
