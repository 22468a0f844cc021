"""Long jobs off the request path (issue 19 §4): pairing a round runs in a worker.

With ``REDIS_URL`` set, the desk's "pair" enqueues a job on the RQ queue ``arbitro`` and
returns at once; ``arbitro manage arbitro_worker`` (one process or more, beside the web
servers) runs it through the same service command as before, so the event log, its
optimistic concurrency and the permissions are unchanged. The job's progress (queued,
running, done, failed) is kept in the cache, which is Redis too, and shown at the top of
the tournament's desk page (:func:`context`), which reloads itself while the job runs.

Without Redis (the embedded default) nothing changes: the command runs in the request, as
before. ``ARBITRO_JOBS_EAGER=1`` runs the queued job at once in the web process, through
RQ (the test suite's Redis run).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import close_old_connections, connection
from django.http import HttpRequest
from django.utils import translation
from django.utils.translation import gettext as _

from arbitro.errors import ArbitroError, Message
from arbitro.web.tournaments import eventlog, models, permissions, texts
from arbitro.web.tournaments.eventlog import Actor

if TYPE_CHECKING:
    from rq import Queue

QUEUE = "arbitro"
_JOB_TIMEOUT = 1800  # seconds: RQ stops a job after this; a job "running" for longer is a dead worker's
_STATUS_SECONDS = 6 * 3600  # how long the desk shows a finished job's outcome at most


def enabled() -> bool:
    return bool(getattr(settings, "REDIS_URL", ""))


def _eager() -> bool:
    return bool(getattr(settings, "ARBITRO_JOBS_EAGER", False))


def queue(name: str = "") -> Queue:
    """The RQ queue ``name`` (default: the pairings' :data:`QUEUE`; the pages' is ``ops.prebuild.QUEUE``)."""
    import redis
    from rq import Queue

    return Queue(name or QUEUE, connection=redis.Redis.from_url(settings.REDIS_URL), is_async=not _eager())


def _key(pk: int) -> str:
    return f"arbitro-job:{pk}"


def status(pk: int) -> dict[str, Any] | None:
    """The last job of a tournament: ``{"op", "state", "message", "queued", "started", "finished"}``."""
    value = cache.get(_key(pk))
    return value if isinstance(value, dict) else None


def _set(pk: int, **fields: object) -> None:
    current = status(pk) or {}
    cache.set(_key(pk), {**current, **fields}, timeout=_STATUS_SECONDS)


def enqueue(op: str, row: models.Tournament, user: Actor) -> str:
    """Queue ``op`` for tournament ``row`` (one job per tournament at a time); the desk's message."""
    if op not in JOBS:
        raise ValueError(op)
    current = status(row.pk)
    alive = current is not None and time.time() - float(current.get("queued") or 0) < _JOB_TIMEOUT  # else a dead worker's
    if alive and current is not None and current.get("state") in ("queued", "running"):
        raise ArbitroError(_("A pairing of this tournament is already under way; wait for it to finish."))
    _set(row.pk, op=op, state="queued", message="", queued=time.time(), started=None, finished=None)
    user_pk = user.pk if user is not None and user.is_authenticated else None
    queue().enqueue(run, op, row.pk, user_pk, job_timeout=_JOB_TIMEOUT, result_ttl=600, failure_ttl=3600)
    if _eager():  # already run: its outcome, an error as an error
        done = status(row.pk) or {}
        if done.get("state") == "failed":  # the core's coded message: the page says it in the reader's language
            raise ArbitroError(done.get("message") or "")
        return str(done.get("message") or "")
    return _("Pairing started; this page shows the round as soon as it is ready.")


#: The operations a worker runs, ``op -> job(row, user) -> the desk's message``. Each is registered by
#: the module that owns it (the desk's service registers ``pair``), so this module imports no service
#: (issue 32); the worker command imports the service before it works.
JOBS: dict[str, Callable[[models.Tournament, Actor], str]] = {}


def register(op: str, job: Callable[[models.Tournament, Actor], str]) -> None:
    """Make ``op`` a job the desk may enqueue and the worker run."""
    JOBS[op] = job


def run(op: str, pk: int, user_pk: int | None) -> str:
    """The worker's side: the same service command the request ran before, its outcome in the status."""

    def fresh() -> None:  # the worker's connections between jobs (not inside a test's transaction)
        if not connection.in_atomic_block:
            close_old_connections()

    fresh()
    user = get_user_model().objects.filter(pk=user_pk).first() if user_pk else None
    pref = getattr(user, "arbitro_pref", None) if user is not None else None
    language = getattr(pref, "language", "") or settings.LANGUAGE_CODE
    _set(pk, state="running", started=time.time())
    with translation.override(language):
        try:
            row = eventlog.tournament(pk)
            message = JOBS[op](row, user)
        except ArbitroError as err:
            # a coded Message (arbitro.errors) is kept as it is (it pickles with its code), so the desk
            # translates it when it shows it; plain text is kept as text
            kept = err.args[0] if err.args and isinstance(err.args[0], Message) else str(err)
            _set(pk, state="failed", message=kept, finished=time.time())
            return str(err)
        except Exception:
            _set(pk, state="failed", message=_("The job failed; see the worker's log."), finished=time.time())
            raise
        finally:
            fresh()
    _set(pk, state="done", message=message, finished=time.time())
    return message


def context(request: HttpRequest) -> dict[str, object]:
    """Template context on a tournament's desk page: ``arbitro_job`` (state, text, ``running``)."""
    match = getattr(request, "resolver_match", None)
    if not enabled() or match is None or match.url_name != "desk_panel":
        return {}
    row = models.Tournament.objects.filter(slug=match.kwargs.get("slug", "")).only("pk", "organisation").first()
    if row is None or not permissions.can(request.user, row, "view"):  # a refused desk page shows no job (issue 19 item 5)
        return {}
    job = status(row.pk)
    if job is None:
        return {}
    now = time.time()
    state = job.get("state")
    if state == "queued":
        text = _("Pairing queued %(s)s s ago; waiting for the worker.") % {"s": int(now - job["queued"])}
    elif state == "running":
        text = _("Pairing in progress for %(s)s s.") % {"s": int(now - (job.get("started") or now))}
    elif state == "failed":
        text = _("Pairing failed: %(m)s") % {"m": texts.text(job.get("message", ""))}
    else:
        if now - (job.get("finished") or now) > 120:  # done long ago: the round itself is on the page
            return {}
        text = str(job.get("message") or "")
    return {"arbitro_job": {"state": state, "text": text, "running": state in ("queued", "running")}}
