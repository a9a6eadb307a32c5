"""Views: what each player may see, with and without silent defence."""

from __future__ import annotations

import json

from engine import stratego
from engine.stratego import Options

from .util import play_all, position, position_of

SILENT = Options(silent_defence=True)
FLAGS = {"a1": "rF", "j10": "bF", "j1": "r4", "a10": "b4"}


def test_start_view_hides_enemy_ranks() -> None:
    game = stratego.new_game(stratego.BUILTIN_SETUPS["Bomb wall"], stratego.random_setup(3))
    red = game.view("red")
    json.dumps(red)
    assert red["player"] == "red" and red["turn"] == "red" and red["phase"] == "move"
    assert red["move_count"] == 0 and red["last_move"] is None
    assert red["result"] is None and red["end_reason"] is None
    assert len(red["pieces"]) == 80
    assert all(p["letter"] for p in red["pieces"].values() if p["owner"] == "red")
    assert all(p["letter"] is None for p in red["pieces"].values() if p["owner"] == "blue")
    assert red["graveyards"] == {
        "red": {"captured": [], "rescued": []},
        "blue": {"captured": [], "rescued": []},
    }
    assert red["options"] == Options().to_dict()
    assert set(red) == {
        "game",
        "player",
        "turn",
        "phase",
        "result",
        "end_reason",
        "options",
        "move_count",
        "pieces",
        "graveyards",
        "last_move",
        "history",
    }
    assert red["history"] == []


def test_moved_pieces_are_marked() -> None:
    game = position_of({"e4": "r6", "e7": "b5"} | FLAGS)
    game.play("e4-e5")
    blue = game.view("blue")
    assert blue["pieces"]["e5"] == {"owner": "red", "letter": None, "known": False, "moved": True}
    assert blue["pieces"]["j1"]["moved"] is False
    assert blue["last_move"] == {
        "player": "red",
        "from": "e4",
        "to": "e5",
        "piece": None,
        "attack": None,
        "rescue": None,
    }
    assert game.view("red")["last_move"]["piece"] == "6"


def test_attack_reveals_both_and_ranks_stay_known() -> None:
    game = position_of({"e4": "r9", "e5": "b5", "e7": "b6"} | FLAGS)
    game.play("e4-e5")
    red, blue = game.view("red"), game.view("blue")
    assert blue["pieces"]["e5"]["letter"] == "9" and blue["pieces"]["e5"]["known"]
    captured = red["graveyards"]["blue"]["captured"]
    assert captured[-1] == "5" and captured[:-1] == [None] * 36  # 36 were never placed
    assert red["last_move"]["attack"] == {"defender": "5", "outcome": "attacker_won"}
    play_all(game, "e7-e6", "e5-f5", "a10-a9")
    assert game.view("blue")["pieces"]["f5"]["letter"] == "9"  # still known after moving


def test_history_is_the_public_move_list_without_ranks() -> None:
    game = position_of({"e4": "r9", "e5": "b5", "e7": "b6"} | FLAGS)
    play_all(game, "e4-e5", "e7-e6", "e5-f5")
    expected = [
        {"player": "red", "from": "e4", "to": "e5", "attack": True, "outcome": "attacker_won"},
        {"player": "blue", "from": "e7", "to": "e6", "attack": False, "outcome": None},
        {"player": "red", "from": "e5", "to": "f5", "attack": False, "outcome": None},
    ]
    assert game.view("red")["history"] == expected
    assert game.view("blue")["history"] == expected
    game.undo()
    assert game.view("blue")["history"] == expected[:2]


def test_defender_that_wins_is_revealed_and_stays_known() -> None:
    game = position_of({"e4": "r5", "e5": "b9"} | FLAGS)
    game.play("e4-e5")
    assert game.view("red")["pieces"]["e5"]["letter"] == "9"


def test_silent_defence_reveals_only_the_attacker() -> None:
    game = position(options=SILENT, e4="r9", e5="b5", **FLAGS)
    game.play("e4-e5")
    red, blue = game.view("red"), game.view("blue")
    assert red["last_move"]["attack"] == {"defender": None, "outcome": "attacker_won"}
    assert red["graveyards"]["blue"]["captured"][-1] is None
    assert blue["graveyards"]["blue"]["captured"][-1] == "5"
    assert blue["pieces"]["e5"]["letter"] == "9"
    assert blue["last_move"]["piece"] == "9"
    assert blue["last_move"]["attack"]["defender"] == "5"  # Blue owns it


def test_silent_defence_defender_that_wins_stays_hidden() -> None:
    game = position(options=SILENT, e4="r5", e5="bX", **FLAGS)
    game.play("e4-e5")
    red = game.view("red")
    assert red["pieces"]["e5"]["letter"] is None
    assert red["last_move"]["attack"] == {"defender": None, "outcome": "defender_won"}
    assert game.view("blue")["graveyards"]["red"]["captured"][-1] == "5"


def test_silent_defence_scout_attack_reveals_the_defender() -> None:
    game = position(options=SILENT, e1="r2", e8="bX", **FLAGS)
    game.play("e1-e8")
    assert game.view("red")["pieces"]["e8"]["letter"] == "X"


def test_silent_defence_flag_capture_is_revealed() -> None:
    game = position(options=SILENT, e4="r4", e5="bF", a1="rF", a10="b4")
    game.play("e4-e5")
    assert game.view("red")["last_move"]["attack"]["defender"] == "F"
    assert game.view("red")["phase"] == "over"


def test_reveal_all_for_the_end_screen() -> None:
    game = stratego.new_game(stratego.random_setup(1), stratego.random_setup(2))
    view = game.view("red", reveal_all=True)
    assert all(piece["letter"] for piece in view["pieces"].values())


def test_bad_player() -> None:
    game = stratego.new_game(stratego.random_setup(1), stratego.random_setup(2))
    try:
        game.view("green")
    except stratego.IllegalMove as error:
        assert error.code == "unknown_player"
    else:
        raise AssertionError("no error")
