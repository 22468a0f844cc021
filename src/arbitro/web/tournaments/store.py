"""The bridge between the database rows and the core model.

Everything the web face knows about a tournament's chess state comes from
:func:`load`, which returns a core :class:`arbitro.model.Tournament` built by the
core TRF reader from the stored state (and, when the state cache is empty, by
replaying the event log through the core tournament service). Changes go
through :func:`record`: the core service applies the action, the event is
appended, the new state is written by the core TRF writer, ``version`` bumps.

A per-process cache keyed by ``(pk, version)`` keeps the parsed tournament and
derived views (standings), so a page read costs a dictionary lookup once warm;
several server processes each keep their own cache and stay consistent because
the key carries the version.
"""

from __future__ import annotations

import importlib
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, TypeVar

from django.db import transaction
from django.utils.text import slugify

from arbitro.errors import ArbitroError
from arbitro.model import Tournament as CoreTournament
from arbitro.trf import format_trf as _format_trf
from arbitro.trf import parse_trf

from . import models

T = TypeVar("T")

_CACHE: OrderedDict[tuple[int, int, str], Any] = OrderedDict()
_CACHE_SIZE = 256
_LOCK = threading.Lock()


def core_module(name: str) -> Any | None:
    """Import a core service module, or ``None`` while it has not landed yet."""
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def core_function(module: str, name: str) -> Callable[..., Any] | None:
    mod = core_module(module)
    fn = getattr(mod, name, None) if mod is not None else None
    return fn if callable(fn) else None


def cached(t: models.Tournament, key: str, build: Callable[[], T]) -> T:
    """Memoise ``build()`` for this tournament's current version."""
    full = (t.pk, t.version, key)
    with _LOCK:
        if full in _CACHE:
            _CACHE.move_to_end(full)
            return _CACHE[full]
    value = build()
    with _LOCK:
        _CACHE[full] = value
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    return value


_PAGES: OrderedDict[tuple[int, int, str], bytes] = OrderedDict()
_PAGES_SIZE = 128


_BUILDING: dict[tuple[int, int, str], threading.Lock] = {}


def cached_page(t: models.Tournament, key: str, build: Callable[[], bytes]) -> bytes:
    """Memoise a rendered public page (bytes) for this tournament's current version.

    One build per page and version: threads asking for a page being built wait for it
    instead of rendering it again (a new result would otherwise make every waiting
    client of a busy tournament render the same page at once; issue 11 load test).
    """
    full = (t.pk, t.version, key)
    with _LOCK:
        if full in _PAGES:
            _PAGES.move_to_end(full)
            return _PAGES[full]
        building = _BUILDING.setdefault(full, threading.Lock())
    with building:
        try:
            with _LOCK:
                if full in _PAGES:
                    _PAGES.move_to_end(full)
                    return _PAGES[full]
            value = build()
            with _LOCK:
                _PAGES[full] = value
                while len(_PAGES) > _PAGES_SIZE:
                    _PAGES.popitem(last=False)
            return value
        finally:
            with _LOCK:
                _BUILDING.pop(full, None)


def clear_cache() -> None:
    with _LOCK:
        _CACHE.clear()
        _PAGES.clear()


# -- TRF ---------------------------------------------------------------------


def parse(text: str, source: str = "<upload>", *, validate: bool = True) -> CoreTournament:
    """Parse TRF text with the core reader; errors become one :class:`ArbitroError`."""
    result = parse_trf(text, source=source, validate=validate)
    errors = [d for d in result.diagnostics if d.is_error]
    if errors:
        more = f" (and {result.error_count - 1} more)" if result.error_count > 1 else ""  # counted past the cap
        raise ArbitroError(f"{errors[0]}{more}")
    return result.tournament


def format_trf(t: CoreTournament, version: str = "trf26") -> str:
    return _format_trf(t, version=version)


def load(t: models.Tournament) -> CoreTournament:
    """The core tournament of a row (cached per version)."""
    return cached(t, "core", lambda: _build(t))


def _build(t: models.Tournament) -> CoreTournament:
    if t.state_trf:  # written by the core writer with every change: reading it is cheaper than a replay
        return parse(t.state_trf, source=f"{t.slug}.trf", validate=False)
    if t.base_trf:  # imported: the TRF is the state
        return parse(t.base_trf, source=f"{t.slug}.trf", validate=False)
    from . import service  # event log: replay it through the core service

    st = service.state(t)
    return service.to_model(st) if st is not None else CoreTournament(name=t.name)


def replay(t: models.Tournament, events: list[models.TournamentEvent]) -> CoreTournament:
    """Rebuild the state from the base snapshot and the event log (core service)."""
    from . import service

    return service.replay(t, events)


def unique_slug(name: str) -> str:
    base = slugify(name)[:60] or "torneo"
    slug, n = base, 2
    while models.Tournament.objects.filter(slug=slug).exists():
        slug = f"{base}-{n}"
        n += 1
    return slug


@transaction.atomic
def import_trf(
    text: str,
    *,
    slug: str | None = None,
    status: str | None = None,
    season: models.Season | None = None,
    fma_category: str = "",
    source: str = "<upload>",
) -> models.Tournament:
    """Create a tournament row from TRF text (validated by the core reader)."""
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
        fma_category=fma_category,
        base_trf=canonical,
        state_trf=canonical,
    )
    sync_entries(row, core)
    return row


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


@transaction.atomic
def save_state(row: models.Tournament, core: CoreTournament) -> None:
    """Write a new state (core TRF writer), bump the version and resync entries."""
    row.state_trf = format_trf(core) if core.players else ""  # a TRF needs at least one player
    row.version = row.version + 1
    row.save(update_fields=["state_trf", "version", "updated", "status"])
    sync_entries(row, core)


def export_trf(row: models.Tournament, version: str = "trf26") -> str:
    return format_trf(load(row), version=version)
