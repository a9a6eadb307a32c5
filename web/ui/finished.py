"""Finished games kept on the tablet, a short list per game, so they can be looked back
at (reviewed) and exported later. Pure Python, no browser import.

When a game of either game ends, its screen calls :func:`game_finished` once (the one
hook of the game's end: ``ui.games.GameScreen`` calls it when a save finds the game
over; statistics may hang on it too). The game's session document, exactly as its
autosave holds it, goes into the game's list with a small summary (players, seats,
winner, length, Stratego army) and the date.

Each game's list is one key, ``tablero.finished.<game>``::

    {"format": "tablero-finished", "version": 1,
     "games": [{"id": "…", "game": "stratego", "ended": "2026-12-01T20:01:00Z",
                "summary": {...}, "session": {...}}, ...]}   # newest first

At most :data:`KEEP` games stay; the oldest goes first. When the browser refuses the
write (storage full), older finished games are dropped one by one until the new one
fits, and the result says how many went (:class:`Kept`); nothing else is touched: the
autosave and the named saves are never dropped for a finished game. An entry that
cannot be read is left out of the list, and the list says how many were
(:attr:`Listing.skipped`).

>>> from ui.store import MemoryStorage
>>> storage = MemoryStorage()
>>> kept = keep(storage, "stratego", {"game": "stratego"}, {"players": ["Ana", "Luis"]},
...             now="2026-12-01T20:00:00Z")
>>> kept.ok, kept.dropped, [entry.ended for entry in load(storage, "stratego").entries]
(True, 0, ['2026-12-01T20:00:00Z'])
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.saves import parse_json
from ui import store

if TYPE_CHECKING:
    from ui.games import GameSpec
    from ui.saves import Entry

FORMAT = "tablero-finished"
VERSION = 1
KEY_PREFIX = "tablero.finished."
#: How many finished games each game keeps (the oldest is dropped first).
KEEP = 10


def key(game: str) -> str:
    return f"{KEY_PREFIX}{game}"


@dataclass
class Finished:
    """One finished game: its session document and what the list shows of it."""

    id: str
    game: str
    ended: str  # ISO date, UTC
    summary: dict[str, Any]
    session: dict[str, Any] = field(repr=False)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game,
            "ended": self.ended,
            "summary": self.summary,
            "session": self.session,
        }

    @classmethod
    def from_dict(cls, data: object, game: str) -> Finished | None:
        """An entry as stored, or None when it is not one (damaged, another game's)."""
        if not isinstance(data, dict):
            return None
        found = {name: data.get(name) for name in ("id", "game", "ended", "summary", "session")}
        if found["game"] != game or not isinstance(found["session"], dict):
            return None
        if not isinstance(found["summary"], dict):
            return None
        if not all(isinstance(found[name], str) and found[name] for name in ("id", "ended")):
            return None
        if found["session"].get("game") != game:
            return None
        return cls(str(found["id"]), game, str(found["ended"]), found["summary"], found["session"])

    def save_entry(self, name: str) -> Entry:
        """The game as a named save's envelope (for an export the saved-games screen's
        import reads back)."""
        from ui.saves import Entry

        return Entry(
            self.id, "", name, self.game, self.ended, self.ended, self.summary, self.session
        )


@dataclass
class Listing:
    """A game's finished games, newest first, and how many stored ones were unreadable."""

    entries: list[Finished]
    skipped: int = 0


@dataclass
class Kept:
    """What became of a finished game: ``ok`` (kept), ``dropped`` older finished games
    to make room (storage full), ``already`` (the same game was kept before)."""

    ok: bool
    dropped: int = 0
    already: bool = False
    entry: Finished | None = None


def load(storage: Any, game: str) -> Listing:
    """The game's finished games, newest first; unreadable ones skipped and counted."""
    text = store.read_item(storage, key(game))
    if not text:
        return Listing([])
    try:
        data = parse_json(text)
    except ValueError:
        return Listing([], skipped=1)
    games = data.get("games") if isinstance(data, dict) else None
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(games, list):
        return Listing([], skipped=1)
    entries = [Finished.from_dict(item, game) for item in games]
    # Kept in the order the games ended (the newest first), whatever the tablet's clock said.
    readable = [entry for entry in entries if entry is not None]
    return Listing(readable, skipped=len(entries) - len(readable))


def _text(entries: list[Finished]) -> str:
    document = {
        "format": FORMAT,
        "version": VERSION,
        "games": [entry.to_dict() for entry in entries],
    }
    return json.dumps(document, ensure_ascii=False, separators=(",", ":"))


def _write(storage: Any, game: str, entries: list[Finished]) -> bool:
    if storage is None:
        return False
    try:
        storage.setItem(key(game), _text(entries))
    except Exception:
        return False
    return True


def keep(
    storage: Any,
    game: str,
    session: dict[str, Any],
    summary: dict[str, Any],
    *,
    now: str | None = None,
) -> Kept:
    """Put a finished game at the top of its game's list (at most :data:`KEEP`); older
    ones are dropped while the storage refuses the list."""
    from ui.saves import new_id, now_iso

    listing = load(storage, game)
    if listing.entries and listing.entries[0].session == session:
        return Kept(ok=True, already=True, entry=listing.entries[0])
    entry = Finished(new_id(), game, now or now_iso(), summary, session)
    older = listing.entries[: KEEP - 1]
    for dropped in range(len(older) + 1):
        if _write(storage, game, [entry, *older[: len(older) - dropped]]):
            return Kept(ok=True, dropped=dropped, entry=entry)
    return Kept(ok=False, dropped=0)


def get(storage: Any, game: str, entry_id: str) -> Finished | None:
    return next((entry for entry in load(storage, game).entries if entry.id == entry_id), None)


def delete(storage: Any, game: str, entry_id: str) -> bool:
    """Remove one finished game; whether it was there and the list was written."""
    entries = load(storage, game).entries
    kept = [entry for entry in entries if entry.id != entry_id]
    if len(kept) == len(entries):
        return False
    return _write(storage, game, kept)


def game_finished(storage: Any, spec: GameSpec, session: Any, *, now: str | None = None) -> Kept:
    """THE hook of a game's end, for every game: ``session`` (the game's session object,
    whose ``to_json()`` its autosave holds) has just ended. Keeps it in the game's
    finished games with its summary (``spec.describe``: players, seats, winner, length,
    army). Called once per game by ``ui.games.GameScreen``; keeping the same game twice
    is harmless (``Kept.already``)."""
    from ui.saves import SaveProblem

    document = parse_json(session.to_json())
    try:
        summary = spec.describe(document)
    except SaveProblem:
        return Kept(ok=False)
    return keep(storage, spec.name, document, summary, now=now)
