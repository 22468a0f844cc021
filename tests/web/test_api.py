"""The read-only JSON API /api/v1/ (issue 19 item 1; docs/api.md): data, filters, ETag/304, CORS, rate limit."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from desk_support import desk_url
from django.core.cache import cache

from arbitro.views import round_sheet
from arbitro.web.api import openapi
from arbitro.web.tournaments import models, present, store
from arbitro.web.tournaments.desk import operations
from arbitro.web.tournaments.desk.base import submit

pytestmark = pytest.mark.django_db

API = "/api/v1"
DOCS = Path(__file__).resolve().parents[2] / "docs" / "api" / "openapi.json"


@pytest.fixture(autouse=True)
def _fresh_rate_counts():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def swiss(fixtures_dir) -> models.Tournament:
    text = (fixtures_dir / "trf" / "small-swiss7-byes-forfeits.trf").read_text(encoding="utf-8")
    return store.import_trf(text, source="small-swiss7.trf")


def _json(resp):
    assert resp["Content-Type"] == "application/json", resp.content[:200]
    return json.loads(resp.content)


def test_tournament_list_shows_published_only(client, swiss):
    hidden = store.import_trf(store.export_trf(swiss), slug="hidden")
    hidden.published = False
    hidden.save()
    data = _json(client.get(f"{API}/tournaments"))
    assert [t["slug"] for t in data["tournaments"]] == [swiss.slug]
    for path in (
        "",
        "/players",
        "/rounds",
        "/rounds/1",
        "/standings",
        "/standings/1",
        "/crosstable",
        "/norms",
    ):
        resp = client.get(f"{API}/tournaments/hidden{path}")
        assert resp.status_code == 404, path
        assert _json(resp)["error"] == "not_found"


def test_filters_federation_status_and_dates(client, swiss):
    other = store.import_trf(store.export_trf(swiss), slug="other")
    models.Tournament.objects.filter(pk=other.pk).update(federation="ESP", status="registration")
    swiss.refresh_from_db()

    def slugs(query: str) -> list[str]:
        resp = client.get(f"{API}/tournaments?{query}")
        assert resp.status_code == 200, resp.content
        return sorted(t["slug"] for t in _json(resp)["tournaments"])

    assert slugs("federation=esp") == ["other"]
    assert slugs("status=registration") == ["other"]
    assert slugs(f"status={swiss.status}") == [swiss.slug]
    start, end = swiss.start_date, swiss.end_date or swiss.start_date
    assert start is not None
    assert slugs(f"from={start.isoformat()}&to={end.isoformat()}") == sorted([swiss.slug, "other"])
    assert slugs(f"from={end.replace(year=end.year + 1).isoformat()}") == []
    assert slugs(f"to={start.replace(year=start.year - 1).isoformat()}") == []
    for bad in ("status=paused", "from=yesterday", "to=2026-13-01"):
        resp = client.get(f"{API}/tournaments?{bad}")
        assert resp.status_code == 400 and _json(resp)["error"] == "bad_parameter", bad


def test_rounds_are_the_views_round_sheet_C04_2_3_6(client, swiss):
    core = store.load(swiss)
    rounds = _json(client.get(f"{API}/tournaments/{swiss.slug}/rounds"))["rounds"]
    assert [r["round"] for r in rounds] == list(range(1, core.played_rounds + 1))
    for n in range(1, core.played_rounds + 1):
        sheet = round_sheet(core, n)
        data = _json(client.get(f"{API}/tournaments/{swiss.slug}/rounds/{n}"))
        assert [(g["white"]["start_rank"], g["black"]["start_rank"], g["result"]) for g in data["games"]] == [
            (g.white.start_rank, g.black.start_rank, g.result) for g in sheet.games
        ]
        assert [(b["player"]["start_rank"], b["kind"]) for b in data["byes"]] == [
            (b.player.start_rank, b.kind) for b in sheet.byes
        ]
    assert client.get(f"{API}/tournaments/{swiss.slug}/rounds/{core.played_rounds + 1}").status_code == 404


def test_standings_are_the_core_shape_with_explanations_C07(client, swiss):
    core = store.load(swiss)
    st = present.core_standings(swiss, core)
    assert st is not None
    data = _json(client.get(f"{API}/tournaments/{swiss.slug}/standings"))
    expected = st.as_dict()
    assert {k: data[k] for k in expected if k != "players"} == {
        k: v for k, v in expected.items() if k != "players"
    }
    assert [{k: p[k] for k in ("start_rank", "rank", "values")} for p in data["players"]] == expected[
        "players"
    ]
    first = data["players"][0]
    one = _json(client.get(f"{API}/tournaments/{swiss.slug}/standings/{first['start_rank']}"))
    assert [e["code"] for e in one["explanations"]] == st.tiebreaks[1:]
    assert [e["value"] for e in one["explanations"]] == [first["values"][c] for c in st.tiebreaks[1:]]
    assert client.get(f"{API}/tournaments/{swiss.slug}/standings/999").status_code == 404


def test_players_crosstable_norms_and_info(client, swiss):
    core = store.load(swiss)
    info = _json(client.get(f"{API}/tournaments/{swiss.slug}"))
    assert info["players"] == len(core.players) and info["played_rounds"] == core.played_rounds
    players = _json(client.get(f"{API}/tournaments/{swiss.slug}/players"))["players"]
    assert [p["start_rank"] for p in players] == sorted(core.players)
    card = present.player_rounds(core, 1)[0]
    one = _json(client.get(f"{API}/tournaments/{swiss.slug}/players/1"))
    assert [
        (r["opponent"] and r["opponent"]["start_rank"], r["colour"], r["mark"], r["kind"])
        for r in one["rounds"]
    ] == [(r.opponent.start_rank if r.opponent else None, r.colour, r.mark, r.kind) for r in card.rows]
    assert client.get(f"{API}/tournaments/{swiss.slug}/players/99").status_code == 404
    table = present.crosstable_for(swiss, core)
    assert table is not None
    cross = _json(client.get(f"{API}/tournaments/{swiss.slug}/crosstable"))
    assert [r["cells"] for r in cross["rows"]] == [r.cells for r in table.rows]
    assert _json(client.get(f"{API}/tournaments/{swiss.slug}/norms"))["available"] is True


def test_etag_and_last_modified_then_304_until_the_version_changes(client, swiss):
    url = f"{API}/tournaments/{swiss.slug}/standings"
    first = client.get(url)
    etag = first["ETag"]
    assert etag and first["Last-Modified"]
    again = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again.content == b""
    assert again["ETag"] == etag
    assert client.get(url, HTTP_IF_MODIFIED_SINCE=first["Last-Modified"]).status_code == 304

    submit(operations.Finish, swiss, {}, None)  # a change (an event) bumps the log version
    swiss.refresh_from_db()
    changed = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag
    for path in ("/tournaments", "/openapi.json", f"/tournaments/{swiss.slug}/rounds/1"):
        resp = client.get(API + path)
        assert resp["ETag"] and resp["Last-Modified"], path
        assert client.get(API + path, HTTP_IF_NONE_MATCH=resp["ETag"]).status_code == 304, path


def test_cors_for_get_and_preflight(client, swiss):
    resp = client.get(f"{API}/tournaments/{swiss.slug}", HTTP_ORIGIN="https://example.org")
    assert resp["Access-Control-Allow-Origin"] == "*"
    assert "ETag" in resp["Access-Control-Expose-Headers"]
    assert "Cookie" not in resp.get("Vary", "")  # the same answer for everyone: shared caches may keep it
    pre = client.options(
        f"{API}/tournaments/{swiss.slug}",
        HTTP_ORIGIN="https://example.org",
        HTTP_ACCESS_CONTROL_REQUEST_METHOD="GET",
    )
    assert pre.status_code == 204
    assert pre["Access-Control-Allow-Origin"] == "*" and "GET" in pre["Access-Control-Allow-Methods"]
    assert client.get(f"{API}/nothing/here")["Access-Control-Allow-Origin"] == "*"
    head = client.head(f"{API}/tournaments/{swiss.slug}")
    assert head.status_code == 200 and head["ETag"] and head["Access-Control-Allow-Origin"] == "*"
    post = client.post(f"{API}/tournaments")
    assert post.status_code == 405 and _json(post)["error"] == "method_not_allowed"


def test_rate_limit_per_address_gives_a_json_429_with_retry_after(client, swiss, settings):
    settings.API_RATE_LIMIT = (5, 60)
    url = f"{API}/tournaments/{swiss.slug}"
    for _ in range(5):
        assert client.get(url, REMOTE_ADDR="10.0.0.1").status_code == 200
    resp = client.get(url, REMOTE_ADDR="10.0.0.1")
    assert resp.status_code == 429
    body = _json(resp)
    assert body["error"] == "rate_limited" and body["retry_after"] >= 1
    assert 1 <= int(resp["Retry-After"]) <= 60
    assert resp["Access-Control-Allow-Origin"] == "*"
    assert client.get(url, REMOTE_ADDR="10.0.0.2").status_code == 200  # another client is not affected


def test_served_openapi_document_is_the_docs_copy(client):
    resp = client.get(f"{API}/openapi.json")
    assert resp.status_code == 200
    assert resp.content == openapi.document_bytes()
    assert DOCS.read_bytes() == resp.content, (
        "regenerate: python -m arbitro.web.api.openapi > docs/api/openapi.json"
    )


def test_public_pages_and_api_show_the_same_round(client, swiss):
    """The HTML page and the API read the same round sheet: every API result text is on the page."""
    page = client.get(f"/t/{swiss.slug}/round/1/").content.decode()
    data = _json(client.get(f"{API}/tournaments/{swiss.slug}/rounds/1"))
    for g in data["games"]:
        assert g["white"]["name"] in page and g["black"]["name"] in page


def _desk_tournament(client, django_user_model, name: str, players: int):
    """A Swiss of five rounds created and filled through the desk's own forms; returns (row, arbiter)."""
    user = django_user_model.objects.create_user("arb", password="pw-arb-123")
    models.Role.objects.create(user=user, tournament=None, kind=models.Role.Kind.CHIEF_ARBITER)
    client.force_login(user)
    client.post("/desk/new/", {"name": name, "city": "Mar del Plata", "system": "swiss", "rounds": 5, "published": "on"})
    row = models.Tournament.objects.get(name=name)
    for i in range(players):
        client.post(
            desk_url(row.slug, "register"),
            {"name": f"Jugador, {chr(65 + i)}", "rating": 1600 - 10 * i},
        )
    return row, user


def test_a_result_entered_at_the_desk_changes_the_etag_and_shows_in_the_round(client, django_user_model):
    """Through the desk's own forms: a round paired (results pending, ``""``), then one result typed."""
    row, user = _desk_tournament(client, django_user_model, "Abierto API", 6)
    client.post(desk_url(row.slug, "pair"), {})
    client.post(desk_url(row.slug, "publish"), {})  # a draft is not public (issue 15 item 3)
    client.logout()
    url = f"{API}/tournaments/{row.slug}/rounds/1"
    before = client.get(url)
    games = _json(before)["games"]
    assert len(games) == 3 and all(g["result"] == "" for g in games)
    first = games[0]
    client.force_login(user)
    client.post(
        desk_url(row, "results"),
        {
            "round": "1",
            f"r_{first['white']['start_rank']}_{first['black']['start_rank']}": "1-0",
        },
    )
    client.logout()
    after = client.get(url, HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200 and after["ETag"] != before["ETag"]
    assert _json(after)["games"][0]["result"] == "1-0"
    assert client.get(url, HTTP_IF_NONE_MATCH=after["ETag"]).status_code == 304


@pytest.mark.parametrize("players", [0, 3])
def test_a_tournament_before_its_first_round_answers_json_everywhere(client, django_user_model, players):
    """Registration: no round, maybe no player. Every endpoint answers JSON (200, or 404/409 with a reason), never a 500."""
    row, _ = _desk_tournament(client, django_user_model, "Por empezar", players)
    client.logout()
    base = f"{API}/tournaments/{row.slug}"
    assert _json(client.get(base))["played_rounds"] == 0
    assert len(_json(client.get(f"{base}/players"))["players"]) == players
    assert _json(client.get(f"{base}/rounds"))["rounds"] == []
    assert client.get(f"{base}/rounds/1").status_code == 404
    for path in ("/standings", "/standings/1", "/crosstable", "/norms"):
        resp = client.get(base + path)
        assert resp.status_code in (200, 404, 409), (path, resp.status_code)
        _json(resp)


def test_seasons_list_their_published_tournaments(client, swiss):
    season = models.Season.objects.create(year=2026, name="Temporada FMA 2026")
    hidden = store.import_trf(store.export_trf(swiss), slug="hidden", season=season)
    hidden.published = False
    hidden.save()
    models.Tournament.objects.filter(pk=swiss.pk).update(season=season)
    data = _json(client.get(f"{API}/seasons"))
    assert [(s["year"], [t["slug"] for t in s["tournaments"]]) for s in data["seasons"]] == [
        (2026, [swiss.slug])
    ]
    one = client.get(f"{API}/seasons/2026")
    assert _json(one)["name"] == "Temporada FMA 2026" and one["ETag"]
    assert client.get(f"{API}/seasons/2026", HTTP_IF_NONE_MATCH=one["ETag"]).status_code == 304
    season.name = "FMA 2026"
    season.save()
    assert client.get(f"{API}/seasons/2026", HTTP_IF_NONE_MATCH=one["ETag"]).status_code == 200
    assert client.get(f"{API}/seasons/1999").status_code == 404


class _FakeRedis:
    """Django's Redis cache backend as ``_count_redis`` uses it: a count per key and the round trips made."""

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}
        self.trips = 0

    def get_client(self, key, write=False):
        return self

    def pipeline(self):
        fake, ops = self, []

        class Pipe:
            def incrby(self, key, n):
                ops.append((key, n))

            def expire(self, key, timeout, nx=False):
                pass

            def execute(self):
                fake.trips += 1
                key, n = ops[0]
                fake.counts[key] = fake.counts.get(key, 0) + n
                return [fake.counts[key], True]

        return Pipe()


def _fake_backend(monkeypatch):
    from django.core.cache.backends.redis import RedisCache

    from arbitro.web.api import http as api_http

    redis = _FakeRedis()
    backend = RedisCache.__new__(RedisCache)
    backend.make_and_validate_key = lambda key, version=None: key
    backend._cache = redis
    monkeypatch.setattr("django.core.cache.caches", {"default": backend})
    monkeypatch.setattr(api_http, "_UNSENT", {})
    return api_http, redis


def test_a_small_rate_limit_on_redis_counts_every_request_at_once(monkeypatch):
    """Issue 19: the limits clients meet (600/60) are counted exactly, one round trip per request."""
    api_http, redis = _fake_backend(monkeypatch)
    counts = [api_http._count_redis("w", 61, 600) for _ in range(10)]
    assert counts == list(range(1, 11)) and redis.trips == 10 and redis.counts["w"] == 10


def test_a_large_rate_limit_on_redis_is_counted_in_batches_and_exactly_near_the_limit(monkeypatch):
    """Issue 19 (load): a generous limit is sent every BATCH requests; close to the limit, every request again,
    so nobody gets more than one batch per process past it."""
    api_http, redis = _fake_backend(monkeypatch)
    limit = api_http.BATCH_FROM
    counts = [api_http._count_redis("w", 61, limit) for _ in range(limit + 5)]
    assert counts == list(range(1, limit + 6))  # this process's count is exact either way
    near = limit - api_http.BATCH_MARGIN * api_http.BATCH
    assert redis.trips < near // api_http.BATCH + (limit + 5 - near) + 2  # batches, then one trip per request
    assert redis.counts["w"] == limit + 5  # nothing lost
