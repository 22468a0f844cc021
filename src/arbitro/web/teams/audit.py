"""A team competition's events in words, for the audit trail and the event log (issue 32).

The individual desk's pages (:func:`arbitro.web.ops.audit.audit_view`, the desk's event log) show
them: this module registers :func:`trail` for a team row (:func:`arbitro.web.ops.audit.register_trail`),
so both kinds of event have one audit trail and one event log, with who, when, what, before and after.
The log is replayed alongside (the core's :meth:`TeamService.apply`), so each value before is the one
the same thing had just before the event.
"""

from __future__ import annotations

import contextlib

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from arbitro.errors import ArbitroError
from arbitro.pairing import registry
from arbitro.tournament.team_events import (
    TeamBoardResult,
    TeamEventCreated,
    TeamEventData,
    TeamLineupDeadline,
    TeamLineupSet,
    TeamMatchForfeit,
    TeamRegistered,
    TeamRoundPaired,
    TeamRoundPublished,
    TeamRoundUnpaired,
    TeamSettingsChanged,
    team_event,
)
from arbitro.tournament.team_log import TeamLogState, TeamService
from arbitro.views.teams import BOARD_RESULTS, MATCH_FORFEITS
from arbitro.web.ops.audit import AuditRow
from arbitro.web.tournaments import models

from .models import is_team

_RESULT_TEXT = dict(BOARD_RESULTS)
_FORFEIT_TEXT = dict(MATCH_FORFEITS)


def event_label(kind: str) -> str:
    """A person's name for a team event kind."""
    return {
        "team_event_created": _("team competition created"),
        "team_registered": _("team registered"),
        "team_lineup_set": _("line-up set"),
        "team_lineup_deadline": _("line-up deadline"),
        "team_round_paired": _("round paired"),
        "team_round_published": _("round published"),
        "team_round_unpaired": _("round unpaired"),
        "team_board_result": _("result entered"),
        "team_match_forfeit": _("match forfeit"),
        "team_settings_changed": _("settings changed"),
    }.get(kind, kind.replace("_", " "))


def _team(st: TeamLogState, tpn: int | None) -> str:
    ev = st.event
    if tpn is None or ev is None or tpn not in ev.teams:
        return f"#{tpn}"
    return ev.teams[tpn].name


def _pairing_lines(st: TeamLogState, rnd: int) -> str:
    lines = [f"{i}. {_team(st, w)} – {_team(st, b)}" for i, (w, b) in enumerate(st.pairings.get(rnd, []), start=1)]
    if rnd in st.byes:
        lines.append(f"{_('bye (pairing)')}: {_team(st, st.byes[rnd])}")
    return "\n".join(lines)


def _lineup_text(st: TeamLogState, rnd: int, team: int) -> str:
    ev = st.event
    if ev is None or team not in ev.teams:
        return ""
    names = [ev.players[p].name if p is not None and p in ev.players else "–" for p in st.lineup(rnd, team)]
    return "\n".join(f"{i}. {n}" for i, n in enumerate(names, start=1))


def _with_reason(text: str, reason: str) -> str:
    return text + (f" ({reason})" if reason else "")


def _match_of(st: TeamLogState, rnd: int, white: int) -> str:
    for w, b in st.pairings.get(rnd, []):
        if w == white:
            return f"{_team(st, w)} – {_team(st, b)}"
    return _team(st, white)


def _before(e: TeamEventData, st: TeamLogState) -> tuple[str, str]:
    """(the names concerned, the value before) from the state before the event."""
    if isinstance(e, TeamBoardResult):
        old = st.results.get((e.round, e.match, e.board))
        return _match_of(st, e.round, e.match), _RESULT_TEXT.get(old.value, old.value) if old else ""
    if isinstance(e, TeamMatchForfeit):
        forfeit = st.forfeits.get((e.round, e.match))
        return _match_of(st, e.round, e.match), _FORFEIT_TEXT.get(forfeit.value, "") if forfeit else ""
    if isinstance(e, TeamRoundUnpaired):
        return "", _pairing_lines(st, e.round)
    if isinstance(e, TeamLineupSet):
        return _team(st, e.team), _lineup_text(st, e.round, e.team)
    if isinstance(e, TeamLineupDeadline):
        due = st.deadlines.get(e.round)
        return "", due.isoformat(timespec="minutes") if due else ""
    return "", ""


def _describe(e: TeamEventData, pre: tuple[str, str], st: TeamLogState) -> tuple[str, str, str, str]:
    """(what the event touches, the names concerned, the value before, the value after), in words."""
    detail, before = pre
    if isinstance(e, TeamEventCreated):
        system = registry.get(e.system)
        rounds = _("%(n)s rounds") % {"n": st.event.rounds} if st.event is not None and st.event.rounds else ""
        after = " · ".join(x for x in (e.name, _(system.name), rounds) if x)
        return pgettext("history", "tournament"), "", "", after
    if isinstance(e, TeamRegistered):
        number = len(st.event.teams) if st.event is not None else 0
        return _("team %(n)s") % {"n": number}, e.name, "", ", ".join(p.name for p in e.players)
    if isinstance(e, TeamRoundPaired):
        after = _pairing_lines(st, e.round)
        if not e.published:
            after += "\n" + _("draft: not public yet")
        return _("round %(round)s pairing") % {"round": e.round}, "", "", after
    if isinstance(e, TeamRoundPublished):
        return _("round %(round)s") % {"round": e.round}, "", "", _("published")
    if isinstance(e, TeamRoundUnpaired):
        after = _with_reason(_("unpaired: it can be paired again"), e.reason)
        return _("round %(round)s pairing") % {"round": e.round}, "", before, after
    if isinstance(e, TeamLineupSet):
        what = _("round %(round)s line-up") % {"round": e.round}
        return what, detail, before, _lineup_text(st, e.round, e.team)
    if isinstance(e, TeamBoardResult):
        what = _("round %(round)s board %(board)s") % {"round": e.round, "board": e.board}
        return what, detail, before, _with_reason(_RESULT_TEXT.get(e.result, e.result), e.reason)
    if isinstance(e, TeamMatchForfeit):
        what = _("round %(round)s match") % {"round": e.round}
        after = _FORFEIT_TEXT.get(e.forfeit, "") if e.forfeit else _("cancelled")
        return what, detail, before, _with_reason(after, e.reason)
    if isinstance(e, TeamLineupDeadline):
        what = _("round %(round)s line-up deadline") % {"round": e.round}
        return what, "", before, e.deadline or _("removed")
    if isinstance(e, TeamSettingsChanged):
        payload = e.to_payload()
        return _("settings"), "", "", "; ".join(f"{k.replace('_', ' ')}: {v}" for k, v in sorted(payload.items()))[:300]
    return e.kind.replace("_", " "), "", "", ""


def trail(row: models.Tournament) -> list[AuditRow]:
    """Every event of the team competition, oldest first, with the value before and after, in words."""
    out: list[AuditRow] = []
    st = TeamService.new_state()
    for r in row.events.select_related("author").order_by("seq"):
        who = r.author.get_username() if r.author else ""
        try:
            e = team_event(r.kind, r.payload, f"event {r.seq}")
        except ArbitroError:  # a row the core cannot read is shown as far as it can be
            out.append(AuditRow(r.seq, r.created, who, r.kind, r.kind.replace("_", " "), "", "", event_label(r.kind)))
            continue
        try:
            pre = _before(e, st)
        except (ArbitroError, KeyError, IndexError, TypeError, ValueError):
            pre = ("", "")
        with contextlib.suppress(ArbitroError, KeyError, TypeError, ValueError):
            TeamService.apply(st, e)
        try:
            what, detail, before, after = _describe(e, pre, st)
        except (ArbitroError, KeyError, IndexError, TypeError, ValueError):
            what, detail, before, after = r.kind.replace("_", " "), "", "", ""
        corrected = isinstance(e, (TeamBoardResult, TeamMatchForfeit)) and bool(e.reason)
        label = _("result corrected") if corrected else event_label(r.kind)
        out.append(AuditRow(r.seq, r.created, who, r.kind, what, before, after, label, detail))
    return out


def register() -> None:
    """Make the audit trail and the event log describe a team competition's events (called once, app ready)."""
    from arbitro.web.ops import audit

    audit.register_trail(is_team, trail)
