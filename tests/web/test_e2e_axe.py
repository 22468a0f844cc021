"""Accessibility with axe-core (WCAG 2.2 AA) in Debian's Chromium (issue 15 item 8).

axe-core 4.14.1 is vendored in ``tests/web/vendor/axe-core`` (MPL-2.0; nothing is downloaded at
test time) and injected into each page (the test context bypasses the site's CSP for that one
script). Every public page of a tournament in progress, at 390 and 1366 px, and every desk page
that exists, must have no violation of impact "serious" or "critical" under the WCAG 2.0/2.1/2.2
A and AA rules. Screenshots go to ``screenshots/axe/``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from e2e_support import E2E, login, make_arbiter, shot

from arbitro.web.tournaments import models, service

pytestmark = E2E

AXE = Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
BLOCKING = {"serious", "critical"}
NAMES = [
    "Fernández Castellanos, María Guadalupe", "Li, Wen", "Ødegaard, Sigrid", "Ramírez, Juan",
    "Nakamura, Hikaru", "Pérez, Ana", "O'Brien, Seán", "Kowalczyk, Małgorzata",
]  # fmt: skip


def _tournament() -> models.Tournament:
    """An 8-player Swiss of 5 rounds: 2 played (a forfeit, a half-point bye), round 3 paired, 1 result in."""
    user = get_user_model().objects.get(username="arbitro")
    row = service.create({"name": "Abierto Accesible", "city": "Rosario", "system": "swiss", "rounds": 5}, user)
    service.register_many(row, "\n".join(f"{n}; {2300 - 40 * i}" for i, n in enumerate(NAMES)), user)
    row.refresh_from_db()
    service.request_bye(row, 8, 2, "H", user)
    for rnd, res in ((1, ["1-0", "½-½", "1F-0F", "0-1"]), (2, ["0-1", "1-0", "½-½"])):
        service.pair_next(row, user, seed=1)
        row.refresh_from_db()
        boards = service.state(row).round(rnd).boards
        service.enter_results(row, rnd, {b: res[(b - 1) % len(res)] for b in range(1, len(boards) + 1)}, user)
        row.refresh_from_db()
    service.pair_next(row, user, seed=1)
    row.refresh_from_db()
    service.enter_results(row, 3, {1: "½-½"}, user)
    row.refresh_from_db()
    return row


def _axe(pg) -> list[dict]:
    """The blocking violations of the page (axe.run with the WCAG A/AA tags)."""
    if not pg.evaluate("typeof window.axe !== 'undefined'"):
        pg.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    result = pg.evaluate(
        "async (tags) => await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']})",
        TAGS,
    )
    return [v for v in result["violations"] if v.get("impact") in BLOCKING]


def _describe(violations: list[dict]) -> str:
    return json.dumps(
        [
            {"id": v["id"], "impact": v["impact"], "help": v["help"],
             "nodes": [n["target"] for n in v["nodes"][:5]]}
            for v in violations
        ],
        indent=1,
    )  # fmt: skip


def _context(browser, width: int, lang: str = "es"):
    ctx = browser.new_context(
        viewport={"width": width, "height": 844 if width < 600 else 900}, bypass_csp=True,
    )  # fmt: skip
    ctx.add_cookies([{"name": "django_language", "value": lang, "url": "http://localhost"}])
    pg = ctx.new_page()
    pg.set_default_timeout(20000)
    return ctx, pg


def _check(pg, url: str, name: str, problems: dict[str, str]) -> None:
    pg.goto(url)
    pg.wait_for_load_state()
    shot(pg, name, "axe")
    found = _axe(pg)
    if found:
        problems[name] = _describe(found)


@pytest.mark.parametrize("width", [390, 1366])
def test_public_pages_have_no_serious_or_critical_violation(browser, live_server, width) -> None:
    make_arbiter()
    row = _tournament()
    base = live_server.url
    pages = {
        "home": "/", "login": "/login/", "info": f"/t/{row.slug}/", "players": f"/t/{row.slug}/players/",
        "pairings": f"/t/{row.slug}/pairings/", "round1": f"/t/{row.slug}/round/1/",
        "standings": f"/t/{row.slug}/standings/", "crosstable": f"/t/{row.slug}/crosstable/",
        "norms": f"/t/{row.slug}/norms/", "player": f"/t/{row.slug}/player/1/", "player-bye": f"/t/{row.slug}/player/8/",
        "not-found": "/t/no-such-tournament/",
    }  # fmt: skip
    problems: dict[str, str] = {}
    ctx, pg = _context(browser, width)
    try:
        for name, path in pages.items():
            _check(pg, base + path, f"public-{name}-{width}", problems)
    finally:
        ctx.close()
    assert not problems, "\n".join(f"{k}: {v}" for k, v in problems.items())


@pytest.mark.parametrize("width", [390, 1366])
def test_desk_pages_have_no_serious_or_critical_violation(browser, live_server, width) -> None:
    make_arbiter()
    row = _tournament()
    base = live_server.url
    pages = {
        "desk": "/desk/", "create": "/desk/new/", "import": "/desk/import/", "panel": f"/desk/t/{row.slug}/",
        "audit": f"/desk/t/{row.slug}/audit/", "bye": f"/t/{row.slug}/bye/", "mine": "/me/",
    }  # fmt: skip
    problems: dict[str, str] = {}
    ctx, pg = _context(browser, width)
    try:
        login(pg, base)
        for name, path in pages.items():
            _check(pg, base + path, f"desk-{name}-{width}", problems)
    finally:
        ctx.close()
    # a player's own pages: where the login lands (/me/) and the bye request form
    player = get_user_model().objects.create_user("jugadora", password="pw-jugadora-1")
    entry = row.entries.select_related("person").get(start_rank=2)
    entry.person.user = player
    entry.person.save()
    models.ByeRequest.objects.create(tournament=row, player=2, round=4, status=models.ByeRequest.Status.PENDING)
    ctx, pg = _context(browser, width)
    try:
        login(pg, base, "jugadora", "pw-jugadora-1")
        assert pg.url.endswith("/me/"), pg.url
        _check(pg, pg.url, f"player-mine-{width}", problems)
        _check(pg, f"{base}/t/{row.slug}/bye/", f"player-bye-{width}", problems)
    finally:
        ctx.close()
    assert not problems, "\n".join(f"{k}: {v}" for k, v in problems.items())
