"""A random legal player for property tests and the benchmark."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.ideology.game import Game

QUIET = ("pass", "done", "stop", "yield")


def random_action(
    game: Game, rng: random.Random, quiet_chance: float = 0.3, place_bias: float = 0.0
) -> tuple[str, str]:
    """A random legal (player, action); ends phases often enough for games to finish.

    With `place_bias` that share of choices places a card when it can: such players build
    influence and usually end the game above 12; purely random ones rarely do.
    """
    player = rng.choice(game.to_act)
    legal = game.legal_actions(player)
    places = [a for a in legal if a.startswith("place ")]
    if places and rng.random() < place_bias:
        return player, rng.choice(places)
    quiet = [a for a in legal if a in QUIET]
    if quiet and rng.random() < quiet_chance:
        return player, quiet[0]
    return player, rng.choice(legal)


def play_random(
    game: Game,
    rng: random.Random,
    after_each: Callable[[Game], None] | None = None,
    max_actions: int = 100_000,
    place_bias: float = 0.0,
) -> int:
    """Play random legal actions to the end; returns how many were applied."""
    count = 0
    while not game.is_terminal and count < max_actions:
        player, action = random_action(game, rng, place_bias=place_bias)
        game.apply(player, action)
        count += 1
        if after_each is not None:
            after_each(game)
    return count
