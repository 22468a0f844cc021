"""Desk actions of a team competition through the core team service (:mod:`arbitro.teams.log`).

The same mechanism as the individual desk (:mod:`arbitro.web.tournaments.service`): one
replay of the row's log, one command of the core (which checks the rules and raises
:class:`~arbitro.errors.ArbitroError` with the reason), one append of its events under the
row lock with optimistic concurrency; the version grows, the status is written from the
replayed state, and that state seeds the cache of the new version. Nothing is decided here.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable
from typing import Any

from django.db import transaction
from django.http import QueryDict
from django.utils import timezone
from django.utils.translation import gettext as _

from arbitro.errors import ArbitroError
from arbitro.teams.log import LogEvent, TeamLogState, TeamService, replay
from arbitro.teams.model import TeamEvent
from arbitro.trf.teams import format_team_trf
from arbitro.web.tournaments import models, permissions, store
from arbitro.web.tournaments.eventlog import Actor, ChangedMeanwhile, append_events
from arbitro.web.tournaments.service import player_lines

from .models import TeamCompetition

_ATTEMPTS = 12


def _log(row: models.Tournament) -> list[LogEvent]:
    rows = row.events.order_by("seq").values_list("kind", "payload")
    return [LogEvent(kind, payload) for kind, payload in rows]


def state(row: models.Tournament) -> TeamLogState:
    """The replay of the row's log (cached per version)."""
    return store.cached(row, "team_state", lambda: replay(_log(row)))


def event(row: models.Tournament) -> TeamEvent:
    """The :class:`TeamEvent` of the log (cached per version): what the pages and the TRF show."""
    return store.cached(row, "team_event", lambda: state(row).to_event())


def export_trf(row: models.Tournament) -> str:
    return store.cached(row, "team_trf", lambda: format_team_trf(event(row)))


def _status(st: TeamLogState) -> str:
    if st.paired_rounds == 0:
        return models.Tournament.Status.REGISTRATION
    return models.Tournament.Status.FINISHED if st.finished else models.Tournament.Status.RUNNING


def _commit(row: models.Tournament, svc: TeamService, user: Actor) -> None:
    """Append the service's new events (:func:`~arbitro.web.tournaments.service.append_events`)."""
    new = svc.new_events

    def appended() -> None:
        row.version += 1
        row.status = _status(svc.state)
        row.save(update_fields=["status", "version", "updated"])
        pk, version, st = row.pk, row.version, svc.state
        transaction.on_commit(lambda: store.put(pk, version, "team_state", st))

    append_events(row, new, len(svc.events) - len(new), user, appended)


def _run(row: models.Tournament, user: Actor, command: Callable[[TeamService], object]) -> object:
    """Replay, command, append; a change committed meanwhile is re-applied to the new log (as results merge)."""
    for attempt in range(_ATTEMPTS):
        svc = TeamService(_log(row))
        out = command(svc)
        try:
            _commit(row, svc, user)
            return out
        except ChangedMeanwhile:
            if attempt == _ATTEMPTS - 1:
                raise
            row.refresh_from_db()
    raise AssertionError("unreachable")


def create(data: dict[str, Any], user: Actor) -> models.Tournament:
    """A new team competition: the core checks system, boards, rounds and match points."""
    svc = TeamService()
    svc.create(
        data["name"], data["system"], data["boards"], data.get("rounds"),
        (str(data["match_win"]), str(data["match_draw"]), str(data["match_loss"])),
        city=data.get("city") or "", start_date=data["start_date"].isoformat() if data.get("start_date") else "",
        end_date=data["end_date"].isoformat() if data.get("end_date") else "",
        chief_arbiter=data.get("chief_arbiter") or "", norm_event=data.get("norm_event") or "",
    )  # fmt: skip
    with transaction.atomic():
        row = models.Tournament.objects.create(
            slug=store.unique_slug(data["name"]), name=data["name"], city=data.get("city") or "",
            start_date=data.get("start_date"), end_date=data.get("end_date"),
            organisation=data.get("organisation") or models.default_organisation(),
        )  # fmt: skip
        TeamCompetition.objects.create(tournament=row)
        _commit(row, svc, user)
        if user is not None and user.is_authenticated:
            models.Role.objects.get_or_create(user=user, tournament=row, kind=models.Role.Kind.CHIEF_ARBITER)
    return row


def parse_players(text: str) -> list[dict[str, Any]]:
    """One player per line, in ranked board order: ``Name; rating; FIDE ID; federation; title``."""
    return [player for _line, player in player_lines(text)]


def _int(value: Any, field: str) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise ArbitroError(_("%(field)s: expected a whole number, got %(got)r") % {"field": field, "got": value}) from None


def _match_form(svc: TeamService, data: QueryDict | dict[str, str], row: models.Tournament, user: Actor) -> int:
    """One match form: the two line-ups, then the whole-match forfeit or the board results."""
    st = svc.state
    ev = st.require()
    rnd = _int(data.get("round"), _("round"))
    white = _int(data.get("match"), _("match"))
    m = st.match(rnd, white)
    closed = rnd < st.paired_rounds
    reason = str(data.get("reason") or "").strip()
    changes = 0
    for team in (m.white, m.black):
        if f"l_{team}_1" not in data:
            continue
        lineup: list[int | None] = []
        for board in range(1, ev.boards + 1):
            value = str(data.get(f"l_{team}_{board}") or "")
            lineup.append(_int(value, _("board %(n)s") % {"n": board}) if value else None)
        before = len(svc.new_events)
        svc.set_lineup(rnd, team, lineup, now=timezone.now(), late=permissions.can(user, row, "correct"))
        changes += len(svc.new_events) - before
    forfeit = str(data.get("forfeit") or "")
    current = st.forfeits.get((rnd, white))
    if forfeit != (current.value if current else ""):
        if closed and not permissions.can(user, row, "correct"):
            raise ArbitroError(_("round %(r)s is closed: only the chief arbiter may correct its results") % {"r": rnd})
        svc.forfeit_match(rnd, white, forfeit, reason=reason if current is not None else "")
        changes += 1
    if forfeit:
        return changes
    m = st.match(rnd, white)
    for g in m.games:
        value = str(data.get(f"r_{g.board}") or "")
        if not value or value == g.result.value:
            continue
        corrects = (rnd, white, g.board) in st.results
        if corrects and closed and not permissions.can(user, row, "correct"):
            raise ArbitroError(_("round %(r)s is closed: only the chief arbiter may correct its results") % {"r": rnd})
        if corrects and not reason:
            raise ArbitroError(
                _("board %(b)s already has a result: a correction needs a reason") % {"b": g.board}
            )
        if svc.enter_board(rnd, white, g.board, value, reason=reason if corrects else ""):
            changes += 1
    return changes


def perform(row: models.Tournament, op: str, data: QueryDict | dict[str, str], user: Actor) -> str:
    """Dispatch a desk form to one core command; returns the message to show."""
    if op == "team":
        name = str(data.get("name") or "")
        players = parse_players(str(data.get("players") or ""))
        tpn = _run(row, user, lambda svc: svc.register_team(name, players))
        return _("Team registered with number %(n)s.") % {"n": tpn}
    if op == "pair":
        rnd = _run(row, user, lambda svc: svc.pair_next_round())
        return _("Round %(n)s paired.") % {"n": rnd}
    if op == "deadline":  # the line-ups of a round are due by this time (the site's time zone)
        rnd = _int(data.get("round"), _("round"))
        text = str(data.get("deadline") or "").strip()
        when = None
        if text:
            try:
                when = _dt.datetime.fromisoformat(text)
            except ValueError:
                raise ArbitroError(_("line-up deadline: expected a date and time, got %(got)r") % {"got": text}) from None
            if timezone.is_naive(when):  # the desk's datetime-local field: the site's time zone
                when = timezone.make_aware(when)
        _run(row, user, lambda svc: svc.set_deadline(rnd, when))
        return _("Line-up deadline saved.") if when else _("Line-up deadline removed.")
    if op == "match":
        n = _run(row, user, lambda svc: _match_form(svc, data, row, user))
        return _("Match saved (%(n)s changes).") % {"n": n}
    raise ArbitroError(_("unknown action %(op)s") % {"op": op})
