"""Permissions across organisations (issue 19 item 5), enumerated over every URL pattern.

Two organisations on one server: a club A without a rulebook and a federation B with the site's
rulebook plug-in. An admin, an arbiter and a tournament's chief arbiter of A get 403 or 404 on every
desk page of B's tournaments (a public one, a draft, a team competition) for GET and for POST, and
nothing changes; they cannot create, import or manage members in B; B's drafts appear nowhere for
them (index, organisation index, API, import duplicates). B's own admin, on the same URLs, gets in:
the refusals are the organisation's, not broken URLs. The organisation's rulebook decides the
categories, tie-break orders, prize preset and federation page its tournaments offer.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils import translation

from arbitro import federations
from arbitro.errors import ArbitroError
from arbitro.web.teams import service as team_service
from arbitro.web.tournaments import federation, forms, models, prizes, service, store

pytestmark = pytest.mark.django_db

Member = models.Membership.Role


def _walk(patterns: list[URLPattern | URLResolver], prefix: str = "", ns: str = "") -> Iterator[tuple[str, str]]:
    for p in patterns:
        if isinstance(p, URLResolver):
            yield from _walk(p.url_patterns, prefix + str(p.pattern), f"{ns}{p.namespace}:" if p.namespace else ns)
        elif p.name:
            yield prefix + str(p.pattern), f"{ns}{p.name}"


def _routes(*, staff: bool) -> list[tuple[str, str]]:
    """Routes of one tournament (``<slug:slug>``): the desk's (staff) or the public ones."""
    return [
        (route, name)
        for route, name in _walk(get_resolver().url_patterns)
        if "<slug:slug>" in route and not route.startswith("api/") and name.split(":")[-1].startswith("desk") == staff
    ]


def _fill(route: str, slug: str) -> str:
    def sub(m: re.Match[str]) -> str:
        name = m.group(1).rpartition(":")[2]
        return {"slug": slug, "kind": "standings", "org": "fed-b"}.get(name, "1")

    return "/" + re.sub(r"<([^>]+)>", sub, route)


def _client(user) -> Client:  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(user)
    return c


def _snapshot() -> tuple[int, ...]:
    return (
        models.TournamentEvent.objects.count(),
        models.Tournament.objects.count(),
        models.Membership.objects.count(),
        models.Role.objects.count(),
        models.ByeRequest.objects.count(),
        models.PrizeList.objects.count(),
        sum(models.Tournament.objects.values_list("version", flat=True)),
        sum(models.Tournament.objects.filter(published=True).values_list("pk", flat=True)),
    )


def _with_players(row: models.Tournament, user, n: int = 4) -> models.Tournament:  # type: ignore[no-untyped-def]
    for i in range(n):
        service.register(row, {"name": f"Jugador{i}, {row.name}", "rating": 1500 + 10 * i}, user)
    service.pair_next(row, user)
    row.refresh_from_db()
    return row


@pytest.fixture
def orgs():  # type: ignore[no-untyped-def]
    User = get_user_model()
    code = federations.available()[0].code
    club_a = models.Organisation.objects.create(name="Club A", slug="club-a", kind="club", rulebook="")
    fed_b = models.Organisation.objects.create(name="Federación B", slug="fed-b", kind="federation", rulebook=code)
    users = {n: User.objects.create_user(n, password=f"{n}-pw-123") for n in ("admin_a", "arbiter_a", "chief_a", "admin_b")}
    models.Membership.objects.create(user=users["admin_a"], organisation=club_a, role=Member.ADMIN)
    models.Membership.objects.create(user=users["arbiter_a"], organisation=club_a, role=Member.ARBITER)
    models.Membership.objects.create(user=users["admin_b"], organisation=fed_b, role=Member.ADMIN)
    a1 = _with_players(service.create({"name": "Abierto A", "system": "rr", "organisation": club_a}, users["arbiter_a"]), users["arbiter_a"])
    models.Role.objects.create(user=users["chief_a"], tournament=a1, kind=models.Role.Kind.CHIEF_ARBITER)
    b_public = _with_players(service.create({"name": "Abierto B", "system": "rr", "organisation": fed_b}, users["admin_b"]), users["admin_b"])
    b_draft = _with_players(
        service.create({"name": "Borrador B", "system": "rr", "organisation": fed_b, "published": False}, users["admin_b"]),
        users["admin_b"],
    )
    b_team = team_service.create(
        {"name": "Liga B", "system": "team_swiss", "boards": 2, "rounds": 3, "match_win": 2, "match_draw": 1,
         "match_loss": 0, "organisation": fed_b},
        users["admin_b"],
    )  # fmt: skip
    return {"club_a": club_a, "fed_b": fed_b, "a1": a1, "b_public": b_public, "b_draft": b_draft, "b_team": b_team, **users}


OUTSIDERS = ["admin_a", "arbiter_a", "chief_a"]
TARGETS = ["b_public", "b_draft", "b_team"]
OPS = ["view", "pair", "results", "register", "register_many", "change_pairing", "withdraw", "bye", "publish",
       "finish", "reopen", "unpair", "prizes", "no_show", "team", "lineup", "x"]  # fmt: skip


def _post_data(op: str) -> dict[str, str]:
    return {"op": op, "round": "1", "player": "1", "name": "Intruso, X", "players": "Intruso, Y", "r_1_4": "1-0",
            "confirmed": "1", "prize_list": "{}", "published": "on", "system": "rr"}  # fmt: skip


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("who", OUTSIDERS)
def test_issue19_5_member_of_A_gets_403_or_404_on_every_desk_url_of_B(orgs, who, target) -> None:
    """Every desk page of B's tournament (panel, actions, players, settings, log, audit, exports, private
    downloads, the team desk), GET and POST with every operation: 403/404/405, and nothing changes."""
    c = _client(orgs[who])
    slug = orgs[target].slug
    before = _snapshot()
    checked = 0
    for route, name in _routes(staff=True):
        path = _fill(route, slug)
        resp = c.get(path)
        assert resp.status_code in {403, 404, 405}, (who, target, "GET", path, resp.status_code)
        for op in OPS if name.endswith("action") else ["x"]:
            resp = c.post(path, _post_data(op))
            assert resp.status_code in {403, 404, 405}, (who, target, "POST", op, path, resp.status_code)
        checked += 1
    assert checked >= 10
    assert _snapshot() == before


@pytest.mark.parametrize("target", TARGETS)
def test_issue19_5_B_admin_gets_in_on_the_same_desk_urls(orgs, target) -> None:
    """The control of the matrix: the refusals above come from the organisation, not from broken URLs."""
    c = _client(orgs["admin_b"])
    slug = orgs[target].slug
    opened = [path for route, _n in _routes(staff=True) if c.get(path := _fill(route, slug)).status_code in {200, 302}]
    assert len(opened) >= 3, opened


def test_issue19_5_admin_of_A_runs_every_tournament_of_A(orgs) -> None:
    """An organisation's admin: everything on its own tournaments (here one its arbiter created)."""
    a1 = orgs["a1"]
    assert orgs["arbiter_a"] in [r.user for r in a1.roles.all()]  # the creator is its chief arbiter
    c = _client(orgs["admin_a"])
    assert c.get(f"/desk/t/{a1.slug}/").status_code == 200
    st = service.state(a1)
    game = st.round(1).boards[0]
    before = a1.version
    assert c.post(f"/desk/t/{a1.slug}/results/", {"round": "1", f"r_{game.white}_{game.black}": "1-0"}).status_code == 302
    a1.refresh_from_db()
    assert a1.version > before
    desk = c.get("/desk/").content.decode()
    assert "Abierto A" in desk and "Abierto B" not in desk and "Borrador B" not in desk and "Liga B" not in desk


@pytest.mark.parametrize("who", OUTSIDERS)
def test_issue19_5_B_drafts_are_hidden_from_A_everywhere(orgs, who) -> None:
    c = _client(orgs[who])
    draft = orgs["b_draft"]
    for route, _name in _routes(staff=False):
        resp = c.get(_fill(route, draft.slug), follow=True)
        assert resp.status_code in {404, 405}, (who, route, resp.status_code)
    for page in ("/", "/o/fed-b/", "/api/v1/tournaments", "/api/v1/tournaments?organisation=fed-b", "/desk/"):
        assert "Borrador B" not in c.get(page).content.decode(), page
    assert c.get(f"/api/v1/tournaments/{draft.slug}").status_code == 404


@pytest.mark.parametrize("who", OUTSIDERS)
def test_issue19_5_nobody_of_A_creates_imports_or_manages_members_in_B(orgs, who) -> None:
    c = _client(orgs[who])
    trf = store.export_trf(orgs["b_public"]).encode()
    before = _snapshot()
    assert c.post("/desk/new/?org=fed-b", {"name": "Intruso", "system": "rr"}).status_code == 403
    assert c.get("/desk/import/?org=fed-b").status_code == 403
    assert c.post("/desk/import/?org=fed-b", {"file": SimpleUploadedFile("b.trf", trf)}).status_code == 403
    assert c.post("/desk/teams/new/?org=fed-b", {"name": "Intrusa", "system": "team_swiss", "boards": 2}).status_code == 403
    assert c.get("/desk/o/fed-b/members/").status_code == 403
    assert c.post("/desk/o/fed-b/members/", {"op": "add", "username": who, "role": "admin"}).status_code == 403
    for m in models.Membership.objects.filter(organisation=orgs["fed_b"]):
        assert c.post("/desk/o/fed-b/members/", {"op": "remove", "membership": m.pk}).status_code == 403
    assert c.get("/desk/new/?org=no-such-org").status_code == (404 if who != "chief_a" else 403)  # chief_a: creates nowhere
    assert _snapshot() == before


def test_issue19_5_a_tournament_goes_into_the_creators_organisation(orgs) -> None:
    c = _client(orgs["arbiter_a"])
    resp = c.post("/desk/new/", {"name": "Relámpago A", "system": "rr"})
    assert resp.status_code == 302
    row = models.Tournament.objects.get(name="Relámpago A")
    assert row.organisation == orgs["club_a"]
    assert c.get(f"/desk/t/{row.slug}/").status_code == 200
    assert _client(orgs["admin_b"]).get(f"/desk/t/{row.slug}/").status_code == 403


def test_issue19_5_import_in_A_never_shows_B_tournament_as_a_duplicate(orgs) -> None:
    """The same file as B's published tournament: imported at once into A, B's slug never shown."""
    c = _client(orgs["arbiter_a"])
    b = orgs["b_public"]
    resp = c.post("/desk/import/", {"file": SimpleUploadedFile("b.trf", store.export_trf(b).encode())})
    assert resp.status_code == 302
    new = models.Tournament.objects.exclude(pk=b.pk).get(name=b.name)
    assert new.organisation == orgs["club_a"]
    assert resp["Location"] == f"/desk/t/{new.slug}/" and new.slug != b.slug


def test_issue19_5_organisation_admin_manages_its_members(orgs) -> None:
    c = _client(orgs["admin_a"])
    page = c.get("/desk/o/club-a/members/")
    assert page.status_code == 200 and "arbiter_a" in page.content.decode()
    assert c.post("/desk/o/club-a/members/", {"op": "add", "username": "chief_a", "role": "arbiter"}).status_code == 302
    assert models.Membership.objects.filter(user=orgs["chief_a"], organisation=orgs["club_a"], role=Member.ARBITER).exists()
    c.post("/desk/o/club-a/members/", {"op": "add", "username": "nobody-here", "role": "arbiter"})
    assert not models.Membership.objects.filter(user__username="nobody-here").exists()
    own = models.Membership.objects.get(user=orgs["admin_a"], organisation=orgs["club_a"])
    c.post("/desk/o/club-a/members/", {"op": "remove", "membership": own.pk})  # the last admin stays
    assert models.Membership.objects.filter(pk=own.pk).exists()
    arb = models.Membership.objects.get(user=orgs["arbiter_a"], organisation=orgs["club_a"])
    c.post("/desk/o/club-a/members/", {"op": "remove", "membership": arb.pk})
    assert not models.Membership.objects.filter(pk=arb.pk).exists()
    assert _client(orgs["arbiter_a"]).get("/desk/o/club-a/members/").status_code == 403  # an arbiter manages no one


def test_issue19_5_organisations_are_the_superusers_in_the_admin(orgs) -> None:
    root = get_user_model().objects.create_superuser("root", password="root-pw-123")
    assert _client(root).get("/admin/tournaments/organisation/").status_code == 200
    staff = orgs["admin_a"]
    staff.is_staff = True
    staff.save()
    assert _client(staff).get("/admin/tournaments/organisation/").status_code == 403


# -- public index and API ------------------------------------------------------------------------------


def test_issue19_5_public_index_per_organisation(orgs) -> None:
    c = Client()
    a = c.get("/o/club-a/").content.decode()
    b = c.get("/o/fed-b/").content.decode()
    assert "Abierto A" in a and "Abierto B" not in a
    assert "Abierto B" in b and "Liga B" in b and "Abierto A" not in b and "Borrador B" not in b
    home = c.get("/").content.decode()
    assert "Abierto A" in home and "Abierto B" in home and "Borrador B" not in home
    assert 'href="/o/club-a/"' in home and 'href="/o/fed-b/"' in home  # the organisation is shown
    assert c.get("/o/no-such-org/").status_code == 404


def test_issue19_5_api_filters_tournaments_by_organisation(orgs) -> None:
    c = Client()
    listed = json.loads(c.get("/api/v1/tournaments?organisation=fed-b").content)["tournaments"]
    assert [t["name"] for t in listed] == ["Abierto B"]  # team competitions are not in the API yet; no drafts
    assert {t["organisation"] for t in listed} == {"fed-b"}
    everything = json.loads(c.get("/api/v1/tournaments").content)["tournaments"]
    assert {t["organisation"] for t in everything} == {"club-a", "fed-b"}
    assert json.loads(c.get("/api/v1/tournaments?organisation=nobody").content)["tournaments"] == []
    bad = c.get("/api/v1/tournaments?organisation=a%20b")
    assert bad.status_code == 400 and json.loads(bad.content)["error"] == "bad_parameter"


# -- the organisation's rulebook -----------------------------------------------------------------------


def test_issue19_5_the_organisations_rulebook_decides_pages_categories_and_presets(orgs) -> None:
    club, fed = orgs["club_a"], orgs["fed_b"]
    book = federation.rulebook(fed)
    assert book is not None and federation.rulebook(club) is None
    assert federation.category_choices(club) == [("", "—")]
    assert len(federation.category_choices(fed)) > 1
    club_presets = {k for k, _l, _c in forms.tiebreak_presets(club)}
    fed_presets = {k for k, _l, _c in forms.tiebreak_presets(fed)}
    assert club_presets == {"fide_swiss", "fide_rr"} and fed_presets > club_presets
    c = Client()
    assert c.get("/o/club-a/federation/").status_code == 404
    page = c.get("/o/fed-b/federation/")
    assert page.status_code == 200 and book.name in page.content.decode()
    arb = _client(orgs["admin_b"]).get("/desk/new/?org=fed-b").content.decode()
    own = _client(orgs["arbiter_a"]).get("/desk/new/").content.decode()
    key, label = federation.category_choices(fed, creatable_only=True)[1]
    assert f'value="{key}"' in arb and 'name="category"' not in own  # a club without a rulebook: no categories


def test_issue19_5_prize_preset_comes_from_the_tournaments_organisation(orgs) -> None:
    fed, club = orgs["fed_b"], orgs["club_a"]
    key = federation.category_choices(fed, creatable_only=True)[1][0]
    row = service.create({"name": "Categoría B", "category": key, "entrants": 8, "organisation": fed}, orgs["admin_b"])
    assert prizes.prize_list_for(row) is not None  # the rulebook's preset
    with translation.override("en"), pytest.raises(ArbitroError, match="no federation rulebook"):  # a club: none
        service.create({"name": "Categoría A", "category": key, "entrants": 8, "organisation": club}, orgs["arbiter_a"])
    models.Tournament.objects.filter(pk=row.pk).update(organisation=club)
    row.refresh_from_db()
    assert prizes.prize_list_for(row) is None


def test_issue19_5_single_organisation_install_shows_no_organisation(client) -> None:
    """The Quick start: one (default) organisation, nothing new on the public index."""
    user = get_user_model().objects.create_user("solo", password="solo-pw-123")
    service.create({"name": "Torneo Único", "system": "rr"}, user)
    assert models.Organisation.objects.count() == 1
    home = client.get("/").content.decode()
    assert "Torneo Único" in home and "/o/" not in home


@pytest.mark.parametrize("lang", ["es", "en"])
def test_issue19_5_organisation_pages_speak_one_language(orgs, lang) -> None:
    """The new pages (indexes, rulebook page, members, the organisation choice) in the reader's language."""
    import test_catalogue as catalogue  # tests/web is on sys.path (conftest): its checker of visible words

    root = get_user_model().objects.create_superuser("root", password="root-pw-123")
    c = _client(root)
    c.cookies["django_language"] = lang
    data = ["Club A", "Federación B", "Abierto A", "Abierto B", "Liga B", "Jugador0", "Jugador1", "Jugador2",
            "Jugador3", "admin_a", "arbiter_a", "admin_b", "root", *catalogue.PROPER_NAMES]  # fmt: skip
    problems = {}
    for url in ("/", "/o/fed-b/", "/o/club-a/", "/o/fed-b/federation/", "/desk/", "/desk/o/club-a/members/",
                "/desk/new/?org=club-a", "/desk/import/?org=fed-b", "/desk/teams/new/?org=fed-b"):  # fmt: skip
        resp = c.get(url)
        assert resp.status_code == 200, (url, resp.status_code)
        bad = catalogue._offending(resp.content.decode(), lang, data)
        if bad:
            problems[url] = bad
    assert not problems, f"{lang} pages with words of the other language: {problems}"
    members = c.get("/desk/o/club-a/members/").content.decode()
    assert ("Miembros de Club A" if lang == "es" else "Members of Club A") in members


def test_issue19_5_a_staff_admin_of_A_sees_only_A_in_the_django_admin(orgs) -> None:
    """Staff access given to an organisation's admin (with the model permissions) shows only its rows."""
    from django.contrib.auth.models import Permission

    staff = orgs["admin_a"]
    staff.is_staff = True
    staff.save()
    staff.user_permissions.add(*Permission.objects.filter(codename__in=["view_tournament", "view_role"]))
    page = _client(staff).get("/admin/tournaments/tournament/").content.decode()
    assert "Abierto A" in page and "Abierto B" not in page and "Borrador B" not in page
    assert _client(staff).get(f"/admin/tournaments/tournament/{orgs['b_draft'].pk}/change/").status_code in {302, 404}
    roles = _client(staff).get("/admin/tournaments/role/").content.decode()
    assert "chief_a" in roles and "admin_b" not in roles
