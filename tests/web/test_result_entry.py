"""The desk's POST of typed results goes through the core parser (issue 15 item 1), without a browser."""

from __future__ import annotations

import html

import pytest
from desk_support import desk_post, desk_url
from django.contrib.auth import get_user_model
from django.urls import reverse

from arbitro.web.tournaments import models, service

pytestmark = pytest.mark.django_db


@pytest.fixture
def setup(client):
    user = get_user_model().objects.create_user("arb", password="pw-arb-123")
    models.Role.objects.create(user=user, tournament=None, kind=models.Role.Kind.CHIEF_ARBITER)
    row = service.create({"name": "Sin script", "city": "Mar del Plata", "system": "rr"}, user)
    service.register_many(row, "\n".join(f"Jugador{i}, Demo; {2000 - i}" for i in range(1, 7)), user)
    row.refresh_from_db()
    service.pair_next(row, user)
    row.refresh_from_db()
    client.force_login(user)
    return client, row


def _form(row, typed: dict[int, str]) -> dict[str, str]:
    boards = service.state(row).round(1).boards
    data = {"op": "results", "round": "1"}
    for board, text in typed.items():
        g = boards[board - 1]
        data[f"r_{g.white}_{g.black}"] = text
    return data


@pytest.mark.parametrize(
    ("typed", "words"),
    [
        ("2-0", "tablero 2: '2-0' no es un resultado"),
        ("1F-0", "VCL.14"),
        ("1-1", "VCL.13"),
        ("H", "código de bye"),
    ],
)
def test_a_wrong_board_is_a_translated_error_naming_it_and_nothing_is_saved(setup, typed, words) -> None:
    client, row = setup
    resp = desk_post(client, row.slug, _form(row, {1: "1-0", 2: typed}), follow=True)
    page = html.unescape(resp.content.decode())
    assert words in page and "No se guardó nada." in page
    row.refresh_from_db()
    assert not any(g.has_result for g in service.state(row).round(1).boards)


def test_one_key_forms_are_saved_on_their_board_only(setup) -> None:
    client, row = setup
    desk_post(client, row.slug, _form(row, {1: "1", 2: "-", 3: "="}))
    row.refresh_from_db()
    codes = [(g.white_code.value, g.black_code.value) for g in service.state(row).round(1).boards]
    assert codes == [("1", "0"), ("-", "+"), ("=", "=")]


def test_back_from_the_login_the_action_url_leads_to_the_panel(setup) -> None:
    """An expired session: the login sends the arbiter to the action URL with GET; no 405, the panel."""
    client, row = setup
    resp = client.get(desk_url(row, "results"))
    assert resp.status_code == 302 and resp["Location"] == reverse("tournaments:desk_panel", args=[row.slug])
