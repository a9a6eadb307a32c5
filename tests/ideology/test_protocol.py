"""Ideology's Game is the shape both engines share (engine/protocol.py): typed actions,
check without applying, undo in place, a whole game of computers to its end."""

from __future__ import annotations

import json
import random

import pytest

from engine import ideology
from engine.ideology import ai
from engine.ideology.actions import Action, parse

from .randomplay import random_action
from .scenario import check_invariants

FIVE = list(ideology.IDEOLOGIES)


def test_legal_actions_are_typed_and_are_their_notation() -> None:
    game = ideology.new_game(FIVE[:3], seed=5)
    player = game.to_act[0]
    legal = game.legal_actions(player)
    assert legal and all(isinstance(a, Action) for a in legal)
    assert [str(a) for a in legal] == game.view(player)["legal_actions"]
    for action in legal:
        assert parse(str(action)) == action and str(parse(str(action))) == str(action)
    assert game.players == FIVE[:3]
    assert game.legal_actions(next(p for p in FIVE[:3] if p != player)) == []


def test_check_says_what_apply_would_raise_without_changing_anything() -> None:
    rng = random.Random(21)
    game = ideology.new_game(FIVE[:4], seed=21, turn_limit=3)
    checked = 0
    while not game.is_terminal:
        if rng.random() < 0.25:
            player = rng.choice(game.to_act)
            legal = game.legal_actions(player)
            others = [p for p in FIVE[:4] if p not in game.to_act]
            trials: list[tuple[str, Action | str]] = [(player, a) for a in legal[:6]]
            trials += [
                (player, "pass"),
                (player, "buy Logistics"),
                (player, "place military Japan"),
            ]
            trials += [(player, "fly"), ("Nobody", "pass")] + [(p, "done") for p in others[:1]]
            before = game.copy()
            for who, action in trials:
                problem = game.check(who, action)
                assert (problem is None) == (who == player and action in legal), (who, action)
                if problem is not None:
                    with pytest.raises(ideology.IllegalAction) as caught:
                        game.apply(who, action)
                    assert caught.value.to_dict() == problem.to_dict()
                checked += 1
            assert game == before
        game.apply(*random_action(game, rng))
    assert checked > 200
    assert game.check(game.order[0], "pass").code == "game_over"  # type: ignore[union-attr]


def test_apply_takes_an_action_or_its_text_and_returns_what_happened() -> None:
    typed = ideology.new_game(FIVE[:2], seed=9)
    texts = ideology.new_game(FIVE[:2], seed=9)
    rng = random.Random(9)
    while not typed.is_terminal and len(typed.actions) < 300:
        player = typed.to_act[0]
        action = rng.choice(typed.legal_actions(player))
        entries = typed.apply(player, action)
        assert entries == texts.apply(player, str(action).upper())
        assert entries and entries == typed.log[-len(entries) :]
    assert typed == texts


def test_five_computers_play_a_whole_game_to_a_result() -> None:
    game = ideology.new_game(FIVE, seed=2026)
    seats = {p: ai.Player("greedy", seed=i) for i, p in enumerate(FIVE)}
    while not game.is_terminal:
        assert len(game.actions) < 5_000
        player = game.to_act[0]
        view = game.view(player, log_from=len(game.log))
        game.apply(player, seats[player].choose(view, game.legal_actions(player)))
    check_invariants(game)
    assert game.result in FIVE and game.end_reason in ("influence", "exhaustion")
    influence = {p: game.influence(p) for p in FIVE}
    assert influence[game.result] == max(influence.values())
    assert game.view(None)["result"] == game.result
    assert json.loads(game.to_json())["actions"] and ideology.from_json(game.to_json()) == game
