"""Issue 38 item 3: a prize list is validated when it is written; no stored list makes a page answer 500."""

from __future__ import annotations

import json

import pytest
from desk_support import desk_url  # tests/web is on sys.path (conftest): the desk operations' URLs
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from arbitro.web.tournaments import models, service

pytestmark = pytest.mark.django_db

GOOD = {"sharing": "equal", "currency": "ARS", "groups": [{"name": "General", "prizes": [{"cash": 1000, "trophy": "Copa"}, 500]}]}
HOSTILE = [
    {**GOOD, "unit": "1e-25"},
    {**GOOD, "unit": "1e-1000"},
    {**GOOD, "unit": 1e-25},
    {**GOOD, "unit": "1e9999"},
    {**GOOD, "unit": "NaN"},
    {**GOOD, "groups": [{"name": "G", "prizes": ["1e-30", "0.001"]}]},
    {**GOOD, "groups": [{"name": "G", "prizes": [1e300]}]},
    {**GOOD, "clubs": {"٩": "Club"}},
]


@pytest.fixture
def chief() -> object:
    user = get_user_model().objects.create_user("jefe", password="pw-jefe-123")
    models.Role.objects.create(user=user, tournament=None, kind=models.Role.Kind.CHIEF_ARBITER)
    return user


@pytest.fixture
def played(chief: object) -> models.Tournament:
    row = service.create({"name": "Premios raros", "system": "swiss", "rounds": 3}, chief)
    service.register_many(row, "\n".join(f"Jugador{i}, A; {2000 - 20 * i}; ; ARG" for i in range(6)), chief)
    service.pair_next(row, chief)
    row.refresh_from_db()
    service.enter_results(row, 1, {b: "1-0" for b in range(1, 4)}, chief)
    row.refresh_from_db()
    return row


@pytest.mark.parametrize("doc", HOSTILE)
def test_the_desk_refuses_a_prize_list_past_the_limits(client: Client, chief: object, played: models.Tournament,
                                                       doc: dict[str, object]) -> None:  # fmt: skip
    client.force_login(chief)
    url = desk_url(played, "prizes")
    resp = client.post(url, {"prize_list": json.dumps(doc)}, follow=True)
    assert resp.status_code == 200
    assert "prize list" in resp.content.decode() or "premios" in resp.content.decode().lower()
    assert not models.PrizeList.objects.filter(tournament=played).exists()


def test_a_deeply_nested_prize_list_is_refused_with_a_message(client: Client, chief: object, played: models.Tournament) -> None:
    client.force_login(chief)
    url = desk_url(played, "prizes")
    resp = client.post(url, {"prize_list": "[" * 50_000 + "]" * 50_000}, follow=True)
    assert resp.status_code == 200
    assert not models.PrizeList.objects.filter(tournament=played).exists()


@pytest.mark.parametrize("doc", HOSTILE)
def test_a_list_stored_before_the_limits_breaks_no_page(client: Client, chief: object, played: models.Tournament,
                                                        doc: dict[str, object]) -> None:  # fmt: skip
    models.PrizeList.objects.create(tournament=played, document=doc)  # written before this check existed
    played.version += 1
    played.save(update_fields=["version"])
    for name in ("standings", "crosstable", "info", "players"):
        assert client.get(reverse(f"tournaments:{name}", args=[played.slug])).status_code == 200, name
    assert client.get(f"/api/v1/tournaments/{played.slug}/standings").status_code == 200
    client.force_login(chief)
    desk = client.get(reverse("tournaments:desk_panel", args=[played.slug]))
    assert desk.status_code == 200  # the desk opens: the arbiter can replace the list
    url = desk_url(played, "prizes")
    client.post(url, {"prize_list": json.dumps(GOOD)})
    assert models.PrizeList.objects.get(tournament=played).document == GOOD
