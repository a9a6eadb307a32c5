"""bench/outside_compare.py: versions compared on the seeds they all finished, and how our
Marshal and General left each game, read from the games ``outside_match`` saves."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import outside_compare as oc

BASE = "432534BFB3BB38S36BX2457276562722B9522864"


def _swapped(setup: str, i: int, j: int) -> str:
    letters = list(setup)
    letters[i], letters[j] = letters[j], letters[i]
    return "".join(letters)


# Red's Marshal on a4 (index 30); Blue's Bomb on a7 (index 39 of a setup seen from Blue).
RED = _swapped(BASE, 18, 30)
BLUE = _swapped(BASE, 6, 39)


def _save(folder: Path, seed: int, moves: list[str], result: str | None) -> None:
    folder.mkdir(exist_ok=True)
    lines = [f"red {RED}", f"blue {BLUE}", "we are red"]
    for ply, move in enumerate(moves, start=1):
        lines.append(f"{ply} {'red' if ply % 2 else 'blue'} {move} 0 0 UP OK")
    if result:
        lines.append(f"result {result} ")
    (folder / f"seed-{seed}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


MARSHAL_ON_A_BOMB = ["a4-a5", "j7-j6", "a5-a6", "j6-j5", "a6-a7"]


def test_our_marshal_on_a_bomb_and_a_general_kept(tmp_path: Path) -> None:
    _save(tmp_path / "a", 1, MARSHAL_ON_A_BOMB, "0.0 flag_captured")
    assert oc.fates(str(tmp_path / "a" / "seed-1.txt")) == {"X": "on a Bomb", "9": "kept"}
    # Without the last attack the Marshal is still there.
    _save(tmp_path / "b", 1, MARSHAL_ON_A_BOMB[:-1], "0.5 cap")
    assert oc.fates(str(tmp_path / "b" / "seed-1.txt")) == {"X": "kept", "9": "kept"}


def test_versions_compared_on_the_seeds_all_finished(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _save(tmp_path / "now", 1, MARSHAL_ON_A_BOMB, "1.0 flag_captured")
    _save(tmp_path / "now", 2, MARSHAL_ON_A_BOMB[:2], "0.5 cap")
    _save(tmp_path / "now", 3, MARSHAL_ON_A_BOMB[:2], "1.0 flag_captured")
    _save(tmp_path / "before", 1, MARSHAL_ON_A_BOMB[:2], "0.0 flag_captured")
    _save(tmp_path / "before", 2, MARSHAL_ON_A_BOMB[:2], "0.0 no_movable_pieces")
    _save(tmp_path / "before", 3, MARSHAL_ON_A_BOMB[:2], None)  # still being played
    _save(tmp_path / "now", 4, MARSHAL_ON_A_BOMB[:2], "1.0 flag_captured")
    _save(tmp_path / "before", 4, MARSHAL_ON_A_BOMB[:2], "None outside_failed")  # void
    assert oc.main([f"now={tmp_path / 'now'}", f"before={tmp_path / 'before'}"]) == 0
    out = capsys.readouterr().out
    assert "2 seeds finished by every version (1-2)" in out
    assert "1/2    won,   1 drawn" in out and "score 0.75" in out
    assert "0/2    won,   0 drawn" in out and "lost no_movable_pieces: 1" in out
    marshal = out.split("our Marshal")[1].split("our General")[0]
    assert "1 (1.00)" in marshal.splitlines()[2]  # now: on a Bomb once, in a won game
