"""bench/attack_evidence.py: how one of our seen pieces came to stand beside the unseen
piece that took it, as the evidence for the expert's losses counts it."""

from __future__ import annotations

from bench.attack_evidence import how_they_met
from engine import stratego
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
