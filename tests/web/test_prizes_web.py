"""Prizes at the desk and on the public standings (issue 20)."""

from __future__ import annotations

import json

import pytest
from desk_support import desk_url
from django.contrib.auth import get_user_model
from django.urls import reverse

from arbitro.web.tournaments import models, service

pytestmark = pytest.mark.django_db

LIST = {"sharing": "equal", "currency": "ARS", "groups": [{"name": "General", "prizes": [{"cash": 1000, "trophy": "Copa"}, 500]}]}


@pytest.fixture
def chief(client):
    user = get_user_model().objects.create_user("jefe", password="pw-jefe-123")
    models.Role.objects.create(user=user, tournament=None, kind=models.Role.Kind.CHIEF_ARBITER)
    client.force_login(user)
    return user


def _played(chief, **extra):
    row = service.create({"name": "Con premios", "system": "swiss", "rounds": 3, **extra}, chief)
    service.register_many(row, "\n".join(f"Jugador{i}, A; {2000 - 20 * i}; ; ARG" for i in range(6)), chief)
    service.pair_next(row, chief)
    row.refresh_from_db()
    n = len(service.state(row).round(1).boards)
    service.enter_results(row, 1, {b: "1-0" for b in range(1, n + 1)}, chief)
    row.refresh_from_db()
    return row


def test_desk_saves_a_prize_list_and_the_standings_show_it(client, chief):
    row = _played(chief)
    assert client.post(desk_url(row.slug, "prizes"), {"prize_list": json.dumps(LIST)}).status_code == 302
    assert models.PrizeList.objects.get(tournament=row).document == LIST
    desk = client.get(reverse("tournaments:desk_panel", args=[row.slug])).content.decode()
    assert 'id="desk-prizes"' in desk and "Copa" in desk
    client.logout()
    page = client.get(reverse("tournaments:standings", args=[row.slug])).content.decode()
    assert 'id="prizes"' in page and "Copa" in page and "ARS" in page  # three 1-0 winners share 1000 + 500
    assert "Premios" in page and "Compartido con" in page  # Spanish first (issue 9 §8)


def test_bad_prize_list_gives_a_message_and_saves_nothing(client, chief):
    row = _played(chief)
    resp = client.post(desk_url(row.slug, "prizes"), {"prize_list": '{"groups": [{"name": "G", "prizes": [-1]}]}'}, follow=True)
    assert "groups[0].prizes[0]" in resp.content.decode()
    assert not models.PrizeList.objects.filter(tournament=row).exists()
    resp = client.post(desk_url(row.slug, "prizes"), {"prize_list": "{not json"}, follow=True)
    assert "JSON" in resp.content.decode()


def test_fma_tournament_shows_the_rulebook_trophies_without_a_list(client, chief):
    row = _played(chief, category="cuarta", entrants=8)
    page = client.get(reverse("tournaments:standings", args=[row.slug])).content.decode()
    assert "FMA 8.4" in page and "FMA 8.6" in page


def test_arbiter_role_cannot_change_the_prize_list(client, chief):
    row = _played(chief)
    helper = get_user_model().objects.create_user("ayudante", password="pw-ayudante-123")
    models.Role.objects.create(user=helper, tournament=row, kind=models.Role.Kind.ARBITER)
    client.force_login(helper)
    assert client.post(desk_url(row.slug, "prizes"), {"prize_list": json.dumps(LIST)}).status_code == 403
