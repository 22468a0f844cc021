"""VCL4THP Q54-Q55 at the desk: a TRF whose rounds break the pairing rules (C.04.1 absolute criteria)
is shown with what breaks them and imported only when confirmed (Level 3); the log and the export
then carry ``### Import @ Round n``. A file that follows the rules is imported at once, as before."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from tests.tournament.test_import_rule_check import FINE, REMATCH

from arbitro.web.tournaments import models, service, store

pytestmark = pytest.mark.django_db


@pytest.fixture
def logged(client):
    user = get_user_model().objects.create_user("jefe", password="pw-jefe-123")
    models.Role.objects.create(user=user, tournament=None, kind=models.Role.Kind.CHIEF_ARBITER)
    client.force_login(user)
    return client


def _upload(client, data: bytes, language: str):
    client.cookies["django_language"] = language
    return client.post(reverse("tournaments:desk_import"), {"file": SimpleUploadedFile("rematch.trf", data)})


@pytest.mark.parametrize(
    ("language", "heading", "button"),
    [
        ("es", "incumplen las reglas de emparejamiento", "Importarlo con estas rondas tal como están"),
        ("en", "break the pairing rules", "Import it with these rounds as they are"),
    ],
)
def test_q54_q55_desk_lists_the_broken_rounds_and_imports_only_when_confirmed(
    logged, language: str, heading: str, button: str
) -> None:
    resp = _upload(logged, REMATCH.encode(), language)
    page = resp.content.decode()
    assert resp.status_code == 200
    assert heading in page and button in page and 'id="import-broken-rounds"' in page
    assert "player 1: meets 3 again in round 2 (C.04.1 art. 2)" in page
    assert not models.Tournament.objects.filter(name="Rematch Open").exists()  # nothing before the confirmation
    resp = logged.post(reverse("tournaments:desk_import"), {"copy": resp.context["token"]})
    assert resp.status_code == 302
    row = models.Tournament.objects.get(name="Rematch Open")
    notes = [e.payload.get("note", "") for e in row.events.filter(kind="round_paired").order_by("seq")]
    assert notes[0] == "" and notes[1].startswith("Import @ Round 2: imported as it was by import")
    assert "### Import @ Round 2:" in store.export_trf(row)


def test_q54_desk_cancel_imports_nothing(logged) -> None:
    resp = _upload(logged, REMATCH.encode(), "en")
    assert resp.status_code == 200
    before = models.Tournament.objects.count()
    logged.get(reverse("tournaments:desk"))  # the Cancel link: nothing posted
    assert models.Tournament.objects.count() == before


def test_q55_an_adopted_import_records_import_at_round_n(logged) -> None:
    """A row imported without the desk (a fixture, the demo) gets the ``###`` line when it becomes a log."""
    row = store.import_trf(REMATCH)
    service.adopt(row)
    assert "### Import @ Round 2:" in store.export_trf(row)


def test_q54_a_file_that_follows_the_rules_is_imported_at_once(logged) -> None:
    resp = _upload(logged, FINE.encode(), "en")
    assert resp.status_code == 302
    row = models.Tournament.objects.get(name="Rematch Open")
    assert "### Import" not in store.export_trf(row)


@pytest.mark.parametrize(("language", "banner"), [("es", "Fuera del modo FIDE"), ("en", "Not in FIDE mode")])
def test_q46_desk_panel_shows_a_permanent_banner_out_of_fide_mode(logged, language: str, banner: str) -> None:
    left = "### FIDE mode left on 2026-11-01T10:00:00+00:00 by IA Test: club rules\n" + FINE
    assert _upload(logged, left.encode(), language).status_code == 302
    row = models.Tournament.objects.get(name="Rematch Open")
    page = logged.get(reverse("tournaments:desk_panel", args=[row.slug])).content.decode()
    assert 'id="not-fide-mode"' in page and banner in page
    legal = FINE.replace("Rematch Open", "Legal Open")  # a FIDE-mode event: no banner
    assert _upload(logged, legal.encode(), language).status_code == 302
    other = models.Tournament.objects.get(name="Legal Open")
    assert 'id="not-fide-mode"' not in logged.get(reverse("tournaments:desk_panel", args=[other.slug])).content.decode()


#: a scoring FIDE mode refuses (two draws worth more than a win and a loss): importing it leaves FIDE mode
NON_FIDE = FINE.replace("Rematch Open", "Club Blitz").replace("142 3\n", "142 3\n162 W 1.0 D 0.75 L 0.0\n")


@pytest.mark.parametrize(
    ("language", "first", "second"),
    [
        ("es", "Advertencia 1 de 2", "Confirmación 2 de 2"),
        ("en", "Warning 1 of 2", "Confirmation 2 of 2"),
    ],
)
def test_q43_desk_import_that_leaves_fide_mode_takes_two_confirmations(
    logged, language: str, first: str, second: str
) -> None:
    resp = _upload(logged, NON_FIDE.encode(), language)
    page = resp.content.decode()
    assert resp.status_code == 200 and first in page and 'id="import-fide-exit-continue"' in page
    token = resp.context["token"]
    resp = logged.post(reverse("tournaments:desk_import"), {"copy": token})  # the first confirmation only warns
    page = resp.content.decode()
    assert resp.status_code == 200 and second in page and 'id="import-leave-fide"' in page
    assert not models.Tournament.objects.filter(name="Club Blitz").exists()
    resp = logged.post(reverse("tournaments:desk_import"), {"copy": token})  # the second acts
    assert resp.status_code == 302
    row = models.Tournament.objects.get(name="Club Blitz")
    assert "### FIDE mode left on " in store.export_trf(row)
    assert 'id="not-fide-mode"' in logged.get(reverse("tournaments:desk_panel", args=[row.slug])).content.decode()
