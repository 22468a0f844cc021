"""Live updates (issue 19 §3): server-sent events of "round published" and "result entered"."""

from __future__ import annotations

import json
import socket

import pytest
from asgiref.sync import async_to_sync
from django.contrib.auth import get_user_model

from arbitro.web import live
from arbitro.web.tournaments import models, service


@pytest.fixture
def row():
    user = get_user_model().objects.create_user("arb", password="pw-arb-123")

    def players(svc):  # type: ignore[no-untyped-def]
        for i in range(4):
            svc.register_player(f"Jugador, {chr(65 + i)}", rating=2000 - 10 * i)

    return service.create({"name": "Vivo", "system": "swiss", "rounds": 3}, user, build=players), user


def _collect(gen, n):  # type: ignore[no-untyped-def]
    async def run():  # type: ignore[no-untyped-def]
        out = []
        async for part in gen:
            out.append(part)
            if len(out) >= n:
                break
        return out

    return async_to_sync(run)()


def _events(parts):  # type: ignore[no-untyped-def]
    return [p for p in parts if p.startswith("id:")]


@pytest.mark.django_db
def test_polled_stream_pushes_round_published_then_result_entered(row, monkeypatch, settings) -> None:
    settings.REDIS_URL = ""
    t, user = row
    monkeypatch.setattr(live, "POLL", 0.01)
    monkeypatch.setattr(live, "LIFETIME", 0.5)
    service.pair_next(t, user)
    t.refresh_from_db()
    # A browser that saw the version before the pairing reconnects: it is told at once.
    parts = _collect(live._stream(t.slug, t.pk, t.version, "round", t.version - 2), 2)
    assert parts[0] == "retry: 3000\n\n"
    head, event, data = _events(parts)[0].strip().split("\n")
    assert head == f"id: {t.version}" and event == "event: round" and json.loads(data[6:])["version"] == t.version


@pytest.mark.django_db
def test_events_endpoint_is_a_stream_and_404_for_unpublished(row, client, settings) -> None:
    t, _user = row
    from django.test import AsyncClient

    async def get(url):  # type: ignore[no-untyped-def]
        return await AsyncClient().get(url)

    resp = async_to_sync(get)(f"/live/t/{t.slug}/events")
    assert resp.status_code == 200 and resp["Content-Type"] == "text/event-stream"
    assert resp["Cache-Control"] == "no-store" and resp.streaming
    assert client.get(f"/live/t/{t.slug}/events").status_code == 404  # WSGI: would hold a thread for the stream
    models.Tournament.objects.filter(pk=t.pk).update(published=False)
    assert async_to_sync(get)(f"/live/t/{t.slug}/events").status_code == 404


def _redis_answers() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=0.5):
            return True
    except OSError:
        return False


@pytest.mark.django_db
@pytest.mark.skipif(not _redis_answers(), reason="no Redis on 127.0.0.1:6379")
def test_with_redis_a_committed_result_is_published_to_the_stream(row, settings, django_capture_on_commit_callbacks) -> None:
    import redis

    settings.REDIS_URL = "redis://127.0.0.1:6379/15"
    t, user = row
    service.pair_next(t, user)
    t.refresh_from_db()
    sub = redis.Redis.from_url(settings.REDIS_URL).pubsub()
    sub.subscribe(live.channel(t.pk))
    sub.get_message(timeout=1)  # the subscription's confirmation
    with django_capture_on_commit_callbacks(execute=True):
        service.enter_results(t, 1, {1: "1-0"}, user)
    msg = sub.get_message(timeout=2)
    sub.close()
    assert msg is not None and json.loads(msg["data"])["kind"] == "result"
    t.refresh_from_db()
    assert json.loads(msg["data"])["version"] == t.version
