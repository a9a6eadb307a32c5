"""The action notation: parsing, canonical output, errors."""

from __future__ import annotations

import copy
import json

import pytest

from engine import ideology
from engine.ideology.actions import MAX_ACTION_LENGTH, Action, parse


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("place military Australia", "place military Australia"),
        ("PLACE  Economic   north AFRICA", "place economic North Africa"),
        ("remove economic Egypt Fascism", "remove economic Egypt Fascism"),
        (
            "remove cultural East Africa islamic fundamentalism",
            "remove cultural East Africa Islamic Fundamentalism",
        ),
        ("remove military United States K", "remove military United States Communism"),
        ("attack Fascism cultural France", "attack Fascism cultural France"),
        (
            "attack Islamic Fundamentalism military South Africa",
            "attack Islamic Fundamentalism military South Africa",
        ),
        ("buy logistics", "buy Logistics"),
        ("buy Weapons of Mass Destruction", "buy Weapons of Mass Destruction"),
        ("diplomacy Communism War", "diplomacy Communism war"),
        ("discard Cultural", "discard cultural"),
        ("Deflect", "deflect"),
        ("yield", "yield"),
        ("play", "play"),
        ("stop", "stop"),
        ("pass", "pass"),
        ("done", "done"),
        # Spanish names are accepted; output is always English.
        ("place militar Norte de África", "place military North Africa"),
        ("attack fascismo cultural francia", "attack Fascism cultural France"),
        ("diplomacy comunismo guerra", "diplomacy Communism war"),
        ("buy Logística", "buy Logistics"),
    ],
)
def test_parse_and_canonical_form(text: str, canonical: str) -> None:
    assert str(parse(text)) == canonical
    assert str(parse(canonical)) == canonical


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "bad_syntax"),
        ("fly to the moon", "bad_syntax"),
        ("place military", "bad_syntax"),
        ("pass now", "bad_syntax"),
        ("place tanks Australia", "unknown_type"),
        ("place military Atlantis", "unknown_region"),
        ("remove military Egypt Anarchism", "unknown_ideology"),
        ("remove military Atlantis Fascism", "unknown_region"),
        ("attack Anarchism cultural France", "unknown_ideology"),
        ("attack Fascism France", "bad_syntax"),
        ("buy Magic", "unknown_advance"),
        ("diplomacy Communism love", "unknown_status"),
    ],
)
def test_malformed_actions(text: str, code: str) -> None:
    with pytest.raises(ideology.IllegalAction) as caught:
        parse(text)
    assert caught.value.code == code
    assert caught.value.message


def test_apply_rejects_malformed_text_without_changing_state() -> None:
    game = ideology.new_game(["Capitalism", "Communism"], seed=2)
    before = game.copy()
    with pytest.raises(ideology.IllegalAction) as caught:
        game.apply(game.to_act[0], "place military Atlantis")
    assert caught.value.code == "unknown_region"
    assert game == before


@pytest.mark.parametrize(
    "text",
    [
        "remove military " + "x " * 500_000 + "Communism",  # every split would be tried
        "attack " + "Fascism " * 130_000 + "cultural France",
        "place military " + " " * 1_000_000 + "Australia",
        "é" * 1_000_000,
    ],
)
def test_text_longer_than_any_action_is_refused_at_once(text: str) -> None:
    # Without the length bound the first of these takes minutes (quadratic splitting).
    game = ideology.new_game(["Capitalism", "Communism"], seed=2)
    for attempt in (lambda: parse(text), lambda: game.apply(game.to_act[0], text)):
        with pytest.raises(ideology.IllegalAction) as caught:
            attempt()
        assert caught.value.code == "too_long"
        assert caught.value.params == {"length": len(text), "maximum": MAX_ACTION_LENGTH}


def test_the_longest_spellings_are_still_actions() -> None:
    longest = "remove económica África Occidental Fundamentalismo islámico"
    assert len(longest) == MAX_ACTION_LENGTH
    assert str(parse(longest)) == "remove economic West Africa Islamic Fundamentalism"
    assert parse(longest.upper()).region == "West Africa"
    with pytest.raises(ideology.IllegalAction) as caught:
        parse(longest + " ")
    assert caught.value.code == "too_long"


def test_every_canonical_action_fits_the_bound() -> None:
    for region in ideology.REGIONS:
        for owner in ideology.IDEOLOGIES:
            for card_type in ideology.CARD_TYPES:
                for text in (
                    f"remove {card_type} {region} {owner}",
                    f"attack {owner} {card_type} {region}",
                ):
                    assert len(text) <= MAX_ACTION_LENGTH
                    assert str(parse(text)) == text


def test_actions_are_built_from_their_fields_and_are_their_text() -> None:
    action = Action("attack", ideology="Fascism", card_type="cultural", region="France")
    assert action == "attack Fascism cultural France" == parse("attack fascismo cultural francia")
    assert (action.verb, action.ideology, action.card_type, action.region) == (
        "attack",
        "Fascism",
        "cultural",
        "France",
    )
    assert action.advance is None and Action("pass") == "pass"
    assert json.dumps([action]) == '["attack Fascism cultural France"]'
    assert (
        copy.deepcopy(action).region == "France" and {action: 1}["attack Fascism cultural France"]
    )
    with pytest.raises(AttributeError):
        action.region = "Italy"  # type: ignore[misc]
    for verb, fields in (
        ("place", {"card_type": "military"}),
        ("fly", {}),
        ("pass", {"region": "Iran"}),
    ):
        with pytest.raises(ideology.IllegalAction) as caught:
            Action(verb, **fields)
        assert caught.value.code == "bad_syntax"
