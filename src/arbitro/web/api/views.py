"""The API's endpoints (docs/api.md): published tournaments only, each body built once per tournament version."""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from collections.abc import Callable

from django.db.models import QuerySet
from django.http import HttpRequest

from arbitro.standings import Standings
from arbitro.teams.model import TeamEvent
from arbitro.web.tournaments import eventlog, models, norms, present

from . import openapi, serialize
from .http import ApiError, Resource, api_view, dumps
from .jsontypes import JsonObject

_STARTED = dt.datetime.now(dt.UTC).replace(microsecond=0)
_STATUSES = [s.value for s in models.Tournament.Status]


def _row(slug: str) -> models.Tournament:
    # The TRF texts are read only when the per-version cache misses (eventlog.load): not on every request.
    # team competitions (issue 18) are not in the API yet: their pages are /teams/<slug>/
    rows = models.Tournament.objects.filter(slug=slug, published=True, team_competition__isnull=True).select_related("season", "organisation")
    row = rows.defer("base_trf", "state_trf").first()
    if row is None:
        raise ApiError(404, "not_found", f"No published tournament {slug!r}.")
    return row


def _resource(
    request: HttpRequest, row: models.Tournament, build: Callable[[models.Tournament], JsonObject]
) -> Resource:
    """A resource of one tournament: ETag from its log version, Last-Modified its last change, body cached per version."""

    def versioned() -> tuple[int, bytes]:
        return eventlog.cached_page_at(row, f"api|{request.path}", lambda: dumps(build(row)), stale_ok=True)

    return Resource(
        f"t{row.pk}-v{row.version}", row.updated, lambda: versioned()[1], versioned, row.pk, row.version
    )


@api_view
def openapi_document(request: HttpRequest) -> Resource:
    text = openapi.document_bytes()
    return Resource(hashlib.sha256(text).hexdigest()[:32], _STARTED, lambda: text)


def _date(request: HttpRequest, name: str) -> dt.date | None:
    value = request.GET.get(name)
    if value is None:
        return None
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise ApiError(400, "bad_parameter", f"{name}: expected a date YYYY-MM-DD, got {value!r}.") from None


@api_view
def tournaments(request: HttpRequest) -> Resource:
    """Published tournaments, filtered by organisation, federation, status and dates (overlapping [from, to])."""
    rows = _published()
    organisation = request.GET.get("organisation")
    if organisation is not None:  # issue 19 item 5: one organisation's tournaments, by its slug
        if not re.fullmatch(r"[-A-Za-z0-9_]{1,60}", organisation):
            raise ApiError(
                400, "bad_parameter", f"organisation: expected an organisation's slug, got {organisation!r}."
            )
        rows = rows.filter(organisation__slug=organisation)
    federation = request.GET.get("federation")
    if federation is not None:
        if not re.fullmatch(r"[A-Za-z]{3}", federation):
            raise ApiError(
                400, "bad_parameter", f"federation: expected a three-letter FIDE code, got {federation!r}."
            )
        rows = rows.filter(federation__iexact=federation)
    status = request.GET.get("status")
    if status is not None:
        if status not in _STATUSES:
            raise ApiError(
                400, "bad_parameter", f"status: expected one of {', '.join(_STATUSES)}, got {status!r}."
            )
        rows = rows.filter(status=status)
    start, end = _date(request, "from"), _date(request, "to")
    if start is not None:  # still running on or after ``from``: ends (or, undated end, starts) then or later
        rows = rows.exclude(end_date__lt=start).exclude(end_date__isnull=True, start_date__lt=start)
    if end is not None:
        rows = rows.exclude(start_date__gt=end)
    found = list(rows)
    return _listing(request, found, lambda: {"tournaments": [serialize.tournament_summary(r) for r in found]})


def _listing(
    request: HttpRequest, found: list[models.Tournament], build: Callable[[], JsonObject], extra: str = ""
) -> Resource:
    """A list of tournaments: ETag from their log versions and the query, Last-Modified the latest change."""
    stamp = ";".join(f"{r.pk}:{r.version}" for r in found) + "|" + request.get_full_path() + "|" + extra
    etag = hashlib.sha256(stamp.encode()).hexdigest()[:32]
    last = max((r.updated for r in found), default=_STARTED)
    return Resource(etag, last, lambda: dumps(build()))


def _published() -> QuerySet[models.Tournament]:
    return (
        models.Tournament.objects.filter(published=True, team_competition__isnull=True)  # issue 18: not yet
        .select_related("season", "organisation")
        .defer("base_trf", "state_trf")
    )


@api_view
def seasons(request: HttpRequest) -> Resource:
    """The federation's seasons, each with its published tournaments."""
    found = list(_published().filter(season__isnull=False))
    all_seasons = list(models.Season.objects.all())

    def build() -> JsonObject:
        return {
            "seasons": [serialize.season(s, [r for r in found if r.season_id == s.pk]) for s in all_seasons]
        }

    return _listing(request, found, build, repr([(s.pk, s.year, s.name) for s in all_seasons]))


@api_view
def season(request: HttpRequest, year: int) -> Resource:
    one = models.Season.objects.filter(year=year).first()
    if one is None:
        raise ApiError(404, "not_found", f"No season {year}.")
    found = list(_published().filter(season=one))
    return _listing(request, found, lambda: serialize.season(one, found), repr((one.pk, one.name)))


@api_view
def tournament(request: HttpRequest, slug: str) -> Resource:
    def build(row: models.Tournament) -> JsonObject:
        st = eventlog.state(row)  # the log's settings, else (an imported file) the file's
        return serialize.tournament_info(row, eventlog.load(row), st.system_settings if st is not None else None)

    return _resource(request, _row(slug), build)


@api_view
def players(request: HttpRequest, slug: str) -> Resource:
    def build(row: models.Tournament) -> JsonObject:
        t = eventlog.load(row)
        return {"players": [serialize.player(p, t) for p in t.iter_players()]}

    return _resource(request, _row(slug), build)


@api_view
def player_detail(request: HttpRequest, slug: str, start_rank: int) -> Resource:
    # The 404s and 409s below are raised by the build: a body kept in the shared cache (Redis) is
    # served without the replay and the ranking the checks need. An ETag names one version of one
    # URL, so a conditional request can only match one that answered 200 (then the same 200).
    def build(r: models.Tournament) -> JsonObject:
        t = eventlog.load(r)
        if start_rank not in t.players:
            raise ApiError(404, "not_found", f"No player with start rank {start_rank}.")
        card, _ = present.player_rounds(t, start_rank)
        return serialize.player_card(card, t)

    return _resource(request, _row(slug), build)


@api_view
def rounds(request: HttpRequest, slug: str) -> Resource:
    def build(row: models.Tournament) -> JsonObject:
        t = eventlog.load(row)
        return {
            "rounds": [
                serialize.round_summary(present.round_for(row, t, n).sheet)
                for n in range(1, t.played_rounds + 1)
            ]
        }

    return _resource(request, _row(slug), build)


@api_view
def round_detail(request: HttpRequest, slug: str, rnd: int) -> Resource:
    def build(r: models.Tournament) -> JsonObject:
        t = eventlog.load(r)
        if not 1 <= rnd <= t.played_rounds:
            raise ApiError(404, "not_found", f"Round {rnd} is not paired; rounds 1-{t.played_rounds} are.")
        return serialize.round_sheet(present.round_for(r, t, rnd).sheet)

    return _resource(request, _row(slug), build)


def _standings(row: models.Tournament) -> tuple[Standings, present.StandingsView]:
    t = eventlog.load(row)
    st = present.core_standings(row, t)
    view = present.standings_view(row, t)
    if st is None or not view.available:
        raise ApiError(409, "standings_unavailable", view.message or "The standings cannot be computed yet.")
    return st, view


@api_view
def standings(request: HttpRequest, slug: str) -> Resource:
    def build(row: models.Tournament) -> JsonObject:
        st, view = _standings(row)
        return serialize.standings(st, view.rows)

    return _resource(request, _row(slug), build)


@api_view
def standing_explained(request: HttpRequest, slug: str, start_rank: int) -> Resource:
    """One player's line with the explanation of every tie-break value (C.07: per round, what counted and what was cut)."""

    def build(row: models.Tournament) -> JsonObject:
        st, view = _standings(row)
        if all(r.start_rank != start_rank for r in st.rows):
            raise ApiError(404, "not_found", f"No player with start rank {start_rank} in the standings.")
        entry = st.row(start_rank)
        line = next(r for r in view.rows if r.player.start_rank == start_rank)
        return {
            "start_rank": start_rank,
            "name": line.player.name,
            "rank": entry.rank,
            "rank_text": line.rank_text,
            "points": str(entry.points),
            "points_text": line.points_text,
            "explanations": [st.explain(start_rank, code).as_dict() for code in st.tiebreaks[1:]],
        }

    return _resource(request, _row(slug), build)


@api_view
def crosstable(request: HttpRequest, slug: str) -> Resource:
    def build(r: models.Tournament) -> JsonObject:
        table = present.crosstable_for(r, eventlog.load(r))
        if table is None:
            raise ApiError(409, "standings_unavailable", "The crosstable cannot be computed yet.")
        return serialize.crosstable(table)

    return _resource(request, _row(slug), build)


@api_view
def norms_report(request: HttpRequest, slug: str) -> Resource:
    def build(row: models.Tournament) -> JsonObject:
        t = eventlog.load(row)
        return serialize.norms(eventlog.cached(row, "norms", lambda: norms.tournament_norms(t)))

    return _resource(request, _row(slug), build)


@api_view
def not_found(request: HttpRequest, rest: str = "") -> Resource:
    raise ApiError(404, "not_found", f"No such API resource: {request.path}")


# -- team competitions (issue 18) ----------------------------------------------------------


def _team_row(slug: str) -> models.Tournament:
    rows = models.Tournament.objects.filter(slug=slug, published=True, team_competition__isnull=False)
    row = rows.select_related("season").defer("base_trf", "state_trf").first()
    if row is None:
        raise ApiError(404, "not_found", f"No published team competition {slug!r}.")
    return row


def _team_event(row: models.Tournament) -> TeamEvent:
    from arbitro.web.teams import service as team_service

    return team_service.event(row)


def _published_teams() -> QuerySet[models.Tournament]:
    return (
        models.Tournament.objects.filter(published=True, team_competition__isnull=False)
        .select_related("season")
        .defer("base_trf", "state_trf")
    )


@api_view
def team_events(request: HttpRequest) -> Resource:
    """Published team competitions (their individual games are not in ``/tournaments``)."""
    found = list(_published_teams())
    return _listing(request, found, lambda: {"tournaments": [serialize.tournament_summary(r) for r in found]})


@api_view
def team_event(request: HttpRequest, slug: str) -> Resource:
    def build(row: models.Tournament) -> JsonObject:
        from arbitro.pairing import registry

        ev = _team_event(row)
        system = registry.get(ev.system)
        return serialize.team_event_info(row, ev, f"{system.name} ({system.article})")

    return _resource(request, _team_row(slug), build)


@api_view
def team_teams(request: HttpRequest, slug: str) -> Resource:
    return _resource(request, _team_row(slug), lambda row: serialize.team_list(_team_event(row)))


@api_view
def team_rounds(request: HttpRequest, slug: str) -> Resource:
    def build(row: models.Tournament) -> JsonObject:
        ev = _team_event(row)
        return {"rounds": [serialize.team_round_summary(ev, n) for n in range(1, ev.played_rounds() + 1)]}

    return _resource(request, _team_row(slug), build)


@api_view
def team_round(request: HttpRequest, slug: str, rnd: int) -> Resource:
    row = _team_row(slug)
    played = _team_event(row).played_rounds()
    if not 1 <= rnd <= played:  # a 404 before any validator is sent
        raise ApiError(404, "not_found", f"Round {rnd} is not paired; rounds 1-{played} are.")
    return _resource(request, row, lambda r: serialize.team_round(_team_event(r), rnd))


@api_view
def team_standings(request: HttpRequest, slug: str) -> Resource:
    """Team standings: match and game points, then the event's C.07 team tie-breaks."""
    return _resource(request, _team_row(slug), lambda row: serialize.team_standings(_team_event(row)))


@api_view
def team_boards(request: HttpRequest, slug: str) -> Resource:
    """Board standings (board prizes), as the public page: per board, every player with a game there
    and their games count (a competition's minimum is the reader's filter; no query string, so one
    body per version, as every other resource)."""
    return _resource(request, _team_row(slug), lambda row: serialize.board_standings(_team_event(row), 1))
