"""The FIDE-mode contract at the desk (issue 33 item 2; VCL4THP v13 as transcribed).

Q189-Q193: a correction older than the round before the last paired round goes to the rating
report only, after a confirmation page that says so; the standings stay as they were and the TRF
carries the corrected result with a ``###`` line. Q57: the number of rounds is frozen once round 1
is paired (the settings form says why, in Spanish and English).
"""

from __future__ import annotations

import pytest
from desk_support import desk_post, desk_url
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from arbitro.model import ResultCode
from arbitro.standings import compute_standings
from arbitro.tournament import format_result
from arbitro.trf import parse_trf
from arbitro.web.tournaments import models, service, store

pytestmark = pytest.mark.django_db


@pytest.fixture
def chief():
    return get_user_model().objects.create_user("jefa", password="jefa-pw-123")


def _swiss(chief, played: int) -> models.Tournament:
    row = service.create({"name": "Control FIDE", "system": "dutch", "rounds": 5}, chief)
    service.register_many(row, "\n".join(f"Jugador{i}, A; {2000 - 10 * i}" for i in range(10)), chief)
    for rnd in range(1, played + 1):
        row.refresh_from_db()
        service.pair_next(row, chief, seed=rnd)
        row.refresh_from_db()
        boards = service.state(row).round(rnd).boards
        service.enter_results(row, rnd, {b: "1-0" for b in range(1, len(boards) + 1)}, chief)
    row.refresh_from_db()
    return row


def _client(user, lang: str = "es") -> Client:
    c = Client()
    c.force_login(user)
    c.cookies["django_language"] = lang
    return c


def _form(row, rnd: int, board: int, text: str) -> dict[str, str]:
    g = service.state(row).round(rnd).boards[board - 1]
    shown = format_result(g.white_code, g.black_code) if g.has_result else ""
    return {"op": "results", "round": str(rnd), f"r_{g.white}_{g.black}": text, f"s_{g.white}_{g.black}": shown}


def _standings(row) -> list[tuple[int, int, str]]:
    return [(r.start_rank, r.rank, str(r.points)) for r in compute_standings(store.load(row)).rows]


def test_vcl4thp_q189_q193_desk_correction_two_rounds_back_is_for_the_rating_report_only(chief) -> None:
    row = _swiss(chief, 3)
    before = _standings(row)
    form = _form(row, 1, 2, "0-1")
    page = desk_post(_client(chief, "en"), row, form)
    assert page.status_code == 200 and 'id="confirm"' in page.content.decode()
    assert ("rating_report", "1") in page.context["hidden"]
    assert "rating report" in page.context["warning"]
    # a confirmation without the page's rating-report choice: refused with the core's reason, nothing written
    refused = desk_post(_client(chief, "es"), row, {**form, "confirmed": "1"}, follow=True)
    assert "más antigua que la anterior a la última" in refused.content.decode()
    assert not row.events.filter(kind__in=("result_corrected", "rating_report_corrected")).exists()
    resp = desk_post(_client(chief), row.slug, {**form, "confirmed": "1", "rating_report": "1", "reason": "planilla"})
    assert resp.status_code == 302
    event = row.events.get(kind="rating_report_corrected")
    assert event.payload["reason"] == "planilla" and event.payload["board"] == 2
    row.refresh_from_db()
    assert _standings(row) == before  # issue 33 Done-when
    game = service.state(row).round(1).boards[1]
    assert game.white_code is ResultCode.WIN
    trf = parse_trf(store.export_trf(row)).tournament
    assert trf.players[game.white].results[0].code is ResultCode.LOSS
    assert any(c.startswith("Rating report @ Round 1 board 2") for c in trf.comments)
    # the event log page names it, before and after (issue 15 item 9)
    log = _client(chief, "en").get(reverse("tournaments:desk_log", args=[row.slug])).content.decode()
    assert "result corrected for the rating report only" in log and "planilla" in log


def test_vcl4thp_q190_desk_correction_of_the_round_before_the_last_changes_the_standings(chief) -> None:
    row = _swiss(chief, 3)
    form = _form(row, 2, 1, "0-1")
    page = desk_post(_client(chief), row.slug, form)
    assert "rating_report" not in dict(page.context["hidden"])
    desk_post(_client(chief), row.slug, {**form, "confirmed": "1", "reason": "planilla"})
    assert row.events.filter(kind="result_corrected").count() == 1


def test_vcl4thp_q57_settings_form_cannot_change_the_rounds_after_round_1_in_fide_mode(chief) -> None:
    row = _swiss(chief, 1)
    url = reverse("tournaments:desk_settings", args=[row.slug])
    page = _client(chief).get(url)
    assert 'id="rounds-fixed"' in page.content.decode() and "número de rondas también queda fijo" in page.content.decode()
    initial = page.context["form"].initial
    post = {k: v for k, v in initial.items() if v not in (None, False)}
    before = row.events.count()
    for lang, words in (("es", "el número de rondas (5) queda fijo"), ("en", "the number of rounds (5) is fixed")):
        resp = _client(chief, lang).post(url, {**post, "rounds": 7}, follow=True)
        assert words in resp.content.decode()
    assert row.events.count() == before and service.state(row).total_rounds == 5


def test_vcl4thp_q103_public_standings_list_the_withdrawn_rr_player_last_without_rank(chief) -> None:
    row = service.create({"name": "Todos contra todos", "system": "rr"}, chief)
    service.register_many(row, "\n".join(f"Jugador{i}, A; {2000 - 10 * i}" for i in range(8)), chief)
    for rnd in range(1, 8):
        row.refresh_from_db()
        if rnd == 4:
            service.withdraw(row, 8, chief)  # 3 of 7 games completed
        service.pair_next(row, chief, seed=1)
        row.refresh_from_db()
        st = service.state(row)
        todo = {b: ("1-0" if g.white < g.black else "0-1") for b, g in enumerate(st.round(rnd).boards, start=1)
                if not g.has_result}  # fmt: skip
        if todo:
            service.enter_results(row, rnd, todo, chief)
    row.refresh_from_db()
    st = compute_standings(store.load(row))
    assert st.annulled == [8] and st.rows[-1].start_rank == 8
    for lang, words in (("es", "menos de la mitad de las partidas"), ("en", "under half of the games")):
        c = Client()
        c.cookies["django_language"] = lang
        html = c.get(reverse("tournaments:standings", args=[row.slug])).content.decode()
        assert 'id="annulled-note"' in html and words in html


def test_vcl4thp_q95_desk_sets_round_robin_numbers_by_hand_before_round_1(chief) -> None:
    row = service.create({"name": "Todos contra todos", "system": "rr"}, chief)
    service.register_many(row, "\n".join(f"Jugador{i}, A; {2000 - 10 * i}" for i in range(4)), chief)
    row.refresh_from_db()
    url = reverse("tournaments:desk_players", args=[row.slug])
    names = {p.start_rank: p.name for p in service.state(row).header.players.values()}
    page = _client(chief).get(url).content.decode()
    assert 'id="numbers-by-hand"' in page and "Números de emparejamiento a mano" in page
    resp = _client(chief, "es").post(desk_url(row, "players_numbers"), {"order": "1 2 3"}, follow=True)
    assert "indique una sola vez el número actual de cada uno de los 4 jugadores" in resp.content.decode()
    resp = _client(chief, "en").post(desk_url(row, "players_numbers"), {"order": "x"}, follow=True)
    assert "expected the current numbers in the new order" in resp.content.decode()
    _client(chief).post(desk_url(row, "players_numbers"), {"order": "4, 3, 2, 1"})
    row.refresh_from_db()
    st = service.state(row)
    assert [st.header.players[n].name for n in range(1, 5)] == [names[4], names[3], names[2], names[1]]
    assert row.events.filter(kind="pairing_numbers_assigned").latest("seq").payload["method"] == "manual"
    service.pair_next(row, chief)
    row.refresh_from_db()
    st = service.state(row)
    assert [st.header.players[n].name for n in range(1, 5)] == [names[4], names[3], names[2], names[1]]  # no lot
    assert 'id="numbers-by-hand"' not in _client(chief).get(url).content.decode()
