"""Organisations in Chromium (issue 19 item 5): the global index with the organisation of each tournament,
an organisation's index, its members page and the organisation choice of a new tournament, at 390 and
1366 px, in Spanish and English. Screenshots in ``screenshots/orgs/``.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from e2e_support import E2E, login, shot

from arbitro import federations
from arbitro.web.tournaments import models, service

pytestmark = E2E


@pytest.fixture
def two_orgs():  # type: ignore[no-untyped-def]
    User = get_user_model()
    fed = models.Organisation.objects.create(
        name="Federación del Sur", slug="fed-sur", kind="federation", rulebook=federations.available()[0].code
    )
    club = models.Organisation.objects.create(name="Club Atlético Norte", slug="club-norte", kind="club", parent=fed)
    admin = User.objects.create_user("presidenta", password="presidenta-pw-1")
    models.Membership.objects.create(user=admin, organisation=club, role=models.Membership.Role.ADMIN)
    models.Membership.objects.create(user=admin, organisation=fed, role=models.Membership.Role.ARBITER)
    arb = User.objects.create_user("arbitra", password="arbitra-pw-1")
    models.Membership.objects.create(user=arb, organisation=club, role=models.Membership.Role.ARBITER)
    for name, org in (("Abierto del Club Norte", club), ("Relámpago de invierno", club), ("Campeonato del Sur", fed)):
        row = service.create({"name": name, "system": "swiss", "rounds": 5, "city": "Mar del Plata", "organisation": org}, admin)
        service.register_many(row, "\n".join(f"Jugador {i}, {name[:6]}; {2000 - 20 * i}" for i in range(6)), admin)
        row.refresh_from_db()
        service.pair_next(row, admin, seed=1)
    return {"fed": fed, "club": club, "admin": admin}


def _page(browser, width: int, lang: str):  # type: ignore[no-untyped-def]
    ctx = browser.new_context(viewport={"width": width, "height": 844 if width < 600 else 900})
    ctx.add_cookies([{"name": "django_language", "value": lang, "url": "http://localhost"}])
    pg = ctx.new_page()
    pg.set_default_timeout(15000)
    return ctx, pg


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("width", [390, 1366])
def test_issue19_5_organisation_pages_in_the_browser(browser, live_server, two_orgs, width, lang) -> None:
    base = live_server.url
    ctx, pg = _page(browser, width, lang)
    ctx.add_cookies([{"name": "django_language", "value": lang, "url": base}])
    pg.goto(f"{base}/")
    assert pg.locator("#org-list a").count() == 2  # both organisations named on the global index
    assert pg.locator("a.org", has_text="Club Atlético Norte").count() == 2
    shot(pg, f"home-{lang}-{width}", "orgs")
    pg.goto(f"{base}/o/club-norte/")
    assert pg.locator("h1").inner_text() == "Club Atlético Norte"
    assert pg.locator(".cards li").count() == 2 and "Campeonato del Sur" not in pg.content()
    shot(pg, f"club-{lang}-{width}", "orgs")
    pg.goto(f"{base}/o/fed-sur/")
    assert pg.locator("#org-rulebook").count() == 1  # the federation's rulebook page is offered
    shot(pg, f"federation-{lang}-{width}", "orgs")
    login(pg, base, "presidenta", "presidenta-pw-1")
    pg.goto(f"{base}/desk/")
    shot(pg, f"desk-{lang}-{width}", "orgs")
    pg.goto(f"{base}/desk/o/club-norte/members/")
    pg.fill("#id_username", "arbitra")
    pg.select_option("#id_role", "admin")
    pg.click("#member-add button[type=submit]")
    pg.wait_for_load_state()
    assert models.Membership.objects.get(user__username="arbitra", organisation=two_orgs["club"]).role == "admin"
    shot(pg, f"members-{lang}-{width}", "orgs")
    pg.goto(f"{base}/desk/new/?org=club-norte")
    assert pg.locator("#org-choice strong").inner_text() == "Club Atlético Norte"
    shot(pg, f"create-{lang}-{width}", "orgs")
    if width == 390:
        assert pg.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), "the page scrolls sideways"
    ctx.close()
