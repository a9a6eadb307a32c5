"""Where does the expert lose material? Every attack of saved games, by what each side knew.

Run from the repository root, on games saved by ``bench/outside_match.py --moves DIR``:
  .venv/bin/python bench/attack_evidence.py DIR [DIR ...]

Each game is replayed through our engine. Every attack is put in a class by who made it
(we, the expert, or they, the other program), whether the defender had seen the
attacker's rank before and whether the attacker had seen the defender's; per class, the
number of attacks and the material they won or lost us, by the expert's base values
(``ai_expert.BASE_VALUES``; a Flag taken counts for nothing here, the game's end says it).

Then the raids: each of their attacks with a piece we had seen on a piece of ours they
had not (not a Bomb or the Flag), by the raider's rank and by how far (in steps round
the lakes, through empty squares) our nearest piece that beats it was, and whether they
had seen that piece. A raid with no beater of ours near is one we did not answer.

Last, the program's unseen pieces taking our seen ones (not a Bomb or the Flag), by how
the two came to stand side by side: our piece moved there (a step, or an attack it won),
their piece stepped beside ours and our move in between was another piece's (then, was
there an empty square beside ours to flee to?), or earlier than that; and how many of
those attacks our very next move answered by attacking the square (a trade the search may
have meant: a lesser piece let go to take the taker).

And the beliefs put to the test where it counts: each of our attacks on an unseen piece,
by whether ours had been seen and whether theirs had just stepped beside it, with the
chance of winning (and of losing) the expert's beliefs gave before the attack, and how
often it was won (and lost). A class whose attacks win less often than believed is one
where the program's unseen pieces are stronger than the beliefs think.

Last of all, our attacks on their unmoved unseen pieces, by our attacker (a Miner, a
Major or higher, anything else): how many Flags and Bombs the beliefs expected among the
pieces attacked, and how many were there. The search picks the pieces it thinks most
likely the Flag, so more Flags expected than found means a guessed Flag is worth less
than the beliefs say to the piece that goes for it.
"""

from __future__ import annotations

import argparse
import collections
import glob
import os
import sys
from collections.abc import Mapping
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.behaviour_evidence import STRENGTH, read_saved_game  # after the path fix above
from engine import stratego
from engine.stratego.ai_beliefs import beliefs
from engine.stratego.ai_expert import BASE_VALUES
from engine.stratego.board import NEIGHBOURS, SQUARE_INDEX, SQUARE_NAMES
from engine.stratego.game import ATTACKER_WON, DEFENDER_WON, battle

NEAR = 3  # steps: a beater this near could answer the raid in a move or two


def steps_from(game: stratego.Game, start: str) -> dict[str, int]:
    """Steps from ``start`` to every square reachable through empty squares (an occupied
    square is reached but not passed)."""
    steps = {start: 0}
    frontier = [start]
    while frontier:
        following = []
        for here in frontier:
            for n in NEIGHBOURS[SQUARE_INDEX[here]]:
                square = SQUARE_NAMES[n]
                if square not in steps:
                    steps[square] = steps[here] + 1
                    if game.piece_at(square) is None:
                        following.append(square)
        frontier = following
    return steps


def nearest_beater(game: stratego.Game, ours: str, raider_square: str) -> tuple[int, bool]:
    """(steps, seen by them) of our nearest piece that beats the raider, (99, False) if
    none is left."""
    raider = game.piece_at(raider_square)
    assert raider is not None
    steps = steps_from(game, raider_square)
    theirs_view = game.view(stratego.opponent(ours))["pieces"]
    best = (99, False)
    for square in SQUARE_NAMES:
        piece = game.piece_at(square)
        if piece is None or piece[0] != ours or piece[1] in ("B", "F", "S"):
            continue
        if STRENGTH[piece[1]] > STRENGTH[raider[1]]:
            best = min(best, (steps.get(square, 99), theirs_view[square]["letter"] is not None))
    return best


def how_they_met(
    game: stratego.Game, history: list[tuple[str, str, bool]], target: str, attacker: str
) -> str:
    """How our piece on ``target`` came beside their attacker on ``attacker``, from the
    last two moves of ``history`` (from, to, an attack), ours then theirs before their
    attack."""
    ours_last = history[-1] if history else None
    theirs_last = history[-2] if len(history) >= 2 else None
    if ours_last is not None and ours_last[1] == target:
        return "ours moved beside it" + (" (an attack it won)" if ours_last[2] else " (a step)")
    if theirs_last is not None and theirs_last[1] == attacker:
        beside = NEIGHBOURS[SQUARE_INDEX[target]]
        # Empty beside ours when we chose our move: as now, but with that move undone.
        before_our_move = {
            SQUARE_NAMES[n] for n in beside if game.piece_at(SQUARE_NAMES[n]) is None
        }
        if ours_last is not None:
            before_our_move.discard(ours_last[0])
            if not ours_last[2] and SQUARE_INDEX[ours_last[1]] in beside:
                before_our_move.add(ours_last[1])
        free = bool(before_our_move)
        return "it stepped beside ours, ours stayed" + (" (could flee)" if free else " (boxed in)")
    return "earlier"


def believed_chances(view: Mapping[str, Any], src: str, dst: str) -> tuple[float, float]:
    """(win, loss) chances the beliefs give our piece on ``src`` attacking the unseen
    piece on ``dst`` (the Flag is a win; a tie is neither)."""
    attacker = view["pieces"][src]["letter"]
    advantage = bool(view.get("options", {}).get("attackers_advantage"))
    win = loss = 0.0
    for rank, chance in beliefs(view).dists[dst].items():
        result = battle(attacker, rank, advantage)
        if result == ATTACKER_WON:
            win += chance
        elif result == DEFENDER_WON:
            loss += chance
    return win, loss


def attacker_group(letter: str) -> str:
    if letter == "3":
        return "Miner"
    return "Major or higher" if letter in ("7", "8", "9", "X") else "other"


def flag_and_bomb_chances(view: Mapping[str, Any], square: str) -> tuple[float, float]:
    """The beliefs' chances that the unseen piece on ``square`` is the Flag, a Bomb."""
    chances = beliefs(view).dists[square]
    return chances.get("F", 0.0), chances.get("B", 0.0)


def value(letter: str) -> float:
    return 0.0 if letter == "F" else BASE_VALUES[letter]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dirs", nargs="+", help="directories of seed-N.txt games")
    args = parser.parse_args(argv)
    # (count, material for us) by class
    attacks: dict[tuple[str, bool, bool], list[float]] = collections.defaultdict(lambda: [0, 0.0])
    raids: dict[tuple[str, bool, bool], list[float]] = collections.defaultdict(lambda: [0, 0.0])
    meetings: dict[str, list[float]] = collections.defaultdict(lambda: [0, 0.0, 0])
    # (count, believed win, won, believed loss, lost) by (ours seen, theirs just came)
    tests: dict[tuple[bool, bool], list[float]] = collections.defaultdict(lambda: [0.0] * 5)
    # (count, Flags believed, Flags found, Bombs believed, Bombs found) by our attacker
    unmoved: dict[str, list[float]] = collections.defaultdict(lambda: [0.0] * 5)
    paths = sorted(path for folder in args.dirs for path in glob.glob(f"{folder}/seed-*.txt"))
    games = 0
    for path in paths:
        saved = read_saved_game(path)
        if saved is None:
            continue
        games += 1
        game, ours, moves = saved
        history: list[tuple[str, str, bool]] = []
        for index, move in enumerate(moves):
            src, dst = move.split("-")
            mover = game.turn
            attacker, defender = game.piece_at(src), game.piece_at(dst)
            history.append((src, dst, defender is not None))
            if defender is None:
                game.play(move)
                continue
            assert attacker is not None
            seen_attacker = game.view(defender[0])["pieces"][src]["letter"] is not None
            seen_defender = game.view(mover)["pieces"][dst]["letter"] is not None
            raid = None
            if mover != ours and seen_attacker and not seen_defender and defender[1] not in "BF":
                steps, beater_seen = nearest_beater(game, ours, src)
                raid = (attacker[1], steps <= NEAR, beater_seen)
            test = None
            if mover == ours and not seen_defender:
                came = len(history) >= 2 and history[-2][1] == dst
                test = (seen_attacker, came), believed_chances(game.view(ours), src, dst)
                ours_view = game.view(ours)
                if not ours_view["pieces"][dst]["moved"]:
                    flag, bomb = flag_and_bomb_chances(ours_view, dst)
                    row = unmoved[attacker_group(attacker[1])]
                    for column, amount in enumerate(
                        (1.0, flag, float(defender[1] == "F"), bomb, float(defender[1] == "B"))
                    ):
                        row[column] += amount
            meeting = None
            if mover != ours and not seen_attacker and seen_defender and defender[1] not in "BF":
                meeting = how_they_met(game, history[:-1], dst, src)
            game.play(move)
            after = game.piece_at(dst)
            lost = value(attacker[1]) if after is None or after[0] != mover else 0.0
            taken = value(defender[1]) if after is None or after[0] == mover else 0.0
            ours_change = taken - lost if mover == ours else lost - taken
            key = ("we" if mover == ours else "they", seen_attacker, seen_defender)
            attacks[key][0] += 1
            attacks[key][1] += ours_change
            if test is not None:
                (key_seen, (win, loss)) = test
                row = tests[key_seen]
                row[0] += 1
                row[1] += win
                row[2] += float(after is not None and after[0] == mover)
                row[3] += loss
                row[4] += float(after is not None and after[0] != mover)
            if raid is not None:
                raids[raid][0] += 1
                raids[raid][1] += ours_change
            if meeting is not None:
                meetings[meeting][0] += 1
                meetings[meeting][1] += ours_change
                answered = index + 1 < len(moves) and moves[index + 1].endswith("-" + dst)
                meetings[meeting][2] += answered
    print(f"{games} games; material for us by the expert's base values")
    print("attacker      rank seen by defender  defender's seen by attacker  attacks  material")
    for (who, seen_attacker, seen_defender), (count, material) in sorted(attacks.items()):
        print(
            f"{who:12}  {'yes' if seen_attacker else 'no':21}  "
            f"{'yes' if seen_defender else 'no':27}  {count:7}  {material:8.0f}"
        )
    print(f"\ntheir seen pieces taking our unseen ones, by our nearest beater (near: ≤ {NEAR})")
    print("raider  beater near  beater seen  raids  material")
    for (letter, near, seen), (count, material) in sorted(raids.items()):
        print(
            f"{letter:6}  {'yes' if near else 'no':11}  {'yes' if seen else 'no':11}  "
            f"{count:5}  {material:8.0f}"
        )
    print("\ntheir unseen pieces taking our seen ones, by how the two came side by side")
    print("how                                               attacks  material  answered")
    for how, (count, material, answered) in sorted(meetings.items()):
        print(f"{how:48}  {count:7}  {material:8.0f}  {answered:8}")
    print("\nour attacks on their unseen pieces: the beliefs' chances against what happened")
    print("ours seen  theirs just came  attacks  win believed  won   loss believed  lost")
    for (seen, came), (count, win, won, loss, lost) in sorted(tests.items()):
        print(
            f"{'yes' if seen else 'no':9}  {'yes' if came else 'no':16}  {count:7.0f}  "
            f"{win / count:12.2f}  {won / count:4.2f}  {loss / count:13.2f}  {lost / count:4.2f}"
        )
    print("\nour attacks on their unmoved unseen pieces: Flags and Bombs believed and found")
    print("our attacker      attacks  Flags believed  found  Bombs believed  found")
    for group, (count, flags, found_flags, bombs, found_bombs) in sorted(unmoved.items()):
        print(
            f"{group:16}  {count:7.0f}  {flags:14.1f}  {found_flags:5.0f}  "
            f"{bombs:14.1f}  {found_bombs:5.0f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
