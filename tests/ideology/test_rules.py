"""One or more scenario tests for every paragraph of /work/shared/rules/ideology.md."""

from __future__ import annotations

from typing import Any

import pytest

from engine import ideology
from engine.ideology import game as game_module
from engine.ideology.game import Game

from .scenario import (
    add_region,
    check_invariants,
    give_advances,
    hand,
    put,
    scenario,
    set_hand,
    set_phase,
    set_status,
)

C, K, F, ISLAM, P = "Capitalism", "Communism", "Fascism", "Islamic Fundamentalism", "Imperialism"


def refused(game: Game, player: str, action: str) -> ideology.IllegalAction:
    """Apply an action that must be refused; check the game did not change."""
    before = game.copy()
    with pytest.raises(ideology.IllegalAction) as caught:
        game.apply(player, action)
    assert game == before
    assert action not in game.legal_actions(player)
    assert caught.value.message
    return caught.value


def events(game: Game, name: str) -> list[dict[str, Any]]:
    return [entry for entry in game.log if entry["event"] == name]


# --- Players and ideologies -------------------------------------------------------------


@pytest.mark.parametrize("count", [2, 3, 4, 5])
def test_two_to_five_ideologies_each_with_its_home(count: int) -> None:
    players = list(ideology.IDEOLOGIES)[:count]
    game = ideology.new_game(players, seed=count)
    assert sorted(game.order) == sorted(players)
    for player in players:
        home = ideology.IDEOLOGIES[player].home
        assert game.regions[home].controller == player
    check_invariants(game)


@pytest.mark.parametrize(
    ("players", "code"),
    [
        ([C], "player_count"),
        ([C, K, F, ISLAM, P, "Capitalismo"], "duplicate_ideology"),
        ([C, "c"], "duplicate_ideology"),
        ([C, "Anarchism"], "unknown_ideology"),
        ("Capitalism", "bad_ideologies"),
    ],
)
def test_bad_setups(players: Any, code: str) -> None:
    with pytest.raises(ideology.SetupError) as caught:
        ideology.new_game(players, seed=1)
    assert caught.value.code == code


def test_bad_seed_and_options() -> None:
    with pytest.raises(ideology.SetupError) as caught:
        ideology.new_game([C, K], seed="seven")  # type: ignore[arg-type]
    assert caught.value.code == "bad_seed"
    for options in (
        {"turn_limit": 0},
        {"turn_limit": "3"},
        {"speed": 2},
        {"level_counts_only_controller_cards": "no"},
    ):
        with pytest.raises(ideology.SetupError) as caught:
            ideology.new_game([C, K], seed=1, options=options)
        assert caught.value.code == "bad_option"


def test_names_letters_and_spanish_accepted() -> None:
    game = ideology.new_game(["c", "Fundamentalismo Islámico"], seed=1)
    assert game.ideologies == (C, ISLAM)
    assert game.legal_actions("C") == game.legal_actions(C)


# --- Setup --------------------------------------------------------------------------------


def test_setup_home_regions_decks_region_deck_order_statuses() -> None:
    game = ideology.new_game([C, K, F], seed=11)
    for player in (C, K, F):
        home = game.regions[ideology.IDEOLOGIES[player].home]
        assert home.level == 3 and home.controller == player
        for card_type in ideology.CARD_TYPES:
            assert home.count(card_type, player) == 3 and home.count(card_type) == 3
        deck = game.decks[player]
        assert len(deck.hand) == 3  # turn 1 resources filled the hand to influence 3
        assert len(deck.draw) == 45 - 9 - 3 and not deck.discard
    # Home regions of ideologies nobody plays are not used.
    assert len(game.region_deck) == 29
    assert "Iran" not in game.region_deck and "Great Britain" not in game.region_deck
    assert set(game.regions) == {"United States", "USSR", "Germany"}
    # Every pair starts at Neutral.
    assert set(game.statuses.values()) == {"neutral"} and len(game.statuses) == 3
    check_invariants(game)


def test_setup_is_seeded_and_turn_order_random() -> None:
    first = ideology.new_game([C, K, F, ISLAM, P], seed=5)
    assert first == ideology.new_game([C, K, F, ISLAM, P], seed=5)
    orders = {tuple(ideology.new_game([C, K, F, ISLAM, P], seed=s).order) for s in range(12)}
    assert len(orders) > 1
    decks = {tuple(ideology.new_game([C, K], seed=s).region_deck) for s in range(5)}
    assert len(decks) == 5


def test_random_seed_is_kept() -> None:
    game = ideology.new_game([C, K])
    assert isinstance(game.seed, int)
    assert ideology.new_game([C, K], seed=game.seed) == game


# --- Definitions ----------------------------------------------------------------------------


def test_global_influence_is_levels_plus_bonuses() -> None:
    game = scenario([C, K])
    assert game.influence(C) == 3
    add_region(game, "Mexico", controller=C)
    add_region(game, "Canada", controller=C, level=0)
    assert game.influence(C) == 4
    give_advances(game, C, "Technological Supremacy", "Weapons of Mass Destruction")
    assert game.influence(C) == 6


def test_reachable_and_distance_penalty() -> None:
    game = scenario([C, K])
    add_region(game, "Mexico")
    add_region(game, "Australia")
    assert game.reachable(C, "United States")  # controlled
    assert game.reachable(C, "Mexico")  # adjacent to a controlled region
    assert not game.reachable(C, "Australia")
    assert game.distance_penalty(C, "Mexico") == 0
    assert game.distance_penalty(C, "Australia") == 1


def test_empty_draw_pile_reshuffles_discards_mid_draw() -> None:
    game = scenario([C, K], phase="exchange")
    deck = game.decks[C]
    set_hand(game, C, military=2)
    # Leave one card in the draw pile, the rest in the discard pile.
    deck.discard += deck.draw[:-1]
    del deck.draw[:-1]
    add_region(game, "Mexico", controller=C)  # two regions: may exchange two cards
    last_card = deck.draw[0]
    game.apply(C, "discard military")
    game.apply(C, "discard military")
    game.apply(C, "done")
    assert last_card in deck.hand  # the first card drawn came from the old pile
    assert len(deck.hand) == 2
    assert len(events(game, "reshuffle")) == 1
    assert len(deck.draw) == 45 - 9 - 2 and not deck.discard
    check_invariants(game)


def test_both_piles_empty_draws_nothing_more() -> None:
    game = scenario([C, K], phase="exchange")
    deck = game.decks[C]
    set_hand(game, C, cultural=1)
    # Park every other card on the map so neither pile has any.
    put(game, "Canada", C, military=12, economic=12, cultural=11)
    assert not deck.draw and not deck.discard and len(deck.hand) == 1
    game.apply(C, "discard cultural")  # the discard pile now holds one card
    game.apply(C, "done")
    assert hand(game, C) == {"military": 0, "economic": 0, "cultural": 1}
    assert game.decks[C].draw == [] and game.decks[C].discard == []
    game.decks[C].hand.clear()
    game._draw(C, 3)  # nothing left anywhere: draws nothing, no error
    assert game.decks[C].hand == []


def test_hands_carry_over_without_limit() -> None:
    game = scenario([C, K], phase="diplomacy")
    set_hand(game, C, military=6, economic=6)  # more than influence 3
    for player, other in ((C, K), (K, C)):
        game.apply(player, f"diplomacy {other} neutral")
        game.apply(player, "done")
    # Evaluation, turn order and resources ran: C keeps all 12, draws and discards nothing.
    assert game.phase == "exchange" and game.turn == 2
    assert len(game.decks[C].hand) == 12 and not game.decks[C].discard
    assert len(game.decks[K].hand) == 3


# --- 1. Resources ---------------------------------------------------------------------------


def test_resources_fill_hand_to_global_influence() -> None:
    game = scenario([C, K], phase="diplomacy")
    add_region(game, "Mexico", controller=C)
    put(game, "Mexico", C, military=1, economic=1, cultural=1)
    set_hand(game, C, military=1)
    for player, other in ((C, K), (K, C)):
        game.apply(player, f"diplomacy {other} peace")
        game.apply(player, "done")
    assert game.influence(C) == 4 and len(game.decks[C].hand) == 4
    assert [e["count"] for e in events(game, "draw") if e["player"] == C] == [3]


# --- 2. Exchange -----------------------------------------------------------------------------


def test_exchange_up_to_number_of_regions_controlled() -> None:
    game = scenario([C, K], phase="exchange")
    set_hand(game, C, military=3)
    assert game.exchange_limit(C) == 1
    game.apply(C, "discard military")
    assert refused(game, C, "discard military").code == "exchange_limit"
    assert game.legal_actions(C) == ["done"]
    game.apply(C, "done")
    assert len(game.decks[C].hand) == 3 and len(game.decks[C].discard) == 1
    assert game.to_act == [K]


def test_exchange_needs_the_card_and_may_be_skipped() -> None:
    game = scenario([C, K], phase="exchange")
    set_hand(game, C, economic=1)
    assert refused(game, C, "discard military").code == "not_enough_cards"
    assert game.legal_actions(C) == ["discard economic", "done"]
    game.apply(C, "done")
    game.apply(K, "done")
    assert game.phase == "development" and game.to_act == [C]


def test_exchange_limit_zero_without_regions() -> None:
    game = scenario([C, K], phase="exchange")
    game.regions["United States"].controller = None
    set_hand(game, C, military=1)
    assert game.exchange_limit(C) == 0
    assert refused(game, C, "discard military").code == "exchange_limit"


# --- 3. Development --------------------------------------------------------------------------


def test_development_places_on_controlled_regions_and_buys() -> None:
    game = scenario([C, K])
    set_hand(game, C, military=3, economic=1)
    game.apply(C, "place military United States")
    game.apply(C, "buy Tactics")
    assert game.regions["United States"].count("military", C) == 4
    assert game.advances[C] == ["Tactics"] and hand(game, C)["economic"] == 1
    assert refused(game, C, "place economic USSR").code == "not_controlled"
    assert refused(game, C, "place military Mexico").code == "region_not_in_play"
    assert refused(game, C, "place military United States").code == "not_enough_cards"
    game.apply(C, "done")
    assert game.to_act == [K] and game.phase == "development"
    game.apply(K, "done")
    assert game.phase == "external"


def test_development_zone_maximum_is_twice_printed_level() -> None:
    game = scenario([C, K])
    set_hand(game, C, military=4, cultural=3)
    add_region(game, "Mexico", controller=C, level=0)  # printed 1: maximum 2
    game.apply(C, "place military Mexico")
    game.apply(C, "place military Mexico")
    error = refused(game, C, "place military Mexico")
    assert (error.code, error.params["maximum"]) == ("zone_full", 2)
    for _ in range(3):
        game.apply(C, "place cultural United States")
    assert game.regions["United States"].count("cultural") == 6
    assert refused(game, C, "place cultural United States").code == "zone_full"
    # Other players' cards count towards the maximum too.
    put(game, "Mexico", K, economic=2)
    set_hand(game, C, economic=1)
    assert refused(game, C, "place economic Mexico").code == "zone_full"
    check_invariants(game)


# --- 4. External -------------------------------------------------------------------------------


def test_external_reveals_a_new_region_then_nothing_when_deck_empty() -> None:
    game = scenario([C, K])
    top = game.region_deck[-1]
    game.apply(C, "done")
    game.apply(K, "done")
    assert game.phase == "external" and top in game.regions
    assert game.regions[top].controller is None
    assert events(game, "new_region")[0]["region"] == top
    game2 = scenario([C, K])
    game2.region_deck.clear()
    game2.apply(C, "done")
    game2.apply(K, "done")
    assert game2.phase == "external" and len(game2.regions) == 2


def test_external_one_action_each_until_all_pass_in_a_row() -> None:
    game = scenario([C, K, F], phase="external")
    add_region(game, "Mexico")
    add_region(game, "Canada")
    for player in (C, K, F):
        set_hand(game, player, cultural=3)
    game.apply(C, "pass")
    game.apply(K, "pass")
    game.apply(F, "place cultural Canada")  # distance: 2 cards
    assert game.to_act == [C]
    game.apply(C, "place cultural Mexico")  # C passed before and may act again
    game.apply(K, "pass")
    game.apply(F, "pass")
    assert game.phase == "external"
    game.apply(C, "pass")
    assert game.phase == "conflict" and game.to_act == [C]


def test_place_on_independent_region_and_per_type_cap() -> None:
    game = scenario([C, K], phase="external")
    add_region(game, "Mexico")  # level 1: at most 1 card of each type, all players together
    set_hand(game, C, military=2, economic=1)
    set_hand(game, K, military=3)
    assert refused(game, C, "place military USSR").code == "not_independent"
    game.apply(C, "place military Mexico")
    assert game.regions["Mexico"].count("military", C) == 1
    error = refused(game, K, "place military Mexico")
    assert (error.code, error.params["cap"]) == ("type_cap_reached", 1)
    game.apply(K, "pass")
    game.apply(C, "place economic Mexico")
    add_region(game, "Canada")  # level 2
    put(game, "Canada", K, military=1)
    put(game, "Canada", C, military=1)
    game.apply(K, "pass")
    assert refused(game, C, "place military Canada").code == "type_cap_reached"
    check_invariants(game)


def test_place_distance_penalty_and_logistics() -> None:
    game = scenario([C, K], phase="external")
    add_region(game, "Australia")
    set_hand(game, C, military=1)
    error = refused(game, C, "place military Australia")
    assert (error.code, error.params["needed"], error.params["distance_penalty"]) == (
        "not_enough_cards",
        2,
        1,
    )
    set_hand(game, C, military=2)
    game.apply(C, "place military Australia")  # one discarded, one placed
    assert game.regions["Australia"].count("military", C) == 1
    assert len(game.decks[C].discard) == 1 and hand(game, C)["military"] == 0
    assert events(game, "place")[-1]["distance_penalty"] == 1
    # With Logistics the penalty is never paid.
    game2 = scenario([C, K], phase="external")
    add_region(game2, "Australia")
    give_advances(game2, C, "Logistics")
    set_hand(game2, C, military=1)
    game2.apply(C, "place military Australia")
    assert not game2.decks[C].discard


def test_remove_costs_same_type_card_and_discards_to_owner() -> None:
    game = scenario([C, K], phase="external")
    add_region(game, "Mexico")
    put(game, "Mexico", K, economic=1)
    set_hand(game, C, economic=1, military=1)
    game.apply(C, "remove economic Mexico Communism")
    assert game.regions["Mexico"].count("economic") == 0
    assert len(game.decks[K].discard) == 1 and len(game.decks[C].discard) == 1
    assert hand(game, C) == {"military": 1, "economic": 0, "cultural": 0}
    check_invariants(game)


def test_remove_from_other_players_region_not_own_and_with_penalty() -> None:
    game = scenario([C, K], phase="external")
    set_hand(game, C, cultural=2)
    set_hand(game, K, cultural=1)
    # USSR is not adjacent to anything C controls: distance penalty.
    error = refused(game, C, "remove military USSR Communism")
    assert error.code == "not_enough_cards"
    game.apply(C, "remove cultural USSR Communism")
    assert game.regions["USSR"].count("cultural", K) == 2
    assert len(game.decks[C].discard) == 2  # one paid, one penalty
    assert refused(game, K, "remove cultural USSR Communism").code == "own_region"
    assert refused(game, K, "remove economic Germany Fascism").code == "region_not_in_play"
    add_region(game, "Mexico")
    assert refused(game, K, "remove cultural Mexico Capitalism").code == "no_such_card"


def test_remove_distance_penalty_waived_when_adjacent() -> None:
    game = scenario([C, K], phase="external")
    add_region(game, "Canada", controller=K)
    put(game, "Canada", K, military=1)
    set_hand(game, C, military=1)
    game.apply(C, "remove military Canada Communism")  # Canada touches the United States
    assert len(game.decks[C].discard) == 1


# --- 5. Conflict ---------------------------------------------------------------------------------


def conflict_game(status: str = "neutral") -> Game:
    game = scenario([C, K], phase="conflict")
    add_region(game, "Mexico")
    put(game, "Mexico", K, military=1, economic=1, cultural=1)
    set_status(game, C, K, status)
    return game


@pytest.mark.parametrize(
    ("status", "allowed"),
    [
        ("peace", {"cultural"}),
        ("neutral", {"cultural", "economic"}),
        ("war", {"cultural", "economic", "military"}),
    ],
)
def test_conflict_types_allowed_by_status(status: str, allowed: set[str]) -> None:
    game = conflict_game(status)
    set_hand(game, C, military=2, economic=2, cultural=2)
    for card_type in ("military", "economic", "cultural"):
        action = f"attack Communism {card_type} Mexico"
        if card_type in allowed:
            assert action in game.legal_actions(C)
        else:
            error = refused(game, C, action)
            assert (error.code, error.params["status"]) == ("status_forbids", status)


@pytest.mark.parametrize(
    ("player", "action", "code"),
    [
        # An attack needs a region in play, a defender card there and another player.
        (C, "attack Communism military Canada", "region_not_in_play"),
        (C, "attack Communism military United States", "no_such_card"),
        (C, "attack Capitalism military Mexico", "self_target"),
        (C, "attack Fascism military Mexico", "not_in_game"),
        # Only the player to act, and only this phase's actions.
        (K, "pass", "not_your_turn"),
        (C, "buy Tactics", "wrong_phase"),
        (C, "deflect", "wrong_phase"),
    ],
)
def test_a_conflict_turn_refuses_with_its_reason(player: str, action: str, code: str) -> None:
    game = conflict_game("war")
    set_hand(game, C, military=3)
    assert refused(game, player, action).code == code


def test_deflection_chain_of_several_rounds_attacker_wins() -> None:
    game = conflict_game("war")
    set_hand(game, C, military=3)
    set_hand(game, K, military=3)
    game.apply(C, "attack Communism military Mexico")
    assert game.to_act == [K] and game.legal_actions(K) == ["deflect", "yield"]
    game.apply(K, "deflect")
    assert game.to_act == [C] and game.legal_actions(C) == ["play", "stop"]
    game.apply(C, "play")
    game.apply(K, "deflect")
    game.apply(C, "play")
    assert game.conflict is not None and game.conflict.rounds == 3
    game.apply(K, "yield")
    assert game.conflict is None
    mexico = game.regions["Mexico"]
    assert mexico.count("military", C) == 1 and mexico.count("military", K) == 0
    assert len(game.decks[C].discard) == 2  # the two attack cards that were deflected
    assert len(game.decks[K].discard) == 3  # two deflections and the replaced card
    assert events(game, "conflict_won")[0]["winner"] == C
    assert game.to_act == [K] and game.phase == "conflict"  # next player's turn
    check_invariants(game)


def test_defender_wins_when_attacker_stops() -> None:
    game = conflict_game("war")
    set_hand(game, C, military=3)
    set_hand(game, K, military=1, economic=1)
    game.apply(C, "attack Communism military Mexico")
    game.apply(K, "deflect")
    game.apply(C, "stop")
    assert game.regions["Mexico"].count("military", K) == 1
    assert game.regions["Mexico"].count("military", C) == 0
    assert len(game.decks[C].discard) == 1 and len(game.decks[K].discard) == 1
    assert events(game, "conflict_won")[0]["winner"] == K
    check_invariants(game)


def test_conflict_ends_when_a_side_cannot_play() -> None:
    game = conflict_game("war")
    set_hand(game, C, military=1)
    set_hand(game, K, economic=2)
    game.apply(C, "attack Communism military Mexico")  # K cannot deflect: C wins at once
    assert game.conflict is None and game.regions["Mexico"].count("military", C) == 1
    assert events(game, "cannot_deflect")
    game2 = conflict_game("war")
    set_hand(game2, C, military=1)
    set_hand(game2, K, military=1)
    game2.apply(C, "attack Communism military Mexico")
    game2.apply(K, "deflect")  # C has no card left: K wins at once
    assert game2.conflict is None and game2.regions["Mexico"].count("military", C) == 0
    assert events(game2, "cannot_attack")


def test_yield_at_once_is_allowed() -> None:
    game = conflict_game("neutral")
    set_hand(game, C, economic=1)
    set_hand(game, K, economic=5)
    game.apply(C, "attack Communism economic Mexico")
    game.apply(K, "yield")
    assert game.regions["Mexico"].zones["economic"] == [
        (C, game.regions["Mexico"].zones["economic"][0][1])
    ]


def test_conflict_distance_penalty() -> None:
    game = scenario([C, K], phase="conflict")
    set_hand(game, C, cultural=1)
    error = refused(game, C, "attack Communism cultural USSR")
    assert (error.code, error.params["needed"], error.params["distance_penalty"]) == (
        "not_enough_cards",
        2,
        1,
    )
    set_hand(game, C, cultural=2)
    set_hand(game, K)
    game.apply(C, "attack Communism cultural USSR")
    assert game.regions["USSR"].count("cultural", C) == 1
    assert len(game.decks[C].discard) == 1  # the penalty card


def test_attack_on_own_region_and_phase_end() -> None:
    game = scenario([C, K], phase="conflict")
    put(game, "United States", K, cultural=1)
    set_hand(game, C, cultural=1)
    game.apply(C, "attack Communism cultural United States")  # reachable: no penalty
    assert game.regions["United States"].count("cultural", C) == 4
    game.apply(K, "pass")
    game.apply(C, "pass")
    assert game.phase == "diplomacy" and sorted(game.to_act) == [C, K]


def test_an_unknown_player_is_refused_and_one_not_to_act_has_no_action() -> None:
    game = conflict_game("war")
    with pytest.raises(ideology.IllegalAction) as caught:
        game.apply("Anarchism", "pass")
    assert caught.value.code == "unknown_player"
    assert game.legal_actions(K) == []


# --- 6. Diplomacy ---------------------------------------------------------------


def test_diplomacy_secret_simultaneous_worse_holds() -> None:
    game = scenario([C, K, F], phase="diplomacy")
    assert sorted(game.to_act) == sorted([C, K, F])
    assert refused(game, C, "done").code == "diplomacy_incomplete"
    assert refused(game, C, "diplomacy Capitalism war").code == "self_target"
    game.apply(C, "diplomacy Communism peace")
    game.apply(C, "diplomacy Communism war")  # may change until done
    game.apply(C, "diplomacy Fascism peace")
    game.apply(C, "done")
    assert C not in game.to_act
    assert refused(game, C, "diplomacy Fascism war").code == "not_your_turn"
    game.apply(F, "diplomacy Capitalism peace")
    game.apply(F, "diplomacy Communism neutral")
    game.apply(F, "done")
    game.apply(K, "diplomacy Capitalism peace")
    game.apply(K, "diplomacy Fascism war")
    assert game.phase == "diplomacy"
    game.apply(K, "done")
    assert game.status(C, K) == "war"  # war vs peace: the worse holds
    assert game.status(C, F) == "peace"  # they agree
    assert game.status(K, F) == "war"  # neutral vs war
    revealed = events(game, "status")
    assert len(revealed) == 3


# --- 7. Evaluation --------------------------------------------------------------


def evaluate(game: Game) -> None:
    """Run diplomacy with everybody choosing neutral: evaluation and turn order follow."""
    set_phase(game, "diplomacy")
    for player in list(game.order):
        for other in game.order:
            if other != player:
                game.apply(player, f"diplomacy {other} neutral")
        game.apply(player, "done")


def test_new_level_is_smallest_zone_of_controller_cards() -> None:
    game = scenario([C, K])
    put(game, "United States", C, military=2, economic=1)  # 5 / 4 / 3
    put(game, "United States", K, cultural=3)  # not C's cards: ignored
    evaluate(game)
    assert game.regions["United States"].level == 3
    assert game.influence(C) == 3


def all_cards_variant() -> Game:
    game = scenario([C, K], options={"level_counts_only_controller_cards": False})
    put(game, "United States", C, military=2, economic=2)
    put(game, "United States", K, cultural=2)
    return game


def test_level_counting_all_cards_variant() -> None:
    game = all_cards_variant()
    evaluate(game)
    assert game.regions["United States"].level == 5
    default = scenario([C, K])
    put(default, "United States", C, military=2, economic=2)
    put(default, "United States", K, cultural=2)
    evaluate(default)
    assert default.regions["United States"].level == 3


def test_level_variant_follows_the_constant(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(game_module, "LEVEL_COUNTS_ONLY_CONTROLLER_CARDS", False)
    game = ideology.new_game([C, K], seed=1)
    assert game.options["level_counts_only_controller_cards"] is False
    assert ideology.from_json(game.to_json()) == game


def test_region_at_level_zero_counts_zero() -> None:
    game = scenario([C, K])
    add_region(game, "Mexico", controller=C)
    put(game, "Mexico", C, military=2, economic=1)  # no cultural card: level 0
    evaluate(game)
    mexico = game.regions["Mexico"]
    assert mexico.level == 0 and mexico.controller == C
    assert game.influence(C) == 3
    # A level-0 independent region would allow no card; a controlled one still takes cards
    # in development up to its maximum, and climbs back at the next evaluation.
    set_phase(game, "development", C)
    set_hand(game, C, cultural=1)
    game.apply(C, "place cultural Mexico")
    evaluate(game)
    assert mexico.level == 1


def test_control_needs_strictly_most_cards_ties_make_independent() -> None:
    game = scenario([C, K])
    add_region(game, "Mexico")
    put(game, "Mexico", C, military=1)
    put(game, "Mexico", K, economic=1)
    add_region(game, "Canada")
    put(game, "Canada", K, military=1, economic=1)
    put(game, "Canada", C, cultural=1)
    evaluate(game)
    assert game.regions["Mexico"].controller is None  # tie
    assert game.regions["Canada"].controller == K  # 2 against 1, all types together
    assert game.regions["Canada"].level == 2  # newly controlled keeps its level


def test_lost_region_returns_independent_at_printed_level() -> None:
    game = scenario([C, K])
    add_region(game, "Canada", controller=C, level=2)
    put(game, "Canada", C, military=1, economic=1, cultural=1)
    put(game, "Canada", K, military=2, economic=2)
    # Level first (1: smallest zone of C's cards), then control passes to K.
    evaluate(game)
    canada = game.regions["Canada"]
    assert canada.controller == K and canada.level == 2  # reset to printed, then kept
    assert [e["event"] for e in game.log if e.get("region") == "Canada"] == [
        "level",
        "control_lost",
        "control_gained",
    ]


def test_controlled_region_tie_becomes_independent() -> None:
    game = scenario([C, K])
    add_region(game, "Brazil", controller=C, level=2)
    put(game, "Brazil", C, military=1, economic=1, cultural=1)
    put(game, "Brazil", K, military=3)
    evaluate(game)
    assert game.regions["Brazil"].controller is None and game.regions["Brazil"].level == 2


def test_home_region_lost_player_stays() -> None:
    game = scenario([C, K])
    put(
        game,
        "United States",
        K,
        military=3,
        economic=3,
        cultural=3,
    )
    put(game, "United States", K, cultural=1)
    evaluate(game)
    assert game.regions["United States"].controller == K
    assert game.influence(C) == 0 and C in game.order
    assert game.order == [K, C]
    assert game.phase == "exchange" and game.to_act == [K]
    game.apply(K, "done")
    assert game.legal_actions(C) == ["done"]  # no region: nothing to exchange


# --- 8. Turn order and the end -----------------------------------------------------------------


def test_turn_order_by_influence_ties_keep_previous_order() -> None:
    game = scenario([C, K, F])
    game.order = [F, K, C]
    add_region(game, "Mexico", controller=C)
    put(game, "Mexico", C, military=1, economic=1, cultural=1)
    evaluate(game)
    assert game.order == [C, F, K]
    assert game.turn == 2 and game.result is None


def test_game_ends_above_twelve_tie_broken_by_turn_order() -> None:
    game = scenario([C, K])
    game.order = [K, C]
    for player, region_names in (
        (C, ["Canada", "Brazil", "France", "Japan", "China"]),
        (K, ["Iberia", "Italy", "Scandinavia", "South Africa", "Australia"]),
    ):
        for name in region_names:
            add_region(game, name, controller=player)
            put(game, name, player, military=2, economic=2, cultural=2)
    assert game.influence(C) == game.influence(K) == 13
    evaluate(game)
    assert game.is_terminal and game.result == K  # tie: K was ahead in the order
    assert game.to_act == [] and game.phase == "turn_order"
    assert events(game, "game_end")[0]["reason"] == "influence"
    assert refused(game, K, "pass").code == "game_over"


def test_twelve_is_not_enough() -> None:
    game = scenario([C, K])
    for name in ("Canada", "Brazil", "France"):
        add_region(game, name, controller=C)
        put(game, name, C, military=2, economic=2, cultural=2)
    assert game.influence(C) == 9
    add_region(game, "Mexico", controller=C)
    put(game, "Mexico", C, military=1, economic=1, cultural=1)
    add_region(game, "Cuba", controller=C)
    put(game, "Cuba", C, military=1, economic=1, cultural=1)
    add_region(game, "Andes", controller=C)
    put(game, "Andes", C, military=1, economic=1, cultural=1)
    assert game.influence(C) == 12
    evaluate(game)
    assert not game.is_terminal


def test_most_influence_wins_above_twelve() -> None:
    game = scenario([C, K])
    give_advances(game, K, "Technological Supremacy")
    for name in ("Canada", "Brazil", "France", "Japan", "China"):
        add_region(game, name, controller=C)
        put(game, name, C, military=2, economic=2, cultural=2)
    for name in ("Iberia", "Italy", "Scandinavia", "South Africa"):
        add_region(game, name, controller=K)
        put(game, name, K, military=2, economic=2, cultural=2)
    evaluate(game)
    assert (game.influence(C), game.influence(K)) == (13, 12)
    assert game.result == C


def test_turn_limit_ends_the_game() -> None:
    game = scenario([C, K], turn_limit=1)
    add_region(game, "Mexico", controller=K)
    put(game, "Mexico", K, military=1, economic=1, cultural=1)
    evaluate(game)
    assert game.result == K and events(game, "game_end")[0]["reason"] == "turn_limit"


def test_remove_own_card_from_independent_region_is_allowed() -> None:
    # The rules say "remove one card ... from an independent region": any card (literal).
    game = scenario([C, K], phase="external")
    add_region(game, "Mexico")
    put(game, "Mexico", C, cultural=1)
    set_hand(game, C, cultural=1)
    assert "remove cultural Mexico Capitalism" in game.legal_actions(C)


def test_resources_reshuffle_mid_draw() -> None:
    game = scenario([C, K], phase="diplomacy")
    deck = game.decks[C]
    deck.discard += deck.draw[:-2]
    del deck.draw[:-2]
    kept = list(deck.draw)
    for player, other in ((C, K), (K, C)):
        game.apply(player, f"diplomacy {other} war")
        game.apply(player, "done")
    assert set(kept) <= set(deck.hand) and len(deck.hand) == 3
    assert [e["player"] for e in events(game, "reshuffle")] == [C]
    check_invariants(game)


def test_exchanged_card_types_stay_out_of_the_log() -> None:
    game = scenario([C, K], phase="exchange")
    set_hand(game, C, military=1)
    game.apply(C, "discard military")
    game.apply(C, "done")
    for entry in game.log:
        assert "military" not in str(entry)


# --- Exhaustion (end of phase 8) -----------------------------------------------------------


def _every_card_on_the_map(game: Game) -> None:
    """Each player keeps 3/3/3 at home and ties the other 12 of each type with the other
    player on six level-2 regions (2 + 2 cards a zone), so those stay independent."""
    for name in ("Canada", "Brazil", "France", "Italy", "Scandinavia", "Iberia"):
        for player in (C, K):
            put(game, name, player, military=2, economic=2, cultural=2)


def test_exhaustion_ends_the_game_won_by_the_most_influence() -> None:
    game = scenario([C, K])
    game.order = [K, C]
    give_advances(game, C, "Technological Supremacy")  # C 4 influence, K 3
    _every_card_on_the_map(game)
    assert all(not (d.hand or d.draw or d.discard) for d in game.decks.values())
    evaluate(game)
    assert game.is_terminal and game.result == C and game.end_reason == "exhaustion"
    end = events(game, "game_end")[0]
    assert (end["reason"], end["winner"], end["influence"]) == ("exhaustion", C, 4)
    assert game.to_act == [] and game.order == [C, K]
    view = game.view(K)
    assert view["result"] == C and view["end_reason"] == "exhaustion"
    check_invariants(game)


def test_exhaustion_tie_goes_to_the_new_turn_order() -> None:
    game = scenario([C, K])
    game.order = [K, C]
    _every_card_on_the_map(game)
    evaluate(game)
    assert game.influence(C) == game.influence(K) == 3
    assert game.result == K and game.end_reason == "exhaustion"


def test_one_card_left_anywhere_keeps_the_game_going() -> None:
    for pile in ("hand", "draw", "discard"):
        game = scenario([C, K])
        _every_card_on_the_map(game)
        card = game.regions["Iberia"].zones["cultural"].pop()
        getattr(game.decks[card[0]], pile).append(card[1])
        evaluate(game)
        assert not game.is_terminal and game.end_reason is None, pile
        assert game.turn == 2


def test_influence_above_twelve_is_the_reason_before_exhaustion() -> None:
    game = scenario([C, K])
    give_advances(game, C, "Technological Supremacy", "Weapons of Mass Destruction")
    for name in ("Mexico", "Cuba", "Andes", "Argentina"):  # level 2 each: C ends with 13
        add_region(game, name, controller=C)
        put(game, name, C, military=2, economic=2, cultural=2)
    for name in ("Canada", "France"):  # ties: independent
        put(game, name, C, military=2, economic=2, cultural=2)
        put(game, name, K, military=2, economic=2, cultural=2)
    for name in ("Brazil", "Italy"):
        put(game, name, K, military=4, economic=4, cultural=4)
    assert all(not (d.hand or d.draw or d.discard) for d in game.decks.values())
    evaluate(game)
    assert game.influence(C) == 13
    assert game.result == C and game.end_reason == "influence"
    check_invariants(game)
