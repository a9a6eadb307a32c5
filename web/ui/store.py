"""A game-agnostic autosave in the browser's local storage (any object with
``getItem``/``setItem``/``removeItem``; :class:`MemoryStorage` stands in for it in tests).

Keys of one game (``tablero.<game>.…``): two slots (``save.a``, ``save.b``) holding the
game's own text, a pointer (``current``) naming the slot of the latest save, and
``revisions``, the revision number each slot holds. A write puts the new text into the
slot the pointer does *not* name, records its revision, and only then switches the
pointer: a write the browser refuses (storage full or disabled) leaves the previous
save whole, and the result says so instead of raising.

**Revisions (two windows on one game).** Every save carries a revision, one more than
any before it. A window remembers the revision it loaded or last wrote and states it
when it writes (:func:`write` with ``replaces``); if the stored game has moved on since
(another window wrote), the write is refused with ``MOVED_ON`` and nothing changes. An
idle window learns of another window's writes from the browser's ``storage`` event:
:func:`games_changed` tells which games an event's key belongs to, :func:`reaction`
whether to do nothing, reload, or stop writing and offer a reload.

**Recovery.** :func:`recover` reads the latest save with the game's own parser (which
replays it) and falls back to the other slot when that save is missing, empty, cut
short, unreadable or refused by the game, or when the pointer is missing or garbage.
The pointer then moves to the copy that was used, so the next write goes into the
damaged slot and never over the last intact copy, and the result says ``recovered``
(every later read says so too, until the next save).

>>> storage = MemoryStorage()
>>> first = write(storage, "ideology", '{"turn": 1}', replaces=None)
>>> first.status, first.revision, load(storage, "ideology")
('saved', 1, '{"turn": 1}')
>>> write(storage, "ideology", '{"turn": 2}', replaces=None).status  # it replaces 1
'moved_on'
>>> write(storage, "ideology", '{"turn": 2}', replaces=1).revision
2
>>> storage.getItem(pointer_key("ideology"))
'tablero.ideology.save.b'
>>> write(MemoryStorage(limit=3), "ideology", "too long", replaces=None).status
'refused'
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Final, Generic, Literal, TypeVar

from engine.saves import parse_json

T = TypeVar("T")

#: What a write did: stored; refused by the browser (storage full or disabled, the
#: previous save intact); or refused because another window saved the game since.
SAVED: Final = "saved"
REFUSED: Final = "refused"
MOVED_ON: Final = "moved_on"
WriteStatus = Literal["saved", "refused", "moved_on"]

#: What a window does when the stored game may have changed (:func:`reaction`).
FINE: Final = "fine"
RELOAD: Final = "reload"
REFUSE: Final = "refuse"
Reaction = Literal["fine", "reload", "refuse"]


def pointer_key(game: str) -> str:
    return f"tablero.{game}.current"


def slots(game: str) -> tuple[str, str]:
    return (f"tablero.{game}.save.a", f"tablero.{game}.save.b")


def revisions_key(game: str) -> str:
    return f"tablero.{game}.revisions"


def recovered_key(game: str) -> str:
    """The revision the game was last recovered to (so that every screen that opens it
    before the next save can say it resumed one move earlier)."""
    return f"tablero.{game}.recovered"


def keys(game: str) -> tuple[str, ...]:
    """Every key of the game's autosave."""
    return (pointer_key(game), *slots(game), revisions_key(game), recovered_key(game))


class MemoryStorage:
    """A dictionary with the localStorage methods; ``limit`` imitates a full quota,
    ``disabled`` a browser that blocks storage (every call throws)."""

    def __init__(self, limit: int | None = None, *, disabled: bool = False) -> None:
        self.items: dict[str, str] = {}
        self.limit = limit
        self.disabled = disabled

    def _check(self) -> None:
        if self.disabled:
            raise OSError("SecurityError")

    def getItem(self, key: str) -> str | None:
        self._check()
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        self._check()
        if self.limit is not None:
            used = sum(len(v) for k, v in self.items.items() if k != key)
            if used + len(value) > self.limit:
                raise OSError("QuotaExceededError")
        self.items[key] = str(value)

    def removeItem(self, key: str) -> None:
        self._check()
        self.items.pop(key, None)

    @property
    def length(self) -> int:
        return len(self.items)

    def key(self, index: int) -> str | None:
        keys = list(self.items)
        return keys[index] if 0 <= index < len(keys) else None


def read_item(storage: Any, key: str) -> str | None:
    """One stored value, or None when it is missing or the storage refuses to answer."""
    if storage is None:
        return None
    try:
        value = storage.getItem(key)
    except Exception:
        return None
    # In the browser a missing key is JavaScript's null, which Pyodide may hand over as
    # its own ``JsNull`` object rather than None.
    if value is None or type(value).__name__ in ("JsNull", "JsUndefined"):
        return None
    return str(value)


# --------------------------------------------------------------------------- revisions


def _revisions(storage: Any, game: str) -> dict[str, int]:
    """Slot key -> revision it holds (a slot written before revisions existed: 0)."""
    text = read_item(storage, revisions_key(game))
    try:
        data = parse_json(text) if text else {}
    except ValueError:
        data = {}
    found = data if isinstance(data, dict) else {}
    return {
        slot: value
        for slot, value in found.items()
        if slot in slots(game) and isinstance(value, int) and not isinstance(value, bool)
    }


def _filled(storage: Any, slot: str) -> bool:
    text = read_item(storage, slot)
    return bool(text and text.strip())


def _current_slot(storage: Any, game: str, revisions: dict[str, int]) -> str | None:
    """The slot of the latest save: the pointer's unless it is empty or the pointer is
    lost, then the filled slot with the highest revision; None when both are empty."""
    filled = [slot for slot in slots(game) if _filled(storage, slot)]
    named = read_item(storage, pointer_key(game))
    if named in filled:
        return named
    if not filled:
        return None
    return max(filled, key=lambda slot: revisions.get(slot, 0))


def current_revision(storage: Any, game: str) -> int | None:
    """The revision of the game's latest save; None when nothing is saved."""
    revisions = _revisions(storage, game)
    slot = _current_slot(storage, game, revisions)
    return None if slot is None else revisions.get(slot, 0)


# --------------------------------------------------------------------------- writing


@dataclass(frozen=True)
class Written:
    """The result of :func:`write`.

    ``revision``: when saved, the new save's revision (state it in the next write);
    otherwise the revision stored now (another window's, when ``MOVED_ON``).
    """

    status: WriteStatus
    revision: int | None

    @property
    def ok(self) -> bool:
        return self.status == SAVED


def write(storage: Any, game: str, text: str, *, replaces: int | None) -> Written:
    """Store ``text`` as the game's latest save if the stored one is still revision
    ``replaces`` (None: nothing was saved). Never raises."""
    return _write(storage, game, text, replaces, check=True)


def save(storage: Any, game: str, text: str) -> bool:
    """Store ``text`` whatever is stored now (opening a named save, which the players
    confirmed); False (and the old save intact) if the browser refused."""
    return _write(storage, game, text, None, check=False).ok


def _write(storage: Any, game: str, text: str, replaces: int | None, *, check: bool) -> Written:
    if storage is None:
        return Written(REFUSED, None)
    revisions = _revisions(storage, game)
    current = _current_slot(storage, game, revisions)
    stored = None if current is None else revisions.get(current, 0)
    if check and stored != replaces:
        return Written(MOVED_ON, stored)
    a, b = slots(game)
    target = b if current == a else a
    revision = max([*revisions.values(), replaces or 0, stored or 0]) + 1
    try:
        storage.setItem(target, text)
        storage.setItem(revisions_key(game), _revisions_text({**revisions, target: revision}))
        storage.setItem(pointer_key(game), target)
    except Exception:
        return Written(REFUSED, stored)
    return Written(SAVED, revision)


def _revisions_text(revisions: dict[str, int]) -> str:
    return json.dumps(revisions, separators=(",", ":"), sort_keys=True)


# --------------------------------------------------------------------------- reading


@dataclass(frozen=True)
class Loaded(Generic[T]):
    """The result of :func:`recover`.

    ``value``: the parsed save (None: no game, or none of the copies could be read);
    ``text``: its stored text; ``revision``: the revision to state in the next write;
    ``recovered``: the latest save was damaged, this is the copy before it (the players
    resume one move earlier); ``damaged``: a save was there but no copy could be read.
    """

    value: T | None
    text: str | None = None
    revision: int | None = None
    recovered: bool = False
    damaged: bool = False


def recover(storage: Any, game: str, parse: Callable[[str], T]) -> Loaded[T]:
    """The game's latest save that ``parse`` accepts (the games' parsers replay every
    move), falling back to the other slot; see :class:`Loaded`. Never raises."""
    if storage is None:
        return Loaded(None)
    revisions = _revisions(storage, game)
    current = _current_slot(storage, game, revisions)
    named = read_item(storage, pointer_key(game))
    a, b = slots(game)
    order = [current, b if current == a else a] if current is not None else []
    damaged = named is not None
    for slot in order:
        text = read_item(storage, slot)
        if not text or not text.strip():
            damaged = True
            continue
        try:
            value = parse(text)
        except Exception:  # damaged or tampered: expected, not a bug to report
            damaged = True
            continue
        revision = revisions.get(slot, 0)
        if slot != named:
            # Make the copy in use the latest: the next write goes into the damaged slot.
            with contextlib.suppress(Exception):
                storage.setItem(pointer_key(game), slot)
                storage.setItem(recovered_key(game), str(revision))
            return Loaded(value, text, revision, recovered=True)
        # Recovered earlier (by the home screen, say) and not saved since: still true.
        recovered = read_item(storage, recovered_key(game)) == str(revision)
        return Loaded(value, text, revision, recovered=recovered)
    return Loaded(None, revision=current_revision(storage, game), damaged=damaged)


def load(storage: Any, game: str) -> str | None:
    """The text of the game's latest save that is not empty (no parsing)."""
    return recover(storage, game, str).text


def load_parsed(storage: Any, game: str, parse: Callable[[str], T]) -> T | None:
    """The game's latest readable save, parsed (see :func:`recover`); None when there is
    none (a damaged autosave must not stop the app: the players start a new game)."""
    return recover(storage, game, parse).value


def clear(storage: Any, game: str) -> None:
    """Forget the game's save. The revisions stay, so that a window still holding the
    cleared game cannot write it back over a new one."""
    if storage is None:
        return
    with contextlib.suppress(Exception):
        storage.removeItem(pointer_key(game))
        for slot in slots(game):
            storage.removeItem(slot)


# --------------------------------------------------------------------------- other windows


def games_changed(key: str | None, games: Iterable[str]) -> tuple[str, ...]:
    """Which games' autosaves a ``storage`` event is about (its ``key``; None when the
    whole storage was cleared).

    >>> games_changed("tablero.stratego.current", ("stratego", "ideology"))
    ('stratego',)
    >>> games_changed(None, ("stratego", "ideology"))
    ('stratego', 'ideology')
    >>> games_changed("tablero.settings", ("stratego", "ideology"))
    ()
    """
    return tuple(game for game in games if key is None or key in keys(game))


def reaction(storage: Any, game: str, known: int | None, *, busy: bool) -> Reaction:
    """What a window holding revision ``known`` of ``game`` does now that the storage
    may have changed: ``FINE`` (nothing moved), ``RELOAD`` (another window saved the
    game: an idle window loads it again), or ``REFUSE`` (the window is in the middle of
    something: it stops saving and offers a reload; "This game continued in another
    window")."""
    if current_revision(storage, game) == known:
        return FINE
    return REFUSE if busy else RELOAD
