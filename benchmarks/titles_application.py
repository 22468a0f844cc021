"""Benchmark: ``arbitro title-application`` on a dossier of 10 norms and 200 rating entries (issue 7).

Writes, in a temporary directory, four 10-player round-robin TRF files (the
applicant scores a GM norm in each) and a dossier with those four TRF norms,
six recorded norms from 2005-2024 and 200 rating entries; then times

* the whole command in-process (``arbitro.cli.main``: read the dossier and the
  TRF files, evaluate the TRF norms, check GM/IM/WGM/WIM, direct titles, JSON out);
* the same as a fresh process (``python -m arbitro.cli``-style console run),
  which adds the interpreter and import start-up.

Target: under 0.5 s for the command. Prints numbers; asserts nothing.

    .venv/bin/python benchmarks/titles_application.py
"""

from __future__ import annotations

import contextlib
import datetime as dt
import io
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from arbitro.model import Colour, Player, ResultCode, RoundResult, Tournament
from arbitro.trf import format_trf

FEDS = ["GER", "FRA", "ITA", "ESP", "NED", "GER", "FRA", "ENG", "ESP"]


def round_robin(start: dt.date) -> Tournament:
    t = Tournament(
        name=f"Round Robin {start.year}", city="Madrid", federation="ESP", rounds=9,
        system="BERGER_ROUNDROBIN", chief_arbiter="IA Arbiter", time_control_code="5400+30",
    )  # fmt: skip
    t.round_dates = [start + dt.timedelta(days=r) for r in range(9)]
    t.start_date, t.end_date = t.round_dates[0], t.round_dates[-1]
    t.players[1] = Player(1, "Applicant, Ana", sex="w", rating=2450, federation="ESP", fide_id="2200001")
    for i in range(2, 11):
        t.players[i] = Player(
            i, f"Opponent {i}", sex="m", title="GM", rating=2540 + 5 * i, federation=FEDS[i - 2], fide_id=str(1000 + i)
        )
    arr = list(range(1, 11))
    wins = "111111000"
    for _round in range(9):
        for k in range(5):
            a, b = arr[k], arr[9 - k]
            if b == 1:
                a, b = b, a
            code = (ResultCode.WIN if wins[b - 2] == "1" else ResultCode.LOSS) if a == 1 else ResultCode.DRAW
            t.players[a].results.append(RoundResult(b, Colour.WHITE, code))
            t.players[b].results.append(RoundResult(a, Colour.BLACK, code.mirrored))
        arr = [arr[0], arr[-1], *arr[1:-1]]
    for p in t.players.values():
        p.points = p.score(t.scoring)
    return t


def build(tmp: Path) -> Path:
    norms: list[dict[str, object]] = []
    for k, year in enumerate((2018, 2020, 2022, 2024)):
        name = f"rr{year}.trf"
        (tmp / name).write_text(format_trf(round_robin(dt.date(year, 3, 1))), encoding="utf-8")
        norms.append({"id": f"RR {year}", "trf": name, "start_rank": 1, "qualifying_event": k == 3})
    for k, year in enumerate((2006, 2010, 2015, 2019, 2021, 2023)):
        norms.append(
            {
                "id": f"Open {year}",
                "titles": ["GM", "IM", "WGM", "WIM"],
                "games": 9 + k % 3,
                "score": "7",
                "ra": 2480,
                "tournament": {"name": f"Open {year}", "start": f"{year}-07-01", "end": f"{year}-07-09"},
                "foreign_requirement_met": k % 2 == 0,
            }
        )
    day = dt.date(2008, 1, 1)
    ratings = []
    for i in range(200):
        ratings.append({"date": (day + dt.timedelta(days=30 * i)).isoformat(), "rating": 2200 + i * 2, "games": 10 * i})
    doc = {
        "format": "arbitro-dossier",
        "version": 1,
        "player": {"name": "Applicant, Ana", "fide_id": "2200001", "federation": "ESP", "sex": "w"},
        "application": {"date": "2025-01-01", "submitted": "2025-01-01", "meeting": "2025-03-01"},
        "norms": norms,
        "ratings": ratings,
    }
    path = tmp / "dossier.json"
    path.write_text(json.dumps(doc, indent=1), encoding="utf-8")
    return path


def main() -> None:
    from arbitro.cli import main as cli_main

    with tempfile.TemporaryDirectory() as d:
        path = build(Path(d))
        times = []
        for fmt in ("json", "table"):
            for _ in range(10):
                sink = io.StringIO()
                t0 = time.perf_counter()
                with contextlib.redirect_stdout(sink):
                    rc = cli_main(["title-application", str(path), "--format", fmt])
                times.append(time.perf_counter() - t0)
                assert rc == 0, rc
            print(
                f"in-process title-application --format {fmt} (10 norms: 4 TRF + 6 recorded, 200 ratings): "
                f"median {statistics.median(times) * 1000:.1f} ms, max {max(times) * 1000:.1f} ms"
            )
            times.clear()
        from arbitro.cli.titles import load_application
        from arbitro.titles.application import check_application
        from arbitro.titles.application.certificates import result_dict

        body = []
        for _ in range(10):
            t0 = time.perf_counter()
            result = check_application(load_application(path))
            json.dumps(result_dict(result), ensure_ascii=False, indent=2)
            body.append(time.perf_counter() - t0)
        print(
            "command body only (read dossier + 4 TRF files, evaluate, check, JSON; without Typer building "
            f"the CLI's ~30 commands): median {statistics.median(body) * 1000:.1f} ms"
        )
        cmd = [sys.executable, "-c", "import sys; from arbitro.cli import main; sys.exit(main(sys.argv[1:]))"]
        runs = []
        for _ in range(5):
            t0 = time.perf_counter()
            subprocess.run([*cmd, "title-application", str(path)], check=True, capture_output=True)
            runs.append(time.perf_counter() - t0)
        print(f"fresh process (interpreter + imports + command): median {statistics.median(runs) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
