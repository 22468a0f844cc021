"""Benchmark: FIDE rating list import into the database (issue 9 §7: 1.9 M lines in under two minutes).

    .venv/bin/python benchmarks/web_ratings_import.py [--lines 200000] [--full]

Writes a synthetic combined TXT list (the FOA layout of trf.md §8.2) to a temp
file, imports it with the same code as ``arbitro manage import_ratings`` into
a throw-away SQLite database (or ``DATABASE_URL``), twice (first month:
inserts; second month: updates + new history rows), and prints lines/s and the
projection for the full list of 1.93 M lines. ``--full`` uses 1,930,000 lines.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import os
import random
import sys
import tempfile
import time

HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  WTit OTit"
    "           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)


COLS = {"id": 0, "name": 15, "fed": 76, "sex": 80, "s": 113, "sgm": 119, "sk": 123, "r": 126, "b": 139, "bday": 152, "flag": 158}


def _line(values: dict[str, str]) -> str:
    buf = [" "] * (len(HEADER) + 4)
    for key, text in values.items():
        start = COLS[key]
        buf[start : start + len(text)] = text
    return "".join(buf).rstrip()


def write_list(path: str, n: int, shift: int) -> None:
    rng = random.Random(n + shift)
    feds = ["ARG", "ESP", "GER", "IND", "USA", "FRA", "RUS", "ITA"]
    with open(path, "w", encoding="latin-1") as fh:
        fh.write(HEADER + "\n")
        for i in range(n):
            std = rng.choice([0, rng.randint(1400, 2800)]) + (shift if i % 3 else 0)
            values = {
                "id": str(100000 + i), "name": f"Player{i}, Bench", "fed": rng.choice(feds), "sex": "M",
                "s": f"{std:>5}", "sgm": f"{0:>3}", "sk": "20", "r": f"{0:>5}", "b": f"{0:>5}",
                "bday": str(1950 + i % 60), "flag": "i" if i % 7 == 0 else "",
            }  # fmt: skip
            fh.write(_line(values) + "\n")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--lines", type=int, default=200_000)
    ap.add_argument("--full", action="store_true")
    args = ap.parse_args()
    n = 1_930_000 if args.full else args.lines
    tmp = tempfile.mkdtemp(prefix="arbitro-ratings-bench-")
    os.environ.setdefault("ARBITRO_DATA_DIR", tmp)
    from arbitro.web import setup

    setup()
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=0)
    from arbitro.web.ratings import importing as ratings_import

    for month, shift in ((_dt.date(2026, 11, 1), 0), (_dt.date(2026, 12, 1), 7)):
        path = os.path.join(tmp, f"list-{month:%Y%m}.txt")
        write_list(path, n, shift)
        t0, c0 = time.perf_counter(), time.process_time()
        stats = ratings_import.import_file(path, period=month)
        dt, cpu = time.perf_counter() - t0, time.process_time() - c0
        print(
            f"{month:%Y-%m}: {stats.players} players in {dt:.1f} s wall / {cpu:.1f} s CPU = "
            f"{stats.players / dt:,.0f} lines/s wall, {stats.players / cpu:,.0f} lines/s CPU; "
            f"projected 1.93 M lines: {1_930_000 / (stats.players / dt):.0f} s wall, "
            f"{1_930_000 / (stats.players / cpu):.0f} s CPU ({stats.errors} skipped, {stats.warnings} warnings)"
        )
    print(f"load average: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
