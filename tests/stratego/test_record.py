"""Game records: a Stratego game as shareable text and back (engine/stratego/record.py)."""

from __future__ import annotations

import random
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import stratego
from engine.stratego import RecordError, read_record, record_text

from .test_properties import options_strategy, seeds, start

SCALE = 4 if sys.platform == "emscripten" else 1
BARRAGE_RED = stratego.builtin_setup("Flag behind the Bomb", "barrage")
BARRAGE_BLUE = stratego.builtin_setup("Scouts ahead", "barrage")


def barrage_game() -> stratego.Game:
    game = stratego.new_game(
        BARRAGE_RED, BARRAGE_BLUE, stratego.Options(army="barrage", rescue=True)
    )
    for _ in range(12):
        game.play(random.Random(len(game.moves)).choice(game.legal_moves()))
    return game


def play_random(game: stratego.Game, rng: random.Random, plies: int) -> None:
    while not game.is_terminal and plies > 0:
        game.play(rng.choice(game.legal_moves()))
        plies -= 1


@settings(max_examples=40 // SCALE, deadline=None)
@given(seed=seeds, options=options_strategy, ending=st.sampled_from([None, "resign", "draw"]))
def test_every_game_round_trips_through_its_record(
    seed: int, options: stratego.Options, ending: str | None
) -> None:
    game, rng = start(seed, options)
    play_random(game, rng, rng.choice([0, 5, 60, 3000]))
    if not game.is_terminal and ending == "resign":
        game.resign(rng.choice(["red", "blue"]))
    elif not game.is_terminal and ending == "draw":
        game.agree_draw()
    names = {"red": 'Ana "la roja"', "blue": "Luis \\ B"}
    text = record_text(game, names, date="2026-12-01", seats={"red": "person", "blue": "hard"})
    read = read_record(text)
    assert read.game == game
    assert (read.game.result, read.game.end_reason) == (game.result, game.end_reason)
    assert read.names == names
    assert read.date == "2026-12-01"
    assert read.seats == {"red": "person", "blue": "hard"}
    assert record_text(read.game, read.names, date=read.date, seats=read.seats) == text


def test_the_header_says_the_army_options_players_and_result() -> None:
    game = barrage_game()
    game.resign("blue")
    text = record_text(game, {"red": "Ana", "blue": "Luis"}, date="2026-12-01")
    assert '[Army "barrage"]' in text
    assert '[Options "rescue"]' in text
    assert '[Result "red"]' in text and '[Reason "resigned"]' in text
    assert f'[RedSetup "{BARRAGE_RED}"]' in text and f'[BlueSetup "{BARRAGE_BLUE}"]' in text
    plays = [line for line in text.splitlines() if line[:1].isdigit()]
    assert plays[0] == f"1. red {game.moves[0].notation}"
    assert len(plays) == len(game.moves)


def test_attacks_are_noted_in_comments_and_comments_are_ignored() -> None:
    game = stratego.new_game(BARRAGE_RED, BARRAGE_BLUE, stratego.Options(army="barrage"))
    rng = random.Random(3)
    while not any(record.is_attack for record in game.moves):
        game.play(rng.choice(game.legal_moves()))
    text = record_text(game)
    attack = next(line for line in text.splitlines() if " x " in line)
    assert "; " in attack
    with_notes = text.replace("\n\n", "\n\n; a note of the players\n")
    assert read_record(with_notes).game == game


def error_of(text: str) -> RecordError:
    with pytest.raises(RecordError) as caught:
        read_record(text)
    return caught.value


def test_a_malformed_record_raises_a_typed_error_naming_the_line() -> None:
    game = barrage_game()
    text = record_text(game, {"red": "Ana", "blue": "Luis"})
    lines = text.splitlines()
    plays_from = lines.index("") + 1
    assert error_of('{"game": "stratego"}').code == "not_a_record"
    assert error_of(text.replace('[Army "barrage"]', '[Army "skirmish"]')).code == "bad_value"
    assert error_of(text.replace('[Army "barrage"]', '[Army "classic"]')).code == "bad_value"
    assert error_of(text.replace('[Result "*"]\n', "")).code == "missing_header"
    assert error_of(text.replace('[Red "Ana"]', '[Red "Ana"]\n[Red "Eva"]')).code == "bad_header"
    assert error_of(text.replace('[Red "Ana"]', '[Colour "red"]')).code == "bad_header"
    assert error_of(text.replace('[Options "rescue"]', '[Options "teleport"]')).code == (
        "bad_value"
    )
    assert error_of(text.replace('[Record "1"]', '[Record "2"]')).code == "newer_record"
    assert error_of(text.replace('[Result "*"]', '[Result "red"]')).code == "wrong_result"
    garbled = "\n".join([*lines[:plays_from], "1 red e4-e5", *lines[plays_from + 1 :]])
    error = error_of(garbled)
    assert (error.code, error.params["line"]) == ("bad_line", plays_from + 1)
    swapped = "\n".join([*lines[:plays_from], lines[plays_from + 1], lines[plays_from]])
    assert error_of(swapped).code == "play_order"
    first = game.moves[0]
    illegal = text.replace(
        f"1. red {first.notation}", f"1. red {first.from_square}-{first.from_square}"
    )
    error = error_of(illegal)
    assert error.code == "illegal_play"
    assert error.params["play"] == 1 and error.params["reason"] == "same_square"
    assert isinstance(error, ValueError) and "Line" in str(error)


def test_a_record_is_recognised_by_its_first_line() -> None:
    assert stratego.is_record("\ufeff\n" + record_text(barrage_game()))
    assert not stratego.is_record('[{"format": "tablero-save"}]')
    assert not stratego.is_record(None)
