"""Styled, translated 403/404/405/500 pages (issue 15 item 7): the site's layout, the reader's language."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import RequestFactory
from django.urls import reverse
from django.utils import translation

from arbitro.web.tournaments import service, views_errors

pytestmark = pytest.mark.django_db

EXPECTED = {
    403: {"es": "No permitido", "en": "Not allowed"},
    404: {"es": "Página no encontrada", "en": "Page not found"},
    405: {"es": "Esta página no puede usarse así", "en": "This page cannot be used that way"},
}


@pytest.fixture
def tournament():
    return service.create({"name": "Abierto Errores", "system": "swiss", "rounds": 5}, None)


def _check(resp, status: int, lang: str) -> None:
    page = resp.content.decode()
    assert resp.status_code == status
    assert EXPECTED[status][lang] in page
    assert f'<html lang="{lang}">' in page and "arbitro/style.css" in page  # the site's layout
    other = "en" if lang == "es" else "es"
    assert EXPECTED[status][other] not in page


@pytest.mark.parametrize("lang", ["es", "en"])
def test_404_is_styled_and_translated(client, lang) -> None:
    client.cookies["django_language"] = lang
    _check(client.get("/t/no-such-tournament/"), 404, lang)
    _check(client.get("/no/such/page/"), 404, lang)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_403_is_styled_and_translated(client, tournament, lang) -> None:
    """A logged-in user without a role on the tournament opens its desk."""
    user = get_user_model().objects.create_user("visitor", password="pw-visitor-1")
    client.force_login(user)
    client.cookies["django_language"] = lang
    _check(client.get(reverse("tournaments:desk_panel", args=[tournament.slug])), 403, lang)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_405_is_styled_translated_and_keeps_allow(client, lang) -> None:
    """GET on the logout URL (POST only): the styled page, with Django's ``Allow`` header."""
    client.cookies["django_language"] = lang
    resp = client.get(reverse("tournaments:logout"))
    _check(resp, 405, lang)
    assert "POST" in resp["Allow"]


def test_json_405_of_the_api_is_left_alone(client) -> None:
    resp = client.post("/api/v1/tournaments/")
    assert resp.status_code in (403, 405)
    if resp.status_code == 405:
        assert "html" not in resp.get("Content-Type", "")


@pytest.mark.parametrize(("lang", "title"), [("es", "Algo salió mal"), ("en", "Something went wrong")])
def test_500_is_standalone_styled_and_translated(lang, title) -> None:
    request = RequestFactory().get("/")
    with translation.override(lang):
        resp = views_errors.server_error(request)
    page = resp.content.decode()
    assert resp.status_code == 500 and title in page and "arbitro/style.css" in page
    assert f'<html lang="{lang}">' in page
