"""Looking back at a game: the position after any number of plays, replayed from the
setups, with each player's view as it was then."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import stratego
from engine.stratego import BUILTIN_SETUPS, Options


def played_game(seed: int, plays: int) -> stratego.Game:
    rng = random.Random(seed)
    game = stratego.new_game(
        BUILTIN_SETUPS["Scout screen"], BUILTIN_SETUPS["Bomb wall"], Options(rescue=True)
    )
    for _ in range(plays):
        if game.result is not None:
            break
        actions = game.legal_actions(game.turn)
        game.apply(game.turn, rng.choice(actions))
    return game


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), plays=st.integers(0, 120))
def test_every_earlier_position_is_the_game_then(seed: int, plays: int) -> None:
    game = played_game(seed, plays)
    earlier = stratego.new_game(game.red_setup, game.blue_setup, game.options)
    for count in range(len(game.moves) + 1):
        past = game.replayed(count)
        assert [r.notation for r in past.moves] == [r.notation for r in earlier.moves]
        for player in ("red", "blue"):
            assert past.view(player) == earlier.view(player)
        if count < len(game.moves):
            earlier.play(game.moves[count].notation)


def test_the_game_itself_is_untouched() -> None:
    game = played_game(3, 40)
    before = game.to_json()
    game.replayed(10)
    assert game.to_json() == before


def test_the_ending_comes_back_with_the_last_play_only() -> None:
    game = played_game(5, 12)
    game.resign("red")
    assert game.replayed(len(game.moves)).result == "blue"
    assert game.replayed(len(game.moves) - 1).result is None
    assert game.replayed(10**6).result == "blue"  # clamped to the game's length
    assert game.replayed(-3).move_count == 0


def test_a_hidden_rank_stays_hidden_in_an_earlier_view() -> None:
    game = played_game(11, 200)
    for count in (0, len(game.moves) // 2):
        view = game.replayed(count).view("red")
        hidden = [info for info in view["pieces"].values() if info["owner"] == "blue"]
        assert any(info["letter"] is None for info in hidden)
