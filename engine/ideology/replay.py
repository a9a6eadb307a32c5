"""A finished (or unfinished) game looked back at, phase by phase: the game replayed from
its seed and action log, cut into *steps* at each change of turn or phase.

A step is the actions played in one phase of one turn by then (every action the players
took in it), the public log entries they led to (the automatic phases after them
included), and the state after its last action. Step 0 is the start: turn 1's order and
first draws, before anybody acted. Influence is the rules' global influence
(:meth:`Game.influence`: levels of the regions controlled plus advance bonuses), the
score a game is won on.

>>> from engine import ideology
>>> game = ideology.new_game(["Capitalism", "Communism"], seed=7)
>>> for _ in range(2):
...     _ = game.apply(game.to_act[0], "done")
>>> [(s.turn, s.phase, s.actions) for s in steps(game)]
[(1, 'resources', 0), (1, 'exchange', 2)]
>>> game_at(game, 1).actions == game.actions[:1]
True
>>> influence_by_turn(game)
{'Capitalism': [3, 3], 'Communism': [3, 3]}
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from .game import Game
from .views import GameView

__all__ = ["Step", "game_at", "influence_by_turn", "public_views", "replay", "steps"]


@dataclass(frozen=True)
class Step:
    #: The turn and phase in which this step's actions were taken (the start: turn 1's
    #: first phase).
    turn: int
    phase: str
    #: How many of the game's actions have been played at the end of this step.
    actions: int
    #: The public log entries of this step: ``log[log_from:log_to]``.
    log_from: int
    log_to: int


def _fresh(game: Game) -> Game:
    return Game(list(game.ideologies), game.seed, game.options)


def replay(game: Game) -> Iterator[tuple[Step, Game]]:
    """Each step of ``game`` with the game as it was at the end of that step. The game
    yielded is one replay advanced in place: read it (or ``copy()`` it) before asking for
    the next step. ``game`` itself is not touched."""
    current = _fresh(game)
    opening = current.log[0]["phase"] if current.log else current.phase
    start = Step(1, opening, 0, 0, len(current.log))
    yield start, current
    played = game.actions
    index = 0
    while index < len(played):
        turn, phase, log_from = current.turn, current.phase, len(current.log)
        while index < len(played) and (current.turn, current.phase) == (turn, phase):
            player, action = played[index]
            current.apply(player, action)
            index += 1
        yield Step(turn, phase, index, log_from, len(current.log)), current


def steps(game: Game) -> list[Step]:
    """Every step of ``game``, from the start to its last action."""
    return [step for step, _ in replay(game)]


def public_views(game: Game) -> list[tuple[Step, GameView]]:
    """Each step with what everybody could see at its end (no hand, no secret choice),
    without the log (``view["log"]`` is empty; the step says which entries are its own)."""
    found = []
    for step, state in replay(game):
        found.append((step, state.view(None, log_from=len(state.log))))
    return found


def game_at(game: Game, actions: int) -> Game:
    """A new game replayed to just after its first ``actions`` actions (clamped to the
    log's length)."""
    replayed = _fresh(game)
    for player, action in game.actions[: max(0, actions)]:
        replayed.apply(player, action)
    return replayed


def influence_by_turn(game: Game) -> dict[str, list[int]]:
    """Each player's influence at the start (index 0) and after the last action of every
    turn played (index ``t`` for turn ``t``; the last one is the final position)."""
    return influence_from(
        [(step, {p: state.influence(p) for p in game.ideologies}) for step, state in replay(game)]
    )


def influence_from(points: list[tuple[Step, dict[str, int]]]) -> dict[str, list[int]]:
    """:func:`influence_by_turn` from each step's influence of every player (the start
    first): the start, then the influence after each turn's last step."""
    by_turn: dict[int, dict[str, int]] = {}
    for index, (step, values) in enumerate(points):
        by_turn[0 if index == 0 else step.turn] = values
    players = list(points[0][1]) if points else []
    return {p: [by_turn[t][p] for t in sorted(by_turn)] for p in players}
