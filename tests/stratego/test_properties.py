"""Hypothesis property tests: random legal games under random options and armies.

Each example plays one seeded random game with random setups of a random army and
random legal moves (rescue choices included) and checks it against the independent model
in oracle.py.
Pyodide (sys.platform == "emscripten") may be 3-5x slower, so it runs 4x fewer examples.
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from collections.abc import Callable
from typing import Final

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import stratego
from engine.stratego import Game, Options

from .oracle import Oracle

IN_PYODIDE = sys.platform == "emscripten"
SCALE = 4 if IN_PYODIDE else 1
MAX_PLIES = 3000  # random games average ~600 plies; the cap only guards the run time
CHECK_EVERY = 5  # full oracle comparison every this many plies (and at the end)


def options_of(army: str) -> st.SearchStrategy[Options]:
    """Every optional rule at random, with ``army``: the rules combine with every army."""
    return st.builds(
        Options,
        army=st.just(army),
        silent_defence=st.booleans(),
        attackers_advantage=st.booleans(),
        rescue=st.booleans(),
        classic_scouts=st.booleans(),
        chasing_rule=st.booleans(),
        two_squares_limit=st.sampled_from([2, 3]),
    )


options_strategy = st.sampled_from(stratego.ARMY_NAMES).flatmap(options_of)
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def start(seed: int, options: Options) -> tuple[Game, random.Random]:
    rng = random.Random(seed)
    red = stratego.random_setup(rng.getrandbits(32), options.army)
    blue = stratego.random_setup(rng.getrandbits(32), options.army)
    return stratego.new_game(red, blue, options), rng


def check_result(game: Game, oracle: Oracle) -> None:
    """The end of the game agrees with the rules, judged from the oracle's board."""
    reason, result = game.end_reason, game.result
    last = game.moves[-1] if game.moves else None
    movable = [oracle.movable_count(0), oracle.movable_count(1)]
    if reason == "flag_captured":
        assert last is not None and last.defender == "F" and last.outcome == "attacker_won"
        assert result == last.player
    elif reason == "no_movable_pieces":
        loser = ["red", "blue"].index("blue" if result == "red" else "red")
        assert movable[loser] == 0 and movable[1 - loser] > 0
    elif reason == "no_legal_moves":
        loser = ["red", "blue"].index(game.turn)
        assert result == ("blue" if loser == 0 else "red")
        assert movable[loser] > 0
        if not game.options.chasing_rule:
            assert oracle.legal_moves(loser) == set()
    elif reason == "both_cannot_move":
        assert result == "draw"
        if not game.options.chasing_rule:
            assert not oracle.legal_moves(0) and not oracle.legal_moves(1)
    else:
        raise AssertionError(f"unexpected end {reason!r}")


def check_board(game: Game, oracle: Oracle) -> None:
    board = oracle.board()
    army = stratego.ARMIES[game.options.army].counts
    for player in ("red", "blue"):
        on_board = Counter(letter for owner, letter in board.values() if owner == player)
        assert on_board + Counter(game.graveyard(player)) == Counter(army), "army is whole"
    engine_board = {name: game.piece_at(name) for name in stratego.SQUARE_NAMES}
    assert {name: piece for name, piece in engine_board.items() if piece} == board


def play_random_game(seed: int, options: Options, check_views: bool) -> Game:
    """Play one random game; the oracle checks every ``CHECK_EVERY``-th ply (and the end)
    in full, and every ply for what is cheap."""
    game, rng = start(seed, options)
    oracle = Oracle(game.red_setup, game.blue_setup, options)
    for ply in range(MAX_PLIES):
        if game.is_terminal:
            break
        moves = game.legal_moves()
        assert moves, "a game that goes on has a legal move"
        full_check = check_views or ply % CHECK_EVERY == 0
        if full_check and not game.rescue_pending and not options.chasing_rule:
            side = ["red", "blue"].index(game.turn)
            assert set(moves) == oracle.legal_moves(side)
        record = game.play(rng.choice(moves))
        oracle.update(record)
        if record.kind == "move":
            assert record.piece not in ("B", "F"), "Bombs and the Flag never move"
        if full_check:
            check_board(game, oracle)
        if check_views:
            oracle.check_view(game, "red")
            oracle.check_view(game, "blue")
            json.dumps(game.view(game.turn))
    check_board(game, oracle)
    if game.is_terminal:
        check_result(game, oracle)
        assert game.legal_moves() == []
    return game


#: Random games per army: the small armies' games are short and have fewer pieces to
#: get wrong, so fewer examples cover them as well.
GAMES: Final = {"classic": 200, "barrage": 100, "duel": 100}
VIEW_GAMES: Final = {"classic": 30, "barrage": 20, "duel": 20}


def games_keep_the_rules(army: str) -> Callable[..., None]:
    @pytest.mark.slow
    @settings(max_examples=max(10, GAMES[army] // SCALE), deadline=None)
    @given(seed=seeds, options=options_of(army))
    def test(seed: int, options: Options) -> None:
        game = play_random_game(seed, options, check_views=False)
        loaded = stratego.from_json(game.to_json())
        assert loaded == game
        assert loaded.result == game.result and loaded.end_reason == game.end_reason

    return test


def views_never_leak_an_unrevealed_rank(army: str) -> Callable[..., None]:
    @pytest.mark.slow
    @settings(max_examples=max(5, VIEW_GAMES[army] // SCALE), deadline=None)
    @given(seed=seeds, options=options_of(army))
    def test(seed: int, options: Options) -> None:
        play_random_game(seed, options, check_views=True)

    return test


test_random_classic_games_keep_the_rules = games_keep_the_rules("classic")
test_random_barrage_games_keep_the_rules = games_keep_the_rules("barrage")
test_random_duel_games_keep_the_rules = games_keep_the_rules("duel")
test_classic_views_never_leak_an_unrevealed_rank = views_never_leak_an_unrevealed_rank("classic")
test_barrage_views_never_leak_an_unrevealed_rank = views_never_leak_an_unrevealed_rank("barrage")
test_duel_views_never_leak_an_unrevealed_rank = views_never_leak_an_unrevealed_rank("duel")


@settings(max_examples=max(5, 40 // SCALE), deadline=None)
@given(seed=seeds, options=options_strategy, plies=st.integers(1, 300), back=st.integers(1, 20))
def test_undo_equals_replay(seed: int, options: Options, plies: int, back: int) -> None:
    game, rng = start(seed, options)
    for _ in range(plies):
        if game.is_terminal:
            break
        game.play(rng.choice(game.legal_moves()))
    played = [record.notation for record in game.moves]
    back = min(back, len(played))
    for _ in range(back):
        game.undo()
    replay = stratego.new_game(game.red_setup, game.blue_setup, options)
    for move in played[: len(played) - back]:
        replay.play(move)
    assert game == replay
    assert game.legal_moves() == replay.legal_moves()
    assert game.view("red") == replay.view("red") and game.view("blue") == replay.view("blue")
    assert (game.result, game.end_reason, game.turn) == (
        replay.result,
        replay.end_reason,
        replay.turn,
    )


@settings(max_examples=max(5, 40 // SCALE), deadline=None)
@given(seed=seeds, options=options_strategy, plies=st.integers(1, 400))
def test_own_last_move_is_what_the_mover_saw_then(seed: int, options: Options, plies: int) -> None:
    """Each player's last board move (with the rescue it earned) as their view showed it
    right after their last play, whatever the other player did since."""
    game, rng = start(seed, options)
    seen: dict[str, object] = {player: None for player in stratego.PLAYERS}
    for _ in range(plies):
        if game.is_terminal:
            break
        player = game.turn
        game.play(rng.choice(game.legal_moves()))
        seen[player] = game.view(player)["last_move"]
        for someone in stratego.PLAYERS:
            assert game.own_last_move(someone) == seen[someone]
