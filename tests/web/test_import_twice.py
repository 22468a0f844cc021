"""Importing a TRF that is already here asks before making a copy (issue 15 item 6)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from arbitro.web.tournaments import models, service, store

pytestmark = pytest.mark.django_db


@pytest.fixture
def logged(client):
    user = get_user_model().objects.create_user("jefe", password="pw-jefe-123")
    models.Role.objects.create(user=user, tournament=None, kind=models.Role.Kind.CHIEF_ARBITER)
    client.force_login(user)
    client.cookies["django_language"] = "es"
    return client


@pytest.fixture
def trf():
    row = service.create({"name": "Abierto Duplicado", "system": "swiss", "rounds": 3}, None)
    service.register_many(row, "Gómez, Ana; 2100\nIbáñez, Sofía; 2000\nQuiroga, Tomás; 1900\nZárate, Lucía; 1800", None)
    row.refresh_from_db()
    service.pair_next(row, None, seed=1)
    row.refresh_from_db()
    service.enter_results(row, 1, {1: "1-0", 2: "½-½"}, None)
    row.refresh_from_db()
    return store.export_trf(row).encode()


def _upload(client, data: bytes):
    return client.post(reverse("tournaments:desk_import"), {"file": SimpleUploadedFile("abierto.trf", data)})


def test_a_new_file_is_imported_at_once(logged) -> None:
    data = b"012 Otro Torneo\n001    1      Uno, Jugador                      2000\n001    2      Dos, Jugador                      1900\n"
    resp = _upload(logged, data)
    assert resp.status_code == 302
    assert models.Tournament.objects.filter(name="Otro Torneo").count() == 1


def test_the_same_file_again_asks_and_makes_a_copy_only_when_confirmed(logged, trf) -> None:
    before = models.Tournament.objects.filter(name="Abierto Duplicado").count()
    resp = _upload(logged, trf)
    page = resp.content.decode()
    assert resp.status_code == 200
    assert "Este torneo ya está aquí" in page and 'name="copy"' in page
    assert models.Tournament.objects.filter(name="Abierto Duplicado").count() == before  # nothing made yet
    token = resp.context["token"]
    resp = logged.post(reverse("tournaments:desk_import"), {"copy": token})
    assert resp.status_code == 302
    assert models.Tournament.objects.filter(name="Abierto Duplicado").count() == before + 1
    # the confirmation is used once: posting it again makes nothing
    resp = logged.post(reverse("tournaments:desk_import"), {"copy": token})
    assert models.Tournament.objects.filter(name="Abierto Duplicado").count() == before + 1


def test_a_forged_token_imports_nothing(logged, trf) -> None:
    _upload(logged, trf)
    before = models.Tournament.objects.count()
    logged.post(reverse("tournaments:desk_import"), {"copy": "../../etc/passwd"})
    assert models.Tournament.objects.count() == before
