"""Generate random tournaments, write them as TRF-2026, read them back and check every round.

Usage: python benchmarks/dutch_generate_check.py [COUNT] [MAX_PLAYERS]   (default 200, 60)

Sizes and rounds vary with the seed (5-13 rounds, forfeits, retirements and
half-point byes); prints one line per tournament and a summary. The round trip
through the TRF writer and reader is part of what is checked.
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from decimal import Decimal
from pathlib import Path

from arbitro.pairing.checker import check_rounds
from arbitro.pairing.generator import GeneratorConfig, generate
from arbitro.trf import read_trf, write_trf


def main(argv: list[str]) -> int:
    count = int(argv[0]) if argv else 200
    max_players = int(argv[1]) if len(argv) > 1 else 60
    failed = 0
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(1, count + 1):
            rng = random.Random(seed)
            rounds = rng.randint(5, 13)
            players = rng.randint(rounds + 1, max(rounds + 1, max_players))
            values: dict[str, int | Decimal] = {
                "PlayersNumber": players,
                "RoundsNumber": rounds,
                "DrawPercentage": rng.randint(10, 50),
                "ForfeitRate": rng.randint(6, 40),
                "RetiredRate": rng.randint(8, 60),
                "HalfPointByeRate": rng.randint(5, 40),
            }
            if seed % 5 == 0:
                values.update(PointsForWin=Decimal(3), PointsForDraw=Decimal(1), PointsForPAB=Decimal(3))
            t = generate(GeneratorConfig(values), seed)
            path = Path(tmp) / f"g{seed}.trf"
            write_trf(t, path)
            back = read_trf(path)
            bad = [c.round for c in check_rounds(back) if not c.agrees]
            failed += bool(bad)
            print(f"seed {seed:>4}: {players:>3} players {t.played_rounds:>2} rounds: {'differs ' + str(bad) if bad else 'ok'}", flush=True)
    print(f"{count - failed} of {count} generated tournaments pass the checker ({time.perf_counter() - start:.0f} s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
