"""Replays must be identical on CPython 3.11 and Pyodide's Python 3.14.

The fingerprints below were recorded on CPython 3.11. If a deliberate rules change alters
how these seeded games unfold, record the new values (run this file and read the failure);
if they differ only under Pyodide, the game is not portable — find the cause.
"""

from __future__ import annotations

import hashlib
import json
import random

from engine import ideology

from .randomplay import play_random

FINGERPRINTS = {
    2: "f474177cfeb93d1b",
    5: "d0ae003a96230ec5",
}


def fingerprint(players: int) -> str:
    game = ideology.new_game(list(ideology.IDEOLOGIES)[:players], seed=2026, turn_limit=40)
    play_random(game, random.Random(2026), place_bias=0.9)
    # The whole hidden and public state, not the view (whose layout may grow).
    state = {
        "save": json.loads(game.to_json()),
        "log": game.log,
        "decks": {p: [d.draw, d.discard, d.hand] for p, d in game.decks.items()},
        "regions": {n: [r.level, r.controller, r.zones] for n, r in game.regions.items()},
        "region_deck": game.region_deck,
    }
    document = json.dumps(state, sort_keys=True)
    return hashlib.sha256(document.encode()).hexdigest()[:16]


def test_seeded_games_unfold_the_same_everywhere() -> None:
    assert {n: fingerprint(n) for n in FINGERPRINTS} == FINGERPRINTS
