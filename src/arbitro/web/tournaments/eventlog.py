"""The event-log port (issue 32): a tournament's log, its replay, its appends, its caches by version.

The event log (:class:`models.TournamentEvent`) is a tournament's only truth. Everything the web
knows about its chess state comes from here:

* :func:`state`, the replay of the log (the core :class:`~arbitro.tournament.TournamentState`),
  and :func:`load`, its TRF view (:class:`arbitro.model.Tournament`) for the pages, both cached per
  version; a tournament imported from a TRF file and not yet given its log is that file
  (``base_trf``, :func:`imported`) until it is adopted (``service.adopt``);
* :func:`append_events`, the one way to write: the new events after the ``base`` events the command
  replayed (the log's expected length; a longer log raises :class:`ChangedMeanwhile`), in one
  transaction, then the row's caches (version, status, entries) and the state seeding the cache
  of the new version; :func:`on_published_commit` lets what runs after a commit (the pages built
  ahead, :mod:`arbitro.web.ops.prebuild`) register itself, so this module imports nothing above it;
* the caches keyed by ``(pk, version)`` (:mod:`.versioned`): :func:`cached`, :func:`put`,
  :func:`earlier`, :func:`cached_page_at`, the pending and pre-built markers, :func:`clear_cache`.

The background jobs (:mod:`arbitro.web.jobs`) and the page pre-build depend on this port only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.db import IntegrityError, transaction
from django.utils.translation import gettext_lazy

from arbitro.errors import ArbitroError
from arbitro.model import Tournament as CoreTournament
from arbitro.tournament import Event, TournamentService, TournamentState, event_from_dict
from arbitro.tournament import replay as core_replay
from arbitro.tournament.state import extended as core_extended
from arbitro.trf import parse_trf
from arbitro.web.teams.models import is_team as _is_team

from . import models
from .versioned import (
    AHEAD,
    PENDING_SECONDS,
    cached,
    cached_page,
    cached_page_at,
    clear_cache,
    earlier,
    mark_pending,
    on_clear,
    prebuilt,
    put,
    set_prebuilt,
    shared_cache,
)

#: The caches keyed by version (:mod:`.versioned`) are part of the port: named here for its users.
__all__ = [
    "AHEAD",
    "PENDING_SECONDS",
    "cached",
    "cached_page",
    "cached_page_at",
    "clear_cache",
    "earlier",
    "mark_pending",
    "on_clear",
    "prebuilt",
    "put",
    "set_prebuilt",
    "shared_cache",
]

#: Who runs a command: the request's user (``None``: a script, such as the demo).
Actor = AbstractBaseUser | AnonymousUser | None

#: What runs after the commit of an append to a published tournament, with its ``pk`` (registered by
#: its owner: the pre-build, ``ops.apps``).
_ON_PUBLISHED_COMMIT: list[Callable[[int], None]] = []


def on_published_commit(then: Callable[[int], None]) -> None:
    """Have every committed append to a published tournament call ``then(pk)`` (once however often registered)."""
    if then not in _ON_PUBLISHED_COMMIT:
        _ON_PUBLISHED_COMMIT.append(then)


# -- reading: the replay ---------------------------------------------------------------------------


def tournament(pk: int) -> models.Tournament:
    """The row of tournament ``pk`` (``models.Tournament.DoesNotExist``: none)."""
    return models.Tournament.objects.get(pk=pk)


def published(pk: int) -> models.Tournament | None:
    """The row of tournament ``pk`` if its pages are public, else ``None``."""
    return models.Tournament.objects.filter(pk=pk, published=True).first()


def is_event_based(row: models.Tournament) -> bool:
    return not row.base_trf


def is_team(row: models.Tournament) -> bool:
    """A team competition (issue 18): its log holds team events, replayed by :mod:`arbitro.web.teams`."""
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
    return core_replay(log(row))


def log(row: models.Tournament) -> list[Event]:
    """The core events of a row, for a replay (plain tuples from the database: no model instances).

    Time and author stay in the rows (the audit trail reads them); a replay needs neither.
    """
    rows = row.events.order_by("seq").values_list("seq", "kind", "payload")
    return [event_from_dict({"kind": kind, "payload": payload}, where=f"event {seq}") for seq, kind, payload in rows]


def load(t: models.Tournament) -> CoreTournament:
    """The core tournament of a row (cached per version): the replay of its log, or its imported file.

    For the pages: without the rank column (the pages rank with :mod:`arbitro.standings`);
    :func:`arbitro.web.tournaments.store.export_trf` writes the C.07 rank column.
    """
    return cached(t, "core", lambda: _build(t))


def to_model(st: TournamentState, *, ranks: bool = True) -> CoreTournament:
    """The TRF view of a state; a published round still waiting for results is shown with its boards.

    ``ranks=False``: the rank column left empty (the pages compute their standings themselves).
    """
    pending = bool(st.rounds) and not st.rounds[-1].complete and st.rounds[-1].published
    return st.to_tournament(include_pending=pending, ranks=ranks)


def _build(t: models.Tournament) -> CoreTournament:
    if t.base_trf:  # imported and not yet adopted: the file is the state
        return imported(t)
    st = state(t)
    return to_model(st, ranks=False) if st is not None else CoreTournament(name=t.name)


def imported(row: models.Tournament) -> CoreTournament:
    """The imported file of a row not yet adopted (``base_trf``: canonical, read when it was imported)."""
    result = parse_trf(row.base_trf, source=f"{row.slug}.trf", validate=False)
    errors = [d for d in result.diagnostics if d.is_error]
    if errors:
        raise ArbitroError(str(errors[0]))
    return result.tournament


# -- writing: the appends -------------------------------------------------------------------------


def _status(st: TournamentState) -> str:
    """The status column: a cache of the replayed state (finishing and re-opening are events)."""
    total = st.total_rounds
    if st.finished:
        return models.Tournament.Status.FINISHED
    if not st.rounds:
        return models.Tournament.Status.REGISTRATION
    if total is not None and st.paired_rounds >= total and st.rounds[-1].complete:
        return models.Tournament.Status.FINISHED
    return models.Tournament.Status.RUNNING


CHANGED_MEANWHILE = gettext_lazy("this tournament was changed meanwhile by someone else; nothing was saved: reload and try again")


class ChangedMeanwhile(ArbitroError):
    """Another change was committed between this command's replay and its commit (optimistic concurrency)."""


def _appended(row: models.Tournament, st: TournamentState) -> None:
    """After an append: bump the version, write the status of the replayed state, resync entries.

    Nothing else is stored: the TRF text and the standings are rebuilt from the
    log on demand, cached per version; ``st`` (the command's replay) seeds that cache.
    """
    row.version = row.version + 1
    row.status = _status(st)
    row.save(update_fields=["base_trf", "status", "version", "updated"])
    sync_entries(row, st.header)
    pk, version = row.pk, row.version
    transaction.on_commit(lambda: put(pk, version, "state", st))
    if row.published:  # its hot public pages of the new version, built once ahead of the readers (issue 19)
        for then in list(_ON_PUBLISHED_COMMIT):
            transaction.on_commit(lambda then=then: then(pk))  # type: ignore[misc]


def rebuild(row: models.Tournament, core: CoreTournament) -> None:
    """Rewrite a row's caches (status, entries) from its state ``core`` (e.g. after a restore)."""
    st = state(row)
    if st is not None:
        row.status = _status(st)
    row.save(update_fields=["status", "updated"])
    sync_entries(row, core)


class Appendable(Protocol):
    """What the log stores of an event, individual or team: its kind and its JSON payload."""

    @property
    def kind(self) -> str: ...

    @property
    def payload(self) -> Mapping[str, object]: ...


def append_events(
    row: models.Tournament, new: Sequence[Appendable], base: int, user: Actor, appended: Callable[[], None]
) -> None:
    """Append ``new`` (events with ``kind`` and ``payload``) to the row's log: one transaction, optimistic concurrency.

    ``base`` is the number of events the command replayed; if the log has grown since, nothing is
    written and :class:`ChangedMeanwhile` is raised (as for a clash on the ``seq`` key). Under the
    lock, after the insert, ``appended()`` bumps the version and writes what the row caches.
    Shared by the individual and the team desk (:mod:`arbitro.web.teams.service`).
    """
    if not new:
        return
    author = user if user is not None and user.is_authenticated else None
    try:
        with transaction.atomic():
            # One writer per tournament (a row lock on PostgreSQL; SQLite's IMMEDIATE transaction locks the file).
            locked = models.Tournament.objects.select_for_update().filter(pk=row.pk).values_list("version", flat=True).first()
            if locked is not None:
                row.version = locked
            last = row.events.order_by("-seq").values_list("seq", flat=True).first() or 0
            if last != base:
                raise ChangedMeanwhile(str(CHANGED_MEANWHILE))
            models.TournamentEvent.objects.bulk_create(
                models.TournamentEvent(tournament=row, seq=i, kind=ev.kind, payload=ev.payload, author=author)
                for i, ev in enumerate(new, start=last + 1)
            )
            appended()
    except IntegrityError:
        raise ChangedMeanwhile(str(CHANGED_MEANWHILE)) from None


def _commit(row: models.Tournament, svc: TournamentService, user: Actor) -> None:
    """Append the service's new events (one transaction, optimistic concurrency)."""
    new = svc.new_events
    base = len(svc.events) - len(new)  # events the service replayed before this command (optimistic concurrency)
    moves = _id_moves(svc.events[:base], new, svc.state)  # ids that follow provisional numbers (before round 1)

    def appended() -> None:
        _appended(row, svc.state)
        if moves:
            remap_bye_requests(row, moves)

    append_events(row, new, base, user, appended)


_RENUMBERING = ("player_removed", "pairing_numbers_assigned")


def _id_moves(before: Sequence[Event], new: Sequence[Event], after: TournamentState) -> dict[int, int | None]:
    """Old public id -> new public id (``None``: removed) of the players whose id this command changed.

    Ids are stable once round 1 is paired (late entries, C.04.2 2.4-2.5), but before it they
    follow the provisional numbers (:func:`arbitro.tournament.state._renumber`): a renumbering
    or a removal moves them. The chain old id -> old start rank -> (each renumbering event)
    -> new start rank -> new id is followed; only ids that change are returned.
    """
    if not any(e.kind in _RENUMBERING for e in new):
        return {}
    old = core_replay(before)
    rank: dict[int, int | None] = {p.public_id: p.start_rank for p in old.header.players.values()}
    for e in new:
        if e.kind == "player_removed":
            gone = int(e.payload["start_rank"])
            rank = {pid: (None if r is None or r == gone else r - (r > gone)) for pid, r in rank.items()}
        elif e.kind == "pairing_numbers_assigned":
            position = {int(o): i for i, o in enumerate(e.payload["order"], start=1)}
            rank = {pid: (None if r is None else position.get(r)) for pid, r in rank.items()}
    ids = {p.start_rank: p.public_id for p in after.header.players.values()}
    moves = {pid: (None if r is None else ids.get(r)) for pid, r in rank.items()}
    return {a: b for a, b in moves.items() if a != b}


def remap_bye_requests(row: models.Tournament, moves: dict[int, int | None]) -> None:
    """Move the bye requests with their players (``moves``: old id -> new id, ``None`` for a removed player)."""
    batch = []
    for b in row.bye_requests.filter(player__in=list(moves)):
        target = moves[b.player]
        if target is None:
            b.delete()  # the player was removed before round 1 (C.04.2 3.2): the request went with them
        else:
            b.player = target
            batch.append(b)
    models.ByeRequest.objects.bulk_update(batch, ["player"])


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
