"""Random legal games for 2-5 players: invariants hold, saves round-trip, games end."""

from __future__ import annotations

import random
import sys

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import ideology
from engine.ideology.game import Game

from .randomplay import play_random
from .scenario import check_invariants

# Pyodide under Node is several times slower: fewer examples there.
EXAMPLES = 20 if sys.platform == "emscripten" else 100


@settings(max_examples=EXAMPLES, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 5),
    seed=st.integers(0, 2**32 - 1),
    turn_limit=st.integers(1, 15),
    place_bias=st.sampled_from([0.0, 0.9]),
)
def test_random_games_keep_invariants_and_round_trip(
    players: int, seed: int, turn_limit: int, place_bias: float
) -> None:
    names = list(ideology.IDEOLOGIES)
    random.Random(seed).shuffle(names)
    game = ideology.new_game(names[:players], seed=seed, turn_limit=turn_limit)
    check_invariants(game)
    saves: list[Game] = []
    rng = random.Random(seed + 1)

    def after_each(current: Game) -> None:
        check_invariants(current)
        assert current.to_act or current.is_terminal
        for player in current.to_act:
            assert current.legal_actions(player)
        if rng.random() < 0.01:
            saves.append(current.copy())

    play_random(game, random.Random(seed), after_each, place_bias=place_bias)
    assert game.is_terminal and game.turn <= turn_limit
    assert game.result in game.ideologies
    assert game.result == game.order[0]
    assert ideology.from_json(game.to_json()) == game
    for saved in saves[:3]:
        assert ideology.from_json(saved.to_json()) == saved


def test_every_player_count_plays_to_the_end() -> None:
    for players in (2, 3, 4, 5):
        game = ideology.new_game(list(ideology.IDEOLOGIES)[:players], seed=players, turn_limit=6)
        play_random(game, random.Random(players), lambda g: None)
        assert game.is_terminal
        assert ideology.from_json(game.to_json()) == game


def test_placing_players_end_the_game_above_twelve() -> None:
    for players in (2, 3, 4, 5):
        game = ideology.new_game(list(ideology.IDEOLOGIES)[:players], seed=players)
        play_random(game, random.Random(players), place_bias=0.9, max_actions=20_000)
        assert game.is_terminal and game.log[-1]["reason"] == "influence"
        assert game.influence(game.result) > 12
        assert all(game.influence(game.result) >= game.influence(p) for p in game.order)


def test_legal_actions_all_apply_and_illegal_ones_do_not() -> None:
    rng = random.Random(12)
    game = ideology.new_game(list(ideology.IDEOLOGIES)[:3], seed=12, turn_limit=2)
    while not game.is_terminal:
        player = rng.choice(game.to_act)
        legal = game.legal_actions(player)
        assert len(legal) == len(set(legal))
        for action in legal:
            assert str(ideology.parse(action)) == action
            trial = game.copy()
            trial.apply(player, action)
        game.apply(player, rng.choice(legal))
