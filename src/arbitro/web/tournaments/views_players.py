"""The desk's players page and settings page (issue 15 items 4 and 5): their own URLs and templates."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from arbitro.errors import ArbitroError
from arbitro.model import Player, ScoringSystem
from arbitro.tournament import TournamentState
from arbitro.views import points_text

from . import desk_players, forms, models, permissions, service, store, texts


def _managed(request: HttpRequest, slug: str, action: str) -> models.Tournament:
    row = get_object_or_404(models.Tournament, slug=slug)
    if not permissions.can(request.user, row, action):
        raise PermissionDenied
    return row


def _rating_type(row: models.Tournament) -> str:
    st = service.state(row)
    return (st.rating_type if st is not None else "") or "standard"


@dataclass(frozen=True, slots=True)
class PlayerRow:
    """One line of the players table."""

    p: Player
    rank: int | None  # the C.04.2 2.2 order
    points: str
    withdrawn: int | None  # the round the player withdrew from
    meta: str  # the columns a phone hides, under the name (title, federation, FIDE id, birth)


def _table(row: models.Tournament) -> list[PlayerRow]:
    core = store.load(row)
    st = service.state(row)
    from arbitro.tournament.numbers import swiss_order

    withdrawn = st.withdrawn if st is not None else {}
    ranking = {n: i for i, n in enumerate(swiss_order(core.players.values()), start=1)}  # C.04.2 2.2 order
    rows = []
    for p in sorted(core.players.values(), key=lambda q: q.start_rank):
        rows.append(
            PlayerRow(
                p=p,
                rank=ranking.get(p.start_rank),
                points=points_text(p.score(core.scoring)),
                withdrawn=withdrawn.get(p.start_rank),
                meta=" · ".join(x for x in (p.title, p.federation, p.fide_id, p.birth_date) if x),
            )
        )
    return rows


def _initial(p: Player) -> dict[str, str | int | None]:
    return {"name": p.name, "rating": p.rating or None, "fide_id": p.fide_id, "federation": p.federation,
            "title": p.title, "sex": p.sex, "birth_date": p.birth_date}  # fmt: skip


@login_required
def players(request: HttpRequest, slug: str) -> HttpResponse:
    """The player table and the registration by hand (the page's form); the lists' search.

    The page's other buttons (register a person found, remove / withdraw / return a player, a round
    robin's numbers) post to their own operations (:mod:`.desk.operations`)."""
    row = _managed(request, slug, "view")
    can = permissions.can(request.user, row, "players")
    editable = service.is_event_based(row) or service.state(row) is not None
    st0 = service.state(row)
    late = st0 is not None and bool(st0.rounds)
    form = forms.RegisterForm(request.POST or None, late=late) if can else None
    if request.method == "POST":
        if not can or not editable:
            raise PermissionDenied
        # the page's own form: a player by hand; the page's other buttons are operations (desk/operations.py)
        if form is not None and form.is_valid():
            try:
                n = desk_players.register(row, form.cleaned_data, request.user)
            except ArbitroError as err:
                messages.error(request, texts.text(err))
            else:
                messages.success(request, _("Player registered with number %(n)s.") % {"n": n})
                if form.name_note:
                    messages.warning(request, form.name_note)
                return redirect("tournaments:desk_players", slug=row.slug)
    query = (request.GET.get("q") or "").strip()
    st = service.state(row)
    return render(
        request,
        "tournaments/desk_players.html",
        {
            "row": row,
            "t": store.load(row),
            "table": _table(row),
            "form": form,
            "can": can and editable,
            "query": query,
            "found": desk_players.search(query, _rating_type(row)) if query and can else [],
            "before_round_1": st is not None and not st.rounds,
            "numbers_by_hand": st is not None and not st.rounds and st.is_round_robin and len(st.header.players) >= 2,
            "no_refresh": True,
        },
    )


@login_required
def edit_player(request: HttpRequest, slug: str, pid: int) -> HttpResponse:
    """Edit one player (by stable id); the pairing number does not change."""
    row = _managed(request, slug, "players")
    core = store.load(row)
    p = next((q for q in core.players.values() if q.public_id == pid), None)
    if p is None:
        raise Http404
    form = forms.RegisterForm(request.POST or None, initial=_initial(p), late=False)
    if request.method == "POST" and form.is_valid():
        try:
            desk_players.update(row, p.start_rank, form.cleaned_data, request.user)
        except ArbitroError as err:
            messages.error(request, str(err))
        else:
            messages.success(request, _("Player %(name)s saved.") % {"name": form.cleaned_data["name"]})
            if form.name_note:
                messages.warning(request, form.name_note)
            return redirect("tournaments:desk_players", slug=row.slug)
    return render(
        request, "tournaments/desk_player_edit.html", {"row": row, "p": p, "form": form, "no_refresh": True}
    )


def _settings_initial(row: models.Tournament) -> dict[str, Any]:
    st = service.state(row)
    core = store.load(row)
    if st is None:
        return {"published": row.published}
    h = st.header
    scoring = "standard" if h.scoring.is_standard else (
        "3-1-0" if {k: str(v) for k, v in vars_of(h.scoring).items()} == forms.SCORING_PRESETS["3-1-0"] else "custom"
    )
    tb = tuple(h.tiebreaks)
    preset = "" if not tb else next((k for k, _l, codes in forms.tiebreak_presets(row) if codes == tb), "custom")
    limits = st.bye_limits
    return {
        "rated": bool(st.rated),
        "rating_type": st.rating_type or "standard",
        "time_control": h.time_control,
        "system": st.system,
        "rounds": core.rounds,
        **{key: st.said_setting(key) for key in forms.declared_settings()},  # the systems' own (issue 32)
        "scoring": scoring,
        "score_win": h.scoring.win, "score_draw": h.scoring.draw, "score_loss": h.scoring.loss,
        "tiebreak_preset": preset,
        "tiebreaks_custom": ", ".join(tb) if preset == "custom" else "",
        "max_half_point_byes": limits.max_half_point_byes,
        "closed_last_rounds": (core.rounds - limits.last_round) if limits.last_round and core.rounds else None,
        "chief_arbiter": h.chief_arbiter,
        "deputy_arbiters": "; ".join(h.deputy_arbiters),
        "city": h.city,
        "start_date": h.start_date,
        "end_date": h.end_date,
        "published": row.published,
    }  # fmt: skip


#: Which settings (the core's keywords) each form field feeds.
_FIELD_SETTING = {
    "rated": "rated", "rating_type": "rating_type", "time_control": "time_control", "system": "system",
    "rounds": "rounds", "scoring": "scoring", "score_win": "scoring",
    "score_draw": "scoring", "score_loss": "scoring", "tiebreak_preset": "tiebreaks", "tiebreaks_custom": "tiebreaks",
    "max_half_point_byes": "bye_limits", "closed_last_rounds": "bye_limits", "chief_arbiter": "chief_arbiter",
    "deputy_arbiters": "deputy_arbiters", "city": "city", "start_date": "start_date", "end_date": "end_date",
}  # fmt: skip


def _changed_settings(form: forms.SettingsForm, st: TournamentState | None) -> dict[str, Any]:
    """Only the settings whose fields the arbiter changed (the others stay as they are)."""
    full = form.settings()
    full["system"] = form.cleaned_data.get("system") or None
    full["rounds"] = form.cleaned_data.get("rounds")
    if full["system"] is not None and service.pairing_system(full["system"]).is_round_robin:
        full["rounds"] = None
    if st is not None:
        full["bye_limits"] = {**st.bye_limits.to_dict(), **full["bye_limits"]}
    fields = {**_FIELD_SETTING, **{key: key for key in forms.declared_settings()}}  # a declared setting: its key
    keys = {fields[f] for f in form.changed_data if f in fields}
    return {k: v for k, v in full.items() if k in keys}


def vars_of(obj: ScoringSystem) -> dict[str, object]:
    import dataclasses

    return dataclasses.asdict(obj)


@login_required
def settings_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The tournament's settings; a change is a ``settings_changed`` event (the core says what is fixed at round 1)."""
    row = _managed(request, slug, "settings")
    st = service.state(row)
    form = forms.SettingsForm(request.POST or None, initial=_settings_initial(row), organisation=row)
    if request.method == "POST" and form.is_valid():
        data = _changed_settings(form, st)
        try:
            if st is None and not service.is_event_based(row):
                service.adopt(row)
            changed = desk_players.change_settings(row, data, bool(form.cleaned_data.get("published")), request.user)
        except ArbitroError as err:
            messages.error(request, texts.text(err))  # the core's coded reason in the reader's language
        else:
            messages.success(request, _("Settings saved.") if changed else _("Nothing changed."))
            return redirect("tournaments:desk_settings", slug=row.slug)
    return render(
        request,
        "tournaments/desk_settings.html",
        {
            "row": row,
            "form": form,
            "started": st is not None and bool(st.rounds),
            "fide_mode": st is None or st.fide_mode,
            "no_refresh": True,
        },
    )
