"""Computer players: legal through every phase, deterministic, blind to hidden hands."""

from __future__ import annotations

import random
import sys

import pytest

from engine import ideology
from engine.ideology import ai, ai_expert
from engine.ideology.game import Game
from tests.ideology.scenario import hand, scenario, set_hand

SLOW = sys.platform == "emscripten"  # Pyodide is ~3x slower: fewer games there
ALL = ["Capitalism", "Communism", "Fascism", "Islamic Fundamentalism", "Imperialism"]


def play(levels: dict[str, str], seed: int, turn_limit: int = 25) -> tuple[Game, set[str]]:
    """Play to the end; returns the game and the phases in which the players acted."""
    rng = random.Random(seed)
    game = ideology.new_game(list(levels), seed=seed, turn_limit=turn_limit)
    seen: set[str] = set()
    actions = 0
    while not game.is_terminal:
        player = game.to_act[0]
        legal = game.legal_actions(player)
        action = ai.choose_action(game.view(player), legal, levels[player], rng)
        assert action in legal
        seen.add(game.phase if action not in ("deflect", "yield") else action)
        game.apply(player, action)
        actions += 1
        assert actions < 20_000
    return game, seen


def test_module_is_exported() -> None:
    assert ideology.ai is ai
    assert set(ai.LEVELS) == {"random", "greedy", "expert"}
    assert ai.SEAT_LEVELS == ai.LEVELS and ai.SEAT_LEVELS[-1] == "expert"  # strongest last


def test_unknown_level_and_no_action() -> None:
    game = ideology.new_game(ALL[:2], seed=1)
    player = game.to_act[0]
    with pytest.raises(ValueError):
        ai.choose_action(game.view(player), game.legal_actions(player), "hard", random.Random())
    with pytest.raises(ValueError):
        ai.choose_action(game.view(player), [], "greedy", random.Random())
    with pytest.raises(ValueError):
        ai.Player("nobody")


@pytest.mark.parametrize("count", [2, 3, 4, 5])
def test_full_games_every_phase(count: int) -> None:
    names = ALL[:count]
    levels = {p: ("greedy" if i % 2 == 0 else "random") for i, p in enumerate(names)}
    game, seen = play(levels, seed=count, turn_limit=8 if SLOW else 15)
    assert game.result in names
    assert {"exchange", "development", "external", "conflict", "diplomacy"} <= seen


def test_greedy_only_games_finish() -> None:
    for seed in range(1 if SLOW else 3):
        game, seen = play({p: "greedy" for p in ALL[:3]}, seed=seed)
        assert game.result is not None
        assert "conflict" in seen


def test_greedy_attacks_and_defends_its_home() -> None:
    game = scenario(ALL[:3], phase="conflict", to_act="Communism")
    set_hand(game, "Communism", 0, 0, 5)
    set_hand(game, "Capitalism", 0, 0, 3)
    rng = random.Random(1)
    action = ai.choose_action(
        game.view("Communism"), game.legal_actions("Communism"), "greedy", rng
    )
    assert action.startswith("attack ")
    game.apply("Communism", "attack Capitalism cultural United States")
    assert game.to_act == ["Capitalism"]
    legal = game.legal_actions("Capitalism")
    assert ai.choose_action(game.view("Capitalism"), legal, "greedy", rng) == "deflect"
    game.apply("Capitalism", "deflect")
    legal = game.legal_actions("Communism")
    assert ai.choose_action(game.view("Communism"), legal, "greedy", rng) in legal


def test_deterministic_with_a_seed() -> None:
    levels = {"Capitalism": "greedy", "Communism": "random", "Fascism": "greedy"}
    first, _ = play(levels, seed=9, turn_limit=6)
    second, _ = play(levels, seed=9, turn_limit=6)
    assert first == second


def test_player_class() -> None:
    game = ideology.new_game(ALL[:2], seed=3, turn_limit=3)
    seats = {p: ai.Player("greedy", seed=i) for i, p in enumerate(ALL[:2])}
    while not game.is_terminal:
        player = game.to_act[0]
        game.apply(player, seats[player].choose(game.view(player), game.legal_actions(player)))
    assert game.result is not None


@pytest.mark.parametrize("level", ["random", "greedy", "expert"])
def test_choices_ignore_other_hands(level: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Change another player's hidden hand (same size) and shuffle every draw pile: the
    computer's choice is the same."""
    monkeypatch.setattr(ai_expert, "NODE_BUDGET", 200)  # the same thinking, shorter
    rng = random.Random(4)
    names = ALL[:3]
    game = ideology.new_game(names, seed=4, turn_limit=6)
    compared = steps = 0
    limit = 200 if level != "expert" else 80
    while not game.is_terminal and steps < (limit // 3 if SLOW else limit):
        steps += 1
        player = game.to_act[0]
        legal = game.legal_actions(player)
        seed = len(game.log)
        choice = ai.choose_action(game.view(player), legal, level, random.Random(seed))
        other = game.copy()
        for rival in names:
            if rival == player:
                continue
            size = sum(hand(other, rival).values())
            parts = [rng.randrange(size + 1) for _ in range(2)]
            low, high = min(parts), max(parts)
            try:
                set_hand(other, rival, low, high - low, size - high)
            except AssertionError:  # not enough cards of a type left to make that hand
                other = game.copy()
        for deck in other.decks.values():
            rng.shuffle(deck.draw)
        # (Refilling a hand from the discard pile would change the public pile sizes.)
        if other.view(player) == game.view(player):
            again = ai.choose_action(
                other.view(player), other.legal_actions(player), level, random.Random(seed)
            )
            assert again == choice
            compared += 1
        game.apply(player, ai.choose_action(game.view(player), legal, "greedy", rng))
    assert compared >= steps // 2


def test_doctests() -> None:
    import doctest

    result = doctest.testmod(ai, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0
