"""The shared engine base: one error family and one save envelope for both games."""

from __future__ import annotations

import doctest
import importlib

import pytest

from engine.errors import GameError, SaveError
from engine.saves import MAX_DEPTH, field, parse_json, read_envelope


@pytest.mark.parametrize("name", ["errors", "saves", "protocol", "slices"])
def test_doctests(name: str) -> None:
    module = importlib.import_module(f"engine.{name}")
    assert doctest.testmod(module).failed == 0


def test_deeply_nested_json_is_refused_as_damaged_not_a_crash() -> None:
    text = "[" * 20_000 + "]" * 20_000
    with pytest.raises(SaveError) as caught:
        parse_json(text)
    assert caught.value.code == "bad_json"


def test_brackets_inside_strings_do_not_count_as_nesting() -> None:
    text = '{"name": "' + "[" * (MAX_DEPTH * 2) + '\\" {"}'
    assert parse_json(text) == {"name": "[" * (MAX_DEPTH * 2) + '" {'}


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("not json", "bad_json"),
        (b"\xff\xfe", "bad_json"),
        ('"a string"', "not_an_object"),
        ('{"game": "chess", "version": 1}', "wrong_game"),
        ('{"game": "stratego", "version": 2}', "unknown_version"),
        ('{"game": "stratego", "version": true}', "unknown_version"),
    ],
)
def test_envelope_refusals_have_one_set_of_codes(text: str | bytes, code: str) -> None:
    with pytest.raises(SaveError) as caught:
        read_envelope(text, "stratego", 1)
    assert caught.value.code == code
    assert isinstance(caught.value, GameError)


def test_field_checks_presence_and_type() -> None:
    document = {"moves": [], "seed": True}
    assert field(document, "moves", list) == []
    with pytest.raises(SaveError, match="no 'actions'"):
        field(document, "actions", list)
    with pytest.raises(SaveError) as caught:
        field(document, "seed", int)  # a JSON true is not a number
    assert caught.value.code == "bad_field"
