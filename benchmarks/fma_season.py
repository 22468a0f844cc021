"""Benchmark: `run_season` on a synthetic FMA season (issue 8).

Four category tournaments (Swiss 9 rounds with N players each, naive score-group
pairings, seeded random results) plus the Torneo Mayor; prints the wall time of
loading + running the season and of the JSON report.

    .venv/bin/python benchmarks/fma_season.py [N]
"""

from __future__ import annotations

import json
import random
import sys
import time
from typing import Any

from arbitro.federations.fma.season import run_season
from arbitro.federations.fma.season_file import load_season

CATS = ["primera", "segunda", "tercera", "cuarta"]


def swiss(ids: list[str], rounds: int, rng: random.Random) -> list[dict[str, Any]]:
    score = dict.fromkeys(ids, 0.0)
    met: set[frozenset[str]] = set()
    games = []
    for r in range(1, rounds + 1):
        order = sorted(ids, key=lambda p: (-score[p], ids.index(p)))
        free = list(order)
        while len(free) > 1:
            a = free.pop(0)
            b = next((x for x in free if frozenset((a, x)) not in met), free[0])
            free.remove(b)
            met.add(frozenset((a, b)))
            res = rng.choice(["1-0", "0-1", "1/2-1/2"])
            score[a] += {"1-0": 1, "0-1": 0, "1/2-1/2": 0.5}[res]
            score[b] += {"1-0": 0, "0-1": 1, "1/2-1/2": 0.5}[res]
            games.append({"round": r, "white": a, "black": b, "result": res})
    return games


def build(n: int) -> dict[str, Any]:
    rng = random.Random(8)
    players, tournaments = [], []
    for ci, cat in enumerate(CATS):
        ids = [f"{cat[0].upper()}{i:03d}" for i in range(n)]
        for i, pid in enumerate(ids):
            players.append({"id": pid, "name": f"{cat} {i}", "standard_rating": 2300 - 150 * ci - i, "category": cat})
        tournaments.append({
            "id": cat, "name": cat, "category": cat, "start": f"2026-0{ci + 3}-01", "time_control": "90+30",
            "promotions": 3, "relegations": 3, "announced_on": "2026-01-01", "lots_seed": 1,
            "players": ids, "games": swiss(ids, 9, rng),
        })
    return {"year": 2026, "players": players, "tournaments": tournaments,
            "mayor": {"id": "mayor", "start": "2026-11-01", "reigning_champion": "P000"}}


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    data = build(n)
    t0 = time.perf_counter()
    report = run_season(load_season(data, source="bench"))
    t1 = time.perf_counter()
    text = json.dumps(report.to_dict(), ensure_ascii=False)
    t2 = time.perf_counter()
    print(f"fma_season players_per_tournament={n} tournaments=4 rounds=9")
    print(f"fma_season run_season_s={t1 - t0:.3f} report_json_s={t2 - t1:.3f} report_bytes={len(text)}")


if __name__ == "__main__":
    main()
