"""A Stratego game as one text a player can share (a *game record*) and back.

The record is omniscient (both setups, every attack's ranks): it is for a game to look
back at, or to carry to another tablet. Format (version 1), a header of
``[Key "value"]`` lines, a blank line, then one line per play::

    [Game "Stratego"]
    [Record "1"]
    [Date "2026-12-01"]
    [Red "Ana"]
    [Blue "Computer (hard)"]
    [RedSeat "person"]
    [BlueSeat "hard"]
    [Army "barrage"]
    [Options "rescue silent_defence"]
    [TwoSquaresLimit "2"]
    [RedSetup "...F.........B..S.....9....3...2..X...2."]
    [BlueSetup "......F.........B....S.9..........2..X.3.2"]
    [Result "red"]
    [Reason "flag_captured"]

    1. red e4-e5
    2. blue e7-e6 ; 9 x 3, attacker_won
    3. red rescue 7 b2

``Game``, ``Record``, ``Red``, ``Blue``, ``Army``, ``RedSetup``, ``BlueSetup`` and
``Result`` (``red``, ``blue``, ``draw``, or ``*`` for a game still going on) are
required; ``Date``, ``RedSeat``/``BlueSeat`` (``person`` or a computer level; the app's
own business), ``Options`` (the optional rules that are on, by their
:class:`~engine.stratego.Options` field names, or ``none``), ``TwoSquaresLimit``
(default 2) and ``Reason`` (the end reason: required for ``resigned`` and
``agreed_draw``, which no move shows) are optional. Values escape ``"`` and ``\\`` with
a backslash. Each play line is its number (1, 2, ... over every play, rescue choices
included), the player and the play in the app's notation (``e4-e5``, ``rescue 7 b2``,
``no rescue``); anything after ``;`` is a comment (the writer notes each attack there).
Lines starting with ``;`` are comments too.

Reading is strict: every play is replayed by the engine, and the result and reason must
be the ones the moves lead to. Anything else raises :class:`RecordError` with a code
(:data:`RECORD_ERROR_CODES`) and the line.

>>> from engine.stratego import BUILTIN_SETUPS, new_game
>>> game = new_game(BUILTIN_SETUPS["Scout screen"], BUILTIN_SETUPS["Bomb wall"])
>>> _ = game.play("a4-a5")
>>> text = record_text(game, names={"red": "Ana", "blue": "Luis"}, date="2026-12-01")
>>> print(text.splitlines()[-1])
1. red a4-a5
>>> read_record(text).game == game
True
>>> read_record(text.replace("a4-a5", "a4-b5"))
Traceback (most recent call last):
  ...
engine.stratego.record.RecordError: Line 13: play 1 (a4-b5) is not legal: ...
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Final

from engine import errors

from .errors import StrategoError
from .game import Game, MoveRecord, Options, new_game
from .pieces import PLAYERS
from .setup import parse_setup

RECORD_VERSION: Final = 1
RESULTS: Final = ("red", "blue", "draw", "*")
#: Endings no move shows: the record must say them.
DECLARED_ENDINGS: Final = ("resigned", "agreed_draw")
OPTIONAL_RULES: Final = (
    "silent_defence",
    "attackers_advantage",
    "rescue",
    "classic_scouts",
    "chasing_rule",
)
REQUIRED_KEYS: Final = ("Game", "Record", "Red", "Blue", "Army", "RedSetup", "BlueSetup", "Result")
OPTIONAL_KEYS: Final = ("Date", "RedSeat", "BlueSeat", "Options", "TwoSquaresLimit", "Reason")
MAX_NAME: Final = 60

RECORD_ERROR_CODES: Final[dict[str, str]] = {
    "not_a_record": "The text is not a Stratego game record (params: line).",
    "bad_header": "A header line is malformed, unknown or repeated (params: line, key).",
    "missing_header": "A required header is missing (params: key).",
    "bad_value": "A header's value is not valid (params: line, key, value).",
    "newer_record": "The record uses a newer format than this app reads (params: version).",
    "bad_line": "A line is neither a play nor a comment (params: line, text).",
    "play_order": "A play's number or player is not the next one (params: line, play).",
    "illegal_play": "A play the rules do not allow (params: line, play, text, reason).",
    "wrong_result": "The result or reason is not what the plays lead to (params: result, reason).",
}

_HEADER: Final = re.compile(r'\[([A-Za-z]+) "((?:[^"\\]|\\.)*)"\]')
_PLAY: Final = re.compile(r"(\d+)\.\s+(red|blue)\s+([^;]+?)\s*(?:;.*)?")


class RecordError(StrategoError, errors.SaveError):
    """A game record that cannot be read (codes: :data:`RECORD_ERROR_CODES`)."""


@dataclass
class GameRecord:
    """A record read back: the game (replayed), and what the header says about it."""

    game: Game
    names: dict[str, str]
    date: str | None = None
    seats: dict[str, str] = field(default_factory=dict)


def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _unquote(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


def _one_line(text: str) -> str:
    return " ".join(str(text).split())[:MAX_NAME]


def _comment(record: MoveRecord) -> str:
    if record.defender is None:
        return ""
    return f" ; {record.piece} x {record.defender}, {record.outcome}"


def record_text(
    game: Game,
    names: dict[str, str] | None = None,
    *,
    date: str | None = None,
    seats: dict[str, str] | None = None,
) -> str:
    """The game as a record (see the module's docstring). ``names`` default to the armies'
    colours; ``date`` (e.g. ``2026-12-01``) and ``seats`` are written when given."""
    names = names or {}
    options = game.options
    rules = [name for name in OPTIONAL_RULES if getattr(options, name)]
    header: list[tuple[str, str]] = [("Game", "Stratego"), ("Record", str(RECORD_VERSION))]
    if date:
        header.append(("Date", _one_line(date)))
    for player in PLAYERS:
        header.append((player.capitalize(), _one_line(names.get(player) or player.capitalize())))
    for player in PLAYERS:
        if seats and seats.get(player):
            header.append((f"{player.capitalize()}Seat", _one_line(seats[player])))
    header += [
        ("Army", options.army),
        ("Options", " ".join(rules) or "none"),
        ("TwoSquaresLimit", str(options.two_squares_limit)),
        ("RedSetup", game.red_setup),
        ("BlueSetup", game.blue_setup),
        ("Result", game.result or "*"),
    ]
    if game.end_reason is not None:
        header.append(("Reason", game.end_reason))
    lines = [f"[{key} {_quote(value)}]" for key, value in header]
    lines.append("")
    lines += [
        f"{number}. {record.player} {record.notation}{_comment(record)}"
        for number, record in enumerate(game.moves, start=1)
    ]
    return "\n".join(lines) + "\n"


def is_record(text: object) -> bool:
    """Whether ``text`` starts like a Stratego game record (its first line).

    >>> is_record('[Game "Stratego"]\\n'), is_record('[{"game": "stratego"}]')
    (True, False)
    """
    if not isinstance(text, str):
        return False
    first = text.lstrip("\ufeff \t\r\n").split("\n", 1)[0].strip()
    return first == '[Game "Stratego"]'


def _read_header(lines: list[str]) -> tuple[dict[str, str], dict[str, int], int]:
    """The header's values and their line numbers, and the index of the first line after."""
    values: dict[str, str] = {}
    where: dict[str, int] = {}
    index = 0
    while index < len(lines) and not lines[index].strip():
        index += 1
    while index < len(lines) and lines[index].strip():
        number = index + 1
        line = lines[index].strip()
        match = _HEADER.fullmatch(line)
        key = match.group(1) if match else ""
        if match is None or key in values or key not in REQUIRED_KEYS + OPTIONAL_KEYS:
            if not values:
                raise RecordError(
                    "not_a_record", "This text is not a Stratego game record.", line=number
                )
            raise RecordError(
                "bad_header",
                f"Line {number}: {line[:40]!r} is not a header this record may have "
                "(unknown, malformed or repeated).",
                line=number,
                key=key,
            )
        values[key] = _unquote(match.group(2))
        where[key] = number
        index += 1
    if values.get("Game") != "Stratego":
        raise RecordError("not_a_record", "This text is not a Stratego game record.", line=1)
    for key in REQUIRED_KEYS:
        if key not in values:
            raise RecordError("missing_header", f"The record has no [{key} ...] line.", key=key)
    return values, where, index


def _bad_value(where: dict[str, int], key: str, value: str, why: str) -> RecordError:
    line = where.get(key, 0)
    return RecordError(
        "bad_value", f"Line {line}: {key} {value!r} {why}.", line=line, key=key, value=value
    )


def _options(values: dict[str, str], where: dict[str, int]) -> Options:
    rules = values.get("Options", "none").split()
    if rules != ["none"]:
        unknown = [name for name in rules if name not in OPTIONAL_RULES]
        if unknown or len(set(rules)) != len(rules) or not rules:
            raise _bad_value(where, "Options", values.get("Options", ""), "is not a list of rules")
    chosen = {name: name in rules for name in OPTIONAL_RULES}
    limit = values.get("TwoSquaresLimit", "2")
    if not limit.isdigit() or not 1 <= int(limit) <= 9:
        raise _bad_value(where, "TwoSquaresLimit", limit, "is not a number of moves")
    try:
        return Options(army=values["Army"], two_squares_limit=int(limit), **chosen)
    except errors.SetupError:
        raise _bad_value(where, "Army", values["Army"], "is no army") from None


def read_record(text: str) -> GameRecord:
    """The game a record describes, every play replayed; :class:`RecordError` if the
    text is not a well-formed record of a legal game."""
    if not isinstance(text, str):
        raise RecordError("not_a_record", "This text is not a Stratego game record.", line=1)
    lines = text.lstrip("\ufeff").replace("\r\n", "\n").split("\n")
    values, where, index = _read_header(lines)
    version = values["Record"]
    if not version.isdigit():
        raise _bad_value(where, "Record", version, "is not a format version")
    if int(version) > RECORD_VERSION:
        raise RecordError(
            "newer_record",
            f"This record uses format version {version}; this app reads version {RECORD_VERSION}.",
            version=int(version),
        )
    options = _options(values, where)
    setups: dict[str, str] = {}
    for player in PLAYERS:
        key = f"{player.capitalize()}Setup"
        try:
            setups[player] = parse_setup(values[key], values["Army"])
        except errors.SetupError as error:
            raise _bad_value(
                where, key, values[key], f"is not a setup of the army: {error}"
            ) from None
    result = values["Result"]
    if result not in RESULTS:
        raise _bad_value(where, "Result", result, "is not red, blue, draw or *")
    game = new_game(setups["red"], setups["blue"], options)
    played = 0
    for position in range(index, len(lines)):
        line = lines[position].strip()
        if not line or line.startswith(";"):
            continue
        number = position + 1
        match = _PLAY.fullmatch(line)
        if match is None:
            raise RecordError(
                "bad_line",
                f"Line {number}: {line[:40]!r} is not a play such as '12. red e4-e5'.",
                line=number,
                text=line[:40],
            )
        played += 1
        if int(match.group(1)) != played or match.group(2) != game.turn or game.is_terminal:
            raise RecordError(
                "play_order",
                f"Line {number}: play {played} should be {game.turn}'s, numbered {played}.",
                line=number,
                play=played,
            )
        try:
            game.play(match.group(3))
        except errors.IllegalAction as error:
            raise RecordError(
                "illegal_play",
                f"Line {number}: play {played} ({match.group(3)}) is not legal: {error}",
                line=number,
                play=played,
                text=match.group(3),
                reason=error.code,
            ) from None
    reason = values.get("Reason")
    if reason in DECLARED_ENDINGS and game.result is None:
        if reason == "agreed_draw":
            game.agree_draw()
        elif result in ("red", "blue"):
            game.resign("blue" if result == "red" else "red")
    if (game.result or "*") != result or (reason is not None and reason != game.end_reason):
        raise RecordError(
            "wrong_result",
            f"The record says {result} ({reason or 'no reason'}); its plays lead to "
            f"{game.result or '*'} ({game.end_reason or 'no reason'}).",
            result=result,
            reason=reason,
        )
    names = {player: _one_line(values[player.capitalize()]) for player in PLAYERS}
    seats = {
        player: values[f"{player.capitalize()}Seat"]
        for player in PLAYERS
        if f"{player.capitalize()}Seat" in values
    }
    return GameRecord(game, names, values.get("Date"), seats)
