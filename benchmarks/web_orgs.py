"""Benchmark: organisations on one server (issue 19 item 5) — what the indexes and the permission checks cost.

    .venv/bin/python benchmarks/web_orgs.py [--orgs 50] [--per-org 20] [--repeat 30]

Builds, in a throw-away SQLite database, ``--orgs`` organisations of ``--per-org`` published
tournament rows each (plus one draft each), an admin of the first organisation and an arbiter of
the second, then measures in-process (Django's test client, no network): the global index ``/``,
one organisation's index ``/o/<slug>/``, the API list filtered by organisation, the admin's desk
list, and one ``permissions.can`` check. Prints the median and 95th percentile in milliseconds and
the SQL queries of one request.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--orgs", type=int, default=50)
    ap.add_argument("--per-org", type=int, default=20)
    ap.add_argument("--repeat", type=int, default=30)
    args = ap.parse_args()
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
    os.environ["ARBITRO_DATA_DIR"] = tempfile.mkdtemp(prefix="arbitro-bench-orgs-")
    os.environ.pop("DATABASE_URL", None)
    os.environ.pop("REDIS_URL", None)
    from arbitro.web import setup

    setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client

    call_command("migrate", interactive=False, verbosity=0)
    from django.core import signals
    from django.db import close_old_connections

    signals.request_started.disconnect(close_old_connections)  # one connection, so its queries can be counted
    signals.request_finished.disconnect(close_old_connections)
    from arbitro.web.tournaments import models, permissions

    orgs = [
        models.Organisation.objects.create(name=f"Club {i:03d}", slug=f"org-{i:03d}", kind="club")
        for i in range(args.orgs)
    ]
    rows = []
    for o in orgs:
        for j in range(args.per_org + 1):
            rows.append(
                models.Tournament(
                    slug=f"{o.slug}-t{j:03d}", name=f"Torneo {j:03d} {o.name}", organisation=o,
                    published=j < args.per_org, status="running",
                )
            )
    models.Tournament.objects.bulk_create(rows, batch_size=2000)
    User = get_user_model()
    admin = User.objects.create_user("admin0", password="x")
    arbiter = User.objects.create_user("arb1", password="x")
    models.Membership.objects.create(user=admin, organisation=orgs[0], role="admin")
    models.Membership.objects.create(user=arbiter, organisation=orgs[1], role="arbiter")
    target = models.Tournament.objects.get(slug=f"{orgs[0].slug}-t000")

    anonymous, desk = Client(), Client()
    desk.force_login(admin)

    def measure(label: str, call) -> None:  # type: ignore[no-untyped-def]
        call()  # warm
        count = [0]

        def counter(execute, sql, params, many, context):  # type: ignore[no-untyped-def]
            count[0] += 1
            return execute(sql, params, many, context)

        with connection.execute_wrapper(counter):
            call()
        times = []
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            call()
            times.append((time.perf_counter() - t0) * 1000)
        times.sort()
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(f"{label:<44} median {statistics.median(times):8.2f} ms  p95 {p95:8.2f} ms  {count[0]:3d} queries")

    total = models.Tournament.objects.filter(published=True).count()
    print(f"{args.orgs} organisations, {total} published tournaments (+{args.orgs} drafts), {args.repeat} repeats")
    measure("GET / (every organisation)", lambda: anonymous.get("/"))
    measure(f"GET /o/{orgs[0].slug}/", lambda: anonymous.get(f"/o/{orgs[0].slug}/"))
    measure(
        "GET /api/v1/tournaments?organisation=…",
        lambda: anonymous.get(f"/api/v1/tournaments?organisation={orgs[0].slug}"),
    )
    measure("GET /desk/ (organisation admin)", lambda: desk.get("/desk/"))
    measure("permissions.can(admin, own, 'pair')", lambda: permissions.can(admin, target, "pair"))
    measure("permissions.can(arbiter of B, A's, 'view')", lambda: permissions.can(arbiter, target, "view"))
    assert permissions.can(admin, target, "pair") and not permissions.can(arbiter, target, "view")


if __name__ == "__main__":
    main()
