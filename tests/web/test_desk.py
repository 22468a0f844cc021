"""The arbiter's desk over the core tournament service (issue 9 §5, §6)."""

from __future__ import annotations

import pytest
from desk_support import desk_post, desk_url
from django.contrib.auth import get_user_model
from django.urls import reverse

from arbitro.errors import ArbitroError
from arbitro.web.tournaments import models, service, store

pytestmark = pytest.mark.django_db


def _dutch_available() -> bool:
    try:
        import arbitro.pairing.dutch  # noqa: F401
    except ImportError:
        return False
    return True


needs_dutch = pytest.mark.skipif(not _dutch_available(), reason="arbitro.pairing.dutch (issue 4) not installed yet")


def _create(logged, **extra):
    data = {"name": "Torneo de prueba", "city": "Mar del Plata", "system": "swiss", "rounds": 5, "published": "on", **extra}
    resp = logged.post(reverse("tournaments:desk_create"), data)
    assert resp.status_code == 302, resp.content.decode()[:2000]
    return models.Tournament.objects.get(name=data["name"])


def _register(logged, row, n, base=1500):
    for i in range(n):
        resp = logged.post(
            desk_url(row.slug, "register"),
            {"name": f"Jugador, {chr(65 + i)}", "rating": base + 10 * (n - i)},
        )
        assert resp.status_code == 302


def test_desk_needs_login(client):
    resp = client.get(reverse("tournaments:desk"))
    assert resp.status_code == 302 and "/login/" in resp["Location"]


def test_fma_cuarta_round_robin_from_the_rulebook_FMA_4_1_b(logged):
    """FMA 4.1 b: 7-10 players play a single round robin; FMA 6.1 gives the tie-breaks."""
    row = _create(logged, name="Cuarta de prueba", category="cuarta", entrants=8)
    _register(logged, row, 8)
    st = service.state(row)
    assert st is not None and st.system == "round_robin"
    assert store.load(row).tiebreaks[:2] == ["DE", "SB"]
    resp = logged.post(reverse("tournaments:desk_pair", args=[row.slug]), {})
    assert resp.status_code == 302
    logged.post(reverse("tournaments:desk_publish", args=[row.slug]), {})  # the draft reviewed
    row.refresh_from_db()
    st = service.state(row)
    assert st.paired_rounds == 1 and len(st.round(1).boards) == 4
    form = {"op": "results", "round": "1"}
    for g in st.round(1).boards:
        form[f"r_{g.white}_{g.black}"] = "1-0"
    desk_post(logged, row.slug, form)
    row.refresh_from_db()
    assert service.state(row).round(1).complete
    core = store.load(row)
    assert core.played_rounds == 1
    assert sum(p.score(core.scoring) for p in core.players.values()) == 4
    # the public round page shows the engine's boards and results
    html = logged.get(reverse("tournaments:pairings", args=[row.slug, 1])).content.decode()
    assert html.count("1-0") >= 4
    # events were logged with their author
    assert row.events.filter(kind="result_entered", author__username="arb").count() == 4


def test_correction_through_the_desk_is_logged(logged):
    row = _create(logged, name="Corrección", category="cuarta", entrants=8)
    _register(logged, row, 8)
    service.pair_next(row, None)
    st = service.state(row)
    g = st.round(1).boards[0]
    logged.post(desk_url(row.slug, "results"), {"round": "1", f"r_{g.white}_{g.black}": "1-0"})
    # the page sends what it showed (s_); without it the board counts as unseen (issue 21)
    logged.post(desk_url(row.slug, "results"), {"round": "1", f"r_{g.white}_{g.black}": "0-1", f"s_{g.white}_{g.black}": "1-0"})
    assert row.events.filter(kind="result_corrected").count() == 1


def test_bad_result_gives_a_message_and_changes_nothing(logged):
    row = _create(logged, name="Malo", category="cuarta", entrants=8)
    _register(logged, row, 8)
    service.pair_next(row, None)
    g = service.state(row).round(1).boards[0]
    before = row.events.count()
    resp = logged.post(
        desk_url(row.slug, "results"),
        {"round": "1", f"r_{g.white}_{g.black}": "2-0"},
        follow=True,
    )
    assert "result" in resp.content.decode()
    assert row.events.count() == before


def test_arbiter_role_cannot_pair(client, arbiter):
    row = service.create({"name": "Roles", "system": "rr"}, arbiter)
    other = get_user_model().objects.create_user("helper", password="pw-helper-123")
    models.Role.objects.create(user=other, tournament=row, kind=models.Role.Kind.ARBITER)
    client.force_login(other)
    assert client.get(reverse("tournaments:desk_panel", args=[row.slug])).status_code == 200
    assert client.post(reverse("tournaments:desk_pair", args=[row.slug]), {}).status_code == 403
    stranger = get_user_model().objects.create_user("stranger", password="pw-stranger-123")
    client.force_login(stranger)
    assert client.get(reverse("tournaments:desk_panel", args=[row.slug])).status_code == 403


def test_imported_finished_tournament_exports_and_refuses_a_sixth_round(logged, fixtures_dir, arbiter):
    text = (fixtures_dir / "trf" / "small-swiss7-byes-forfeits.trf").read_text(encoding="utf-8")
    row = store.import_trf(text)
    models.Role.objects.create(user=arbiter, tournament=row, kind=models.Role.Kind.CHIEF_ARBITER)
    with pytest.raises(ArbitroError):  # XXR 5: all rounds played (the core says so)
        service.pair_next(row, arbiter)
    resp = logged.get(reverse("tournaments:desk_export", args=[row.slug]))
    assert resp.status_code == 200
    lines = resp.content.decode().splitlines()
    assert next(line for line in lines if not line.startswith("###")).startswith("012")
    # round 5 gives players 1 and 7 a third colour in a row (C.04.1 art. 7): the log says so (VCL4THP Q55)
    assert lines[0].startswith("### Import @ Round 5:")


@needs_dutch
def test_imported_tournament_continues_at_the_desk(logged, fixtures_dir, arbiter):
    """A TRF import gets its event log (core events_from_tournament) and is paired on like any other."""
    text = (fixtures_dir / "trf" / "small-swiss7-byes-forfeits.trf").read_text(encoding="utf-8").replace("XXR 5", "XXR 7")
    row = store.import_trf(text)
    models.Role.objects.create(user=arbiter, tournament=row, kind=models.Role.Kind.CHIEF_ARBITER)
    panel = logged.get(reverse("tournaments:desk_panel", args=[row.slug])).content.decode()
    assert 'id="pair-next"' in panel
    resp = logged.post(reverse("tournaments:desk_pair", args=[row.slug]), {}, follow=True)
    assert resp.status_code == 200
    logged.post(reverse("tournaments:desk_publish", args=[row.slug]), {})  # the draft reviewed
    row.refresh_from_db()
    assert service.is_event_based(row)
    st = service.state(row)
    assert st is not None and st.paired_rounds == 6
    assert [e.kind for e in row.events.order_by("seq")][:1] == ["tournament_created"]
    boards = st.round(6).boards
    assert boards
    html = logged.get(reverse("tournaments:pairings", args=[row.slug, 6])).content.decode()
    names = {p.start_rank: p.name for p in store.load(row).players.values()}
    for game in boards:
        assert names[game.white] in html and names[game.black] in html
    # results at the desk, then the export carries round 6
    data = {"op": "results", "round": 6}
    data.update({f"r_{g.white}_{g.black}": "1-0" for g in boards})
    desk_post(logged, row.slug, data)
    row.refresh_from_db()
    st = service.state(row)
    assert st is not None and st.round(6).complete
    exported = store.parse(logged.get(reverse("tournaments:desk_export", args=[row.slug])).content.decode())
    assert exported.played_rounds == 6


def test_export_of_an_event_based_tournament_round_trips(logged):
    row = _create(logged, name="Export", category="cuarta", entrants=8)
    _register(logged, row, 8)
    text = logged.get(reverse("tournaments:desk_export", args=[row.slug])).content.decode()
    assert len(store.parse(text).players) == 8


@needs_dutch
def test_fma_half_point_byes_limit_FMA_4_2(client, arbiter):
    """FMA 4.2: at most 2 half-point byes per player."""
    row = service.create({"name": "Byes", "category": "tercera", "entrants": 12}, arbiter)
    for i in range(12):
        service.register(row, {"name": f"P, {i}", "rating": 1700 + i}, arbiter)
    service.request_bye(row, 1, 1, "H", arbiter)
    service.request_bye(row, 1, 2, "H", arbiter)
    with pytest.raises(ArbitroError):
        service.request_bye(row, 1, 3, "H", arbiter)


@needs_dutch
def test_manual_pairing_change_is_logged_as_MPA_C04_2_4_4(logged, arbiter):
    """A manual change of a published round needs a reason in FIDE mode (C.04.2 4.4) and is logged."""
    row = service.create({"name": "Manual", "system": "swiss", "rounds": 5}, arbiter)
    for i in range(6):
        service.register(row, {"name": f"M, {i}", "rating": 1800 - 10 * i}, arbiter)
    service.pair_next(row, arbiter)
    boards = [(g.white, g.black) for g in service.state(row).round(1).boards]
    swapped = [(boards[0][0], boards[1][1]), (boards[1][0], boards[0][1]), *boards[2:]]
    text = "\n".join(f"{w} {b}" for w, b in swapped)
    logged.post(desk_url(row.slug, "change_pairing"), {"boards": text, "reason": ""})
    assert not row.events.filter(kind="pairing_changed").exists()  # refused: no reason
    logged.post(desk_url(row.slug, "change_pairing"), {"boards": text, "reason": "players' request"})
    assert row.events.filter(kind="pairing_changed").count() == 1
    row.refresh_from_db()
    assert [(g.white, g.black) for g in service.state(row).round(1).boards] == swapped


def test_desk_search_finds_rating_list_and_registry(logged, arbiter):
    row = service.create({"name": "Search", "system": "rr"}, arbiter)
    models.RatingListEntry.objects.create(fide_id="123456", name="Buscado, Jugador", federation="ARG", standard=1900)
    html = logged.get(reverse("tournaments:desk_panel", args=[row.slug]), {"q": "buscado"}).content.decode()
    assert "Buscado, Jugador" in html and "123456" in html
    logged.post(
        desk_url(row.slug, "register"),
        {"name": "Buscado, Jugador", "fide_id": "123456", "rating": "1900"},
    )
    row.refresh_from_db()
    assert [p.fide_id for p in store.load(row).players.values()] == ["123456"]


def test_fma_season_page_names_the_winner_of_a_finished_double_round_robin_FMA_4_1_a(client, arbiter):
    """FMA 4.1 a: up to 6 players play a double round robin; the season page names the winner (core standings)."""
    from arbitro.standings import compute_standings

    season = models.Season.objects.create(year=2026, name="Temporada 2026")
    row = service.create({"name": "Cuarta doble", "category": "cuarta", "entrants": 4, "season": season}, arbiter)
    for i in range(4):
        service.register(row, {"name": f"D, {i}", "rating": 1500 + i}, arbiter)
    while True:
        row.refresh_from_db()
        st = service.state(row)
        if st.total_rounds is not None and st.paired_rounds >= st.total_rounds:
            break
        rnd = service.pair_next(row, arbiter)
        row.refresh_from_db()
        service.enter_results(row, rnd, {b: "1-0" for b in range(1, 3)}, arbiter)
    row.refresh_from_db()
    assert st.system == "double_round_robin" and st.total_rounds == 6
    assert row.status == models.Tournament.Status.FINISHED
    core = store.load(row)
    winner = core.players[compute_standings(core).rows[0].start_rank].name
    html = client.get(reverse("tournaments:federation")).content.decode()
    assert f"Ganador: {winner}" in html


def test_fma_4_3_default_time_on_the_desk_and_the_pairing_page_and_a_no_show_forfeit(logged):
    """FMA 4.3: one hour from the scheduled start; the desk records the forfeit only after it."""
    row = _create(logged, name="Cuarta 4.3", category="cuarta", entrants=8)
    _register(logged, row, 8)
    service.pair_next(row, None)
    desk = logged.get(reverse("tournaments:desk_panel", args=[row.slug])).content.decode()
    assert "FMA 4.3" in desk and 'id="no-show-form"' in desk
    page = logged.get(reverse("tournaments:pairings", args=[row.slug, 1])).content.decode()
    assert "FMA 4.3" in page
    before = row.events.count()
    early = {"op": "no_show", "round": "1", "board": "1", "absent": "white", "start": "15:00", "time": "15:45"}
    resp = desk_post(logged, row.slug, early, follow=True)
    assert "FMA 4.3" in resp.content.decode() and row.events.count() == before
    late = {**early, "time": "16:05"}
    desk_post(logged, row.slug, late)
    row.refresh_from_db()
    g = service.state(row).round(1).boards[0]
    from arbitro.model import ResultCode

    assert (g.white_code, g.black_code) == (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN)
    again = desk_post(logged, row.slug, {**late, "absent": "black"}, follow=True).content.decode()
    assert "ya tiene resultado" in again or "already has a result" in again


def test_fma_4_3_is_not_offered_outside_fma_tournaments(logged):
    row = _create(logged, name="Abierto", rounds=5)
    _register(logged, row, 6)
    service.pair_next(row, None)
    desk = logged.get(reverse("tournaments:desk_panel", args=[row.slug])).content.decode()
    assert "FMA 4.3" not in desk
    resp = logged.post(
        desk_url(row.slug, "no_show"),
        {"round": "1", "board": "1", "absent": "white", "start": "15:00", "time": "17:00"},
        follow=True,
    )
    assert "FMA 4.3" in resp.content.decode()
