"""A random legal player for property tests and the benchmark."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.ideology.game import Game

QUIET = ("pass", "done", "stop", "yield")


def random_action(game: Game, rng: random.Random, quiet_chance: float = 0.3) -> tuple[str, str]:
    """A random legal (player, action); ends phases often enough for games to finish."""
    player = rng.choice(game.to_act)
    legal = game.legal_actions(player)
    quiet = [a for a in legal if a in QUIET]
    if quiet and rng.random() < quiet_chance:
        return player, quiet[0]
    return player, rng.choice(legal)


def play_random(
    game: Game,
    rng: random.Random,
    after_each: Callable[[Game], None] | None = None,
    max_actions: int = 100_000,
) -> int:
    """Play random legal actions to the end; returns how many were applied."""
    count = 0
    while not game.is_terminal and count < max_actions:
        player, action = random_action(game, rng)
        game.apply(player, action)
        count += 1
        if after_each is not None:
            after_each(game)
    return count
