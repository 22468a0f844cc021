"""The Lim Maxi-tournament declaration (C.04.4.3 3.2.3, 3.8, 5.7) at the desk and on the public page (issue 17).

The systems come from the registry (``supports_maxi_tournament``), never by name.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from arbitro.pairing import registry
from arbitro.web.tournaments import forms, models, service, store

pytestmark = pytest.mark.django_db

LIM = next(s for s in registry.service_systems() if s.supports_maxi_tournament)
OTHER = registry.default_swiss()  # a system without the declaration
assert not OTHER.supports_maxi_tournament


def _create(logged, system: registry.PairingSystem, **extra: str) -> tuple[object, models.Tournament | None]:
    name = f"Abierto {system.key}"
    data = {"name": name, "system": system.key, "rounds": 5, "published": "on", **extra}
    resp = logged.post(reverse("tournaments:desk_create"), data, HTTP_ACCEPT_LANGUAGE="es")
    return resp, models.Tournament.objects.filter(name=name).first()


def test_c04_4_3_art_3_2_3_the_checkbox_names_the_systems_that_have_it():
    form = forms.CreateSettingsForm()
    assert "maxi_tournament" in form.fields
    html = str(form["maxi_tournament"])
    assert f'data-systems="{LIM.key}"' in html
    assert forms.maxi_systems() == [LIM.key]
    assert form.fields["maxi_tournament"].help_text
    (names,) = [
        [f.name for f in fields] for _legend, fields in form.groups() if "system" in [f.name for f in fields]
    ]
    assert names.index("maxi_tournament") == names.index("acceleration") + 1  # with the format


def test_c04_4_3_art_3_2_3_creation_declares_a_lim_maxi_tournament(logged):
    resp, row = _create(logged, LIM, maxi_tournament="on")
    assert resp.status_code == 302, resp.content.decode()[:3000]
    st = service.state(row)
    assert st.maxi_tournament and st.lim_maxi
    assert [e.kind for e in row.events.order_by("seq")] == ["tournament_created", "settings_changed"]
    assert f"192 {LIM.trf_code_for(maxi_tournament=True)}" in store.export_trf(row).splitlines()
    with translation.override("es"):
        page = Client().get(reverse("tournaments:info", args=[row.slug]), HTTP_ACCEPT_LANGUAGE="es")
    assert 'id="maxi-tournament"' in page.content.decode()
    assert "Maxitorneo" in page.content.decode()


def test_c04_4_3_art_3_2_3_the_api_says_whether_it_is_declared(logged):
    """``/api/v1/tournaments/{slug}`` carries ``maxi_tournament``: true for the declared Lim event,
    false for a system without the declaration."""
    seen = {}
    for system, extra in ((LIM, {"maxi_tournament": "on"}), (OTHER, {})):
        resp, row = _create(logged, system, **extra)
        assert resp.status_code == 302 and row is not None
        info = Client().get(f"/api/v1/tournaments/{row.slug}")
        assert info.status_code == 200, info.content.decode()[:500]
        seen[system.key] = info.json()["maxi_tournament"]
    assert seen == {LIM.key: True, OTHER.key: False}


def test_c04_4_3_art_3_2_3_refused_for_a_system_without_it_with_a_spanish_message(logged):
    with translation.override("es"):
        resp, row = _create(logged, OTHER, maxi_tournament="on")
    assert resp.status_code == 200 and row is None
    errors = resp.context["form"].errors["maxi_tournament"]
    assert any("Solo un torneo Lim puede declararse Maxitorneo" in e for e in errors), errors
    assert "Solo un torneo Lim puede declararse Maxitorneo" in resp.content.decode()


def test_c04_4_3_art_3_2_3_refused_in_english_too(logged):
    logged.cookies["django_language"] = "en"
    resp = logged.post(
        reverse("tournaments:desk_create"),
        {"name": "Open", "system": OTHER.key, "rounds": 5, "maxi_tournament": "on"},
    )
    assert resp.status_code == 200
    assert "Only a Lim tournament can be declared a Maxi-tournament" in resp.content.decode()


def test_a_plain_event_says_nothing_of_it(logged):
    resp, row = _create(logged, LIM)
    assert resp.status_code == 302
    assert not service.state(row).maxi_tournament
    assert not any("maxi_tournament" in e.payload for e in row.events.all())  # nothing said, nothing written
    page = Client().get(reverse("tournaments:info", args=[row.slug]))
    assert 'id="maxi-tournament"' not in page.content.decode()


def test_c04_4_3_art_3_2_3_the_settings_page_sets_and_clears_it_before_round_1(logged, arbiter):
    resp, row = _create(logged, LIM)
    url = reverse("tournaments:desk_settings", args=[row.slug])
    page = logged.get(url)
    assert page.status_code == 200 and 'name="maxi_tournament"' in page.content.decode()
    initial = page.context["form"].initial
    assert initial["maxi_tournament"] is False
    post = {k: v for k, v in initial.items() if v not in (None, False, "")}
    resp = logged.post(url, {**post, "maxi_tournament": "on"})
    assert resp.status_code == 302
    row.refresh_from_db()
    assert service.state(row).maxi_tournament
    assert logged.get(url).context["form"].initial["maxi_tournament"] is True
    # switching to a system without it while it is ticked: a form error, nothing saved
    with translation.override("es"):
        resp = logged.post(
            url, {**post, "system": OTHER.key, "maxi_tournament": "on"}, HTTP_ACCEPT_LANGUAGE="es"
        )
    assert resp.status_code == 200 and "maxi_tournament" in resp.context["form"].errors
    row.refresh_from_db()
    assert service.state(row).system == LIM.key
    # the page's script unticks it when another system is chosen: both change in one event
    resp = logged.post(url, {**post, "system": OTHER.key})
    assert resp.status_code == 302
    row.refresh_from_db()
    st = service.state(row)
    assert st.system == OTHER.key and not st.maxi_tournament
    assert row.events.order_by("-seq").first().payload == {"system": OTHER.key, "maxi_tournament": False}


def test_c04_4_3_art_3_2_3_fixed_once_round_1_is_paired(logged, arbiter):
    resp, row = _create(logged, LIM, maxi_tournament="on")
    for i in range(1, 7):
        service.register(row, {"name": f"Jugador{i:02d}, Test", "rating": 2300 - 40 * i}, arbiter)
    row.refresh_from_db()
    service.pair_next(row, arbiter, seed=1)
    url = reverse("tournaments:desk_settings", args=[row.slug])
    initial = logged.get(url).context["form"].initial
    assert initial["maxi_tournament"] is True
    post = {k: v for k, v in initial.items() if v not in (None, False, "")}
    post.pop("maxi_tournament")
    resp = logged.post(url, post, follow=True)
    row.refresh_from_db()
    assert service.state(row).maxi_tournament  # refused: fixed at round 1 (the core says why)
    assert "maxi_tournament" in resp.content.decode()
