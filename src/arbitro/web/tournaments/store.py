"""The bridge between the database rows and the core model.

The event log (:class:`models.TournamentEvent`) is a tournament's only truth.
Everything the web face knows about its chess state comes from :func:`load`,
the core :class:`arbitro.model.Tournament` of the log's replay (:func:`state`,
here below the desk's service, which appends: issue 32); a tournament imported from a
TRF file and not yet given its log is its imported file (``base_trf``).

The TRF text, the standings, the rendered pages are caches keyed by
``(pk, version)``: ``version`` grows with every append to the log (the service's
``_commit``), so several server processes each keep their own cache and stay
consistent. ``status`` is written with each append, from the replayed state.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from contextvars import ContextVar
from typing import TypeVar, cast

from django.core.cache.backends.base import BaseCache
from django.db import transaction
from django.utils.text import slugify

from arbitro.errors import ArbitroError
from arbitro.model import Tournament as CoreTournament
from arbitro.tournament import Event, TournamentState, event_from_dict
from arbitro.tournament import replay as core_replay
from arbitro.tournament.state import extended as core_extended
from arbitro.trf import format_trf as _format_trf
from arbitro.trf import parse_trf
from arbitro.trf.diagnostics import Diagnostic

from . import models

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


def cached(t: models.Tournament, key: str, build: Callable[[], T]) -> T:
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


def earlier(t: models.Tournament, key: str) -> object | None:
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


def cached_page(t: models.Tournament, key: str, build: Callable[[], bytes]) -> bytes:
    """Memoise a rendered public page (bytes) for this tournament's current version."""
    return cached_page_at(t, key, build)[1]


def cached_page_at(
    t: models.Tournament, key: str, build: Callable[[], bytes], *, stale_ok: bool = False
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
            shared = _shared_cache()
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
    import time

    with _LOCK:
        pending = _PENDING.get(pk)
    return pending is not None and pending[0] >= version and time.monotonic() < pending[1] and key in pending[2]


def mark_pending(pk: int, version: int, keys: frozenset[str]) -> None:
    """The pages ``keys`` of tournament ``pk`` at ``version`` are being built ahead: readers leave them to the builder."""
    import time

    with _LOCK:
        _PENDING[pk] = (version, time.monotonic() + PENDING_SECONDS, keys)
        if len(_PENDING) > _CACHE_SIZE:
            _PENDING.pop(next(iter(_PENDING)))
    shared = _shared_cache()
    if shared is not None:
        shared.set(_pending_key(shared.get("page-generation", 0), pk), (version, keys), timeout=int(PENDING_SECONDS))


def prebuilt(pk: int) -> int:
    """The last version of ``pk`` whose hot pages were built ahead (0: none)."""
    shared = _shared_cache()
    if shared is not None:
        return int(shared.get(f"prebuilt:{shared.get('page-generation', 0)}:{pk}", 0))
    with _LOCK:
        return _PREBUILT.get(pk, 0)


def set_prebuilt(pk: int, version: int) -> None:
    shared = _shared_cache()
    if shared is not None:
        shared.set(f"prebuilt:{shared.get('page-generation', 0)}:{pk}", version)
        return
    with _LOCK:
        _PREBUILT[pk] = max(version, _PREBUILT.get(pk, 0))


def _wait_shared(shared: BaseCache, skey: str, seconds: float) -> bytes | None:
    """The bytes of ``skey`` once another process has stored them, or ``None`` after ``seconds`` (no claim)."""
    import time

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
    import time

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


def _shared_cache() -> BaseCache | None:
    """Django's cache when it is shared between processes (Redis, ``REDIS_URL``), else ``None``.

    A page built by one web process is then served by all of them (issue 19 §2); the local-memory
    cache of the embedded default would only duplicate :data:`_PAGES` in the same process.
    """
    from django.conf import settings

    if not getattr(settings, "REDIS_URL", ""):
        return None
    from django.core.cache import cache

    return cache


def clear_cache() -> None:
    with _LOCK:
        _CACHE.clear()
        _VERSIONS.clear()
        _PAGES.clear()
        _LATEST.clear()
        _PENDING.clear()
        _PREBUILT.clear()
    shared = _shared_cache()
    if shared is not None:  # a new generation: the shared pages of reused (pk, version) pairs are forgotten
        shared.add("page-generation", 0, timeout=None)
        shared.incr("page-generation")
    from arbitro.web.ops import pagecache  # the pages served before the views (a restore may reuse versions)

    pagecache.clear()
    for forget in list(_ON_CLEAR):
        forget()


#: What else :func:`clear_cache` forgets, registered by its owner (the pre-build's readers, issue 32:
#: the store imports nothing above it).
_ON_CLEAR: list[Callable[[], None]] = []


def on_clear(forget: Callable[[], None]) -> None:
    """Have :func:`clear_cache` call ``forget`` too (once, however often it is registered)."""
    if forget not in _ON_CLEAR:
        _ON_CLEAR.append(forget)


# -- TRF ---------------------------------------------------------------------


def parse(text: str | bytes, source: str = "<upload>", *, validate: bool = True) -> CoreTournament:
    """Parse TRF text with the core reader; errors become one :class:`ArbitroError`."""
    result = parse_trf(text, source=source, validate=validate)
    errors = [d for d in result.diagnostics if d.is_error]
    if errors:  # the error carries every kept diagnostic (the import page lists them, translated: texts.diagnostics)
        raise TrfFileError(errors, result.error_count)
    return result.tournament


class TrfFileError(ArbitroError):
    """A TRF upload that cannot be read: the first problem as the message, all kept ones in ``diagnostics``."""

    def __init__(self, diagnostics: list[Diagnostic], error_count: int) -> None:
        more = f" (and {error_count - 1} more)" if error_count > 1 else ""  # counted past the cap
        super().__init__(f"{diagnostics[0]}{more}")
        self.diagnostics = diagnostics
        self.error_count = error_count


def format_trf(t: CoreTournament, version: str = "trf26") -> str:
    return _format_trf(t, version=version)


def load(t: models.Tournament) -> CoreTournament:
    """The core tournament of a row (cached per version): the replay of its log, or its imported file.

    For the pages: without the rank column (the pages rank with :mod:`arbitro.standings`);
    :func:`export_trf` writes the C.07 rank column.
    """
    return cached(t, "core", lambda: _build(t, ranks=False))


def put(pk: int, version: int, key: str, value: object) -> None:
    """Seed the cache of a tournament's version (the state a command has just replayed)."""
    with _LOCK:
        _remember((pk, version, key), value)


def is_event_based(row: models.Tournament) -> bool:
    return not row.base_trf


def is_team(row: models.Tournament) -> bool:
    """A team competition (issue 18): its log holds team events, replayed by :mod:`arbitro.web.teams`."""
    from arbitro.web.teams.models import is_team as _is_team

    return _is_team(row)


def state(row: models.Tournament) -> TournamentState | None:
    """The core state of an event-based tournament: the replay of its log (cached per version).

    ``None`` for an imported file not yet adopted, and for a team competition (whose log the
    individual service does not read; its pages are the team app's).
    """
    if not is_event_based(row) or is_team(row):
        return None
    return cached(row, "state", lambda: _replayed(row))


def _replayed(row: models.Tournament) -> TournamentState:
    """The replay of a row's log; from the state of an earlier version when only results came since.

    A result entered bumps the version: every server process would replay the whole log again
    (a 300-player tournament: ~15 ms, per version and process). Instead the newest state this
    process has of an earlier version is extended by the events after it (the core's
    ``extended``: the same state as the replay, for results only); anything else, a full replay.
    """
    before = earlier(row, "state")
    if isinstance(before, TournamentState) and before.created:
        rows = row.events.filter(seq__gt=before.events_applied).order_by("seq").values_list("seq", "kind", "payload")
        later = [event_from_dict({"kind": kind, "payload": payload}, where=f"event {seq}") for seq, kind, payload in rows]
        if later:
            new = core_extended(before, later)
            if new is not None:
                return new
    return core_replay(_log(row))


def _log(row: models.Tournament) -> list[Event]:
    """The core events of a row, for a replay (plain tuples from the database: no model instances).

    Time and author stay in the rows (the audit trail reads them); a replay needs neither.
    """
    rows = row.events.order_by("seq").values_list("seq", "kind", "payload")
    return [event_from_dict({"kind": kind, "payload": payload}, where=f"event {seq}") for seq, kind, payload in rows]


def to_model(st: TournamentState, *, ranks: bool = True) -> CoreTournament:
    """The TRF view of a state; a published round still waiting for results is shown with its boards.

    ``ranks=False``: the rank column left empty (the pages compute their standings themselves).
    """
    pending = bool(st.rounds) and not st.rounds[-1].complete and st.rounds[-1].published
    return st.to_tournament(include_pending=pending, ranks=ranks)


def _build(t: models.Tournament, *, ranks: bool) -> CoreTournament:
    if t.base_trf:  # imported and not yet adopted: the file is the state
        return parse(t.base_trf, source=f"{t.slug}.trf", validate=False)
    st = state(t)
    return to_model(st, ranks=ranks) if st is not None else CoreTournament(name=t.name)


def unique_slug(name: str) -> str:
    base = slugify(name)[:60] or "torneo"
    slug, n = base, 2
    while models.Tournament.objects.filter(slug=slug).exists():
        slug = f"{base}-{n}"
        n += 1
    return slug


@transaction.atomic
def import_trf(
    text: str | bytes,
    *,
    slug: str | None = None,
    status: str | None = None,
    season: models.Season | None = None,
    category: str = "",
    source: str = "<upload>",
    organisation: models.Organisation | None = None,
) -> models.Tournament:
    """Create a tournament row from TRF text (validated by the core reader), in ``organisation``
    (default: the default organisation)."""
    core = parse(text, source=source)
    canonical = format_trf(core)
    if status is None:
        played = core.played_rounds
        # a file without 142 (rounds planned) is taken as complete when its last round is
        done = played > 0 and (core.rounds is None or played >= core.rounds) and round_complete(core, played)
        status = (
            models.Tournament.Status.FINISHED
            if done
            else (models.Tournament.Status.RUNNING if played else models.Tournament.Status.REGISTRATION)
        )
    row = models.Tournament.objects.create(
        slug=slug or unique_slug(core.name or "torneo"),
        name=core.name or "Torneo",
        city=core.city,
        federation=core.federation[:3],
        start_date=core.start_date,
        end_date=core.end_date,
        status=status,
        season=season,
        category=category,
        base_trf=canonical,
        organisation=organisation or models.default_organisation(),
    )
    sync_entries(row, core)
    return row


def duplicates(core: CoreTournament, organisation: models.Organisation | None = None) -> list[models.Tournament]:
    """Tournaments already here that this file describes: same name, start date and players (by start rank).

    Importing the same TRF twice asks before it makes a copy (issue 15 item 6). With ``organisation``, only
    that organisation's tournaments: another's drafts are not shown (issue 19 item 5).
    """
    players = {n: p.name for n, p in core.players.items()}
    found = []
    rows = models.Tournament.objects.filter(name=core.name or "Torneo", start_date=core.start_date)
    if organisation is not None:
        rows = rows.filter(organisation=organisation)
    for row in rows:
        have = dict(row.entries.values_list("start_rank", "person__name"))
        if have == players:
            found.append(row)
    return found


def round_complete(core: CoreTournament, rnd: int) -> bool:
    """True when no game of round ``rnd`` is still waiting for its result (blank code with an opponent)."""
    from arbitro.model import ResultCode

    for p in core.players.values():
        r = p.result(rnd)
        if r is not None and r.opponent is not None and r.code is ResultCode.NOT_PAIRED:
            return False
    return True


def sync_entries(row: models.Tournament, core: CoreTournament) -> None:
    """Keep :class:`models.Entry` / :class:`models.Person` in step with the core players."""
    existing = {e.start_rank: e for e in row.entries.select_related("person")}
    for p in core.iter_players():
        entry = existing.pop(p.start_rank, None)
        if entry is not None and entry.person.name == p.name:
            continue
        person = None
        if p.fide_id and p.fide_id != "0":
            person = models.Person.objects.filter(fide_id=p.fide_id).first()
        if person is None:
            person = models.Person.objects.filter(name=p.name, fide_id="").first() if not p.fide_id else None
        if person is None:
            person = models.Person.objects.create(
                name=p.name,
                fide_id="" if p.fide_id in ("", "0") else p.fide_id,
                federation=p.federation[:3],
                sex=p.sex[:1],
                title=p.title[:4],
                birth_date=p.birth_date[:10],
            )
        if entry is not None:
            entry.person = person
            entry.save(update_fields=["person"])
        else:
            models.Entry.objects.create(tournament=row, person=person, start_rank=p.start_rank)
    if existing:
        models.Entry.objects.filter(pk__in=[e.pk for e in existing.values()]).delete()


def export_trf(row: models.Tournament, version: str = "trf26") -> str:
    """The TRF text of the current state (cached per version), valid at every moment (issue 15 item 6).

    A round paired but not complete is written as TRF-2026 writes a round not yet
    paired: no round block, its byes as ``240`` records (the core's
    ``to_tournament`` without ``include_pending``), and a ``###`` line saying that
    its pairing and the results entered so far are in the event log. TRF has no
    code for a game not yet played; a blank one is refused by every reader.
    """
    # the TRF16 download holds exactly TRF16's records (issue 37: no 182/192/202, readers take it as TRF16)
    return cached(row, f"trf:{version}", lambda: _format_trf(_export_model(row), version, strict=version == "trf16"))


def _export_model(row: models.Tournament) -> CoreTournament:
    if row.base_trf:
        return _build(row, ranks=True)
    st = state(row)
    if st is None:
        return CoreTournament(name=row.name)
    core = st.to_tournament(include_pending=False, ranks=True, rating_report=True)  # the rating report (VCL4THP Q192)
    if st.rounds and not st.rounds[-1].complete:
        pending = st.rounds[-1]
        entered = sum(1 for g in pending.boards if g.has_result)
        core.comments.append(
            f"round {pending.number} paired, {entered} of {len(pending.boards)} results entered: "
            "not written until the round is complete"
        )
    return core
