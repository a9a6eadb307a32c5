"""Statistics of the games finished on this tablet (no browser import; tested on CPython).

Each finished game is kept once as a small :class:`Record` (who played which seat, who
won, the game and its variant, its length) in one versioned document under
``tablero.stats``; every figure on the statistics screen is counted from those records.
A game's id is a digest of its engine save (setups or seed, and every move) and of who
played it, so the same finished game seen again (a reload, another visit to its end
screen, an import of the same file) is never counted twice. (Two games alike in every
move, setup and player count as one: only a rematch resigned at once could be.)

Length is in moves for Stratego (each side's move counts one) and in turns for Ideology.

>>> records = [Record("a", "stratego", "classic", (Seat("Ana", "person", True),
...     Seat("Computer", "easy", False)), 40, "2026-12-01T10:00:00Z")]
>>> [(row.name, row.played, row.won) for row in player_rows(records, "stratego/classic")]
[('Ana', 1, 1)]
"""

from __future__ import annotations

import hashlib
import importlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from engine.saves import parse_json
from ui.computer import PERSON
from ui.store import read_item

KEY = "tablero.stats"
FORMAT = "tablero-stats"
VERSION = 1
#: The oldest records go first beyond this many (a few hundred bytes each).
MAX_GAMES = 1000
#: The largest statistics file read on import (bytes).
MAX_FILE_BYTES = 2_000_000
#: The games and variants, in the order the screen shows them.
KINDS = ("stratego/classic", "stratego/barrage", "stratego/duel", "ideology/")


class StatsProblem(ValueError):
    """A statistics file or a write refused: ``code`` names it (``stats_error_<code>``)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


@dataclass(frozen=True)
class Seat:
    #: The name the players gave (for an unnamed Ideology seat: its ideology).
    name: str
    #: "person" or the computer's level.
    kind: str
    won: bool


@dataclass(frozen=True)
class Record:
    id: str
    game: str
    #: Stratego's army ("classic", "barrage", "duel"); "" for Ideology.
    variant: str
    seats: tuple[Seat, ...]
    length: int
    finished: str

    @property
    def kind(self) -> str:
        return f"{self.game}/{self.variant}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game,
            "variant": self.variant,
            "seats": [[s.name, s.kind, s.won] for s in self.seats],
            "length": self.length,
            "finished": self.finished,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Record:
        """A record read from storage or a file; raises StatsProblem ``damaged``."""
        try:
            seats = tuple(
                Seat(str(name)[:40], str(kind)[:20], bool(won)) for name, kind, won in data["seats"]
            )
            record = cls(
                id=str(data["id"])[:64],
                game=str(data["game"]),
                variant=str(data["variant"]),
                seats=seats,
                length=int(data["length"]),
                finished=str(data["finished"])[:40],
            )
        except (KeyError, TypeError, ValueError) as problem:
            raise StatsProblem("damaged") from problem
        if record.kind not in KINDS or not seats or record.length < 0:
            raise StatsProblem("damaged")
        return record


def game_id(game: str, engine_save: str, extra: object = "") -> str:
    """The id of a finished game: a digest of its engine save (the whole game)."""
    digest = hashlib.sha256(f"{game}\n{extra}\n{engine_save}".encode()).hexdigest()
    return digest[:24]


# --- storage --------------------------------------------------------------------------------


def document(records: Iterable[Record]) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "games": [r.to_dict() for r in records]}


def parse(text: str) -> list[Record]:
    """The records of a statistics document; raises StatsProblem ``foreign`` (not a
    statistics file), ``newer_version`` or ``damaged``."""
    try:
        data = parse_json(text)
    except ValueError as problem:
        raise StatsProblem("damaged") from problem
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise StatsProblem("foreign")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise StatsProblem("damaged")
    if version > VERSION:
        raise StatsProblem("newer_version")
    games = data.get("games")
    if not isinstance(games, list):
        raise StatsProblem("damaged")
    return [Record.from_dict(game) for game in games]


def load(storage: Any) -> list[Record]:
    """The records kept on this tablet (none when nothing, or nothing readable, is kept)."""
    text = read_item(storage, KEY)
    if not text:
        return []
    try:
        return parse(text)
    except StatsProblem:
        return []


def _write(storage: Any, records: list[Record]) -> None:
    if storage is None:
        raise StatsProblem("storage")
    try:
        storage.setItem(KEY, json.dumps(document(records[-MAX_GAMES:]), ensure_ascii=False))
    except Exception as problem:
        raise StatsProblem("storage") from problem


def record(storage: Any, found: Record) -> bool:
    """Count a finished game once: False (nothing written) if it is counted already or
    the browser refused the write."""
    kept = load(storage)
    if any(r.id == found.id for r in kept):
        return False
    try:
        _write(storage, [*kept, found])
    except StatsProblem:
        return False
    return True


def record_session(storage: Any, game: str, session: Any) -> bool:
    """The game-end hook: count the finished game a game's session holds (its
    ``ui.<game>.saves.outcome`` makes the record)."""
    module = importlib.import_module(f"ui.{game}.saves")
    found = module.outcome(session)
    return found is not None and record(storage, found)


def reset(storage: Any) -> None:
    """Forget every record (raises StatsProblem ``storage`` if the browser refuses)."""
    _write(storage, [])


def export_text(records: list[Record]) -> str:
    return json.dumps(document(records), ensure_ascii=False, indent=1)


def import_text(storage: Any, text: str) -> int:
    """Add the games of a statistics file to those kept (a game already kept is not
    counted again); how many were new. The whole file is checked first: a foreign or
    damaged one changes nothing (StatsProblem)."""
    if len(text) > MAX_FILE_BYTES:
        raise StatsProblem("too_large")
    incoming = parse(text)
    kept = load(storage)
    known = {r.id for r in kept}
    new = []
    for found in incoming:
        if found.id not in known:
            known.add(found.id)
            new.append(found)
    if new:
        merged = sorted([*kept, *new], key=lambda r: r.finished)
        _write(storage, merged)
    return len(new)


# --- figures ---------------------------------------------------------------------------------


@dataclass
class Row:
    """One person's figures in one game (and variant), or against one kind of opponent."""

    name: str
    played: int = 0
    won: int = 0
    streak: int = 0
    best_streak: int = 0
    opponents: dict[str, list[int]] = field(default_factory=dict)  # kind -> [played, won]

    def add(self, won: bool, opponents: Iterable[str]) -> None:
        self.played += 1
        self.won += won
        self.streak = self.streak + 1 if won else 0
        self.best_streak = max(self.best_streak, self.streak)
        for kind in sorted(set(opponents)):
            tally = self.opponents.setdefault(kind, [0, 0])
            tally[0] += 1
            tally[1] += won


def of_kind(records: Iterable[Record], kind: str) -> list[Record]:
    return [r for r in records if r.kind == kind]


def player_rows(records: Iterable[Record], kind: str) -> list[Row]:
    """Each person's games of ``kind`` (in the order played), most wins first. Opponents
    are "person" or a computer's level: a game against two kinds counts for each."""
    rows: dict[str, Row] = {}
    for found in sorted(of_kind(records, kind), key=lambda r: r.finished):
        for index, seat in enumerate(found.seats):
            if seat.kind != PERSON:
                continue
            others = [s.kind for i, s in enumerate(found.seats) if i != index]
            rows.setdefault(seat.name, Row(seat.name)).add(seat.won, others)
    return sorted(rows.values(), key=lambda row: (-row.won, -row.played, row.name))


def average_length(records: Iterable[Record], kind: str) -> float | None:
    lengths = [r.length for r in of_kind(records, kind)]
    return sum(lengths) / len(lengths) if lengths else None


def outcome_of(
    game: str,
    variant: str,
    engine_save: str,
    seats: list[tuple[str, str, bool]],
    length: int,
    finished: str,
    extra: object = "",
) -> Record:
    """A record from what a game's ``outcome`` reads off its session. Its id is the
    game's whole save with who played it: the same game seen again is the same record."""
    who = [(name, kind) for name, kind, _won in seats]
    return Record(
        id=game_id(game, engine_save, (extra, who)),
        game=game,
        variant=variant,
        seats=tuple(Seat(" ".join(name.split())[:40], kind, won) for name, kind, won in seats),
        length=length,
        finished=finished,
    )
