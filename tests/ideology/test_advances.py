"""Every advance: its cost, its prerequisite and its effect."""

from __future__ import annotations

import pytest

from engine import ideology
from engine.ideology.game import Game

from .scenario import (
    add_region,
    give_advances,
    hand,
    put,
    scenario,
    set_hand,
    set_phase,
    set_status,
)
from .test_rules import C, K, evaluate, refused


def buy_game(**cards: int) -> Game:
    game = scenario([C, K])
    set_hand(game, C, **cards)
    return game


@pytest.mark.parametrize("name", list(ideology.ADVANCES))
def test_cost_is_paid_and_owned_once(name: str) -> None:
    advance = ideology.ADVANCES[name]
    game = buy_game(military=5, economic=5, cultural=5)
    give_advances(game, C, *advance.needs_any)
    game.apply(C, f"buy {name}")
    spent = {t: 5 - n for t, n in hand(game, C).items()}
    assert spent == {t: dict(advance.cost).get(t, 0) for t in ideology.CARD_TYPES}
    assert name in game.advances[C]
    assert refused(game, C, f"buy {name}").code == "already_owned"


@pytest.mark.parametrize("name", list(ideology.ADVANCES))
def test_cost_must_be_affordable(name: str) -> None:
    advance = ideology.ADVANCES[name]
    cards = dict(advance.cost)
    short = max(cards, key=lambda t: cards[t])
    cards[short] -= 1
    game = buy_game(**cards)
    give_advances(game, C, *advance.needs_any)
    assert refused(game, C, f"buy {name}").code == "not_enough_cards"


def test_supremacy_needs_any_two_of_five() -> None:
    game = buy_game(military=9, economic=9, cultural=9)
    error = refused(game, C, "buy Technological Supremacy")
    assert (error.code, error.params["needs_count"]) == ("missing_prerequisite", 2)
    game.apply(C, "buy Innovation")
    assert refused(game, C, "buy Technological Supremacy").code == "missing_prerequisite"
    game.apply(C, "buy Logistics")
    game.apply(C, "buy Technological Supremacy")
    assert game.influence(C) == 4


def test_wmd_needs_supremacy() -> None:
    game = buy_game(military=9, economic=9, cultural=9)
    give_advances(game, C, "Tactics", "Industry", "Propaganda", "Innovation", "Logistics")
    assert refused(game, C, "buy Weapons of Mass Destruction").code == "missing_prerequisite"
    game.apply(C, "buy Technological Supremacy")
    game.apply(C, "buy Weapons of Mass Destruction")
    assert game.influence(C) == 5


@pytest.mark.parametrize(
    ("name", "card_type", "status"),
    [
        ("Tactics", "military", "war"),
        ("Industry", "economic", "neutral"),
        ("Propaganda", "cultural", "peace"),
    ],
)
def test_defence_advances_cost_attacker_one_more(name: str, card_type: str, status: str) -> None:
    game = scenario([C, K], phase="conflict")
    set_status(game, C, K, status)
    add_region(game, "Mexico")
    put(game, "Mexico", K, **{card_type: 1})
    give_advances(game, K, name)
    set_hand(game, C, **{card_type: 1})
    error = refused(game, C, f"attack Communism {card_type} Mexico")
    assert (error.params["needed"], error.params["defence_advance"]) == (2, 1)
    set_hand(game, C, **{card_type: 2})
    game.apply(C, f"attack Communism {card_type} Mexico")
    assert game.regions["Mexico"].count(card_type, C) == 1  # K held nothing to deflect
    assert len(game.decks[C].discard) == 1
    # Other conflict types are not affected.
    other = next(t for t in ("cultural", "economic") if t != card_type)
    game2 = scenario([C, K], phase="conflict")
    add_region(game2, "Mexico")
    put(game2, "Mexico", K, **{other: 1})
    give_advances(game2, K, name)
    set_hand(game2, C, **{other: 1})
    assert f"attack Communism {other} Mexico" in game2.legal_actions(C)


def test_innovation_fills_hand_one_more_and_exchanges_one_more() -> None:
    game = scenario([C, K])
    give_advances(game, C, "Innovation")
    evaluate(game)  # through resources of turn 2
    assert len(game.decks[C].hand) == 4 and len(game.decks[K].hand) == 3
    assert game.phase == "exchange"
    first = game.to_act[0]
    assert game.exchange_limit(C) == 2 and game.exchange_limit(K) == 1
    if first == K:
        game.apply(K, "done")
    set_hand(game, C, military=3)
    game.apply(C, "discard military")
    game.apply(C, "discard military")
    assert refused(game, C, "discard military").code == "exchange_limit"


def test_logistics_waives_distance_penalty_on_remove_and_attack() -> None:
    game = scenario([C, K], phase="external")
    give_advances(game, C, "Logistics")
    set_hand(game, C, cultural=2)
    game.apply(C, "remove cultural USSR Communism")
    assert len(game.decks[C].discard) == 1
    set_phase(game, "conflict", C)
    set_hand(game, K)
    game.apply(C, "attack Communism cultural USSR")
    assert len(game.decks[C].discard) == 1  # no penalty: the attack card won


def test_supremacy_deflection_needs_two_cards() -> None:
    game = scenario([C, K], phase="conflict")
    set_status(game, C, K, "war")
    give_advances(game, C, "Technological Supremacy")
    add_region(game, "Mexico")
    put(game, "Mexico", K, military=1)
    set_hand(game, C, military=2)
    set_hand(game, K, military=3)
    game.apply(C, "attack Communism military Mexico")
    game.apply(K, "deflect")  # two cards
    assert hand(game, K)["military"] == 1
    game.apply(C, "play")
    # K holds one card: not enough to deflect, so the conflict ends and C wins.
    assert game.conflict is None and game.regions["Mexico"].count("military", C) == 1
    assert len(game.decks[K].discard) == 3


def test_wmd_allows_military_conflict_at_peace() -> None:
    game = scenario([C, K], phase="conflict")
    set_status(game, C, K, "peace")
    set_hand(game, C, military=2, economic=2)
    put(game, "United States", K, military=1, economic=1)
    assert refused(game, C, "attack Communism military United States").code == "status_forbids"
    give_advances(game, C, "Technological Supremacy", "Weapons of Mass Destruction")
    assert "attack Communism military United States" in game.legal_actions(C)
    assert refused(game, C, "attack Communism economic United States").code == "status_forbids"
