from __future__ import annotations

from django.apps import AppConfig


class OpsConfig(AppConfig):
    """Operations (issue 32): the page caches, the pages built ahead, the jobs, backups and the audit trail.

    No models. At start it plugs its parts into the event-log port, which imports nothing above it:
    a committed change of a published tournament schedules its hot pages, and clearing the caches
    forgets the pages served before the views and what the pre-build noted of the readers.
    """

    name = "arbitro.web.ops"
    label = "arbitro_ops"
    verbose_name = "Arbitro operations"

    def ready(self) -> None:
        from arbitro.web.tournaments import eventlog

        from . import pagecache, prebuild

        eventlog.on_published_commit(prebuild.schedule)
        eventlog.on_clear(pagecache.clear)
        eventlog.on_clear(prebuild.forget)
