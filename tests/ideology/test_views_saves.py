"""Views hide hands and unrevealed choices; saves round-trip and fail clearly."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from engine import ideology
from engine.errors import GameError
from engine.ideology.game import Game
from engine.saves import SAVE_ERROR_CODES

from .randomplay import random_action
from .scenario import scenario
from .test_rules import C, F, K

PLAYERS = [C, K, F]


def with_other_hidden_state(game: Game, viewer: str | None, seed: int) -> Game:
    """A copy where everything hidden from `viewer` is different, everything public alike."""
    rng = random.Random(seed)
    other = game.copy()
    for player, deck in other.decks.items():
        if player == viewer:
            continue
        sizes = len(deck.hand), len(deck.draw), len(deck.discard)
        pool = deck.hand + deck.draw + deck.discard
        rng.shuffle(pool)
        deck.hand = pool[: sizes[0]]
        deck.draw = pool[sizes[0] : sizes[0] + sizes[1]]
        deck.discard = pool[sizes[0] + sizes[1] :]
        chosen = other.choices[player]
        for target in chosen:
            chosen[target] = rng.choice(ideology.STATUSES)
    return other


def secret_free_view(game: Game, viewer: str | None) -> dict[str, Any]:
    view = game.view(viewer)
    json.dumps(view)  # plain JSON
    return view


def test_views_do_not_depend_on_hidden_information() -> None:
    rng = random.Random(3)
    checked = 0
    for seed in range(4):
        game = ideology.new_game(PLAYERS, seed=seed, turn_limit=3)
        while not game.is_terminal:
            if rng.random() < 0.2:
                for viewer in [None, *PLAYERS]:
                    changed = with_other_hidden_state(game, viewer, rng.randrange(1000))
                    assert secret_free_view(changed, viewer) == secret_free_view(game, viewer)
                    checked += 1
            game.apply(*random_action(game, rng))
    assert checked > 50


def test_diplomacy_choices_stay_secret_until_revealed() -> None:
    game = scenario(PLAYERS, phase="diplomacy")
    game.apply(C, "diplomacy Communism war")
    for viewer in (K, F, None):
        view = game.view(viewer)
        del view["legal_actions"]  # the viewer's own options, not C's choice
        assert '"war"' not in json.dumps(view)
    assert game.view(C)["diplomacy"]["my_choices"] == {K: "war"}
    assert game.view(K)["diplomacy"]["my_choices"] == {}


def test_view_contents() -> None:
    game = ideology.new_game(PLAYERS, seed=4)
    first = game.to_act[0]
    view = game.view(first)
    assert view["phase"] == "exchange" and view["to_act"] == [first]
    assert view["hand_size"] == 3 and sum(view["hand"].values()) == 3
    assert view["legal_actions"] == game.legal_actions(first)
    assert set(view["players"]) == set(PLAYERS)
    usa = next(r for r in view["regions"] if r["name"] == "United States")
    assert usa["controller"] == C and usa["level"] == 3 and usa["maximum"] == 6
    assert usa["cards"]["military"] == {C: 3}
    assert view["players"][C]["hand_size"] == 3
    assert view["exchange"] == {"player": first, "discarded": 0, "limit": 1}
    public = game.view()
    assert public["hand"] is None and public["legal_actions"] == []
    assert all("text" in e and "event" in e for e in view["log"])
    assert view["log_size"] == len(game.log) and view["log"] == game.log
    game.apply(first, "done")
    later = game.view(first, log_from=view["log_size"])
    assert later["log"] == game.log[view["log_size"] :] and later["log"]


def test_save_round_trip_and_undo() -> None:
    rng = random.Random(8)
    game = ideology.new_game(PLAYERS, seed=8, turn_limit=2)
    history = [game.copy()]
    while not game.is_terminal:
        game.apply(*random_action(game, rng))
        history.append(game.copy())
    document = json.loads(game.to_json())
    assert document["game"] == "ideology" and document["version"] == 1
    assert document["ideologies"] == PLAYERS and document["seed"] == 8
    assert document["options"] == {"turn_limit": 2, "level_counts_only_controller_cards": True}
    assert ideology.from_json(game.to_json()) == game
    assert ideology.from_json(history[5].to_json()) == history[5]


def test_undo_takes_back_the_last_action_in_place() -> None:
    rng = random.Random(8)
    game = ideology.new_game(PLAYERS, seed=8, turn_limit=3)
    undone = 0
    while not game.is_terminal:
        before = game.copy()
        game.apply(*random_action(game, rng))
        if game.can_undo():
            same = game
            assert game.undo() is same  # in place; `game = game.undo()` still works
            assert game == before and game.view(None) == before.view(None)
            undone += 1
            game.apply(*random_action(game, rng))
        else:
            with pytest.raises(ideology.IllegalAction) as caught:
                game.undo()
            assert caught.value.code == "cannot_undo"
    assert undone > 20
    fresh = ideology.new_game(PLAYERS, seed=8)
    with pytest.raises(ideology.IllegalAction) as caught:
        fresh.undo()
    assert caught.value.code == "nothing_to_undo"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("not json", "bad_json"),
        (b"\xff", "bad_json"),
        ("[" * 10_000, "bad_json"),
        ("[1, 2]", "not_an_object"),
        ('{"game": "ideology", "version": true}', "unknown_version"),
        ('{"game": "stratego", "version": 1}', "wrong_game"),
        ('{"game": "ideology", "version": 2}', "unknown_version"),
        ('{"game": "ideology", "version": 1, "seed": 1, "actions": []}', "missing_field"),
        (
            '{"game": "ideology", "version": 1, "ideologies": ["Capitalism"], "seed": 1, '
            '"actions": []}',
            "bad_setup",
        ),
        (
            '{"game": "ideology", "version": 1, "ideologies": ["Capitalism", "Fascism"], '
            '"seed": 1, "actions": [["Capitalism"]]}',
            "bad_field",
        ),
        (
            '{"game": "ideology", "version": 1, "ideologies": ["Capitalism", "Fascism"], '
            '"seed": 1, "options": [], "actions": []}',
            "bad_field",
        ),
        (
            '{"game": "ideology", "version": 1, "ideologies": ["Capitalism", "Fascism"], '
            '"seed": 1, "actions": [["Capitalism", "fly"]]}',
            "illegal_action",
        ),
    ],
)
def test_bad_saves(text: str, code: str) -> None:
    with pytest.raises(ideology.SaveError) as caught:
        ideology.from_json(text)
    assert caught.value.code == code and caught.value.message
    assert code in SAVE_ERROR_CODES  # the engine-wide codes, the same as Stratego's
    assert isinstance(caught.value, GameError) and isinstance(caught.value, ValueError)


def test_a_save_made_before_the_shared_envelope_still_loads() -> None:
    # Written by the engine before errors, saves and rules were reorganised (turn limit 4).
    text = (Path(__file__).parent / "data" / "save-before-shared-envelope.json").read_text()
    game = ideology.from_json(text)
    assert len(game.actions) == 160 and game.is_terminal and game.end_reason == "turn_limit"
    assert game.order == ["Islamic Fundamentalism", "Imperialism", "Fascism"]
    assert [game.influence(p) for p in game.order] == [5, 5, 4]
    assert json.loads(game.to_json()) == json.loads(text)


def test_a_crafted_save_with_a_huge_action_is_refused_at_once() -> None:
    document = {
        "game": "ideology",
        "version": 1,
        "ideologies": ["Capitalism", "Communism"],
        "seed": 7,
        "actions": [["Communism", "remove military " + "x " * 500_000 + "Communism"]],
    }
    with pytest.raises(ideology.SaveError) as caught:
        ideology.from_json(json.dumps(document))
    assert caught.value.code == "illegal_action"
    assert caught.value.params["cause"] == "too_long" and len(caught.value.params["action"]) <= 80


def test_error_to_dict_is_plain_json() -> None:
    game = ideology.new_game(PLAYERS, seed=1)
    waiting = game.to_act[0]
    other = next(p for p in PLAYERS if p != waiting)
    with pytest.raises(ideology.IllegalAction) as caught:
        game.apply(other, "done")
    data = caught.value.to_dict()
    assert data["code"] == "not_your_turn" and data["params"]["to_act"] == [waiting]
    json.dumps(data)


def test_can_undo_only_without_reveals() -> None:
    game = scenario([C, K], phase="development")
    assert not game.can_undo()
    game.decks[C].hand.append(game.decks[C].draw.pop())
    game.apply(C, "done")
    assert game.can_undo() and game.can_undo  # the attribute form reads the same
