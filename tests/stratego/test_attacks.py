"""Attacks: ranks, equal ranks, Spy and Marshal, Miner and Bomb, the Flag, attacker's advantage."""

from __future__ import annotations

import json

import pytest

from engine.stratego import Game, IllegalMove, MoveRecord, Options, battle

from .util import position

FLAGS = {"a1": "rF", "j10": "bF", "j1": "r4", "a10": "b4"}


def attack(attacker: str, defender: str, options: Options | None = None) -> tuple[Game, MoveRecord]:
    game = position(options=options, e4="r" + attacker, e5="b" + defender, **FLAGS)
    record = game.play("e4-e5")
    return game, record


def test_higher_rank_wins_and_takes_the_square() -> None:
    game, record = attack("8", "5")
    assert record.outcome == "attacker_won" and record.defender == "5"
    assert game.piece_at("e5") == ("red", "8") and game.piece_at("e4") is None
    assert game.graveyard("blue").count("5") == 4  # 3 never placed + the one just taken


def test_lower_rank_attacker_is_removed() -> None:
    game, record = attack("5", "8")
    assert record.outcome == "defender_won"
    assert game.piece_at("e5") == ("blue", "8") and game.piece_at("e4") is None


def test_equal_ranks_both_removed() -> None:
    game, record = attack("6", "6")
    assert record.outcome == "both_removed"
    assert game.piece_at("e5") is None and game.piece_at("e4") is None


def test_attackers_advantage_wins_ties() -> None:
    game, record = attack("6", "6", Options(attackers_advantage=True))
    assert record.outcome == "attacker_won"
    assert game.piece_at("e5") == ("red", "6")


def test_spy_attacking_marshal_wins() -> None:
    game, record = attack("S", "X")
    assert record.outcome == "attacker_won"
    assert game.piece_at("e5") == ("red", "S")


def test_marshal_attacking_spy_wins_spy_defending_loses() -> None:
    game, record = attack("X", "S")
    assert record.outcome == "attacker_won"
    assert game.piece_at("e5") == ("red", "X")


def test_spy_loses_against_anything_else() -> None:
    assert attack("S", "9")[1].outcome == "defender_won"
    assert attack("S", "2")[1].outcome == "defender_won"
    assert attack("2", "S")[1].outcome == "attacker_won"
    assert attack("S", "S")[1].outcome == "both_removed"


def test_miner_defuses_bomb() -> None:
    game, record = attack("3", "B")
    assert record.outcome == "attacker_won"
    assert game.piece_at("e5") == ("red", "3")


@pytest.mark.parametrize("attacker", ["X", "9", "8", "7", "6", "5", "4", "2", "S"])
def test_any_other_piece_attacking_a_bomb_is_removed(attacker: str) -> None:
    game, record = attack(attacker, "B")
    assert record.outcome == "defender_won"
    assert game.piece_at("e5") == ("blue", "B") and game.piece_at("e4") is None


def test_attackers_advantage_does_not_beat_bombs() -> None:
    assert attack("X", "B", Options(attackers_advantage=True))[1].outcome == "defender_won"


def test_capturing_the_flag_wins() -> None:
    game = position(e4="r4", e5="bF", a1="rF", a10="b4")
    record = game.play("e4-e5")
    assert record.outcome == "attacker_won"
    assert game.result == "red" and game.end_reason == "flag_captured" and game.is_terminal
    assert game.legal_moves() == []
    with pytest.raises(IllegalMove) as info:
        game.play("a10-a9")
    assert info.value.code == "game_over"


def test_scout_can_capture_flag_from_afar() -> None:
    game = position(e1="r2", e9="bF", a1="rF", a10="b4")
    game.play("e1-e9")
    assert game.result == "red"


def test_battle_table_is_symmetric_where_it_should_be() -> None:
    ranks = "X98765432S"
    for attacker in ranks:
        for defender in ranks:
            outcome = battle(attacker, defender)
            if attacker == defender:
                assert outcome == "both_removed"
            elif attacker == "S" and defender == "X":
                assert outcome == "attacker_won"
            else:
                stronger = ranks.index(attacker) < ranks.index(defender)
                assert outcome == ("attacker_won" if stronger else "defender_won")


def test_scenario_from_full_legal_setups() -> None:
    from engine import stratego

    red = stratego.BUILTIN_SETUPS["Scout screen"]  # a4 is a Scout
    blue = stratego.BUILTIN_SETUPS["Bomb wall"]  # a7 is a Scout
    game = stratego.new_game(red, blue)
    assert game.piece_at("a4") == ("red", "2") and game.piece_at("a7") == ("blue", "2")
    record = game.play("a4-a7")  # a Scout attacks from afar, across the open a-file
    assert record.outcome == "both_removed"
    assert game.piece_at("a4") is None and game.piece_at("a7") is None
    assert game.graveyard("red") == ["2"] and game.graveyard("blue") == ["2"]
    blue_view = game.view("blue")
    assert blue_view["last_move"]["attack"] == {"defender": "2", "outcome": "both_removed"}
    assert blue_view["last_move"]["piece"] == "2"
    assert blue_view["graveyards"]["red"]["captured"] == ["2"]
    game.play("b7-b6")
    assert json.loads(json.dumps(record.to_dict()))["outcome"] == "both_removed"
