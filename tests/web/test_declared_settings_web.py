"""A pairing system's settings at the desk and in the API come from its declaration (issue 32 item 3).

The dummy system of ``tests/pairing/dummy_setting_system.py`` declares one setting; registered for
the test only, the setting is a field of the settings form (shown for that system only), the desk
sets it through the core, the API's ``/api/v1/tournaments/{slug}`` carries it and the OpenAPI
document describes it. Nothing in the web names it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from django.test import Client
from django.urls import reverse
from tests.pairing.dummy_setting_system import KEY, LABEL, SETTING_KEY, registered

from arbitro.pairing import registry
from arbitro.web.api import openapi
from arbitro.web.tournaments import forms, models, service

pytestmark = pytest.mark.django_db


@pytest.fixture
def dummy() -> Iterator[registry.PairingSystem]:
    with registered() as system:
        yield system


def test_the_settings_form_has_a_field_for_the_declared_setting(dummy: registry.PairingSystem) -> None:
    form = forms.SettingsForm()
    assert SETTING_KEY in form.fields and form.fields[SETTING_KEY].label == LABEL
    assert f'data-systems="{KEY}"' in str(form[SETTING_KEY])  # shown for the systems that declare it
    (names,) = [[f.name for f in fields] for _legend, fields in form.groups() if "system" in [f.name for f in fields]]
    assert names.index(SETTING_KEY) > names.index("rounds")  # with the format
    assert SETTING_KEY in forms.CreateSettingsForm().fields
    assert set(forms.settings_fields()) == {"acceleration", "maxi_tournament", "no_last_rounds_swap", SETTING_KEY}


def test_the_form_refuses_it_for_a_system_that_does_not_declare_it(dummy: registry.PairingSystem) -> None:
    form = forms.CreateSettingsForm({"name": "Open", "system": "dutch", "rounds": 5, SETTING_KEY: "on"})
    assert not form.is_valid() and SETTING_KEY in form.errors


def test_the_desk_sets_it_and_the_api_says_it(dummy: registry.PairingSystem, logged: Client) -> None:
    data = {"name": "Reversible", "system": KEY, "rounds": 5, "published": "on", SETTING_KEY: "on"}
    resp = logged.post(reverse("tournaments:desk_create"), data)
    assert resp.status_code == 302, resp.content.decode()[:2000]
    row = models.Tournament.objects.get(name="Reversible")
    st = service.state(row)
    assert st.settings_in_force() == {SETTING_KEY: True}
    assert row.events.order_by("-seq").first().payload[SETTING_KEY] is True  # under its own key
    page = logged.get(reverse("tournaments:desk_settings", args=[row.slug]))
    assert page.status_code == 200 and f'name="{SETTING_KEY}"' in page.content.decode()
    assert page.context["form"].initial[SETTING_KEY] is True
    info = Client().get(f"/api/v1/tournaments/{row.slug}")
    assert info.status_code == 200, info.content.decode()[:500]
    assert info.json()["settings"] == {SETTING_KEY: True}
    assert info.json()["system"] == "ARBITRO_REVERSIBLE_TEST_REV"  # 192: the setting's suffix
    schema = json.loads(openapi.document_bytes())["components"]["schemas"]["SystemSettings"]["properties"]
    assert schema[SETTING_KEY]["type"] == "boolean" and LABEL in schema[SETTING_KEY]["description"]
    # the settings page clears it before round 1
    initial = page.context["form"].initial
    post = {k: v for k, v in initial.items() if v not in (None, False, "")}
    post.pop(SETTING_KEY)
    assert logged.post(reverse("tournaments:desk_settings", args=[row.slug]), post).status_code == 302
    row.refresh_from_db()
    assert service.state(row).settings_in_force() == {SETTING_KEY: False}


def test_the_api_document_loses_it_with_the_entry() -> None:
    with registered():
        assert SETTING_KEY in openapi.document_bytes().decode()
    assert SETTING_KEY not in openapi.document_bytes().decode()
    api = Client().get("/api/v1/openapi.json")
    assert api.status_code == 200 and SETTING_KEY not in api.content.decode()
