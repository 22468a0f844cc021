"""The read-replica router (issue 19 §6): anonymous public reads to ``replica``, everything else to the primary."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from arbitro.web.ops import dbrouter
from arbitro.web.tournaments import eventlog, models, store


def test_router_sends_only_marked_public_reads_to_a_configured_replica(settings) -> None:
    router = dbrouter.PublicReadRouter()
    settings.DATABASES = {**settings.DATABASES, "replica": dict(settings.DATABASES["default"])}
    assert router.db_for_read(models.Tournament) is None  # not marked: the primary
    token = dbrouter.PUBLIC_READ.set(True)
    try:
        assert router.db_for_read(models.Tournament) == "replica"
        assert router.db_for_write(models.Tournament) == "default"  # writes never
    finally:
        dbrouter.PUBLIC_READ.reset(token)
    assert router.allow_migrate("replica", "tournaments") is False and router.allow_migrate("default", "tournaments")


def test_without_a_replica_marked_reads_stay_on_the_primary(settings) -> None:
    token = dbrouter.PUBLIC_READ.set(True)
    try:
        assert dbrouter.PublicReadRouter().db_for_read(models.Tournament) is None
    finally:
        dbrouter.PUBLIC_READ.reset(token)


@pytest.fixture
def swiss(fixtures_dir):
    text = (fixtures_dir / "trf" / "small-swiss7-byes-forfeits.trf").read_text(encoding="utf-8")
    return store.import_trf(text, source="small-swiss7.trf")


@pytest.mark.django_db
def test_public_pages_and_api_are_marked_desk_and_logged_in_are_not(client, swiss, monkeypatch) -> None:
    seen: dict[str, bool] = {}
    original = eventlog.load

    def spy(row):  # type: ignore[no-untyped-def]
        seen[current[0]] = dbrouter.PUBLIC_READ.get()
        return original(row)

    monkeypatch.setattr(eventlog, "load", spy)
    current = ["page"]
    client.get(f"/t/{swiss.slug}/standings/")
    current[0] = "api"
    client.get(f"/api/v1/tournaments/{swiss.slug}/standings")
    user = get_user_model().objects.create_user("reader", password="x" * 12)
    client.force_login(user)
    current[0] = "logged-in"
    client.get(f"/t/{swiss.slug}/crosstable/")
    assert seen == {"page": True, "api": True, "logged-in": False}
