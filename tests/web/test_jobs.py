"""Pairing off the request path (issue 19 §4): with Redis the desk enqueues, the worker pairs."""

from __future__ import annotations

import socket
import uuid

import pytest
from desk_support import desk_url
from django.contrib.auth import get_user_model
from django.urls import reverse

from arbitro.web import jobs
from arbitro.web.tournaments import models, service


def _redis_answers() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=0.5):
            return True
    except OSError:
        return False


@pytest.fixture
def arbiter():
    user = get_user_model().objects.create_user("arb", password="pw-arb-123")
    models.Role.objects.create(user=user, tournament=None, kind=models.Role.Kind.CHIEF_ARBITER)
    return user


@pytest.fixture
def row(arbiter):
    def players(svc):  # type: ignore[no-untyped-def]
        for i in range(8):
            svc.register_player(f"Jugador, {chr(65 + i)}", rating=2000 - 10 * i)

    return service.create({"name": "Cola", "system": "swiss", "rounds": 3}, arbiter, build=players)


@pytest.fixture
def redis_queue(settings):
    """Redis as cache and queue (db 15, a prefix and a queue of this test's own), jobs not eager."""
    if not _redis_answers():
        pytest.skip("no Redis on 127.0.0.1:6379")
    url = "redis://127.0.0.1:6379/15"
    settings.REDIS_URL = url
    settings.ARBITRO_JOBS_EAGER = False
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url,
                    "KEY_PREFIX": f"test-{uuid.uuid4().hex}"}
    }
    name = f"arbitro-test-{uuid.uuid4().hex}"
    original = jobs.QUEUE
    jobs.QUEUE = name
    yield jobs.queue()
    jobs.queue().empty()
    jobs.QUEUE = original


@pytest.mark.django_db
def test_without_redis_the_request_pairs_as_before(client, arbiter, row, settings) -> None:
    settings.REDIS_URL = ""  # the embedded default (also in the test suite's Redis run)
    assert not jobs.enabled()
    client.force_login(arbiter)
    client.post(reverse("tournaments:desk_pair", args=[row.slug]), {})
    assert service.state(models.Tournament.objects.get(pk=row.pk)).paired_rounds == 1


@pytest.mark.django_db
def test_with_redis_the_desk_enqueues_and_the_worker_pairs(client, arbiter, row, redis_queue) -> None:
    from rq import SimpleWorker

    client.force_login(arbiter)
    page = client.post(desk_url(row.slug, "pair"), {}, follow=True).content.decode()
    assert "Emparejamiento en marcha" in page or "Pairing started" in page
    assert service.state(models.Tournament.objects.get(pk=row.pk)).paired_rounds == 0  # not in the request
    assert jobs.status(row.pk)["state"] == "queued"
    assert 'http-equiv="refresh"' in page  # the desk follows the job
    # A second click while it waits: refused, not queued twice.
    again = client.post(desk_url(row.slug, "pair"), {}, follow=True).content.decode()
    assert len(redis_queue) == 1 and ("already under way" in again or "espere a que termine" in again)
    SimpleWorker([redis_queue], connection=redis_queue.connection).work(burst=True)
    assert service.state(models.Tournament.objects.get(pk=row.pk)).paired_rounds == 1
    assert jobs.status(row.pk)["state"] == "done"
    panel = client.get(reverse("tournaments:desk_panel", args=[row.slug])).content.decode()
    assert 'http-equiv="refresh"' not in panel and ("Ronda 1 emparejada" in panel or "Round 1 paired" in panel)


@pytest.mark.django_db
def test_a_failed_job_is_shown_with_its_message(client, arbiter, redis_queue) -> None:
    from rq import SimpleWorker

    empty = service.create({"name": "Vacío", "system": "swiss", "rounds": 3}, arbiter)  # nobody to pair
    jobs.enqueue("pair", empty, arbiter)
    SimpleWorker([redis_queue], connection=redis_queue.connection).work(burst=True)
    job = jobs.status(empty.pk)
    assert job["state"] == "failed" and job["message"]
    client.force_login(arbiter)
    panel = client.get(reverse("tournaments:desk_panel", args=[empty.slug])).content.decode()
    from django.utils import translation

    from arbitro.web.tournaments import texts

    with translation.override("es"):  # the core's coded message, said in the page's language (issue 15 item 7)
        said = texts.text(job["message"])
    assert "job failed" in panel and said[:20] in panel and said != str(job["message"])
