"""bench/behaviour_evidence.py: it reads the games ``outside_match`` saves, and its fit
moves the factors the way the evidence points."""

from __future__ import annotations

import glob
import os
import sys

import pytest

from bench import behaviour_evidence as be
from bench import outside_match as om
from tests.stratego.util import position

FAKE = [sys.executable, os.path.join(os.path.dirname(__file__), "fake_outside.py")]


def test_reads_the_games_outside_match_saves(tmp_path: str) -> None:
    result = om.outside_game("hard", [*FAKE, "{seed}"], 3, 300, moves_dir=str(tmp_path))
    assert result.plies > 0
    (path,) = glob.glob(os.path.join(str(tmp_path), "seed-*.txt"))
    events = be.game_events(path)
    assert be.game_events(path) == events  # a replay, the same every time
    for event in events:
        assert sum(event.believed.values()) == pytest.approx(1.0)
        assert event.truth in be.CLASSES


def test_rank_classes() -> None:
    assert be.rank_class("6", "9") == "stronger"
    assert be.rank_class("6", "6") == "equal"
    assert be.rank_class("6", "2") == "weaker"
    assert be.rank_class("X", "S") == "spy"


def test_the_fit_follows_the_evidence() -> None:
    """Believed half stronger, half weaker: if nine in ten that came were stronger, the
    best factors favour stronger ranks; if the beliefs already say so, they stay at 1."""
    even = {"stronger": 0.5, "equal": 0.0, "weaker": 0.5, "spy": 0.0}
    events = [be.Event(True, even, "stronger") for _ in range(9)]
    events.append(be.Event(True, even, "weaker"))
    stronger, weaker, _ = be.best_factors(events)
    assert stronger / weaker > 5
    right = {"stronger": 0.9, "equal": 0.0, "weaker": 0.1, "spy": 0.0}
    calibrated = [be.Event(True, right, e.truth) for e in events]
    stronger, weaker, _ = be.best_factors(calibrated)
    assert stronger / weaker == pytest.approx(1.0)


def test_pieces_next_to_our_seen_marshal_on_their_turn() -> None:
    """Red's Marshal takes a Scout and is seen; on Blue's turns a Lieutenant and the Spy
    stand next to it: one event each per turn (Spy or not, took it or not), and a piece
    is first only once, wherever it went in between."""

    def events(*moves: str) -> list[tuple[bool, bool, bool]]:
        game = position(a1="rF", a3="r4", e3="rX", e4="b2", d4="b4", e5="bS", j10="bF")
        found = be.spared_in(game, "red", list(moves))
        return [(event.spy, event.took, event.first) for event in found]

    taken = events("e3-e4", "e5-e4")
    assert sorted(taken) == [(False, False, True), (True, True, True)]
    # The Lieutenant steps away and back: on its return it is no longer first.
    left = events("e3-e4", "d4-c4", "a3-a2", "c4-d4", "a2-a3", "d4-d3")
    assert sorted(left) == [
        (False, False, False),
        (False, False, True),
        (True, False, False),
        (True, False, False),
        (True, False, True),
    ]


def test_unmoved_pieces_by_what_is_beside_them() -> None:
    """Blue's j10 has only its own pieces and the edge beside it, the others an empty
    square; once Red's Captain stands on g10, h10 has a Red piece beside it. A piece that
    moved is no longer counted, and with ``every=10`` only the first of ten turns is."""
    game = position(a1="rF", g9="r5", j10="bF", i10="bB", h10="b4", j9="bB", h8="b2")
    view = game.view("red")
    assert be.exposure(view, "j10") == "enclosed"
    assert be.exposure(view, "i10") == "open"
    found = be.unmoved_in(game, "red", ["g9-g10", "h8-h7", "g10-g9", "h7-h8"], every=10)
    assert sorted((piece.exposure, piece.letter) for piece in found) == [
        ("enclosed", "F"),
        ("open", "2"),
        ("open", "4"),
        ("open", "B"),
        ("open", "B"),
    ]
    assert sum(piece.believed_flag for piece in found) == pytest.approx(1.0, abs=1e-3)
    game = position(a1="rF", g9="r5", j10="bF", i10="bB", h10="b4", j9="bB", h8="b2")
    later = be.unmoved_in(game, "red", ["g9-g10", "h8-h7", "g10-g9"], every=1)
    second_turn = [(piece.exposure, piece.letter) for piece in later[5:]]
    assert ("beside ours", "4") in second_turn
    assert all(letter != "2" for _, letter in second_turn)  # the Scout has moved
