"""Benchmark: norms of every player of a 300-player, 11-round Swiss (issue 6), including the search.

Builds a strong synthetic open (ratings 1900-2750, titles by rating, 20 % women,
30 federations, results drawn from the Elo expectation, a few forfeits and byes),
then times ``evaluate_norms`` over all players and titles. Also times the largest
fixture of tests/fixtures/dutch. Prints numbers; asserts nothing.

    .venv/bin/python benchmarks/norms_swiss300.py
"""

from __future__ import annotations

import datetime as dt
import random
import statistics
import time
from pathlib import Path

from arbitro.model import Colour, Player, ResultCode, RoundResult, Tournament
from arbitro.titles.norms import evaluate_norms, forecast_norms

FEDS = [f"F{i:02d}" for i in range(30)]


def _title(rating: int, woman: bool) -> str:
    if rating >= 2550:
        return "GM"
    if rating >= 2420:
        return "IM"
    if woman and rating >= 2300:
        return "WGM"
    if rating >= 2300:
        return "FM"
    if woman and rating >= 2150:
        return "WIM"
    return ""


def build(players: int = 300, rounds: int = 11, seed: int = 2026) -> Tournament:
    rng = random.Random(seed)
    t = Tournament(name="Synthetic open", federation="F00", start_date=dt.date(2024, 6, 1), system="FIDE_DUTCH", rounds=rounds)
    ratings = sorted((rng.randint(1900, 2750) for _ in range(players)), reverse=True)
    for i, r in enumerate(ratings, start=1):
        woman = rng.random() < 0.2
        t.players[i] = Player(i, f"P{i}", sex="w" if woman else "m", title=_title(r, woman), rating=r, federation=rng.choice(FEDS))
    score = {i: 0 for i in t.players}
    met: dict[int, set[int]] = {i: set() for i in t.players}
    for _ in range(rounds):
        order = sorted(t.players, key=lambda i: (-score[i], i))
        paired: set[int] = set()
        for i in order:
            if i in paired:
                continue
            j = next((k for k in order if k != i and k not in paired and k not in met[i]), None)
            if j is None:
                t.players[i].results.append(RoundResult(None, None, ResultCode.PAIRING_BYE))
                score[i] += 2
                paired.add(i)
                continue
            paired |= {i, j}
            met[i].add(j)
            met[j].add(i)
            if rng.random() < 0.01:
                a, b = ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS
            else:
                exp = 1 / (1 + 10 ** ((t.players[j].rating - t.players[i].rating) / 400))
                x = rng.random()
                a = ResultCode.WIN if x < exp - 0.15 else (ResultCode.DRAW if x < exp + 0.15 else ResultCode.LOSS)
                b = a.mirrored
            t.players[i].results.append(RoundResult(j, Colour.WHITE, a))
            t.players[j].results.append(RoundResult(i, Colour.BLACK, b))
            score[i] += {"W": 2, "D": 1, "L": 0}[a.outcome]
            score[j] += {"W": 2, "D": 1, "L": 0}[b.outcome]
    return t


def _time(t: Tournament, repeat: int = 5) -> tuple[float, float, int, int]:
    """Median wall and CPU seconds of ``evaluate_norms`` (CPU time is what a loaded machine cannot inflate)."""
    walls, cpus = [], []
    results = []
    for _ in range(repeat):
        start, cpu = time.perf_counter(), time.process_time()
        results = evaluate_norms(t)
        walls.append(time.perf_counter() - start)
        cpus.append(time.process_time() - cpu)
    evaluated = sum(len(p.norms) for p in results)
    achieved = sum(1 for p in results for n in p.norms if n.achieved)
    return statistics.median(walls), statistics.median(cpus), evaluated, achieved


def main() -> None:
    t = build()
    secs, cpu, evaluated, achieved = _time(t)
    dropped = sum(1 for p in evaluate_norms(t) for n in p.norms if n.dropped_rounds)
    print(f"synthetic 300 players x 11 rounds: {secs * 1000:.0f} ms wall, {cpu * 1000:.0f} ms CPU, median of 5 "
          f"({evaluated} player-title evaluations, {achieved} norms, {dropped} via dropped games)")
    t9 = build(rounds=11)
    for p in t9.players.values():
        del p.results[9:]  # after round 9 of 11: forecasts for the last two rounds
    start, cpu0 = time.perf_counter(), time.process_time()
    fc = forecast_norms(t9)
    print(f"forecast after round 9 of 11: {(time.perf_counter() - start) * 1000:.0f} ms wall, "
          f"{(time.process_time() - cpu0) * 1000:.0f} ms CPU ({len(fc)} forecasts)")
    fixture = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "dutch" / "d115-p278-r13.trf"
    if fixture.exists():
        from arbitro.trf import read_trf

        ft = read_trf(fixture)
        secs, cpu, evaluated, achieved = _time(ft)
        print(f"fixture {fixture.name}: {secs * 1000:.0f} ms wall, {cpu * 1000:.0f} ms CPU, median of 5 "
              f"({evaluated} evaluations, {achieved} norms)")


if __name__ == "__main__":
    main()
