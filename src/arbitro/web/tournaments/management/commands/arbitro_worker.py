"""``arbitro manage arbitro_worker``: run the queued jobs (pairings) when ``REDIS_URL`` is set (issue 19 §4)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError


class Command(BaseCommand):
    help = "Run Arbitro's queued jobs (pairing) from Redis; needs REDIS_URL."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--burst", action="store_true", help="stop when the queue is empty")

    def handle(self, *args: Any, **options: Any) -> None:
        if not getattr(settings, "REDIS_URL", ""):
            raise CommandError("REDIS_URL: not set; without Redis the web process runs its jobs itself")
        import redis
        from rq import SimpleWorker

        from arbitro.web import jobs

        # SimpleWorker: the job runs in this process (Django and its connections already set up), no fork per job.
        worker = SimpleWorker([jobs.QUEUE], connection=redis.Redis.from_url(settings.REDIS_URL))
        worker.work(burst=options["burst"], with_scheduler=False)
