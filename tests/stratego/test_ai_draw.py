"""A computer answers a draw offer from its own view: it takes the draw when behind."""

from __future__ import annotations

import pytest

from engine import stratego
from engine.stratego import ai
from tests.stratego.util import position

BLUE_STRONG = {"j10": "bF", "c8": "bX", "d8": "b9", "e8": "b2"}
BLUE_WEAK = {"j10": "bF", "c8": "b2", "d8": "b2", "e8": "b2"}


def red_with(**red: str) -> dict[str, str]:
    return {"a1": "rF", **red}


def test_nobody_takes_a_draw_at_the_start_when_the_armies_are_equal() -> None:
    game = stratego.new_game(stratego.random_setup(1), stratego.random_setup(2))
    for level in ai.LEVELS:
        assert not ai.accepts_draw(game.view("red"), level)
        assert not ai.accepts_draw(game.view("blue"), level)


def test_far_behind_every_level_accepts_and_far_ahead_every_level_declines() -> None:
    behind = position(**red_with(b2="r2"), **BLUE_STRONG)
    ahead = position(**red_with(b2="rX", c2="r9", d2="r8"), **BLUE_STRONG)
    for level in ai.LEVELS:
        assert ai.accepts_draw(behind.view("red"), level), level
        assert not ai.accepts_draw(ahead.view("red"), level), level


def test_a_little_behind_the_hard_player_plays_on_where_the_easy_one_accepts() -> None:
    game = position(**red_with(b2="r8", c2="r5"), **BLUE_STRONG)
    own, enemy = ai.material(game.view("red"))
    assert ai.DRAW_SHARE["hard"] * enemy < own < enemy  # behind, but not by much
    assert ai.accepts_draw(game.view("red"), "easy")
    assert not ai.accepts_draw(game.view("red"), "hard")


def test_the_answer_depends_only_on_what_the_computer_may_see() -> None:
    red = red_with(b2="r8", c2="r5")
    strong, weak = position(**red, **BLUE_STRONG), position(**red, **BLUE_WEAK)
    # Red cannot tell Blue's unrevealed ranks apart, so it answers the same...
    assert ai.material(strong.view("red")) == ai.material(weak.view("red"))
    for level in ai.LEVELS:
        assert ai.accepts_draw(strong.view("red"), level) == ai.accepts_draw(
            weak.view("red"), level
        )
    # ...while Blue, who knows its own pieces, counts them exactly.
    assert ai.material(strong.view("blue"))[0] > ai.material(weak.view("blue"))[0]


def test_a_revealed_enemy_rank_counts_at_its_real_value() -> None:
    # Red's Marshal attacks the Blue piece on b5: the General, now known to Red.
    game = position(**red_with(b4="rX"), b5="b9", j10="bF", c8="b2")
    before = ai.material(game.view("red"))[1]
    game.play("b4-b5")
    own, enemy = ai.material(game.view("red"))
    assert own == ai.VALUES["X"]
    assert enemy < before  # the General is gone, and Red saw it go


def test_an_unknown_level_is_refused() -> None:
    game = stratego.new_game(stratego.random_setup(1), stratego.random_setup(2))
    with pytest.raises(ValueError):
        ai.accepts_draw(game.view("red"), "grandmaster")
