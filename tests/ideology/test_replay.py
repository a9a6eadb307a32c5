"""Looking back at a game (engine.ideology.replay): the steps cut a game at each change
of turn or phase, each step's state is the game as it was then, and the influence series
follows the rules' influence turn by turn."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import ideology
from engine.ideology.replay import game_at, influence_by_turn, public_views, replay, steps
from tests.ideology.randomplay import play_random

PLAYERS = ["Capitalism", "Communism", "Fascism"]


def finished_game(seed: int) -> ideology.Game:
    game = ideology.new_game(PLAYERS, seed=seed, turn_limit=3)
    play_random(game, random.Random(seed), place_bias=0.6)
    return game


def test_steps_cover_every_action_once_in_order_and_every_log_entry() -> None:
    game = finished_game(4)
    found = steps(game)
    assert found[0].actions == 0 and found[-1].actions == len(game.actions)
    assert [s.actions for s in found] == sorted({s.actions for s in found})
    # Consecutive steps share their log boundary: nothing is told twice or left out.
    assert found[0].log_from == 0 and found[-1].log_to == len(game.log)
    for before, after in itertools.pairwise(found):
        assert after.log_from == before.log_to
    # A step holds the actions of one phase of one turn: the next one changes either.
    for before, after in itertools.pairwise(found[1:]):
        assert (before.turn, before.phase) != (after.turn, after.phase)


def test_each_step_is_the_game_as_it_was_after_its_last_action() -> None:
    game = finished_game(5)
    for step, state in replay(game):
        again = game_at(game, step.actions)
        assert again == state
        assert state.log == game.log[: step.log_to]
    assert game_at(game, len(game.actions)) == game
    assert game_at(game, 10**6) == game  # clamped: nothing past the end


def test_the_phase_of_a_step_is_the_one_its_actions_were_taken_in() -> None:
    game = finished_game(6)
    for step in steps(game)[1:]:
        before = game_at(game, step.actions - 1)
        # The step's last action was taken in the step's turn and phase.
        assert (before.turn, before.phase) == (step.turn, step.phase)


def test_public_views_hold_no_hand_and_no_log() -> None:
    game = finished_game(7)
    for _step, view in public_views(game):
        assert view["viewer"] is None and view["hand"] is None
        assert view["legal_actions"] == [] and view["log"] == []
        assert view["diplomacy"] is None or view["diplomacy"]["my_choices"] is None


def test_influence_series_starts_at_the_start_and_ends_at_the_final_influence() -> None:
    game = finished_game(8)
    series = influence_by_turn(game)
    start = ideology.new_game(PLAYERS, seed=8, turn_limit=3)
    assert set(series) == set(PLAYERS)
    for player, values in series.items():
        assert values[0] == start.influence(player)
        assert values[-1] == game.influence(player)
        assert len(values) == game.turn + 1  # the start, then every turn played


def test_influence_after_a_turn_is_the_influence_after_its_last_action() -> None:
    game = finished_game(9)
    series = influence_by_turn(game)
    last_of_turn = {}
    for step in steps(game)[1:]:
        last_of_turn[step.turn] = step.actions
    for turn, actions in last_of_turn.items():
        state = game_at(game, actions)
        assert {p: series[p][turn] for p in PLAYERS} == {p: state.influence(p) for p in PLAYERS}


def test_replay_leaves_the_game_untouched() -> None:
    game = finished_game(10)
    before = game.copy()
    list(replay(game))
    influence_by_turn(game)
    assert game == before


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 5))
def test_any_random_game_replays_step_by_step_to_itself(seed: int, count: int) -> None:
    game = ideology.new_game(list(ideology.IDEOLOGIES)[:count], seed=seed, turn_limit=2)
    play_random(game, random.Random(seed), max_actions=400)
    last = None
    for _step, state in replay(game):
        last = state
    assert last == game
