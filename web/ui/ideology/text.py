"""Names, log lines and error messages of Ideology in the player's language.

Log entries and engine errors are translated from their structured ``event``/``code``
and parameters (``ideology_log_<event>``, ``ideology_error_<code>``), never from the
engine's English text. No browser import.

>>> from ui.i18n import Translator
>>> words = Words(Translator("es"), {"Capitalism": "Ana"})
>>> words.log_line({"event": "place", "player": "Capitalism", "card_type": "military",
...                 "region": "North Africa", "distance_penalty": 1})
'Ana (C) coloca una carta militar en Norte de África (+1 por penalización por distancia).'
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from functools import lru_cache
from typing import Any

from engine.ideology import ADVANCES, IDEOLOGIES
from ui.i18n import name_key

Translate = Callable[..., str]
PLAYER_FIELDS = (
    "player",
    "defender",
    "attacker",
    "winner",
    "owner",
    "other",
    "ideology",
    "controller",
)
LIST_OF_PLAYERS = ("order", "players", "to_act", "missing")
#: The closing line for each way a game ends (the engine's ``game_end`` reason).
_GAME_END_KEYS = {
    "influence": "ideology_log_game_end",
    "turn_limit": "ideology_log_game_end_limit",
    "exhaustion": "ideology_log_game_end_exhaustion",
}


@lru_cache(maxsize=1024)
def named(t: Translate, kind: str, name: str) -> str:
    """A name of the game in the language of ``t`` (drawn hundreds of times a screen)."""
    key = name_key(f"ideology_{kind}", name)
    text = t(key)
    return name if text == key else text


class Words:
    def __init__(
        self, t: Translate, names: dict[str, str], computers: Collection[str] = ()
    ) -> None:
        self.t = t
        self.names = names
        #: The ideologies the computer plays: unnamed, they read "Fascism (computer)".
        self.computers = frozenset(computers)

    def _key(self) -> tuple[object, ...]:
        return (self.t, tuple(sorted(self.names.items())), self.computers)

    def __eq__(self, other: object) -> bool:
        # Equal words draw equal markup: parts drawn from them can be reused.
        return isinstance(other, Words) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    # --- names --------------------------------------------------------------------------

    def named(self, kind: str, name: str) -> str:
        """A name from the string tables (``kind`` is ``ideology``, ``region``...); an
        unknown one as it is."""
        return named(self.t, kind, name)

    def ideology(self, player: str) -> str:
        return self.named("ideology", player)

    def letter(self, player: str) -> str:
        data = IDEOLOGIES.get(player)
        return data.letter if data else "?"

    def player(self, player: str) -> str:
        """The player's own name with their letter, or the ideology when unnamed."""
        name = self.names.get(player, "")
        if name:
            return f"{name} ({self.letter(player)})"
        return self.unnamed(player)

    def short(self, player: str) -> str:
        return self.names.get(player) or self.unnamed(player)

    def unnamed(self, player: str) -> str:
        """An unnamed seat: its ideology, and whether the computer plays it."""
        if player in self.computers:
            return self.t("ideology_computer_name", ideology=self.ideology(player))
        return self.ideology(player)

    def region(self, region: str) -> str:
        return self.named("region", region)

    def advance(self, advance: str) -> str:
        return self.named("advance", advance)

    def effect(self, advance: str) -> str:
        return self.t(name_key("ideology_advance", advance) + "_effect")

    def card_type(self, card_type: str) -> str:
        return self.t(f"ideology_type_{card_type}")

    def status(self, status: str) -> str:
        return self.t(f"ideology_status_{status}")

    def phase(self, phase: str) -> str:
        return self.t(f"ideology_phase_{phase}")

    def join(self, items: list[str]) -> str:
        return ", ".join(items)

    def cost(self, advance: str) -> str:
        return self.join(
            [
                self.t("ideology_cost_item", count=count, card_type=self.card_type(card_type))
                for card_type, count in ADVANCES[advance].cost
            ]
        )

    def needs(self, advance: str) -> str:
        data = ADVANCES[advance]
        if not data.needs_any:
            return self.t("ideology_needs_nothing")
        names = self.join([self.advance(a) for a in data.needs_any])
        if data.needs_count >= len(data.needs_any):
            return names
        return self.t("ideology_needs_any", count=data.needs_count, advances=names)

    # --- structured parameters ------------------------------------------------------------

    def fields(self, params: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in params.items():
            if key in PLAYER_FIELDS and isinstance(value, str):
                out[key] = self.player(value)
            elif key == "region" and isinstance(value, str):
                out[key] = self.region(value)
            elif key == "card_type" and isinstance(value, str):
                out[key] = self.card_type(value)
            elif key in ("advance", "defence_advance") and isinstance(value, str):
                out[key] = self.advance(value)
            elif key == "status" and isinstance(value, str):
                out[key] = self.status(value)
            elif key == "phase" and isinstance(value, str):
                out[key] = self.phase(value)
            elif key in LIST_OF_PLAYERS and isinstance(value, list):
                out[key] = self.join([self.player(str(v)) for v in value])
            elif key == "needs_any" and isinstance(value, list):
                out[key] = self.join([self.advance(str(v)) for v in value])
            elif key == "choices" and isinstance(value, list):
                out[key] = self.join([self.status(str(v)) for v in value])
            elif key == "allowed" and isinstance(value, list):
                out[key] = self.join([self.phase(str(v)) for v in value])
            elif isinstance(value, list):
                out[key] = self.join([str(v) for v in value])
            else:
                out[key] = "" if value is None else value
        return out

    def log_line(self, entry: dict[str, Any]) -> str:
        event = str(entry.get("event"))
        params = {k: v for k, v in entry.items() if k not in ("turn", "phase", "event", "text")}
        f = self.fields(params)
        if event in ("place", "remove", "attack"):
            extra = ""
            if params.get("distance_penalty"):
                extra += self.t("ideology_log_extra_penalty", count=params["distance_penalty"])
            if event == "attack" and params.get("defence_advance"):
                extra += self.t("ideology_log_extra_defence", advance=f["defence_advance"])
            f["extra"] = extra
        if event == "conflict_won":
            key = (
                "ideology_log_conflict_attacker"
                if params.get("attacker_wins")
                else ("ideology_log_conflict_defender")
            )
            return self.t(key, **f)
        if event == "status":
            players = params.get("players", [])
            choices = params.get("choices", [])
            if len(players) == 2 and len(choices) == 2:
                return self.t(
                    "ideology_log_status",
                    a=self.player(players[0]),
                    b=self.player(players[1]),
                    a_choice=self.status(choices[0]),
                    b_choice=self.status(choices[1]),
                    status=self.status(str(params.get("status"))),
                )
        if event == "turn_order":
            order = params.get("order", [])
            influence = params.get("influence", [])
            listed = self.join(
                [f"{self.player(p)} {n}" for p, n in zip(order, influence, strict=False)]
            )
            return self.t("ideology_log_turn_order", order=listed)
        if event == "game_end":
            key = _GAME_END_KEYS.get(str(params.get("reason")), "ideology_log_game_end")
            return self.t(key, **f)
        if event == "done" and entry.get("phase") in ("exchange", "development", "diplomacy"):
            return self.t(f"ideology_log_done_{entry['phase']}", **f)
        key = f"ideology_log_{event}"
        if self.t(key) == key:
            return self.t("ideology_log_unknown", event=event)
        return self.t(key, **f)

    def error(self, code: str, params: dict[str, Any]) -> str:
        key = f"ideology_error_{code}"
        text = self.t(key, **self.fields(params)) if params else self.t(key)
        if text == key:
            return self.t("ideology_error_unknown")
        return text
