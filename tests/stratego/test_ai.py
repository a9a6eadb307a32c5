"""Computer players: legal, deterministic, blind to hidden ranks, and able to finish."""

from __future__ import annotations

import random
import sys

import pytest

from engine import stratego
from engine.stratego import ai, ai_expert
from tests.stratego.util import played_by_people, position

SLOW = sys.platform == "emscripten"  # Pyodide is ~3x slower: fewer games there
MAX_PLIES = 1500


def play(
    red: str,
    blue: str,
    seed: int,
    options: stratego.Options | None = None,
    max_plies: int = MAX_PLIES,
) -> stratego.Game:
    rng = random.Random(seed)
    game = stratego.new_game(ai.choose_setup(rng), ai.choose_setup(rng), options)
    levels = {"red": red, "blue": blue}
    plies = 0
    while game.result is None and plies < max_plies:
        player = game.turn
        legal = game.legal_moves()
        move = ai.choose_move(game.view(player), legal, levels[player], rng)
        assert move in legal
        game.play(move)
        plies += 1
    return game


def test_module_is_exported() -> None:
    assert stratego.ai is ai
    assert ai.LEVELS == ("random", "easy", "hard", "expert")
    # The app offers every level, the expert too (it thinks in slices: SEAT_LEVELS).
    assert ai.SEAT_LEVELS == ai.LEVELS


def test_choose_setup_is_a_human_setup() -> None:
    for seed in range(6):
        setup = ai.choose_setup(random.Random(seed))
        assert stratego.is_valid_setup(setup)
        assert played_by_people(setup)
    assert ai.choose_setup(random.Random(5)) == ai.choose_setup(random.Random(5))


def test_unknown_level_and_no_move() -> None:
    game = stratego.new_game(stratego.random_setup(1), stratego.random_setup(2))
    with pytest.raises(ValueError):
        ai.choose_move(game.view("red"), game.legal_moves(), "grandmaster", random.Random(1))
    with pytest.raises(ValueError):
        ai.choose_move(game.view("red"), [], "hard", random.Random(1))
    with pytest.raises(ValueError):
        ai.Player("nobody")


@pytest.mark.parametrize(("red", "blue"), [("hard", "random"), ("easy", "hard")])
def test_full_games_finish_with_legal_moves(red: str, blue: str) -> None:
    for seed in range(1 if SLOW else 2):
        game = play(red, blue, seed)
        assert game.result is not None


def test_hard_beats_random() -> None:
    game = play("random", "hard", 11)
    assert game.result == "blue"


def test_options_and_rescue() -> None:
    options = stratego.Options(silent_defence=True, rescue=True, attackers_advantage=True)
    game = play("hard", "easy", 3, options, max_plies=400 if SLOW else 800)
    assert game.move_count > 0


def test_deterministic_with_a_seed() -> None:
    first = play("hard", "easy", 5, max_plies=300)
    second = play("hard", "easy", 5, max_plies=300)
    assert first == second


def test_player_class() -> None:
    game = stratego.new_game(stratego.random_setup(1), stratego.random_setup(2))
    red, blue = ai.Player("hard", seed=1), ai.Player("easy", seed=2)
    for _ in range(20):
        seat = red if game.turn == "red" else blue
        game.play(seat.choose(game.view(game.turn), game.legal_moves()))
    assert ai.Player(seed=4).setup() == ai.Player(seed=4).setup()


def _swap_hidden(game: stratego.Game) -> str | None:
    """Blue's setup with two never-revealed movable non-Scout pieces of different ranks
    swapped, or None if there are no such two."""
    involved = set()
    for record in game.moves:
        if record.defender_id is not None:
            involved.add(record.piece_id)
            involved.add(record.defender_id)
    setup = game.blue_setup
    free = [
        index
        for index, letter in enumerate(setup)
        if 40 + index not in involved and letter not in ("B", "F", "2")
    ]
    for i in free:
        for j in free:
            if setup[i] != setup[j]:
                chars = list(setup)
                chars[i], chars[j] = chars[j], chars[i]
                return "".join(chars)
    return None


@pytest.mark.parametrize("level", ["easy", "hard", "expert"])
def test_choices_ignore_hidden_ranks(level: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two games differing only in the ranks of Blue's unrevealed pieces: Red (the
    computer) chooses the same moves with the same rng."""
    # The expert decides the same way on a smaller budget (it only searches less deep).
    monkeypatch.setattr(ai_expert, "NODE_BUDGET", 400)
    game = play("hard", "random", 21, max_plies=60)
    other_setup = _swap_hidden(game)
    assert other_setup is not None
    other = stratego.new_game(game.red_setup, other_setup)
    for record in game.moves:
        other.play(record.notation)
    assert other.board_text() != game.board_text()
    for _ in range(10 if SLOW else 30):
        if game.result is not None or other.result is not None:
            break
        if game.turn == "red":
            view = game.view("red")
            assert view == other.view("red")
            seed = len(game.moves)
            move = ai.choose_move(view, game.legal_moves(), level, random.Random(seed))
            again = ai.choose_move(
                other.view("red"), other.legal_moves(), level, random.Random(seed)
            )
            assert move == again
        else:
            # Blue moves the same pieces in both games, without attacking.
            quiet = [
                m
                for m in game.legal_moves()
                if game.piece_at(m.split("-")[1]) is None and m in other.legal_moves()
            ]
            if not quiet:
                break
            move = quiet[len(game.moves) % len(quiet)]
        game.play(move)
        other.play(move)
        if game.moves[-1].is_attack:
            # An attack on a swapped piece may now reveal it: stop comparing there.
            break


def _view_with(game: stratego.Game, **known: str) -> dict[str, object]:
    """Red's view, with some Blue pieces' ranks known (as after an attack) and moved."""
    view = game.view("red")
    pieces = view["pieces"]
    assert isinstance(pieces, dict)
    for square, letter in known.items():
        pieces[square].update(letter=letter, known=True, moved=True)
    return view


def test_spy_takes_a_known_marshal() -> None:
    game = position(e4="rS", e5="bX", a1="rF", b1="r4", j10="bF", i10="bB")
    view = _view_with(game, e5="X")
    assert ai.choose_move(view, game.legal_moves(), "hard", random.Random(1)) == "e4-e5"


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_takes_the_weaker_and_spares_the_stronger(level: str) -> None:
    game = position(e4="r5", e5="b9", f4="b4", a1="rF", j10="bF", i10="bB")
    view = _view_with(game, e5="9", f4="4")
    for seed in range(5):
        move = ai.choose_move(view, game.legal_moves(), level, random.Random(seed))
        assert move == "e4-f4"


def test_hard_keeps_its_flag_covered() -> None:
    game = position(a1="rF", b1="rB", a2="r7", a3="b5", j4="r4", j10="bF", i10="bB")
    view = _view_with(game, a3="5")
    for seed in range(5):
        move = ai.choose_move(view, game.legal_moves(), "hard", random.Random(seed))
        assert move not in ("a2-b2",)
        assert move == "a2-a3"  # the known weaker piece next to the Flag is taken


def test_doctests() -> None:
    import doctest

    result = doctest.testmod(ai, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0
