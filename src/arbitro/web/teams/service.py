"""Desk actions of a team competition through the core team service (:mod:`arbitro.tournament.team_log`).

The same mechanism as the individual desk (:mod:`arbitro.web.tournaments.service`): one
replay of the row's log, one command of the core (which checks the rules and raises
:class:`~arbitro.errors.ArbitroError` with the reason), one append of its events under the
row lock with optimistic concurrency; the version grows, the status is written from the
replayed state, and that state seeds the cache of the new version. Nothing is decided here.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Callable
from typing import Any, TypedDict

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from arbitro.errors import ArbitroError
from arbitro.teams.model import TeamEvent
from arbitro.tournament.team_events import TeamEventData, team_event
from arbitro.tournament.team_log import TeamLogState, TeamService, replay
from arbitro.trf.teams import format_team_trf
from arbitro.views.teams import BOARD_RESULTS, MATCH_FORFEITS
from arbitro.web.tournaments import models, permissions, store
from arbitro.web.tournaments.desk.base import Posted
from arbitro.web.tournaments.eventlog import Actor, ChangedMeanwhile, append_events
from arbitro.web.tournaments.service import Correction, CorrectionPlan, player_lines

from .models import TeamCompetition

_ATTEMPTS = 12
#: What a team desk form posted (:data:`arbitro.web.tournaments.desk.base.Posted`).
Form = Posted


def _log(row: models.Tournament) -> list[TeamEventData]:
    rows = row.events.order_by("seq").values_list("seq", "kind", "payload")
    return [team_event(kind, payload, f"event {seq}") for seq, kind, payload in rows]


def state(row: models.Tournament) -> TeamLogState:
    """The replay of the row's log (cached per version)."""
    return store.cached(row, "team_state", lambda: replay(_log(row)))


def event(row: models.Tournament) -> TeamEvent:
    """The :class:`TeamEvent` of the log without a draft round (cached per version): what the public
    pages, the API, the documents and the TRF show (a draft is the desk's until it is published)."""
    return store.cached(row, "team_event", lambda: state(row).to_event(drafts=False))


def desk_event(row: models.Tournament) -> TeamEvent:
    """The :class:`TeamEvent` of the log with its draft round: what the desk shows."""
    return store.cached(row, "team_desk_event", lambda: state(row).to_event())


def export_trf(row: models.Tournament) -> str:
    return store.cached(row, "team_trf", lambda: format_team_trf(event(row)))


def _status(st: TeamLogState) -> str:
    """The status column, as the individual desk writes it (a draft round is running)."""
    if st.paired_rounds == 0:
        return models.Tournament.Status.REGISTRATION
    return models.Tournament.Status.FINISHED if st.finished else models.Tournament.Status.RUNNING


def _commit(row: models.Tournament, svc: TeamService, user: Actor) -> None:
    """Append the service's new events (the port's :func:`~arbitro.web.tournaments.eventlog.append_events`)."""
    new = svc.new_events

    def appended() -> None:
        row.version += 1
        row.status = _status(svc.state)
        row.save(update_fields=["status", "version", "updated"])
        pk, version, st = row.pk, row.version, svc.state
        transaction.on_commit(lambda: store.put(pk, version, "team_state", st))

    append_events(row, new, svc.expected_version, user, appended)


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


def _match_form(svc: TeamService, data: Form, row: models.Tournament, user: Actor) -> int:
    """One match form: the two line-ups, then the whole-match forfeit or the board results."""
    st = svc.state
    ev = st.require()
    rnd = _int(data.get("round"), _("round"))
    white = _int(data.get("match"), _("match"))
    m = st.match(rnd, white)
    if not st.is_published(rnd):  # as at the individual desk: a draft is reviewed and published first
        raise ArbitroError(_("round %(r)s is a draft: publish it before entering its results") % {"r": rnd})
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


def register_team(row: models.Tournament, data: Form, user: Actor) -> str:
    name = str(data.get("name") or "")
    players = parse_players(str(data.get("players") or ""))
    tpn = _run(row, user, lambda svc: svc.register_team(name, players))
    return _("Team registered with number %(n)s.") % {"n": tpn}


def pair(row: models.Tournament, data: Form, user: Actor) -> str:
    """The desk's "Pair": a draft only the desk sees, as at the individual desk."""
    rnd = _run(row, user, lambda svc: svc.pair_next_round(publish=False))
    return _("Round %(n)s paired as a draft: review it, then publish it. Nothing of it is public yet.") % {"n": rnd}


def publish(row: models.Tournament, data: Form, user: Actor) -> str:
    return _("Round %(n)s published.") % {"n": _run(row, user, lambda svc: svc.publish_round())}


def unpair(row: models.Tournament, data: Form, user: Actor) -> str:
    reason = str(data.get("reason") or "").strip()
    n = _run(row, user, lambda svc: svc.unpair_round(reason))
    return _("Round %(n)s unpaired: it can be paired again.") % {"n": n}


def change_settings(row: models.Tournament, data: Form, user: Actor) -> str:
    changed = _run(row, user, lambda svc: svc.change_settings(**settings_changes(data)))
    return _("Settings saved.") if changed else _("Nothing changed.")


def set_deadline(row: models.Tournament, data: Form, user: Actor) -> str:
    """The line-ups of a round are due by this time (the site's time zone)."""
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


def save_match(row: models.Tournament, data: Form, user: Actor) -> str:
    n = _run(row, user, lambda svc: _match_form(svc, data, row, user))
    return _("Match saved (%(n)s changes).") % {"n": n}


class SettingsChange(TypedDict, total=False):
    """The keyword arguments of :meth:`TeamService.change_settings` a settings form gives."""

    name: str
    city: str
    federation: str
    start_date: str
    end_date: str
    chief_arbiter: str
    norm_event: str
    rounds: int
    tiebreaks: list[str]


def settings_changes(data: Form) -> SettingsChange:
    """The settings form's fields as :meth:`TeamService.change_settings` takes them (the core checks them)."""

    def text(key: str) -> str:
        return str(data.get(key) or "")

    out = SettingsChange()
    if "name" in data:
        out["name"] = text("name")
    if "city" in data:
        out["city"] = text("city")
    if "federation" in data:
        out["federation"] = text("federation")
    if "start_date" in data:
        out["start_date"] = text("start_date")
    if "end_date" in data:
        out["end_date"] = text("end_date")
    if "chief_arbiter" in data:
        out["chief_arbiter"] = text("chief_arbiter")
    if "norm_event" in data:
        out["norm_event"] = text("norm_event")
    if str(data.get("rounds") or "").strip():
        out["rounds"] = _int(data.get("rounds"), _("rounds"))
    if "tiebreaks" in data:
        out["tiebreaks"] = [t for t in re.split(r"[\s,]+", str(data.get("tiebreaks") or "")) if t]
    return out


def can_unpair(st: TeamLogState) -> bool:
    """May the last round be unpaired now (paired, no result of any board or match, not finished)?"""
    return bool(st.paired_rounds) and not st.finished and not st.round_has_results(st.paired_rounds)


_RESULT_TEXT = dict(BOARD_RESULTS)
_FORFEIT_TEXT = dict(MATCH_FORFEITS)


def plan_corrections(row: models.Tournament, data: Form, user: Actor) -> CorrectionPlan:
    """What a match form would correct, before anything is saved (the individual desk's
    :class:`~arbitro.web.tournaments.service.CorrectionPlan`): the saved results it changes and the
    rounds paired since on the old score (C.04.2 4.3, C.04.6 art. 3). Refuses a closed round to an arbiter."""
    st = state(row)
    ev = st.require()
    rnd = _int(data.get("round"), _("round"))
    white = _int(data.get("match"), _("match"))
    m = st.match(rnd, white)
    changes: list[Correction] = []
    names = (ev.teams[m.white].name, ev.teams[m.black].name)
    forfeit = str(data.get("forfeit") or "")
    current = st.forfeits.get((rnd, white))
    if current is not None and forfeit != current.value:
        changes.append(Correction(0, *names, _FORFEIT_TEXT[current.value], _FORFEIT_TEXT.get(forfeit, "–")))
    if not forfeit:
        for g in m.games:
            value = str(data.get(f"r_{g.board}") or "")
            if value and value != g.result.value and (rnd, white, g.board) in st.results:
                a, b = (ev.players[p].name if p is not None else "–" for p in (g.white_team_player, g.black_team_player))
                before, after = _RESULT_TEXT.get(g.result.value, g.result.value), _RESULT_TEXT.get(value, value)
                changes.append(Correction(g.board, a, b, before, after))
    since = list(range(rnd + 1, st.paired_rounds + 1))
    if changes and since and not permissions.can(user, row, "correct"):
        raise ArbitroError(_("round %(r)s is closed: only the chief arbiter may correct its results") % {"r": rnd})
    return CorrectionPlan(rnd, changes, since)
