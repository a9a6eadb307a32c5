"""The expert's beliefs about unknown enemy pieces: priors from the human setups, what a
piece did, what the graveyards leave."""

from __future__ import annotations

import random

import pytest

from engine import stratego
from engine.stratego import ai_beliefs, ai_priors
from engine.stratego.ai_beliefs import RANKS, beliefs
from tests.stratego.util import play_all, position


def test_priors_table_is_counted_from_the_shipped_setups() -> None:
    total, counts = ai_beliefs.count_setup_ranks(stratego.human_setups())
    assert total == ai_priors.SETUPS_COUNTED == 47108
    assert counts == ai_priors.SETUP_RANK_COUNTS
    for row in counts:
        assert sum(row) == total


def test_priors_put_the_flag_on_the_back_rank_and_scouts_in_front() -> None:
    priors = ai_beliefs.square_priors()
    flag, scout = RANKS.index("F"), RANKS.index("2")
    back = sum(priors[i][flag] for i in range(10))
    assert back > 0.8  # 86% of the people put it there
    front_scouts = sum(priors[i][scout] for i in range(30, 40))
    back_scouts = sum(priors[i][scout] for i in range(10))
    assert front_scouts > 1.5 * back_scouts


def test_at_the_start_every_piece_is_a_distribution_matching_the_army() -> None:
    game = stratego.new_game(stratego.random_setup(1), stratego.random_setup(2))
    believed = beliefs(game.view("red"))
    assert len(believed.dists) == 40
    for dist in believed.dists.values():
        assert sum(dist.values()) == pytest.approx(1.0)
    for letter in RANKS:
        expected = sum(d.get(letter, 0.0) for d in believed.dists.values())
        assert expected == pytest.approx(stratego.PIECE_COUNTS[letter], abs=0.02)
    # Blue's back rank is likelier to hold the Flag than its front rank.
    back = sum(believed.dists[f"{f}10"].get("F", 0.0) for f in "abcdefghij")
    front = sum(believed.dists[f"{f}7"].get("F", 0.0) for f in "abcdefghij")
    assert back > 10 * front


def test_a_moved_piece_is_no_bomb_or_flag_and_a_far_mover_is_a_scout() -> None:
    game = stratego.new_game(
        stratego.BUILTIN_SETUPS["Lakeside fortress"], stratego.BUILTIN_SETUPS["Scout screen"]
    )
    game.play("a4-a5")
    far = next(
        m for m in game.legal_moves() if _distance(m) > 1 and game.piece_at(m.split("-")[1]) is None
    )
    game.play(far)  # a Scout running ahead
    game.play(next(m for m in game.legal_moves() if game.piece_at(m.split("-")[1]) is None))
    scout_square = far.split("-")[1]
    step = next(
        m
        for m in game.legal_moves()
        if _distance(m) == 1
        and not m.startswith(scout_square)
        and game.piece_at(m.split("-")[1]) is None
    )
    game.play(step)
    believed = beliefs(game.view("red"))
    assert believed.dists[scout_square] == {"2": pytest.approx(1.0)}
    stepped = believed.dists[step.split("-")[1]]
    assert "B" not in stepped and "F" not in stepped
    assert sum(stepped.values()) == pytest.approx(1.0)


def _distance(move: str) -> int:
    a, b = (stratego.board.square_index(s) for s in move.split("-"))
    return abs(a % 10 - b % 10) + abs(a // 10 - b // 10)


def _seen_graveyards(game: stratego.Game, player: str) -> dict[str, object]:
    """``player``'s view as if every enemy capture had been seen (the test positions
    count the pieces left off the board as captured unseen)."""
    view = game.view(player)
    enemy = stratego.opponent(player)
    view["graveyards"][enemy]["captured"] = game.graveyard(enemy)
    return view


def test_graveyard_leaves_only_what_is_possible() -> None:
    # Blue has lost every Bomb and its Spy (captured, ranks seen): none is believed left.
    game = position(a1="rF", b1="r3", j10="bF", i10="b4", h10="b5", g10="b6")
    believed = beliefs(_seen_graveyards(game, "red"))
    for square in ("j10", "i10", "h10", "g10"):
        dist = believed.dists[square]
        assert set(dist) <= {"X", "9", "8", "7", "6", "5", "4", "3", "2", "S", "F"}
    # Exactly one Flag among the four unknown pieces, spread over the unmoved ones.
    assert sum(d.get("F", 0.0) for d in believed.dists.values()) == pytest.approx(1.0, abs=1e-3)


def test_flag_gathers_on_the_pieces_that_never_moved() -> None:
    game = position(a1="rF", b1="r2", j10="bF", i10="b4", h10="b5")
    game.play("b1-b2")
    game.play("i10-i9")
    game.play("b2-b1")
    game.play("h10-h9")
    believed = beliefs(game.view("red"))  # even with every capture unseen
    assert believed.dists["j10"].get("F", 0.0) == pytest.approx(1.0)
    assert believed.most_likely("j10") == "F"


def test_army_is_counted_from_the_view_whatever_its_size() -> None:
    # A small army (as in the Duel and Barrage variants): the enemy has what we have.
    game = position(a1="rF", b1="rX", c1="r2", j10="bF", i10="bX", h10="b2")
    army = ai_beliefs.army_counts(game.view("red"))
    assert army["F"] == 1 and army["X"] == 1
    believed = beliefs(game.view("red"))
    for dist in believed.dists.values():
        assert sum(dist.values()) == pytest.approx(1.0)


def test_approaching_a_known_piece_makes_stronger_ranks_likelier() -> None:
    def stronger(game: stratego.Game) -> float:
        dist = beliefs(game.view("red")).dists["e6"]
        return sum(p for letter, p in dist.items() if letter in ("7", "8", "9", "X"))

    shown = position(a1="rF", e4="r6", e5="b2", e7="b9", f7="b4", d8="b5", j10="bF")
    shown.play("e4-e5")  # our Captain takes a Scout: Blue has seen its rank
    shown.play("e7-e6")  # and a Blue piece steps up next to it
    unseen = position(a1="rF", e4="r6", e7="b9", f7="b4", d8="b5", j10="bF")
    unseen.play("e4-e5")  # the same squares, the Captain never shown
    unseen.play("e7-e6")
    assert stronger(shown) > stronger(unseen) + 0.1


def test_fleeing_a_known_piece_makes_weaker_ranks_likelier() -> None:
    def weaker(game: stratego.Game) -> float:
        dist = beliefs(game.view("red")).dists["e8"]
        return sum(p for letter, p in dist.items() if letter in ("S", "2", "3", "4", "5"))

    shown = position(a1="rF", e5="r6", e6="b2", e7="b4", f7="b9", d8="b5", j10="bF")
    shown.play("e5-e6")  # our Captain takes a Scout next to a Blue piece ...
    shown.play("e7-e8")  # ... which steps away
    unseen = position(a1="rF", e5="r6", e7="b4", f7="b9", d8="b5", j10="bF")
    unseen.play("e5-e6")
    unseen.play("e7-e8")
    assert weaker(shown) > weaker(unseen) + 0.05


@pytest.mark.parametrize("seed", [1, 2])
def test_beliefs_never_rule_out_the_truth(seed: int) -> None:
    """On games played by the computers, every enemy piece's true rank keeps a positive
    probability (the beliefs narrow, but never wrongly)."""
    from engine.stratego import ai

    rng = random.Random(seed)
    game = stratego.new_game(ai.choose_setup(rng), ai.choose_setup(rng))
    for _ in range(120):
        if game.result is not None:
            break
        view = game.view(game.turn)
        truth = game.view(game.turn, reveal_all=True)["pieces"]
        for square, dist in beliefs(view).dists.items():
            assert dist.get(truth[square]["letter"], 0.0) > 0, (square, dist)
        game.play(ai.choose_move(view, game.legal_moves(), "hard", rng))


def test_a_piece_that_spares_our_seen_marshal_is_not_the_spy() -> None:
    """A Spy next to a Marshal whose rank it knows takes it: a piece that stood there on
    its turn and did not is almost surely not the Spy."""

    def spy(game: stratego.Game, square: str) -> float:
        return beliefs(game.view("red")).dists[square].get("S", 0.0)

    pieces = dict(a1="rF", e3="rX", f4="r5", a2="rS", b1="r2", c1="r3", b2="r4")
    pieces.update(j10="bF", i10="bX", g10="b5", h9="bS", e4="b2", h8="b3", d4="b4")
    shown = position(**pieces)
    play_all(shown, "e3-e4", "h8-i8", "f4-f3", "i8-i7")  # the Marshal takes a Scout
    unseen = position(**pieces)
    play_all(unseen, "f4-e4", "h8-i8", "e3-e2", "i8-i7")  # the Captain takes it
    assert spy(shown, "d4") < 0.2 * spy(unseen, "d4")
    assert spy(shown, "i7") == pytest.approx(spy(unseen, "i7"))  # it was never next to it


def test_a_piece_walking_to_our_flag_is_likelier_a_miner() -> None:
    """The outside program sends its Miners straight at a Flag it has guessed: each step
    an enemy piece takes nearer our Flag, within a few squares of it, makes it likelier
    a Miner than the same walk elsewhere on the board."""

    def miner(flag: str) -> float:
        game = position(j10="bF", b8="b3", f7="b5", i7="b9", a1="rB", i4="r6", **{flag: "rF"})
        for step in ("i4-i5", "b8-b7", "i5-j5", "b7-b6", "j5-j4", "b6-b5"):
            game.play(step)
        return beliefs(game.view("red")).dists["b5"]["3"]

    assert miner("b1") > miner("j2") * 1.5
