"""bench/attack_evidence.py: how one of our seen pieces came to stand beside the unseen
piece that took it, and the chances the beliefs gave our attacks, as the evidence for the
expert's losses counts them."""

from __future__ import annotations

import pytest

from bench.attack_evidence import (
    attacker_group,
    believed_chances,
    flag_and_bomb_chances,
    how_they_met,
)
from engine import stratego
from engine.stratego.ai_beliefs import beliefs
from tests.stratego.util import position


def _played(game: stratego.Game, *moves: str) -> list[tuple[str, str, bool]]:
    history = []
    for move in moves:
        src, dst = move.split("-")
        history.append((src, dst, game.piece_at(dst) is not None))
        game.play(move)
    return history


def test_ours_moved_beside_it() -> None:
    game = position(a1="rF", e3="r5", e5="b6", h2="r4", j10="bF", j9="b4")
    history = _played(game, "h2-h3", "j9-j8", "e3-e4")
    assert how_they_met(game, history, "e4", "e5") == "ours moved beside it (a step)"
    game = position(a1="rF", e3="r5", e4="b2", e5="b6", h2="r4", j10="bF", j9="b4")
    history = _played(game, "h2-h3", "j9-j8", "e3-e4")
    assert how_they_met(game, history, "e4", "e5") == "ours moved beside it (an attack it won)"


def test_it_stepped_beside_ours_which_could_have_fled() -> None:
    game = position(a1="rF", e4="r5", e6="b6", h2="r4", j10="bF")
    history = _played(game, "h2-h3", "e6-e5", "h3-h4")
    assert (
        how_they_met(game, history, "e4", "e5")
        == "it stepped beside ours, ours stayed (could flee)"
    )


def test_boxed_in_as_it_was_when_we_chose_our_move() -> None:
    """Our Miner left d4 after their piece stepped beside our Lieutenant: the square is
    empty now, but the Lieutenant had nowhere to go when the choice was made."""
    game = position(a1="rF", e4="r5", d4="r3", f4="rB", e3="rB", e6="b6", h2="r4", j10="bF")
    history = _played(game, "h2-h3", "e6-e5", "d4-c4")
    assert (
        how_they_met(game, history, "e4", "e5") == "it stepped beside ours, ours stayed (boxed in)"
    )
    game = position(a1="rF", e4="r5", d4="r3", f4="rB", e3="rB", e6="b6", h2="r4", j10="bF")
    history = _played(game, "h2-h3", "e6-e5", "h3-h4")
    assert (
        how_they_met(game, history, "e4", "e5") == "it stepped beside ours, ours stayed (boxed in)"
    )
    # Our last step filled the square the Lieutenant could have fled to.
    game = position(a1="rF", e4="r5", c4="r3", f4="rB", e3="rB", e6="b6", h2="r4", j10="bF")
    history = _played(game, "h2-h3", "e6-e5", "c4-d4")
    assert how_they_met(game, history, "e4", "e5").endswith("(could flee)")


def test_believed_chances_follow_the_ranks_the_piece_may_be() -> None:
    """A piece that has moved is no Bomb: only a Marshal ties with ours and nothing beats
    it. Unmoved, it may be a Bomb: a win for our Miner, a loss for our Lieutenant."""
    game = position(a1="rF", e4="rX", e5="b6", d4="r3", d5="b4", f4="r5", f5="b7", j10="bF")
    view = game.view("red")
    view["pieces"]["e5"]["moved"] = True
    believed = beliefs(view).dists
    win, loss = believed_chances(view, "e4", "e5")
    assert loss == 0.0
    assert win == pytest.approx(1.0 - believed["e5"].get("X", 0.0))
    bomb = believed["d5"].get("B", 0.0)
    assert bomb > 0
    miner_win, miner_loss = believed_chances(view, "d4", "d5")
    _, lieutenant_loss = believed_chances(view, "f4", "f5")
    assert miner_win >= bomb and lieutenant_loss >= believed["f5"].get("B", 0.0) > 0
    assert 0 < miner_win + miner_loss <= 1.0 + 1e-9


def test_flag_and_bomb_chances_only_for_a_piece_that_never_moved() -> None:
    game = position(a1="rF", e4="r8", e10="b4", d10="bB", j10="bF", f9="b5")
    view = game.view("red")
    flag, bomb = flag_and_bomb_chances(view, "e10")
    assert flag > 0 and bomb > 0
    view["pieces"]["e10"]["moved"] = True
    assert flag_and_bomb_chances(view, "e10") == (0.0, 0.0)
    assert [attacker_group(letter) for letter in "3X74"] == [
        "Miner",
        "Major or higher",
        "Major or higher",
        "other",
    ]
