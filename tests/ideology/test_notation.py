"""The action notation: parsing, canonical output, errors."""

from __future__ import annotations

import pytest

from engine import ideology
from engine.ideology.actions import parse


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
