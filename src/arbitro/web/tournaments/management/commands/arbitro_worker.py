"""``arbitro manage arbitro_worker``: run the queued jobs (pairings) when ``REDIS_URL`` is set (issue 19 §4)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser


class Command(BaseCommand):
    help = "Run Arbitro's queued jobs (pairing) from Redis; needs REDIS_URL."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--burst", action="store_true", help="stop when the queue is empty")
        parser.add_argument(
            "--queue", action="append", choices=["pages", "jobs"],
            help="only these queues (repeatable); default both, the pages first",
        )

    def handle(self, *args: str, **options: Any) -> None:
        if not getattr(settings, "REDIS_URL", ""):
            raise CommandError("REDIS_URL: not set; without Redis the web process runs its jobs itself")
        import redis
        from rq import SimpleWorker

        from arbitro.web import jobs
        from arbitro.web.ops import prebuild
        from arbitro.web.tournaments import service  # noqa: F401 - registers the desk's jobs (pair)

        # The pages of a new version first (web/ops/prebuild.py: a fraction of a second each), then the
        # long jobs (a pairing). A worker busy pairing builds no page meanwhile: the readers then build
        # them after a short wait, or a second worker takes `--queue pages` alone (docs/deploy.md).
        names = {"pages": prebuild.QUEUE, "jobs": jobs.QUEUE}
        wanted = options.get("queue") or ["pages", "jobs"]
        # SimpleWorker: the job runs in this process (Django and its connections already set up), no fork per job.
        worker = SimpleWorker([names[q] for q in wanted], connection=redis.Redis.from_url(settings.REDIS_URL))
        worker.work(burst=options["burst"], with_scheduler=False)
