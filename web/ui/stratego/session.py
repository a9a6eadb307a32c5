"""One Stratego session on the tablet: who plays, which screen, the game itself.

A plain state machine without any browser import, so every flow is tested on CPython.
The rules are the engine's: this module only asks it, in its typed actions
(``legal_actions``, ``check``, ``apply`` a ``Move`` or a ``Rescue``, ``undo``,
``view``...), and remembers where the players are in the hand-over dance. It is the
only UI module that talks to the engine.

Stages (``stage``) and the player they belong to (``player``):

- ``setup``: ``player`` builds their army;
- ``turn``: ``player`` is to move;
- ``moved``: ``player`` has moved and sees the outcome (may undo, may have to choose a
  rescue) before handing the tablet over;
- ``draw_offer``: ``player`` is asked whether they accept a draw;
- ``over``: the game has ended, everything is shown.

``covered`` means the pass-the-tablet cover for ``player`` is up: nothing of the game
is drawn until they tap it. A reload always comes back covered (except at the end).

Against the computer (``seats``: one army a person's, the other a computer level) there
is no cover at all: the screen always shows the person's view (``viewer``), the
computer's setup and moves are played by :meth:`Session.computer_act` when
:meth:`Session.computer_to_act` says so (the controller schedules it), a move of the
person is handed over at once (after a rescue choice, if one is due), undo takes back
the person's move with the computer's reply, and a draw offer is answered on the spot.
The computer's dice come from ``seed`` and the number of plays so far, so a reloaded
game makes the same choices.

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

>>> solo = Session.new({"red": "Ana", "blue": "Computer"}, seats={"blue": "hard"}, seed=1)
>>> solo.covered, solo.viewer; solo.boards["red"].load(BUILTIN_SETUPS["Bomb wall"])
(False, 'red')
>>> solo.finish_setup(); solo.computer_to_act(), solo.covered
(True, False)
>>> solo.computer_act(); solo.stage, solo.player, solo.covered
('turn', 'red', False)
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, cast

from engine import stratego
from engine.errors import SetupError
from engine.saves import parse_json
from engine.stratego import (
    ARMY_NAMES,
    PIECES,
    IllegalMove,
    Move,
    Options,
    Rescue,
    ai,
    parse_action,
)
from ui.checks import inconsistent, player_name
from ui.computer import PERSON, decision_rng, is_computer, people, seat_value
from ui.stratego.setup_board import SetupBoard, index_of

FORMAT = 1
PLAYERS = ("red", "blue")
STAGES = ("setup", "turn", "moved", "draw_offer", "over")
NUMBERINGS = ("european", "american")
#: The optional rules a new game may turn on (``Options`` fields), then the ISF's
#: two-squares limit.
OPTION_NAMES = (
    "silent_defence",
    "attackers_advantage",
    "rescue",
    "classic_scouts",
    "chasing_rule",
)
ISF_TWO_SQUARES = "isf_two_squares"


#: ``decision_rng``'s "plays so far" for the computer's setup, before any move.
SETUP_DECISION = -1


def other(player: str) -> str:
    return "blue" if player == "red" else "red"


def checked_seats(seats: object) -> dict[str, str]:
    """Each army's seat from a form or a save: a known computer level, else a person; a
    game with no person in it (which nobody could play) becomes one for two persons.

    >>> checked_seats({"red": "hard", "blue": "grandmaster"})
    {'red': 'hard', 'blue': 'person'}
    >>> checked_seats({"red": "easy", "blue": "easy"}), checked_seats(None)["red"]
    ({'red': 'person', 'blue': 'person'}, 'person')
    """
    given = seats if isinstance(seats, Mapping) else {}
    checked = {player: seat_value(given.get(player), ai.SEAT_LEVELS) for player in PLAYERS}
    if not people(checked):
        return {player: PERSON for player in PLAYERS}
    return checked


def computer_name(t: Callable[..., str], level: str) -> str:
    return t(f"stratego_computer_name_{level}")


def is_default_name(t: Callable[..., str], name: str) -> bool:
    """Whether a name field still holds what the app put there (an army's name, or a
    computer's), so that choosing another seat may replace it."""
    defaults = {t(f"stratego_army_{player}") for player in PLAYERS}
    defaults |= {computer_name(t, level) for level in ai.SEAT_LEVELS}
    return not name.strip() or " ".join(name.split()) in defaults


def default_name(t: Callable[..., str], player: str, seat: str) -> str:
    """The name a seat gets when the players leave it at the default: the army's name for
    a person, the computer's name with its level for a computer."""
    return computer_name(t, seat) if is_computer(seat) else t(f"stratego_army_{player}")


def names_for_seats(
    t: Callable[..., str], typed: Mapping[str, str], seats: Mapping[str, str]
) -> dict[str, str]:
    """The players' names from the new-game form: typed names kept (tidied), defaults
    following the seat, and two equal names told apart by their army.

    >>> t = lambda key, **_: {"stratego_army_red": "Red", "stratego_army_blue": "Blue",
    ...     "stratego_computer_name_hard": "Computer (hard)"}.get(key, key)
    >>> names_for_seats(t, {"red": " Ana ", "blue": "Blue"}, {"red": "person", "blue": "hard"})
    {'red': 'Ana', 'blue': 'Computer (hard)'}
    >>> two_persons = {"red": "person", "blue": "person"}
    >>> names_for_seats(t, {"red": "Computer (hard)", "blue": ""}, two_persons)
    {'red': 'Red', 'blue': 'Blue'}
    """
    names = {}
    for player in PLAYERS:
        typed_name = " ".join(str(typed.get(player, "")).split())[:24]
        seat = seats.get(player, PERSON)
        names[player] = (
            default_name(t, player, seat) if is_default_name(t, typed_name) else typed_name
        )
    if names["red"] == names["blue"]:
        names = {p: f"{names[p]} ({t(f'stratego_army_{p}')})" for p in PLAYERS}
    return names


def _checked_setups(setups: object, army: str) -> dict[str, str]:
    """The armies already set up, each a legal setup of ``army`` (``engine.errors.
    SetupError``, the family both games share, if not)."""
    if setups is None:
        return {}
    if not isinstance(setups, dict):
        raise inconsistent("setups")
    try:
        return {p: stratego.parse_setup(text, army) for p, text in setups.items() if p in PLAYERS}
    except stratego.SetupError as error:
        raise SetupError(error.code, str(error), **error.params) from None


@dataclass
class NewGameForm:
    """What the new-game screen's form holds (read back from every intent it sends)."""

    names: dict[str, str]
    seats: dict[str, str]
    numbering: str = "european"
    options: set[str] = field(default_factory=set)  # the optional rules ticked
    army: str = "classic"
    # The names the form opened with (the last game's): not typed here, so they follow
    # a seat handed to the computer ("Ben" does not become the computer's name).
    carried: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.carried:
            self.carried = dict(self.names)

    def follows_seat(self, t: Callable[..., str], player: str) -> bool:
        """Whether ``player``'s name should follow its seat: a default name, or the
        last game's name left untouched when the seat goes to the computer."""
        name = self.names[player]
        if is_default_name(t, name):
            return True
        return self.seats[player] != PERSON and name == self.carried.get(player)

    def read(self, fields: Mapping[str, str]) -> None:
        for player in PLAYERS:
            self.names[player] = fields.get(f"name-{player}", self.names[player])
            self.seats[player] = seat_value(fields.get(f"seat-{player}"), ai.SEAT_LEVELS)
        numbering = fields.get("st-numbering", self.numbering)
        self.numbering = numbering if numbering in NUMBERINGS else "european"
        self.options = {
            name for name in (*OPTION_NAMES, ISF_TWO_SQUARES) if fields.get(f"option-{name}")
        }
        army = fields.get("st-army", self.army)
        self.army = army if army in ARMY_NAMES else "classic"

    def game_options(self) -> Options:
        """The engine's options: the ticked rules, the ISF two-squares limit (3) or ours."""
        chosen: dict[str, Any] = {name: name in self.options for name in OPTION_NAMES}
        chosen["army"] = self.army
        chosen["two_squares_limit"] = 3 if ISF_TWO_SQUARES in self.options else 2
        return Options.from_dict(chosen)


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
    """What a tap did: whether a move was played, and what to tell the player."""

    moved: bool = False
    message: Message | None = None


@dataclass
class Session:
    GAME: ClassVar[str] = "stratego"
    VERSION_FIELD: ClassVar[str] = "format"
    VERSION: ClassVar[int] = FORMAT

    names: dict[str, str]
    options: Options = field(default_factory=Options)
    numbering: str = "european"
    seats: dict[str, str] = field(default_factory=lambda: checked_seats(None))
    seed: int = 0  # the computer's dice (with the number of plays so far)
    stage: str = "setup"
    player: str = "red"
    covered: bool = True
    boards: dict[str, SetupBoard] = field(
        default_factory=lambda: {player: SetupBoard() for player in PLAYERS}
    )
    setups: dict[str, str] = field(default_factory=dict)
    game: stratego.Game | None = None
    note: str | None = None  # e.g. "draw_declined", shown on the next cover
    # Not saved: what the player has selected right now (the one place it is kept).
    selected: str | None = None  # a piece on the board
    targets: list[str] = field(default_factory=list)  # where it (or a rescue) may go
    rescue_letter: str | None = None  # the captured kind chosen for a rescue
    confirm_resign: bool = False  # "really resign?" is asked
    tray_letter: str | None = None  # setup: a kind picked in the tray
    setup_cell: int | None = None  # setup: a placed piece picked to move or swap
    # Not saved: views built once per change of the game, and the person's own last
    # move as they saw it, each for the plays made so far.
    _view_cache: tuple[tuple[Any, ...], dict[str, Any]] | None = field(
        default=None, repr=False, compare=False
    )
    _own_move_cache: tuple[tuple[Any, ...], dict[str, Any] | None] | None = field(
        default=None, repr=False, compare=False
    )

    @classmethod
    def new(
        cls,
        names: dict[str, str],
        options: Options | None = None,
        numbering: str = "european",
        seats: Mapping[str, str] | None = None,
        seed: int | None = None,
    ) -> Session:
        checked = checked_seats(seats)
        solo = len(people(checked)) == 1
        if seed is None:
            # Dice only for a computer: two persons' games stay the same save for the
            # same play.
            seed = random.getrandbits(32) if solo else 0
        options = options or Options()
        return cls(
            names=dict(names),
            options=options,
            numbering=numbering if numbering in NUMBERINGS else "european",
            seats=checked,
            seed=seed,
            covered=not solo,
            boards={player: SetupBoard(army=options.army) for player in PLAYERS},
        )

    def rematch(self) -> Session:
        """Same players, seats, options and numbering; new setups and new dice."""
        return Session.new(self.names, self.options, self.numbering, self.seats)

    # ------------------------------------------------------------------ reading

    @property
    def army(self) -> str:
        """The army both players have: ``classic``, ``barrage`` or ``duel``."""
        return self.options.army

    @property
    def in_progress(self) -> bool:
        return self.stage != "over"

    @property
    def solo(self) -> bool:
        """One person against the computer: nothing to hide from anyone at the table."""
        return len(people(self.seats)) == 1

    @property
    def person(self) -> str | None:
        """The army the person plays against the computer (None in a two-person game)."""
        found = people(self.seats)
        return found[0] if len(found) == 1 else None

    @property
    def computer(self) -> str | None:
        person = self.person
        return other(person) if person is not None else None

    @property
    def viewer(self) -> str:
        """Whose view the screen shows: the person against the computer, else the player
        whose turn it is."""
        return self.person or self.player

    def computer_level(self, player: str) -> str | None:
        seat = self.seats.get(player, PERSON)
        return seat if is_computer(seat) else None

    def view(self, player: str | None = None) -> dict[str, Any]:
        """What ``player`` (by default the viewer) sees; everything once the game is over.
        Built once per change of the game: every part of the screen reads the same one."""
        assert self.game is not None
        over = self.stage == "over"
        seen = player or ("red" if over else self.viewer)
        key = (seen, over, self.game.result, self.game.moves)
        if self._view_cache is not None and self._view_cache[0] == key:
            return self._view_cache[1]
        # The engine's typed view (StrategoView), read by render as plain JSON data.
        view = cast(dict[str, Any], self.game.view(seen, reveal_all=over))
        self._view_cache = (key, view)
        return view

    def shows_secrets(self) -> bool:
        """Whether the screen now drawn shows one player's hidden ranks to someone who
        should not see them (never against the computer: only the person looks)."""
        return not self.solo and not self.covered and self.stage in ("setup", "turn", "moved")

    def hide_secrets(self) -> None:
        """Leaving the game (rules, home): whoever comes back meets the cover."""
        if self.shows_secrets():
            self.covered = True

    def computer_to_act(self) -> bool:
        """Whether the computer is the one to play now (its setup, a move, a rescue)."""
        if not self.solo or self.computer_level(self.player) is None:
            return False
        if self.stage == "setup":
            return self.player not in self.setups
        return self.stage == "turn" and self.game is not None and self.game.result is None

    def own_move_before_reply(self) -> dict[str, Any] | None:
        """The person's last move as they saw it when they made it (their attack's
        outcome, their rescue), once the computer has replied: the screen shows both."""
        game, person = self.game, self.person
        if game is None or person is None or self.stage != "turn":
            return None
        moves = game.moves
        # By the plays themselves, not their number: after an undo, other moves may
        # bring the game back to the same count.
        if self._own_move_cache is not None and self._own_move_cache[0] == moves:
            return self._own_move_cache[1]
        found = None
        last_own = self._last_move_index(person)
        last_reply = self._last_move_index(other(person))
        if last_own is not None and last_reply is not None and last_reply > last_own:
            found = cast(dict[str, Any] | None, game.own_last_move(person))
        self._own_move_cache = (moves, found)
        return found

    def _last_move_index(self, player: str) -> int | None:
        assert self.game is not None
        moves = self.game.moves
        for index in range(len(moves) - 1, -1, -1):
            if moves[index].kind == "move" and moves[index].player == player:
                return index
        return None

    def rescue_choices(self) -> dict[str, list[str]]:
        """Rescue choices the engine offers now, by piece letter -> squares."""
        game = self.game
        if game is None or self.stage != "moved" or not game.rescue_pending:
            return {}
        choices: dict[str, list[str]] = {}
        for action in game.legal_actions(game.turn):
            if isinstance(action, Rescue) and action.piece and action.square:
                choices.setdefault(action.piece, []).append(action.square)
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
        self.tray_letter = None
        self.setup_cell = None

    def finish_setup(self) -> Message | None:
        """The player is ready: store the setup, then Blue's turn to set up, then play."""
        board = self.boards[self.player]
        setup = board.setup()
        if setup is None:
            error = board.error()
            assert error is not None
            return engine_message(error)
        self._store_setup(setup)
        return None

    def _store_setup(self, setup: str) -> None:
        self.setups[self.player] = setup
        self.clear_selection()
        if self.player == "red":
            self.player, self.covered = "blue", not self.solo
            return
        self.game = stratego.new_game(self.setups["red"], self.setups["blue"], self.options)
        self._after_play()

    def _after_play(self) -> None:
        assert self.game is not None
        self.clear_selection()
        if self.game.result is not None:
            self.stage, self.covered = "over", False
        else:
            self.stage, self.player, self.covered = "turn", self.game.turn, not self.solo

    def hand_over(self) -> None:
        """After a move: the cover for the next player."""
        assert self.game is not None
        if self.stage != "moved" or self.game.rescue_pending:
            return
        self._after_play()

    def _after_own_play(self) -> None:
        """Against the computer a finished move goes straight to it (no tablet to pass)."""
        if self.solo:
            self.hand_over()

    # ------------------------------------------------------------------ the computer

    def computer_decision(self) -> ai.Decision | None:
        """The computer's next move as a decision to think through in slices
        (``ai.start_thinking``: the expert's takes many), or None when the computer is
        not to move (its setup is chosen at once by :meth:`computer_act`)."""
        game = self.game
        if not self.computer_to_act() or self.stage == "setup" or game is None:
            return None
        player = self.player
        level = self.computer_level(player)
        assert level is not None
        rng = decision_rng(self.seed, len(game.moves))
        return ai.start_thinking(game.view(player), game.legal_moves(), level, rng)

    def computer_act(self, decided: ai.Decision | None = None) -> None:
        """The computer plays its turn: its setup, or its move and any rescue after it.

        It decides from its own view and the legal moves only (``engine.stratego.ai``),
        with dice fixed by ``seed`` and the plays so far: a reload replays the same choice.
        ``decided``: the move already thought through (:meth:`computer_decision`, run to
        its end) for the position as it is now; otherwise the computer thinks here.
        """
        if not self.computer_to_act():
            return
        player = self.player
        if self.stage == "setup":
            rng = decision_rng(self.seed, SETUP_DECISION)
            self._store_setup(ai.choose_setup(rng, army=self.army))
            return
        game = self.game
        assert game is not None
        while game.result is None and game.turn == player:
            decision = decided or self.computer_decision()
            decided = None
            assert decision is not None
            while not decision.step(max_nodes=1 << 30):
                pass
            assert decision.move is not None
            game.apply(player, parse_action(decision.move))
            if not game.rescue_pending:
                break
        asked = self.confirm_resign
        self._after_play()
        # "Really resign?" asked while it thought stays under the person's finger: gone
        # as its move lands, a tap meant for "Yes" would hit whatever button came there.
        self.confirm_resign = asked and self.stage == "turn"

    def offer_draw_to_computer(self) -> bool | None:
        """The person offers a draw; the computer answers from its own view at once.
        True: the game ends drawn; False: it goes on; None: no offer can be made now."""
        computer = self.computer
        game = self.game
        if computer is None or game is None or self.stage != "turn":
            return None
        if self.player != self.person:
            return None
        level = self.computer_level(computer)
        assert level is not None
        self.clear_selection()
        if not ai.accepts_draw(game.view(computer), level):
            return False
        game.agree_draw()
        self.stage, self.covered = "over", False
        return True

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
        showed ranks, and taking it back would let the attacker keep what they learnt.
        Against the computer, the person's move goes back with the computer's reply."""
        if self._pair_to_undo():
            return True
        record = self.last_own_move()
        return record is not None and not record.is_attack

    def undo_would_cross_attack(self) -> bool:
        """Whether the last exchange can't be taken back because an attack showed ranks
        (so the screen says why there is no undo)."""
        if self.stage == "moved":
            record = self.last_own_move()
            return record is not None and record.is_attack
        plays = self._since_own_move()
        return any(record.is_attack for record in plays)

    def _since_own_move(self) -> tuple[stratego.MoveRecord, ...]:
        """Against the computer, on the person's turn: the person's last move and every
        play after it (their rescue, the computer's reply and its rescue)."""
        game, person = self.game, self.person
        if game is None or person is None or self.stage != "turn" or self.player != person:
            return ()
        index = self._last_move_index(person)
        return () if index is None else game.moves[index:]

    def _pair_to_undo(self) -> int:
        """How many plays an undo takes back against the computer (0: none may be)."""
        plays = self._since_own_move()
        if any(record.is_attack for record in plays):
            return 0
        replied = any(record.kind == "move" and record.player != self.person for record in plays)
        return len(plays) if replied else 0

    def undo(self) -> bool:
        """Take back this turn's move (and rescue choice) before the hand-over; against
        the computer, on the person's turn, their last move and the computer's reply."""
        game = self.game
        pair = self._pair_to_undo()
        if game is not None and pair:
            for _ in range(pair):
                game.undo()
            self.clear_selection()
            return True
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
        if self.stage == "turn" and not self.covered and not self.solo:
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
            self.game.resign(self.viewer)
            self.stage, self.covered = "over", False
            self.clear_selection()

    # ------------------------------------------------------------------ play taps

    def tap(self, square: str) -> TapResult:
        """A tap on a board square during play."""
        game = self.game
        result = TapResult()
        if game is None or self.covered:
            return result
        if self.solo and self.player != self.person and self.stage != "over":
            # The computer's turn: the person's taps wait for its move.
            result.message = Message("stratego_wait_computer", {"name": self.names[self.player]})
            return result
        if self.stage == "moved":
            return self._tap_rescue(square)
        if self.stage != "turn":
            return result
        piece = game.piece_at(square)
        own = piece is not None and piece[0] == self.player
        if self.selected is not None and square in self.targets:
            try:
                game.apply(self.player, Move(self.selected, square))
            except IllegalMove as error:  # cannot happen for a listed target; say why
                result.message = engine_message(error)
                return result
            self.selected, self.targets = None, []
            self.stage = "moved"
            if game.result is not None:
                self.stage, self.covered = "over", False
            self._after_own_play()
            result.moved = True
            return result
        if own and square == self.selected:
            self.selected, self.targets = None, []
            return result
        if own:
            assert piece is not None
            targets = [
                action.to_square
                for action in game.legal_actions(self.player)
                if isinstance(action, Move) and action.from_square == square
            ]
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
            # Names at hand on a touch screen, where tooltips never show.
            result.message = Message("stratego_selected", {"piece": piece[1]})
            return result
        if self.selected is not None:
            # Not a legal destination: the engine says why (too far, lake, two squares...).
            problem = game.check(self.player, Move(self.selected, square))
            if problem is not None:
                result.message = engine_message(problem)
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
        if letter is None:
            assert self.game is not None
            self.game.apply(self.player, Rescue())
            self.rescue_letter, self.targets = None, []
            self._after_own_play()
            result.moved = True
            return result
        if letter in choices:
            self.rescue_letter = letter
            self.targets = list(choices[letter])
        return result

    def _tap_rescue(self, square: str) -> TapResult:
        result = TapResult()
        if self.rescue_letter is None or square not in self.targets:
            if self.rescue_choices():
                result.message = Message("stratego_rescue_hint")
            return result
        assert self.game is not None
        self.game.apply(self.player, Rescue(self.rescue_letter, square))
        self.rescue_letter, self.targets = None, []
        self._after_own_play()
        result.moved = True
        return result

    # ------------------------------------------------------------------ setup taps

    def cell_of(self, square: str) -> int | None:
        """The setup cell of a square of the player's setup area (None outside it)."""
        return index_of(self.player, square)

    @property
    def board(self) -> SetupBoard:
        return self.boards[self.player]

    def tap_setup(self, square: str) -> Message | None:
        """A tap on a square while setting up: put the piece picked in the tray there,
        or pick a placed piece, then move or swap it with a second tap."""
        index = self.cell_of(square)
        if index is None or self.stage != "setup" or self.covered:
            return None
        board = self.board
        if self.tray_letter is not None:
            board.place(index, self.tray_letter)
            if board.remaining()[self.tray_letter] == 0:
                self.tray_letter = None
        elif self.setup_cell is not None:
            if self.setup_cell != index:
                board.swap(self.setup_cell, index)
            self.setup_cell = None
        elif board.cells[index] is not None:
            self.setup_cell = index
        else:
            return Message("stratego_setup_pick_first")
        return None

    def tap_tray(self, letter: str) -> None:
        """A tap on a kind in the tray: pick it (or drop the pick), or take back the
        placed piece picked before."""
        if self.stage != "setup" or self.covered or letter not in PIECES:
            return
        board = self.board
        if self.setup_cell is not None:
            board.remove(self.setup_cell)
            self.setup_cell = None
        elif self.tray_letter == letter or board.remaining().get(letter, 0) == 0:
            self.tray_letter = None
        else:
            self.tray_letter = letter

    def drop(self, source: str, target: str) -> bool:
        """A piece dragged from ``source`` (a square, or the tray's ``X``) dropped on
        ``target`` (a square, or ``"tray"``); whether the setup changed."""
        if self.stage != "setup" or self.covered:
            return False
        board = self.board
        cell = self.cell_of(source) if source not in PIECES else None
        if target == "tray":
            if cell is None or board.cells[cell] is None:
                return False
            board.remove(cell)
        else:
            index = self.cell_of(target)
            if index is None:
                return False
            if source in PIECES:
                if not board.place(index, source):
                    return False
            elif cell is not None and board.cells[cell] is not None:
                board.swap(cell, index)
            else:
                return False
        self.tray_letter = self.setup_cell = None
        return True

    # ------------------------------------------------------------------ saving

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "stratego",
            "format": FORMAT,
            "names": self.names,
            "options": self.options.to_dict(),
            "numbering": self.numbering,
            "seats": self.seats,
            "seed": self.seed,
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
        """A saved session, checked as a whole before anything of it is used (a file may
        have been edited): every setup is a legal army, the stage agrees with the game
        (whose moves the engine replays), names are clamped as the form clamps them.

        Raises ``engine.errors.SetupError`` for a setup that is not a legal army,
        ``engine.errors.SaveError`` ``inconsistent`` (params: ``part``) for parts that
        contradict each other, the engine's errors for its game, and
        ValueError/KeyError/TypeError for a document that is not a session at all.
        """
        if data.get("game") != "stratego" or data.get("format") != FORMAT:
            raise ValueError("not a Stratego session")
        names = data["names"]
        stage = data["stage"]
        player = data["player"]
        if stage not in STAGES or player not in PLAYERS:
            raise ValueError("bad stage")
        if not isinstance(names, dict) or not all(isinstance(names.get(p), str) for p in PLAYERS):
            raise inconsistent("names")
        seats = checked_seats(data.get("seats"))  # older saves: two persons
        seed = data.get("seed")
        numbering = data.get("numbering", "european")
        note = data.get("note")
        options = Options.from_dict(data.get("options") or {})
        session = cls(
            names={p: player_name(names[p]) for p in PLAYERS},
            options=options,
            numbering=numbering if numbering in NUMBERINGS else "european",
            seats=seats,
            seed=seed if isinstance(seed, int) and not isinstance(seed, bool) else 0,
            stage=stage,
            player=player,
            covered=bool(data.get("covered", True)) and stage != "over",
            boards={p: SetupBoard.from_text(str(data["boards"][p]), options.army) for p in PLAYERS},
            setups=_checked_setups(data.get("setups"), options.army),
            note=note if isinstance(note, str) else None,
        )
        engine = data.get("engine")
        if engine:
            if not isinstance(engine, str):
                raise inconsistent("engine")
            parse_json(engine)  # refuses absurd nesting before the engine parses it
            session.game = stratego.from_json(engine)
        session._check_game()
        if session.solo:
            session._settle_solo()
        session._check_turn()
        return session

    def _check_game(self) -> None:
        """The stage agrees with the game: none while setting up (Red first, then Blue),
        one from then on, over exactly when it has a result."""
        game = self.game
        if self.stage == "setup":
            # Red sets up first, then Blue; the game starts when both are ready.
            if game is not None:
                raise inconsistent("engine")
            if set(self.setups) != (set() if self.player == "red" else {"red"}):
                raise inconsistent("setups")
            return
        if game is None:
            raise inconsistent("engine")
        self.setups = {"red": game.red_setup, "blue": game.blue_setup}
        if (self.stage == "over") != (game.result is not None):
            raise inconsistent("stage")

    def _check_turn(self) -> None:
        """The player of the stage is the one the game says, as the app leaves them."""
        game, player = self.game, self.player
        if game is None or self.stage == "over":
            return
        if self.stage == "turn":
            agrees = game.turn == player and not game.rescue_pending
        elif self.stage == "moved":
            # The player has just played (a rescue choice may still be theirs to make).
            agrees = bool(game.moves) and game.moves[-1].player == player
            agrees = agrees and game.turn == (player if game.rescue_pending else other(player))
        elif self.stage == "draw_offer":
            agrees = game.turn == other(player) and not game.rescue_pending
        else:
            agrees = True
        if not agrees:
            raise inconsistent("stage")

    def _settle_solo(self) -> None:
        """A game against the computer has no cover, no hand-over and no draw offer
        waiting (a save edited by hand, or one from a two-person game)."""
        self.covered = False
        self.note = None
        if self.game is not None and self.stage in ("turn", "draw_offer"):
            self.stage = "turn"
            if self.game.result is None:
                self.player = self.game.turn
        if self.stage == "moved":
            self.hand_over()

    @classmethod
    def from_document(cls, document: dict[str, Any]) -> Session:
        """:meth:`from_dict` under the name ``ui.saves.load_session`` calls."""
        return cls.from_dict(document)

    @classmethod
    def from_json(cls, text: str) -> Session:
        data = parse_json(text)
        if not isinstance(data, dict):
            raise ValueError("not a session")
        return cls.from_dict(data)
