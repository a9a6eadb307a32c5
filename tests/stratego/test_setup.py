"""Setup notation, precise errors, random/built-in/human setups, Gravon letters."""

from __future__ import annotations

from collections import Counter

import pytest

from engine import stratego
from engine.stratego import PIECE_COUNTS, PIECE_KINDS, PIECES, SetupError, parse_setup

GOOD = stratego.BUILTIN_SETUPS["Lakeside fortress"]


def setup_error(text: object) -> SetupError:
    with pytest.raises(SetupError) as info:
        parse_setup(text)
    assert isinstance(info.value, ValueError)
    return info.value


def test_piece_table() -> None:
    assert len(PIECE_KINDS) == 12
    assert sum(PIECE_COUNTS.values()) == 40
    assert [k.letter for k in PIECE_KINDS] == list("X98765432SBF")
    assert PIECES["S"].european == "1" and PIECES["S"].american == "S"
    assert PIECES["2"].american == "9" and PIECES["2"].name_es == "Explorador"
    assert {k.letter for k in PIECE_KINDS if not k.can_move} == {"B", "F"}


def test_good_setup_normalised() -> None:
    assert parse_setup(GOOD) == GOOD
    assert parse_setup("  " + GOOD.lower() + "\n") == GOOD


def test_wrong_length() -> None:
    error = setup_error(GOOD[:-1])
    assert error.code == "wrong_length" and error.params == {"length": 39, "expected": 40}
    assert setup_error(GOOD + "2").code == "wrong_length"
    assert setup_error("").code == "wrong_length"


def test_unknown_character_and_position() -> None:
    error = setup_error(GOOD[:11] + "Q" + GOOD[12:])
    assert error.code == "unknown_character"
    assert error.params == {"character": "Q", "position": 12}
    assert "'Q'" in str(error) and "12" in str(error)
    assert setup_error(GOOD[:5] + "1" + GOOD[6:]).params["character"] == "1"


def test_missing_and_extra_piece_named() -> None:
    index = GOOD.index("X")
    error = setup_error(GOOD[:index] + "2" + GOOD[index + 1 :])
    assert error.code == "piece_count"
    assert error.params == {"army": "classic", "missing": {"X": 1}, "extra": {"2": 1}}
    assert "Marshal" in str(error) and "Scout" in str(error)


def test_not_text() -> None:
    assert setup_error(None).code == "not_text"


def test_random_setups_are_legal_and_seeded() -> None:
    for seed in range(50):
        assert parse_setup(stratego.random_setup(seed)) == stratego.random_setup(seed)
    assert stratego.random_setup(1) != stratego.random_setup(2)
    assert stratego.random_setup("abc") == stratego.random_setup("abc")


def test_builtin_setups() -> None:
    assert len(stratego.BUILTIN_SETUPS) >= 5
    for name, setup in stratego.BUILTIN_SETUPS.items():
        assert parse_setup(setup) == setup, name
    assert stratego.builtin_setup("Bomb wall") == stratego.BUILTIN_SETUPS["Bomb wall"]
    with pytest.raises(SetupError) as info:
        stratego.builtin_setup("Nope")
    assert info.value.code == "unknown_setup"


def test_mirror() -> None:
    assert stratego.mirror_setup(stratego.mirror_setup(GOOD)) == GOOD
    assert stratego.mirror_setup(GOOD)[:10] == GOOD[:10][::-1]


def test_every_human_setup_parses() -> None:
    setups = stratego.human_setups()
    assert len(setups) == 47108
    assert len(set(setups)) == 47108
    letters = "".join(setups)
    for setup in setups:
        # Counter comparison is the fast equivalent of parse_setup on 47,108 lines...
        assert len(setup) == 40
    counts = Counter(letters)
    assert counts == Counter({k: v * len(setups) for k, v in PIECE_COUNTS.items()})
    # ... and every single one also goes through the real parser.
    for setup in setups:
        parse_setup(setup)


def test_human_setups_credit() -> None:
    credit = stratego.human_setups_credit()
    assert "Gravon" in credit and "MIT" in credit


def test_setup_orientation_on_the_board() -> None:
    red = GOOD
    blue = stratego.BUILTIN_SETUPS["Bomb wall"]
    game = stratego.new_game(red, blue)
    assert game.piece_at("a1") == ("red", red[0])
    assert game.piece_at("j1") == ("red", red[9])
    assert game.piece_at("j4") == ("red", red[39])
    assert game.piece_at("j10") == ("blue", blue[0])
    assert game.piece_at("a10") == ("blue", blue[9])
    assert game.piece_at("a7") == ("blue", blue[39])


def test_new_game_rejects_bad_setup() -> None:
    with pytest.raises(SetupError):
        stratego.new_game("F" * 40, GOOD)


def test_gravon_letters_round_trip() -> None:
    for seed in range(20):
        setup = stratego.random_setup(seed)
        red = stratego.to_gravon(setup, "red")
        blue = stratego.to_gravon(setup, "blue")
        assert set(red) <= set("BCDEFGHIJKLM") and set(blue) <= set("NOPQRSTUVWXY")
        assert stratego.from_gravon(red) == setup == stratego.from_gravon(blue)
    # Bomb, Spy, Scout..General, Marshal, Flag.
    assert stratego.to_gravon(GOOD, "red")[0] == "M"  # GOOD starts with its Flag
    assert stratego.to_gravon(GOOD, "blue")[1] == "N"  # then a Bomb


def test_gravon_board_round_trip() -> None:
    red, blue = stratego.random_setup(1), stratego.random_setup(2)
    board = stratego.to_gravon_board(red, blue)
    assert len(board) == 100 and board[40:60] == "AA__AA__AA" * 2
    assert stratego.from_gravon_board(board) == (red, blue)
    game = stratego.new_game(red, blue)
    assert stratego.to_gravon(red, "red")[0] == board[0]
    assert game.piece_at("j10") == ("blue", blue[0])
    assert stratego.to_gravon(blue, "blue")[0] == board[99]


def test_gravon_errors() -> None:
    with pytest.raises(SetupError) as info:
        stratego.from_gravon("BZ" + "C" * 38)
    assert info.value.code == "unknown_character" and info.value.params["position"] == 2
    mixed = stratego.to_gravon(GOOD, "red")[:20] + stratego.to_gravon(GOOD, "blue")[20:]
    with pytest.raises(SetupError) as info:
        stratego.from_gravon(mixed)
    assert info.value.code == "gravon_side"
    with pytest.raises(SetupError) as info:
        stratego.from_gravon_board("A" * 99)
    assert info.value.code == "wrong_length"
