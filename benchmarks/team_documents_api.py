"""Benchmark: the API bodies and the crosstable PDF of a 200-team, 9-round team Swiss (issue 18).

CPU seconds (process time; the machine may be shared) to build, cold (no tie-break cache), each JSON
body the API serves for a team competition and the team crosstable PDF; what a request costs on the
first read of a new version (later reads come from the per-version cache).

    PYTHONPATH=src .venv/bin/python benchmarks/team_documents_api.py [TEAMS] [ROUNDS]
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arbitro.web.settings")
os.environ.setdefault("ARBITRO_DATA_DIR", tempfile.mkdtemp(prefix="arbitro-bench-"))


def main(argv: list[str]) -> None:
    import django

    django.setup()
    from arbitro.documents.teams_pdf import render_team_crosstable_pdf
    from arbitro.teams import results
    from arbitro.teams.generator import GeneratorConfig, generate
    from arbitro.web.api import serialize
    from arbitro.web.api.http import dumps

    teams = int(argv[0]) if argv else 200
    rounds = int(argv[1]) if len(argv) > 1 else 9
    ev = generate(GeneratorConfig(teams=teams, boards=4, rounds=rounds, seed=2026, board_forfeit=0.01, match_forfeit=0.005))
    last = ev.played_rounds()
    jobs: list[tuple[str, Callable[[], object]]] = [
        ("/teams/{slug}/standings", lambda: dumps(serialize.team_standings(ev))),
        ("/teams/{slug}/boards", lambda: dumps(serialize.board_standings(ev, 1))),
        ("/teams/{slug}/teams", lambda: dumps(serialize.team_list(ev))),
        (f"/teams/{{slug}}/rounds/{last}", lambda: dumps(serialize.team_round(ev, last))),
        ("team crosstable PDF", lambda: render_team_crosstable_pdf(ev, "en")),
    ]
    print(f"{teams} teams x {last} rounds, 4 boards")
    for name, job in jobs:
        runs = []
        for _ in range(3):
            results._CACHE.clear()
            t0 = time.process_time()
            job()
            runs.append(time.process_time() - t0)
        print(f"  {name}: median {statistics.median(runs):.3f} s CPU (cold)")


if __name__ == "__main__":
    main(sys.argv[1:])
