"""An independent, deliberately simple model of a game, for differential property tests.

It rebuilds the board, the legal moves and each player's knowledge from the move records
alone, with none of the engine's tables or caches, so the property tests can compare.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.stratego import Game, MoveRecord, Options

FILES = "abcdefghij"
LAKES = {"c5", "d5", "c6", "d6", "g5", "h5", "g6", "h6"}


def square(file: int, rank: int) -> str | None:
    if 0 <= file < 10 and 1 <= rank <= 10:
        name = FILES[file] + str(rank)
        return None if name in LAKES else name
    return None


def red_square(index: int) -> str:
    return FILES[index % 10] + str(index // 10 + 1)


def blue_square(index: int) -> str:
    return FILES[9 - index % 10] + str(10 - index // 10)


class Oracle:
    def __init__(self, red_setup: str, blue_setup: str, options: Options) -> None:
        self.options = options
        self.letter: dict[int, str] = {}
        self.where: dict[int, str | None] = {}
        # A small army leaves squares empty ("."): those hold no piece at all.
        for index, letter in enumerate(red_setup):
            if letter != ".":
                self.letter[index], self.where[index] = letter, red_square(index)
        for index, letter in enumerate(blue_setup):
            if letter != ".":
                self.letter[40 + index], self.where[40 + index] = letter, blue_square(index)
        self.known: set[int] = set()  # ranks known to the piece's opponent
        self.moved: set[int] = set()
        self.captured: list[tuple[int, bool]] = []
        self.rescued: list[int] = []
        self.history: list[MoveRecord] = []
        self.occupant: dict[str, int] = {
            where: piece for piece, where in self.where.items() if where is not None
        }

    def _place(self, piece: int, where: str | None) -> None:
        old = self.where[piece]
        if old is not None and self.occupant.get(old) == piece:
            del self.occupant[old]
        self.where[piece] = where
        if where is not None:
            self.occupant[where] = piece

    # ---- board
    def board(self) -> dict[str, tuple[str, str]]:
        return {
            where: ("red" if piece < 40 else "blue", self.letter[piece])
            for piece, where in self.where.items()
            if where is not None
        }

    def update(self, record: MoveRecord) -> None:
        self.history.append(record)
        if record.kind == "rescue":
            assert record.to_square is not None
            self._place(record.piece_id, record.to_square)
            self.known.discard(record.piece_id)
            self.moved.discard(record.piece_id)
            self.rescued.append(record.piece_id)
            return
        if record.kind != "move":
            return
        mover = record.piece_id
        assert self.where[mover] == record.from_square
        self.moved.add(mover)
        defender = record.defender_id
        if defender is None:
            self._place(mover, record.to_square)
            return
        assert self.where[defender] == record.to_square
        self.known.add(mover)
        attacker_letter, defender_letter = self.letter[mover], self.letter[defender]
        if not self.options.silent_defence or attacker_letter == "2" or defender_letter == "F":
            self.known.add(defender)
        losers = {
            "attacker_won": [defender],
            "defender_won": [mover],
            "both_removed": [mover, defender],
        }[record.outcome or ""]
        for piece in losers:
            self._place(piece, None)
            self.captured.append((piece, piece in self.known))
        if record.outcome == "attacker_won":
            self._place(mover, record.to_square)

    # ---- moves
    def movable_count(self, side: int) -> int:
        return sum(
            1
            for piece, where in self.where.items()
            if where is not None and piece // 40 == side and self.letter[piece] not in "BF"
        )

    def legal_moves(self, side: int) -> set[str]:
        """Board moves by the rules text, two-squares rule included (not chasing)."""
        occupant = self.occupant
        moves: set[str] = set()
        for piece, where in self.where.items():
            if where is None or piece // 40 != side or self.letter[piece] in "BF":
                continue
            file, rank = FILES.index(where[0]), int(where[1:])
            for file_step, rank_step in ((0, 1), (0, -1), (1, 0), (-1, 0)):
                distance = 1
                while True:
                    target = square(file + file_step * distance, rank + rank_step * distance)
                    if target is None:
                        break
                    other = occupant.get(target)
                    if other is None:
                        moves.add(f"{where}-{target}")
                    else:
                        if other // 40 != side and not (
                            self.options.classic_scouts and distance > 1
                        ):
                            moves.add(f"{where}-{target}")
                        break
                    if self.letter[piece] != "2":
                        break
                    distance += 1
        forbidden = self.two_squares_forbidden(side)
        return moves - forbidden

    def two_squares_forbidden(self, side: int) -> set[str]:
        player = "red" if side == 0 else "blue"
        own = [r for r in self.history if r.player == player and r.kind == "move"]
        if not own:
            return set()
        last = own[-1]
        run = 1
        for earlier, later in zip(reversed(own[:-1]), reversed(own[1:]), strict=True):
            if (
                earlier.piece_id == later.piece_id
                and earlier.from_square == later.to_square
                and earlier.to_square == later.from_square
            ):
                run += 1
            else:
                break
        if run >= self.options.two_squares_limit and self.where[last.piece_id] == last.to_square:
            return {f"{last.to_square}-{last.from_square}"}
        return set()

    # ---- knowledge
    def expected_letter(self, piece: int, viewer: int) -> str | None:
        if piece // 40 == viewer or piece in self.known:
            return self.letter[piece]
        return None

    def check_view(self, game: Game, viewer_name: str) -> None:
        viewer = 0 if viewer_name == "red" else 1
        view: dict[str, Any] = game.view(viewer_name)
        board = {piece: where for piece, where in self.where.items() if where is not None}
        assert len(view["pieces"]) == len(board)
        for piece, where in board.items():
            shown = view["pieces"][where]
            assert shown["owner"] == ("red" if piece < 40 else "blue")
            assert shown["letter"] == self.expected_letter(piece, viewer), (where, shown)
            assert shown["moved"] == (piece in self.moved)
            assert shown["known"] == (piece in self.known)
        for side, owner in enumerate(("red", "blue")):
            grave = view["graveyards"][owner]
            expected = Counter(
                self.letter[piece] if side == viewer or known else None
                for piece, known in self.captured
                if piece // 40 == side
            )
            assert Counter(grave["captured"]) == expected
            rescued: list[str | None] = [
                self.letter[p] if side == viewer else None for p in self.rescued if p // 40 == side
            ]
            assert grave["rescued"] == rescued
        last = view["last_move"]
        moves = [r for r in self.history if r.kind == "move"]
        if not moves:
            assert last is None
            return
        record = moves[-1]
        assert last["from"] == record.from_square and last["to"] == record.to_square
        if record.defender_id is not None:
            attack = last["attack"]
            assert attack["outcome"] == record.outcome
            defender_seen = (
                record.defender_id // 40 == viewer
                or not self.options.silent_defence
                or record.piece == "2"
                or record.defender == "F"
            )
            assert attack["defender"] == (record.defender if defender_seen else None)
            assert last["piece"] == record.piece
        elif record.piece_id // 40 != viewer:
            assert last["piece"] == self.expected_letter(record.piece_id, viewer)
        if game.rescue_pending and game.turn != viewer_name:
            assert view["phase"] == "move"
