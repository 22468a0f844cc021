"""Player self-service: a half-point bye requested online.

The player logs in (an account linked to a :class:`~.models.Person`); the
rulebook's limits are checked by the core tournament service, which refuses
with the article; every request, granted or refused, is listed at the desk.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from arbitro.errors import ArbitroError
from arbitro.model import Tournament as CoreTournament
from arbitro.web.tournaments import eventlog, forms, models, permissions, service, texts


def _allowed(request: HttpRequest, row: models.Tournament) -> set[int] | None:
    """Start ranks the user may ask a bye for (``None``: any, for the tournament's arbiters)."""
    if permissions.can(request.user, row, "bye"):
        return None
    person = getattr(request.user, "arbitro_person", None)
    if person is None:
        return set()
    return set(row.entries.filter(person=person).values_list("start_rank", flat=True))


@login_required
def request_bye(request: HttpRequest, slug: str) -> HttpResponse:
    row = get_object_or_404(models.Tournament, slug=slug, published=True)
    core = eventlog.load(row)
    allowed = _allowed(request, row)
    form = forms.ByeRequestForm(core, allowed, request.POST or None)
    if request.method == "POST" and form.is_valid():
        start_rank = int(form.cleaned_data["player"])
        rnd = int(form.cleaned_data["round"])
        try:
            service.request_bye(row, start_rank, rnd, "H", request.user)
        except ArbitroError as err:
            models.ByeRequest.objects.create(
                tournament=row, player=service.public_id(row, start_rank), round=rnd,
                status=models.ByeRequest.Status.REJECTED, message=str(err)[:300], **texts.stored_reason(err),
            )
            messages.error(request, _("Bye refused: %(reason)s") % {"reason": texts.text(err)})
        else:
            models.ByeRequest.objects.create(
                tournament=row, player=service.public_id(row, start_rank), round=rnd,
                status=models.ByeRequest.Status.ACCEPTED,
            )
            messages.success(request, _("Half-point bye recorded for round %(round)s.") % {"round": rnd})
            return redirect("tournaments:info", slug=row.slug)
    mine = models.ByeRequest.objects.filter(tournament=row)
    if allowed is not None:
        mine = mine.filter(player__in=[service.public_id(row, r) for r in allowed])
    return render(
        request,
        "public/bye.html",
        {"row": row, "t": core, "form": form, "tab": "info", "no_refresh": True, "no_player": allowed == set(),
         "requests": with_players(mine, eventlog.load(row))},
    )  # fmt: skip


def with_players(requests: Iterable[models.ByeRequest], core: CoreTournament) -> list[models.ByeRequest]:
    """The requests, each with ``who`` (the player it belongs to now, by stable id, or ``None``) and
    ``reason`` (why refused or how recorded, in the reader's language)."""
    by_id = {p.public_id: p for p in core.players.values()}
    out = list(requests)
    for r in out:
        r.who = by_id.get(r.player)
        r.reason = texts.stored_text(r.reason_code, r.reason_params, r.message)
    return out


@login_required
def after_login(request: HttpRequest) -> HttpResponse:
    """Where a login lands (issue 15 item 8): arbiters at the desk, a player on their own page."""
    if permissions.can_create(request.user) or permissions.managed(request.user):
        return redirect("tournaments:desk")
    return redirect("tournaments:mine")


@login_required
def mine(request: HttpRequest) -> HttpResponse:
    """A player's own tournaments (published ones they are entered in) and their bye requests."""
    person = getattr(request.user, "arbitro_person", None)
    rows = []
    if person is not None:
        entries = person.entries.filter(tournament__published=True).select_related("tournament")
        for entry in entries.order_by("-tournament__start_date", "tournament__name"):
            t = entry.tournament
            byes = models.ByeRequest.objects.filter(tournament=t, player=service.public_id(t, entry.start_rank))
            rows.append({"row": t, "start_rank": entry.start_rank, "requests": with_players(byes, eventlog.load(t))})
    return render(request, "public/mine.html", {"person": person, "rows": rows, "no_refresh": True})
