"""How long "Fill at random" takes: ``stratego.fill_setup`` on partial setups of each
army (0, 2, 5 or 12 pieces placed at random), median and 95th percentile, and the first
call (which reads the 47,108 setups people played).

Run from the repository root:  .venv/bin/python bench/stratego_fill_speed.py [--fills 60]
Stdlib only, so the same file also runs under Pyodide (``make bench`` runs both).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine import stratego  # after the path fix above


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--fills", type=int, default=60, help="fills per army")
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]} on {sys.platform}")
    start = time.perf_counter()
    stratego.fill_setup("F" + "." * 39, seed=0)
    print(f"first call: {(time.perf_counter() - start) * 1000:.0f} ms")
    rng = random.Random(1)
    for army in stratego.ARMY_NAMES:
        samples = []
        for seed in range(args.fills):
            setup = stratego.random_setup(rng.getrandbits(32), army)
            keep = set(rng.sample(range(40), rng.choice([0, 2, 5, 12])))
            partial = "".join(c if i in keep else "." for i, c in enumerate(setup))
            start = time.perf_counter()
            stratego.fill_setup(partial, army, seed=seed)
            samples.append((time.perf_counter() - start) * 1000)
        samples.sort()
        p95 = samples[min(len(samples) - 1, int(0.95 * len(samples)))]
        print(
            f"{army:>8}: median {statistics.median(samples):.1f} ms, p95 {p95:.1f} ms "
            f"({args.fills} fills)"
        )


if __name__ == "__main__":
    main()
