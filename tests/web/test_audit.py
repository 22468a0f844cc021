"""The audit trail (issue 11 §8): who, when, before, after, for the chief arbiter only."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import translation

from arbitro.web.ops.audit import trail
from arbitro.web.tournaments import models, service

pytestmark = pytest.mark.django_db


@pytest.fixture
def played():
    User = get_user_model()
    chief = User.objects.create_user("jefe", password="jefe-pw-123")
    arb = User.objects.create_user("adjunto", password="adjunto-pw-123")
    row = service.create({"name": "Auditoría", "system": "rr"}, chief)
    models.Role.objects.create(user=arb, tournament=row, kind=models.Role.Kind.ARBITER)
    service.register_many(row, "Uno, A; 2000\nDos, B; 1900\nTres, C; 1800\nCuatro, D; 1700", chief)
    service.pair_next(row, chief)
    service.enter_results(row, 1, {1: "1-0"}, arb)
    row.refresh_from_db()
    service.enter_results(row, 1, {1: "0-1"}, chief)  # a correction
    row.refresh_from_db()
    return row, chief, arb


def test_every_change_with_author_time_before_and_after(played) -> None:
    row, chief, arb = played
    with translation.override("en"):
        rows = trail(row)
    assert [r.seq for r in rows] == list(range(1, row.events.count() + 1))
    assert all(r.when is not None for r in rows)
    entered = next(r for r in rows if r.kind == "result_entered")
    corrected = next(r for r in rows if r.kind == "result_corrected")
    assert (entered.who, entered.before, entered.after) == ("adjunto", "", "1-0")
    assert corrected.who == "jefe" and corrected.before == "1-0" and corrected.after.startswith("0-1")
    assert corrected.what == entered.what == "round 1 board 1"
    paired = next(r for r in rows if r.kind == "round_paired")
    assert paired.what == "round 1 pairing" and "–" in paired.after


def test_the_chief_arbiter_sees_the_trail_others_do_not(played) -> None:
    row, chief, arb = played
    url = f"/desk/t/{row.slug}/audit/"
    c = Client()
    assert c.get(url).status_code == 302  # anonymous: to the login
    c.force_login(arb)
    assert c.get(url).status_code == 403  # an arbiter enters results; the trail is the chief's
    c.force_login(chief)
    page = c.get(url)
    assert page.status_code == 200
    html = page.content.decode()
    assert "adjunto" in html and "jefe" in html and "1-0" in html and "result_corrected" in html


def test_the_trail_speaks_spanish(played) -> None:
    row, chief, _arb = played
    with translation.override("es"):
        rows = trail(row)
    entered = next(r for r in rows if r.kind == "result_entered")
    assert entered.what == "ronda 1 tablero 1" and entered.label == "resultado cargado"
    c = Client()
    c.force_login(chief)
    html = c.get(f"/desk/t/{row.slug}/audit/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    for word in ("Registro de auditoría", "Quién", "Antes", "Después", "ronda 1 tablero 1"):
        assert word in html


def test_changed_meanwhile_message_is_translated() -> None:
    with translation.override("es"):
        assert str(service.CHANGED_MEANWHILE).startswith("otra persona cambió este torneo mientras tanto")
    with translation.override("en"):
        assert "changed meanwhile" in str(service.CHANGED_MEANWHILE)
