"""The arbiter's desk: login, per-tournament roles, actions through the core service."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from arbitro.errors import ArbitroError

from . import federation, forms, models, permissions, present, prizes, result_entry, service, store


@login_required
def desk(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "tournaments/desk.html",
        {"rows": permissions.managed(request.user), "can_create": permissions.can_create(request.user)},
    )


def _require_create(request: HttpRequest) -> None:
    if not permissions.can_create(request.user):
        raise PermissionDenied


@login_required
def create(request: HttpRequest) -> HttpResponse:
    _require_create(request)
    form = forms.CreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            row = service.create(form.cleaned_data, request.user)
        except ArbitroError as err:
            messages.error(request, str(err))
        else:
            models.Role.objects.get_or_create(user=request.user, tournament=row, kind=models.Role.Kind.CHIEF_ARBITER)
            messages.success(request, _("Tournament created."))
            return redirect("tournaments:desk_panel", slug=row.slug)
    return render(request, "tournaments/desk_create.html", {"form": form})


@login_required
def import_trf(request: HttpRequest) -> HttpResponse:
    _require_create(request)
    form = forms.ImportTrfForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = request.FILES["file"]
        try:
            row = store.import_trf(
                upload.read(), category=form.cleaned_data.get("category", ""), source=upload.name or "<upload>"
            )
        except ArbitroError as err:
            messages.error(request, str(err))
        else:
            models.Role.objects.get_or_create(user=request.user, tournament=row, kind=models.Role.Kind.CHIEF_ARBITER)
            messages.success(request, _("Tournament imported."))
            return redirect("tournaments:desk_panel", slug=row.slug)
    return render(request, "tournaments/desk_import.html", {"form": form})


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


@login_required
def panel(request: HttpRequest, slug: str) -> HttpResponse:
    row = _managed(request, slug, "view")
    from arbitro.web.teams.models import is_team

    if is_team(row):  # issue 18: a team competition has its own desk
        return redirect("teams:desk_panel", slug=row.slug)
    core = store.load(row)
    st = service.state(row)
    rnd = st.paired_rounds if st is not None else core.played_rounds
    current = present.round_for(row, core, rnd) if rnd else None
    result_columns, result_rows = present.result_rows(row, core, rnd) if rnd else ([], [])
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
            "result_byes": present.round_for(row, core, result_columns[0]).byes if result_columns else [],
            "rounds_done": present.rounds_progress(core)[0],
            "rounds_total": present.rounds_progress(core)[1],
            "result_columns": result_columns,
            "result_rows": result_rows,
            "two_games": any(r.game_number for r in result_rows),
            "register_form": forms.RegisterForm(),
            "query": query,
            "found_list": found_list,
            "found_people": found_people,
            # a two-game match is changed as game 1 (the core reverses game 2, C.04.5 4.4)
            "current_boards": "\n".join(
                f"{r.game.white.start_rank} {r.game.black.start_rank}" for r in result_rows if r.game_number <= 1
            ),
            "requests": row.bye_requests.all(),
            "events": [
                (e.created, present.event_label(e.kind), e.payload, e.author)
                for e in row.events.select_related("author").order_by("-seq")[:30]
            ],
            "can_chief": permissions.can(request.user, row, "pair"),
            "editable": st is not None or not service.is_event_based(row),  # imported: adopted on the first action
            "state": st,
            "no_refresh": True,
            "default_time": federation.default_time_text() if row.category else "",  # the rulebook's default time
            "prizes": prizes.view(row, core),
            "prize_document": _prize_document(row),
            "result_entry": result_entry.script_data(st.fide_mode if st is not None else True),
        },
    )


@login_required
def action(request: HttpRequest, slug: str) -> HttpResponse:
    if request.method != "POST":  # back from the login after an expired session: the panel (drafts kept in the browser)
        return redirect("tournaments:desk_panel", slug=_managed(request, slug, "view").slug)
    op = request.POST.get("op", "")
    row = _managed(request, slug, "result" if op in ("results", "no_show") else op or "view")
    try:
        text = service.perform(row, op, request.POST, request.user)
    except ArbitroError as err:
        messages.error(request, str(err))
    else:
        if text:
            messages.success(request, text)
    return redirect("tournaments:desk_panel", slug=row.slug)


@login_required
def export(request: HttpRequest, slug: str) -> HttpResponse:
    row = _managed(request, slug, "view")
    version = request.GET.get("version", "trf26")
    if version not in {"trf26", "trf16"}:
        version = "trf26"
    resp = HttpResponse(store.export_trf(row, version=version), content_type="text/plain; charset=utf-8")
    from arbitro.views.rounds import last_paired_round

    from .views_documents import trf_file_name

    name = trf_file_name(row.slug, version, last_paired_round(store.load(row)) or None)
    resp["Content-Disposition"] = f'attachment; filename="{name}"'
    return resp
