"""A team Swiss run through the desk in Debian's Chromium (issue 18, "Done when"):

10 teams of 5 players (4 boards and a reserve), 7 rounds of C.04.6, line-ups with a reserve
and an empty board, a forfeited board, a whole-match forfeit and a correction, to the final
team and board standings and the exported team TRF, which reads back equal to the log's event.

The results are a fixed pattern typed in the browser; what the pages must show is computed
by the core from the downloaded file, not from the pages.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from e2e_support import E2E, login, make_arbiter, shot

from arbitro.teams.standings import board_standings, team_standings
from arbitro.trf.teams import format_team_trf, parse_team_trf
from arbitro.web.teams import service
from arbitro.web.tournaments import models

pytestmark = E2E

TEAMS, BOARDS, ROUNDS = 10, 4, 7
PATTERN = ("1", "=", "0", "1", "=", "1", "0")  # the white team's player's result, by (round + table + board)


@pytest.fixture
def context(browser):
    ctx = browser.new_context(viewport={"width": 1366, "height": 900}, locale="es-AR", accept_downloads=True)
    ctx.set_default_timeout(20000)
    yield ctx
    ctx.close()


def _row() -> models.Tournament:
    return models.Tournament.objects.get(name="Liga Metropolitana por equipos")


def _submit(page, selector: str) -> None:
    with page.expect_navigation():
        page.click(selector)
    assert page.locator("ul.messages li.error").count() == 0, page.locator("ul.messages").inner_text()


def _create_and_register(page, base: str) -> None:
    page.goto(f"{base}/desk/")
    page.click("#new-team-competition")
    page.fill("input[name=name]", "Liga Metropolitana por equipos")
    page.fill("input[name=city]", "Rosario")
    page.select_option("select[name=system]", "team_swiss")
    page.fill("input[name=boards]", str(BOARDS))
    page.fill("input[name=rounds]", str(ROUNDS))
    _submit(page, "#team-create button[type=submit]")
    for t in range(1, TEAMS + 1):
        players = "\n".join(f"Jugador {t:02d}-{i}, Club; {2350 - 25 * t - 7 * i}" for i in range(1, BOARDS + 2))
        page.fill("#team-form input[name=name]", f"Club {t:02d}")
        page.fill("#team-form textarea[name=players]", players)
        _submit(page, "#team-form button[type=submit]")


def _play_round(page, rnd: int) -> None:
    _submit(page, "#pair-next")
    _submit(page, "#publish-round")  # a draft (issue 32): published before its results
    if rnd == 2:  # the line-ups of round 2 are due by a time the chief arbiter sets
        page.fill("#deadline-form input[name=deadline]", "2030-01-01T18:30")
        _submit(page, "#deadline-form button[type=submit]")
    st = service.state(_row())
    assert st.paired_rounds == rnd
    ev = st.require()
    for table, (white, black) in enumerate(st.pairings[rnd], start=1):
        form = f"#match-{white}"
        if rnd == 2 and table == 3:  # line-up: the reserve plays board 4 of the second team
            page.select_option(f"{form} select[name=l_{black}_4]", str(ev.teams[black].members[4].id))
        if rnd == 3 and table == 2:  # line-up: the first team leaves board 4 empty (lost by forfeit)
            page.select_option(f"{form} select[name=l_{white}_4]", "")
        if rnd == 4 and table == 2:  # a whole-match forfeit: the second team did not come
            page.select_option(f"{form} select[name=forfeit]", "+-")
            _submit(page, f"{form} button[type=submit]")
            continue
        for board in range(1, BOARDS + 1):
            if rnd == 3 and table == 2 and board == 4:
                continue  # the empty board has its forfeit already
            code = PATTERN[(rnd + table + board) % len(PATTERN)]
            if rnd == 2 and table == 1 and board == 4:
                code = "-"  # a forfeited board: the first team's player did not appear
            page.select_option(f"{form} select[name=r_{board}]", code)
        _submit(page, f"{form} button[type=submit]")
    if rnd == 1:
        shot(page, "team-desk-round1-1366", "teams")
    if rnd == 5:  # a correction of board 1 of the first match, with its reason
        white = st.pairings[5][0][0]
        page.select_option(f"#match-{white} select[name=r_1]", "=")
        page.fill(f"#match-{white} input[name=reason]", "planilla firmada: tablas")
        _submit(page, f"#match-{white} button[type=submit]")


def test_team_swiss_10_teams_7_rounds_through_the_desk_to_standings_and_trf(context, live_server, tmp_path: Path):
    make_arbiter()
    page = context.new_page()
    base = live_server.url
    login(page, base)
    _create_and_register(page, base)
    for rnd in range(1, ROUNDS + 1):
        _play_round(page, rnd)
    row = _row()
    assert row.status == models.Tournament.Status.FINISHED
    st = service.state(row)
    assert st.corrections == 1 and len(st.forfeits) == 1
    # the exported TRF, downloaded from the desk, reads back equal to the log's event
    with page.expect_download() as dl:
        page.click("#team-trf")
    target = tmp_path / "liga.trf"
    dl.value.save_as(target)
    text = target.read_text(encoding="utf-8")
    back = parse_team_trf(text, str(target))
    ev = service.event(row)
    # a TRF file has no table numbers: read back, matches are listed by round and white team (docs/decisions.md)
    ev = dataclasses.replace(ev, matches=sorted(ev.matches, key=lambda m: (m.round, m.white)))
    assert [f.name for f in dataclasses.fields(ev) if getattr(ev, f.name) != getattr(back, f.name)] == []
    assert format_team_trf(back) == text
    assert any(line.startswith("330 +-   4") for line in text.splitlines())  # the whole-match forfeit (record 330)
    assert any(line.startswith("300   2") for line in text.splitlines())  # round 2's reserve line-up
    # the final team standings on the page are the core's standings of the file read back
    _specs, rows = team_standings(back)
    page.goto(f"{base}/teams/{row.slug}/")
    names = page.locator("#team-standings tbody td.name").all_inner_texts()
    assert names == [r.name for r in rows]
    mp = page.locator("#team-standings tbody tr td:nth-child(3)").all_inner_texts()
    assert sum(float(x.replace("½", ".5")) for x in mp) == float(sum(r.match_points for r in rows))
    shot(page, "team-standings-1366", "teams")
    # the board standings: board 1's leader as the core ranks it from the file
    leader = board_standings(back)[1][0]
    page.goto(f"{base}/teams/{row.slug}/boards/")
    assert page.locator("#board-1 tbody tr").first.locator("td.name").inner_text() == leader.name
    shot(page, "team-boards-1366", "teams")
    page.goto(f"{base}/teams/{row.slug}/round/4/")
    assert "+ -" in page.locator("section.team-match").nth(1).inner_text()
    shot(page, "team-round4-1366", "teams")
    page.goto(f"{base}/teams/{row.slug}/round/2/")
    assert "0F-1F" in page.locator("#match-1").inner_text()
    assert "Plazo de alineaciones" in page.content()
    page.goto(f"{base}/teams/{row.slug}/team/{rows[0].team}/")
    shot(page, "team-page-1366", "teams")
    page.goto(f"{base}/teams/{row.slug}/norms/")
    assert "9 partidas" in page.content()  # not a team championship: B.01 1.4.1's 9 games
    shot(page, "team-norms-1366", "teams")
    # phones
    page.set_viewport_size({"width": 390, "height": 844})
    for path, name in (("", "team-standings"), ("round/3/", "team-round3"), ("boards/", "team-boards"),
                       (f"team/{rows[0].team}/", "team-page"), ("norms/", "team-norms")):  # fmt: skip
        page.goto(f"{base}/teams/{row.slug}/{path}")
        shot(page, f"{name}-390", "teams")
    page.goto(f"{base}/desk/teams/{row.slug}/?round=3")
    shot(page, "team-desk-round3-390", "teams")
    # the same pages in English
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(f"{base}/teams/{row.slug}/round/3/")
    with page.expect_navigation():
        page.click("form.lang button")
    assert "Board standings" in page.content()
    shot(page, "team-round3-en-1366", "teams")
    page.goto(f"{base}/desk/teams/{row.slug}/?round=3")
    shot(page, "team-desk-round3-en-1366", "teams")
