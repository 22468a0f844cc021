"""Benchmark: the JSON API's cost per request, in process (issue 19 item 1; docs/api.md).

    PYTHONPATH=src .venv/bin/python benchmarks/web_api.py [--file TRF] [--requests 200]

Imports a TRF (default tests/fixtures/trf/women-world-rapid-2024.trf, 110
players) into a throw-away SQLite database and, through Django's test client (no
network), times every endpoint three ways: *cold* (the first request after a
change: the core builds the rows), *warm* (the body served from the per-version
cache) and *304* (``If-None-Match`` with the current ETag: no body built). Prints
medians and 95th percentiles in milliseconds and the CPU seconds of the whole run.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _ms(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[max(0, int(len(ordered) * 0.95) - 1)]
    return f"median {statistics.median(ordered):7.2f} ms  p95 {p95:7.2f} ms"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--file",
        type=Path,
        default=ROOT / "tests" / "fixtures" / "trf" / "women-world-rapid-2024.trf",
    )
    ap.add_argument("--requests", type=int, default=200)
    args = ap.parse_args()

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arbitro.web.settings")
    os.environ["ARBITRO_DATA_DIR"] = tempfile.mkdtemp(prefix="arbitro-bench-api-")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.test import Client

    settings.API_RATE_LIMIT = (10**9, 60)
    settings.ALLOWED_HOSTS = ["*"]
    call_command("migrate", interactive=False, verbosity=0)
    from arbitro.web.tournaments import eventlog, store

    row = store.import_trf(args.file.read_text(encoding="utf-8"), source=args.file.name)
    core = eventlog.load(row)
    print(
        f"{args.file.name}: {len(core.players)} players, {core.played_rounds} rounds; {args.requests} requests each"
    )
    base = f"/api/v1/tournaments/{row.slug}"
    paths = [
        "/api/v1/tournaments",
        base,
        f"{base}/players",
        f"{base}/rounds/{core.played_rounds}",
        f"{base}/standings",
        f"{base}/standings/1",
        f"{base}/crosstable",
        f"{base}/norms",
    ]
    client = Client()
    cpu0 = time.process_time()
    for path in paths:
        cold = []
        for _ in range(3):
            eventlog.clear_cache()
            t0 = time.perf_counter()
            resp = client.get(path)
            cold.append((time.perf_counter() - t0) * 1000)
            assert resp.status_code == 200, (path, resp.status_code)
        etag = resp["ETag"]
        warm, not_modified = [], []
        for _ in range(args.requests):
            t0 = time.perf_counter()
            client.get(path)
            warm.append((time.perf_counter() - t0) * 1000)
            t0 = time.perf_counter()
            r = client.get(path, HTTP_IF_NONE_MATCH=etag)
            not_modified.append((time.perf_counter() - t0) * 1000)
            assert r.status_code == 304
        name = path.replace(base, "{slug}")
        print(
            f"{name:28s} cold {statistics.median(cold):8.1f} ms | warm {_ms(warm)} | 304 {_ms(not_modified)}"
        )
    print(f"CPU {time.process_time() - cpu0:.1f} s")


if __name__ == "__main__":
    main()
