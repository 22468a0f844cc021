"""A tournament's hot public pages built once per version, off the readers' path (issue 19 §2, load goal).

When a change of a published tournament is committed (a result entered, a round published...),
:func:`schedule` has its hot pages and API bodies built for the new version once, ahead of the
readers:

* with ``REDIS_URL``, by the worker (``arbitro manage arbitro_worker``, RQ queue
  :data:`QUEUE`), which stores them in Redis, so every web process fetches the bytes instead of
  building them (one Redis read per page, version and process; after it the process's own
  memory, :mod:`arbitro.web.ops.pagecache`);
* without Redis (the embedded default), by one background thread of the process that committed
  the change, into that process's memory (the others still build on demand, as before).

Meanwhile the readers of a hot page keep getting its previous version (``stale_ok`` in
:func:`arbitro.web.tournaments.eventlog.cached_page_at`) and do not build it themselves: the
commit leaves a *pending* marker (version and the pages' keys, :data:`eventlog.PENDING_SECONDS`
long) that the readers consult before building. A reader builds a hot page only when it has no
version of it at all and the builder has not delivered within that time (a worker busy pairing
or gone); the less hot pages (every player's page, past rounds, norms) stay built on demand.

Builds run the page's own view (so the bytes are exactly what a reader's miss would store: the
tests compare them) with an anonymous request that has no cookie, session or address: the API's
per-client limit does not count it.
"""

from __future__ import annotations

import contextlib
import inspect
import logging
import threading
import time
from collections.abc import Iterator

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.db import close_old_connections, connection
from django.http import Http404, HttpRequest
from django.urls import resolve
from django.utils import translation

from arbitro.web import jobs
from arbitro.web.api.http import ApiError, Resource
from arbitro.web.tournaments import eventlog

log = logging.getLogger(__name__)

QUEUE = "arbitro-pages"  # the worker's first queue (before the pairings'), arbitro_worker
API = "api"
PAGES = ("", "players/", "pairings/", "standings/", "crosstable/")  # /t/<slug>/... in every language
API_RESOURCES = ("", "/players", "/standings", "/crosstable")  # /api/v1/tournaments/<slug>..., plus the round in play
FIRST = ("pairings/", "standings/")  # built right after the round in play's API resource, in every language


_PAUSED = 0  # > 0 inside :func:`paused`: commits schedule no build


def enabled() -> bool:
    return bool(getattr(settings, "ARBITRO_PREBUILD", True)) and _PAUSED == 0


@contextlib.contextmanager
def paused() -> Iterator[None]:
    """Commits inside schedule no build ahead (``arbitro serve``'s preparation before it forks).

    A process that is about to fork its servers must not run the background builder: a thread
    caught inside an import at the fork leaves the child a half-imported module (issue 31: the
    demo load on an empty folder started it, and every page of the first start answered 500 with
    ``arbitro.web.urls`` half imported). Readers build the pages on demand instead.
    """
    global _PAUSED
    _PAUSED += 1
    try:
        yield
    finally:
        _PAUSED -= 1


READ_SECONDS = 600  # a language is built ahead while its pages were read this recently
_NOTE_SECONDS = 60.0  # a process tells the shared cache at most this often that a language is read
_NOTED: dict[tuple[int, str], float] = {}
_READ: dict[tuple[int, str], float] = {}  # without Redis: when a language's page was last read here


def note_reader(pk: int, lang: str) -> None:
    """A reader missed a page of ``pk`` in ``lang`` (public_page): build that language ahead for a while.

    Only the languages that are read are built ahead (the default one always): a second language
    nobody reads would double the builder's work. Called on the view's path only (once per page,
    version and process; the early cache's hits never get here)."""
    now = time.monotonic()
    if now - _NOTED.get((pk, lang), -1e9) < _NOTE_SECONDS:
        return
    _NOTED[(pk, lang)] = now
    if len(_NOTED) > 4096:
        _NOTED.clear()
    shared = eventlog.shared_cache()
    if shared is not None:
        shared.set(f"prebuild-read:{pk}:{lang}", 1, timeout=READ_SECONDS)
    else:
        _READ[(pk, lang)] = now


def forget() -> None:
    """What this process noted of the readers, forgotten by ``eventlog.clear_cache`` (a restore may reuse versions)."""
    _READ.clear()
    _NOTED.clear()


def _languages(pk: int | None = None) -> list[str]:
    """The default language, and the others whose pages of ``pk`` are read (:func:`note_reader`)."""
    codes = [code for code, _name in settings.LANGUAGES]
    if pk is None:
        return codes
    shared = eventlog.shared_cache()
    others = [c for c in codes if c != settings.LANGUAGE_CODE]
    if shared is not None:
        got = shared.get_many([f"prebuild-read:{pk}:{c}" for c in others])
        read = [c for c in others if got.get(f"prebuild-read:{pk}:{c}")]
    else:
        now = time.monotonic()
        read = [c for c in others if now - _READ.get((pk, c), -1e9) < READ_SECONDS]
    return [settings.LANGUAGE_CODE, *read]


def hot_paths(slug: str, played_rounds: int, pk: int | None = None) -> list[tuple[str, str]]:
    """``(path, language)`` of the hot pages of a tournament whose last published round is ``played_rounds``
    (``"api"`` as the language of an API body, which has none); with ``pk``, only its read languages."""
    languages = _languages(pk)
    api = f"/api/v1/tournaments/{slug}"
    # What a result changes first, built first: the round in play (its API resource and the pairings
    # page, where a reader waits for the result: issue 19, visible within 2 s), then the rest.
    out = [(f"{api}/rounds/{played_rounds}", API)] if played_rounds else []
    out += [(f"/t/{slug}/{page}", lang) for page in FIRST for lang in languages]
    out += [(f"/t/{slug}/{page}", lang) for lang in languages for page in PAGES if page not in FIRST]
    out += [(f"{api}{resource}", API) for resource in API_RESOURCES]
    return out


def key_of(path: str, lang: str) -> str:
    """The page's key in :func:`eventlog.cached_page_at`, as the views name it (public.views, api.views)."""
    return f"api|{path}" if lang == API else f"{path}|{lang}"


def hot_keys(slug: str, played_rounds: int, pk: int | None = None) -> frozenset[str]:
    return frozenset(key_of(p, lang) for p, lang in hot_paths(slug, played_rounds, pk))


def schedule(pk: int) -> None:
    """After a commit of tournament ``pk``: mark its hot pages of the new version pending, then have them built."""
    if not enabled():
        return
    row = eventlog.published(pk)
    if row is None or eventlog.is_team(row):
        return
    core = eventlog.load(row)  # the state the command just replayed (eventlog.put): no replay here
    eventlog.mark_pending(row.pk, row.version, hot_keys(row.slug, core.played_rounds, row.pk))
    if jobs.enabled():
        try:
            jobs.queue(QUEUE).enqueue(run, row.pk, row.version, job_timeout=120, result_ttl=0, ttl=60)
            return
        except Exception:  # Redis away: the readers build on demand (after the pending time)
            log.exception("prebuild: could not enqueue tournament %s", pk)
            return
    _background(row.pk)


def run(pk: int, version: int = 0) -> int:
    """The worker's job (and the background thread's): build the current version's hot pages, once.

    ``version`` is the one that was committed; a job that finds the pages of a later version
    already built does nothing (results entered faster than the pages build are coalesced: the
    next job builds the newest version). Returns how many pages were built (or fetched)."""
    if not connection.in_atomic_block:
        close_old_connections()
    row = eventlog.published(pk)
    if row is None or eventlog.is_team(row) or eventlog.prebuilt(pk) >= row.version:
        return 0
    core = eventlog.load(row)
    count = 0
    token = eventlog.AHEAD.set(True)
    try:
        for path, lang in hot_paths(row.slug, core.played_rounds, row.pk):
            try:
                build_one(path, lang)
                count += 1
            except Http404:
                continue
            except Exception as err:  # one page that cannot be built is built (or fails) on demand, as before
                if not isinstance(err, ApiError):
                    log.exception("prebuild: %s (%s)", path, lang)
    finally:
        eventlog.AHEAD.reset(token)
    eventlog.set_prebuilt(pk, row.version)
    return count


def _request(path: str) -> HttpRequest:
    request = HttpRequest()
    request.method = "GET"
    request.path = request.path_info = path
    request.META = {"SERVER_NAME": "prebuild", "SERVER_PORT": "80", "REMOTE_ADDR": ""}
    request.user = AnonymousUser()
    return request


def build_one(path: str, lang: str) -> None:
    """Build (or fetch) one page of the current version through its view's own cache (eventlog.cached_page_at)."""
    match = resolve(path)
    request = _request(path)
    request.resolver_match = match
    with translation.override(settings.LANGUAGE_CODE if lang == API else lang):
        request.LANGUAGE_CODE = translation.get_language()
        if lang == API:
            resource: Resource = inspect.unwrap(match.func)(request, *match.args, **match.kwargs)  # no rate count
            if resource.versioned is not None:
                resource.versioned()
        else:
            match.func(request, *match.args, **match.kwargs)


# -- without Redis: one background thread per process ---------------------------------------------

_WANTED: dict[int, None] = {}  # tournaments whose pages are to be built (insertion order)
_COND = threading.Condition()
_THREAD: threading.Thread | None = None
_RUNNING = threading.Lock()  # held while the thread builds


def _background(pk: int) -> None:
    global _THREAD
    with _COND:
        _WANTED[pk] = None
        if _THREAD is None or not _THREAD.is_alive():
            _THREAD = threading.Thread(target=_loop, name="arbitro-prebuild", daemon=True)
            _THREAD.start()
        _COND.notify()


def _loop() -> None:
    while True:
        with _COND:
            while not _WANTED:
                if not _COND.wait(timeout=60):
                    return  # idle for a minute: the thread ends (a new commit starts another)
            pk = next(iter(_WANTED))
            del _WANTED[pk]
            _RUNNING.acquire()  # before the condition is released: wait_idle never sees a gap
        try:
            run(pk)
        except Exception:
            log.exception("prebuild: tournament %s", pk)
        finally:
            connection.close()
            _RUNNING.release()


def wait_idle(timeout: float = 10.0) -> bool:
    """Wait until the background thread has nothing left to build (tests)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with _COND:
            busy = bool(_WANTED) or _RUNNING.locked()
        if not busy:
            return True
        time.sleep(0.01)
    return False
