"""The computers decide the same on every Python: the page (Pyodide's 3.14) must make the
move that CPython 3.11 makes, or a reload, a saved game replayed elsewhere, and the
end-to-end tests that check the page against CPython would part ways.

The decisions below were recorded on one Python; this suite runs on CPython and again
inside Pyodide, and both must find them to the last bit of every score (float totals
that round differently, such as the builtin ``sum`` since 3.12, show up here first).
After a deliberate change to the computers, record them again:

    python -m tests.stratego.test_ai_same_everywhere
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

from engine import stratego
from engine.stratego import ai, ai_beliefs, ai_expert

RECORDED = Path(__file__).with_name("data") / "decisions-everywhere.json"
#: Positions along games between two "hard" computers: (seed, plies played).
POSITIONS = [(seed, 12 + 9 * seed) for seed in range(12)]
#: Enough nodes for several depths and many chance nodes, little enough for Pyodide.
BUDGET = 2500


def _position(seed: int, plies: int) -> stratego.Game:
    rng = random.Random(seed)
    game = stratego.new_game(ai.choose_setup(rng), ai.choose_setup(rng))
    while game.result is None and len(game.moves) < plies:
        game.play(ai.choose_move(game.view(game.turn), game.legal_moves(), "hard", rng))
    return game


def decisions(seed: int, plies: int) -> dict[str, Any]:
    """What the computers make of one position, floats written exactly (``float.hex``;
    the beliefs, a digest of them)."""
    game = _position(seed, plies)
    view, legal = game.view(game.turn), game.legal_moves()
    thinking = ai_expert.Thinking(view, legal, random.Random(seed), node_budget=BUDGET)
    thinking.run()
    exact = {
        square: {rank: p.hex() for rank, p in dist.items()}
        for square, dist in ai_beliefs.enemy_beliefs(view).items()
    }
    return {
        "plies": len(game.moves),
        "expert": [thinking.move, thinking.score.hex(), thinking.depth, thinking.nodes],
        "hard": ai.choose_move(view, legal, "hard", random.Random(seed)),
        "material": [value.hex() for value in ai.material(view)],
        "beliefs": hashlib.sha256(json.dumps(exact, sort_keys=True).encode()).hexdigest(),
    }


def _recorded() -> dict[str, Any]:
    return dict(json.loads(RECORDED.read_text(encoding="utf-8")))


@pytest.mark.parametrize(("seed", "plies"), POSITIONS)
def test_decides_as_recorded_on_another_python(seed: int, plies: int) -> None:
    expected = _recorded()[f"{seed}:{plies}"]
    found = decisions(seed, plies)
    assert found["plies"] == expected["plies"]
    assert found["beliefs"] == expected["beliefs"], "beliefs differ from the recorded ones"
    assert found["material"] == expected["material"]
    assert found["hard"] == expected["hard"]
    assert found["expert"] == expected["expert"], (
        "the expert's search differs from the recorded one: a float total rounded "
        "differently on this Python, or the expert was changed (then record again: "
        "python -m tests.stratego.test_ai_same_everywhere)"
    )


def test_the_record_covers_every_position() -> None:
    assert sorted(_recorded()) == sorted(f"{seed}:{plies}" for seed, plies in POSITIONS)


if __name__ == "__main__":
    RECORDED.parent.mkdir(exist_ok=True)
    record = {f"{seed}:{plies}": decisions(seed, plies) for seed, plies in POSITIONS}
    RECORDED.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"recorded {len(record)} positions in {RECORDED}")
