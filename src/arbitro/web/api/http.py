"""The HTTP side of every API response: JSON errors, CORS, rate limiting, ETag/Last-Modified and 304.

* CORS (GET only, no credentials): ``Access-Control-Allow-Origin: *`` on every
  answer, a preflight ``OPTIONS`` answered with 204.
* Rate limiting per client address (``REMOTE_ADDR``) in Django's cache: a fixed
  window of ``API_RATE_LIMIT = (requests, seconds)`` (settings, else the
  ``ARBITRO_API_RATE`` environment variable ``"600/60"``); beyond it a JSON 429
  with ``Retry-After``.
* Conditional requests: the view names the ETag and Last-Modified of the
  resource *before* building it (a tournament's log version and its last
  change), so a matching ``If-None-Match`` costs one small query and a 304.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils.cache import get_conditional_response
from django.utils.http import http_date, quote_etag
from django.views.decorators.csrf import csrf_exempt

METHODS = ("GET", "HEAD", "OPTIONS")
EXPOSED = "ETag, Last-Modified, Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset"


def conditional_response(request: HttpRequest, *, etag: str, last_modified: int) -> HttpResponse | None:
    """Django's 304/412 answer, an ``If-Modified-Since`` later than now ignored (issue 38).

    RFC 9110 §13.1.3: a date later than the server's current time is not a valid date to compare
    with; Django's own check answered it 304 whatever the resource's date, for ever.
    """
    from django.utils.http import parse_http_date_safe

    since = request.META.get("HTTP_IF_MODIFIED_SINCE")
    if since:
        when = parse_http_date_safe(since)
        if when is not None and when > time.time():
            del request.META["HTTP_IF_MODIFIED_SINCE"]
    return get_conditional_response(request, etag=etag, last_modified=last_modified)


class ApiError(Exception):
    """An answer other than 200: ``status``, a stable ``error`` code and a sentence for people."""

    def __init__(self, status: int, error: str, detail: str) -> None:
        super().__init__(detail)
        self.status, self.error, self.detail = status, error, detail


CACHE_CONTROL = "public, no-cache"  # always revalidate: a result may come in any second


@dataclass(frozen=True, slots=True)
class Resource:
    """What a view answers: the validators first, the body built only when needed (bytes of JSON).

    A tournament's resource also gives ``versioned``: ``(version, body)`` built once per version
    of the tournament ``pk`` (now at ``version``); while another thread builds this version it
    may answer the previous one, whose ETag is then its own (``eventlog.cached_page_at``).
    """

    etag: str
    last_modified: dt.datetime
    body: Callable[[], bytes]
    versioned: Callable[[], tuple[int, bytes]] | None = None
    pk: int = 0
    version: int = 0


def dumps(data: object) -> bytes:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()


def error_response(status: int, error: str, detail: str, **extra: object) -> HttpResponse:
    resp = HttpResponse(
        dumps({"error": error, "detail": detail, **extra}), status=status, content_type="application/json"
    )
    resp["Cache-Control"] = "no-store"
    return resp


def rate_limit() -> tuple[int, int]:
    """``(requests, seconds)`` allowed per client address."""
    configured = getattr(settings, "API_RATE_LIMIT", None)
    if configured:
        return int(configured[0]), int(configured[1])
    text = os.environ.get("ARBITRO_API_RATE", "600/60")
    requests, _, seconds = text.partition("/")
    return max(int(requests), 1), max(int(seconds or 60), 1)


def _throttle(request: HttpRequest) -> tuple[bool, int, int, int]:
    """Count this request in its client's window: ``(allowed, limit, remaining, seconds to the next window)``."""
    limit, window = rate_limit()
    now = int(time.time())
    start = now - now % window
    key = f"arbitro-api-rate:{request.META.get('REMOTE_ADDR', '')}:{start}"
    count = _count_redis(key, window + 1, limit)
    if count is None:
        cache.add(key, 0, timeout=window + 1)
        try:
            count = cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.set(key, 1, timeout=window + 1)
            count = 1
    return count <= limit, limit, max(limit - count, 0), start + window - now


# On Redis, a process counts a generous limit's requests in batches: one INCRBY per BATCH requests of
# an address instead of one round trip per request (with 100 readers, most of the API's cost of a
# cached answer on a loaded machine: 2026-12-02 load run, issue 19). A limit under BATCH_FROM stays
# exact (every request counted at once), as does every request once the window's count, as this
# process knows it, is within BATCH_MARGIN batches of the limit: the overshoot is at most one batch per
# web process, a fraction of a percent of the limit.
BATCH_FROM = 1000
BATCH = 32
BATCH_MARGIN = 10
_UNSENT: dict[str, list[int]] = {}  # window key -> [requests not yet sent, the count Redis last answered]
_UNSENT_LOCK = threading.Lock()


def _count_redis(key: str, timeout: int, limit: int = 0) -> int | None:
    """On Redis, the window's count (INCRBY, then EXPIRE only when the key is new, one round trip);
    else ``None``. Django's ``add`` + ``incr`` are three round trips (its ``incr`` asks EXISTS first),
    paid by every API request, cached or not. With a ``limit`` of at least :data:`BATCH_FROM`, the
    count is sent every :data:`BATCH` requests (the answer meanwhile: the last count plus this
    process's unsent ones)."""
    from django.core.cache import caches
    from django.core.cache.backends.redis import RedisCache

    backend = caches["default"]
    if not isinstance(backend, RedisCache):
        return None
    batched = limit >= BATCH_FROM
    with _UNSENT_LOCK:
        entry = _UNSENT.get(key)
        if entry is None:
            if len(_UNSENT) > 4096:  # the windows past (their counts expire in Redis anyway)
                _UNSENT.clear()
            entry = _UNSENT[key] = [0, 0]
        entry[0] += 1
        if batched and entry[0] < BATCH and entry[1] + entry[0] < limit - BATCH_MARGIN * BATCH:
            return entry[1] + entry[0]
        unsent, entry[0] = entry[0], 0
    full = backend.make_and_validate_key(key)
    pipe = backend._cache.get_client(full, write=True).pipeline()
    pipe.incrby(full, unsent)
    pipe.expire(full, timeout, nx=True)
    count = int(pipe.execute()[0])
    with _UNSENT_LOCK:
        entry[1] = max(entry[1], count)
    return count


def refused(request: HttpRequest, rate: tuple[bool, int, int, int]) -> HttpResponse:
    """The JSON 429 of a client over its limit (``rate`` from :func:`throttle`)."""
    _, limit, _, reset = rate
    retry = max(reset, 1)
    resp = error_response(
        429,
        "rate_limited",
        f"Too many requests from this address: at most {limit} every {rate_limit()[1]} s. Retry in {retry} s.",
        retry_after=retry,
    )
    resp["Retry-After"] = str(retry)
    return _headers(request, resp, rate)


throttle = _throttle


def _headers(
    request: HttpRequest, resp: HttpResponse, rate: tuple[bool, int, int, int] | None = None
) -> HttpResponse:
    # The answer is the same for every visitor: the language middleware looked at the login (and so the
    # session), but nothing here depends on it, so no ``Vary: Cookie`` that would stop shared caches.
    session = getattr(request, "session", None)
    if session is not None and not session.modified:
        session.accessed = False
    resp["Access-Control-Allow-Origin"] = "*"
    resp["Access-Control-Expose-Headers"] = EXPOSED
    if rate is not None:
        resp["RateLimit-Limit"], resp["RateLimit-Remaining"], resp["RateLimit-Reset"] = (
            str(v) for v in rate[1:]
        )
    return resp


def api_view(view: Callable[..., Resource]) -> Callable[..., HttpResponse]:
    """Wrap a view returning a :class:`Resource` with the API's HTTP behaviour (see the module)."""

    @csrf_exempt  # read-only, no cookie is read: every other method gets a JSON 405, not a CSRF page
    @wraps(view)
    def wrapper(request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
        if request.method == "OPTIONS":  # CORS preflight: not counted
            resp = HttpResponse(status=204)
            resp["Access-Control-Allow-Methods"] = ", ".join(METHODS)
            resp["Access-Control-Allow-Headers"] = "If-None-Match, If-Modified-Since"
            resp["Access-Control-Max-Age"] = "86400"
            resp["Allow"] = ", ".join(METHODS)
            return _headers(request, resp)
        if request.method not in ("GET", "HEAD"):
            resp = error_response(405, "method_not_allowed", "This API is read-only: use GET.")
            resp["Allow"] = ", ".join(METHODS)
            return _headers(request, resp)
        rate = _throttle(request)
        if not rate[0]:
            return refused(request, rate)
        try:
            res = view(request, *args, **kwargs)
            etag = quote_etag(res.etag)
            last_modified = int(res.last_modified.timestamp())
            conditional = conditional_response(request, etag=etag, last_modified=last_modified)
            if conditional is not None:  # 304 (or 412 for a failed If-Match)
                resp = conditional
            elif res.versioned is not None:  # a tournament's resource: maybe the version before (see Resource)
                built, content = res.versioned()
                if built != res.version:
                    etag = quote_etag(f"t{res.pk}-v{built}")
                    conditional = conditional_response(request, etag=etag, last_modified=last_modified)
                resp = conditional or HttpResponse(content, content_type="application/json")
                if conditional is None:
                    resp.arbitro_page = (res.pk, built, res.last_modified)  # ops.pagecache keeps it
            else:
                resp = HttpResponse(res.body(), content_type="application/json")
        except ApiError as exc:
            return _headers(request, error_response(exc.status, exc.error, exc.detail), rate)
        resp["ETag"] = etag
        resp["Last-Modified"] = http_date(last_modified)
        resp["Cache-Control"] = CACHE_CONTROL
        return _headers(request, resp, rate)

    return wrapper
