"""How strong the computer players are: seeded games between levels, win rates with 95%
Wilson confidence intervals, and the time each level takes per decision.

Run from the repository root:  .venv/bin/python bench/ai_strength.py [--games N]

* Stratego: a round robin of the levels (random, easy, hard, expert): every level
  against every weaker one, ``--games`` games per pairing (``--expert-games`` for expert
  vs hard, ``--expert-others`` for expert vs random and easy: the expert thinks about a
  second per move). Each level sets up its own way (``ai.Player.setup``: the expert from
  the fortified human setups) and the colours alternate (the first-named level is Red
  in even games, Blue in odd ones). A game still going after ``--stratego-cap`` plies
  (default 3,000) counts as a draw — not a win. ``--jobs`` plays games in parallel
  processes (the results do not change: each game has its own seed). ``--setups``
  measures the setups instead: hard vs hard, one side from the expert's fortified
  setups, the other from all human setups.
  Targets (issues 8, 13): hard ≥ 99% vs random, ≥ 75% vs easy; each level clearly beats
  the one below (the lower end of the 95% interval above 50%).
* Ideology: 3-player games (Capitalism, Communism, Fascism), one level against two
  players of another, its seat rotating through the three seats: greedy vs two random,
  random vs two greedy (``--ideology-games``), expert vs two greedy
  (``--ideology-expert-games``, default 200) and expert vs two random
  (``--ideology-expert-others``); ``--ideology-turns`` (default 30) is the turn limit
  (the most influence then wins: random players seldom pass 12 on their own). Fair
  share: 1/3. ``--jobs`` plays these games in parallel too.
  Target (issue 13): the expert wins at least half its games against two greedy players.

Times are of ``choose_move`` / ``choose_action`` alone (the view is built by the caller
in any case), median and 95th percentile over every decision of that level (with
``--jobs`` the processes share the cores: time them with ``--jobs 1``). The Ideology
times are CPU times (``time.process_time``; under Pyodide in Node, the process's
``process.cpuUsage()``, as Pyodide has no CPU clock), so a loaded machine does not
inflate them; the Ideology expert decides through ``start_thinking`` in slices of
``SLICE_NODES`` simulated actions, as a page runs it, and the longest slice is printed
too. Stdlib only, so the same file also runs under Pyodide (``node tools/pyodide_run.mjs
script bench/ai_strength.py --only ideology --ideology-games 10 --ideology-expert-games 6
--ideology-expert-others 0``).
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine import ideology, stratego  # after the path fix above
from engine.ideology import ai as ideology_ai
from engine.ideology import ai_expert as ideology_expert
from engine.stratego import ai as stratego_ai
from engine.stratego import ai_expert as expert

STRATEGO_PAIRS = (
    ("easy", "random"),
    ("hard", "random"),
    ("hard", "easy"),
    ("expert", "random"),
    ("expert", "easy"),
    ("expert", "hard"),
)
IDEOLOGIES = ("Capitalism", "Communism", "Fascism")

Times = dict[str, list[float]]
Job = TypeVar("Job")
Result = TypeVar("Result")


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def setup_for(level: str, rng: random.Random) -> str:
    if level == "expert":
        return expert.choose_setup(rng)
    return stratego_ai.choose_setup(rng)


StrategoResult = tuple[float, str, int, Times]


def stratego_game(
    first: str,
    second: str,
    seed: int,
    cap: int,
    setups: tuple[str, str] | None = None,
) -> StrategoResult:
    """One game: (1 if ``first`` won, 0.5 for a draw or the cap, 0 if it lost; how it
    ended; plies; seconds per decision by level). ``setups`` names who sets up how
    ("expert" or anything else) when not the levels themselves."""
    rng = random.Random(seed)
    first_colour = "red" if seed % 2 == 0 else "blue"
    levels = {first_colour: first, stratego.opponent(first_colour): second}
    setup_by = dict(
        zip((first_colour, stratego.opponent(first_colour)), setups or (first, second), strict=True)
    )
    game = stratego.new_game(setup_for(setup_by["red"], rng), setup_for(setup_by["blue"], rng))
    times: Times = defaultdict(list)
    plies = 0
    while game.result is None and plies < cap:
        player = game.turn
        view = game.view(player)
        legal = game.legal_moves()
        start = time.perf_counter()
        move = stratego_ai.choose_move(view, legal, levels[player], rng)
        times[levels[player]].append(time.perf_counter() - start)
        game.play(move)
        plies += 1
    ending = game.end_reason or "cap"
    if game.result == first_colour:
        return 1.0, ending, plies, times
    if game.result is None or game.result == "draw":
        return 0.5, ending, plies, times
    return 0.0, ending, plies, times


def _stratego_job(job: tuple[str, str, int, int, tuple[str, str] | None]) -> StrategoResult:
    return stratego_game(*job)


def run_jobs(
    function: Callable[[Job], Result],
    jobs: Sequence[Job],
    workers: int,
    done: Callable[[Job, Result], None],
) -> None:
    """``function`` of every job (in ``workers`` processes when more than one), calling
    ``done`` with each job and its result in the jobs' order as they come."""
    if workers <= 1:
        for job in jobs:
            done(job, function(job))
        return
    from multiprocessing import Pool  # not in Pyodide: only with --jobs

    with Pool(workers) as pool:
        for job, result in zip(jobs, pool.imap(function, jobs, chunksize=1), strict=True):
            done(job, result)


def play_stratego(
    jobs: Sequence[tuple[str, str, int, int, tuple[str, str] | None]],
    workers: int,
    progress: bool = False,
) -> list[StrategoResult]:
    """Play the games (in ``workers`` processes); with ``progress``, print each result as
    it comes (a long run can be read while it goes on)."""
    results: list[StrategoResult] = []

    def done(
        job: tuple[str, str, int, int, tuple[str, str] | None], result: StrategoResult
    ) -> None:
        results.append(result)
        if progress:
            first, second, seed = job[0], job[1], job[2]
            score, ending, plies, _ = result
            wins = sum(1 for r in results if r[0] == 1.0)
            print(
                f"    game {len(results)}: {first} vs {second} seed {seed}: {score} "
                f"({ending}, {plies} plies); {first} {wins}/{len(results)}",
                flush=True,
            )

    run_jobs(_stratego_job, jobs, workers, done)
    return results


def cpu_clock() -> float:
    """Seconds of CPU this process has used (Pyodide has no CPU clock: ask Node)."""
    if sys.platform == "emscripten":
        import js  # type: ignore[import-not-found]  # Pyodide's bridge to JavaScript

        usage = js.process.cpuUsage()
        return float(usage.user + usage.system) / 1e6
    return time.process_time()


def positions_parser(doc: str, *, positions: int, seed: int) -> argparse.ArgumentParser:
    """The command line of a bench over positions taken from seeded games: ``--positions``
    (how many) and ``--seed`` (of the first game); ``doc``'s first paragraph describes it."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=positions)
    parser.add_argument("--seed", type=int, default=seed)
    return parser


def longest_slices(
    step: Callable[[], bool], clocks: Sequence[Callable[[], float]] = (cpu_clock,)
) -> tuple[list[float], int]:
    """Call ``step`` until it returns True, as a page runs a decision between frames:
    the longest call by each of ``clocks`` (seconds, in their order) and how many calls."""
    longest = [0.0] * len(clocks)
    calls = 0
    while True:
        started = [clock() for clock in clocks]
        finished = step()
        ended = [clock() for clock in clocks]
        longest = [
            max(most, end - start) for most, start, end in zip(longest, started, ended, strict=True)
        ]
        calls += 1
        if finished:
            return longest, calls


#: One Ideology game: (whether the seat won, CPU seconds per decision by level, CPU
#: seconds of the expert's longest slice in each decision).
IdeologyResult = tuple[bool, Times, list[float]]


def ideology_game(
    seat: str, seed: int, turns: int, level: str = "greedy", others: str = "random"
) -> IdeologyResult:
    """One 3-player game, ``level`` in ``seat`` and ``others`` elsewhere."""
    rng = random.Random(seed)
    levels = {p: (level if p == seat else others) for p in IDEOLOGIES}
    game = ideology.new_game(list(IDEOLOGIES), seed=seed, turn_limit=turns)
    times: Times = defaultdict(list)
    slices: list[float] = []
    while not game.is_terminal:
        player = game.to_act[0]
        view = game.view(player, log_from=max(0, len(game.log) - 20))
        legal = game.legal_actions(player)
        start = cpu_clock()
        if levels[player] == "expert":
            decision = ideology_ai.start_thinking(view, legal, "expert", rng)
            (longest,), _ = longest_slices(decision.step)
            assert decision.action is not None
            action = decision.action
            slices.append(longest)
        else:
            action = ideology_ai.choose_action(view, legal, levels[player], rng)
        times[levels[player]].append(cpu_clock() - start)
        game.apply(player, action)
    return game.result == seat, times, slices


def _ideology_job(job: tuple[str, int, int, str, str]) -> IdeologyResult:
    return ideology_game(*job)


def play_ideology(
    level: str, others: str, games: int, seed: int, turns: int, workers: int, progress: bool
) -> list[IdeologyResult]:
    """``games`` games of ``level`` against two ``others``, the seat rotating."""
    jobs = [(IDEOLOGIES[i % 3], seed + i, turns, level, others) for i in range(games)]
    results: list[IdeologyResult] = []

    def done(result: IdeologyResult) -> None:
        results.append(result)
        if progress:
            wins = sum(1 for won, _, _ in results if won)
            print(f"    game {len(results)}: {level} {wins}/{len(results)}", flush=True)

    try:
        if workers <= 1:
            for job in jobs:
                done(_ideology_job(job))
            return results
        from multiprocessing import Pool  # not in Pyodide: only with --jobs

        with Pool(workers) as pool:
            for result in pool.imap(_ideology_job, jobs, chunksize=1):
                done(result)
    except KeyboardInterrupt:  # ``kill -INT`` the main process: report the games played
        print(f"    stopped after {len(results)} games", flush=True)
    return results


def ending_counts(scored: Iterable[tuple[float, str]]) -> str:
    """How games ended, from (score, end reason) pairs: "won flag_captured: 3, ..."."""
    endings = Counter(
        ("won " if score == 1.0 else "lost " if score == 0.0 else "drawn ") + ending
        for score, ending in scored
    )
    return ", ".join(f"{k}: {v}" for k, v in sorted(endings.items()))


def line(label: str, wins: int, draws: int, games: int) -> str:
    low, high = wilson(wins, games)
    rate = wins / games if games else 0.0
    return (
        f"  {label:<22} {wins:>4}/{games:<4} won, {draws:>3} drawn   "
        f"win rate {rate:6.1%}  95% CI [{low:6.1%}, {high:6.1%}]"
    )


def summary(label: str, values: list[float], unit: str, *, width: int = 28) -> str:
    """One line of a timing bench: median, p95 and max of ``values``."""
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (
        f"  {label:<{width}} median {statistics.median(ordered):8.1f} {unit}   "
        f"p95 {p95:8.1f} {unit}   max {ordered[-1]:8.1f} {unit}"
    )


def time_line(level: str, samples: list[float]) -> str:
    if not samples:
        return f"  {level:<8} no decisions"
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (
        f"  {level:<8} median {statistics.median(ordered) * 1000:8.2f} ms   "
        f"p95 {p95 * 1000:8.2f} ms   max {ordered[-1] * 1000:8.2f} ms   "
        f"({len(ordered)} decisions)"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per Stratego pairing")
    parser.add_argument("--expert-games", type=int, default=200, help="games of expert vs hard")
    parser.add_argument(
        "--expert-others", type=int, default=20, help="games of expert vs random and vs easy"
    )
    parser.add_argument("--pairs", default="", help="only these pairings, e.g. expert-hard")
    parser.add_argument("--jobs", type=int, default=1, help="games in parallel")
    parser.add_argument("--progress", action="store_true", help="print every game")
    parser.add_argument(
        "--setups", action="store_true", help="measure the fortified setups (hard vs hard)"
    )
    parser.add_argument(
        "--ideology-games", type=int, default=None, help="Ideology games (default: --games)"
    )
    parser.add_argument(
        "--ideology-expert-games", type=int, default=200, help="Ideology: expert vs 2 greedy"
    )
    parser.add_argument(
        "--ideology-expert-others", type=int, default=30, help="Ideology: expert vs 2 random"
    )
    parser.add_argument(
        "--ideology-expert-budget",
        type=int,
        default=None,
        help="Ideology expert's simulated actions per decision (default: its NODE_BUDGET)",
    )
    parser.add_argument("--stratego-cap", type=int, default=3000)
    parser.add_argument("--ideology-turns", type=int, default=30)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", choices=("stratego", "ideology"), default=None)
    args = parser.parse_args(argv)
    ideology_games = args.ideology_games if args.ideology_games is not None else args.games

    if args.setups:
        setups_bench(args.games, args.seed, args.stratego_cap, args.jobs)
        return
    if args.only != "ideology":
        times: Times = defaultdict(list)
        print(
            f"Stratego — round robin, colours alternating; {args.games} games per pairing, "
            f"expert vs hard {args.expert_games}, expert vs random/easy {args.expert_others}"
        )
        wanted = {pair for pair in args.pairs.split(",") if pair}
        for first, second in STRATEGO_PAIRS:
            if wanted and f"{first}-{second}" not in wanted:
                continue
            games = args.games
            if first == "expert":
                games = args.expert_games if second == "hard" else args.expert_others
            started = time.perf_counter()
            jobs = [
                (first, second, args.seed + index, args.stratego_cap, None)
                for index in range(games)
            ]
            results = play_stratego(jobs, args.jobs, args.progress)
            wins = sum(1 for score, *_ in results if score == 1.0)
            draws = sum(1 for score, *_ in results if score == 0.5)
            for _, _, _, game_times in results:
                for level, samples in game_times.items():
                    times[level].extend(samples)
            endings = ending_counts((score, ending) for score, ending, _, _ in results)
            plies = statistics.median(p for _, _, p, _ in results) if results else 0
            label = f"{first} vs {second}"
            print(
                line(label, wins, draws, games),
                f"  ({time.perf_counter() - started:.0f} s, median {plies:.0f} plies)",
            )
            print("      " + endings)
        print("Stratego time per move:")
        for level in stratego_ai.LEVELS:
            print(time_line(level, times[level]))

    if args.only != "stratego":
        ideology_bench(args, ideology_games)


def ideology_bench(args: argparse.Namespace, games: int) -> None:
    if args.ideology_expert_budget is not None:  # worker processes are forked after this
        ideology_expert.NODE_BUDGET = args.ideology_expert_budget
    times: Times = defaultdict(list)
    slices: list[float] = []
    print(
        f"Ideology — 3-player games, one level against two of another, its seat rotating; "
        f"turn limit {args.ideology_turns}; fair share 33.3%; expert budget "
        f"{ideology_expert.NODE_BUDGET} simulated actions"
    )
    pairings = (
        ("greedy", "random", games),
        ("random", "greedy", games),
        ("expert", "greedy", args.ideology_expert_games),
        ("expert", "random", args.ideology_expert_others),
    )
    for level, others, count in pairings:
        if count <= 0:
            continue
        started = time.perf_counter()
        results = play_ideology(
            level, others, count, args.seed, args.ideology_turns, args.jobs, args.progress
        )
        wins = sum(1 for won, _, _ in results if won)
        for _, game_times, game_slices in results:
            for name, samples in game_times.items():
                times[name].extend(samples)
            slices.extend(game_slices)
        count = len(results)
        if not count:
            continue
        print(
            line(f"{level} vs 2 {others}", wins, 0, count),
            f"  ({time.perf_counter() - started:.0f} s)",
        )
        seats = Counter(IDEOLOGIES[i % 3] for i in range(count))
        won_as = Counter(IDEOLOGIES[i % 3] for i, (won, _, _) in enumerate(results) if won)
        print("      " + ", ".join(f"as {p} {won_as[p]}/{seats[p]}" for p in IDEOLOGIES))
    print("Ideology CPU time per action (every decision, lone actions included):")
    for level in ideology_ai.LEVELS:
        print(time_line(level, times[level]))
    thinking = [t for t in times["expert"] if t > 0.002]
    if thinking:
        print(time_line("expert, decisions that think (over 2 ms)", thinking))
    if slices:
        print(time_line("expert, longest slice of each decision", slices))


def setups_bench(games: int, seed: int, cap: int, workers: int) -> None:
    """Hard vs hard: the first from the expert's fortified setups, the second from all the
    human setups."""
    jobs: list[tuple[str, str, int, int, tuple[str, str] | None]] = [
        ("hard", "hard", seed + index, cap, ("expert", "hard")) for index in range(games)
    ]
    results = play_stratego(jobs, workers, progress=True)
    wins = sum(1 for score, *_ in results if score == 1.0)
    draws = sum(1 for score, *_ in results if score == 0.5)
    print(f"Setups — hard vs hard, {games} games, colours alternating")
    print(line("fortified vs human", wins, draws, games))
    lost_flag = sum(
        1 for score, ending, *_ in results if score == 0.0 and ending == "flag_captured"
    )
    took_flag = sum(
        1 for score, ending, *_ in results if score == 1.0 and ending == "flag_captured"
    )
    print(
        f"  Flags captured: the fortified side's {lost_flag}/{games}, "
        f"the other side's {took_flag}/{games}"
    )


if __name__ == "__main__":
    main()
