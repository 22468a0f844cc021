"""A player who logs in lands on their own tournaments and bye requests, not the desk (issue 15 item 8)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from arbitro.web.tournaments import models, service

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament():
    arb = get_user_model().objects.create_user("jefa", password="pw-jefa-123")
    models.Role.objects.create(user=arb, tournament=None, kind=models.Role.Kind.CHIEF_ARBITER)
    row = service.create({"name": "Abierto Jugadores", "system": "swiss", "rounds": 5}, arb)
    service.register_many(row, "Gómez, Ana; 2100; 1000001\nIbáñez, Sofía; 2000; 1000002\nQuiroga, Tomás; 1900", arb)
    row.refresh_from_db()
    row.arbiter = arb
    return row


def _login(client, name: str, password: str):
    return client.post(reverse("tournaments:login"), {"username": name, "password": password}, follow=True)


def test_a_player_lands_on_their_tournaments_and_bye_requests(client, tournament) -> None:
    user = get_user_model().objects.create_user("ana", password="pw-ana-1234")
    entry = tournament.entries.select_related("person").get(start_rank=1)
    entry.person.user = user
    entry.person.save()
    models.ByeRequest.objects.create(tournament=tournament, player=1, round=3, status=models.ByeRequest.Status.ACCEPTED)
    client.cookies["django_language"] = "es"
    resp = _login(client, "ana", "pw-ana-1234")
    assert resp.redirect_chain[-1][0] == reverse("tournaments:mine")
    page = resp.content.decode()
    assert "Mis torneos" in page and "Abierto Jugadores" in page
    assert "Ronda 3" in page and "Aceptado" in page
    assert reverse("tournaments:request_bye", args=[tournament.slug]) in page
    assert reverse("tournaments:player", args=[tournament.slug, 1]) in page


def test_an_arbiter_still_lands_at_the_desk(client, tournament) -> None:
    resp = _login(client, "jefa", "pw-jefa-123")
    assert resp.redirect_chain[-1][0] == reverse("tournaments:desk")


def test_an_account_without_a_player_is_told_so(client, tournament) -> None:
    get_user_model().objects.create_user("nadie", password="pw-nadie-12")
    client.cookies["django_language"] = "en"
    resp = _login(client, "nadie", "pw-nadie-12")
    assert resp.redirect_chain[-1][0] == reverse("tournaments:mine")
    assert "not linked to a player" in resp.content.decode()
