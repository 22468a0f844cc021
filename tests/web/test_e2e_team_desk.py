"""A 6-team Team Swiss at the desk through the individual desk's operations (issue 32, "Done when"):

create; pair round 1 as a draft (the public does not see it); unpair it (the confirmation page, with a
reason); pair again and publish; enter the results of rounds 1 and 2; correct a result of round 1 once
round 2 is paired (the confirmation page warns that round 2 was paired on the old score); change a
setting; and read every one of these in the audit trail and the event log, in Debian's Chromium.
"""

from __future__ import annotations

import pytest
from e2e_support import E2E, login, make_arbiter, shot

from arbitro.web.teams import service
from arbitro.web.tournaments import models

pytestmark = E2E

NAME = "Liga de escritorio por equipos"
TEAMS, BOARDS = 6, 2


@pytest.fixture
def context(browser):
    ctx = browser.new_context(viewport={"width": 1366, "height": 900}, locale="es-AR")
    ctx.set_default_timeout(20000)
    yield ctx
    ctx.close()


def _row() -> models.Tournament:
    return models.Tournament.objects.get(name=NAME)


def _submit(page, selector: str) -> str:
    """Click, wait for the next page, refuse an error message; the success message, if any."""
    with page.expect_navigation():
        page.click(selector)
    assert page.locator("ul.messages li.error").count() == 0, page.locator("ul.messages").inner_text()
    ok = page.locator("ul.messages li.success")
    return ok.first.inner_text() if ok.count() else ""


def _create(page, base: str) -> None:
    page.goto(f"{base}/desk/")
    page.click("#new-team-competition")
    page.fill("input[name=name]", NAME)
    page.fill("input[name=city]", "Gijón")
    page.select_option("select[name=system]", "team_swiss")
    page.fill("input[name=boards]", str(BOARDS))
    page.fill("input[name=rounds]", "3")
    _submit(page, "#team-create button[type=submit]")
    for t in range(1, TEAMS + 1):
        players = "\n".join(f"Jugador {t}-{i}, Club; {2300 - 30 * t - 7 * i}" for i in range(1, BOARDS + 2))
        page.fill("#team-form input[name=name]", f"Club {t}")
        page.fill("#team-form textarea[name=players]", players)
        _submit(page, "#team-form button[type=submit]")


def _results(page, rnd: int) -> None:
    st = service.state(_row())
    for table, (white, _black) in enumerate(st.pairings[rnd], start=1):
        for board in range(1, BOARDS + 1):
            page.select_option(f"#match-{white} select[name=r_{board}]", "1" if (table + board) % 2 else "=")
        _submit(page, f"#match-{white} button[type=submit]")


def test_a_6_team_swiss_has_the_individual_desks_draft_unpair_corrections_settings_and_audit(context, live_server):
    make_arbiter()
    page = context.new_page()
    base = live_server.url
    login(page, base)
    _create(page, base)
    desk = page.url

    # pair as a draft: only the desk sees it
    said = _submit(page, "#pair-next")
    assert "borrador" in said
    assert page.locator("#draft-note").count() == 1 and page.locator("#publish-round").count() == 1
    st = service.state(_row())
    assert st.draft_round == 1 and len(st.pairings[1]) == TEAMS // 2
    assert service.event(_row()).matches == []  # the public pages, the API and the TRF
    assert len(service.desk_event(_row()).matches) == TEAMS // 2
    shot(page, "team-desk-draft-1366", "teams")

    # unpair it: the individual desk's confirmation page, with a reason for the log
    with page.expect_navigation():
        page.click("#unpair")
    assert page.locator("#confirm").count() == 1
    page.fill("#confirm input[name=reason]", "lista de equipos incompleta")
    said = _submit(page, "#confirm-yes")
    assert "desemparejada" in said.lower() or "ronda 1" in said.lower()
    assert service.state(_row()).paired_rounds == 0

    # pair again, publish, play rounds 1 and 2
    _submit(page, "#pair-next")
    _submit(page, "#publish-round")
    assert service.state(_row()).is_published(1) and len(service.event(_row()).matches) == TEAMS // 2
    _results(page, 1)
    _submit(page, "#pair-next")
    _submit(page, "#publish-round")
    _results(page, 2)
    assert service.state(_row()).round_complete(2)

    # correct a result of round 1: round 2 was paired on the old score, so the page warns and asks first
    st = service.state(_row())
    white = st.pairings[1][0][0]
    before = st.results[(1, white, 1)].value
    page.goto(f"{desk}?round=1")
    page.select_option(f"#match-{white} select[name=r_1]", "0" if before != "0" else "1")
    page.fill(f"#match-{white} input[name=reason]", "planilla firmada")
    with page.expect_navigation():
        page.click(f"#match-{white} button[type=submit]")
    assert page.locator("#confirm-warning").count() == 1
    assert "2" in page.locator("#paired-since").inner_text()
    assert page.locator("table.changes tbody tr").count() == 1
    assert service.state(_row()).corrections == 0  # nothing saved before the confirmation
    shot(page, "team-desk-correction-confirm-1366", "teams")
    _submit(page, "#confirm-yes")
    st = service.state(_row())
    assert st.corrections == 1 and st.results[(1, white, 1)].value != before

    # change a setting on the settings page
    page.goto(desk)
    with page.expect_navigation():
        page.click("#desk-settings-link")
    page.fill("#team-settings-form input[name=city]", "Oviedo")
    page.fill("#team-settings-form input[name=rounds]", "4")
    _submit(page, "#save-settings")
    ev = service.state(_row()).require()
    assert (ev.city, ev.rounds) == ("Oviedo", 4)
    shot(page, "team-desk-settings-1366", "teams")

    # the audit trail and the event log show every one of them, with who and the value before and after
    with page.expect_navigation():
        page.click("#desk-audit-link")
    kinds = page.locator("ol.history li.hist").evaluate_all("els => els.map(e => e.dataset.kind)")
    for kind in ("team_event_created", "team_registered", "team_round_paired", "team_round_unpaired",
                 "team_round_published", "team_board_result", "team_settings_changed"):  # fmt: skip
        assert kind in kinds, kind
    unpaired = page.locator("li.hist[data-kind=team_round_unpaired]")
    assert "lista de equipos incompleta" in unpaired.inner_text() and "Club" in unpaired.inner_text()
    corrected = page.locator("li.hist[data-kind=team_board_result]").filter(has_text="planilla firmada")
    assert corrected.count() == 1 and "arbitro" in corrected.inner_text()
    assert "Oviedo" in page.locator("li.hist[data-kind=team_settings_changed]").inner_text()
    shot(page, "team-desk-audit-1366", "teams")
    page.goto(desk)
    with page.expect_navigation():
        page.click("#desk-log-link")
    assert page.locator("li.hist").first.get_attribute("data-kind") == "team_settings_changed"  # newest first
    assert "ronda desemparejada" in page.content()
