"""The caches of a tournament keyed by its version: values, rendered pages, pages built ahead.

Part of the event-log port (:mod:`arbitro.web.tournaments.eventlog`, issue 32). A tournament's
``version`` grows with every append to its log, so whatever is computed from the log (the replayed
state, the TRF text, the standings, a rendered page) is cached under ``(pk, version, key)``: several
server processes each keep their own cache and stay consistent. This module imports nothing of the
web above Django: its keys are any row with ``pk`` and ``version`` (:class:`Versioned`).
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from contextvars import ContextVar
from typing import Protocol, TypeVar, cast

from django.conf import settings
from django.core.cache import cache
from django.core.cache.backends.base import BaseCache


class Versioned(Protocol):
    """What the caches read of a tournament row: its key and the version of its log."""

    @property
    def pk(self) -> int: ...

    @property
    def version(self) -> int: ...


T = TypeVar("T")

_CACHE: OrderedDict[tuple[int, int, str], object] = OrderedDict()
_CACHE_SIZE = 256
_LOCK = threading.Lock()


_MEMO_BUILDING: dict[tuple[int, int, str], threading.RLock] = {}
# The versions of one value kept per tournament: the current one and the one before (readers of a
# row read just before a commit). Older ones are never asked for again, and each is some 12,000
# objects for a 300-player tournament (state, model, standings): kept by the dozen, as a plain
# LRU of 256 did, the garbage collector's full passes walked ~400,000 objects every few seconds,
# holding every thread of the process for 0.1-0.3 s (2026-12-02 load run, issue 19).
KEEP_VERSIONS = 2
_VERSIONS: dict[tuple[int, str], list[int]] = {}  # (pk, key) -> the versions of it in _CACHE, ascending


def _remember(full: tuple[int, int, str], value: object) -> None:
    """Store ``value`` in :data:`_CACHE` (under ``_LOCK``), dropping that key's versions past :data:`KEEP_VERSIONS`."""
    pk, version, key = full
    _CACHE[full] = value
    _CACHE.move_to_end(full)
    versions = _VERSIONS.setdefault((pk, key), [])
    if version not in versions:
        versions.append(version)
        versions.sort()
    while len(versions) > KEEP_VERSIONS:
        _CACHE.pop((pk, versions.pop(0), key), None)
    while len(_CACHE) > _CACHE_SIZE:
        old_pk, old_version, old_key = _CACHE.popitem(last=False)[0]
        kept = _VERSIONS.get((old_pk, old_key))
        if kept is not None and old_version in kept:
            kept.remove(old_version)
            if not kept:
                del _VERSIONS[(old_pk, old_key)]


def cached(t: Versioned, key: str, build: Callable[[], T]) -> T:
    """Memoise ``build()`` for this tournament's current version, built by one thread.

    The threads that ask for the same value of a new version meanwhile wait for that build
    instead of each replaying the log (or ranking the standings) again: under a crowd every
    server thread asked at once, right after each result (issue 19 load test).
    """
    full = (t.pk, t.version, key)
    with _LOCK:
        if full in _CACHE:
            _CACHE.move_to_end(full)
            return cast(T, _CACHE[full])
        building = _MEMO_BUILDING.get(full)
        if building is None:
            building = _MEMO_BUILDING[full] = threading.RLock()
    with building:
        try:
            with _LOCK:
                if full in _CACHE:
                    _CACHE.move_to_end(full)
                    return cast(T, _CACHE[full])
            value = build()
            with _LOCK:
                _remember(full, value)
            return value
        finally:
            with _LOCK:
                if _MEMO_BUILDING.get(full) is building:
                    del _MEMO_BUILDING[full]


def put(pk: int, version: int, key: str, value: object) -> None:
    """Seed the cache of a tournament's version (the state a command has just replayed)."""
    with _LOCK:
        _remember((pk, version, key), value)


def earlier(t: Versioned, key: str) -> object | None:
    """The value of ``key`` cached for the newest version of ``t`` before the current one (``None``: none here)."""
    with _LOCK:
        for version in reversed(_VERSIONS.get((t.pk, key), ())):
            if version < t.version and (t.pk, version, key) in _CACHE:
                return _CACHE[(t.pk, version, key)]
        return None


_PAGES: OrderedDict[tuple[int, int, str], bytes] = OrderedDict()
_PAGES_SIZE = 128


_BUILDING: dict[tuple[int, int, str], threading.Lock] = {}
_BUILDING_KEYS: dict[tuple[int, str], int] = {}  # pages being built (any version): how many builds
# The newest page built per (tournament, key): what the other readers get while one thread builds the next version.
_LATEST: OrderedDict[tuple[int, str], tuple[int, bytes]] = OrderedDict()


def cached_page(t: Versioned, key: str, build: Callable[[], bytes]) -> bytes:
    """Memoise a rendered public page (bytes) for this tournament's current version."""
    return cached_page_at(t, key, build)[1]


def cached_page_at(
    t: Versioned, key: str, build: Callable[[], bytes], *, stale_ok: bool = False
) -> tuple[int, bytes]:
    """``(version, bytes)`` of a public page, built once per tournament version.

    One build per page and version: the first thread asking for a new version builds it;
    the others wait for it, or, with ``stale_ok`` (the HTML pages), get the previous
    version's page at once, with its own version, so its ETag and ``data-version`` say
    what it is and the pages' refresh asks again. With ``stale_ok`` a page is also never
    built twice at once for two versions: results entered faster than a page builds would
    otherwise pile up one build per version on every server thread (issue 21 load test). A new result would otherwise make every client
    of a busy tournament wait for, or render, the same page (issue 11 and 21 load tests);
    the new page is served as soon as it is built, a fraction of a second later.

    With ``REDIS_URL`` the bytes are also kept in Redis under the same version, so the other
    processes do not build them again; while one process builds a page the others wait for it
    there (:func:`_shared_or_claim`) instead of building it at the same time.

    A hot page whose new version is being built ahead (:mod:`arbitro.web.ops.prebuild`: the
    commit marked it pending, :func:`mark_pending`) is not built by a reader: with a previous
    version it gets that one; with none (a process just started) it waits for the builder's
    bytes in the shared cache, and builds it only if they have not come within
    :data:`PENDING_SECONDS`. The builder itself (:data:`AHEAD`) never takes a stale page.
    """
    ahead = AHEAD.get()
    stale_ok = stale_ok and not ahead
    full = (t.pk, t.version, key)
    with _LOCK:
        if full in _PAGES:
            _PAGES.move_to_end(full)
            return t.version, _PAGES[full]
        latest = _LATEST.get((t.pk, key)) if stale_ok else None
        if latest is not None and latest[0] < t.version and (t.pk, key) in _BUILDING_KEYS:
            return latest  # a build of this page (this version or an older one) is under way: no second one
        building = _BUILDING.get(full)
        if building is None:
            building = _BUILDING[full] = threading.Lock()
    with building:
        try:
            with _LOCK:
                if full in _PAGES:
                    _PAGES.move_to_end(full)
                    return t.version, _PAGES[full]
                previous = _LATEST.get((t.pk, key)) if stale_ok else None
            if previous is not None and previous[0] >= t.version:
                previous = None
            shared = shared_cache()
            value = None
            claimed = False
            if shared is not None:
                generation = shared.get("page-generation", 0)
                skey = f"page:{generation}:{t.pk}:{t.version}:{key}"
                if ahead:
                    value = shared.get(skey)
                else:
                    got = shared.get_many([skey, _pending_key(generation, t.pk)])
                    value = got.get(skey)
                    pending = _pending_version(got.get(_pending_key(generation, t.pk)), key)
                    if not isinstance(value, bytes) and pending is not None:
                        if previous is not None and pending >= t.version:
                            return previous  # the builder brings the new one: the previous meanwhile
                        if pending == t.version:
                            value = _wait_shared(shared, skey, PENDING_SECONDS)
                if not isinstance(value, bytes):
                    value, claimed = _shared_or_claim(shared, skey, wait=previous is None)
                    if value is None and not claimed and previous is not None:
                        return previous  # another process builds this version: the previous one meanwhile
            elif previous is not None and _pending_here(t.pk, t.version, key):
                return previous  # this process's prebuild thread brings the new one
            if not isinstance(value, bytes):
                with _LOCK:
                    _BUILDING_KEYS[(t.pk, key)] = _BUILDING_KEYS.get((t.pk, key), 0) + 1
                try:
                    value = build()
                except BaseException:
                    if claimed and shared is not None:
                        shared.delete(f"{skey}:building")  # the others build it themselves at once
                    raise
                finally:
                    with _LOCK:
                        _BUILDING_KEYS[(t.pk, key)] -= 1
                        if not _BUILDING_KEYS[(t.pk, key)]:
                            del _BUILDING_KEYS[(t.pk, key)]
                if shared is not None:
                    shared.set(skey, value)
                    if claimed:
                        shared.delete(f"{skey}:building")
            with _LOCK:
                _PAGES[full] = value
                while len(_PAGES) > _PAGES_SIZE:
                    _PAGES.popitem(last=False)
                latest = _LATEST.get((t.pk, key))
                if latest is None or latest[0] <= t.version:
                    _LATEST[(t.pk, key)] = (t.version, value)
                    _LATEST.move_to_end((t.pk, key))
                    while len(_LATEST) > _PAGES_SIZE:
                        _LATEST.popitem(last=False)
            return t.version, value
        finally:
            with _LOCK:
                _BUILDING.pop(full, None)


# -- pages built ahead (web/ops/prebuild.py) ------------------------------------

AHEAD: ContextVar[bool] = ContextVar("arbitro_build_ahead", default=False)  # set by the builder ahead
PENDING_SECONDS = 2.0  # how long readers leave a pending hot page to its builder (issue 19: visible within 2 s)
_PENDING: dict[int, tuple[int, float, frozenset[str]]] = {}  # this process: pk -> (version, until, keys)
_PREBUILT: dict[int, int] = {}  # this process, without Redis: pk -> the last version built ahead


def _pending_key(generation: object, pk: int) -> str:
    return f"prebuild:{generation}:{pk}"


def _pending_version(marker: object, key: str) -> int | None:
    """The version a shared pending marker announces for ``key``, or ``None`` (no marker, or not a hot key)."""
    if isinstance(marker, tuple) and len(marker) == 2 and key in marker[1]:
        return int(marker[0])
    return None


def _pending_here(pk: int, version: int, key: str) -> bool:
    with _LOCK:
        pending = _PENDING.get(pk)
    return pending is not None and pending[0] >= version and time.monotonic() < pending[1] and key in pending[2]


def mark_pending(pk: int, version: int, keys: frozenset[str]) -> None:
    """The pages ``keys`` of tournament ``pk`` at ``version`` are being built ahead: readers leave them to the builder."""
    with _LOCK:
        _PENDING[pk] = (version, time.monotonic() + PENDING_SECONDS, keys)
        if len(_PENDING) > _CACHE_SIZE:
            _PENDING.pop(next(iter(_PENDING)))
    shared = shared_cache()
    if shared is not None:
        shared.set(_pending_key(shared.get("page-generation", 0), pk), (version, keys), timeout=int(PENDING_SECONDS))


def prebuilt(pk: int) -> int:
    """The last version of ``pk`` whose hot pages were built ahead (0: none)."""
    shared = shared_cache()
    if shared is not None:
        return int(shared.get(f"prebuilt:{shared.get('page-generation', 0)}:{pk}", 0))
    with _LOCK:
        return _PREBUILT.get(pk, 0)


def set_prebuilt(pk: int, version: int) -> None:
    shared = shared_cache()
    if shared is not None:
        shared.set(f"prebuilt:{shared.get('page-generation', 0)}:{pk}", version)
        return
    with _LOCK:
        _PREBUILT[pk] = max(version, _PREBUILT.get(pk, 0))


def _wait_shared(shared: BaseCache, skey: str, seconds: float) -> bytes | None:
    """The bytes of ``skey`` once another process has stored them, or ``None`` after ``seconds`` (no claim)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        time.sleep(0.01)
        value = shared.get(skey)
        if isinstance(value, bytes):
            return value
    return None


SHARED_WAIT = 2.0  # seconds a process waits for another one's build of a page before building it itself


def _shared_or_claim(shared: BaseCache, skey: str, *, wait: bool = True) -> tuple[bytes | None, bool]:
    """``(page, False)`` once another process has built it, or ``(None, True)``: this one builds it.

    One build per page and version across the web processes (issue 19 §2): the first to claim
    it builds; the others (``wait``) wait for its bytes in Redis (a sleeping thread holds no CPU)
    rather than render the same page again; past :data:`SHARED_WAIT` (a builder gone) they build
    it. Without ``wait`` (a reader that has the previous version to show): ``(None, False)`` at once.
    """
    if shared.add(f"{skey}:building", 1, timeout=int(SHARED_WAIT) + 1):
        return None, True
    if not wait:
        return None, False
    deadline = time.monotonic() + SHARED_WAIT
    while time.monotonic() < deadline:
        time.sleep(0.01)
        value = shared.get(skey)
        if isinstance(value, bytes):
            return value, False
    return None, False


def shared_cache() -> BaseCache | None:
    """Django's cache when it is shared between processes (Redis, ``REDIS_URL``), else ``None``.

    A page built by one web process is then served by all of them (issue 19 §2); the local-memory
    cache of the embedded default would only duplicate :data:`_PAGES` in the same process.
    """
    if not getattr(settings, "REDIS_URL", ""):
        return None
    return cache


def clear_cache() -> None:
    with _LOCK:
        _CACHE.clear()
        _VERSIONS.clear()
        _PAGES.clear()
        _LATEST.clear()
        _PENDING.clear()
        _PREBUILT.clear()
    shared = shared_cache()
    if shared is not None:  # a new generation: the shared pages of reused (pk, version) pairs are forgotten
        shared.add("page-generation", 0, timeout=None)
        shared.incr("page-generation")
    for forget in list(_ON_CLEAR):
        forget()


#: What else :func:`clear_cache` forgets, registered by its owner (the pages served before the views,
#: the pre-build's readers: issue 32, this module imports nothing above it).
_ON_CLEAR: list[Callable[[], None]] = []


def on_clear(forget: Callable[[], None]) -> None:
    """Have :func:`clear_cache` call ``forget`` too (once, however often it is registered)."""
    if forget not in _ON_CLEAR:
        _ON_CLEAR.append(forget)
