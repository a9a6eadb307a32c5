"""fill_setup: "Fill at random" as a person would, keeping what the player placed."""

from __future__ import annotations

import random
import sys

import pytest

from engine import stratego
from engine.stratego import ARMIES, ARMY_NAMES, SetupError, fill_setup, parse_setup

from .util import played_by_people

SEEDS = range(40 if sys.platform == "emscripten" else 150)


def partial_of(army: str, rng: random.Random, placed: int, flag: bool) -> str:
    """``placed`` pieces of a random setup of ``army`` kept where they are, the rest
    empty; the Flag among them only if ``flag``."""
    setup = stratego.random_setup(rng.getrandbits(32), army)
    squares = [i for i, letter in enumerate(setup) if letter != "." and (flag or letter != "F")]
    keep = set(rng.sample(squares, min(placed, len(squares))))
    return "".join(letter if i in keep else "." for i, letter in enumerate(setup))


def front_rank(setup: str) -> str:
    return setup[30:]


@pytest.mark.parametrize("army", ARMY_NAMES)
def test_the_flag_never_lands_on_the_front_rank(army: str) -> None:
    rng = random.Random(army)
    for seed in SEEDS:
        placed = rng.choice([0, 1, 3, 6, ARMIES[army].size // 2])
        partial = partial_of(army, rng, placed, flag=False)
        setup = fill_setup(partial, army, seed=seed)
        assert parse_setup(setup, army) == setup
        assert "F" not in front_rank(setup), (partial, setup)


@pytest.mark.parametrize("army", ARMY_NAMES)
def test_placed_pieces_stay_where_they_are(army: str) -> None:
    rng = random.Random(f"kept {army}")
    for seed in SEEDS:
        partial = partial_of(army, rng, rng.randrange(ARMIES[army].size + 1), flag=True)
        setup = fill_setup(partial, army, seed=seed)
        assert parse_setup(setup, army) == setup
        assert all(p in (".", s) for p, s in zip(partial, setup, strict=True)), (partial, setup)


@pytest.mark.parametrize("army", ARMY_NAMES)
def test_the_same_seed_gives_the_same_setup(army: str) -> None:
    partial = "F" + "." * 39
    assert fill_setup(partial, army, seed=5) == fill_setup(partial, army, seed=5)
    assert len({fill_setup(partial, army, seed=seed) for seed in range(10)}) > 5


def test_a_classic_fill_from_nothing_is_a_setup_people_played() -> None:
    for seed in range(20):
        setup = fill_setup("." * 40, seed=seed)
        assert played_by_people(setup)


def test_a_few_placed_pieces_are_completed_from_a_setup_people_played() -> None:
    # The Flag in the corner behind two Bombs: many people did that.
    partial = "FB" + "." * 8 + "B" + "." * 29
    for seed in range(20):
        setup = fill_setup(partial, seed=seed)
        assert setup.startswith("FB") and setup[10] == "B"
        assert played_by_people(setup)


@pytest.mark.parametrize("army", ARMY_NAMES)
def test_bombs_are_not_all_in_front(army: str) -> None:
    bombs = ARMIES[army].counts["B"]
    for seed in SEEDS:
        setup = fill_setup("." * 40, army, seed=seed)
        assert front_rank(setup).count("B") < bombs, setup


def guarded(setup: str) -> bool:
    """Whether a Bomb stands beside or in front of (or behind) the Flag."""
    rank, file = divmod(setup.index("F"), 10)
    around = [(rank, file - 1), (rank, file + 1), (rank + 1, file), (rank - 1, file)]
    return any(0 <= r < 4 and 0 <= f < 10 and setup[r * 10 + f] == "B" for r, f in around)


def test_bombs_guard_the_flag_when_no_setup_people_played_agrees() -> None:
    # Eight Scouts on the back rank: no person did that, so the closest setup and the
    # rules fill the rest. People put a Bomb next to their Flag in 76% of their setups.
    people = sum(map(guarded, stratego.human_setups())) / len(stratego.human_setups())
    assert 0.7 < people < 0.8
    partial = "2" * 8 + "." * 32
    filled = sum(guarded(fill_setup(partial, seed=seed)) for seed in SEEDS)
    assert filled > 0.6 * len(SEEDS)


def test_a_full_setup_is_returned_as_it_is() -> None:
    setup = stratego.BUILTIN_SETUPS["Bomb wall"]
    assert fill_setup(setup, seed=1) == setup


@pytest.mark.parametrize(
    ("partial", "army", "code"),
    [
        ("F" * 2 + "." * 38, "classic", "piece_count"),
        ("XX" + "." * 38, "barrage", "piece_count"),
        ("8" + "." * 39, "duel", "piece_count"),
        ("." * 39, "classic", "wrong_length"),
        ("Q" + "." * 39, "classic", "unknown_character"),
        ("." * 40, "skirmish", "unknown_army"),
    ],
)
def test_what_cannot_be_completed(partial: str, army: str, code: str) -> None:
    with pytest.raises(SetupError) as info:
        fill_setup(partial, army, seed=1)
    assert info.value.code == code
