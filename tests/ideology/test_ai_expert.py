"""The expert computer: games it deals are consistent with its view, its look-ahead plays
as the greedy player, and its decisions are legal, blind to hidden cards, within budget
and the same however they are sliced."""

from __future__ import annotations

import random
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import ideology
from engine.ideology import ai, ai_expert, rules
from engine.ideology.ai_sample import clone, passes_in_row, sample_game
from engine.ideology.game import Game
from tests.ideology.randomplay import random_action
from tests.ideology.scenario import check_invariants, scenario, set_hand

SLOW = sys.platform == "emscripten"  # Pyodide is ~3x slower: fewer positions there
THREE = ["Capitalism", "Communism", "Fascism"]
ALL = [*THREE, "Islamic Fundamentalism", "Imperialism"]


def positions(names: list[str], seed: int, count: int) -> list[Game]:
    """Positions met in a game of random players who like to place (so regions change
    hands, conflicts and diplomacy happen): copies, every decision point of the game."""
    rng = random.Random(seed)
    game = ideology.new_game(names, seed=seed, turn_limit=12)
    seen: list[Game] = []
    while not game.is_terminal and len(seen) < count:
        seen.append(game.copy())
        game.apply(*random_action(game, rng, place_bias=0.5))
    return seen


def without_log(view: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in view.items() if k not in ("log", "log_from", "log_size")}


@pytest.mark.parametrize("names", [THREE, ALL[:2], ALL])
def test_a_sample_looks_like_the_game(names: list[str]) -> None:
    """What the viewer sees of a sampled game is what it saw of the real one, legal
    actions included; every card is in one place; the hidden parts vary with the dice."""
    dealt_differently = 0
    for game in positions(names, seed=len(names), count=60 if SLOW else 250):
        for player in game.to_act:
            view = game.view(player)
            sample = sample_game(view, random.Random(len(game.actions)), ai_expert.greedy_choices)
            assert without_log(sample.view(player)) == without_log(view)  # type: ignore[arg-type]
            assert sample.legal_actions(player) == game.legal_actions(player)
            assert sample.passes_in_row == game.passes_in_row
            check_invariants(sample)
            other = sample_game(view, random.Random(-1 - len(game.actions)))
            if any(
                sorted(sample.decks[p].hand) != sorted(other.decks[p].hand)
                or sample.decks[p].draw != other.decks[p].draw
                for p in names
            ):
                dealt_differently += 1
    assert dealt_differently > 0


def test_finished_players_get_guessed_diplomacy_choices() -> None:
    game = scenario(THREE, phase="diplomacy")
    for other in ("Communism", "Fascism"):
        game.apply("Capitalism", f"diplomacy {other} war")
    game.apply("Capitalism", "done")
    view = game.view("Communism")
    sample = sample_game(view, random.Random(1), lambda g, p: {o: "peace" for o in g.order})
    assert sample.choices["Capitalism"] == {o: "peace" for o in THREE}  # a guess, not the truth
    assert sample.choices["Communism"] == {} and sample.diplomacy_done == ["Capitalism"]


def test_passes_in_row_come_from_the_log_as_far_as_it_goes() -> None:
    game = scenario(THREE, phase="external")
    game.apply("Capitalism", "pass")
    game.apply("Communism", "pass")
    assert passes_in_row(game.view("Fascism")) == 2
    assert passes_in_row(game.view("Fascism", log_from=len(game.log) - 1)) == 1
    assert passes_in_row(game.view("Fascism", log_from=len(game.log))) == 0


def test_a_view_no_game_could_give_is_refused() -> None:
    game = ideology.new_game(THREE, seed=1)
    player = game.to_act[0]
    view = game.view(player)
    view["players"][player]["draw_pile_size"] += 1
    with pytest.raises(ValueError):
        sample_game(view, random.Random(1))
    with pytest.raises(ValueError):
        sample_game(game.view(None), random.Random(1))


def test_a_clone_is_independent_and_plays_on_the_same() -> None:
    for game in positions(THREE, seed=5, count=40)[::7]:
        copy = clone(game)
        assert copy == game
        if game.is_terminal:
            continue
        player = game.to_act[0]
        rng = random.Random(3)
        while not copy.is_terminal and copy.turn <= game.turn:
            copy.apply(*random_action(copy, rng))
        assert copy != game
        assert game == positions(THREE, seed=5, count=40)[len(game.actions)]
        assert player in game.to_act


def reference_greedy(game: Game, dice: random.Random, horizon: int) -> None:
    """Every player as ``ai.choose_action(..., "greedy", dice)`` on full views (a lone
    legal action taken without throwing the dice, as the look-ahead does)."""
    while game.result is None and game.turn < horizon:
        player = game.to_act[0]
        legal = game.legal_actions(player)
        if len(legal) == 1 or game.phase == "diplomacy":
            action = ai.choose_action(game.view(player), legal, "greedy", random.Random(0))
        else:
            action = ai.choose_action(game.view(player), legal, "greedy", dice)
        game.apply(player, action)


def test_the_look_ahead_plays_as_the_greedy_player() -> None:
    """The model of every player is the greedy level exactly, diplomacy included."""
    compared = 0
    for game in positions(THREE, seed=11, count=120)[::9]:
        if game.is_terminal:
            continue
        player = game.to_act[0]
        thinking = ai_expert.Thinking(
            game.view(player), game.legal_actions(player), random.Random(1)
        )
        forward = clone(game)
        work = thinking._play_forward(forward, random.Random(7), game.turn + 1)
        for _ in work:
            pass
        expected = game.copy()
        reference_greedy(expected, random.Random(7), game.turn + 1)
        assert forward.regions == expected.regions
        assert forward.decks == expected.decks
        assert (forward.turn, forward.phase, forward.statuses) == (
            expected.turn,
            expected.phase,
            expected.statuses,
        )
        compared += 1
    assert compared >= 8


def expert_game(seed: int, budget: int, turn_limit: int) -> tuple[Game, list[int]]:
    """Expert (small budget) against two greedy players; the nodes of each decision."""
    rng = random.Random(seed)
    game = ideology.new_game(THREE, seed=seed, turn_limit=turn_limit)
    expert = THREE[seed % 3]
    nodes: list[int] = []
    while not game.is_terminal:
        player = game.to_act[0]
        legal = game.legal_actions(player)
        view = game.view(player, log_from=max(0, len(game.log) - 20))
        if player == expert:
            thinking = ai_expert.Thinking(view, legal, rng, node_budget=budget)
            action = thinking.run()
            nodes.append(thinking.nodes)
        else:
            action = ai.choose_action(view, legal, "greedy", rng)
        assert action in legal
        game.apply(player, action)
    return game, nodes


def test_whole_games_end_within_budget() -> None:
    for seed in range(1 if SLOW else 2):
        game, nodes = expert_game(seed, budget=150, turn_limit=4 if SLOW else 8)
        assert game.result in THREE
        assert max(nodes) <= 150
        assert 0 in nodes  # lone actions and diplomacy are answered at once


def test_trivial_decisions_cost_nothing() -> None:
    game = scenario(THREE, phase="exchange", to_act="Capitalism")  # empty hand: only done
    thinking = ai_expert.Thinking(
        game.view("Capitalism"), game.legal_actions("Capitalism"), random.Random(1)
    )
    assert thinking.done and thinking.action == "done" and thinking.nodes == 0
    game = scenario(THREE, phase="diplomacy")
    legal = game.legal_actions("Fascism")
    thinking = ai_expert.Thinking(game.view("Fascism"), legal, random.Random(1))
    assert thinking.done and thinking.action in legal and thinking.nodes == 0


def test_slices_choose_as_one_run() -> None:
    for game in positions(THREE, seed=3, count=80)[5::15]:
        if game.is_terminal:
            continue
        player = game.to_act[0]
        view, legal = game.view(player), game.legal_actions(player)
        whole = ai_expert.Thinking(view, legal, random.Random(9), node_budget=400)
        whole.run()
        sliced = ai_expert.Thinking(view, legal, random.Random(9), node_budget=400)
        steps = 0
        while not sliced.step(37):
            steps += 1
        assert sliced.action == whole.action and sliced.nodes == whole.nodes <= 400
        assert sliced.scores == whole.scores
        if whole.nodes > 37:
            assert steps >= whole.nodes // 37 - 1


def test_start_thinking_gives_the_action_choose_action_gives(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(ai_expert, "NODE_BUDGET", 300)
    game = ideology.new_game(THREE, seed=4)
    player = game.to_act[0]
    view, legal = game.view(player), game.legal_actions(player)
    decision = ai.start_thinking(view, legal, "expert", random.Random(2))
    while not decision.step(max_nodes=50, max_seconds=0.001):
        pass
    assert decision.action is not None and decision.action in legal
    assert decision.action == ai.choose_action(view, legal, "expert", random.Random(2))
    assert isinstance(decision.action, ideology.Action)
    quick = ai.start_thinking(view, legal, "greedy", random.Random(2))
    assert quick.step() and quick.action == ai.choose_action(
        view, legal, "greedy", random.Random(2)
    )


def test_the_expert_attacks_a_weak_defender() -> None:
    """With five cultural cards against an empty hand, taking the leader's home zone card
    is worth it: the look-ahead sees the level fall."""
    game = scenario(THREE, phase="conflict", to_act="Communism")
    set_hand(game, "Communism", 0, 0, 5)
    view, legal = game.view("Communism"), game.legal_actions("Communism")
    thinking = ai_expert.Thinking(view, legal, random.Random(1), node_budget=600)
    assert thinking.run().startswith("attack ")
    assert rules.moment(game) == "conflict"


@settings(max_examples=8 if SLOW else 40, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 5),
    seed=st.integers(0, 2**32 - 1),
    steps=st.integers(0, 400),
    budget=st.integers(1, 250),
)
def test_the_expert_always_chooses_a_legal_action_within_budget(
    players: int, seed: int, steps: int, budget: int
) -> None:
    """Anywhere in a game of any size (random players bring it there), on any budget."""
    rng = random.Random(seed)
    names = list(ideology.IDEOLOGIES)
    rng.shuffle(names)
    game = ideology.new_game(names[:players], seed=seed, turn_limit=rng.randint(1, 15))
    for _ in range(steps):
        if game.is_terminal:
            return
        game.apply(*random_action(game, rng, place_bias=0.5))
    if game.is_terminal:
        return
    for player in game.to_act:
        legal = game.legal_actions(player)
        view = game.view(player, log_from=max(0, len(game.log) - rng.randint(0, 30)))
        thinking = ai_expert.Thinking(view, legal, random.Random(seed), node_budget=budget)
        assert thinking.run() in legal
        assert thinking.nodes <= budget
