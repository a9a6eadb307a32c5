"""The armies of shared/rules/stratego-variants.md: Barrage (8 pieces) and Duel (10), one
scenario per rule: the pieces, placement on any squares of the setup area, the optional
rules with every army, the end of the game with few pieces, saves and views."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from engine import stratego
from engine.stratego import (
    ARMIES,
    ARMY_NAMES,
    Move,
    Options,
    SetupError,
    ai,
    ai_expert,
    parse_setup,
)

from .util import every_optional_rule, position

BARRAGE = Options(army="barrage")
DUEL = Options(army="duel")
# Four ranks each, the owner's back rank first.
BARRAGE_SETUP = "...F......" + "...B..S..." + "..9....3.." + ".2..X...2."
DUEL_SETUP = "FB........" + "B..3......" + "...S9...3." + ".2...X..2."


def counts(army: str) -> dict[str, int]:
    return {letter: count for letter, count in ARMIES[army].counts.items() if count}


def test_the_armies() -> None:
    assert ARMY_NAMES == ("classic", "barrage", "duel") and Options().army == "classic"
    assert counts("barrage") == {"X": 1, "9": 1, "3": 1, "2": 2, "S": 1, "B": 1, "F": 1}
    assert counts("duel") == {"X": 1, "9": 1, "3": 2, "2": 2, "S": 1, "B": 2, "F": 1}
    assert counts("classic") == stratego.PIECE_COUNTS
    assert [ARMIES[name].size for name in ARMY_NAMES] == [40, 8, 10]


def test_an_unknown_army_is_refused() -> None:
    with pytest.raises(SetupError) as info:
        Options(army="skirmish")
    assert info.value.code == "unknown_army" and "barrage" in info.value.params["armies"]
    with pytest.raises(SetupError):
        parse_setup(BARRAGE_SETUP, army="skirmish")


def test_pieces_go_on_any_squares_of_the_setup_area() -> None:
    # Every piece on the front rank, or every piece on the back rank: both legal.
    front = "." * 30 + "X932S2BF.."
    back = "X932S2BF.." + "." * 30
    game = stratego.new_game(front, back, BARRAGE)
    assert game.piece_at("a4") == ("red", "X") and game.piece_at("h4") == ("red", "F")
    assert game.piece_at("j10") == ("blue", "X") and game.piece_at("c10") == ("blue", "F")
    pieces = game.view("red")["pieces"]
    assert len(pieces) == 16 and game.piece_at("a1") is None and game.piece_at("j7") is None


@pytest.mark.parametrize(
    ("army", "setup", "missing", "extra"),
    [
        ("barrage", BARRAGE_SETUP.replace("9", "8"), {"9": 1}, {"8": 1}),  # no Colonel
        ("barrage", BARRAGE_SETUP.replace("B", "."), {"B": 1}, {}),
        ("barrage", BARRAGE_SETUP.replace(".", "2", 1), {}, {"2": 1}),
        ("duel", DUEL_SETUP.replace("3", "2", 1), {"3": 1}, {"2": 1}),
        ("duel", BARRAGE_SETUP, {"3": 1, "B": 1}, {}),
        ("barrage", stratego.BUILTIN_SETUPS["Bomb wall"], {}, None),
        ("classic", BARRAGE_SETUP, None, {}),
    ],
)
def test_a_setup_must_hold_exactly_the_army(
    army: str, setup: str, missing: dict[str, int] | None, extra: dict[str, int] | None
) -> None:
    with pytest.raises(SetupError) as info:
        parse_setup(setup, army=army)
    error = info.value
    assert error.code == "piece_count" and error.params["army"] == army
    if missing is not None:
        assert error.params["missing"] == missing
    if extra is not None:
        assert error.params["extra"] == extra
    for letter in {**error.params["missing"], **error.params["extra"]}:
        assert stratego.PIECES[letter].name_en in str(error)
    with pytest.raises(SetupError):
        stratego.new_game(setup, setup, Options(army=army))


def test_setups_stay_forty_characters() -> None:
    with pytest.raises(SetupError) as info:
        parse_setup("X932S2BF", army="barrage")  # the pieces alone, no empty squares
    assert info.value.code == "wrong_length" and info.value.params["expected"] == 40
    assert parse_setup(BARRAGE_SETUP.lower(), army="barrage") == BARRAGE_SETUP
    assert stratego.army_of(BARRAGE_SETUP) == "barrage" and stratego.army_of(DUEL_SETUP) == "duel"
    assert stratego.mirror_setup(BARRAGE_SETUP)[:10] == "......F..."


def test_gravon_letters_carry_the_empty_squares() -> None:
    letters = stratego.to_gravon(DUEL_SETUP, "blue")
    assert letters[:3] == "YNA" and letters.count("A") == 30
    assert stratego.from_gravon(letters, army="duel") == DUEL_SETUP
    board = stratego.to_gravon_board(BARRAGE_SETUP, BARRAGE_SETUP)
    assert stratego.from_gravon_board(board, army="barrage") == (BARRAGE_SETUP, BARRAGE_SETUP)


@pytest.mark.parametrize("army", ARMY_NAMES)
def test_random_setups_hold_the_army(army: str) -> None:
    setups = {stratego.random_setup(seed, army) for seed in range(30)}
    assert len(setups) == 30
    assert all(parse_setup(setup, army) == setup for setup in setups)
    assert stratego.random_setup(4, army) == stratego.random_setup(4, army)


@pytest.mark.parametrize("army", ARMY_NAMES)
def test_builtin_setups_are_sensible(army: str) -> None:
    setups = stratego.builtin_setups(army)
    assert len(setups) >= 3
    for name, setup in setups.items():
        assert parse_setup(setup, army) == setup, name
        assert "F" not in setup[30:], f"{name}: the Flag on the front rank"
        pieces = [letter for letter in setup if letter != "."]
        assert sum(1 for letter in setup[30:] if letter != ".") < len(pieces), name
        assert stratego.builtin_setup(name, army) == setup
    with pytest.raises(SetupError) as info:
        stratego.builtin_setup("Lakeside fortress", "duel")
    assert info.value.code == "unknown_setup"


def test_human_setups_stay_classic() -> None:
    assert all(stratego.army_of(setup) == "classic" for setup in stratego.human_setups()[:500])


def test_every_optional_rule_plays_with_a_small_army() -> None:
    options = every_optional_rule("duel")
    game = stratego.new_game(DUEL_SETUP, DUEL_SETUP, options)
    assert game.options == options
    assert game.view("blue")["options"]["army"] == "duel"


def test_rescue_brings_back_a_piece_of_the_small_army() -> None:
    options = Options(army="barrage", rescue=True)
    # Red's Marshal, Scouts, Spy and Bomb are not placed: they count as captured.
    game = position(options=options, e9="r9", a1="rF", b1="r3", a10="bF", j8="b2")
    game.apply("red", Move("e9", "e10"))
    choices = {str(action) for action in game.legal_actions("red")}
    assert {"rescue X b2", "rescue S b2", "rescue 2 b2"} <= choices
    assert not any(choice.startswith("rescue B") for choice in choices)
    game.play("rescue X e4")
    assert game.piece_at("e4") == ("red", "X") and game.graveyard("red") == ["2", "2", "S", "B"]


def test_silent_defence_with_a_small_army() -> None:
    options = Options(army="barrage", silent_defence=True)
    game = position(options=options, e4="rX", e5="b9", a1="rF", j10="bF", j9="b3")
    game.play("e4-e5")
    assert game.view("red")["last_move"]["attack"] == {  # type: ignore[index]
        "defender": None,
        "outcome": "attacker_won",
    }


def test_losing_the_last_movable_piece_loses_at_once() -> None:
    # Red has only its Flag and Bomb besides the Scout that attacks Blue's General.
    game = position(options=BARRAGE, e4="r2", e5="b9", a1="rF", b1="rB", j10="bF", j9="b3")
    game.play("e4-e5")
    assert game.result == "blue" and game.end_reason == "no_movable_pieces"


def test_a_small_army_walled_in_has_no_legal_move() -> None:
    # Red's last movable piece, the Marshal, stands between its Flag and its Bomb.
    game = position(
        options=BARRAGE, a1="rX", a2="rF", b1="rB", j10="bF", j9="b3", e7="b2", turn="blue"
    )
    game.play("e7-e6")
    assert game.result == "blue" and game.end_reason == "no_legal_moves"


def test_the_last_two_movable_pieces_trading_is_a_draw() -> None:
    game = position(options=DUEL, e4="rX", e5="bX", a1="rF", a2="rB", j10="bF", j9="bB")
    game.play("e4-e5")
    assert game.result == "draw" and game.end_reason == "both_cannot_move"


def test_a_game_of_each_army_saves_and_loads() -> None:
    for options, setup in ((BARRAGE, BARRAGE_SETUP), (DUEL, DUEL_SETUP)):
        game = stratego.new_game(setup, setup, options)
        game.play("b4-b5")
        document = json.loads(game.to_json())
        assert document["options"]["army"] == options.army
        assert document["red_setup"] == setup
        loaded = stratego.from_json(game.to_json())
        assert loaded == game and loaded.options.army == options.army
        assert loaded.view("blue") == game.view("blue")


def test_a_save_whose_setup_does_not_match_its_army_is_refused() -> None:
    document = json.loads(stratego.new_game(BARRAGE_SETUP, BARRAGE_SETUP, BARRAGE).to_json())
    document["options"]["army"] = "duel"
    with pytest.raises(stratego.SaveError) as info:
        stratego.from_json(json.dumps(document))
    assert info.value.code == "bad_setup" and info.value.params["cause"] == "piece_count"


def test_views_show_the_army_and_its_graveyards() -> None:
    # The Duel setup less a Miner and a Bomb is a Barrage army.
    blue = DUEL_SETUP.replace("3", ".", 1).replace("B", ".", 1)
    game = stratego.new_game(BARRAGE_SETUP, blue, BARRAGE)
    view = game.view("red")
    assert view["options"]["army"] == "barrage"
    assert Counter(p["owner"] for p in view["pieces"].values()) == {"red": 8, "blue": 8}
    assert view["graveyards"] == {
        "red": {"captured": [], "rescued": []},
        "blue": {"captured": [], "rescued": []},
    }
    assert game.graveyard("red") == []


@pytest.mark.parametrize("army", ARMY_NAMES)
@pytest.mark.parametrize("level", ai.LEVELS)
def test_every_computer_level_plays_every_army(
    army: str, level: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The expert plays the same way on a small budget, only less deep: whole games fast.
    monkeypatch.setattr(ai_expert, "NODE_BUDGET", 200)
    rng = random.Random(f"{army}-{level}")
    options = Options(army=army)
    game = stratego.new_game(ai.choose_setup(rng, army), ai.choose_setup(rng, army), options)
    plies = 0
    limit = 200 if army == "classic" else 600
    while not game.is_terminal and plies < limit:
        player = game.turn
        legal = game.legal_moves()
        move = ai.choose_move(game.view(player), legal, level, rng)
        assert move in legal
        game.play(move)
        plies += 1
    assert army == "classic" or game.is_terminal


@pytest.mark.parametrize("army", ["barrage", "duel"])
def test_the_computer_sets_up_a_small_army_sensibly(army: str) -> None:
    size = ARMIES[army].size
    for seed in range(60):
        setup = ai.choose_setup(random.Random(seed), army)
        assert parse_setup(setup, army) == setup
        flag = setup.index("F")
        assert flag < 10, "the Flag on the back rank"
        beside = [flag + step for step in (-1, 1, 10) if 0 <= flag + step < 40]
        guards = [setup[square] for square in beside if abs(square % 10 - flag % 10) <= 1]
        # Behind its Bomb, or alone among empty squares: never next to a piece that moves
        # away and leaves it bare (that would show where it is at once).
        assert set(guards) <= {"B", "."} or "B" in guards, setup
        assert sum(1 for letter in setup[30:] if letter != ".") <= size // 2, setup
    assert ai.Player("easy", seed=3).setup(army) == ai.Player("easy", seed=3).setup(army)
