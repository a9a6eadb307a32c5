"""The Ideology expert's time per decision and the length of its slices, on CPython or
Pyodide.

Run from the repository root:
  .venv/bin/python bench/ideology_expert_time.py [--positions N] [--budget NODES]
  node tools/pyodide_run.mjs script bench/ideology_expert_time.py [--positions N]

Positions come from 3-player games between greedy computers, every decision point of
the game where the expert would think (more than one legal action, not diplomacy), taken
evenly over the whole game. For each, the expert decides twice with the same rng: once
in one run (``choose_action``), once in slices of ``SLICE_NODES`` simulated actions
(``start_thinking(...).step()``, as a page runs it between frames): the longest slice
and that the action is the same. CPU times (``time.process_time``; under Pyodide in
Node, the process's ``process.cpuUsage()``), so the machine's load inflates them less
than the wall clock; medians, 95th percentiles and maxima over the positions.
"""

from __future__ import annotations

import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.ai_strength import (  # after the path fix above
    cpu_clock,
    longest_slices,
    positions_parser,
    summary,
)
from engine import ideology
from engine.ideology import ai, ai_expert

PLAYERS = ["Capitalism", "Communism", "Fascism"]


def positions(count: int, seed: int) -> list[tuple[dict[str, object], list[ideology.Action]]]:
    """``count`` decision points where the expert thinks, spread over greedy games."""
    found: list[tuple[dict[str, object], list[ideology.Action]]] = []
    index = 0
    while len(found) < count:
        rng = random.Random(seed + index)
        game = ideology.new_game(PLAYERS, seed=seed + index, turn_limit=30)
        every = 7 + index % 5  # a different stride per game: not always the same phase
        step = 0
        while not game.is_terminal and len(found) < count:
            player = game.to_act[0]
            view = game.view(player, log_from=max(0, len(game.log) - 20))
            legal = game.legal_actions(player)
            step += 1
            if len(legal) > 1 and game.phase != "diplomacy" and step % every == 0:
                found.append((view, legal))
            game.apply(player, ai.choose_action(view, legal, "greedy", rng))
        index += 1
    return found


def main(argv: list[str] | None = None) -> None:
    parser = positions_parser(__doc__, positions=40, seed=200)
    parser.add_argument("--budget", type=int, default=None, help="simulated actions")
    args = parser.parse_args(argv)
    if args.budget is not None:
        ai_expert.NODE_BUDGET = args.budget
    decision_ms: list[float] = []
    longest_ms: list[float] = []
    slices: list[float] = []
    same = 0
    cases = positions(args.positions, args.seed)
    for number, (view, legal) in enumerate(cases):
        started = cpu_clock()
        chosen = ai.choose_action(view, legal, "expert", random.Random(number))
        decision_ms.append((cpu_clock() - started) * 1000)
        decision = ai.start_thinking(view, legal, "expert", random.Random(number))
        (longest,), count = longest_slices(decision.step)
        longest_ms.append(longest * 1000)
        slices.append(count)
        same += decision.action == chosen
    print(
        f"Ideology expert decisions on Python {sys.version.split()[0]} ({sys.platform}), "
        f"{len(cases)} positions, budget {ai_expert.NODE_BUDGET} simulated actions, "
        f"slices of {ai_expert.SLICE_NODES}"
    )
    print(summary("decision, CPU time", decision_ms, "ms", width=30))
    print(summary("longest slice, CPU time", longest_ms, "ms", width=30))
    print(summary("slices per decision", slices, "  ", width=30))
    print(f"  sliced action = one-run action: {same}/{len(cases)}")


if __name__ == "__main__":
    main()
