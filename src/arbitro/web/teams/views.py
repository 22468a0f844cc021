"""Pages of a team competition: public (pairings with board results, team and board standings,
team and player pages) and the desk (teams, line-ups, board results, corrections, TRF).

The rows come from :mod:`arbitro.views.teams`; these views lay them out and translate labels.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from arbitro.errors import ArbitroError
from arbitro.pairing import registry
from arbitro.teams.model import ROUND_ROBIN_KEYS, PrimaryScore, TeamEvent
from arbitro.tournament.team_log import TeamLogState
from arbitro.views import teams as team_views
from arbitro.web.tournaments import models, permissions, store, texts

from . import forms, service
from .models import is_team

#: Label keys of a team's round (arbitro.teams.results.RoundEntry.kind).
ROUND_KINDS = {
    "played": gettext_lazy("played"),
    "forfeit_win": gettext_lazy("won by forfeit"),
    "forfeit_loss": gettext_lazy("lost by forfeit"),
    "double_forfeit": gettext_lazy("double forfeit"),
    "U": gettext_lazy("pairing-allocated bye"),
    "F": gettext_lazy("full-point bye"),
    "H": gettext_lazy("half-point bye"),
    "Z": gettext_lazy("free round"),
    "absent": gettext_lazy("not paired"),
    "pending": gettext_lazy("result pending"),
}

FORFEIT_LABELS = {
    "+-": gettext_lazy("first team wins by forfeit"),
    "-+": gettext_lazy("second team wins by forfeit"),
    "--": gettext_lazy("both teams forfeit"),
}


class _NotTeam(Exception):
    """A team page asked for an individual tournament: its own pages answer instead."""


def _public_row(slug: str) -> models.Tournament:
    row = get_object_or_404(models.Tournament, slug=slug, published=True)
    if not is_team(row):
        raise _NotTeam
    return row


def _page(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Anonymous GETs from the per-version page cache (path and language only), as the individual pages."""

    @wraps(view)
    def wrapper(request: HttpRequest, slug: str, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            if request.user.is_authenticated or "messages" in request.COOKIES:
                return view(request, slug, *args, **kwargs)
            row = _public_row(slug)
        except _NotTeam:
            return redirect("tournaments:info", slug=slug)
        key = f"{request.path}|{translation.get_language()}"
        content = store.cached_page(row, key, lambda: view(request, slug, *args, **kwargs).content)
        resp = HttpResponse(content)
        resp["Vary"] = "Cookie, Accept-Language"
        return resp

    return wrapper


def _system_name(system: str) -> str:
    s = registry.get(system)
    return f"{_(s.name)} ({s.article})"


def _context(row: models.Tournament, tab: str, **extra: Any) -> dict[str, Any]:
    ev = service.event(row)
    return {
        "row": row, "ev": ev, "tab": tab, "rounds": range(1, ev.played_rounds() + 1),
        "system_name": _system_name(ev.system), **extra,
    }  # fmt: skip


@_page
def standings(request: HttpRequest, slug: str) -> HttpResponse:
    row = _public_row(slug)
    ev = service.event(row)
    codes, lines = team_views.team_standings_table(ev)
    by_match = ev.primary is PrimaryScore.MATCH  # C.04.6 art. 1.2: the primary score, then the tie-breaks
    primary = "MPTS" if by_match else "GPTS"
    return render(
        request, "teams/standings.html",
        _context(row, "standings", codes=codes, lines=lines, by_match=by_match, primary=primary,
                 legend=team_legend([primary, *codes])),
    )  # fmt: skip


def _team_tiebreak_names() -> dict[str, str]:
    """C.07's team tie-break codes (``arbitro.teams.tiebreaks.TEAM_TIEBREAKS``) in the reader's language."""
    return {
        "MPTS": _("match points"), "GPTS": _("game points"), "MPVGP": _("match points, then game points"),
        "BH": _("Buchholz"), "FB": _("Fore Buchholz"), "AOB": _("average of the opponents' Buchholz"),
        "SB": _("Sonneborn-Berger"), "ESB": _("extended Sonneborn-Berger"),
        "EMMSB": _("extended Sonneborn-Berger (match points by match points)"),
        "EMGSB": _("extended Sonneborn-Berger (match points by game points)"),
        "EGMSB": _("extended Sonneborn-Berger (game points by match points)"),
        "EGGSB": _("extended Sonneborn-Berger (game points by game points)"),
        "DE": _("direct encounter"), "WIN": _("matches won"), "WON": _("games won"),
        "PS": _("progressive score"), "BC": _("board count"), "TBR": _("team board results"),
        "BBE": _("board elimination"), "SSSC": _("Swiss score"),
    }  # fmt: skip


def team_legend(codes: list[str]) -> list[tuple[str, str]]:
    """(code, name) for each column of the team standings, as the header spells it (C.07 codes in both languages).

    A specifier such as ``BH:MP`` (Buchholz of match points) or ``BH/C1`` is named by its code
    and the points it counts.
    """
    names = _team_tiebreak_names()
    out = []
    for code in codes:
        base, _sep, rest = code.partition(":")
        base = re.split(r"[/(]", base, maxsplit=1)[0]
        name = names.get(base, base)
        if rest.startswith("MP"):
            name = _("%(name)s of match points") % {"name": name}
        elif rest.startswith("GP"):
            name = _("%(name)s of game points") % {"name": name}
        out.append((code, name))
    return out


@_page
def pairings(request: HttpRequest, slug: str, rnd: int | None = None) -> HttpResponse:
    row = _public_row(slug)
    ev = service.event(row)
    last = ev.played_rounds()
    if rnd is None:
        rnd = max(last, 1)
    if rnd < 1 or (last and rnd > last) or (not last and rnd > 1):
        raise Http404
    matches, bye = team_views.match_sheet(ev, rnd)
    deadline = service.state(row).deadlines.get(rnd)
    return render(
        request, "teams/pairings.html",
        _context(row, "pairings", matches=matches, bye=ev.teams[bye].name if bye else "", current=rnd, deadline=deadline),
    )  # fmt: skip


@_page
def boards(request: HttpRequest, slug: str) -> HttpResponse:
    row = _public_row(slug)
    ev = service.event(row)
    table = team_views.board_standings_table(ev)
    return render(request, "teams/boards.html", _context(row, "boards", boards=sorted(table.items())))


@_page
def team(request: HttpRequest, slug: str, tpn: int) -> HttpResponse:
    row = _public_row(slug)
    ev = service.event(row)
    if tpn not in ev.teams:
        raise Http404
    rows = [(r, ROUND_KINDS.get(r.kind, r.kind)) for r in team_views.team_rounds(ev, tpn)]
    members = [(i, m, team_views.player_games(ev, m.id)) for i, m in enumerate(ev.teams[tpn].members, start=1)]
    return render(
        request, "teams/team.html",
        _context(row, "team", team=ev.teams[tpn], round_rows=rows, members=members, boards_count=ev.boards),
    )  # fmt: skip


@_page
def norms(request: HttpRequest, slug: str) -> HttpResponse:
    """Title norms of the individual games (B.01; the 7-game team norms of 1.4.1b when the event is one)."""
    from arbitro.teams.individual import to_tournament
    from arbitro.titles.norms import NormOptions
    from arbitro.web.tournaments.norms import tournament_norms

    row = _public_row(slug)
    st = service.state(row)
    options = NormOptions(event=st.norm_event or None)
    report = store.cached(row, "team_norms", lambda: tournament_norms(to_tournament(service.event(row)), options))
    return render(request, "teams/norms.html", _context(row, "norms", report=report, norm_event=st.norm_event))


@_page
def player(request: HttpRequest, slug: str, pid: int) -> HttpResponse:
    row = _public_row(slug)
    ev = service.event(row)
    if pid not in ev.players:
        raise Http404
    tpn = ev.team_of_player().get(pid)
    games = team_views.player_games(ev, pid)
    return render(
        request, "teams/player.html",
        _context(row, "team", member=ev.players[pid], team=ev.teams[tpn] if tpn else None, games=games),
    )  # fmt: skip


# -- desk ----------------------------------------------------------------------------


def managed(request: HttpRequest, slug: str, action: str) -> models.Tournament:
    """The team competition of ``slug`` if the user may do ``action`` on it (403; 404 for an individual one)."""
    row = get_object_or_404(models.Tournament, slug=slug)
    if not permissions.can(request.user, row, action):
        raise PermissionDenied
    if not is_team(row):
        raise Http404
    return row


@login_required
def desk_create(request: HttpRequest) -> HttpResponse:
    from arbitro.web.tournaments.views_desk import creation_organisation

    org, choices = creation_organisation(request)  # issue 19 item 5: in one of the user's organisations
    form = forms.TeamCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            row = service.create({**form.cleaned_data, "organisation": org}, request.user)
        except ArbitroError as err:
            messages.error(request, texts.text(err))  # the core's code, in the reader's language
        else:
            messages.success(request, _("Team competition created."))
            return redirect("teams:desk_panel", slug=row.slug)
    return render(request, "teams/desk_create.html", {"form": form, "organisation": org, "organisations": choices})


@login_required
def desk_panel(request: HttpRequest, slug: str) -> HttpResponse:
    row = managed(request, slug, "view")
    st = service.state(row)
    ev = service.desk_event(row)  # with the draft round, which only the desk sees
    last = st.paired_rounds
    try:
        rnd = int(request.GET.get("round") or last)
    except ValueError:
        rnd = last
    rnd = min(max(rnd, 0), last)
    matches: list[dict[str, Any]] = []
    if rnd:
        sheet, _bye = team_views.match_sheet(ev, rnd)
        for line in sheet:
            matches.append(
                {
                    "line": line,
                    "teams": [
                        (tpn, ev.teams[tpn].name, ev.teams[tpn].members, st.lineup(rnd, tpn))
                        for tpn in (line.white, line.black)
                    ],
                    "lineup_rows": _lineup_rows(ev, st, rnd, line),
                }
            )
    return render(
        request, "teams/desk_panel.html",
        {
            "row": row, "ev": ev, "st": st, "rnd": rnd, "rounds": range(1, last + 1), "matches": matches,
            "results": team_views.BOARD_RESULTS, "forfeits": [(c, t, FORFEIT_LABELS[c]) for c, t in team_views.MATCH_FORFEITS],
            "can_chief": permissions.can(request.user, row, "pair"),
            "can_pair": last < ev.rounds and (last == 0 or st.round_complete(last)) and len(ev.teams) >= 2
            and not st.draft_round,
            "draft": st.draft_round, "draft_shown": rnd == st.draft_round and rnd > 0,
            "can_unpair": service.can_unpair(st), "last_round": last,
            "can_audit": permissions.can(request.user, row, "audit"),
            "system_name": _system_name(ev.system), "no_refresh": True,
            "bye": ev.teams[st.byes[rnd]].name if rnd in st.byes else "",
            "deadline": st.deadlines.get(rnd),
            "deadline_value": timezone.localtime(st.deadlines[rnd]).strftime("%Y-%m-%dT%H:%M") if rnd in st.deadlines else "",
        },
    )  # fmt: skip


def _lineup_rows(ev: TeamEvent, st: TeamLogState, rnd: int, line: team_views.MatchLine) -> list[dict[str, object]]:
    """Per board: each team's player (the line-up) and the board's result code."""
    lw, lb = st.lineup(rnd, line.white), st.lineup(rnd, line.black)
    results = {b.board: b.result for b in line.boards}
    return [
        {
            "board": b, "colour": ev.player_colour(b, True), "white": lw[b - 1], "black": lb[b - 1],
            "result": results.get(b, ""),
        }  # fmt: skip
        for b in range(1, ev.boards + 1)
    ]


@login_required
def desk_settings(request: HttpRequest, slug: str) -> HttpResponse:
    """The settings of a team competition after creation (saved by :class:`.desk.ChangeSettings`)."""
    return settings_page(request, managed(request, slug, "view"), None)


def settings_page(request: HttpRequest, row: models.Tournament, posted: QueryDict | None) -> HttpResponse:
    """The settings page; ``posted``: the form as typed (the core refused it)."""
    st = service.state(row)
    ev = st.require()
    can_change = permissions.can(request.user, row, "settings")
    initial = {
        "name": ev.name, "city": ev.city, "federation": ev.federation,
        "start_date": ev.start_date.replace("/", "-"), "end_date": ev.end_date.replace("/", "-"),
        "chief_arbiter": ev.chief_arbiter, "rounds": ev.rounds, "tiebreaks": " ".join(ev.tiebreaks),
        "norm_event": st.norm_event,
    }  # fmt: skip
    form = forms.TeamSettingsForm(
        posted, initial=initial, round_robin=ev.system in ROUND_ROBIN_KEYS, started=bool(st.paired_rounds)
    )
    return render(
        request, "teams/desk_settings.html",
        {"row": row, "ev": ev, "form": form, "can_change": can_change, "no_refresh": True,
         "system_name": _system_name(ev.system), "can_audit": permissions.can(request.user, row, "audit")},
    )  # fmt: skip


@login_required
def desk_export(request: HttpRequest, slug: str) -> HttpResponse:
    row = managed(request, slug, "view")
    resp = HttpResponse(service.export_trf(row), content_type="text/plain; charset=utf-8")
    last = service.state(row).paired_rounds
    resp["Content-Disposition"] = f'attachment; filename="{row.slug}-teams-round{last}.trf26.trf"'
    return resp


# -- documents -------------------------------------------------------------------------

#: Public documents (as their pages are); match cards are the desk's (docs/decisions.md 2026-12-01).
PUBLIC_DOCUMENTS = ("pairings", "standings", "crosstable")
DESK_DOCUMENTS = ("pairings", "standings", "crosstable", "cards")


def _document(row: models.Tournament, kind: str, request: HttpRequest, *, desk: bool = False) -> HttpResponse:
    """A PDF of the competition; ``desk``: with the draft round (the desk prints it to review it)."""
    from arbitro.documents import teams_pdf

    ev = service.desk_event(row) if desk else service.event(row)
    lang = texts.catalogue_language()  # a language with catalogues (arbitro.i18n)
    rnd: int | None = None
    raw = request.GET.get("round")
    if raw and raw.isdigit():
        rnd = int(raw)
    try:
        if kind == "pairings":
            data = teams_pdf.render_team_pairings_pdf(ev, lang, round_number=rnd)
        elif kind == "cards":
            data = teams_pdf.render_match_cards_pdf(ev, lang, round_number=rnd)
        elif kind == "crosstable":
            data = teams_pdf.render_team_crosstable_pdf(ev, lang)
        else:
            data = teams_pdf.render_team_standings_pdf(ev, lang)
    except ArbitroError as err:
        raise Http404(str(err)) from None
    resp = HttpResponse(data, content_type="application/pdf")
    suffix = f"-round{rnd or ev.played_rounds()}" if kind in ("pairings", "cards") else ""
    resp["Content-Disposition"] = f'attachment; filename="{row.slug}-teams-{kind}{suffix}.pdf"'
    return resp


def public_document(request: HttpRequest, slug: str, kind: str) -> HttpResponse:
    if kind not in PUBLIC_DOCUMENTS:
        raise Http404
    try:
        row = _public_row(slug)
    except _NotTeam:
        return redirect("tournaments:info", slug=slug)
    return _document(row, kind, request)


@login_required
def desk_document(request: HttpRequest, slug: str, kind: str) -> HttpResponse:
    if kind not in DESK_DOCUMENTS:
        raise Http404
    return _document(managed(request, slug, "view"), kind, request, desk=True)
