"""The team desk and the team pages through the test client (issue 18): the log is the truth,
line-ups follow the board-order rule (the core's), corrections need a reason, the exported
team TRF reads back equal to the replayed event."""

from __future__ import annotations

import dataclasses

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from arbitro.trf.teams import format_team_trf, parse_team_trf
from arbitro.web.teams import desk, service
from arbitro.web.tournaments import models
from arbitro.web.tournaments.desk.base import submit

pytestmark = pytest.mark.django_db


@pytest.fixture
def chief() -> Client:
    user = get_user_model().objects.create_user("chief", password="pw-chief-1")
    models.Role.objects.create(user=user, tournament=None, kind=models.Role.Kind.CHIEF_ARBITER)
    c = Client()
    c.force_login(user)
    return c


def _create(c: Client, teams: int = 4, boards: int = 2, rounds: int = 3) -> models.Tournament:
    r = c.post(
        "/desk/teams/new/",
        {"name": "Liga de clubes", "system": "team_swiss", "boards": boards, "rounds": rounds,
         "match_win": "2", "match_draw": "1", "match_loss": "0"},
    )  # fmt: skip
    assert r.status_code == 302, r.content[:2000]
    row = models.Tournament.objects.get(name="Liga de clubes")
    for t in range(1, teams + 1):
        players = "\n".join(f"Player {t}.{i}; {2300 - 30 * t - i}" for i in range(1, boards + 2))
        r = c.post(f"/desk/teams/{row.slug}/register-team/", {"name": f"Club {t}", "players": players})
        assert r.status_code == 302
    return row


def _match_post(c: Client, row: models.Tournament, rnd: int, white: int, **fields: str) -> str:
    r = c.post(f"/desk/teams/{row.slug}/save-match/", {"round": rnd, "match": white, **fields}, follow=True)
    return r.content.decode()


def test_team_desk_flow_log_is_the_truth_and_trf_reads_back_equal(chief: Client) -> None:
    row = _create(chief)
    assert models.TournamentEvent.objects.filter(tournament=row).count() == 5  # created + 4 teams
    chief.post(f"/desk/teams/{row.slug}/pair/", {})
    chief.post(f"/desk/teams/{row.slug}/publish/", {})  # a draft (issue 32): published before its results
    st = service.state(models.Tournament.objects.get(pk=row.pk))
    assert st.paired_rounds == 1 and len(st.pairings[1]) == 2
    (w1, b1), (w2, b2) = st.pairings[1]
    ev = st.require()
    # a reserve plays board 2 of the black team (the ranked order is kept: 1, 3)
    ids = [m.id for m in ev.teams[b1].members]
    page = _match_post(chief, models.Tournament.objects.get(pk=row.pk), 1, w1,
                       **{f"l_{b1}_1": str(ids[0]), f"l_{b1}_2": str(ids[2]), "r_1": "1", "r_2": "="})  # fmt: skip
    assert "Encuentro guardado" in page
    # a line-up out of the ranked order is refused with the core's reason, nothing saved
    row.refresh_from_db()
    before = row.version
    page = _match_post(chief, row, 1, w2, **{f"l_{w2}_1": str(ev.teams[w2].members[1].id),
                                              f"l_{w2}_2": str(ev.teams[w2].members[0].id)})  # fmt: skip
    assert "está por delante en la lista del equipo" in page and "ranked above" not in page
    row.refresh_from_db()
    assert row.version == before
    # a whole-match forfeit
    assert "Encuentro guardado" in _match_post(chief, row, 1, w2, forfeit="+-")
    # correcting a saved board needs a reason
    row.refresh_from_db()
    page = _match_post(chief, row, 1, w1, r_1="0")
    assert "necesita un motivo" in page
    page = _match_post(chief, row, 1, w1, r_1="0", reason="score sheet signed 0-1")
    assert "Encuentro guardado" in page
    row.refresh_from_db()
    ev = service.event(row)
    m = next(m for m in ev.matches if m.white == w1)
    assert [g.result.value for g in m.games] == ["0", "="]
    assert m.games[1].black_team_player == ids[2]
    # public pages
    anon = Client()
    for path in ("", "round/1/", "boards/", f"team/{w1}/", f"player/{ids[2]}/"):
        r = anon.get(f"/teams/{row.slug}/{path}")
        assert r.status_code == 200, path
    assert "+ -" in anon.get(f"/teams/{row.slug}/round/1/").content.decode()
    # documents: pairing sheet and standings are public, the match cards are the desk's
    for kind in ("pairings", "standings", "crosstable"):
        r = anon.get(f"/teams/{row.slug}/download/{kind}/")
        assert r.status_code == 200 and r.content.startswith(b"%PDF"), kind
    assert "/download/crosstable/" in anon.get(f"/teams/{row.slug}/").content.decode()
    r = chief.get(f"/desk/teams/{row.slug}/download/crosstable/")
    assert r.status_code == 200 and r["Content-Disposition"].endswith('-teams-crosstable.pdf"')
    assert "/download/crosstable/" in chief.get(f"/desk/teams/{row.slug}/").content.decode()
    assert anon.get(f"/teams/{row.slug}/download/cards/").status_code == 404
    r = chief.get(f"/desk/teams/{row.slug}/download/cards/?round=1")
    assert r.status_code == 200 and r.content.startswith(b"%PDF")
    assert "round1" in r["Content-Disposition"]
    assert anon.get(f"/t/{row.slug}/standings/").status_code == 302  # the individual pages send to the team ones
    # the exported TRF reads back equal
    text = chief.get(f"/desk/teams/{row.slug}/export.trf").content.decode()
    back = parse_team_trf(text, "export.trf")
    # a TRF file has no table numbers: read back, matches are listed by round and white team (docs/decisions.md)
    ev = dataclasses.replace(ev, matches=sorted(ev.matches, key=lambda m: (m.round, m.white)))
    assert [f.name for f in dataclasses.fields(ev) if getattr(ev, f.name) != getattr(back, f.name)] == []
    assert format_team_trf(back) == text


def test_team_desk_refuses_bad_input_with_a_message(chief: Client) -> None:
    r = chief.post("/desk/teams/new/", {"name": "X", "system": "team_swiss", "boards": 4, "rounds": 5,
                                        "match_win": "1", "match_draw": "1", "match_loss": "0"}, follow=True)  # fmt: skip
    assert "un encuentro ganado debe valer más" in r.content.decode()  # the core's code, in Spanish
    assert not models.Tournament.objects.filter(name="X").exists()
    row = _create(chief, teams=2)
    r = chief.post(f"/desk/teams/{row.slug}/register-team/", {"name": "Club 1", "players": "A"}, follow=True)
    assert "ya hay inscrito un equipo llamado" in r.content.decode()
    r = chief.post(f"/desk/teams/{row.slug}/register-team/", {"name": "Club 9", "players": "A; lots"}, follow=True)
    assert "elo: se esperaba un número entero" in r.content.decode()  # the desk speaks Spanish by default
    assert Client().get(f"/desk/teams/{row.slug}/").status_code == 302  # to the login


def test_staff_of_another_tournament_cannot_read_or_change_a_team_competition(chief: Client) -> None:
    row = _create(chief, teams=2)
    other = get_user_model().objects.create_user("other", password="pw-other-1")
    individual = models.Tournament.objects.create(slug="suelto", name="Suelto")
    models.Role.objects.create(user=other, tournament=individual, kind=models.Role.Kind.CHIEF_ARBITER)
    c = Client()
    c.force_login(other)
    before = models.TournamentEvent.objects.count()
    for path in ("", "pair/", "export.trf", "download/cards/"):
        assert c.get(f"/desk/teams/{row.slug}/{path}").status_code == 403, path
    for op in ("register-team", "pair", "save-match"):
        assert c.post(f"/desk/teams/{row.slug}/{op}/", {"name": "X", "players": "A"}).status_code == 403
    assert models.TournamentEvent.objects.count() == before
    assert c.get(f"/desk/t/{row.slug}/").status_code == 403  # the individual desk of it neither


def test_the_api_does_not_serve_a_team_competition_as_an_empty_tournament(chief: Client) -> None:
    row = _create(chief, teams=2)
    anon = Client()
    listed = anon.get("/api/v1/tournaments").content.decode()
    assert row.slug not in listed
    assert anon.get(f"/api/v1/tournaments/{row.slug}").status_code == 404


def test_lineup_deadline_from_the_desk_refuses_an_arbiters_late_lineup(chief: Client) -> None:
    row = _create(chief, teams=2)
    chief.post(f"/desk/teams/{row.slug}/pair/", {})
    chief.post(f"/desk/teams/{row.slug}/publish/", {})  # a draft (issue 32): published before its results
    r = chief.post(f"/desk/teams/{row.slug}/set-deadline/", {"round": "1", "deadline": "mañana"}, follow=True)
    assert "plazo de alineaciones: se esperaba" in r.content.decode()
    r = chief.post(f"/desk/teams/{row.slug}/set-deadline/", {"round": "1", "deadline": "2020-01-01T10:00"}, follow=True)
    assert "Plazo de alineaciones guardado" in r.content.decode()
    row.refresh_from_db()
    st = service.state(row)
    w, b = st.pairings[1][0]
    ids = st.require().teams[b].member_ids()
    arbiter = get_user_model().objects.create_user("arb", password="pw-arb-1")
    models.Role.objects.create(user=arbiter, tournament=row, kind=models.Role.Kind.ARBITER)
    c = Client()
    c.force_login(arbiter)
    page = _match_post(c, row, 1, w, **{f"l_{b}_1": str(ids[0]), f"l_{b}_2": str(ids[2])})
    assert "plazo de alineaciones" in page and "ha vencido" in page and "has passed" not in page
    page = _match_post(chief, row, 1, w, **{f"l_{b}_1": str(ids[0]), f"l_{b}_2": str(ids[2])})  # the chief accepts it
    assert "Encuentro guardado" in page
    assert "Plazo de alineaciones" in Client().get(f"/teams/{row.slug}/round/1/").content.decode()


def test_team_championship_norms_page_shows_the_7_game_norm_B01_1_4_1b(chief: Client) -> None:
    feds = ["ESP", "GER", "FRA", "ITA", "NED", "ENG", "HUN", "POL"]
    r = chief.post(
        "/desk/teams/new/",
        {"name": "Campeonato por equipos", "system": "team_round_robin", "boards": 4, "match_win": "2",
         "match_draw": "1", "match_loss": "0", "start_date": "2024-03-01", "end_date": "2024-03-07",
         "norm_event": "team_championship"},
    )  # fmt: skip
    assert r.status_code == 302
    row = models.Tournament.objects.get(name="Campeonato por equipos")
    for t, fed in enumerate(feds):
        lines = []
        for b in range(4):
            if t == 0 and b == 0:
                lines.append("Applicant, Ana; 2380; 2200001; ESP")
            else:
                title = ("GM" if t % 2 else "IM") if b == 0 else ""
                lines.append(f"P{t}{b}; {2480 - 10 * b}; {3000000 + 10 * t + b}; {fed}; {title}")
        chief.post(f"/desk/teams/{row.slug}/register-team/", {"name": f"{fed} team", "players": "\n".join(lines)})
    for rnd in range(1, 8):
        row.refresh_from_db()
        submit(desk.Pair, row, {}, None)
        row.refresh_from_db()
        submit(desk.Publish, row, {}, None)  # a draft (issue 32): published before its results
        row.refresh_from_db()
        for w, b in service.state(row).pairings[rnd]:
            results = {}
            for board in range(1, 5):
                res = "="
                if board == 1 and 1 in (w, b) and rnd > 2:
                    res = "1" if w == 1 else "0"
                results[f"r_{board}"] = res
            row.refresh_from_db()
            submit(desk.SaveMatch, row, {"round": str(rnd), "match": str(w), **results}, None)
    page = Client().get(f"/teams/{row.slug}/norms/").content.decode()
    achieved = page.split("<h2>", 2)[1]  # the "achieved" section
    assert "Applicant, Ana" in achieved and "IM ✔" in achieved
    assert "B.01 1.4.1b" in page


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_lineup_refusal_of_the_team_core_speaks_the_readers_language_C04_6(chief: Client, lang: str) -> None:
    """Issue 15 item 7: the team core's refusals carry a code; the desk says them in the reader's language
    (a line-up out of the ranked board order, and a board result without a result)."""
    row = _create(chief, teams=2)
    chief.post(f"/desk/teams/{row.slug}/pair/", {})
    chief.post(f"/desk/teams/{row.slug}/publish/", {})  # a draft (issue 32): published before its results
    st = service.state(row)
    w, b = st.pairings[1][0]
    ids = st.require().teams[b].member_ids()
    chief.cookies["django_language"] = lang
    page = _match_post(chief, row, 1, w, **{f"l_{b}_1": str(ids[1]), f"l_{b}_2": str(ids[0])})  # 2nd above 1st
    spanish = "está por delante en la lista del equipo del jugador del tablero anterior"
    english = "is ranked above the player on the board before"
    if lang == "es":
        assert spanish in page and english not in page
    else:
        assert english in page and spanish not in page
    assert service.state(row).lineup(1, b) != (ids[1], ids[0])  # refused: nothing was written
