"""Long jobs off the request path (issue 19 §4): pairing a round runs in a worker.

With ``REDIS_URL`` set, the desk's "pair" enqueues a job on the RQ queue ``arbitro`` and
returns at once; ``arbitro manage arbitro_worker`` (one process or more, beside the web
servers) runs it through the same service command as before, so the event log, its
optimistic concurrency and the permissions are unchanged. The job's progress (queued,
running, done, failed) is kept in the cache, which is Redis too, and shown at the top of
the tournament's desk page (:func:`context`), which reloads itself while the job runs.

Crashes (issue 38 item 2): the status names its RQ job (``job``), and whether a job is still
alive is derived from the queue and a lease, never from the status alone. A "queued" status
whose job is not in Redis (the web process died between writing it and pushing the job) is
dead after :data:`PUSH_GRACE` seconds; a "running" job renews a heartbeat every
:data:`HEARTBEAT` seconds from a thread of the worker, and one whose heartbeat is older than
:data:`LEASE` seconds (its worker was killed) is reported failed on the desk, which may pair
again at once. (RQ's own abandoned-job handling does not help here: the ``SimpleWorker`` runs
the job in its own thread and extends its lease by the whole job timeout.) A pairing is not
retried by itself: the worker may have died after the round was committed, and pairing again
would pair the next round; the desk says so and the arbiter looks before pairing again.

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
HEARTBEAT = 5.0  # seconds between the heartbeats of a running job
LEASE = 30.0  # seconds without a heartbeat after which a running job's worker is taken as dead
PUSH_GRACE = 10.0  # seconds a "queued" status may wait for its job to appear in Redis


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


def _beat_key(pk: int) -> str:
    return f"arbitro-job-beat:{pk}"


def _queue_state(job_id: str) -> str:
    """RQ's status of job ``job_id`` ("queued", "started", ...), "missing" when RQ holds no such job.

    "unknown" when Redis does not answer: nothing can be decided then, and nothing is declared dead.
    """
    import redis
    from rq.exceptions import NoSuchJobError
    from rq.job import Job

    try:
        job = Job.fetch(job_id, connection=redis.Redis.from_url(settings.REDIS_URL))
        return str(getattr(job.get_status(refresh=False), "value", "") or "unknown")
    except NoSuchJobError:
        return "missing"
    except (redis.RedisError, ValueError, TypeError, AttributeError):
        return "unknown"


def dead(job: dict[str, Any], now: float | None = None) -> bool:
    """Whether a queued or running job ``job`` (a status) can no longer finish: its worker or its push died."""
    now = time.time() if now is None else now
    state = job.get("state")
    if state not in ("queued", "running"):
        return False
    queued = float(job.get("queued") or 0)
    if now - queued >= _JOB_TIMEOUT:  # RQ has stopped it by now in any case
        return True
    job_id = str(job.get("job") or "")
    if state == "queued":
        if not job_id or now - queued <= PUSH_GRACE:  # (no id: a status written before jobs were named)
            return False
        in_queue = _queue_state(job_id)
        if in_queue == "missing":  # the request died before the push, or Redis lost it
            return True
        if in_queue in ("created", "queued", "deferred", "scheduled", "ready_to_enqueue", "rate_limited", "unknown"):  # waiting for a worker: alive
            return False
        # taken by a worker that has not said "running" (or died right then): the lease decides
    beat = cache.get(_beat_key(int(job.get("pk") or 0))) if job.get("pk") else None
    last = float(job.get("started") or queued)
    if isinstance(beat, dict) and beat.get("job") == job_id:
        last = max(last, float(beat.get("at") or 0))
    return now - last > LEASE


def current(pk: int) -> dict[str, Any] | None:
    """:func:`status`, with a dead job's status turned into a failure that says so (issue 38 item 2)."""
    job = status(pk)
    if job is not None and dead({**job, "pk": pk}):
        job = {**job, "state": "failed", "finished": time.time(), "message": _(
            "The worker stopped before the pairing finished (it was restarted or killed). "
            "Look at the rounds: if the round is not there, pair again."
        )}  # fmt: skip
        cache.set(_key(pk), job, timeout=_STATUS_SECONDS)
    return job


def enqueue(op: str, row: models.Tournament, user: Actor) -> str:
    """Queue ``op`` for tournament ``row`` (one job per tournament at a time); the desk's message.

    The status names the job before the job is pushed: a web process killed in between leaves a
    status whose job does not exist, which :func:`dead` sees after :data:`PUSH_GRACE` seconds.
    """
    import uuid

    if op not in JOBS:
        raise ValueError(op)
    busy = _("A pairing of this tournament is already under way; wait for it to finish.")
    current_job = current(row.pk)
    if current_job is not None and current_job.get("state") in ("queued", "running"):
        raise ArbitroError(busy)
    if not cache.add(f"arbitro-job-enqueue:{row.pk}", 1, timeout=int(PUSH_GRACE)):  # two clicks at once: one job
        raise ArbitroError(busy)
    try:
        job_id = f"arbitro-{op}-{row.pk}-{uuid.uuid4().hex}"
        cache.set(_key(row.pk), {"op": op, "state": "queued", "message": "", "queued": time.time(), "started": None,
                                 "finished": None, "job": job_id}, timeout=_STATUS_SECONDS)  # fmt: skip
        user_pk = user.pk if user is not None and user.is_authenticated else None
        queue().enqueue(run, op, row.pk, user_pk, job_id, translation.get_language() or "", job_id=job_id,
                        job_timeout=_JOB_TIMEOUT, result_ttl=600,
                        failure_ttl=3600)  # fmt: skip
    finally:
        cache.delete(f"arbitro-job-enqueue:{row.pk}")
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


class _Heartbeat:
    """A thread that renews a running job's lease every :data:`HEARTBEAT` seconds until stopped."""

    def __init__(self, pk: int, job_id: str) -> None:
        import threading

        self.pk, self.job_id = pk, job_id
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._loop, name=f"arbitro-job-beat-{pk}", daemon=True)

    def beat(self) -> None:
        import contextlib

        with contextlib.suppress(Exception):  # a lost beat only shortens the lease; the job goes on
            cache.set(_beat_key(self.pk), {"job": self.job_id, "at": time.time()}, timeout=int(LEASE * 4))

    def _loop(self) -> None:
        while not self.stopped.wait(HEARTBEAT):
            self.beat()

    def __enter__(self) -> _Heartbeat:
        self.beat()
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stopped.set()


def run(op: str, pk: int, user_pk: int | None, job_id: str = "", language: str = "") -> str:
    """The worker's side: the same service command the request ran before, its outcome in the status.

    ``language``: the language of the request that queued it, so the desk's message is in the reader's
    language (else the user's saved preference, else the site's default).

    While it runs, a heartbeat renews its lease (:func:`dead`). Its outcome is written only while
    the status is still its own (a job taken for dead and replaced does not overwrite the new one).
    """

    def fresh() -> None:  # the worker's connections between jobs (not inside a test's transaction)
        if not connection.in_atomic_block:
            close_old_connections()

    def finish(**fields: object) -> None:
        mine = status(pk) or {}
        if not job_id or mine.get("job") in (None, "", job_id):
            _set(pk, **fields)

    if job_id and (status(pk) or {}).get("job") not in (None, "", job_id):
        return "superseded"  # taken for dead and replaced by a newer job of the same tournament: not run twice
    fresh()
    user = get_user_model().objects.filter(pk=user_pk).first() if user_pk else None
    pref = getattr(user, "arbitro_pref", None) if user is not None else None
    language = language or getattr(pref, "language", "") or settings.LANGUAGE_CODE
    finish(state="running", started=time.time(), **({"job": job_id} if job_id else {}))
    with translation.override(language), _Heartbeat(pk, job_id):
        try:
            row = eventlog.tournament(pk)
            message = JOBS[op](row, user)
        except ArbitroError as err:
            # a coded Message (arbitro.errors) is kept as it is (it pickles with its code), so the desk
            # translates it when it shows it; plain text is kept as text
            kept = err.args[0] if err.args and isinstance(err.args[0], Message) else str(err)
            finish(state="failed", message=kept, finished=time.time())
            return str(err)
        except Exception:
            finish(state="failed", message=_("The job failed; see the worker's log."), finished=time.time())
            raise
        finally:
            fresh()
    finish(state="done", message=message, finished=time.time())
    return message


def context(request: HttpRequest) -> dict[str, object]:
    """Template context on a tournament's desk page: ``arbitro_job`` (state, text, ``running``)."""
    match = getattr(request, "resolver_match", None)
    if not enabled() or match is None or match.url_name != "desk_panel":
        return {}
    row = models.Tournament.objects.filter(slug=match.kwargs.get("slug", "")).only("pk", "organisation").first()
    if row is None or not permissions.can(request.user, row, "view"):  # a refused desk page shows no job (issue 19 item 5)
        return {}
    job = current(row.pk)  # a dead worker's job is shown failed, not "in progress" (issue 38 item 2)
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
