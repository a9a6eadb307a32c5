"""The one shape both engines have, so the UI, the saves code and the computer players
treat Stratego and Ideology alike (ideas from OpenSpiel's game API and python-chess).

A game is its start (setups or seed, options) plus its log of actions. Its state changes
only through :meth:`GameProtocol.apply`; :meth:`GameProtocol.check` says why an action
would be refused without trying it. Actions are typed values whose ``str()`` is the
game's notation (what saves hold); ``parse`` turns notation back into an action.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeVar

from .errors import IllegalAction

ActionT = TypeVar("ActionT")


class GameProtocol(Protocol[ActionT]):
    """What every engine's ``Game`` offers (``ActionT`` is its action type)."""

    @property
    def players(self) -> Sequence[str]:
        """Every player of this game, in seating order."""
        ...

    @property
    def to_act(self) -> Sequence[str]:
        """The players who may act now (several at once in Ideology's diplomacy)."""
        ...

    def legal_actions(self, player: str) -> list[ActionT]:
        """Every action ``player`` may take now (empty when not theirs to act)."""
        ...

    def check(self, player: str, action: ActionT) -> IllegalAction | None:
        """Why ``action`` by ``player`` would be refused now, or None if it is legal."""
        ...

    def apply(self, player: str, action: ActionT) -> object:
        """Play ``action``; raises the game's IllegalAction (state unchanged) if refused."""
        ...

    def can_undo(self) -> bool: ...

    def undo(self) -> object:
        """Take back the last action, in place; raises IllegalAction if nothing can be.
        (What it returns is the game's own: Ideology returns the game itself.)"""
        ...

    def view(self, player: str | None) -> Mapping[str, Any]:
        """What ``player`` may see (None: what anyone watching may see), JSON-plain."""
        ...

    @property
    def result(self) -> str | None:
        """None while the game goes on; else the winner (or ``"draw"``)."""
        ...

    @property
    def is_terminal(self) -> bool: ...

    def to_json(self) -> str:
        """The versioned save (see :mod:`engine.saves`)."""
        ...
