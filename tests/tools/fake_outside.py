"""A stand-in outside Stratego program for ``bench/outside_match.py``'s tests: it speaks
the UCC manager protocol as braathwaate/stratego's ``AITest`` does (a banner line first,
its setup, moves, results, ``QUIT``) and plays random one-square moves from what it has
been told. ``fake_outside.py SEED [bomb]``: with ``bomb`` its first move is a Bomb's,
which the arbiter must refuse. It checks what it is told: an enemy rank shown before an
attack revealed it makes it exit with status 3."""

from __future__ import annotations

import random
import sys

# Rows y = 0..3 from Red's back rank, in American ranks ("1" Marshal, "s" Spy).
SETUP = ("FB99999999", "B88888sB77", "7766665555", "4443321BBB")
LAKES = {(2, 4), (3, 4), (2, 5), (3, 5), (6, 4), (7, 4), (6, 5), (7, 5)}
STEPS = {"UP": (0, -1), "DOWN": (0, 1), "LEFT": (-1, 0), "RIGHT": (1, 0)}


def main() -> None:
    rng = random.Random(int(sys.argv[1]))
    bomb_first = sys.argv[2:] == ["bomb"]
    print("stand-in outside program", flush=True)
    colour = input().split()[0]
    rows = SETUP if colour == "RED" else tuple(reversed(SETUP))
    first_y = 0 if colour == "RED" else 6
    print("\n".join(rows), flush=True)
    own = {(x, first_y + r): char for r, row in enumerate(rows) for x, char in enumerate(row)}
    enemy = {(x, y) for x in range(10) for y in ((6, 7, 8, 9) if colour == "RED" else (0, 1, 2, 3))}

    def apply(text: str) -> None:
        words = text.split()
        x, y, step = int(words[0]), int(words[1]), STEPS[words[2]]
        count = int(words[3]) if words[3].isdigit() else 1
        outcome = words[4] if words[3].isdigit() else words[3]
        target = (x + step[0] * count, y + step[1] * count)
        mine = (x, y) in own
        mover = own.pop((x, y), None) if mine else None
        enemy.discard((x, y))
        if outcome in ("KILLS", "BOTHDIE"):  # whatever stood on the target is gone
            own.pop(target, None)
            enemy.discard(target)
        if outcome in ("OK", "KILLS"):  # the mover stands on the target
            if mine:
                own[target] = str(mover)
            else:
                enemy.add(target)

    def board() -> None:
        for y in range(10):
            row = input()
            if any(char not in ".+#" and (x, y) not in own for x, char in enumerate(row)):
                sys.exit(3)  # an enemy rank it was not told in an attack

    def movable() -> list[str]:
        moves = []
        for (x, y), char in sorted(own.items()):
            if char in "BF":
                continue
            for name, (dx, dy) in STEPS.items():
                target = (x + dx, y + dy)
                inside = 0 <= target[0] < 10 and 0 <= target[1] < 10
                if inside and target not in own and target not in LAKES:
                    moves.append(f"{x} {y} {name}")
        return moves

    if colour == "RED":
        assert input() == "START"
        board()
    else:
        text = input()
        if text == "QUIT":
            return
        apply(text)
        board()
    while True:
        if bomb_first:
            bomb_first = False
            x, y = next(square for square, char in own.items() if char == "B")
            print(f"{x} {y} {'DOWN' if colour == 'RED' else 'UP'}", flush=True)
        else:
            print(rng.choice(movable()), flush=True)
        text = input()
        if text == "QUIT":
            return
        apply(text)
        text = input()
        if text == "QUIT":
            return
        apply(text)
        board()


if __name__ == "__main__":
    main()
