"""The rescue option: when it is offered, its limits, the choice, and what the opponent sees."""

from __future__ import annotations

import json

import pytest

from engine.stratego import MAX_RESCUES, NO_RESCUE, Game, IllegalMove, Options

from .util import play_all, position

RESCUE = Options(rescue=True)


def rescue_game(**extra: str) -> Game:
    """Red Major on e9 about to enter Blue's back rank; unplaced pieces are captured."""
    pieces = {"e9": "r7", "a1": "rF", "j1": "rB", "a10": "bF", "j8": "b2"} | extra
    return position(options=RESCUE, **pieces)


def test_reaching_the_back_rank_offers_a_rescue() -> None:
    game = rescue_game()
    record = game.play("e9-e10")
    assert record.rescue_pending and game.rescue_pending
    assert game.turn == "red"  # the mover chooses
    choices = game.legal_moves()
    assert choices[0] == NO_RESCUE
    assert "rescue 7 b2" in choices and "rescue X a2" in choices and "rescue S d4" in choices
    assert not any(choice.startswith("rescue B") for choice in choices)  # Bombs cannot
    assert "rescue 7 a1" not in choices  # occupied
    assert not any(choice.endswith(" e5") for choice in choices)  # outside the setup area
    assert game.legal_moves_from("e10") == []


def test_rescue_places_the_piece_and_passes_the_turn() -> None:
    game = rescue_game()
    game.play("e9-e10")
    record = game.play("rescue 7 b2")
    assert record.kind == "rescue" and record.piece == "7" and record.to_square == "b2"
    assert game.piece_at("b2") == ("red", "7")
    assert game.turn == "blue" and not game.rescue_pending
    assert game.rescues_made("red") == 1
    assert game.move_count == 1


def test_no_rescue_passes_the_turn() -> None:
    game = rescue_game()
    game.play("e9-e10")
    record = game.play("no rescue")
    assert record.kind == "no_rescue" and game.turn == "blue"
    assert game.rescues_made("red") == 0


def test_moves_are_refused_while_a_rescue_is_pending() -> None:
    game = rescue_game()
    game.play("e9-e10")
    with pytest.raises(IllegalMove) as info:
        game.play("e10-d10")
    assert info.value.code == "rescue_pending"


@pytest.mark.parametrize(
    ("choice", "code"),
    [
        ("rescue B b2", "rescue_bomb"),
        ("rescue F b2", "rescue_not_in_graveyard"),
        ("rescue 7 e5", "rescue_square"),
        ("rescue 7 a1", "rescue_square"),
        ("rescue 7 b7", "rescue_square"),
        ("rescue seven b2", "bad_notation"),
    ],
)
def test_bad_rescue_choices(choice: str, code: str) -> None:
    game = rescue_game()
    game.play("e9-e10")
    with pytest.raises(IllegalMove) as info:
        game.play(choice)
    assert info.value.code == code


def test_rescue_notation_without_a_pending_rescue() -> None:
    game = rescue_game()
    with pytest.raises(IllegalMove) as info:
        game.play("no rescue")
    assert info.value.code == "no_rescue_pending"


def test_scouts_cannot_rescue() -> None:
    game = rescue_game(e8="r2")
    game.play("e8-e7")
    game.play("j8-j7")
    game2 = rescue_game(d9="r2")
    game2.play("d9-d10")
    assert not game2.rescue_pending and game2.turn == "blue"


def test_nothing_to_rescue_but_bombs() -> None:
    # Every Red piece but Bombs is on the board: nothing may come back.
    from engine.stratego import PIECE_KINDS

    squares = iter(f"{file}{rank}" for rank in (1, 2, 3, 4) for file in "abcdefghij")
    pieces: dict[str, str] = {}
    for kind in PIECE_KINDS:
        if kind.letter in "B7":
            continue
        for _ in range(kind.count):
            pieces[next(squares)] = "r" + kind.letter
    pieces |= {"e9": "r7", "b5": "r7", "a6": "r7", "a10": "bF", "j8": "b2"}
    game = position(options=RESCUE, **pieces)
    game.play("e9-e10")
    assert not game.rescue_pending


def test_rescue_option_off_by_default() -> None:
    game = position(e9="r7", a1="rF", a10="bF", j8="b2")
    game.play("e9-e10")
    assert not game.rescue_pending and game.turn == "blue"


def test_dying_on_the_back_rank_rescues_nothing() -> None:
    game = rescue_game(e10="bB")
    game.play("e9-e10")
    assert not game.rescue_pending


def test_winning_an_attack_on_the_back_rank_rescues() -> None:
    game = rescue_game(e10="b4")
    game.play("e9-e10")
    assert game.rescue_pending


def test_moving_along_the_back_rank_does_not_rescue_again() -> None:
    game = rescue_game()
    play_all(game, "e9-e10", "no rescue", "j8-j7", "e10-d10")
    assert not game.rescue_pending


def test_same_piece_cannot_rescue_twice() -> None:
    game = rescue_game()
    play_all(game, "e9-e10", "rescue 7 b2", "j8-j7", "e10-d10", "j7-j6", "d10-d9", "j6-j5")
    game.play("d9-d10")
    assert not game.rescue_pending


def test_a_declined_rescue_can_be_taken_later() -> None:
    game = rescue_game()
    play_all(game, "e9-e10", "no rescue", "j8-j7", "e10-d10", "j7-j6", "d10-d9", "j6-j5")
    game.play("d9-d10")
    assert game.rescue_pending


def test_at_most_two_rescues_per_player() -> None:
    assert MAX_RESCUES == 2
    game = rescue_game(f9="r6", g9="r5")
    play_all(game, "e9-e10", "rescue 7 b2", "j8-j7")
    play_all(game, "f9-f10", "rescue X c2", "j7-j6")
    assert game.rescues_made("red") == 2
    game.play("g9-g10")
    assert not game.rescue_pending


def test_undo_a_rescue_and_the_move() -> None:
    game = rescue_game()
    before = game.view("red")
    play_all(game, "e9-e10", "rescue 7 b2")
    game.undo()
    assert game.rescue_pending and game.piece_at("b2") is None
    game.undo()
    assert game.view("red") == before


def test_opponent_learns_a_rescue_but_not_which_piece() -> None:
    game = rescue_game(e10="b4")
    play_all(game, "e9-e10", "rescue 9 b2")
    blue = game.view("blue")
    red = game.view("red")
    assert blue["last_move"]["rescue"] == {"square": "b2", "piece": None}
    assert red["last_move"]["rescue"] == {"square": "b2", "piece": "9"}
    assert blue["pieces"]["b2"]["letter"] is None and blue["pieces"]["b2"]["owner"] == "red"
    assert blue["graveyards"]["red"]["rescued"] == [None]
    assert red["graveyards"]["red"]["rescued"] == ["9"]
    assert "9" not in json.dumps(blue["graveyards"]["red"])


def test_opponent_does_not_learn_a_rescue_was_offered() -> None:
    game = rescue_game()
    game.play("e9-e10")
    assert game.view("red")["phase"] == "rescue"
    assert game.view("blue")["phase"] == "move"
    game.play("no rescue")
    assert game.view("blue")["last_move"]["rescue"] is None


def test_no_rescue_when_the_move_already_won() -> None:
    # Taking Blue's last movable piece on the back rank ends the game; no rescue first.
    game = position(options=RESCUE, e9="r7", e10="b4", a1="rF", a10="bF")
    game.play("e9-e10")
    assert not game.rescue_pending
    assert game.result == "red" and game.end_reason == "no_movable_pieces"
