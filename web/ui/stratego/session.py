"""One Stratego session on the tablet: who plays, which screen, the game itself.

A plain state machine without any browser import, so every flow is tested on CPython.
The rules are the engine's: this module only asks it (``legal_moves_from``, ``play``,
``undo``, ``view``...) and remembers where the players are in the hand-over dance.

Stages (``stage``) and the player they belong to (``player``):

- ``setup``: ``player`` builds their army;
- ``turn``: ``player`` is to move;
- ``moved``: ``player`` has moved and sees the outcome (may undo, may have to choose a
  rescue) before handing the tablet over;
- ``draw_offer``: ``player`` is asked whether they accept a draw;
- ``over``: the game has ended, everything is shown.

``covered`` means the pass-the-tablet cover for ``player`` is up: nothing of the game
is drawn until they tap it. A reload always comes back covered (except at the end).

>>> from engine.stratego import BUILTIN_SETUPS
>>> session = Session.new({"red": "Ana", "blue": "Luis"})
>>> session.stage, session.player, session.covered
('setup', 'red', True)
>>> session.reveal(); session.boards["red"].load(BUILTIN_SETUPS["Bomb wall"])
>>> session.finish_setup(); session.player, session.covered
('blue', True)
>>> session.reveal(); session.boards["blue"].load(BUILTIN_SETUPS["Scout screen"])
>>> session.finish_setup(); session.stage, session.player
('turn', 'red')
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from engine import stratego
from engine.stratego import PIECES, IllegalMove, Options
from ui.stratego.setup_board import SetupBoard, index_of

FORMAT = 1
PLAYERS = ("red", "blue")
STAGES = ("setup", "turn", "moved", "draw_offer", "over")
NUMBERINGS = ("european", "american")


def other(player: str) -> str:
    return "blue" if player == "red" else "red"


@dataclass
class Message:
    """Something to tell the player: an i18n key and its fields (letters, squares...)."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)
    alert: bool = False


def engine_message(error: Exception) -> Message:
    code = getattr(error, "code", "unknown")
    params = dict(getattr(error, "params", {}))
    return Message(f"stratego_error_{code}", params, alert=True)


@dataclass
class TapResult:
    """What a tap changed: squares to redraw, whether a move was played, a message."""

    squares: set[str] = field(default_factory=set)
    moved: bool = False
    message: Message | None = None


@dataclass
class Session:
    names: dict[str, str]
    options: Options = field(default_factory=Options)
    numbering: str = "european"
    stage: str = "setup"
    player: str = "red"
    covered: bool = True
    boards: dict[str, SetupBoard] = field(
        default_factory=lambda: {player: SetupBoard() for player in PLAYERS}
    )
    setups: dict[str, str] = field(default_factory=dict)
    game: stratego.Game | None = None
    note: str | None = None  # e.g. "draw_declined", shown on the next cover
    # Not saved: what the player has selected right now.
    selected: str | None = None
    targets: list[str] = field(default_factory=list)
    rescue_letter: str | None = None
    confirm_resign: bool = False

    @classmethod
    def new(
        cls,
        names: dict[str, str],
        options: Options | None = None,
        numbering: str = "european",
    ) -> Session:
        return cls(
            names=dict(names),
            options=options or Options(),
            numbering=numbering if numbering in NUMBERINGS else "european",
        )

    def rematch(self) -> Session:
        """Same players, options and numbering; new setups."""
        return Session.new(self.names, self.options, self.numbering)

    # ------------------------------------------------------------------ reading

    @property
    def in_progress(self) -> bool:
        return self.stage != "over"

    def view(self, player: str | None = None) -> dict[str, Any]:
        assert self.game is not None
        if self.stage == "over":
            return self.game.view(player or "red", reveal_all=True)
        return self.game.view(player or self.player)

    def shows_secrets(self) -> bool:
        """Whether the screen now drawn shows one player's hidden ranks."""
        return not self.covered and self.stage in ("setup", "turn", "moved")

    def rescue_choices(self) -> dict[str, list[str]]:
        """Rescue choices the engine offers now, by piece letter -> squares."""
        if self.game is None or self.stage != "moved" or not self.game.rescue_pending:
            return {}
        choices: dict[str, list[str]] = {}
        for choice in self.game.legal_moves():
            parts = choice.split()
            if len(parts) == 3 and parts[0] == "rescue":
                choices.setdefault(parts[1].upper(), []).append(parts[2])
        return choices

    # ------------------------------------------------------------------ flow

    def reveal(self) -> None:
        self.covered = False
        self.note = None
        self.clear_selection()

    def clear_selection(self) -> None:
        self.selected = None
        self.targets = []
        self.rescue_letter = None
        self.confirm_resign = False

    def finish_setup(self) -> Message | None:
        """The player is ready: store the setup, then Blue's turn to set up, then play."""
        board = self.boards[self.player]
        setup = board.setup()
        if setup is None:
            error = board.error()
            assert error is not None
            return engine_message(error)
        self.setups[self.player] = setup
        self.clear_selection()
        if self.player == "red":
            self.player, self.covered = "blue", True
            return None
        self.game = stratego.new_game(self.setups["red"], self.setups["blue"], self.options)
        self._after_play()
        return None

    def _after_play(self) -> None:
        assert self.game is not None
        self.clear_selection()
        if self.game.result is not None:
            self.stage, self.covered = "over", False
        else:
            self.stage, self.player, self.covered = "turn", self.game.turn, True

    def hand_over(self) -> None:
        """After a move: the cover for the next player."""
        assert self.game is not None
        if self.stage != "moved" or self.game.rescue_pending:
            return
        self._after_play()

    def last_own_move(self) -> stratego.MoveRecord | None:
        """This turn's board move (before the hand-over), if any."""
        if self.game is None or self.stage != "moved":
            return None
        for record in reversed(self.game.moves):
            if record.kind == "move":
                return record if record.player == self.player else None
        return None

    def can_undo(self) -> bool:
        """A plain move may be taken back before the hand-over; an attack may not: it
        showed ranks, and taking it back would let the attacker keep what they learnt."""
        record = self.last_own_move()
        return record is not None and not record.is_attack

    def undo(self) -> bool:
        """Take back this turn's move (and rescue choice) before the hand-over."""
        game = self.game
        if game is None or not self.can_undo():
            return False
        while game.moves and game.moves[-1].kind != "move":
            game.undo()
        if game.moves and game.moves[-1].player == self.player:
            game.undo()
        self.stage = "turn"
        self.clear_selection()
        return True

    def offer_draw(self) -> None:
        if self.stage == "turn" and not self.covered:
            self.stage, self.player, self.covered = "draw_offer", other(self.player), True
            self.clear_selection()

    def answer_draw(self, accept: bool) -> None:
        assert self.game is not None
        if self.stage != "draw_offer":
            return
        if accept:
            self.game.agree_draw()
            self.stage, self.covered = "over", False
        else:
            self.stage, self.player, self.covered = "turn", other(self.player), True
            self.note = "draw_declined"

    def resign(self) -> None:
        assert self.game is not None
        if self.stage in ("turn", "moved") and not self.covered:
            self.game.resign(self.player)
            self.stage, self.covered = "over", False
            self.clear_selection()

    # ------------------------------------------------------------------ play taps

    def tap(self, square: str) -> TapResult:
        """A tap on a board square during play."""
        game = self.game
        result = TapResult()
        if game is None or self.covered:
            return result
        if self.stage == "moved":
            return self._tap_rescue(square)
        if self.stage != "turn":
            return result
        piece = game.piece_at(square)
        own = piece is not None and piece[0] == self.player
        previous = {self.selected, *self.targets} - {None}
        if self.selected is not None and square in self.targets:
            move = f"{self.selected}-{square}"
            try:
                game.play(move)
            except IllegalMove as error:  # cannot happen for a listed target; say why
                result.message = engine_message(error)
                return result
            result.squares |= previous | {square}
            self.selected, self.targets = None, []
            self.stage = "moved"
            if game.result is not None:
                self.stage, self.covered = "over", False
            result.moved = True
            return result
        if own and square == self.selected:
            self.selected, self.targets = None, []
            result.squares |= previous
            return result
        if own:
            assert piece is not None
            targets = [move.split("-")[1] for move in game.legal_moves_from(square)]
            result.squares |= previous
            if not targets:
                self.selected, self.targets = None, []
                kind = PIECES[piece[1]]
                if not kind.can_move:
                    result.message = Message(
                        "stratego_error_immovable", {"square": square, "piece": piece[1]}, True
                    )
                else:
                    result.message = Message("stratego_no_moves", {"square": square}, True)
                return result
            self.selected, self.targets = square, targets
            result.squares |= {square, *targets}
            # Names at hand on a touch screen, where tooltips never show.
            result.message = Message("stratego_selected", {"piece": piece[1]})
            return result
        if self.selected is not None:
            # Not a legal destination: the engine says why (too far, lake, two squares...).
            try:
                game.play(f"{self.selected}-{square}")
            except IllegalMove as error:
                result.message = engine_message(error)
            result.squares |= previous
            self.selected, self.targets = None, []
            return result
        result.message = Message("stratego_select_own")
        return result

    def choose_rescue(self, letter: str | None) -> TapResult:
        """Pick the kind to rescue (then a square), or None for "no rescue"."""
        result = TapResult()
        choices = self.rescue_choices()
        if not choices:
            return result
        result.squares |= set(self.targets)
        if letter is None:
            assert self.game is not None
            self.game.play("no rescue")
            self.rescue_letter, self.targets = None, []
            return result
        if letter in choices:
            self.rescue_letter = letter
            self.targets = list(choices[letter])
            result.squares |= set(self.targets)
        return result

    def _tap_rescue(self, square: str) -> TapResult:
        result = TapResult()
        if self.rescue_letter is None or square not in self.targets:
            if self.rescue_choices():
                result.message = Message("stratego_rescue_hint")
            return result
        assert self.game is not None
        self.game.play(f"rescue {self.rescue_letter} {square}")
        result.squares |= set(self.targets)
        self.rescue_letter, self.targets = None, []
        return result

    # ------------------------------------------------------------------ setup taps

    def setup_cell(self, square: str) -> int | None:
        return index_of(self.player, square)

    # ------------------------------------------------------------------ saving

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "stratego",
            "format": FORMAT,
            "names": self.names,
            "options": self.options.to_dict(),
            "numbering": self.numbering,
            "stage": self.stage,
            "player": self.player,
            # A reload never shows one player's secrets to whoever holds the tablet.
            "covered": self.covered or self.shows_secrets(),
            "boards": {player: board.text() for player, board in self.boards.items()},
            "setups": self.setups,
            "engine": self.game.to_json() if self.game is not None else None,
            "note": self.note,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Session:
        if data.get("game") != "stratego" or data.get("format") != FORMAT:
            raise ValueError("not a Stratego session")
        names = data["names"]
        stage = data["stage"]
        player = data["player"]
        if stage not in STAGES or player not in PLAYERS:
            raise ValueError("bad stage")
        session = cls(
            names={p: str(names[p]) for p in PLAYERS},
            options=Options.from_dict(data.get("options") or {}),
            numbering=data.get("numbering", "european"),
            stage=stage,
            player=player,
            covered=bool(data.get("covered", True)),
            boards={p: SetupBoard.from_text(data["boards"][p]) for p in PLAYERS},
            setups={p: s for p, s in data.get("setups", {}).items() if p in PLAYERS},
            note=data.get("note"),
        )
        if data.get("engine"):
            session.game = stratego.from_json(data["engine"])
        elif stage != "setup":
            raise ValueError("a game stage without a game")
        return session

    @classmethod
    def from_json(cls, text: str) -> Session:
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError("not a session")
        return cls.from_dict(data)
