"""Computer players for Ideology, deciding only from a player's view.

A player gets ``game.view(player)`` (its own hand, the public table) and
``game.legal_actions(player)``, never the game itself, so other hands and diplomacy
choices cannot leak.

>>> import random
>>> from engine import ideology
>>> from engine.ideology import ai
>>> game = ideology.new_game(["Capitalism", "Communism", "Fascism"], seed=7)
>>> player = game.to_act[0]
>>> action = ai.choose_action(game.view(player), game.legal_actions(player), "greedy",
...                           random.Random(1))
>>> action in game.legal_actions(player)
True

Levels (``LEVELS``):

* ``"random"`` — a random legal action, taking a quiet action (``pass``, ``done``, ``stop``,
  ``yield``) three times in ten when it can, so that phases end.
* ``"greedy"`` — develops its regions zone by zone (a region's level is its fewest cards of
  one type), buys advances it can use, places on independent regions it can come to lead
  and removes cards of players who lead there, attacks where winning the conflict lowers a
  level or takes a region (preferring the leader), deflects to defend its own regions,
  and chooses War toward the leader in diplomacy (``ai_greedy``).
* ``"expert"`` — deals the hidden cards (other hands, every draw pile, the region deck) in
  ways consistent with what it sees, plays each promising action forward through the
  phases to the next turn with every player modelled as the greedy player, and takes the
  action with the best expected outcome, under a budget of simulated actions
  (``ai_expert``, about a second in the browser). ``start_thinking`` runs it in slices.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Generic, TypeVar

from ..levels import checked_level
from . import ai_expert
from .ai_greedy import QUIET, Greedy

#: ``Action`` (what ``legal_actions`` gives) or plain text: the computer returns the same.
ActionT = TypeVar("ActionT", bound=str)

LEVELS = ("random", "greedy", "expert")

#: The levels the app offers in its seat choice, weakest first (the expert thinks in
#: slices there: ``start_thinking``).
SEAT_LEVELS = LEVELS


def _checked(level: str, legal_actions: Sequence[ActionT]) -> list[ActionT]:
    checked_level(level, LEVELS)
    actions = list(legal_actions)
    if not actions:
        raise ValueError("no legal action")
    return actions


def choose_action(
    view: Mapping[str, Any], legal_actions: Sequence[ActionT], level: str, rng: random.Random
) -> ActionT:
    """The action the computer takes at ``level``, from ``view`` and ``legal_actions`` only
    (``game.legal_actions(player)``: typed actions; their text works too). Returns one of
    ``legal_actions``.

    Deterministic given the state of ``rng``. Raises ``ValueError`` for an unknown level
    or when there is no legal action.
    """
    actions = _checked(level, legal_actions)
    if level == "expert":
        return _as_given(actions, ai_expert.Thinking(view, actions, rng).run())
    if level == "random":
        quiet = [a for a in actions if a in QUIET]
        if quiet and rng.random() < 0.3:
            return quiet[0]
        return rng.choice(actions)
    return _as_given(actions, Greedy(view, [str(a) for a in actions], rng).choose())


def _as_given(actions: list[ActionT], chosen: str) -> ActionT:
    """The legal action (as the caller gave it) whose text is ``chosen``."""
    return actions[[str(a) for a in actions].index(chosen)]


class Decision(Generic[ActionT]):
    """A level's decision in progress: ``step()`` until True, then ``action``.

    Only the expert takes more than one step; the other levels decide in the first."""

    def __init__(
        self,
        view: Mapping[str, Any],
        legal_actions: Sequence[ActionT],
        level: str,
        rng: random.Random,
    ) -> None:
        self._actions = _checked(level, legal_actions)
        self.action: ActionT | None = None
        self._thinking: ai_expert.Thinking | None = None
        self._decide: tuple[Mapping[str, Any], str, random.Random] | None = None
        if level == "expert":
            self._thinking = ai_expert.Thinking(view, self._actions, rng)
        else:
            self._decide = (view, level, rng)

    @property
    def done(self) -> bool:
        return self.action is not None

    def step(self, max_nodes: int | None = None, max_seconds: float | None = None) -> bool:
        """Think a little more (``max_nodes`` simulated actions, or ``max_seconds``,
        whichever comes first; see ``ai_expert.Thinking.step``); True once decided."""
        if self.action is not None:
            return True
        if self._thinking is not None:
            if not self._thinking.step(max_nodes, max_seconds):
                return False
            assert self._thinking.action is not None
            self.action = _as_given(self._actions, self._thinking.action)
        else:
            assert self._decide is not None
            view, level, rng = self._decide
            self.action = choose_action(view, self._actions, level, rng)
        return True


def start_thinking(
    view: Mapping[str, Any], legal_actions: Sequence[ActionT], level: str, rng: random.Random
) -> Decision[ActionT]:
    """The decision ``choose_action`` makes, to be run in slices so a page stays responsive:

    >>> import random
    >>> from engine import ideology
    >>> game = ideology.new_game(["Capitalism", "Communism", "Fascism"], seed=7)
    >>> player = game.to_act[0]
    >>> view, legal = game.view(player), game.legal_actions(player)
    >>> decision = start_thinking(view, legal, "expert", random.Random(3))
    >>> while not decision.step(100):
    ...     pass  # a browser would yield to the page here (setTimeout)
    >>> decision.action == choose_action(view, legal, "expert", random.Random(3))
    True

    Same view, actions, level and rng state: the same action as ``choose_action``, however
    it is sliced. Raises ``ValueError`` like ``choose_action``."""
    return Decision(view, legal_actions, level, rng)


class Player:
    """A computer seat: ``Player("greedy", seed).choose(view, legal_actions)``."""

    def __init__(self, level: str = "greedy", seed: int | None = None) -> None:
        self.level = checked_level(level, LEVELS)
        self.rng = random.Random(seed)

    def choose(self, view: Mapping[str, Any], legal_actions: Sequence[ActionT]) -> ActionT:
        return choose_action(view, legal_actions, self.level, self.rng)
