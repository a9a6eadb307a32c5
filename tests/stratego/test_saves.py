"""Saves: versioned JSON that loads back to an equal game; clear errors otherwise."""

from __future__ import annotations

import json

import pytest

from engine import stratego
from engine.stratego import Options, SaveError, from_json

from .util import position


def sample_game() -> stratego.Game:
    game = stratego.new_game(
        stratego.BUILTIN_SETUPS["Scout screen"],
        stratego.BUILTIN_SETUPS["Bomb wall"],
        Options(rescue=True, silent_defence=True),
    )
    for move in ["a4-a5", "a7-a6", "a5-a6"]:
        game.play(move)
    return game


def test_round_trip() -> None:
    game = sample_game()
    text = game.to_json()
    document = json.loads(text)
    assert document["game"] == "stratego" and document["version"] == 2
    assert document["moves"] == ["a4-a5", "a7-a6", "a5-a6"]
    assert document["options"]["rescue"] is True and document["options"]["army"] == "classic"
    assert set(document) >= {"game", "version", "red_setup", "blue_setup", "options", "moves"}
    loaded = from_json(text)
    assert loaded == game
    assert loaded.view("red") == game.view("red") and loaded.view("blue") == game.view("blue")
    assert loaded.legal_moves() == game.legal_moves()
    loaded.play(loaded.legal_moves()[0])
    assert loaded != game


def test_round_trip_with_ending() -> None:
    game = sample_game()
    game.resign("red")
    loaded = from_json(game.to_json())
    assert loaded == game and loaded.result == "blue" and loaded.end_reason == "resigned"
    game = sample_game()
    game.agree_draw()
    assert from_json(game.to_json()).end_reason == "agreed_draw"


def test_options_default_when_missing() -> None:
    document = json.loads(sample_game().to_json())
    document["options"] = {}
    document["moves"] = []
    assert from_json(json.dumps(document)).options == Options()


def error_code(text: str) -> str:
    with pytest.raises(SaveError) as info:
        from_json(text)
    assert isinstance(info.value, ValueError) and str(info.value)
    return info.value.code


def changed(**fields: object) -> str:
    document = json.loads(sample_game().to_json())
    for name, value in fields.items():
        if value is ...:
            del document[name]
        else:
            document[name] = value
    return json.dumps(document)


def test_malformed_documents() -> None:
    assert error_code("{not json") == "bad_json"
    assert error_code("[1, 2]") == "not_an_object"
    assert error_code(changed(game="ideology")) == "wrong_game"
    assert error_code(changed(version=3)) == "unknown_version"
    assert error_code(changed(version=0)) == "unknown_version"
    assert error_code(changed(version=True)) == "unknown_version"
    assert error_code(changed(version=...)) == "unknown_version"
    assert error_code(changed(moves=...)) == "missing_field"
    assert error_code(changed(red_setup=...)) == "missing_field"
    assert error_code(changed(moves="a4-a5")) == "bad_field"
    assert error_code(changed(options={"fog": True})) == "bad_field"
    assert error_code(changed(options={"rescue": "yes"})) == "bad_field"
    assert error_code(changed(options={"army": "skirmish"})) == "bad_field"
    assert error_code(changed(options=[1])) == "bad_field"
    assert error_code(changed(ending={"reason": "boredom"})) == "bad_field"
    assert error_code(changed(ending={"reason": "resigned", "player": "green"})) == "bad_field"


def test_bad_setup_in_save() -> None:
    with pytest.raises(SaveError) as info:
        from_json(changed(blue_setup="F" * 40))
    assert info.value.code == "bad_setup"
    assert info.value.params["side"] == "blue" and info.value.params["cause"] == "piece_count"


def test_illegal_move_in_save() -> None:
    with pytest.raises(SaveError) as info:
        from_json(changed(moves=["a4-a5", "a7-a6", "a5-b6"]))
    assert info.value.code == "illegal_action"
    assert info.value.params["index"] == 2 and info.value.params["action"] == "a5-b6"
    assert info.value.params["cause"] == "diagonal"
    with pytest.raises(SaveError) as info:
        from_json(changed(moves=[42]))
    assert info.value.params["cause"] == "bad_notation"


def test_save_errors_are_the_shared_codes_and_classes() -> None:
    from engine import errors, saves

    assert stratego.SAVE_ERROR_CODES is saves.SAVE_ERROR_CODES
    with pytest.raises(errors.SaveError) as info:
        from_json("[" * 100 + "]" * 100)
    assert info.value.code == "bad_json" and isinstance(info.value, stratego.StrategoError)


def test_a_version_1_save_loads_as_the_classic_army() -> None:
    # A save written before the armies: version 1, no "army" among the options.
    version_1 = json.dumps(
        {
            "game": "stratego",
            "version": 1,
            "red_setup": stratego.BUILTIN_SETUPS["Scout screen"],
            "blue_setup": stratego.BUILTIN_SETUPS["Bomb wall"],
            "options": {
                "silent_defence": True,
                "attackers_advantage": False,
                "rescue": True,
                "classic_scouts": False,
                "chasing_rule": False,
                "two_squares_limit": 2,
            },
            "moves": ["a4-a5", "a7-a6", "a5-a6"],
            "ending": None,
        }
    )
    loaded = from_json(version_1)
    assert loaded == sample_game() and loaded.options.army == "classic"
    assert json.loads(loaded.to_json())["version"] == 2


def test_positions_built_for_tests_cannot_be_saved() -> None:
    game = position(e4="r6", a1="rF", j10="bF", a10="b4")
    with pytest.raises(ValueError):
        game.to_json()


def test_equality_and_copy() -> None:
    game = sample_game()
    twin = game.copy()
    assert twin == game and twin is not game
    twin.undo()
    assert twin != game
    assert game != "a game"
