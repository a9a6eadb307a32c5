"""The expert's time per decision and the length of its slices, on CPython or Pyodide.

Run from the repository root:
  .venv/bin/python bench/ai_expert_time.py [--positions N]
  node tools/pyodide_run.mjs script bench/ai_expert_time.py [--positions N]

Positions come from games between two "hard" computers (human setups), taken at plies
spread over the game. For each, the expert decides twice with the same rng: once in one
run (``choose_move``: the decision's time, nodes searched, depth completed), once in
slices of at most ``--slice-ms`` milliseconds (``start_thinking(...).step(max_seconds=...)``,
as a page would run it between frames): the longest slice, the number of slices, and
that the move is the same. Medians, 95th percentiles and maxima over the positions.
Wall-clock times grow with the machine's load (the process waits for a core); the CPU
times (``time.process_time``) do not, but Pyodide has no CPU clock (its "CPU time" is
the wall clock): on a loaded machine, time the whole process (``/usr/bin/time``) with
and without ``--positions-only`` and divide the difference by twice the positions.
"""

from __future__ import annotations

import functools
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.ai_strength import longest_slices, positions_parser, summary  # after the path fix above
from engine import stratego
from engine.stratego import ai, ai_expert


def positions(count: int, seed: int) -> list[tuple[dict[str, object], list[str]]]:
    out: list[tuple[dict[str, object], list[str]]] = []
    index = 0
    while len(out) < count:
        rng = random.Random(seed + index)
        game = stratego.new_game(ai.choose_setup(rng), ai.choose_setup(rng))
        stop = 1 + (index * 37) % 260
        while game.result is None and len(game.moves) < stop:
            game.play(ai.choose_move(game.view(game.turn), game.legal_moves(), "hard", rng))
        if game.result is None:
            out.append((game.view(game.turn), game.legal_moves()))
        index += 1
    return out


def main(argv: list[str] | None = None) -> None:
    parser = positions_parser(__doc__, positions=30, seed=100)
    parser.add_argument("--slice-ms", type=float, default=30.0)
    parser.add_argument(
        "--positions-only",
        action="store_true",
        help="only build the positions (to subtract from the process's CPU time)",
    )
    args = parser.parse_args(argv)
    decision_ms: list[float] = []
    decision_cpu_ms: list[float] = []
    longest_cpu_ms: list[float] = []
    nodes: list[float] = []
    depths: list[float] = []
    longest_ms: list[float] = []
    slices: list[float] = []
    same = 0
    cases = positions(args.positions, args.seed)
    if args.positions_only:
        return
    for number, (view, legal) in enumerate(cases):
        started = time.perf_counter()
        cpu = time.process_time()
        thinking = ai_expert.Thinking(view, legal, random.Random(number))
        move = thinking.run()
        decision_ms.append((time.perf_counter() - started) * 1000)
        decision_cpu_ms.append((time.process_time() - cpu) * 1000)
        nodes.append(thinking.nodes)
        depths.append(thinking.depth)
        started, cpu = time.perf_counter(), time.process_time()
        decision = ai.start_thinking(view, legal, "expert", random.Random(number))
        starting = (time.perf_counter() - started, time.process_time() - cpu)
        (longest, longest_cpu), count = longest_slices(
            functools.partial(decision.step, 1 << 30, max_seconds=args.slice_ms / 1000),
            (time.perf_counter, time.process_time),
        )
        # Starting the decision is a slice of its own on the page.
        longest_ms.append(max(longest, starting[0]) * 1000)
        longest_cpu_ms.append(max(longest_cpu, starting[1]) * 1000)
        slices.append(count)
        same += decision.move == move
    print(
        f"Expert decisions on Python {sys.version.split()[0]} ({sys.platform}), "
        f"{len(cases)} positions, node budget {ai_expert.NODE_BUDGET}"
    )
    print(summary("decision", decision_ms, "ms"))
    print(summary("decision, CPU time", decision_cpu_ms, "ms"))
    print(summary("nodes searched", nodes, "  "))
    print(summary("depth completed", depths, "  "))
    print(summary(f"longest slice ({args.slice_ms:.0f} ms asked)", longest_ms, "ms"))
    print(summary("longest slice, CPU time", longest_cpu_ms, "ms"))
    print(summary("slices per decision", slices, "  "))
    print(f"  sliced move = one-run move: {same}/{len(cases)}")


if __name__ == "__main__":
    main()
