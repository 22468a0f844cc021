"""Round control, corrections and the readable history at the desk (issue 15 items 2, 3, 9): the fast tests.

The browser tests are in ``test_e2e_round_control.py``; these go through Django's test client.
"""

from __future__ import annotations

import pytest
from desk_support import desk_url
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import translation

from arbitro.web.ops.audit import trail
from arbitro.web.tournaments import models, service, store

pytestmark = pytest.mark.django_db


@pytest.fixture
def people():
    User = get_user_model()
    chief = User.objects.create_user("jefa", password="jefa-pw-123")
    deputy = User.objects.create_user("adjunto", password="adjunto-pw-123")
    return chief, deputy


def _swiss(chief, deputy, rounds: int = 3) -> models.Tournament:
    row = service.create({"name": "Control", "system": "dutch", "rounds": rounds}, chief)
    models.Role.objects.create(user=deputy, tournament=row, kind=models.Role.Kind.ARBITER)
    service.register_many(row, "\n".join(f"Jugador{i}, A; {2000 - 10 * i}" for i in range(6)), chief)
    row.refresh_from_db()
    return row


def _complete(row, user, rnd: int, result: str = "1-0") -> None:
    row.refresh_from_db()
    boards = service.state(row).round(rnd).boards
    service.enter_results(row, rnd, {b: result for b in range(1, len(boards) + 1)}, user)
    row.refresh_from_db()


def _client(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


def _action(row) -> str:
    """The results form's operation (the other operations are posted to their own URLs)."""
    return desk_url(row, "results")


def _form(row, rnd: int, board: int, text: str) -> dict[str, str]:
    """A results form as the page posts it: what was typed, and what the page showed (``s_``)."""
    from arbitro.tournament import format_result

    g = service.state(row).round(rnd).boards[board - 1]
    shown = format_result(g.white_code, g.black_code) if g.has_result else ""
    return {"op": "results", "round": str(rnd), f"r_{g.white}_{g.black}": text, f"s_{g.white}_{g.black}": shown}


def test_desk_pair_makes_a_draft_the_public_does_not_see(people) -> None:
    chief, deputy = people
    row = _swiss(chief, deputy)
    c = _client(chief)
    c.post(desk_url(row, "pair"), {})
    row.refresh_from_db()
    st = service.state(row)
    assert st.paired_rounds == 1 and not st.round(1).published
    names = [st.player(g.white).name for g in st.round(1).boards]
    public = Client().get(reverse("tournaments:pairings_current", args=[row.slug])).content.decode()
    assert not any(n in public for n in names)  # the draft is not on the public page
    assert Client().get(f"/api/v1/tournaments/{row.slug}/rounds/1").status_code == 404
    desk = c.get(reverse("tournaments:desk_panel", args=[row.slug])).content.decode()
    assert 'id="draft"' in desk and all(n in desk for n in names) and 'id="publish-round"' in desk
    assert 'id="results-form"' not in desk
    refused = c.post(_action(row), _form(row, 1, 1, "1-0"), follow=True).content.decode()
    assert "borrador" in refused or "draft" in refused
    c.post(desk_url(row, "publish"), {})
    public = Client().get(reverse("tournaments:pairings_current", args=[row.slug])).content.decode()
    assert all(n in public for n in names)


def test_publish_button_answers_in_the_readers_language_when_nothing_is_a_draft(people) -> None:
    chief, deputy = people
    row = _swiss(chief, deputy)
    service.pair_next(row, chief)
    with translation.override("es"):
        html = _client(chief).post(desk_url(row, "publish"), {}, follow=True, HTTP_ACCEPT_LANGUAGE="es")
    assert "la ronda 1 ya está publicada" in html.content.decode()


def test_correcting_a_closed_round_asks_first_and_lists_the_rounds_paired_since(people) -> None:
    chief, deputy = people
    row = _swiss(chief, deputy)
    service.pair_next(row, chief, seed=1)
    _complete(row, chief, 1)
    service.pair_next(row, chief, seed=2)
    row.refresh_from_db()
    c = _client(chief)
    form = _form(row, 1, 2, "0-1")
    page = c.post(_action(row), form)
    assert page.status_code == 200 and 'id="confirm"' in page.content.decode()
    assert page.context["paired_since"] == [2]
    assert [(x.board, x.before, x.after) for x in page.context["changes"]] == [(2, "1-0", "0-1")]
    assert not row.events.filter(kind="result_corrected").exists()
    resp = c.post(_action(row), {**form, "confirmed": "1", "reason": "planilla"})
    assert resp.status_code == 302 and resp["Location"].endswith("?round=1")
    event = row.events.get(kind="result_corrected")
    assert event.author == chief and event.payload["reason"] == "planilla" and event.payload["board"] == 2


def test_c0402_4_3_an_arbiter_may_not_correct_a_closed_round(people) -> None:
    chief, deputy = people
    row = _swiss(chief, deputy)
    service.pair_next(row, chief, seed=1)
    _complete(row, chief, 1)
    service.pair_next(row, chief, seed=2)
    row.refresh_from_db()
    resp = _client(deputy).post(_action(row), {**_form(row, 1, 1, "0-1"), "confirmed": "1"}, follow=True)
    assert "árbitro principal" in resp.content.decode() or "chief arbiter" in resp.content.decode()
    assert not row.events.filter(kind="result_corrected").exists()


def test_a_correction_of_the_current_round_needs_no_confirmation_page(people) -> None:
    chief, deputy = people
    row = _swiss(chief, deputy)
    service.pair_next(row, chief, seed=1)
    _complete(row, chief, 1)
    assert _client(chief).post(_action(row), _form(row, 1, 1, "½-½")).status_code == 302
    assert row.events.filter(kind="result_corrected").count() == 1


def test_unpair_is_confirmed_first_and_refused_once_a_result_is_in(people) -> None:
    chief, deputy = people
    row = _swiss(chief, deputy)
    service.pair_next(row, chief, seed=1)
    c = _client(chief)
    assert _client(deputy).post(desk_url(row, "unpair"), {"confirmed": "1"}).status_code == 403
    first = c.post(desk_url(row, "unpair"), {})
    assert first.status_code == 200 and 'id="confirm"' in first.content.decode()
    assert service.state(row).paired_rounds == 1
    c.post(desk_url(row, "unpair"), {"confirmed": "1", "reason": "lista de byes"})
    row.refresh_from_db()
    assert service.state(row).paired_rounds == 0
    assert row.events.last().kind == "round_unpaired" and row.events.last().author == chief
    service.pair_next(row, chief, seed=1)
    service.enter_results(row, 1, {1: "1-0"}, chief)
    row.refresh_from_db()
    page = c.post(desk_url(row, "unpair"), {}, follow=True).content.decode()
    assert "ya tiene resultados" in page or "already has results" in page
    assert service.state(row).paired_rounds == 1


def test_finish_needs_every_result_and_a_confirmation_then_only_the_chief_reopens(people) -> None:
    chief, deputy = people
    row = _swiss(chief, deputy, rounds=1)
    service.pair_next(row, chief, seed=1)
    service.enter_results(row, 1, {1: "1-0"}, chief)
    c = _client(chief)
    refused = c.post(desk_url(row, "finish"), {"confirmed": "1"}, follow=True).content.decode()
    assert "2, 3" in refused and not row.events.filter(kind="tournament_finished").exists()
    _complete(row, chief, 1)
    assert 'id="confirm"' in c.post(desk_url(row, "finish"), {}).content.decode()
    assert not row.events.filter(kind="tournament_finished").exists()
    c.post(desk_url(row, "finish"), {"confirmed": "1"})
    row.refresh_from_db()
    assert row.status == models.Tournament.Status.FINISHED
    pair = c.post(desk_url(row, "pair"), {}, follow=True).content.decode()
    assert "reabr" in pair or "re-open" in pair  # a pairing never reverses a finish
    assert _client(deputy).post(desk_url(row, "reopen"), {"confirmed": "1"}).status_code == 403
    c.post(desk_url(row, "reopen"), {"confirmed": "1", "reason": "error de planilla"})
    row.refresh_from_db()
    event = row.events.last()
    assert event.kind == "tournament_reopened" and event.author == chief and event.payload["reason"] == "error de planilla"


def test_the_history_names_players_boards_and_results_in_words(people) -> None:
    chief, deputy = people
    row = _swiss(chief, deputy)
    service.pair_next(row, chief, seed=1)
    _complete(row, chief, 1)
    service.enter_results(row, 1, {1: "½-½"}, chief)
    row.refresh_from_db()
    with translation.override("es"):
        rows = trail(row)
    st = service.state(row)
    g = st.round(1).boards[0]
    corrected = next(r for r in rows if r.kind == "result_corrected")
    assert corrected.detail == f"{st.player(g.white).name} ({g.white}) – {st.player(g.black).name} ({g.black})"
    assert (corrected.before, corrected.after) == ("1-0", "½-½ (desk)")
    registered = next(r for r in rows if r.kind == "player_registered")
    assert registered.after == "Jugador0, A · Elo 2000" and "{" not in registered.after  # no raw JSON
    paired = next(r for r in rows if r.kind == "round_paired")
    assert paired.after_lines[0].startswith("1. ") and " – " in paired.after_lines[0]
    c = _client(chief)
    page = c.get(reverse("tournaments:desk_log", args=[row.slug]))
    assert page.status_code == 200 and page.context["page"].paginator.count == len(rows)
    assert page.context["page"][0].seq == rows[-1].seq  # newest first
    assert _client(deputy).get(reverse("tournaments:desk_log", args=[row.slug])).status_code == 200


def test_the_history_is_paged(people) -> None:
    chief, deputy = people
    row = _swiss(chief, deputy)
    service.register_many(row, "\n".join(f"Extra{i}, B" for i in range(60)), chief)
    c = _client(chief)
    first = c.get(reverse("tournaments:desk_audit", args=[row.slug]))
    assert len(first.context["page"]) == 50 and first.context["page"].has_next()
    second = c.get(reverse("tournaments:desk_audit", args=[row.slug]) + "?page=2")
    assert second.context["page"].number == 2 and 'rel="prev"' in second.content.decode()
    assert store.load(row).players  # the page replays nothing the desk does not need
