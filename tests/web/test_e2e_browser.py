"""End-to-end tests in a real browser (issue 9 §9): Playwright driving Debian's Chromium.

Screenshots go to ``screenshots/web-e2e/`` at the repository root (override with
``ARBITRO_SCREENSHOTS``). Skipped with a reason when ``/usr/bin/chromium`` is
missing; ``.ci/run`` installs it.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from e2e_support import E2E, login, make_arbiter, shot

from arbitro.web.tournaments import models, service, store

pytestmark = E2E


def _dutch_available() -> bool:
    try:
        import arbitro.pairing.dutch  # noqa: F401
    except ImportError:
        return False
    return True


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1100, "height": 900}, locale="es-AR")
    pg = context.new_page()
    pg.set_default_timeout(15000)
    yield pg
    context.close()


def _shot(page, name: str) -> None:
    shot(page, name)


def _login(page, base: str, username: str, password: str) -> None:
    login(page, base, username, password)


def _arbiter(username: str = "arbitro", password: str = "arbitro-e2e-pw"):
    return make_arbiter(username, password), password


def _run_fma_tournament(
    page, base: str, category: str, entrants: int, rounds: int, name: str
) -> models.Tournament:
    """Create an FMA tournament at the desk, register players, pair and finish ``rounds`` rounds by keyboard."""
    user, password = _arbiter()
    _login(page, base, user.username, password)
    page.goto(f"{base}/desk/new/")
    page.fill("input[name=name]", name)
    page.fill("input[name=city]", "Mar del Plata")
    page.select_option("select[name=category]", category)
    page.fill("input[name=entrants]", str(entrants))
    page.check("input[name=published]")  # new tournaments are drafts until the arbiter makes them public (issue 15)
    page.click("form.form button[type=submit]")
    page.wait_for_url("**/desk/t/**")
    # the first player with the single-player form, the others pasted as a list
    page.fill("input[name=name]", "Jugador01, Demo")
    page.fill("input[name=rating]", "1790")
    page.click("button[data-op=register]")
    page.wait_for_load_state()
    page.fill(
        "textarea[name=players]",
        "\n".join(f"Jugador{i + 1:02d}, Demo; {1790 - 7 * i}" for i in range(1, entrants)),
    )
    page.click("button[data-op=register_many]")
    page.wait_for_load_state()
    row = models.Tournament.objects.get(name=name)
    assert len(store.load(row).players) == entrants
    keys = ["1", "0", "=", "1", "0", "1", "=", "0"]
    for rnd in range(1, rounds + 1):
        page.click("#pair-next")
        page.click("#publish-round")  # the draft reviewed, then published (issue 15 item 3)
        page.wait_for_selector("#results-form input.result")
        inputs = page.locator("#results-form input.result")
        inputs.first.focus()
        for b in range(inputs.count()):  # one key, then Enter moves to the next empty board (issue 15)
            page.keyboard.press(keys[(b + rnd) % len(keys)])
            page.keyboard.press("Enter")
        _shot(page, f"desk-{category}-round{rnd}-results")
        page.click("#save-results")
        page.wait_for_load_state()
        row.refresh_from_db()
        st = service.state(row)
        assert st is not None and st.round(rnd).complete, f"round {rnd} not complete after keyboard entry"
    return row


def _standings_names(page) -> list[str]:
    return [t.strip() for t in page.locator("table.standings tbody tr td:nth-child(2)").all_inner_texts()]


def _expected_order(row: models.Tournament) -> list[str]:
    from arbitro.standings import compute_standings

    core = store.load(row)
    return [core.players[r.start_rank].name for r in compute_standings(core).rows]


@pytest.mark.skipif(not _dutch_available(), reason="arbitro.pairing.dutch (issue 4) not installed yet")
def test_arbiter_runs_an_fma_tercera_of_12_players_for_two_rounds(page, live_server):
    """FMA 4.1 c: 12 players -> Swiss of 7 rounds; two rounds paired and finished at the desk."""
    row = _run_fma_tournament(page, live_server.url, "tercera", 12, 2, "Tercera E2E 2026")
    assert store.load(row).total_rounds == 7
    page.goto(f"{live_server.url}/t/{row.slug}/standings/")
    _shot(page, "public-tercera-standings")
    assert _standings_names(page) == _expected_order(row)


def test_player_requests_a_half_point_bye_FMA_4_2(page, live_server):
    arb, _ = _arbiter("chief", "chief-e2e-pw")
    row = service.create({"name": "Segunda E2E", "category": "segunda", "entrants": 12}, arb)
    for i in range(12):
        service.register(row, {"name": f"Jugador{i:02d}, Bye", "rating": 1899 - i}, arb)
    player = get_user_model().objects.create_user("jugador", password="jugador-e2e-pw")
    entry = row.entries.select_related("person").get(start_rank=3)
    entry.person.user = player
    entry.person.save()
    _login(page, live_server.url, "jugador", "jugador-e2e-pw")
    page.goto(f"{live_server.url}/t/{row.slug}/")
    page.click("a.button")  # "Pedir un bye de medio punto"
    page.select_option("select[name=round]", "2")
    page.click("form.form button[type=submit]")
    page.wait_for_load_state()
    _shot(page, "player-bye-request")
    req = models.ByeRequest.objects.get(tournament=row)
    assert req.status == models.ByeRequest.Status.ACCEPTED and req.round == 2 and req.player == 3
    row.refresh_from_db()
    assert store.load(row).byes_for_round(2) == {3: "H"}
    # the arbiter sees it at the desk
    page.context.clear_cookies()
    _login(page, live_server.url, "chief", "chief-e2e-pw")
    page.goto(f"{live_server.url}/desk/t/{row.slug}/")
    name = store.load(row).players[3].name
    assert f"3. {name}" in page.inner_text("main")  # the request, by the player's number and name


def test_spanish_page_then_english_page(page, live_server, fixtures_dir):
    text = (fixtures_dir / "trf" / "small-swiss7-byes-forfeits.trf").read_text(encoding="utf-8")
    row = store.import_trf(text)
    page.goto(f"{live_server.url}/t/{row.slug}/standings/")
    assert page.get_attribute("html", "lang") == "es"
    assert "Clasificación" in page.inner_text("nav.tabs")
    _shot(page, "page-es")
    page.click("form.lang button")
    page.wait_for_load_state()
    assert page.get_attribute("html", "lang") == "en"
    assert "Standings" in page.inner_text("nav.tabs")
    _shot(page, "page-en")
    page.set_viewport_size({"width": 390, "height": 844})
    _shot(page, "page-en-phone")


def test_public_page_follows_new_results_without_reload(page, live_server):
    arb, _ = _arbiter("chief2", "chief2-e2e-pw")
    row = service.create({"name": "Refresh E2E", "system": "rr"}, arb)
    for i in range(4):
        service.register(row, {"name": f"Refresh{i}, Player", "rating": 1600 + i}, arb)
    service.pair_next(row, arb)
    page.goto(f"{live_server.url}/t/{row.slug}/round/1/")
    assert "1-0" not in page.inner_text("table.pairings")
    service.enter_results(row, 1, {1: "1-0"}, arb)
    page.evaluate("window.arbitroPoll()")
    # a locator wait, not wait_for_function: the site's CSP (script-src 'self', issue 11) forbids eval
    page.locator("table.pairings", has_text="1-0").wait_for(timeout=10_000)
