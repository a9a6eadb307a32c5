"""Every public query of a game refuses a bad argument with the engine's error and a code
(never a bare KeyError, never a quiet empty answer)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engine import ideology
from engine.ideology.game import Game

from .scenario import add_region, scenario, set_hand

C, K, F = "Capitalism", "Communism", "Fascism"


def game_in_play() -> Game:
    game = scenario([C, K])
    add_region(game, "Mexico")
    return game


@pytest.mark.parametrize(
    ("call", "code", "params"),
    [
        (lambda g: g.status(C, C), "self_target", {"player": C}),
        (lambda g: g.status(C, "Nobody"), "unknown_player", {"player": "Nobody"}),
        (lambda g: g.status(C, F), "unknown_player", {"player": F}),  # not in this game
        (lambda g: g.controlled("Nobody"), "unknown_player", {"player": "Nobody"}),
        (lambda g: g.influence(F), "unknown_player", {"player": F}),
        (lambda g: g.exchange_limit("Nobody"), "unknown_player", {"player": "Nobody"}),
        (lambda g: g.reachable(C, "Australia"), "region_not_in_play", {"region": "Australia"}),
        (lambda g: g.reachable(C, "Atlantis"), "unknown_region", {"name": "Atlantis"}),
        (lambda g: g.reachable("Nobody", "Mexico"), "unknown_player", {"player": "Nobody"}),
        (lambda g: g.distance_penalty(C, "Japan"), "region_not_in_play", {"region": "Japan"}),
        (lambda g: g.hand_count(C, "tanks"), "unknown_type", {"name": "tanks"}),
        (lambda g: g.hand_count(7, "military"), "unknown_player", {"player": "7"}),
        (lambda g: g.deflect_cost(), "no_conflict", {}),
        (lambda g: g.legal_actions("Nobody"), "unknown_player", {"player": "Nobody"}),
        (lambda g: g.view("Nobody"), "unknown_player", {"player": "Nobody"}),
        (
            lambda g: g.view(C, log_from="3"),
            "bad_argument",
            {"argument": "log_from", "value": "'3'"},
        ),
        (lambda g: g.apply("Nobody", "pass"), "unknown_player", {"player": "Nobody"}),
    ],
)
def test_bad_arguments_raise_the_engines_error_with_a_code(
    call: Callable[[Game], Any], code: str, params: dict[str, Any]
) -> None:
    game = game_in_play()
    before = game.copy()
    with pytest.raises(ideology.IllegalAction) as caught:
        call(game)
    assert (caught.value.code, caught.value.params) == (code, params)
    assert caught.value.message
    assert game == before


def test_a_huge_name_is_refused_quickly_and_not_echoed_whole() -> None:
    game = game_in_play()
    with pytest.raises(ideology.IllegalAction) as caught:
        game.controlled("x" * 1_000_000)
    assert caught.value.code == "unknown_player" and len(caught.value.params["player"]) <= 80


def test_helpers_accept_every_spelling_of_a_name() -> None:
    game = game_in_play()
    set_hand(game, C, military=2)
    assert game.hand_count("capitalismo", "militar") == 2
    assert game.reachable("C", "méxico") and game.distance_penalty(C, "Mexico") == 0
    assert game.status("comunismo", C) == "neutral"
    assert game.controlled("k") == ["USSR"]
    assert game.exchange_limit(K) == 1
