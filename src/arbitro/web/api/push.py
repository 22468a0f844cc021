"""Venue to server (issue 37 item 5): an organisation pushes a tournament's event log here.

``GET /api/v1/push/<slug>`` answers where the server's log of that tournament stands (``count``
events, ``digest`` of them, :mod:`arbitro.tournament.logdigest`); ``POST`` the same path with a
batch ``{"start": N, "events": [{"kind", "payload"}, ...]}`` (the batch's first event is event
``N + 1``). Both need ``Authorization: Bearer <token>``, an organisation's :class:`ApiToken`.

* Idempotent: an event of the batch already on the server with identical content is skipped, so
  a batch sent again after a dropped connection appends nothing twice.
* Resumable: a batch starting past the server's end (``start`` > ``count``) is refused (409
  ``gap``, with the server's ``count``): the client asks ``GET`` and sends from there.
* Never merged: a different event at a position the server has is refused (409 ``conflict``,
  naming the position) and nothing of the batch is written.
* The first push creates the tournament under the token's organisation; another organisation's
  tournament is refused (403). The new events go through the port (:func:`eventlog.append_events`)
  in one transaction, after a replay of the whole log, so the pages and caches follow.
* Rate-limited like the rest of the API; a batch is at most :data:`MAX_EVENTS` events and
  :data:`MAX_BYTES` bytes.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
import secrets
from collections.abc import Mapping

from django.conf import settings
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt

from arbitro.errors import ArbitroError
from arbitro.tournament import Event, event_from_dict
from arbitro.tournament import replay as core_replay
from arbitro.tournament.logdigest import canonical, log_digest
from arbitro.web.tournaments import eventlog, models

from .http import _headers, dumps, error_response, refused, throttle

MAX_EVENTS = 500
MAX_BYTES = 2_000_000
TOKEN_PREFIX = "arb_"


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def issue_token(org: models.Organisation, name: str = "") -> str:
    """A new token of ``org`` (returned once; only its hash is stored)."""
    token = TOKEN_PREFIX + secrets.token_urlsafe(32)
    models.ApiToken.objects.create(organisation=org, name=name[:100], prefix=token[:12], digest=_hash(token))
    return token


class _Refused(Exception):
    def __init__(self, status: int, error: str, detail: str, **extra: object) -> None:
        super().__init__(detail)
        self.status, self.error, self.detail, self.extra = status, error, detail, extra


def _token(request: HttpRequest) -> models.ApiToken:
    header = request.META.get("HTTP_AUTHORIZATION", "")
    scheme, _sep, value = header.partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        raise _Refused(401, "unauthorized", _("An API token is needed: send the header Authorization: Bearer <token>."))
    found = (
        models.ApiToken.objects.select_related("organisation")
        .filter(digest=_hash(value.strip()), revoked=False)
        .first()
    )
    if found is None:
        raise _Refused(401, "unauthorized", _("This API token is unknown or revoked."))
    return found


def _stored(row: models.Tournament | None) -> list[tuple[str, Mapping[str, object]]]:
    if row is None:
        return []
    return list(row.events.order_by("seq").values_list("kind", "payload"))


def _position(row: models.Tournament | None, slug: str) -> dict[str, object]:
    log = _stored(row)
    return {"tournament": slug, "count": len(log), "digest": log_digest(log)}


def _row(slug: str, token: models.ApiToken) -> models.Tournament | None:
    row = models.Tournament.objects.filter(slug=slug).select_related("organisation").first()
    if row is None:
        return None
    if row.organisation_id != token.organisation_id:
        raise _Refused(
            403, "forbidden",
            _("The tournament %(slug)s belongs to another organisation: this token cannot push to it.") % {"slug": slug},
        )
    if row.base_trf:
        raise _Refused(
            409, "conflict",
            _("The tournament %(slug)s on this server is an imported file without an event log: it cannot receive a push.")
            % {"slug": slug},
        )
    if eventlog.is_team(row):
        raise _Refused(409, "conflict", _("The tournament %(slug)s on this server is a team competition.") % {"slug": slug})
    return row


def _batch(request: HttpRequest) -> tuple[int, list[Event]]:
    if int(request.META.get("CONTENT_LENGTH") or 0) > MAX_BYTES:
        raise _Refused(413, "too_large", _("A batch is at most %(n)d bytes: send fewer events at a time.") % {"n": MAX_BYTES})
    try:
        data = json.loads(request.body)
    except (ValueError, UnicodeDecodeError):
        raise _Refused(400, "bad_request", _("The body is not JSON.")) from None
    start, items = (data.get("start"), data.get("events")) if isinstance(data, dict) else (None, None)
    if not isinstance(start, int) or isinstance(start, bool) or start < 0 or not isinstance(items, list):
        raise _Refused(400, "bad_request", _('Expected {"start": a whole number >= 0, "events": a list}.'))
    if len(items) > MAX_EVENTS:
        raise _Refused(413, "too_large", _("A batch is at most %(n)d events: send fewer at a time.") % {"n": MAX_EVENTS})
    events = []
    for i, item in enumerate(items, start=start + 1):
        try:
            events.append(event_from_dict(item, where=f"event {i}"))
        except ArbitroError as err:
            raise _Refused(400, "bad_event", str(err)) from None
    return start, events


def _push(request: HttpRequest, slug: str, token: models.ApiToken) -> dict[str, object]:
    start, batch = _batch(request)
    with transaction.atomic():
        row = _row(slug, token)
        if row is not None:  # one push at a time per tournament (the port locks it again for the append)
            models.Tournament.objects.select_for_update().filter(pk=row.pk).values_list("pk", flat=True).first()
        stored = _stored(row)
        count = len(stored)
        if start > count:
            raise _Refused(
                409, "gap",
                _("This batch starts at event %(first)d but the server has %(count)d events: send from event %(next)d (ask GET for the server's position).")
                % {"first": start + 1, "count": count, "next": count + 1},
                count=count,
            )
        skipped = 0
        for i, ev in enumerate(batch, start=start):
            if i >= count:
                break
            if canonical(*stored[i]) != canonical(ev.kind, ev.payload):
                raise _Refused(
                    409, "conflict",
                    _("Event %(n)d differs from the server's event %(n)d (%(theirs)s on the server, %(ours)s sent): the logs have diverged; nothing was written, nothing is merged.")
                    % {"n": i + 1, "theirs": stored[i][0], "ours": ev.kind},
                    position=i + 1, count=count,
                )
            skipped += 1
        new = batch[skipped:]
        if new:
            log = [event_from_dict({"kind": k, "payload": p}, where=f"event {n}") for n, (k, p) in enumerate(stored, 1)]
            try:
                st = core_replay([*log, *new])
            except (ArbitroError, ValueError, TypeError, KeyError, IndexError, AttributeError) as err:  # a pushed payload is input
                raise _Refused(400, "bad_event", _("The log does not replay: %(error)s") % {"error": err}) from None
            if row is None:
                header = new[0].payload if new[0].kind == "tournament_created" else {}
                if start != 0 or new[0].kind != "tournament_created":
                    raise _Refused(400, "bad_event", _("A new tournament's log starts with tournament_created."))
                row = models.Tournament.objects.create(
                    slug=slug, name=str(header.get("name") or slug)[:200], organisation=token.organisation,
                    city=str(header.get("city") or "")[:100], federation=str(header.get("federation") or "")[:3],
                    start_date=_date(header.get("start_date")), end_date=_date(header.get("end_date")),
                )
            target = row
            eventlog.append_events(target, new, count, None, lambda: eventlog._appended(target, st))
        models.ApiToken.objects.filter(pk=token.pk).update(last_used=dt.datetime.now(dt.UTC))
    return {**_position(row, slug), "appended": len(new), "skipped": skipped}


def _date(value: object) -> dt.date | None:
    text = str(value or "").replace("/", "-")
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        return None


def _language(request: HttpRequest) -> str | None:
    """The client's language (``Accept-Language``: a program, not a visitor of the site, so it asks for its own)."""
    offered = {code for code, _name in settings.LANGUAGES}
    for part in request.META.get("HTTP_ACCEPT_LANGUAGE", "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in offered:
            return code
    return None


@csrf_exempt  # no cookie is read: the token authenticates
def push(request: HttpRequest, slug: str) -> HttpResponse:
    """``GET``: the server's position in the log of ``slug``; ``POST``: append a batch (see the module)."""
    lang = _language(request)
    if lang is None:
        return _push_view(request, slug)
    with translation.override(lang):
        return _push_view(request, slug)


def _push_view(request: HttpRequest, slug: str) -> HttpResponse:
    if request.method not in ("GET", "POST"):
        resp = error_response(405, "method_not_allowed", _("Use GET (the server's position) or POST (a batch)."))
        resp["Allow"] = "GET, POST"
        return _headers(request, resp)
    rate = throttle(request)
    if not rate[0]:
        return refused(request, rate)
    try:
        if not re.fullmatch(r"[-a-z0-9_]{1,80}", slug):
            raise _Refused(400, "bad_parameter", _("%(slug)r is not a tournament slug (lowercase letters, digits, - and _).") % {"slug": slug})
        token = _token(request)
        if request.method == "GET":
            body = _position(_row(slug, token), slug)
        else:
            body = _push(request, slug, token)
    except _Refused as exc:
        return _headers(request, error_response(exc.status, exc.error, exc.detail, **exc.extra), rate)
    except (eventlog.ChangedMeanwhile, IntegrityError):
        return _headers(request, error_response(409, "changed_meanwhile", _("The log changed meanwhile: ask GET for the server's position and send again.")), rate)
    resp = HttpResponse(dumps(body), content_type="application/json")
    resp["Cache-Control"] = "no-store"
    return _headers(request, resp, rate)
