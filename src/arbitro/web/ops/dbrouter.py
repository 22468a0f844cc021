"""Public pages read from a PostgreSQL read replica (issue 19 §6), everything else from the primary.

``DATABASE_REPLICA_URL`` adds the database ``replica``; :class:`PublicReadRouter` sends the reads of
a request marked public (anonymous ``GET``/``HEAD`` of a public page or of the API, marked by
:class:`arbitro.web.ops.pagecache.PublicPageCacheMiddleware`) there, and every write, every
desk, login or admin request and every command to the primary. A public reader may so see a
change a replication delay late (milliseconds on a streaming replica): the version the page
cache checks is read there too, so a page is never newer than its version. Migrations run on
the primary only; the replica receives them by replication.
"""

from __future__ import annotations

import contextvars

from django.conf import settings

PUBLIC_READ: contextvars.ContextVar[bool] = contextvars.ContextVar("arbitro_public_read", default=False)
REPLICA = "replica"


class PublicReadRouter:
    def db_for_read(self, model: type, **hints: object) -> str | None:
        if PUBLIC_READ.get() and REPLICA in settings.DATABASES:
            return REPLICA
        return None

    def db_for_write(self, model: type, **hints: object) -> str | None:
        return "default"

    def allow_relation(self, obj1: object, obj2: object, **hints: object) -> bool | None:
        return True  # the same data on both

    def allow_migrate(self, db: str, app_label: str, model_name: str | None = None, **hints: object) -> bool | None:
        return db != REPLICA
