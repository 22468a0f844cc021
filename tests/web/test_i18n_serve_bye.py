"""Spanish by default, English on request (issue 9 §8); ``arbitro serve``; player bye requests (§6)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from arbitro.cli import main
from arbitro.web.tournaments import models, service

pytestmark = pytest.mark.django_db


def test_spanish_is_the_default(client):
    html = client.get("/").content.decode()
    assert 'lang="es"' in html and "Torneos" in html


def test_switch_to_english_and_back(client):
    resp = client.post(reverse("tournaments:set_language"), {"language": "en", "next": "/fma/"})
    assert resp.status_code == 302 and resp["Location"] == "/fma/"
    html = client.get("/").content.decode()
    assert 'lang="en"' in html and "Tournaments" in html
    client.post(reverse("tournaments:set_language"), {"language": "es", "next": "/"})
    assert 'lang="es"' in client.get("/").content.decode()


def test_language_is_saved_per_user(client):
    user = get_user_model().objects.create_user("u1", password="pw-u1-12345")
    client.force_login(user)
    client.post(reverse("tournaments:set_language"), {"language": "en", "next": "/"})
    assert models.UserPreference.objects.get(user=user).language == "en"
    client.cookies.clear()
    client.force_login(user)
    assert 'lang="en"' in client.get("/").content.decode()


def test_open_redirect_is_refused(client):
    resp = client.post(reverse("tournaments:set_language"), {"language": "en", "next": "//evil.example/"})
    assert resp["Location"] == "/"


def test_fma_page_shows_the_rulebook_FMA_4_1(client):
    html = client.get(reverse("tournaments:fma")).content.decode()
    assert "FMA 4.1" in html and "Suizo" in html


def test_serve_dry_run_prepares_demo_and_prints_logins(capsys):
    """``arbitro serve --demo --dry-run``: migrate, load the demo, print URL and logins, no server."""
    assert main(["serve", "--demo", "--dry-run", "--port", "8123"]) == 0
    out = capsys.readouterr().out
    assert "http://localhost:8123/" in out and "arbitro / arbitro" in out
    assert models.Tournament.objects.filter(status="finished").exists()
    assert models.Tournament.objects.filter(status="running").exists()
    assert models.Season.objects.exists()
    assert main(["serve", "--demo", "--dry-run"]) == 0  # second start: the demo is not loaded twice
    assert models.Season.objects.count() == 1


def test_serve_rejects_a_bad_port(capsys):
    assert main(["serve", "--port", "70000", "--dry-run"]) == 2
    assert "--port" in capsys.readouterr().err


@pytest.fixture
def rr_with_player():
    arb = get_user_model().objects.create_user("arb2", password="pw-arb2-123")
    row = service.create({"name": "RR byes", "system": "rr"}, arb)
    for i in range(4):
        service.register(row, {"name": f"P, {i}", "rating": 1500 + i}, arb)
    player_user = get_user_model().objects.create_user("p1", password="pw-p1-12345")
    entry = row.entries.get(start_rank=1)
    entry.person.user = player_user
    entry.person.save()
    return row, player_user


def test_bye_request_needs_login(client, rr_with_player):
    row, _ = rr_with_player
    resp = client.get(reverse("tournaments:request_bye", args=[row.slug]))
    assert resp.status_code == 302 and "/login/" in resp["Location"]


def test_bye_refused_in_round_robin_is_shown_to_the_arbiter(client, rr_with_player):
    """A round robin has no requested byes (Berger table fixes every game): refused, with the reason, listed at the desk."""
    row, user = rr_with_player
    client.force_login(user)
    page = client.get(reverse("tournaments:request_bye", args=[row.slug])).content.decode()
    assert "P, 0" in page and "P, 1" not in page  # only the player's own name
    client.post(reverse("tournaments:request_bye", args=[row.slug]), {"player": "1", "round": "1"})
    req = models.ByeRequest.objects.get(tournament=row)
    assert req.status == models.ByeRequest.Status.REJECTED and req.message


def test_bye_for_someone_else_is_refused(client, rr_with_player):
    row, user = rr_with_player
    client.force_login(user)
    client.post(reverse("tournaments:request_bye", args=[row.slug]), {"player": "2", "round": "1"})
    assert not models.ByeRequest.objects.exists()


def test_compiled_spanish_catalogue_matches_the_po_file():
    """The committed django.mo holds every entry of django.po, all translated (pip install alone gives Spanish)."""
    import gettext
    from pathlib import Path

    import arbitro.web

    folder = Path(arbitro.web.__file__).parent / "locale" / "es" / "LC_MESSAGES"
    lines = (folder / "django.po").read_text(encoding="utf-8").splitlines()
    po_entries = sum(1 for line in lines if line.startswith("msgid "))
    po_entries += sum(1 for line in lines if line.startswith("msgid_plural "))  # two forms (nplurals=2) each
    with open(folder / "django.mo", "rb") as fh:
        catalog = gettext.GNUTranslations(fh)._catalog  # type: ignore[attr-defined]
    assert len(catalog) == po_entries, "run: arbitro manage compilemessages (see docs/web.md)"
    assert all(value for key, value in catalog.items() if key)


def test_browser_language_does_not_override_spanish_default(client):
    """Spanish by default even for an English browser; English only when chosen (decisions.md)."""
    html = client.get("/", HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9").content.decode()
    assert 'lang="es"' in html
