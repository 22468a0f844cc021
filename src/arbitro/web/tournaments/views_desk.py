"""The arbiter's desk: login, per-tournament roles, actions through the core service."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from arbitro.errors import ArbitroError
from arbitro.model import Tournament as CoreTournament
from arbitro.tournament import TournamentState
from arbitro.web.public import player as views_player

if TYPE_CHECKING:
    from arbitro.web.ops.audit import AuditRow

from . import (
    federation,
    forms,
    models,
    permissions,
    present,
    prizes,
    result_entry,
    service,
    store,
    texts,
)


@login_required
def desk(request: HttpRequest) -> HttpResponse:
    rows = permissions.managed(request.user)
    return render(
        request,
        "tournaments/desk.html",
        {
            "rows": rows,
            "can_create": permissions.can_create(request.user),
            "show_organisation": len({r.organisation_id for r in rows}) > 1,
            "administered": permissions.administered(request.user),
        },
    )


def creation_organisation(request: HttpRequest) -> tuple[models.Organisation, list[models.Organisation]]:
    """The organisation a new tournament goes into (``?org=<slug>``; default: the user's first), and the
    ones the user may choose from. Refused (403) outside the user's organisations (issue 19 item 5)."""
    allowed = permissions.creatable_organisations(request.user)
    if not allowed:
        raise PermissionDenied
    slug = request.GET.get("org", "")
    if slug:
        org = next((o for o in allowed if o.slug == slug), None)
        if org is None:
            get_object_or_404(models.Organisation, slug=slug)  # 404 for no such organisation, else 403
            raise PermissionDenied
        return org, allowed
    return next((o for o in allowed if o.slug == models.DEFAULT_ORGANISATION), allowed[0]), allowed


def _require_create(request: HttpRequest) -> models.Organisation:
    return creation_organisation(request)[0]


@login_required
def create(request: HttpRequest) -> HttpResponse:
    org, choices = creation_organisation(request)
    form = forms.CreateSettingsForm(request.POST or None, organisation=org)
    if request.method == "POST" and form.is_valid():
        data = dict(form.cleaned_data)
        data["organisation"] = org
        settings = form.settings()
        for key in ("time_control", "chief_arbiter", "city", "start_date", "end_date"):
            settings.pop(key)  # creation's own fields
        if not settings["bye_limits"].get("max_half_point_byes") and not settings["bye_limits"].get("last_round"):
            settings.pop("bye_limits")
        data["settings"] = settings
        try:
            row = service.create(data, request.user)
        except ArbitroError as err:
            messages.error(request, texts.text(err))
        else:
            models.Role.objects.get_or_create(user=request.user, tournament=row, kind=models.Role.Kind.CHIEF_ARBITER)
            messages.success(request, _("Tournament created."))
            return redirect("tournaments:desk_panel", slug=row.slug)
    return render(request, "tournaments/desk_create.html", {"form": form, "organisation": org, "organisations": choices})


_PENDING = "pending_import"


def _pending_path(token: str):  # type: ignore[no-untyped-def]
    from django.conf import settings

    return settings.DATA_DIR / "pending-imports" / f"{token}.trf"


def _broken_rounds(data: bytes, source: str) -> list[tuple[int, list[str]]]:
    """The file's rounds that break the pairing rules (VCL4THP Q54), in round order; none when unreadable."""
    from arbitro.tournament.importing import broken_rounds

    try:
        return sorted(broken_rounds(store.parse(data, source=source, validate=False)).items())
    except (ArbitroError, LookupError):
        return []  # the import says what is wrong with the file


def _fide_exit(data: bytes, source: str) -> str:
    """Why importing the file leaves FIDE mode (its scoring, core ``fide_exit_on_import``), or ``""``."""
    from arbitro.tournament.importing import fide_exit_on_import

    try:
        return fide_exit_on_import(store.parse(data, source=source, validate=False))
    except (ArbitroError, LookupError):
        return ""


@login_required
def import_trf(request: HttpRequest) -> HttpResponse:
    """Import a TRF file; one that is already here (same name, date and players) asks before making a copy,
    one whose rounds break the pairing rules shows them and asks to confirm (Level 3, VCL4THP Q54-Q55), one
    whose scoring leaves FIDE mode warns and then asks a second time (Level 4, Q43)."""
    import secrets

    org, choices = creation_organisation(request)
    form = forms.ImportTrfForm(request.POST or None, request.FILES or None, organisation=org)
    page = {"form": form, "organisation": org, "organisations": choices}
    data: bytes | None = None
    category, source = "", "<upload>"
    pending = request.session.get(_PENDING)
    confirmed = False
    if (
        request.method == "POST" and request.POST.get("copy") and pending and pending.get("token") == request.POST["copy"]
        and pending.get("organisation", org.pk) == org.pk
    ):
        if pending.get("exit") and not pending.get("warned"):  # Level 4 (VCL4THP Q43): the second confirmation
            request.session[_PENDING] = {**pending, "warned": True}
            return render(
                request, "tournaments/desk_import.html", {**page, "exit_second": True, "token": pending["token"]}
            )
        path = _pending_path(pending["token"])  # the arbiter confirmed the copy, or the broken rounds
        confirmed = True
        data = path.read_bytes() if path.is_file() else None
        path.unlink(missing_ok=True)
        del request.session[_PENDING]
        category, source = pending.get("category", ""), pending.get("source", "<upload>")
        if data is None:
            messages.error(request, _("The file to import is no longer here; choose it again."))
    elif request.method == "POST" and form.is_valid():
        upload = request.FILES["file"]
        data, category, source = upload.read(), form.cleaned_data.get("category", ""), upload.name or "<upload>"
        try:  # a file the reader refuses is not reviewed: the import below lists its problems
            store.parse(data, source=source)
            readable = True
        except ArbitroError:
            readable = False
        found = store.duplicates(store.parse(data, source=source, validate=False), org) if readable else []
        broken = _broken_rounds(data, source) if readable else []
        leaving = _fide_exit(data, source) if readable else ""
        if found or broken or leaving:
            token = secrets.token_hex(16)
            path = _pending_path(token)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            request.session[_PENDING] = {
                "token": token, "category": category, "source": source, "organisation": org.pk, "exit": leaving,
            }
            return render(
                request,
                "tournaments/desk_import.html",
                {**page, "duplicates": found, "broken": broken, "fide_exit": leaving, "token": token},
            )
    if data is not None:
        try:
            row = store.import_trf(data, category=category, source=source, organisation=org)
        except ArbitroError as err:
            problems = texts.diagnostics(err)  # a bad file: each problem with its line, column and field
            if problems:
                return render(request, "tournaments/desk_import.html", {"form": form, "problems": problems, "source": source})
            messages.error(request, texts.text(err))
        else:
            models.Role.objects.get_or_create(user=request.user, tournament=row, kind=models.Role.Kind.CHIEF_ARBITER)
            if confirmed and (_broken_rounds(data, source) or _fide_exit(data, source)):
                try:  # the log now, so that its ``### Import @ Round n`` / FIDE-mode lines are in every export
                    service.adopt(row)
                except ArbitroError as err:
                    messages.warning(request, texts.text(err))
            messages.success(request, _("Tournament imported."))
            return redirect("tournaments:desk_panel", slug=row.slug)
    return render(request, "tournaments/desk_import.html", page)


def _managed(request: HttpRequest, slug: str, action: str) -> models.Tournament:
    row = get_object_or_404(models.Tournament, slug=slug)
    if not permissions.can(request.user, row, action):
        raise PermissionDenied
    return row


def _prize_document(row: models.Tournament) -> str:
    """The saved prize list as indented JSON for the desk's editor (empty when none is saved)."""
    import json

    doc = prizes.stored_document(row)
    return "" if doc is None else json.dumps(doc, indent=2, ensure_ascii=False)


def _out_of_fide_mode(st: TournamentState | None, core: CoreTournament) -> bool:
    """True once the tournament has left FIDE mode (VCL4THP Q46: a banner on the desk); an import not yet
    adopted has left it when its file says so or its scoring is refused in FIDE mode (core ``importing``)."""
    from arbitro.tournament.importing import fide_exit_on_import

    if st is not None:
        return not st.fide_mode
    return any(note.startswith("FIDE mode left") for note in core.comments) or bool(fide_exit_on_import(core))


@login_required
def panel(request: HttpRequest, slug: str) -> HttpResponse:
    row = _managed(request, slug, "view")
    from arbitro.web.teams.models import is_team

    if is_team(row):  # issue 18: a team competition has its own desk
        return redirect("teams:desk_panel", slug=row.slug)
    core = store.load(row)
    st = service.state(row)
    last = st.paired_rounds if st is not None else core.played_rounds
    games = st.pairing_system.games_per_round if st is not None else 1  # a two-game match (C.04.5): two columns
    rnd = last
    asked = request.GET.get("round", "")
    if asked.isdigit() and 1 <= int(asked) <= last:  # the round selector: results of any round (issue 15 item 2)
        rnd = int(asked)
    current = present.round_for(row, core, rnd, draft=True) if rnd else None
    result_columns, result_rows = present.result_rows(row, core, rnd, draft=True) if rnd else ([], [])
    draft = st is not None and bool(st.rounds) and not st.rounds[-1].published
    last_first = last - (last - 1) % games if last else 0  # the first column of the last round
    newest = present.round_for(row, core, last_first, draft=True) if last else None
    latest = newest if draft else None
    _, newest_rows = present.result_rows(row, core, last, draft=True) if last else ([], [])
    query = (request.GET.get("q") or "").strip()
    found_list, found_people = [], []
    if query:  # search the FIDE rating list and the federation registry
        by_id = query.isdigit()
        rl = models.RatingListEntry.objects.all()
        found_list = list((rl.filter(fide_id=query) if by_id else rl.filter(name__icontains=query))[:20])
        people = models.Person.objects.all()
        found_people = list((people.filter(fide_id=query) if by_id else people.filter(name__icontains=query))[:20])
    return render(
        request,
        "tournaments/desk_panel.html",
        {
            "row": row,
            "t": core,
            "current": current,
            "current_title": present.round_title(core, rnd) if rnd else "",
            "current_match": present.match_of(core, rnd)[0] if rnd else 0,
            "result_byes": present.round_for(row, core, result_columns[0], draft=True).byes if result_columns else [],
            "rounds_done": present.rounds_progress(core)[0],
            "rounds_total": present.rounds_progress(core)[1],
            "result_columns": result_columns,
            "result_rows": result_rows,
            "two_games": any(r.game_number for r in result_rows),
            "register_form": forms.RegisterForm(late=st is not None and bool(st.rounds)),
            "query": query,
            "found_list": found_list,
            "found_people": found_people,
            # a two-game match is changed as game 1 (the core reverses game 2, C.04.5 4.4)
            "current_boards": "\n".join(
                f"{r.game.white.start_rank} {r.game.black.start_rank}" for r in newest_rows if r.game_number <= 1
            ),
            "requests": views_player.with_players(row.bye_requests.all(), core),
            "events": _recent(row, st),
            "rounds": [(c, (c - 1) // games + 1) for c in range(1, last + 1) if (c - 1) % games == 0],
            "current_round": (rnd - 1) // games + 1 if rnd else 0,
            "last_round": (last - 1) // games + 1 if last else 0,
            "draft": draft,
            "draft_round": latest,
            "draft_notes": _draft_notes(st, latest) if draft and st is not None and latest is not None else [],
            "can_unpair": service.can_unpair(st),
            "can_by_hand": _can_by_hand(st, draft),
            "by_hand_open": request.GET.get("by_hand") == "1",  # after "no valid pairing exists" (pair.impossible)
            "closed_round": bool(current) and (rnd - 1) // games < (last - 1) // games,
            "current_is_draft": draft and rnd >= last_first,
            "can_chief": permissions.can(request.user, row, "pair"),
            "editable": st is not None or not service.is_event_based(row),  # imported: adopted on the first action
            "state": st,
            "out_of_fide_mode": _out_of_fide_mode(st, core),
            "no_refresh": True,
            "default_time": federation.default_time_text(row) if row.category else "",  # the rulebook's default time
            "prizes": prizes.view(row, core),
            "prize_document": _prize_document(row),
            "result_entry": result_entry.script_data(st.fide_mode if st is not None else True),
        },
    )


def _can_by_hand(st: TournamentState | None, draft: bool) -> bool:
    """Whether the panel offers "Round by hand" (VCL4THP Q63): a Swiss whose last round is complete and
    whose next round is still to be paired. The core refuses it while the engine can pair that round."""
    if st is None or st.finished or draft:
        return False
    system = st.pairing_system
    if system.is_round_robin or system.games_per_round > 1:
        return False
    if st.total_rounds is not None and st.paired_rounds >= st.total_rounds:
        return False
    return not st.rounds or bool(st.rounds[-1].complete)


def _recent(row: models.Tournament, st: TournamentState | None) -> list[AuditRow]:
    """The last events in words (the event log page has them all)."""
    from arbitro.web.ops import audit

    return audit.recent(row, st)


def _draft_notes(st: TournamentState, sheet: present.RoundPage) -> list[str]:
    """What the arbiter reviews on a draft besides the boards: floats, and the engine's word on each board.

    A float is a board whose players had different scores before the round (C.04.3 A.4); the
    engines give no per-board reason, so the note says which engine paired the round, or that
    the arbiter changed it by hand (``### MPA``).
    """
    rnd = st.rounds[-1]
    notes = []
    from arbitro.pairing import registry

    try:
        engine = _(registry.get(rnd.engine).name) if rnd.engine else "?"  # the registry name, translated
    except LookupError:  # an imported or older engine name ("imported", "berger"): shown as logged
        engine = rnd.engine
    if rnd.manual:
        notes.append(_("The pairing was changed by hand after the engine (%(engine)s) paired it.") % {"engine": engine})
    else:
        notes.append(_("Paired by the engine: %(engine)s. It gives no reason per board.") % {"engine": engine})
    floats = [g for g in sheet.games if g.white_points != g.black_points]
    if floats:
        notes.append(
            ngettext(
                "Float: %(n)s board pairs players on different scores (C.04.3 1.4): board %(boards)s.",
                "Floats: %(n)s boards pair players on different scores (C.04.3 1.4): boards %(boards)s.",
                len(floats),
            )
            % {"n": len(floats), "boards": ", ".join(str(g.board) for g in floats)}
        )
        notes.append(_("↓ marks the player who floats down to a lower score."))
    else:
        notes.append(_("No floats: every board pairs players on the same score."))
    return notes


@login_required
def log(request: HttpRequest, slug: str) -> HttpResponse:
    """The event log in words (names, boards, results; before and after), newest first, paged (issue 15 item 9)."""
    from arbitro.web.ops import audit

    row = _managed(request, slug, "view")
    rows = audit.trail_cached(row)
    return render(
        request,
        "tournaments/desk_log.html",
        {
            "row": row,
            "page": audit.page_of(request, rows, newest_first=True),
            "total": len(rows),
            "can_chief": permissions.can(request.user, row, "audit"),
            "no_refresh": True,
        },
    )


@login_required
def export(request: HttpRequest, slug: str) -> HttpResponse:
    row = _managed(request, slug, "view")
    version = request.GET.get("version", "trf26")
    if version not in {"trf26", "trf16"}:
        version = "trf26"
    resp = HttpResponse(store.export_trf(row, version=version), content_type="text/plain; charset=utf-8")
    from arbitro.views.rounds import last_paired_round
    from arbitro.web.public.documents import trf_file_name

    name = trf_file_name(row.slug, version, last_paired_round(store.load(row)) or None)
    resp["Content-Disposition"] = f'attachment; filename="{name}"'
    return resp
