"""Our Stratego computer against an outside program, our engine the arbiter (issue 13).

Run from the repository root (see ``bench/outside/README.md`` for the outside program):
  .venv/bin/python bench/outside_match.py --level expert --games 60 --jobs 2 --progress \\
      --program "java -cp $O/classes:$O/adapter OutsideAI --seed {seed} --setups ..."

The outside program speaks the line protocol of the UCC Stratego "manager" (the one
braathwaate/stratego's headless ``AITest`` speaks; ``bench/outside/OutsideAI.java``
starts it with a chosen time per move and setup). One process per game, in a fresh
temporary directory, ``{seed}`` in the command replaced by the game's seed; this script
is the manager:

* it sends ``RED|BLUE tablero 10 10``; the program answers with its setup, 4 lines of 10
  rank characters for rows y = 0..3 (Red) or 6..9 (Blue), in x order;
* coordinates are ``x y`` with x = file a..j → 0..9 and y = rank 1..10 → 0..9 (Red's
  back rank is y = 0, "UP" lowers y); ranks are American: ``1`` Marshal … ``9`` Scout,
  ``s`` Spy, ``B`` Bomb, ``F`` Flag;
* Red's program gets ``START`` and 10 board lines before its first move; a move is
  ``x y DIR [n]`` (n: squares, when more than one); after its own move the program gets
  one result line, ``x y DIR [n] OUTCOME [attacker defender]`` (OUTCOME ``OK``,
  ``KILLS``, ``DIES`` or ``BOTHDIE``; the two ranks only after an attack — what a player
  sees, as our rules reveal both pieces); after ours it gets our move's result line and
  10 board lines from its side (its own pieces by rank, ours all ``#`` — our ranks never
  leave this script except in attack results); ``QUIT`` ends the game.

Our engine (``engine.stratego.Game``, default options; ``--two-squares`` changes the
limit) decides legality and the end. A move of the outside program that our engine
refuses cannot be asked again (the program has already played it on its own board): as
the UCC manager does, the program loses that game ("refused_move", counted and listed
with the engine's reason). A program that crashes, says nothing for ``--timeout``
seconds or answers what is not a move voids the game ("outside_failed": neither won nor
lost, reported). A game still going after ``--cap`` plies is a draw ("cap"). Our colour
alternates: Red in even seeds. ``--moves DIR`` writes each game's moves to
``DIR/seed-N.txt`` (with every attack's ranks) to read how games are lost.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import queue
import random
import re
import shlex
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.ai_strength import ending_counts, line, run_jobs, setup_for, time_line
from engine import stratego
from engine.stratego import ai as stratego_ai
from engine.stratego.board import BLUE_SETUP_SQUARES, FILES, LAKE_NAMES, RED_SETUP_SQUARES
from engine.stratego.game import ATTACKER_WON, BOTH_REMOVED, DEFENDER_WON, MoveRecord

#: Our piece letters (European ranks, ``X`` Marshal) and the protocol's (American).
RANK_CHARS = {
    "X": "1",
    "9": "2",
    "8": "3",
    "7": "4",
    "6": "5",
    "5": "6",
    "4": "7",
    "3": "8",
    "2": "9",
    "S": "s",
    "B": "B",
    "F": "F",
}
LETTERS = {char: letter for letter, char in RANK_CHARS.items()}
OUTCOMES = {ATTACKER_WON: "KILLS", DEFENDER_WON: "DIES", BOTH_REMOVED: "BOTHDIE"}
STEPS = {"UP": (0, -1), "DOWN": (0, 1), "LEFT": (-1, 0), "RIGHT": (1, 0)}
MOVE_LINE = re.compile(r"^(\d) (\d) (UP|DOWN|LEFT|RIGHT)(?: (\d+))?$")
SETUP_LINE = re.compile(r"^[1-9sBF]{10}$")


def square_xy(square: str) -> tuple[int, int]:
    return FILES.index(square[0]), int(square[1:]) - 1


def xy_square(x: int, y: int) -> str:
    if not (0 <= x < 10 and 0 <= y < 10):
        raise ValueError(f"off the board: {x} {y}")
    return f"{FILES[x]}{y + 1}"


def encode_move(from_square: str, to_square: str) -> str:
    """Our "e4-e5" squares as the protocol's ``x y DIR [n]``."""
    (x, y), (tx, ty) = square_xy(from_square), square_xy(to_square)
    if (x != tx) == (y != ty):
        raise ValueError(f"not a straight move: {from_square}-{to_square}")
    distance = abs(tx - x) + abs(ty - y)
    step = ((tx > x) - (tx < x), (ty > y) - (ty < y))
    direction = next(name for name, delta in STEPS.items() if delta == step)
    return f"{x} {y} {direction}" + (f" {distance}" if distance > 1 else "")


def decode_move(text: str) -> tuple[str, str] | None:
    """The protocol's ``x y DIR [n]`` as (from, to) squares; None if not a move."""
    match = MOVE_LINE.match(text.strip())
    if match is None:
        return None
    x, y, direction, count = match.groups()
    distance = int(count) if count else 1
    dx, dy = STEPS[direction]
    try:
        return (
            xy_square(int(x), int(y)),
            xy_square(int(x) + dx * distance, int(y) + dy * distance),
        )
    except ValueError:
        return None


def result_line(record: MoveRecord) -> str:
    """What both programs are told of a move: the move, its outcome and, after an attack,
    both ranks (our rules reveal both pieces: silent defence is off)."""
    assert record.from_square is not None and record.to_square is not None
    text = encode_move(record.from_square, record.to_square)
    if record.outcome is None or record.defender is None or record.piece is None:
        return f"{text} OK"
    ranks = f"{RANK_CHARS[record.piece]} {RANK_CHARS[record.defender]}"
    return f"{text} {OUTCOMES[record.outcome]} {ranks}"


def board_lines(game: stratego.Game, player: str) -> list[str]:
    """The board as ``player`` may see it: own pieces by rank, the enemy's as ``#``."""
    rows = []
    for y in range(10):
        row = ""
        for x in range(10):
            square = xy_square(x, y)
            piece = game.piece_at(square)
            if piece is not None:
                row += RANK_CHARS[piece[1]] if piece[0] == player else "#"
            else:
                row += "+" if square in LAKE_NAMES else "."
        rows.append(row)
    return rows


def setup_from_lines(colour: str, lines: Sequence[str]) -> str:
    """The program's 4 setup rows (y order) as our setup notation for ``colour``."""
    first_y = 0 if colour == "red" else 6
    letters = {
        xy_square(x, first_y + row): LETTERS[char]
        for row, text in enumerate(lines)
        for x, char in enumerate(text)
    }
    squares = RED_SETUP_SQUARES if colour == "red" else BLUE_SETUP_SQUARES
    return "".join(letters[stratego.SQUARE_NAMES[index]] for index in squares)


class ProgramFailed(Exception):
    """The outside program crashed, went silent or said something that is not a move."""


class OutsideProgram:
    """One game's outside process: lines in, lines out, a time limit on every answer."""

    def __init__(self, command: Sequence[str], timeout: float) -> None:
        self.timeout = timeout
        self.workdir = tempfile.TemporaryDirectory(prefix="outside-")
        self.process = subprocess.Popen(
            list(command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            bufsize=1,
            cwd=self.workdir.name,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.errors: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        self.error_reader = threading.Thread(target=self._read_errors, daemon=True)
        self.error_reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for text in self.process.stdout:
            self.lines.put(text.rstrip("\n"))
        self.lines.put(None)

    def _read_errors(self) -> None:
        assert self.process.stderr is not None
        for text in self.process.stderr:
            self.errors = [*self.errors[-19:], text.rstrip("\n")]

    def send(self, *lines: str) -> None:
        assert self.process.stdin is not None
        try:
            self.process.stdin.write("".join(text + "\n" for text in lines))
            self.process.stdin.flush()
        except (BrokenPipeError, OSError) as error:
            raise ProgramFailed(f"its input is closed ({error})") from error

    def expect(self, pattern: re.Pattern[str]) -> str:
        """The next line matching ``pattern``; other lines (a banner, its log) are skipped."""
        deadline = time.monotonic() + self.timeout
        while True:
            try:
                text = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise ProgramFailed(f"no answer in {self.timeout:.0f} s") from None
            if text is None:
                with contextlib.suppress(subprocess.TimeoutExpired):
                    self.process.wait(timeout=5)
                self.error_reader.join(timeout=2)  # its last words, e.g. a stack trace
                tail = " | ".join(self.errors[-5:])
                raise ProgramFailed(f"it ended (exit {self.process.poll()}): {tail}")
            if pattern.match(text.strip()):
                return text.strip()

    def setup(self, colour: str) -> str:
        self.send(f"{colour.upper()} tablero 10 10")
        return setup_from_lines(colour, [self.expect(SETUP_LINE) for _ in range(4)])

    def close(self) -> None:
        with contextlib.suppress(ProgramFailed):
            self.send("QUIT")
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.workdir.cleanup()


@dataclass
class OutsideResult:
    """One game: our score (1 won, 0.5 drawn, 0 lost, None void), how it ended, plies,
    seconds per decision for each side, and the refused move if there was one."""

    seed: int
    colour: str
    score: float | None
    ending: str
    plies: int
    seconds: float
    ours: list[float] = field(default_factory=list)
    theirs: list[float] = field(default_factory=list)
    note: str = ""


def outside_game(
    level: str,
    command: Sequence[str],
    seed: int,
    cap: int,
    two_squares: int = stratego.TWO_SQUARES_LIMIT,
    timeout: float = 60.0,
    moves_dir: str | None = None,
) -> OutsideResult:
    """One game of our ``level`` against the program ``command``; we are Red in even
    seeds."""
    started = time.perf_counter()
    rng = random.Random(seed)
    ours = "red" if seed % 2 == 0 else "blue"
    theirs = stratego.opponent(ours)
    result = OutsideResult(seed, ours, None, "outside_failed", 0, 0.0)
    log: list[str] = []
    program = OutsideProgram([word.replace("{seed}", str(seed)) for word in command], timeout)
    try:
        their_setup = program.setup(theirs)
        our_setup = setup_for(level, rng)
        setups = (our_setup, their_setup) if ours == "red" else (their_setup, our_setup)
        game = stratego.new_game(*setups, stratego.Options(two_squares_limit=two_squares))
        log += [f"red {setups[0]}", f"blue {setups[1]}", f"we are {ours}"]
        if theirs == "red":
            program.send("START", *board_lines(game, theirs))
        while game.result is None and result.plies < cap:
            if game.turn == ours:
                view, legal = game.view(ours), game.legal_moves()
                clock = time.perf_counter()
                move = stratego_ai.choose_move(view, legal, level, rng)
                result.ours.append(time.perf_counter() - clock)
                record = game.play(move)
                program.send(result_line(record), *board_lines(game, theirs))
            else:
                clock = time.perf_counter()
                answer = program.expect(MOVE_LINE)
                result.theirs.append(time.perf_counter() - clock)
                squares = decode_move(answer)
                move = f"{squares[0]}-{squares[1]}" if squares else answer
                problem = game.check(theirs, stratego.Move(*squares)) if squares else None
                if squares is None or problem is not None:
                    reason = problem.code if problem is not None else "off the board"
                    result.score, result.ending = 1.0, "refused_move"
                    result.note = f"{theirs} {move} refused: {reason}"
                    log.append(f"{result.plies + 1} {theirs} {move} REFUSED {reason}")
                    break
                record = game.play(move)
                program.send(result_line(record))
            result.plies += 1
            log.append(f"{result.plies} {game.moves[-1].player} {move} {result_line(record)}")
        if result.ending != "refused_move":
            result.ending = game.end_reason or "cap"
            result.score = 1.0 if game.result == ours else 0.0 if game.result == theirs else 0.5
    except (ProgramFailed, stratego.SetupError) as error:
        result.note = str(error)
        log.append(f"outside program failed: {error}")
    finally:
        program.close()
        result.seconds = time.perf_counter() - started
    if moves_dir is not None:
        os.makedirs(moves_dir, exist_ok=True)
        log.append(f"result {result.score} {result.ending} {result.note}")
        with open(os.path.join(moves_dir, f"seed-{seed}.txt"), "w", encoding="utf-8") as out:
            out.write("\n".join(log) + "\n")
    return result


Job = tuple[str, tuple[str, ...], int, int, int, float, str | None]


def _job(job: Job) -> OutsideResult:
    return outside_game(*job)


def summary(level: str, results: Sequence[OutsideResult]) -> list[str]:
    """The final lines: won/lost/drawn with the 95% interval, endings, plies, times."""
    played = [r for r in results if r.score is not None]
    wins = sum(1 for r in played if r.score == 1.0)
    draws = sum(1 for r in played if r.score == 0.5)
    refused = [r.note for r in played if r.ending == "refused_move"]
    lines = [
        line(f"{level} vs outside", wins, draws, len(played))
        + f"   lost {len(played) - wins - draws}",
        "  endings: " + ending_counts((r.score, r.ending) for r in played if r.score is not None),
        f"  void games (outside program failed): {len(results) - len(played)}",
        f"  refused outside moves: {len(refused)}"
        + (f" ({'; '.join(refused)})" if refused else ""),
        f"  median plies {statistics.median(r.plies for r in played) if played else 0:.0f}",
        "  time per move (wall clock; theirs includes the pipe):",
        time_line(level, [t for r in played for t in r.ours]),
        time_line("outside", [t for r in played for t in r.theirs]),
    ]
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", choices=stratego_ai.LEVELS, default="expert")
    parser.add_argument("--program", required=True, help="the outside program's command")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--cap", type=int, default=1000, help="plies before a draw")
    parser.add_argument("--jobs", type=int, default=1, help="games in parallel")
    parser.add_argument(
        "--two-squares", type=int, default=stratego.TWO_SQUARES_LIMIT, help="our limit"
    )
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per answer")
    parser.add_argument("--moves", default=None, help="directory for each game's moves")
    parser.add_argument("--progress", action="store_true", help="print every game")
    args = parser.parse_args(argv)
    command = tuple(shlex.split(args.program))
    jobs: list[Job] = [
        (args.level, command, args.seed + i, args.cap, args.two_squares, args.timeout, args.moves)
        for i in range(args.games)
    ]
    results: list[OutsideResult] = []
    print(
        f"Stratego — {args.level} vs {args.program}: {args.games} games from seed {args.seed}, "
        f"cap {args.cap} plies, two-squares limit {args.two_squares}",
        flush=True,
    )

    def done(job: Job, result: OutsideResult) -> None:
        results.append(result)
        if args.progress:
            wins = sum(1 for r in results if r.score == 1.0)
            print(
                f"    game {len(results)}: seed {result.seed} {args.level} as {result.colour}: "
                f"{result.score} ({result.ending}, {result.plies} plies, "
                f"{result.seconds:.0f} s) {args.level} {wins}/{len(results)}"
                + (f"  [{result.note}]" if result.note else ""),
                flush=True,
            )

    # A run started in the background (``cmd &``) inherits SIGINT ignored: restore it, so
    # that ``kill -INT`` stops it with the summary of the games played.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        run_jobs(_job, jobs, args.jobs, done)
    except KeyboardInterrupt:  # ``kill -INT`` the main process: report the games played
        print(f"    stopped after {len(results)} games", flush=True)
    for text in summary(args.level, results):
        print(text)


if __name__ == "__main__":
    main()
