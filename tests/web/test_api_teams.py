"""The read-only API of team competitions (issue 18 with issue 19's /api/v1): info, teams with line-ups,
rounds with matches and board results, team standings with tie-break values, board standings; the same
ETag/304, CORS and rate limit as every resource, and the same rows as the public pages (arbitro.views.teams)."""

from __future__ import annotations

import json

import pytest
from django.core.cache import cache
from teams_support import played_team_event

from arbitro.views import teams as team_views
from arbitro.web.teams import desk, service
from arbitro.web.tournaments import models
from arbitro.web.tournaments.desk.base import submit

pytestmark = pytest.mark.django_db

API = "/api/v1"


@pytest.fixture(autouse=True)
def _fresh_rate_counts():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def league() -> models.Tournament:
    return played_team_event()


def _json(resp):
    assert resp.status_code == 200, resp.content[:300]
    assert resp["Content-Type"] == "application/json"
    return json.loads(resp.content)


def test_team_competition_info_and_list_C04_6(client, league):
    data = _json(client.get(f"{API}/teams/{league.slug}"))
    ev = service.event(league)
    assert data["slug"] == league.slug and data["system"] == "team_swiss" and data["boards"] == 2
    assert data["played_rounds"] == 2 and data["rounds"] == 3 and data["teams"] == 5
    assert data["match_points"] == {"win": "2", "draw": "1", "loss": "0"}
    assert data["primary_score"] == ev.primary.value  # C.04.6 art. 1.2
    assert data["tiebreaks"] == team_views.team_standings_table(ev)[0]
    assert [t["slug"] for t in _json(client.get(f"{API}/teams"))["tournaments"]] == [league.slug]
    # a team competition is not an individual tournament of the API, nor the other way round
    assert client.get(f"{API}/tournaments/{league.slug}").status_code == 404
    assert league.slug not in [t["slug"] for t in _json(client.get(f"{API}/tournaments"))["tournaments"]]


def test_unpublished_team_competition_is_a_json_404(client, league):
    league.published = False
    league.save(update_fields=["published"])
    for path in ("", "/teams", "/rounds", "/rounds/1", "/standings", "/boards"):
        resp = client.get(f"{API}/teams/{league.slug}{path}")
        assert resp.status_code == 404 and json.loads(resp.content)["error"] == "not_found", path
    assert _json(client.get(f"{API}/teams"))["tournaments"] == []


def test_teams_with_ranked_board_order_and_lineups(client, league):
    data = _json(client.get(f"{API}/teams/{league.slug}/teams"))
    ev = service.event(league)
    assert [t["number"] for t in data["teams"]] == sorted(ev.teams)
    for t in data["teams"]:
        team = ev.teams[t["number"]]
        assert [m["id"] for m in t["members"]] == [m.id for m in team.members]  # ranked board order
        assert [(lu["round"], tuple(lu["players"])) for lu in t["lineups"]] == team_views.team_lineups(ev, team.number)
    # round 1: the two teams of the whole-match forfeit and the team with the bye have no line-up
    without = {t["number"] for t in data["teams"] if all(lu["round"] != 1 for lu in t["lineups"])}
    forfeit = next(m for m in ev.matches_of_round(1) if m.forfeit is not None)
    assert without == {forfeit.white, forfeit.black, *(b.team for b in ev.byes_of_round(1))}


def test_round_matches_with_board_results_as_the_views_match_sheet_C04_6_art_1_6_1(client, league):
    ev = service.event(league)
    rounds = _json(client.get(f"{API}/teams/{league.slug}/rounds"))["rounds"]
    assert [r["round"] for r in rounds] == [1, 2] and all(r["complete"] for r in rounds)
    data = _json(client.get(f"{API}/teams/{league.slug}/rounds/1"))
    matches, bye = team_views.match_sheet(ev, 1)
    assert data["bye"] == ({"number": bye, "name": ev.teams[bye].name} if bye else None)
    assert [(m["white"]["number"], m["black"]["number"]) for m in data["matches"]] == [(m.white, m.black) for m in matches]
    for got, m in zip(data["matches"], matches, strict=True):
        assert (got["score"], got["forfeit"], got["white_points"], got["black_points"]) == (
            m.score, m.forfeit, m.white_points, m.black_points
        )
        assert [(b["board"], b["colour"], b["result"], b["result_text"]) for b in got["boards"]] == [
            (b.board, b.colour, b.result, b.result_text) for b in m.boards
        ]
    assert data["matches"][1]["forfeit"] == "+-" and data["matches"][1]["boards"] == []  # TRF 330
    assert data["matches"][1]["score"] == "+ -"
    assert "0F-1F" in [b["result_text"] for b in data["matches"][0]["boards"]]
    assert data["matches"][0]["boards"][0]["colour"] == "w"  # board 1: the white team's player has White
    resp = client.get(f"{API}/teams/{league.slug}/rounds/3")
    assert resp.status_code == 404 and "rounds 1-2" in json.loads(resp.content)["detail"]


def test_team_standings_values_are_the_core_tiebreaks_C07(client, league):
    from arbitro.teams.standings import team_standings

    ev = service.event(league)
    data = _json(client.get(f"{API}/teams/{league.slug}/standings"))
    specs, rows = team_standings(ev)
    codes = [s.text for s in specs]
    assert data["tiebreaks"] == codes and data["after_round"] == 2
    assert [t["number"] for t in data["teams"]] == [r.team for r in rows]
    for got, r in zip(data["teams"], rows, strict=True):
        assert got["rank"] == r.rank
        assert got["match_points"] == team_views.fraction_text(r.match_points) and got["game_points"] == team_views.fraction_text(r.game_points)
        assert got["values"] == {c: team_views.fraction_text(v.value) for c, v in zip(codes, r.tiebreaks, strict=True)}
        assert got["values_text"] == {c: v.display() for c, v in zip(codes, r.tiebreaks, strict=True)}


def test_board_standings_per_board(client, league):
    ev = service.event(league)
    data = _json(client.get(f"{API}/teams/{league.slug}/boards"))
    table = team_views.board_standings_table(ev)
    assert [b["board"] for b in data["boards"]] == sorted(table)
    for b in data["boards"]:
        assert [(p["id"], p["rank"], p["points_text"], p["games"]) for p in b["players"]] == [
            (r.player, r.rank, r.points, r.games) for r in table[b["board"]]
        ]


def test_etag_304_cors_and_a_new_result_changes_the_etag(client, league):
    url = f"{API}/teams/{league.slug}/standings"
    first = client.get(url)
    etag = first["ETag"]
    assert first["Access-Control-Allow-Origin"] == "*" and first["Cache-Control"] == "public, no-cache"
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    pre = client.options(url)
    assert pre.status_code == 204 and "GET" in pre["Access-Control-Allow-Methods"]
    assert client.post(url).status_code == 405
    # the chief pairs round 3: the version grows, the ETag changes, the round is served
    from teams_support import chief_user

    league.refresh_from_db()
    submit(desk.Pair, league, {}, chief_user("other-chief"))
    league.refresh_from_db()
    submit(desk.Publish, league, {}, chief_user("other-chief-2"))  # a draft is not served (issue 32)
    again = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 200 and again["ETag"] != etag
    assert client.get(f"{API}/teams/{league.slug}/rounds/3").status_code == 200


def test_team_resources_are_rate_limited_as_every_resource(client, league, settings):
    settings.API_RATE_LIMIT = (3, 60)
    for _ in range(3):
        assert client.get(f"{API}/teams/{league.slug}").status_code == 200
    resp = client.get(f"{API}/teams/{league.slug}/boards")
    assert resp.status_code == 429 and int(resp["Retry-After"]) >= 1
