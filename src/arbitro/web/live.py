"""Live updates of open public pages (issue 19 §3): server-sent events at ``/live/t/<slug>/events``.

Each change of a published tournament (a new version of its event log) is one event named
after what happened, ``round`` (a round paired and published) or ``result`` (results
entered, corrected) or ``change`` (anything else), with ``{"version": n}`` as data and the
version as the event id, so a reconnecting browser says where it was (``Last-Event-ID``).

Where the changes come from: with ``REDIS_URL``, a Redis pub/sub channel per tournament,
published when a version bump is committed (:func:`tournament_saved`, by whichever process
committed it: web or worker); without Redis, the stream polls the tournament's version
once a second. A stream ends after :data:`LIFETIME` seconds (the browser reconnects by
itself), so no connection is held for ever, and sends a comment every
:data:`HEARTBEAT` seconds so proxies keep it open.

The view is asynchronous: it is meant for an ASGI server (``uvicorn arbitro.web.asgi:application``,
docs/deploy.md), where an open stream costs a coroutine, not a thread. The pages open it only
when ``ARBITRO_LIVE=1``; otherwise (the embedded default on gunicorn's threads) they keep
polling ``version.json``, which also stays the fallback when the stream fails.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator

from django.conf import settings
from django.db import transaction
from django.http import Http404, HttpRequest, StreamingHttpResponse

from arbitro.web.tournaments import models

LIFETIME = 55.0
HEARTBEAT = 15.0
POLL = 1.0
_KINDS = {"round_published": "round", "result_entered": "result", "results_entered": "result", "result_corrected": "result",
          "game_adjourned": "result"}


def context(request: HttpRequest) -> dict[str, bool]:
    """Template context: ``arbitro_live`` when the pages are to open the event stream."""
    return {"arbitro_live": bool(getattr(settings, "ARBITRO_LIVE", False))}


def channel(pk: int) -> str:
    """The pub/sub channel of a tournament (under the cache's key prefix: one Redis, several sites)."""
    prefix = settings.CACHES.get("default", {}).get("KEY_PREFIX", "") or "arbitro"
    return f"{prefix}:live:{pk}"


def kind_of(event_kind: str) -> str:
    if event_kind in _KINDS:
        return _KINDS[event_kind]
    return "result" if "result" in event_kind else "change"


def _message(version: int, kind: str) -> str:
    return f"id: {version}\nevent: {kind}\ndata: {json.dumps({'version': version, 'kind': kind})}\n\n"


def tournament_saved(
    sender: type, instance: models.Tournament, update_fields: frozenset[str] | None = None, **kwargs: object
) -> None:
    """``post_save`` of a tournament: a new version is published on Redis once committed."""
    if not getattr(settings, "REDIS_URL", "") or (update_fields is not None and "version" not in update_fields):
        return
    pk, version = instance.pk, instance.version
    last = instance.events.order_by("-seq").values_list("kind", flat=True).first() or ""

    def publish() -> None:
        import redis

        # Live updates are a convenience: if Redis is away, the pages' polling still sees the change.
        with contextlib.suppress(redis.RedisError):
            redis.Redis.from_url(settings.REDIS_URL).publish(channel(pk), json.dumps({"version": version, "kind": kind_of(last)}))

    transaction.on_commit(publish)


async def _current(slug: str) -> tuple[int, int, str] | None:
    row = await models.Tournament.objects.filter(slug=slug, published=True).values("pk", "version").afirst()
    if row is None:
        return None
    last = await models.TournamentEvent.objects.filter(tournament_id=row["pk"]).order_by("-seq").values_list("kind", flat=True).afirst()
    return int(row["pk"]), int(row["version"]), kind_of(last or "")


async def _polled(slug: str, since: int) -> AsyncIterator[str]:
    start = last_beat = time.monotonic()
    while time.monotonic() - start < LIFETIME:
        now = await _current(slug)
        if now is None:
            return
        if now[1] != since:
            since = now[1]
            yield _message(now[1], now[2])
        if time.monotonic() - last_beat > HEARTBEAT:
            last_beat = time.monotonic()
            yield ": ping\n\n"
        await asyncio.sleep(POLL)


async def _subscribed(pk: int, since: int) -> AsyncIterator[str]:
    import redis.asyncio as aioredis

    client = aioredis.Redis.from_url(settings.REDIS_URL)
    pubsub = client.pubsub()
    await pubsub.subscribe(channel(pk))
    start = last_beat = time.monotonic()
    try:
        while time.monotonic() - start < LIFETIME:
            msg = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
            if msg is not None:
                data = json.loads(msg["data"])
                if int(data["version"]) > since:
                    since = int(data["version"])
                    yield _message(since, str(data.get("kind", "change")))
            if time.monotonic() - last_beat > HEARTBEAT:
                last_beat = time.monotonic()
                yield ": ping\n\n"
    finally:
        await pubsub.aclose()
        await client.aclose()


async def _stream(slug: str, pk: int, version: int, kind: str, since: int | None) -> AsyncIterator[str]:
    yield "retry: 3000\n\n"
    if since is not None and since != version:  # changed while the browser was away
        yield _message(version, kind)
    if getattr(settings, "REDIS_URL", ""):
        async for part in _subscribed(pk, version):
            yield part
    else:
        async for part in _polled(slug, version):
            yield part


async def events(request: HttpRequest, slug: str) -> StreamingHttpResponse:
    from django.core.handlers.asgi import ASGIRequest

    if not isinstance(request, ASGIRequest):
        # Under WSGI (gunicorn's threads) Django would hold a thread for the whole stream: a few open
        # pages would take every thread. The stream is the ASGI server's (docs/deploy.md); here, a 404.
        raise Http404("live updates are served by the ASGI server")
    now = await _current(slug)
    if now is None:
        raise Http404
    pk, version, kind = now
    seen = request.headers.get("Last-Event-ID") or request.GET.get("v") or ""
    since = int(seen) if seen.isdigit() and len(seen) < 19 else None
    resp = StreamingHttpResponse(_stream(slug, pk, version, kind, since), content_type="text/event-stream")
    resp["Cache-Control"] = "no-store"
    resp["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return resp
