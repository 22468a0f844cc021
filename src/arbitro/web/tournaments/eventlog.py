"""The tournament's event log in the database: append with optimistic concurrency, the row's caches.

The log (``TournamentEvent`` rows) is the tournament's only truth. :func:`append_events` appends a
command's new events in one transaction, refusing with :class:`ChangedMeanwhile` when another
change was committed since the command's replay; :func:`_commit` is that append for a core
:class:`~arbitro.tournament.TournamentService`, and :func:`_appended` bumps the version and writes
what the row caches (the status, the entries). Moved out of :mod:`.service` unchanged (issue 32:
the event-log port); the individual and the team desk share it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.db import IntegrityError, transaction
from django.utils.translation import gettext_lazy

from arbitro.errors import ArbitroError
from arbitro.model import Tournament as CoreTournament
from arbitro.tournament import Event, TournamentService, TournamentState
from arbitro.tournament import replay as core_replay

from . import models, store
from .store import state

#: Who runs a command: the request's user (``None``: a script, such as the demo).
Actor = AbstractBaseUser | AnonymousUser | None


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


CHANGED_MEANWHILE = gettext_lazy(
    "this tournament was changed meanwhile by someone else; nothing was saved: reload and try again"
)


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
    store.sync_entries(row, st.header)
    pk, version = row.pk, row.version
    transaction.on_commit(lambda: store.put(pk, version, "state", st))
    if row.published:  # its hot public pages of the new version, built once ahead of the readers (issue 19)
        from arbitro.web.ops import prebuild

        transaction.on_commit(lambda: prebuild.schedule(pk))


def rebuild(row: models.Tournament, core: CoreTournament) -> None:
    """Rewrite a row's caches (status, entries) from its state ``core`` (e.g. after a restore)."""
    st = state(row)
    if st is not None:
        row.status = _status(st)
    row.save(update_fields=["status", "updated"])
    store.sync_entries(row, core)


def append_events(
    row: models.Tournament, new: Sequence[Any], base: int, user: Actor, appended: Callable[[], None]
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
            locked = (
                models.Tournament.objects.select_for_update()
                .filter(pk=row.pk)
                .values_list("version", flat=True)
                .first()
            )
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
    base = len(svc.events) - len(
        new
    )  # events the service replayed before this command (optimistic concurrency)
    moves = _id_moves(
        svc.events[:base], new, svc.state
    )  # ids that follow provisional numbers (before round 1)

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
