"""Named saved games in the browser's local storage, and their export and import.

Pure Python, no browser import: the storage is anything with ``getItem``/``setItem``/
``removeItem`` (``window.localStorage``, or :class:`ui.store.MemoryStorage` in tests).

Each save is a versioned *envelope*::

    {"format": "tablero-save", "version": 1, "id": "…", "name": "Sunday game",
     "game": "stratego" | "ideology", "created": "2026-11-30T05:41:30Z",
     "updated": "…", "summary": {"players": [...], "turn": 12, "stage": "play"},
     "session": {… the game's own session document, as its autosave holds it …}}

stored under a key of its own (``tablero.saves.<id>.<revision>``). One index key
(``tablero.saves.index``, versioned too) lists the keys of every save. A change writes
the new documents under new keys first and only then switches the index: if the browser
refuses any write (storage full, storage disabled), what was written is taken back and
the index, hence every save, is exactly as before.

An export file is a JSON list of envelopes. An import checks *everything* first (JSON,
envelope, known game, version, the game's own session replayed by its engine, so a
tampered move is caught) and then stores all of the file's saves or none.

Every refusal is a :class:`SaveProblem` with a stable ``code`` and ``params``; the UI
shows ``saves_error_<code>`` from the string tables.

>>> from ui.store import MemoryStorage
>>> storage = MemoryStorage()
>>> list_saves(storage)
[]
>>> load_index(MemoryStorage(limit=0)) == []
True
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import traceback
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, ClassVar, Protocol

from engine.errors import SetupError
from engine.saves import parse_json
from ui import store
from ui.games import GAMES, spec

FORMAT = "tablero-save"
VERSION = 1
INDEX_KEY = "tablero.saves.index"
INDEX_FORMAT = "tablero-saves-index"
INDEX_VERSION = 1
KEY_PREFIX = "tablero.saves."
MAX_NAME = 60
#: The largest file an import reads (bytes). A browser gives a site about 5 MB of local
#: storage (5 MiB of text in Chromium, Firefox and Safari), so no tablet holds more
#: saves than that; an export of all of them is indented (about 1.6 times the stored
#: size for long Ideology games). Twice the storage is room for any real export, and a
#: larger file could never be stored: it is refused before it is read.
MAX_FILE_BYTES = 10_000_000


class SaveProblem(ValueError):
    """Why a save could not be read, written or imported: a code and its params.

    The UI shows the string ``saves_error_<code>`` filled with ``params``.
    """

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params: dict[str, Any] = params

    def key(self) -> str:
        return f"saves_error_{self.code}"


@dataclass
class Entry:
    """One named save as the list shows it (and the envelope it came from)."""

    id: str
    key: str
    name: str
    game: str
    created: str
    updated: str
    summary: dict[str, Any]
    session: dict[str, Any] = field(repr=False)

    def envelope(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "id": self.id,
            "name": self.name,
            "game": self.game,
            "created": self.created,
            "updated": self.updated,
            "summary": self.summary,
            "session": self.session,
        }


# --------------------------------------------------------------------------- helpers


def now_iso(moment: datetime | None = None) -> str:
    return (moment or datetime.now(UTC)).strftime("%Y-%m-%dT%H:%M:%SZ")


def clean_name(name: object) -> str:
    """A save name on one line, without surrounding spaces, at most MAX_NAME characters."""
    return " ".join(str(name).split())[:MAX_NAME]


def new_id() -> str:
    stamp = int(datetime.now(UTC).timestamp() * 1000)
    return f"{stamp:x}{random.randrange(16**6):06x}"


def local_date(iso: str, offset_minutes: int = 0) -> str:
    """``2026-11-30 06:41`` in the tablet's time (``offset_minutes`` east of UTC).

    >>> local_date("2026-11-30T05:41:30Z", 60)
    '2026-11-30 06:41'
    >>> local_date("yesterday")
    'yesterday'
    """
    try:
        moment = datetime.strptime(iso, "%Y-%m-%dT%H:%M:%SZ")
    except (TypeError, ValueError):
        return str(iso)
    return (moment + timedelta(minutes=offset_minutes)).strftime("%Y-%m-%d %H:%M")


def describe(game: str, session: object) -> dict[str, Any]:
    """The game's own check of a session document (replayed by its engine): a summary.

    Raises SaveProblem: ``unknown_game``, ``damaged``, ``illegal`` or ``newer_version``.
    """
    found = spec(game)
    if found is None:
        raise SaveProblem("unknown_game", game=str(game))
    if not isinstance(session, dict):
        raise SaveProblem("damaged")
    return found.describe(session)


class SavedSession(Protocol):
    """What each game's UI ``Session`` class says of its saved documents."""

    #: The document's ``game``.
    GAME: ClassVar[str]
    #: The field holding the document's version, and the newest version this app reads.
    VERSION_FIELD: ClassVar[str]
    VERSION: ClassVar[int]

    @classmethod
    def from_document(cls, document: dict[str, Any]) -> Any: ...


def load_session(session: dict[str, Any], kind: type[SavedSession]) -> Any:
    """Load one game's session document as every game's ``describe`` must: the right
    game, a version this app knows, and every move replayed by the engine
    (``kind.from_document``).

    Raises SaveProblem ``damaged``, ``newer_version``, ``illegal`` when the engine
    refused a move (``illegal_action``: the file was tampered with),
    ``bad_setup`` (an army that is not a legal setup), ``inconsistent`` (parts of the
    session contradict each other) or ``nested`` (JSON nested absurdly deep).

    >>> from ui.stratego.session import Session
    >>> load_session({"game": "chess"}, Session)
    Traceback (most recent call last):
      ...
    ui.saves.SaveProblem: damaged
    >>> load_session({"game": "stratego", "format": 99}, Session)
    Traceback (most recent call last):
      ...
    ui.saves.SaveProblem: newer_version
    """
    if session.get("game") != kind.GAME:
        raise SaveProblem("damaged")
    version, supported = session.get(kind.VERSION_FIELD), kind.VERSION
    if isinstance(version, int) and not isinstance(version, bool) and version > supported:
        raise SaveProblem("newer_version", version=version, supported=supported)
    try:
        return kind.from_document(session)
    except (KeyError, TypeError, AttributeError):
        raise SaveProblem("damaged") from None
    except ValueError as error:  # the engines' SaveError, or malformed content
        code = getattr(error, "code", None)
        params = getattr(error, "params", {})
        if code == "illegal_action":
            index = params.get("index")
            move = int(index) + 1 if isinstance(index, int) else 0
            raise SaveProblem("illegal", move=move) from None
        if isinstance(error, SetupError) or code == "bad_setup":
            raise SaveProblem("bad_setup") from None
        if code == "inconsistent":
            raise SaveProblem("inconsistent") from None
        if code == "bad_json" and params.get("detail") == "depth":
            raise SaveProblem("nested") from None
        raise SaveProblem("damaged") from None
    except Exception:  # a session that breaks the game's code: refused all the same
        traceback.print_exc()
        raise SaveProblem("damaged") from None


def _parse_json(text: str) -> Any:
    """A file's JSON; SaveProblem ``empty``, ``nested`` (absurdly deep: refused before
    parsing, which would exhaust the browser's stack and stop Python for good),
    ``truncated`` or ``not_json``."""
    if not text.strip():
        raise SaveProblem("empty")
    try:
        return parse_json(text)
    except ValueError as error:
        if getattr(error, "params", {}).get("detail") == "depth":
            raise SaveProblem("nested") from None
    try:  # not JSON: parsed again (its depth is known to be sane) to say where
        json.loads(text)
    except json.JSONDecodeError as error:
        # A file cut short fails at its very end (or inside a string that never closes).
        if error.pos >= len(text.rstrip()) or error.msg.startswith("Unterminated"):
            raise SaveProblem("truncated") from None
        raise SaveProblem("not_json", line=error.lineno) from None
    except ValueError:  # e.g. a number too long to read
        pass
    raise SaveProblem("not_json", line=1)


# --------------------------------------------------------------------------- versions


def _from_version_0(document: dict[str, Any]) -> dict[str, Any]:
    """Version 0 (the first drafts): ``name``, ``game``, ``saved`` and ``session`` only."""
    saved = document.get("saved") or document.get("date")
    migrated = dict(document)
    migrated.pop("saved", None)
    migrated.pop("date", None)
    migrated["version"] = 1
    migrated.setdefault("id", "")
    migrated.setdefault("created", saved)
    migrated.setdefault("updated", saved)
    migrated.setdefault("summary", {})
    return migrated


#: version -> function turning that version's envelope into the next version's.
MIGRATIONS = {0: _from_version_0}


def migrate(document: dict[str, Any]) -> dict[str, Any]:
    """The envelope in the current version; ``newer_version`` if this app is too old.

    >>> migrate({"format": "tablero-save", "version": 0, "name": "x", "game": "stratego",
    ...          "saved": "2025-01-01T00:00:00Z", "session": {}})["created"]
    '2025-01-01T00:00:00Z'
    >>> migrate({"format": "tablero-save", "version": 2})
    Traceback (most recent call last):
      ...
    ui.saves.SaveProblem: newer_version
    """
    version = document.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 0:
        raise SaveProblem("damaged")
    if version > VERSION:
        raise SaveProblem("newer_version", version=version, supported=VERSION)
    while version < VERSION:
        document = MIGRATIONS[version](document)
        version = document["version"]
    return document


def check_envelope(document: object, *, now: str | None = None) -> Entry:
    """Everything about one envelope checked, its session replayed: an Entry (no key yet)."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise SaveProblem("not_a_save")
    document = migrate(document)
    game = document.get("game")
    if not isinstance(game, str) or spec(game) is None:
        raise SaveProblem("unknown_game", game=str(game))
    name = clean_name(document.get("name") or "")
    if not isinstance(document.get("name"), str) or not name:
        raise SaveProblem("damaged")
    try:
        summary = describe(game, document.get("session"))
    except SaveProblem as problem:
        problem.params.setdefault("name", name)
        raise
    stamp = now or now_iso()
    created = document.get("created")
    updated = document.get("updated")
    return Entry(
        id=str(document.get("id") or ""),
        key="",
        name=name,
        game=game,
        created=created if isinstance(created, str) and created else stamp,
        updated=updated if isinstance(updated, str) and updated else stamp,
        summary=summary,
        session=document["session"],
    )


# --------------------------------------------------------------------------- the index


def _require(storage: Any) -> None:
    if storage is None:
        raise SaveProblem("storage_unavailable")
    try:
        storage.getItem(INDEX_KEY)
    except Exception:
        raise SaveProblem("storage_unavailable") from None


def available(storage: Any) -> bool:
    """Whether the browser lets the app read its storage at all."""
    try:
        _require(storage)
    except SaveProblem:
        return False
    return True


def _scan(storage: Any) -> list[str]:
    """Keys of saves found in the storage itself (the newest revision of each id)."""
    newest: dict[str, str] = {}
    try:
        found = [str(storage.key(i)) for i in range(int(storage.length))]
    except Exception:
        return []
    for key in sorted(found, key=_revision):
        parts = key[len(KEY_PREFIX) :].split(".")
        if key.startswith(KEY_PREFIX) and len(parts) == 2 and parts[1].isdigit():
            newest[parts[0]] = key
    return list(newest.values())


def load_index(storage: Any) -> list[str]:
    """The storage keys of every save, in the order they were stored.

    Should the index itself be missing or unreadable while saves are stored, the saves
    are found by their keys instead: a damaged index never hides a save.
    """
    text = store.read_item(storage, INDEX_KEY)
    try:
        data = parse_json(text) if text else None
    except ValueError:
        data = None
    keys = data.get("keys") if isinstance(data, dict) else None
    if (
        not isinstance(data, dict)
        or data.get("format") != INDEX_FORMAT
        or not isinstance(keys, list)
    ):
        return _scan(storage) if storage is not None else []
    return [k for k in keys if isinstance(k, str) and k.startswith(KEY_PREFIX)]


def _index_text(keys: list[str]) -> str:
    return json.dumps({"format": INDEX_FORMAT, "version": INDEX_VERSION, "keys": keys})


def _entry_key(entry_id: str, revision: int) -> str:
    return f"{KEY_PREFIX}{entry_id}.{revision}"


def _revision(key: str) -> int:
    tail = key.rsplit(".", 1)[-1]
    return int(tail) if tail.isdigit() else 0


def _commit(storage: Any, writes: dict[str, str], keys: list[str], drop: list[str]) -> None:
    """Write ``writes`` under their (new) keys, then switch the index to ``keys``.

    On any refusal, the new keys are removed again and the index is left untouched.
    Keys in ``drop`` (no longer listed) are removed only after the switch.
    """
    _require(storage)
    written: list[str] = []
    try:
        for key, text in writes.items():
            storage.setItem(key, text)
            written.append(key)
        storage.setItem(INDEX_KEY, _index_text(keys))
    except Exception:
        for key in written:
            with contextlib.suppress(Exception):
                storage.removeItem(key)
        raise SaveProblem("quota") from None
    for key in drop:
        with contextlib.suppress(Exception):
            storage.removeItem(key)


def _read_entry(storage: Any, key: str) -> Entry | None:
    text = store.read_item(storage, key)
    if not text:
        return None
    try:
        document = parse_json(text)
        if not isinstance(document, dict) or document.get("format") != FORMAT:
            return None
        document = migrate(document)
        entry = Entry(
            id=str(document["id"]),
            key=key,
            name=str(document["name"]),
            game=str(document["game"]),
            created=str(document["created"]),
            updated=str(document["updated"]),
            summary=dict(document.get("summary") or {}),
            session=dict(document["session"]),
        )
    except (ValueError, KeyError, TypeError, SaveProblem):
        return None
    return entry


def list_saves(storage: Any) -> list[Entry]:
    """Every readable save, the most recently changed first."""
    entries = [e for e in (_read_entry(storage, k) for k in load_index(storage)) if e]
    return sorted(entries, key=lambda e: e.updated, reverse=True)


def get(storage: Any, save_id: str) -> Entry:
    for key in load_index(storage):
        entry = _read_entry(storage, key)
        if entry is not None and entry.id == save_id:
            return entry
    raise SaveProblem("not_found")


def _text(entry: Entry) -> str:
    return json.dumps(entry.envelope(), ensure_ascii=False, separators=(",", ":"))


# --------------------------------------------------------------------------- changes


def save_as(
    storage: Any, game: str, session_text: str | None, name: str, *, now: str | None = None
) -> Entry:
    """Store a game's session (its autosave's text) as a new named save."""
    _require(storage)
    name = clean_name(name)
    if not name:
        raise SaveProblem("no_name")
    if not session_text:
        raise SaveProblem("no_game")
    session = _parse_json(session_text)
    summary = describe(game, session)
    stamp = now or now_iso()
    entry = Entry(new_id(), "", name, game, stamp, stamp, summary, session)
    entry.key = _entry_key(entry.id, 1)
    keys = load_index(storage)
    _commit(storage, {entry.key: _text(entry)}, [*keys, entry.key], [])
    return entry


def _replace(storage: Any, entry: Entry) -> Entry:
    keys = load_index(storage)
    old = entry.key
    entry.key = _entry_key(entry.id, _revision(old) + 1)
    _commit(storage, {entry.key: _text(entry)}, [entry.key if k == old else k for k in keys], [old])
    return entry


def rename(storage: Any, save_id: str, name: str, *, now: str | None = None) -> Entry:
    name = clean_name(name)
    if not name:
        raise SaveProblem("no_name")
    entry = get(storage, save_id)
    entry.name = name
    entry.updated = now or now_iso()
    return _replace(storage, entry)


def duplicate(storage: Any, save_id: str, name: str, *, now: str | None = None) -> Entry:
    entry = get(storage, save_id)
    stamp = now or now_iso()
    copy = Entry(
        new_id(),
        "",
        clean_name(name) or entry.name,
        entry.game,
        stamp,
        stamp,
        dict(entry.summary),
        entry.session,
    )
    copy.key = _entry_key(copy.id, 1)
    keys = load_index(storage)
    _commit(storage, {copy.key: _text(copy)}, [*keys, copy.key], [])
    return copy


def delete(storage: Any, save_id: str) -> Entry:
    entry = get(storage, save_id)
    keys = load_index(storage)
    _commit(storage, {}, [k for k in keys if k != entry.key], [entry.key])
    return entry


def in_progress(storage: Any, game: str) -> store.Loaded[dict[str, Any]]:
    """The game's autosave that opens (every move replayed; a damaged latest save falls
    back to the copy before it, see :func:`ui.store.recover`), its summary as ``value``
    (None: no game, or none that opens)."""
    if spec(game) is None:
        return store.Loaded(None)
    return store.recover(storage, game, lambda text: describe(game, _parse_json(text)))


def keep_in_progress(
    storage: Any, game: str, name_for: Callable[[dict[str, Any]], str], *, now: str | None = None
) -> Entry | None:
    """Keep the game's unfinished game as a named save (``name_for(summary)``) before
    something replaces it, such as a new game: a wrong tap then loses nothing. None when
    there is no unfinished game; SaveProblem (``quota``…) when it could not be kept."""
    loaded = in_progress(storage, game)
    if loaded.value is None or loaded.value.get("stage") == "over":
        return None
    return save_as(storage, game, loaded.text, name_for(loaded.value), now=now)


def open_save(storage: Any, save_id: str) -> Entry:
    """Check the save again, then make it its game's autosave (the game resumes from it)."""
    entry = get(storage, save_id)
    describe(entry.game, entry.session)
    text = json.dumps(entry.session, ensure_ascii=False, separators=(",", ":"))
    if not store.save(storage, entry.game, text):
        raise SaveProblem("quota")
    return entry


# --------------------------------------------------------------------------- files


def export_text(entries: list[Entry]) -> str:
    """A file's text: a JSON list of envelopes."""
    return json.dumps([e.envelope() for e in entries], ensure_ascii=False, indent=1) + "\n"


def file_slug(text: str, empty: str) -> str:
    """``text`` made safe for a file name: accents dropped ("difícil" -> "dificil"),
    lower case, anything but a letter or a digit a dash, at most 40 characters; ``empty``
    when nothing is left.

    >>> file_slug("Partida del Año: Ordenador (difícil)", "save")
    'partida-del-ano-ordenador-dificil'
    >>> file_slug(" ¿? ", "save")
    'save'
    """
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")[:40].rstrip("-") or empty


def file_name(entries: list[Entry], *, now: str | None = None) -> str:
    """``tablero-sunday-game-2026-11-30.json`` for one save, ``tablero-saves-…`` for several."""
    day = (now or now_iso())[:10]
    if len(entries) == 1:
        return f"tablero-{file_slug(entries[0].name, 'save')}-{day}.json"
    return f"tablero-saves-{day}.json"


def read_file(text: str, *, now: str | None = None, file: str = "") -> list[Entry]:
    """Every save in one file's text, each fully checked; SaveProblem at the first fault.
    A game record a game shares as text (Stratego's) is one save, named after ``file``."""
    for found in GAMES:
        document = found.read_record(text) if found.read_record is not None else None
        if document is not None:
            name = clean_name(re.sub(r"\.[A-Za-z0-9]{1,4}$", "", file)) or found.name
            envelope = {"format": FORMAT, "version": VERSION, "name": name, "game": found.name}
            return [check_envelope({**envelope, "session": document}, now=now)]
    data = _parse_json(text)
    documents = data if isinstance(data, list) else [data]
    if not documents:
        raise SaveProblem("not_a_save")
    entries = []
    for position, document in enumerate(documents, start=1):
        try:
            entries.append(check_envelope(document, now=now))
        except SaveProblem as problem:
            if len(documents) > 1:
                problem.params.setdefault("position", position)
            raise
    return entries


def megabytes(size: int, *, above: int | None = None) -> str:
    """A size in MB as people say it: ``"20"``, ``"10.3"`` (the UI localises the point);
    ``above``: a size known to be larger than that many bytes never reads as equal.

    >>> megabytes(20_004_000), megabytes(10_260_000), megabytes(10_000_001, above=10**7)
    ('20', '10.3', '10.1')
    """
    tenths = round(size / 100_000)
    if above is not None:
        tenths = max(tenths, above // 100_000 + 1)
    whole, tenth = divmod(tenths, 10)
    return f"{whole}.{tenth}" if tenth and whole < 100 else str(round(tenths / 10))


def check_size(name: str, size: int) -> None:
    """SaveProblem ``too_large`` (params ``file``, ``size`` and ``limit`` in MB) for a
    file over :data:`MAX_FILE_BYTES`: the browser layer asks before reading it.

    >>> check_size("huge.json", 20_000_000)
    Traceback (most recent call last):
      ...
    ui.saves.SaveProblem: too_large
    """
    if size > MAX_FILE_BYTES:
        raise SaveProblem(
            "too_large",
            file=name,
            size=megabytes(size, above=MAX_FILE_BYTES),
            limit=megabytes(MAX_FILE_BYTES),
        )


def import_files(
    storage: Any,
    files: list[tuple[str, str]],
    *,
    sizes: list[int] | None = None,
    now: str | None = None,
) -> list[Entry]:
    """Check every save of every file, then store them all or none.

    ``files`` holds (file name, text) pairs; ``sizes`` each file's size in bytes as the
    browser reports it (a file over :data:`MAX_FILE_BYTES` is refused without reading
    its text, which may then be empty). If any file is refused, nothing is stored: the
    first problem is raised with the file's name in ``params["file"]`` and, when there
    were several files, the names of the others in ``params["good_files"]`` (fine, but
    not imported either) and ``params["bad_files"]`` (refused too). An imported save
    whose id is already here gets a new id: an import never replaces a save.
    """
    _require(storage)
    found: list[Entry] = []
    problems: list[SaveProblem] = []
    good: list[str] = []
    for position, (name, text) in enumerate(files):
        try:
            check_size(name, sizes[position] if sizes is not None else len(text))
            found.extend(read_file(text, now=now, file=name))
        except SaveProblem as problem:
            problem.params["file"] = name
            problems.append(problem)
        else:
            good.append(name)
    if problems:
        first = problems[0]
        if len(files) > 1:
            first.params["good_files"] = good
            first.params["bad_files"] = [p.params["file"] for p in problems[1:]]
        raise first
    if not found:
        raise SaveProblem("not_a_save")
    keys = load_index(storage)
    taken = {e.id for e in (_read_entry(storage, k) for k in keys) if e}
    writes: dict[str, str] = {}
    for entry in found:
        if not entry.id or entry.id in taken or not re.fullmatch(r"[0-9a-z]{1,40}", entry.id):
            entry.id = new_id()
            while entry.id in taken:
                entry.id = new_id()
        taken.add(entry.id)
        entry.key = _entry_key(entry.id, 1)
        writes[entry.key] = _text(entry)
    _commit(storage, writes, [*keys, *writes], [])
    return found
