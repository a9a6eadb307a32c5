"""Test helpers: build positions on an otherwise empty board."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from functools import cache

from engine.stratego import Game, Options, human_setups, mirror_setup
from engine.stratego.pieces import CLASSIC


def position(turn: str = "red", options: Options | None = None, **pieces: str) -> Game:
    """A game with only the given pieces, e.g. ``position(e4="rX", e5="b9")``.

    Values are "r"/"b" (owner) followed by the setup letter. Pieces not placed count as
    captured. Uses the documented internal constructor ``Game._from_position``.
    """
    return position_of(pieces, turn, options)


def position_of(
    pieces: Mapping[str, str], turn: str = "red", options: Options | None = None
) -> Game:
    """Same as :func:`position`, with the pieces as a mapping."""
    placed = {
        square: ("red" if code[0] == "r" else "blue", code[1:]) for square, code in pieces.items()
    }
    return Game._from_position(placed, turn=turn, options=options)


def play_all(game: Game, *moves: str) -> None:
    for move in moves:
        game.play(move)


def every_optional_rule(army: str = CLASSIC) -> Options:
    """Every optional rule (each on/off switch of ``Options``) on at once, with a
    two-squares limit of 3, for ``army``."""
    switches = {rule.name: True for rule in fields(Options) if rule.type in (bool, "bool")}
    return Options(army=army, two_squares_limit=3, **switches)


@cache
def _people() -> frozenset[str]:
    return frozenset(human_setups())


def played_by_people(setup: str) -> bool:
    """Whether ``setup`` is one of the human setups, as played or mirrored left for right."""
    return setup in _people() or mirror_setup(setup) in _people()
