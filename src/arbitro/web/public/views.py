"""Public pages: no login, mobile-friendly, refreshed by polling ``version.json``."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import wraps

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import translation
from django.utils.functional import Promise
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from arbitro.model import Tournament as CoreTournament
from arbitro.views import DIAGONAL
from arbitro.web.ops import prebuild
from arbitro.web.teams.models import TeamCompetition
from arbitro.web.tournaments import desk_players, eventlog, federation, models, norms, present, prizes


def _public(slug: str) -> models.Tournament:
    return get_object_or_404(models.Tournament, slug=slug, published=True)


def _context(row: models.Tournament, tab: str, **extra: object) -> dict[str, object]:
    core = eventlog.load(row)
    done, total = present.rounds_progress(core)  # as announced (a two-game match is one round)
    return {
        "row": row, "t": core, "tab": tab, "rounds": range(1, core.played_rounds + 1),
        "rounds_done": done, "rounds_total": total, "system_label": present.system_label(core),
        "maxi_tournament": present.maxi_tournament(core), **extra,
    }


def public_page(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Serve anonymous GETs of a tournament page from a per-version cache of the rendered HTML.

    The key holds the path and the language, never the query string: no public page
    reads one, and random query strings must not bypass the cache nor fill it (issue
    21). A new result bumps the version, so a cached page is never stale. Logged-in
    users and requests carrying flash messages are rendered afresh.
    """

    @wraps(view)
    def wrapper(request: HttpRequest, slug: str, *args: object, **kwargs: object) -> HttpResponse:
        if TeamCompetition.objects.filter(tournament__slug=slug).exists():  # issue 18: a team competition's pages
            return redirect("teams:standings", slug=slug)
        if request.method != "GET" or request.user.is_authenticated or "messages" in request.COOKIES:
            return view(request, slug, *args, **kwargs)
        row = _public(slug)
        if not eventlog.AHEAD.get():  # a reader (not the builder): its language is built ahead (issue 19)
            prebuild.note_reader(row.pk, translation.get_language())
        key = f"{request.path}|{translation.get_language()}"
        # While another thread builds this version, the previous one (its own version and ETag).
        built, content = eventlog.cached_page_at(row, key, lambda: view(request, slug, *args, **kwargs).content, stale_ok=True)
        resp = HttpResponse(content)
        resp["Vary"] = "Cookie, Accept-Language"
        resp.arbitro_page = (row.pk, built, row.updated)  # ops.pagecache keeps it
        return resp

    return wrapper


def _groups(rows: Iterable[models.Tournament]) -> list[tuple[str | Promise, list[models.Tournament]]]:
    """Published tournaments by status: running, registration, finished."""
    groups = [
        (label, [r for r in rows if r.status == status])
        for status, label in models.Tournament.Status.choices
    ]
    groups.sort(key=lambda g: {"running": 0, "registration": 1, "finished": 2}.get(_status_of(g[1]), 3))
    return [g for g in groups if g[1]]


def home(request: HttpRequest) -> HttpResponse:
    """Every published tournament of every organisation; the organisation is shown when there are several."""
    rows = models.Tournament.objects.filter(published=True).select_related("season", "organisation")
    organisations = list(models.Organisation.objects.filter(tournaments__published=True).distinct())
    return render(
        request,
        "public/home.html",
        {"groups": _groups(rows), "show_organisation": federation.multi_organisation(), "organisations": organisations},
    )


def organisation(request: HttpRequest, org: str) -> HttpResponse:
    """An organisation's public index (issue 19 item 5): its published tournaments, its clubs, its rulebook."""
    who = get_object_or_404(models.Organisation, slug=org)
    rows = who.tournaments.filter(published=True).select_related("season", "organisation")
    return render(
        request,
        "public/organisation.html",
        {
            "org": who,
            "groups": _groups(rows),
            "clubs": who.clubs.all(),
            "book": federation.rulebook(who),
        },
    )


def _status_of(rows: list[models.Tournament]) -> str:
    return rows[0].status if rows else ""


def version(request: HttpRequest, slug: str) -> JsonResponse:
    """What the pages poll: changes whenever the tournament changes."""
    row = models.Tournament.objects.filter(slug=slug, published=True).values("version").first()
    if row is None:
        raise Http404
    resp = JsonResponse({"version": row["version"]})
    resp["Cache-Control"] = "no-store"
    return resp


@public_page
def info(request: HttpRequest, slug: str) -> HttpResponse:
    row = _public(slug)
    return render(request, "public/info.html", _context(row, "info"))


@public_page
def players(request: HttpRequest, slug: str) -> HttpResponse:
    row = _public(slug)
    return render(request, "public/players.html", _context(row, "players"))


@public_page
def pairings(request: HttpRequest, slug: str, rnd: int | None = None) -> HttpResponse:
    row = _public(slug)
    core = eventlog.load(row)
    if rnd is None:
        rnd = max(core.played_rounds, 1)
        rnd -= present.match_of(core, rnd)[1] - 1  # a two-game match (C.04.5) opens on its game 1
    if rnd < 1 or (core.played_rounds and rnd > core.played_rounds):
        raise Http404
    view = present.round_for(row, core, rnd)
    default_time = federation.default_time_text(row) if row.category else ""  # the rulebook's default time
    return render(
        request,
        "public/pairings.html",
        _context(
            row,
            "pairings",
            round=view,
            current=rnd,
            default_time=default_time,
            round_nav=present.round_nav(core, core.played_rounds),
            round_title=present.round_title(core, rnd),
        ),
    )


@public_page
def standings(request: HttpRequest, slug: str) -> HttpResponse:
    row = _public(slug)
    core = eventlog.load(row)
    view = present.standings_view(row, core)
    awards = prizes.view(row, core) if view.available else None  # issue 20: the prizes under the standings
    return render(request, "public/standings.html", _context(row, "standings", standings=view, prizes=awards))


@public_page
def crosstable(request: HttpRequest, slug: str) -> HttpResponse:
    row = _public(slug)
    core = eventlog.load(row)
    table = present.crosstable_for(row, core)
    return render(request, "public/crosstable.html", _context(row, "crosstable", table=table, diagonal=DIAGONAL))


def _norms(row: models.Tournament, core: CoreTournament, build: Callable[[CoreTournament], norms.NormReport]) -> norms.NormReport:
    """The norm report, or only why this event cannot give norms (rated, standard, enough rounds: B.01).

    The reason is said in the reader's language on every request; only ``build`` (language-free:
    the core's coded messages, translated at render time) may be cached.
    """
    reason = desk_players.norms_possible(eventlog.state(row), core)
    return norms.NormReport(True, not_applicable=reason) if reason else build(core)


@public_page
def norms_page(request: HttpRequest, slug: str) -> HttpResponse:
    row = _public(slug)
    core = eventlog.load(row)
    report = _norms(row, core, lambda c: eventlog.cached(row, "norms", lambda: norms.tournament_norms(c)))
    return render(request, "public/norms.html", _context(row, "norms", report=report))


@public_page
def player(request: HttpRequest, slug: str, start_rank: int) -> HttpResponse:
    """A player's page. The number in the URL is the player's stable id (``Player.public_id``): the
    pairing number at round 1 or at a late registration, so a renumbering (C.04.2 2.4) moves no page."""
    row = _public(slug)
    core = eventlog.load(row)
    p = next((q for q in core.players.values() if q.public_id == start_rank), None)
    if p is None:
        raise Http404
    start_rank = p.start_rank
    entry = row.entries.filter(start_rank=start_rank).select_related("person").first()
    card, games = present.player_rounds(core, start_rank)
    ctx = _context(
        row,
        "players",
        p=p,
        person=entry.person if entry else None,
        card=card,
        games=games,
        norm=_norms(row, core, lambda c: norms.player_norm(c, start_rank)),
    )
    return render(request, "public/player.html", ctx)


def person(request: HttpRequest, pk: int) -> HttpResponse:
    """A player across tournaments: ratings, category history, results."""
    who = get_object_or_404(models.Person, pk=pk)
    entries = who.entries.filter(tournament__published=True).select_related("tournament")
    if not entries.exists():  # only in unpublished tournaments: no public page at all (issue 21)
        raise Http404
    played = []
    for e in entries:
        core = eventlog.load(e.tournament)
        p = core.players.get(e.start_rank)
        if p is not None:
            played.append((e.tournament, p, present.points_text(p.score(core.scoring)), len(p.results)))
    rating = models.RatingListEntry.objects.filter(fide_id=who.fide_id).first() if who.fide_id else None
    history = models.RatingHistory.objects.filter(fide_id=who.fide_id)[:24] if who.fide_id else []
    return render(
        request,
        "public/person.html",
        {
            "who": who,
            "played": played,
            "rating": rating,
            "history": history,
            "categories": who.category_history.select_related("season"),
        },
    )


def federation_page(request: HttpRequest, org: str = "") -> HttpResponse:
    """An organisation's rulebook page (categories, formats, tie-breaks) and its seasons, with each winner.

    ``/federation/`` is the default organisation's; ``/o/<org>/federation/`` another's (issue 19 item 5).
    """
    who = get_object_or_404(models.Organisation, slug=org) if org else models.default_organisation()
    book = federation.rulebook(who)
    if book is None:
        raise Http404
    lang = federation.lang()
    seasons = []
    for season in models.Season.objects.all():
        rows = []
        for r in season.tournaments.filter(published=True, organisation=who):
            leader = None
            if r.status == models.Tournament.Status.FINISHED:
                view = present.standings_view(r, eventlog.load(r))
                leader = view.rows[0].player.name if view.available and view.rows else None
            rows.append((r, leader, book.category_label(r.category, lang) if r.category else ""))
        if rows or not org:  # another organisation's page lists only the seasons it played
            seasons.append((season, rows))
    return render(
        request,
        "public/federation.html",
        {"seasons": seasons, "sections": book.season_page(lang), "rulebook": book, "org": who},
    )


@csrf_exempt  # anonymous: a cookie on cached public pages that carry no token; checked below for a user
@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """Switch language: cookie for everyone, saved preference for a logged-in user.

    A logged-in user's saved preference is a change of their account, so that request must
    carry the CSRF token (issue 21: another site could change it); their pages are never
    cached, so the form has one.
    """
    if request.user.is_authenticated:
        from django.middleware.csrf import CsrfViewMiddleware

        def check(r: HttpRequest) -> HttpResponse:  # not marked csrf_exempt: the middleware checks it
            return HttpResponse()

        refused = CsrfViewMiddleware(check).process_view(request, check, (), {})
        if refused is not None:
            return refused
    lang = request.POST.get("language", "es")
    if lang not in {code for code, _name in settings.LANGUAGES}:  # the languages with catalogues (arbitro.i18n)
        lang = "es"
    nxt = request.POST.get("next") or "/"
    if not nxt.startswith("/") or not url_has_allowed_host_and_scheme(nxt, allowed_hosts=None):  # no open redirect ("/\\evil")
        nxt = "/"
    resp = redirect(nxt)
    resp.set_cookie("django_language", lang, max_age=365 * 24 * 3600, samesite="Lax")
    translation.activate(lang)
    if request.user.is_authenticated:
        models.UserPreference.objects.update_or_create(user=request.user, defaults={"language": lang})
    return resp
