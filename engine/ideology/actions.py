"""The text notation of Ideology actions: parsing (case-insensitive, Spanish names and
types accepted too) and canonical formatting.

>>> str(parse("PLACE Military north africa"))
'place military North Africa'
>>> str(parse("remove economic Egypt islamic fundamentalism"))
'remove economic Egypt Islamic Fundamentalism'
>>> str(parse("attack Fascism cultural France"))
'attack Fascism cultural France'
>>> str(parse("diplomacy communism WAR"))
'diplomacy Communism war'
>>> str(parse("buy technological supremacy"))
'buy Technological Supremacy'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Final

from .data import (
    ADVANCES,
    CARD_TYPE_NAMES_ES,
    CARD_TYPES,
    IDEOLOGIES,
    REGIONS,
    STATUS_NAMES_ES,
    STATUSES,
)
from .errors import IllegalAction

# Verbs with no argument.
PASS: Final = "pass"
DONE: Final = "done"
PLAY: Final = "play"
STOP: Final = "stop"
DEFLECT: Final = "deflect"
YIELD: Final = "yield"
# Verbs with arguments.
PLACE: Final = "place"
REMOVE: Final = "remove"
DISCARD: Final = "discard"
BUY: Final = "buy"
ATTACK: Final = "attack"
DIPLOMACY: Final = "diplomacy"

BARE_VERBS: Final = frozenset({PASS, DONE, PLAY, STOP, DEFLECT, YIELD})

#: Every form of the notation, for error messages and the documentation.
FORMS: Final[dict[str, str]] = {
    DISCARD: "discard <type>",
    PLACE: "place <type> <region>",
    BUY: "buy <advance>",
    REMOVE: "remove <type> <region> <owner>",
    ATTACK: "attack <defender> <type> <region>",
    PLAY: "play",
    STOP: "stop",
    DEFLECT: "deflect",
    YIELD: "yield",
    DIPLOMACY: "diplomacy <ideology> <peace|neutral|war>",
    PASS: "pass",
    DONE: "done",
}


class Action(str):
    """One action, typed: ``verb`` and the fields its form needs (``None`` otherwise).

    An action *is* its canonical notation: a ``str`` whose value is the text
    ``legal_actions`` lists and saves hold, so ``str(action)``, ``json.dumps`` and
    comparing with text all work, and two actions are equal when they are the same action.
    Build one from its fields (never from text: that is :func:`parse`).

    >>> action = Action(PLACE, card_type="military", region="Australia")
    >>> action, action.verb, action.region
    (Action('place military Australia'), 'place', 'Australia')
    >>> action == "place military Australia" and action == parse("PLACE Military australia")
    True
    """

    verb: str
    card_type: str | None
    region: str | None
    #: The owner (remove), the defender (attack) or the other side (diplomacy).
    ideology: str | None
    advance: str | None
    status: str | None

    def __new__(
        cls,
        verb: str,
        card_type: str | None = None,
        region: str | None = None,
        ideology: str | None = None,
        advance: str | None = None,
        status: str | None = None,
    ) -> Action:
        key = (cls, verb, card_type, region, ideology, advance, status)
        made = _MADE.get(key)
        if made is not None:
            return made
        values = (card_type, region, ideology, advance, status)
        needed = _NEEDED.get(verb)
        if needed is None or needed != tuple(value is not None for value in values):
            given = sorted(name for name, value in zip(_FIELD_NAMES, values, strict=True) if value)
            form = FORMS.get(verb, " | ".join(FORMS.values()))
            raise IllegalAction(
                "bad_syntax", f"{verb!r} with {given} is not an action: {form}.", form=form
            )
        fields = dict(zip(_FIELD_NAMES, values, strict=True), verb=verb)
        action = super().__new__(cls, _NOTATION[verb].format_map(fields))
        action.__dict__.update(fields)  # set once here; __setattr__ refuses changes
        if len(_MADE) < _MADE_LIMIT:
            _MADE[key] = action
        return action

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("an Action cannot be changed")

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"

    def __reduce__(self) -> tuple[type[Action], tuple[str | None, ...]]:  # copy, pickle
        return (
            Action,
            (self.verb, self.card_type, self.region, self.ideology, self.advance, self.status),
        )


#: Actions already made, by class and fields: an Action cannot change, so one object
#: serves every time the same action is offered (``legal_actions`` makes many, often).
_MADE: dict[tuple[object, ...], Action] = {}
#: Every action on the map is far fewer than this; odd ones made by hand are not kept.
_MADE_LIMIT: Final = 20_000

#: The text of each form (the canonical notation), from the action's fields.
_NOTATION: Final[dict[str, str]] = {
    DISCARD: "discard {card_type}",
    PLACE: "place {card_type} {region}",
    BUY: "buy {advance}",
    REMOVE: "remove {card_type} {region} {ideology}",
    ATTACK: "attack {ideology} {card_type} {region}",
    DIPLOMACY: "diplomacy {ideology} {status}",
    **{verb: verb for verb in BARE_VERBS},
}
#: The optional fields of an action, in the order ``Action`` takes them.
_FIELD_NAMES: Final = ("card_type", "region", "ideology", "advance", "status")
#: Which of those fields each form needs.
_NEEDED: Final[dict[str, tuple[bool, ...]]] = {
    verb: tuple("{" + name + "}" in text for name in _FIELD_NAMES)
    for verb, text in _NOTATION.items()
}


def normalise(text: str) -> str:
    """Lower case, accents stripped, single spaces: the key every name is looked up by."""
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(plain.lower().split())


def _aliases(pairs: list[tuple[str, str]]) -> dict[str, str]:
    return {normalise(alias): canonical for alias, canonical in pairs}


_TYPE_NAMES: Final = _aliases(
    [(t, t) for t in CARD_TYPES] + [(es, t) for t, es in CARD_TYPE_NAMES_ES.items()]
)
_STATUS_NAMES: Final = _aliases(
    [(s, s) for s in STATUSES] + [(es, s) for s, es in STATUS_NAMES_ES.items()]
)
_REGION_NAMES: Final = _aliases(
    [(r.name, r.name) for r in REGIONS.values()] + [(r.name_es, r.name) for r in REGIONS.values()]
)
_IDEOLOGY_NAMES: Final = _aliases(
    [(i.name, i.name) for i in IDEOLOGIES.values()]
    + [(i.name_es, i.name) for i in IDEOLOGIES.values()]
    + [(i.letter, i.name) for i in IDEOLOGIES.values()]
)
_ADVANCE_NAMES: Final = _aliases(
    [(a.name, a.name) for a in ADVANCES.values()] + [(a.name_es, a.name) for a in ADVANCES.values()]
)


def _longest(names: Mapping[str, str], spellings: list[str]) -> int:
    return max(len(name) for name in [*names.values(), *spellings])


_LONGEST_TYPE: Final = _longest(_TYPE_NAMES, list(CARD_TYPE_NAMES_ES.values()))
_LONGEST_REGION: Final = _longest(_REGION_NAMES, [r.name_es for r in REGIONS.values()])
_LONGEST_IDEOLOGY: Final = _longest(_IDEOLOGY_NAMES, [i.name_es for i in IDEOLOGIES.values()])
_LONGEST_ADVANCE: Final = _longest(_ADVANCE_NAMES, [a.name_es for a in ADVANCES.values()])
_LONGEST_STATUS: Final = _longest(_STATUS_NAMES, list(STATUS_NAMES_ES.values()))
#: The longest action text the notation accepts (any accepted spelling, single spaces).
#: Longer text is refused before it is read, so no input can make parsing slow.
MAX_ACTION_LENGTH: Final = max(
    len(DISCARD) + 1 + _LONGEST_TYPE,
    len(PLACE) + 1 + _LONGEST_TYPE + 1 + _LONGEST_REGION,
    len(BUY) + 1 + _LONGEST_ADVANCE,
    len(REMOVE) + 1 + _LONGEST_TYPE + 1 + _LONGEST_REGION + 1 + _LONGEST_IDEOLOGY,
    len(ATTACK) + 1 + _LONGEST_IDEOLOGY + 1 + _LONGEST_TYPE + 1 + _LONGEST_REGION,
    len(DIPLOMACY) + 1 + _LONGEST_IDEOLOGY + 1 + _LONGEST_STATUS,
)
#: No name of any table is longer than this; longer text names nothing.
_MAX_NAME_LENGTH: Final = max(_LONGEST_REGION, _LONGEST_IDEOLOGY, _LONGEST_ADVANCE)


def ideology_named(text: str) -> str | None:
    """The canonical ideology for an English or Spanish name or a letter, else None.

    >>> ideology_named("fundamentalismo islamico"), ideology_named("K"), ideology_named("x")
    ('Islamic Fundamentalism', 'Communism', None)
    """
    if len(text) > 2 * _MAX_NAME_LENGTH:  # room for stray spaces, never a name
        return None
    return _IDEOLOGY_NAMES.get(normalise(text))


def region_named(text: str) -> str | None:
    """The canonical region for an English or Spanish name, else None."""
    if len(text) > 2 * _MAX_NAME_LENGTH:
        return None
    return _REGION_NAMES.get(normalise(text))


def unknown(kind: str, text: str) -> IllegalAction:
    """The IllegalAction ``unknown_<kind>`` for a name the tables do not know."""
    return IllegalAction(f"unknown_{kind}", f"There is no {kind} called {text!r}.", name=text)


def _named(names: Mapping[str, str], kind: str, words: list[str]) -> str:
    """The canonical name the words stand for in ``names``, or IllegalAction ``unknown_<kind>``."""
    text = " ".join(words)
    name = names.get(text)
    if name is None:
        raise unknown(kind, text)
    return name


def _card_type(word: str) -> str:
    return _named(_TYPE_NAMES, "type", [word])


def card_type_named(text: str) -> str:
    """The canonical card type for an English or Spanish name; IllegalAction otherwise."""
    name = _TYPE_NAMES.get(normalise(text)) if isinstance(text, str) and len(text) < 40 else None
    if name is None:
        raise unknown("type", str(text)[:80])
    return name


def _region(words: list[str]) -> str:
    return _named(_REGION_NAMES, "region", words)


def _ideology(words: list[str]) -> str:
    return _named(_IDEOLOGY_NAMES, "ideology", words)


def _bad_syntax(text: str, verb: str | None) -> IllegalAction:
    if verb in FORMS:
        return IllegalAction(
            "bad_syntax", f"Write it as: {FORMS[verb]}.", action=text, form=FORMS[verb]
        )
    return IllegalAction(
        "bad_syntax",
        f"{text!r} is not an action. Actions start with one of: {', '.join(FORMS)}.",
        action=text,
        verbs=list(FORMS),
    )


def parse(text: str) -> Action:
    """Parse action text (an Action is returned as it is); raises IllegalAction (codes
    too_long, bad_syntax, unknown_*) if malformed."""
    if isinstance(text, Action):
        return text
    if not isinstance(text, str):
        raise IllegalAction("bad_syntax", "An action must be text.", action=repr(text)[:80])
    if len(text) > MAX_ACTION_LENGTH:
        raise IllegalAction(
            "too_long",
            f"That is not an action: no action is longer than {MAX_ACTION_LENGTH} characters.",
            length=len(text),
            maximum=MAX_ACTION_LENGTH,
        )
    words = normalise(text).split()
    if not words:
        raise _bad_syntax(text, None)
    verb, args = words[0], words[1:]
    if verb in BARE_VERBS:
        if args:
            raise _bad_syntax(text, verb)
        return Action(verb)
    if verb == DISCARD and len(args) == 1:
        return Action(verb, card_type=_card_type(args[0]))
    if verb == PLACE and len(args) >= 2:
        return Action(verb, card_type=_card_type(args[0]), region=_region(args[1:]))
    if verb == BUY and args:
        advance = _ADVANCE_NAMES.get(" ".join(args))
        if advance is None:
            raise unknown("advance", " ".join(args))
        return Action(verb, advance=advance)
    if verb == REMOVE and len(args) >= 3:
        card_type = _card_type(args[0])
        rest = args[1:]
        # Region and owner names may both hold spaces: try every split.
        for split in range(1, len(rest)):
            region = _REGION_NAMES.get(" ".join(rest[:split]))
            owner = _IDEOLOGY_NAMES.get(" ".join(rest[split:]))
            if region is not None and owner is not None:
                return Action(verb, card_type=card_type, region=region, ideology=owner)
        for split in range(1, len(rest)):
            if " ".join(rest[:split]) in _REGION_NAMES:
                raise unknown("ideology", " ".join(rest[split:]))
        raise unknown("region", " ".join(rest[:-1]))
    if verb == ATTACK and len(args) >= 3:
        # attack <defender> <type> <region>: the type is the first word naming a type.
        for position in range(1, len(args) - 1):
            if args[position] in _TYPE_NAMES:
                return Action(
                    verb,
                    ideology=_ideology(args[:position]),
                    card_type=_TYPE_NAMES[args[position]],
                    region=_region(args[position + 1 :]),
                )
        raise _bad_syntax(text, verb)
    if verb == DIPLOMACY and len(args) >= 2:
        status = _STATUS_NAMES.get(args[-1])
        if status is None:
            raise unknown("status", args[-1])
        return Action(verb, ideology=_ideology(args[:-1]), status=status)
    raise _bad_syntax(text, verb if verb in FORMS else None)
