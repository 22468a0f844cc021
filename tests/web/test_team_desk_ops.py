"""The team desk's operations of the individual desk (issue 32) through the test client: pair as a
draft, publish, unpair (confirmed, with a reason), corrections confirmed when rounds were paired since,
the settings page, and the audit trail and event log of a team competition; who may do each."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from arbitro.web.teams import service
from arbitro.web.tournaments import models

pytestmark = pytest.mark.django_db


def _user(name: str, kind: str, row: models.Tournament | None = None) -> Client:
    user = get_user_model().objects.create_user(name, password=f"pw-{name}-1")
    models.Role.objects.create(user=user, tournament=row, kind=kind)
    c = Client()
    c.force_login(user)
    return c


@pytest.fixture
def chief() -> Client:
    return _user("chief", models.Role.Kind.CHIEF_ARBITER)


def _create(c: Client, teams: int = 6, boards: int = 2, rounds: int = 3) -> models.Tournament:
    r = c.post(
        "/desk/teams/new/",
        {"name": "Liga de mesa", "system": "team_swiss", "boards": boards, "rounds": rounds, "city": "León",
         "match_win": "2", "match_draw": "1", "match_loss": "0"},
    )  # fmt: skip
    assert r.status_code == 302
    row = models.Tournament.objects.get(name="Liga de mesa")
    for t in range(1, teams + 1):
        players = "\n".join(f"Player {t}.{i}; {2300 - 30 * t - i}" for i in range(1, boards + 2))
        assert c.post(_action(row, "register_team"), {"name": f"Club {t}", "players": players}).status_code == 302
    return row


def _action(row: models.Tournament, op: str) -> str:
    return reverse(f"teams:desk_{op}", args=[row.slug])


def _post(c: Client, row: models.Tournament, op: str, **data: str) -> str:
    return c.post(_action(row, op), data, follow=True).content.decode()


def _state(row: models.Tournament):  # type: ignore[no-untyped-def]
    return service.state(models.Tournament.objects.get(pk=row.pk))


def _play(c: Client, row: models.Tournament, rnd: int) -> None:
    for white, _black in _state(row).pairings[rnd]:
        _post(c, row, "save_match", round=str(rnd), match=str(white), r_1="1", r_2="=")
    assert _state(row).round_complete(rnd)


def test_pair_is_a_draft_that_the_public_does_not_see_until_it_is_published(chief: Client) -> None:
    row = _create(chief)
    row.published = True
    row.save(update_fields=["published"])
    page = _post(chief, row, "pair")
    assert "borrador" in page and 'id="publish-round"' in page and 'id="pair-next"' not in page
    st = _state(row)
    assert st.draft_round == 1
    assert service.event(models.Tournament.objects.get(pk=row.pk)).matches == []  # the pages', the API's, the TRF's
    assert Client().get(f"/api/v1/teams/{row.slug}/rounds/1").status_code == 404
    white = st.pairings[1][0][0]
    page = _post(chief, row, "save_match", round="1", match=str(white), r_1="1", r_2="=")
    assert "borrador: publíquela antes de cargar sus resultados" in page
    assert not _state(row).results
    page = _post(chief, row, "publish")
    assert "Ronda 1 publicada" in page
    assert Client().get(f"/api/v1/teams/{row.slug}/rounds/1").status_code == 200
    assert "ya está publicada" in _post(chief, row, "publish")


def test_unpair_asks_first_then_takes_the_round_back_with_its_reason(chief: Client) -> None:
    row = _create(chief)
    _post(chief, row, "pair")
    events = models.TournamentEvent.objects.filter(tournament=row).count()
    page = _post(chief, row, "unpair")
    assert 'id="confirm"' in page and f'action="/desk/teams/{row.slug}/unpair/"' in page
    assert models.TournamentEvent.objects.filter(tournament=row).count() == events  # nothing yet
    page = _post(chief, row, "unpair", confirmed="1", reason="equipo mal inscrito")
    assert "Ronda 1 desemparejada" in page
    assert _state(row).paired_rounds == 0
    last = models.TournamentEvent.objects.filter(tournament=row).order_by("-seq").first()
    assert last is not None and last.kind == "team_round_unpaired" and last.payload["reason"] == "equipo mal inscrito"
    _post(chief, row, "pair")
    _post(chief, row, "publish")
    _play(chief, row, 1)
    page = _post(chief, row, "unpair")
    assert "no se puede desemparejar: ya tiene resultados" in page
    assert 'id="unpair"' not in chief.get(f"/desk/teams/{row.slug}/").content.decode()


def test_a_correction_of_a_round_paired_over_asks_first_and_an_arbiter_may_not(chief: Client) -> None:
    row = _create(chief)
    for rnd in (1, 2):
        _post(chief, row, "pair")
        _post(chief, row, "publish")
        _play(chief, row, rnd)
    white = _state(row).pairings[1][0][0]
    fields = {"round": "1", "match": str(white), "r_1": "0", "r_2": "=", "reason": "acta"}
    page = chief.post(_action(row, "save_match"), fields).content.decode()
    assert 'id="paired-since"' in page and 'id="confirm-warning"' in page and "<td>1-0</td>" in page
    assert _state(row).corrections == 0
    arbiter = _user("arb", models.Role.Kind.ARBITER, row)
    page = arbiter.post(_action(row, "save_match"), fields, follow=True).content.decode()
    assert "solo el árbitro principal" in page and _state(row).corrections == 0
    page = chief.post(_action(row, "save_match"), {**fields, "confirmed": "1"}, follow=True).content.decode()
    assert "Encuentro guardado" in page
    st = _state(row)
    assert st.corrections == 1 and st.results[(1, white, 1)].value == "0"
    # the last round's correction needs no confirmation (nothing was paired on it yet)
    w2 = st.pairings[2][0][0]
    page = _post(chief, row, "save_match", round="2", match=str(w2), r_1="0", r_2="=", reason="acta")
    assert "Encuentro guardado" in page and _state(row).corrections == 2


def test_the_settings_page_changes_what_may_change_and_logs_it(chief: Client) -> None:
    row = _create(chief)
    url = f"/desk/teams/{row.slug}/settings/"
    save = _action(row, "change_settings")
    page = chief.get(url).content.decode()
    assert 'id="team-settings-form"' in page and 'value="León"' in page
    r = chief.post(save, {"name": "Liga de mesa", "city": "Oviedo", "rounds": "5", "tiebreaks": "EMMSB BH",
                         "chief_arbiter": "Ana Árbitra", "start_date": "2027-03-01"}, follow=True)  # fmt: skip
    assert "Configuración guardada." in r.content.decode()
    ev = _state(row).require()
    assert (ev.city, ev.rounds, ev.tiebreaks, ev.chief_arbiter, ev.start_date) == (
        "Oviedo", 5, ("EMMSB", "BH"), "Ana Árbitra", "2027/03/01"
    )
    last = models.TournamentEvent.objects.filter(tournament=row).order_by("-seq").first()
    assert last is not None and last.kind == "team_settings_changed"
    r = chief.post(save, {"name": "Liga de mesa", "rounds": "0"}, follow=True)
    assert "rondas" in r.content.decode() and _state(row).require().rounds == 5
    arbiter = _user("arb2", models.Role.Kind.ARBITER, row)
    assert arbiter.get(url).status_code == 200
    assert arbiter.post(save, {"name": "X"}).status_code == 403
    assert _state(row).require().name == "Liga de mesa"


def test_an_arbiter_may_not_pair_publish_or_unpair(chief: Client) -> None:
    row = _create(chief)
    arbiter = _user("arb3", models.Role.Kind.ARBITER, row)
    for op in ("pair", "publish", "unpair", "change_settings"):
        assert arbiter.post(_action(row, op), {}).status_code == 403, op
    assert _state(row).paired_rounds == 0


def test_the_audit_trail_and_the_event_log_describe_a_team_competition(chief: Client) -> None:
    row = _create(chief, teams=4)
    _post(chief, row, "pair")
    _post(chief, row, "unpair", confirmed="1", reason="prueba")
    _post(chief, row, "pair")
    _post(chief, row, "publish")
    _play(chief, row, 1)
    page = chief.get(f"/desk/t/{row.slug}/audit/").content.decode()
    for kind in ("team_event_created", "team_registered", "team_round_paired", "team_round_unpaired",
                 "team_round_published", "team_board_result"):  # fmt: skip
        assert f'data-kind="{kind}"' in page, kind
    assert "competición por equipos creada" in page and "ronda desemparejada" in page and "prueba" in page
    assert "borrador: aún no es público" in page
    log = chief.get(f"/desk/t/{row.slug}/log/").content.decode()
    assert log.index('data-kind="team_board_result"') < log.index('data-kind="team_event_created"')  # newest first
    panel = chief.get(f"/desk/teams/{row.slug}/").content.decode()
    assert f'href="/desk/t/{row.slug}/audit/"' in panel and f'href="/desk/t/{row.slug}/log/"' in panel
    arbiter = _user("arb4", models.Role.Kind.ARBITER, row)
    assert arbiter.get(f"/desk/t/{row.slug}/audit/").status_code == 403


def test_every_team_desk_operation_names_the_individual_desks_permission() -> None:
    from arbitro.web.teams import desk
    from arbitro.web.tournaments import permissions

    assert {op.permission or op.name for op in desk.OPERATIONS} <= permissions.CHIEF_ACTIONS
    assert all(reverse(f"teams:desk_{op.name}", args=["x"]) == f"/desk/teams/x/{op.path()}/" for op in desk.OPERATIONS)
