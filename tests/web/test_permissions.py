"""Permissions, enumerated over every URL pattern (issue 11 §5).

* anonymous users reach no staff page (desk, admin);
* an arbiter of tournament A can neither read the staff pages of tournament B nor change it;
* an arbiter (not chief) may only enter results; a player may only ask byes for themselves;
* every state-changing request needs a CSRF token (every URL, POST without a token -> 403).

The URL list comes from Django's resolver, so a page added later is covered without
editing this file: a name starting with ``desk`` or a path under ``admin/`` is staff.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from desk_support import desk_post, desk_url
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from arbitro.web.tournaments import models, service

pytestmark = pytest.mark.django_db


@dataclass(frozen=True)
class Url:
    route: str  # e.g. "desk/t/<slug:slug>/results/"
    name: str  # "tournaments:desk_results" or "" (admin internals)

    @property
    def staff(self) -> bool:
        if self.name in {"admin:login", "admin:logout"}:  # the doors, not the rooms
            return False
        return self.route.startswith("admin/") or self.name.split(":")[-1].startswith("desk")

    def fill(self, slug: str, pk: int) -> str:
        """A concrete path: converters filled with the given tournament, a person, round 1, player 1."""

        def sub(m: re.Match[str]) -> str:
            conv, _, name = m.group(1).rpartition(":")
            if name == "slug":
                return slug
            if name == "chapter":  # a chapter of the user manual (issue 33 item 6)
                return "results"
            if name == "pk":
                return str(pk)
            if name in {"rnd", "start_rank"}:
                return "1"
            if name in {"object_id", "id"}:
                return "1"
            if name == "app_label":
                return "tournaments"
            if name == "url":
                return "x/"
            if name == "kind":  # a document download (issue 15 item 6)
                return "standings"
            if name == "org":  # an organisation (issue 19 item 5): the default one, where the world lives
                return models.DEFAULT_ORGANISATION
            if name == "year":  # a federation season (the world's tournament A belongs to it)
                return str(WORLD_SEASON)
            return "1" if conv in {"int", "path", ""} else "x"

        path = re.sub(r"<([^>]+)>", sub, self.route)
        # regex routes (admin internals): keep them only when they became a plain path
        return "/" + path if not any(c in path for c in "^$()[]?*+\\") else ""


def _walk(patterns: list[URLPattern | URLResolver], prefix: str = "", ns: str = "") -> Iterator[Url]:
    for p in patterns:
        route = str(p.pattern)
        if isinstance(p, URLResolver):
            inner_ns = ns
            if p.namespace:
                inner_ns = f"{ns}{p.namespace}:"
            yield from _walk(p.url_patterns, prefix + route, inner_ns)
        else:
            yield Url(prefix + route, f"{ns}{p.name}" if p.name else "")


def all_urls() -> list[Url]:
    return [u for u in _walk(get_resolver().url_patterns) if u.name or u.route.startswith("admin/")]


def test_url_enumeration_finds_the_desk_the_admin_and_the_public_pages() -> None:
    names = {u.name for u in all_urls()}
    assert {"tournaments:desk_results", "tournaments:desk_panel", "tournaments:standings", "admin:index"} <= names
    assert sum(u.staff for u in all_urls()) > 10 and sum(not u.staff for u in all_urls()) > 10


# -- fixtures -----------------------------------------------------------------------------------------


WORLD_SEASON = 2026


@pytest.fixture
def world():
    User = get_user_model()
    owner = User.objects.create_user("owner", password="owner-pw-123")
    a = service.create({"name": "Torneo A", "system": "rr"}, owner)
    b = service.create({"name": "Torneo B", "system": "rr"}, owner)
    a.season = models.Season.objects.create(year=WORLD_SEASON, name=f"Temporada {WORLD_SEASON}")
    a.save()
    for row in (a, b):
        for i in range(4):
            service.register(row, {"name": f"Jugador{i}, {row.name[-1]}", "rating": 1500 + i}, owner)
        service.pair_next(row, owner)
    chief_a = User.objects.create_user("chief_a", password="chief-pw-123")
    arbiter_a = User.objects.create_user("arbiter_a", password="arbiter-pw-123")
    player = User.objects.create_user("player", password="player-pw-123")
    models.Role.objects.create(user=chief_a, tournament=a, kind=models.Role.Kind.CHIEF_ARBITER)
    models.Role.objects.create(user=arbiter_a, tournament=a, kind=models.Role.Kind.ARBITER)
    person = a.entries.get(start_rank=1).person
    person.user = player
    person.save()
    admin = User.objects.create_superuser("root", password="root-pw-123")
    return {"a": a, "b": b, "chief_a": chief_a, "arbiter_a": arbiter_a, "player": player, "admin": admin, "person": person}


def _client(user=None, csrf: bool = False) -> Client:
    c = Client(enforce_csrf_checks=csrf)
    if user is not None:
        c.force_login(user)
    return c


def _snapshot() -> tuple[int, ...]:
    return (
        models.TournamentEvent.objects.count(),
        models.Tournament.objects.count(),
        models.ByeRequest.objects.count(),
        models.Role.objects.count(),
        sum(models.Tournament.objects.values_list("version", flat=True)),
    )


# -- anonymous ------------------------------------------------------------------------------------------


def test_anonymous_reaches_no_staff_page(world) -> None:
    c = _client()
    checked = 0
    for u in all_urls():
        if not u.staff:
            continue
        path = u.fill(world["a"].slug, world["person"].pk)
        if not path:
            continue
        for method in ("get", "post"):
            resp = getattr(c, method)(path)
            assert resp.status_code in {302, 403, 404, 405}, (method, path, resp.status_code)
            if resp.status_code == 302:
                assert "login" in resp["Location"], (path, resp["Location"])
            checked += 1
    assert checked > 20


def test_anonymous_public_pages_answer_without_login(world) -> None:
    c = _client()
    for u in all_urls():
        if u.staff or u.name in {"tournaments:logout", "tournaments:request_bye"}:
            continue
        path = u.fill(world["a"].slug, world["person"].pk)
        if not path:
            continue
        resp = c.get(path)
        if u.name.endswith("live_events"):  # the SSE stream answers only under ASGI (tests/web/test_live.py)
            assert resp.status_code == 404, (path, resp.status_code)
            continue
        if path.startswith("/api/v1/teams/"):  # the team API on an individual tournament: a JSON 404, not a
            assert resp.status_code == 404 and resp["Content-Type"].startswith("application/"), path  # redirect
            continue  # (anonymous reads of a real team competition: tests/web/test_api_teams.py)
        if path.startswith("/api/v1/push/"):  # the venue's push (issue 37): a token, never anonymous: a JSON 401
            assert resp.status_code == 401 and resp["Content-Type"].startswith("application/"), path
            continue  # (the push with its token: tests/web/test_push.py)
        assert resp.status_code in {200, 302, 405}, (path, resp.status_code)
        if resp.status_code == 302:
            assert "desk" not in resp["Location"], path


def test_unpublished_tournament_is_not_public(world) -> None:
    b = world["b"]
    models.Tournament.objects.filter(pk=b.pk).update(published=False)
    c = _client()
    for u in all_urls():
        if u.staff or "<slug:slug>" not in u.route:
            continue
        resp = c.get(u.fill(b.slug, world["person"].pk))
        assert resp.status_code in {302, 404}, (u.route, resp.status_code)
        if resp.status_code == 302:
            assert "login" in resp["Location"]


# -- arbiter of A against tournament B -------------------------------------------------------------------


@pytest.mark.parametrize("who", ["chief_a", "arbiter_a", "player"])
def test_staff_of_one_tournament_cannot_read_the_staff_pages_of_another(world, who) -> None:
    c = _client(world[who])
    checked = 0
    for u in all_urls():
        if not u.staff or "<slug:slug>" not in u.route:
            continue
        resp = c.get(u.fill(world["b"].slug, world["person"].pk))
        assert resp.status_code in {403, 405}, (who, u.route, resp.status_code)
        checked += 1
    assert checked >= 3


ALL_OPS = ["pair", "results", "register", "register_many", "change_pairing", "withdraw", "bye", "publish", "finish", "x"]


@pytest.mark.parametrize("who", ["chief_a", "arbiter_a", "player"])
@pytest.mark.parametrize("op", ALL_OPS)
def test_nobody_of_tournament_A_changes_tournament_B(world, who, op) -> None:
    c = _client(world[who])
    before = _snapshot()
    b = world["b"]
    resp = desk_post(c, b.slug, {"op": op, "round": "1", "player": "1", "name": "X, Y", "r_1_4": "1-0"})
    assert resp.status_code == (404 if op == "x" else 403)  # each operation has its URL: "x" has none
    assert _snapshot() == before


@pytest.mark.parametrize("op", ["pair", "register", "register_many", "change_pairing", "withdraw", "bye", "publish", "finish"])
def test_arbiter_may_not_run_chief_actions(world, op) -> None:
    c = _client(world["arbiter_a"])
    before = _snapshot()
    a = world["a"]
    resp = desk_post(c, a.slug, {"op": op, "round": "1", "player": "1", "name": "X, Y", "players": "Z, Z"})
    assert resp.status_code == 403
    assert _snapshot() == before


def test_arbiter_may_enter_results_of_own_tournament(world) -> None:
    a = world["a"]
    st = service.state(a)
    game = st.round(1).boards[0]
    c = _client(world["arbiter_a"])
    resp = c.post(f"/desk/t/{a.slug}/results/", {"round": "1", f"r_{game.white}_{game.black}": "1-0"})
    assert resp.status_code == 302
    assert models.TournamentEvent.objects.filter(tournament=a, kind="result_entered").exists()


def test_player_cannot_ask_a_bye_for_someone_else(world) -> None:
    a = world["a"]
    c = _client(world["player"])
    before = _snapshot()
    resp = c.post(f"/t/{a.slug}/bye/", {"player": "2", "round": "2"})
    assert resp.status_code == 200  # the form refuses the choice
    assert _snapshot() == before


def test_only_creators_may_create_or_import(world) -> None:
    for who in ("arbiter_a", "player", "chief_a"):  # chief of one tournament is not a federation-wide creator
        c = _client(world[who])
        before = _snapshot()
        assert c.post("/desk/new/", {"name": "Intruso", "system": "rr"}).status_code == 403
        assert c.get("/desk/import/").status_code == 403
        assert _snapshot() == before


def test_admin_site_is_for_staff_accounts_only(world) -> None:
    for who in ("chief_a", "arbiter_a", "player"):
        resp = _client(world[who]).get("/admin/tournaments/tournament/")
        assert resp.status_code == 302 and "/admin/login/" in resp["Location"]


# -- CSRF ------------------------------------------------------------------------------------------------


#: Views that take a POST without a CSRF token, and why. Only a display preference.
CSRF_EXEMPT = {
    # the language switch sits on cached public pages that carry no token; it changes nothing but the
    # interface language (a cookie, and the logged-in user's preference) and redirects only to this site
    "tournaments:set_language",
}


def test_every_url_refuses_a_post_without_csrf_token(world) -> None:
    """Every view (public, desk, admin, login) refuses a POST without the token: 403, nothing changes."""
    c = _client(world["admin"], csrf=True)
    before = _snapshot()
    checked = 0
    for u in all_urls():
        path = u.fill(world["a"].slug, world["person"].pk)
        if not path or u.name in CSRF_EXEMPT:
            continue
        resp = c.post(path, {"op": "pair", "name": "CSRF", "system": "rr"})
        # the JSON API (issue 19) is read-only and reads no cookie: every other method is a 405; its one
        # write, the venue's push (issue 37), reads no cookie either: it needs its bearer token (401 without)
        expected = 405 if u.name.startswith("api:") else 403
        if path.startswith("/api/v1/push/"):
            expected = 401
        assert resp.status_code == expected, (path, resp.status_code)
        checked += 1
    assert checked > 30
    assert _snapshot() == before


def test_desk_post_with_the_token_is_accepted(world) -> None:
    c = _client(world["chief_a"], csrf=True)
    a = world["a"]
    page = c.get(f"/desk/t/{a.slug}/")
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.content.decode()).group(1)
    st = service.state(a)
    game = st.round(1).boards[0]
    resp = c.post(
        desk_url(a.slug, "results"),
        {"round": "1", f"r_{game.white}_{game.black}": "½-½", "csrfmiddlewaretoken": token},
    )
    assert resp.status_code == 302
    assert models.TournamentEvent.objects.filter(tournament=a, kind="result_entered").exists()


@pytest.mark.parametrize("nxt", ["//evil.example/", "/\\evil.example/", "https://evil.example/", "javascript:alert(1)"])
def test_language_switch_redirects_only_to_this_site(nxt) -> None:
    resp = _client(csrf=True).post("/language/", {"language": "en", "next": nxt})
    assert resp.status_code == 302 and resp["Location"] == "/"
