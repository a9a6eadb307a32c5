"""What checking saves costs: the nesting check of an import file (up to the 10 MB limit)
and the replay that decides whether an autosave opens (the home screen's "Continue", the
recovering load), for long games of both games. Medians of several runs, in ms.

    python bench/saves_speed.py                       # CPython
    node tools/pyodide_run.mjs script bench/saves_speed.py   # Pyodide (the browser's)
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "web")]

from ui import saves, store  # noqa: E402
from ui.ideology.session import Session as IdeologySession  # noqa: E402
from ui.stratego.session import Session as StrategoSession  # noqa: E402

from engine import ideology  # noqa: E402
from engine.saves import parse_json  # noqa: E402
from engine.stratego import BUILTIN_SETUPS  # noqa: E402


def median_ms(action: Callable[[], object], runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def long_stratego(moves: int, seed: int = 1) -> str:
    session = StrategoSession.new({"red": "Ana", "blue": "Luis"})
    for setup in ("Lakeside fortress", "Bomb wall"):
        session.reveal()
        session.boards[session.player].load(BUILTIN_SETUPS[setup])
        assert session.finish_setup() is None
    game = session.game
    assert game is not None
    rng = random.Random(seed)
    while game.result is None and len(game.moves) < moves:
        game.play(rng.choice(game.legal_moves()))
    session.player = game.turn
    if game.result is not None:
        session.stage, session.covered = "over", False
    return session.to_json()


def long_ideology(seed: int = 1) -> str:
    players = list(ideology.IDEOLOGIES)[:5]
    session = IdeologySession.start(players, {}, seed=seed, turn_limit=6)
    rng = random.Random(seed)
    game = session.game
    while not game.is_terminal:
        player = game.to_act[0]
        game.apply(player, rng.choice(game.legal_actions(player)))
    session.stage = "over"
    session.seen = session.report_from = len(game.log)
    return session.to_json()


def main() -> None:
    stratego_text = long_stratego(400)
    ideology_text = long_ideology()
    entry = saves.Entry("x", "", "Long", "ideology", "", "", {}, json.loads(ideology_text))
    export = saves.export_text([entry])
    copies = saves.MAX_FILE_BYTES // len(export)
    big = "[" + ",".join(export.strip()[1:-1] for _ in range(copies)) + "]"
    print(f"Stratego session, {len(json.loads(stratego_text)['engine'])} chars of engine save")
    print(f"Ideology session, 5 players, 6 turns: {len(ideology_text)} chars; export {len(export)}")
    rows = [
        ("nesting check + parse, 10 MB import file", lambda: parse_json(big), 3),
        ("json.loads alone, same file", lambda: json.loads(big), 3),
        ("Stratego autosave opens (400 plays)", lambda: check("stratego", stratego_text), 5),
        ("Ideology autosave opens (whole game)", lambda: check("ideology", ideology_text), 5),
    ]
    for label, action, runs in rows:
        print(f"{label}: {median_ms(action, runs):.1f} ms (median of {runs})")


def check(game: str, text: str) -> None:
    storage = store.MemoryStorage()
    store.save(storage, game, text)
    assert saves.in_progress(storage, game).value is not None


if __name__ == "__main__":
    main()
