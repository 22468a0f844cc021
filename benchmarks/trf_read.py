"""Reading and validating a 2,000-player, 13-round TRF (issue 2: goal under 0.5 s).

    .venv/bin/python benchmarks/trf_read.py [PLAYERS] [ROUNDS]

Builds a synthetic Swiss-like tournament (random pairings and results), writes
it as TRF-2026 text, then times parse_trf (reading + validation) over 5 runs.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from decimal import Decimal

from arbitro.model import Colour, Player, ResultCode, RoundResult, Tournament
from arbitro.trf import format_trf, parse_trf


def build(n: int, rounds: int, seed: int = 1) -> Tournament:
    rng = random.Random(seed)
    players = {
        r: Player(start_rank=r, name=f"Player {r:04d}", rating=2800 - r // 2, federation="ARG")
        for r in range(1, n + 1)
    }
    for _ in range(rounds):
        order = list(players)
        rng.shuffle(order)
        for i in range(0, n - 1, 2):
            a, b = order[i], order[i + 1]
            ra, rb = rng.choice([("1", "0"), ("0", "1"), ("=", "=")])
            players[a].results.append(RoundResult(b, Colour.WHITE, ResultCode(ra)))
            players[b].results.append(RoundResult(a, Colour.BLACK, ResultCode(rb)))
        if n % 2:
            players[order[-1]].results.append(RoundResult(None, Colour.NONE, ResultCode.PAIRING_BYE))
    t = Tournament(name="Benchmark", rounds=rounds, players=players)
    for p in players.values():
        p.points = p.score(t.scoring)
    assert all(p.points >= Decimal(0) for p in players.values())
    return t


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 13
    text = format_trf(build(n, rounds))
    times = []
    for _ in range(5):
        start = time.perf_counter()
        result = parse_trf(text, "bench.trf")
        times.append(time.perf_counter() - start)
        assert not result.errors
    print(f"read+validate TRF-2026, {n} players x {rounds} rounds ({len(text) / 1e6:.1f} MB): "
          f"median {statistics.median(times):.3f} s, best {min(times):.3f} s")  # fmt: skip


if __name__ == "__main__":
    main()
