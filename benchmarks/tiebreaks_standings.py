"""Benchmark: standings with every fixture tie-break for a 2,000-player, 11-round Swiss (issue 3).

Builds a synthetic open (ratings 1400-2800, pairings inside score groups
without repeats, results drawn from the Elo expectation, about 1 % forfeits,
half-point and zero-point byes, some withdrawals, a PAB when the number of
players present is odd), then times ``compute_standings`` with the list used
for tests/fixtures/tiebreaks (23 tie-breaks) under both rule sets.
Also times the largest Dutch fixture (tests/fixtures/dutch).
Prints numbers; asserts nothing. Goal: < 1 s per computation.

    .venv/bin/python benchmarks/tiebreaks_standings.py
"""

from __future__ import annotations

import datetime as dt
import random
import statistics
import time
from pathlib import Path

from arbitro.model import Colour, Player, ResultCode, RoundResult, Tournament
from arbitro.standings import compute_standings

FIXTURE_LIST = [
    "PTS",
    "DE",
    "WIN",
    "WON",
    "BPG",
    "BWG",
    "REP",
    "PS",
    "BH",
    "BH/C1",
    "BH/C2",
    "BH/M1",
    "FB",
    "AOB",
    "SB",
    "SB/C1",
    "KS",
    "ARO",
    "ARO/C1",
    "TPR",
    "PTP",
    "APRO",
    "APPO",
]


def synthetic_swiss(players: int = 2000, rounds: int = 11, seed: int = 2026) -> Tournament:
    rng = random.Random(seed)
    t = Tournament(name=f"Synthetic {players}x{rounds}", start_date=dt.date(2026, 6, 1), rounds=rounds)
    ratings = sorted((rng.randint(1400, 2800) for _ in range(players)), reverse=True)
    for sr, rating in enumerate(ratings, start=1):
        t.players[sr] = Player(start_rank=sr, name=f"Player {sr:04d}", rating=rating)
    score = {sr: 0.0 for sr in t.players}
    met: dict[int, set[int]] = {sr: set() for sr in t.players}
    withdrawn: set[int] = set()
    for rnd in range(1, rounds + 1):
        results: dict[int, RoundResult] = {}
        for sr in list(t.players):
            if sr not in withdrawn and rnd > 3 and rng.random() < 0.004:
                withdrawn.add(sr)
        for sr in withdrawn:
            results[sr] = RoundResult(None, None, ResultCode.NOT_PAIRED)
        for sr in t.players:
            if sr not in withdrawn and rng.random() < 0.01:
                code = ResultCode.HALF_BYE if rng.random() < 0.7 else ResultCode.ZERO_BYE
                results[sr] = RoundResult(None, Colour.NONE, code)
        waiting = sorted((sr for sr in t.players if sr not in results), key=lambda s: (-score[s], s))
        if len(waiting) % 2:
            pab = waiting.pop()
            results[pab] = RoundResult(None, Colour.NONE, ResultCode.PAIRING_BYE)
        while waiting:
            a = waiting.pop(0)
            k = next((i for i, b in enumerate(waiting) if b not in met[a]), 0)
            b = waiting.pop(k)
            met[a].add(b)
            met[b].add(a)
            white, black = (a, b) if rng.random() < 0.5 else (b, a)
            if rng.random() < 0.01:
                wc = ResultCode.FORFEIT_WIN if rng.random() < 0.5 else ResultCode.FORFEIT_LOSS
            else:
                diff = t.players[white].rating - t.players[black].rating
                expected = 1 / (1 + 10 ** (-diff / 400))
                x = rng.random()
                wc = (
                    ResultCode.WIN
                    if x < expected - 0.15
                    else ResultCode.DRAW
                    if x < expected + 0.15
                    else ResultCode.LOSS
                )
            results[white] = RoundResult(black, Colour.WHITE, wc)
            results[black] = RoundResult(white, Colour.BLACK, wc.mirrored)
        for sr, res in results.items():
            t.players[sr].results.append(res)
            score[sr] += float(t.scoring.points(res.code))
    return t


def _time(t: Tournament, rules: str, repeat: int = 5) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU seconds of ``repeat`` computations (CPU time is robust on a busy machine)."""
    wall, cpu = [], []
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        compute_standings(t, FIXTURE_LIST, rules=rules)
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return wall, cpu


def main() -> None:
    start = time.perf_counter()
    t = synthetic_swiss()
    print(f"built {len(t.players)} players x {t.total_rounds} rounds in {time.perf_counter() - start:.2f} s")
    for rules in ("2024", "2026"):
        wall, cpu = _time(t, rules)
        print(
            f"compute_standings, {len(FIXTURE_LIST)} tie-breaks, rules {rules}: "
            f"wall median {statistics.median(wall):.3f} s (min {min(wall):.3f}), "
            f"CPU median {statistics.median(cpu):.3f} s (min {min(cpu):.3f})"
        )
    from arbitro.trf import read_trf

    fixtures = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "dutch"
    largest = max(fixtures.glob("*.trf"), key=lambda p: p.stat().st_size)
    ft = read_trf(largest)
    wall, cpu = _time(ft, "2026")
    print(
        f"{largest.name}: wall median {statistics.median(wall) * 1000:.1f} ms, CPU {statistics.median(cpu) * 1000:.1f} ms"
    )


if __name__ == "__main__":
    main()
