"""Cached public pages served before sessions, authentication and CSRF (issues 19 §2 and 21 §6).

A public tournament page is the same bytes for every anonymous reader of one language
as long as the tournament's version (its event log's length) does not change. The
views build it once per version (:func:`arbitro.web.tournaments.eventlog.cached_page`);
this middleware, placed right after ``SecurityMiddleware``, answers repeats from those
bytes without running the rest of the stack: one indexed query for the version, a
dictionary lookup, and the stored headers. A cache-busting client (random query
strings) costs the same as a reader, since the key is path + language + version and
never the query string.

Only requests that cannot be anyone's private view take the short path: ``GET``/``HEAD``
of a public page (:data:`PUBLIC_PAGE`), no session cookie (so nobody logged in) and no
flash-message cookie. Everything else, and every miss, goes through the whole stack;
the page's view marks its response (``arbitro_page``) and the response is remembered
here with its headers (never one that sets a cookie).

HTTP caching for a proxy or CDN: ``ETag`` (tournament, version, language),
``Last-Modified`` and ``Cache-Control: public, no-cache``: a shared cache may keep the
page but revalidates each time, and the revalidation is a 304 from this middleware. The
page changes only by event (a new version), never by time; ``ARBITRO_PUBLIC_MAX_AGE``
(seconds, default 0) lets a federation accept that much staleness at its CDN instead.
"""

from __future__ import annotations

import re
import sqlite3
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from wsgiref.types import StartResponse, WSGIApplication, WSGIEnvironment

from django.conf import settings
from django.core.handlers.wsgi import WSGIRequest
from django.db import connections, router
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.middleware.security import SecurityMiddleware
from django.utils.http import http_date
from django.utils.log import log_response

from arbitro.web.api import http as api_http
from arbitro.web.tournaments import models

from . import dbrouter

# The public pages of a tournament (public/urls.py); not version.json, downloads or forms.
PUBLIC_PAGE = re.compile(
    r"^/t/(?P<slug>[-a-zA-Z0-9_]+)/(?:players/|pairings/|round/\d+/|standings/|crosstable/|norms/|player/\d+/)?$"
)
# A tournament's API resources (api/urls.py): the same body for every reader, in every language.
API_PAGE = re.compile(
    r"^/api/v1/tournaments/(?P<slug>[-a-zA-Z0-9_]+)"
    r"(?:/players(?:/\d+)?|/rounds(?:/\d+)?|/standings(?:/\d+)?|/crosstable|/norms)?$"
)
API = "api"  # the "language" of an API resource's key
SKIPPED_HEADERS = {"set-cookie", "date", "content-length"}
# The stored headers a 304 repeats (both paths: the middleware's and :class:`FastPath`'s).
NOT_MODIFIED_KEEPS = ("Vary", "Content-Language")
# Set per answer, not stored: the validators and the API's per-client counters.
PER_ANSWER = {
    "etag",
    "last-modified",
    "cache-control",
    "ratelimit-limit",
    "ratelimit-remaining",
    "ratelimit-reset",
}
# The readers of a page get its previous version while one request builds the new one (issue 19:
# a result is to be visible within 2 s of being saved, so a build is a fraction of that). Sending
# them to the view meanwhile would only give them the same page (the view's ``stale_ok``) for the
# cost of the whole stack, and slow the build down; past this many seconds (a build that never
# ends) they go to the view, which builds the page itself.
STALE_SECONDS = 10.0


@dataclass(frozen=True, slots=True)
class Page:
    body: bytes
    headers: tuple[tuple[str, str], ...]
    etag: str
    last_modified: str
    version: int = 0
    modified: int = 0  # Last-Modified as a timestamp (the API's If-Modified-Since)
    # The headers of a full answer as Django's response holds them (lower-case name -> (name, value)):
    # its default Content-Type, then the stored ones (the WSGI fast path, :class:`FastPath`).
    base: dict[str, tuple[str, str]] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.base["content-type"] = ("Content-Type", "text/html; charset=utf-8")
        for name, value in self.headers:
            self.base[name.lower()] = (name, value)


_PAGES: OrderedDict[tuple[str, str, int, int], Page] = OrderedDict()
_SIZE = 256
_LOCK = threading.Lock()
# The newest page of each (path, language, tournament), and when a request went to build a newer one.
_LATEST: OrderedDict[tuple[str, str, int], Page] = OrderedDict()
_BUILDING: dict[tuple[str, str, int], float] = {}
# When the view answered with the previous version (another process builds the new one, web/
# tournaments/versioned.py): until then the readers get it here, without the whole stack.
_RECHECK: dict[tuple[str, str, int], float] = {}
# How often one reader goes through the whole stack to ask whether the new version has come. Each
# recheck costs the stack, the view's queries and a shared-cache read, per page and process; with the
# pages built ahead by the worker (ops/prebuild.py) a version is awaited for a few hundred ms, and
# rechecks every 50 ms cost more CPU than the readers' hits (2026-12-02 load run). 0.2 s adds at most
# that to a result's delay (the goal: visible within 2 s).
RECHECK_SECONDS = 0.2


def clear() -> None:
    with _LOCK:
        _PAGES.clear()
        _LATEST.clear()
        _BUILDING.clear()
        _RECHECK.clear()


def max_age() -> int:
    return int(getattr(settings, "ARBITRO_PUBLIC_MAX_AGE", 0))


def cache_control() -> str:
    age = max_age()
    return f"public, max-age={age}" if age > 0 else "public, no-cache"


def etag_for(pk: int, version: int, lang: str) -> str:
    return f'"t{pk}-v{version}-{lang}"'


def _language(request: HttpRequest) -> str:
    supported = {code for code, _ in settings.LANGUAGES}
    cookie = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "")
    return cookie if cookie in supported else str(settings.LANGUAGE_CODE)


def anonymous(request: HttpRequest) -> bool:
    """No session (so no login) and no flash messages waiting: the page is everyone's page."""
    cookies = request.COOKIES
    return settings.SESSION_COOKIE_NAME not in cookies and "messages" not in cookies


_SQL = ""
_LOCAL = threading.local()


def _sqlite_reader(name: str) -> sqlite3.Connection:
    """A read-only SQLite connection of this server thread, kept open (WAL: it never blocks the writer).

    Django's own connection is opened and closed per request (its PRAGMAs included): that cost more
    than the rest of a cache hit. This one can only read, so it can never be left holding a lock.
    """
    conn: sqlite3.Connection | None = getattr(_LOCAL, "conn", None)
    if conn is None or getattr(_LOCAL, "name", "") != name:
        conn = sqlite3.connect(f"file:{name}?mode=ro", uri=True, timeout=5, check_same_thread=True)
        _LOCAL.conn, _LOCAL.name = conn, name
    return conn


def _version(slug: str, fresh: bool = False) -> tuple[int, int] | None:
    """``(pk, version)`` of a published tournament: the one query of a cache hit.

    Plain SQL (compiling the ORM query cost as much as the rest of a hit), on a kept read-only
    connection for a SQLite file, else on Django's connection (PostgreSQL keeps it; the replica's
    when there is one).
    """
    global _SQL
    db = connections[router.db_for_read(models.Tournament) or "default"]
    if not _SQL:
        table = db.ops.quote_name(models.Tournament._meta.db_table)
        _SQL = f"SELECT id, version FROM {table} WHERE slug = %s AND published"  # noqa: S608 - a table name
    name = str(db.settings_dict.get("NAME") or "")
    if db.vendor == "sqlite" and not db.is_in_memory_db():
        try:
            row = _sqlite_reader(name).execute(_SQL.replace("%s", "?"), (slug,)).fetchone()
        except sqlite3.Error:
            _LOCAL.conn = None
            raise
    else:
        if fresh and not db.in_atomic_block:
            db.close_if_unusable_or_obsolete()  # request_started's check (the fast path sends no signal)
        with db.cursor() as cursor:
            cursor.execute(_SQL, [slug])
            row = cursor.fetchone()
    return (int(row[0]), int(row[1])) if row else None


def _hit(key: tuple[str, str, int, int], flight: tuple[str, str, int], now: float) -> Page | None:
    """The page to answer from memory, else ``None`` (the whole stack builds it). Under ``_LOCK``.

    One request builds a new version (or fetches it from the shared cache); the other readers
    meanwhile get the previous one, with its own ETag (never for long).
    """
    page = _PAGES.get(key)
    if page is not None:
        _PAGES.move_to_end(key)
        return page
    started, latest = _BUILDING.get(flight), _LATEST.get(flight)
    if latest is not None and (
        (started is not None and now - started < STALE_SECONDS) or _RECHECK.get(flight, 0.0) > now
    ):
        return latest
    return None


def _answer(request: HttpRequest, page: Page) -> HttpResponse:
    if page.etag in request.headers.get("If-None-Match", ""):
        resp: HttpResponse = HttpResponseNotModified()
        for name in NOT_MODIFIED_KEEPS:
            value = dict(page.headers).get(name)
            if value:
                resp[name] = value
    else:
        resp = _full(request, page)
    resp["ETag"] = page.etag
    resp["Last-Modified"] = page.last_modified
    resp["Cache-Control"] = cache_control()
    return resp


def _full(request: HttpRequest, page: Page) -> HttpResponse:
    resp = HttpResponse(b"" if request.method == "HEAD" else page.body)
    for name, value in page.headers:
        resp[name] = value
    # As the whole stack's answer has it (CommonMiddleware): the server then sends the body as it
    # is, not in chunks (one write fewer per answer).
    resp["Content-Length"] = str(len(page.body))
    return resp


def _api_answer(request: HttpRequest, page: Page) -> HttpResponse:
    """An API resource from the cache: counted against the client's limit like any other (api/http.py)."""
    rate = api_http.throttle(request)
    if not rate[0]:
        return api_http.refused(request, rate)
    return _api_counted(request, page, rate)


def _api_counted(request: HttpRequest, page: Page, rate: tuple[bool, int, int, int]) -> HttpResponse:
    conditional = api_http.conditional_response(request, etag=page.etag, last_modified=page.modified)
    if conditional is not None:  # 304 (or 412 for a failed If-Match), as the view answers it
        resp: HttpResponse = conditional
        for name, value in page.headers:
            if name.lower() != "content-type":
                resp[name] = value
    else:
        resp = _full(request, page)
    resp["ETag"] = page.etag
    resp["Last-Modified"] = page.last_modified
    resp["Cache-Control"] = api_http.CACHE_CONTROL
    return api_http._headers(request, resp, rate)


class PublicPageCacheMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method not in ("GET", "HEAD") or not anonymous(request):
            return self.get_response(request)
        match = PUBLIC_PAGE.match(request.path_info)
        api = API_PAGE.match(request.path_info) if match is None else None
        public = match is not None or request.path_info.startswith("/api/")
        token = dbrouter.PUBLIC_READ.set(public)  # the replica's reads, when there is one (ops/dbrouter.py)
        try:
            if match is not None:
                return self._page(request, match["slug"], _language(request))
            if api is not None:
                return self._page(request, api["slug"], API)
            return self.get_response(request)
        finally:
            dbrouter.PUBLIC_READ.reset(token)

    def _page(self, request: HttpRequest, slug: str, lang: str) -> HttpResponse:
        request.get_host()  # ALLOWED_HOSTS still applies (DisallowedHost: 400)
        found = _version(slug)
        if found is None:
            return self.get_response(request)  # unknown or unpublished: the view's own 404
        pk, version = found
        key = (request.path_info, lang, pk, version)
        flight = (request.path_info, lang, pk)
        now = time.monotonic()
        with _LOCK:
            page = _hit(key, flight, now)
            if page is None:
                _BUILDING[flight] = now
        if page is not None:
            return _api_answer(request, page) if lang == API else _answer(request, page)
        try:
            response = self.get_response(request)
        finally:
            with _LOCK:
                if _BUILDING.get(flight) == now:
                    del _BUILDING[flight]
        marked = getattr(response, "arbitro_page", None)
        if (
            marked is None
            or response.status_code != 200
            or response.cookies
            or getattr(response, "streaming", False)
            or (lang != API and response.get("Content-Language", lang) != lang)
        ):
            return response
        row_pk, row_version, updated = marked
        if row_version < version:  # the view's previous version: the new one is being built elsewhere
            with _LOCK:
                _RECHECK[flight] = time.monotonic() + RECHECK_SECONDS
                if len(_RECHECK) > _SIZE:
                    _RECHECK.clear()
        page = Page(
            body=response.content,
            headers=tuple(
                (k, v) for k, v in response.items() if k.lower() not in SKIPPED_HEADERS | PER_ANSWER
            ),
            etag=response["ETag"] if lang == API else etag_for(row_pk, row_version, lang),
            last_modified=http_date(updated.timestamp()),
            version=row_version,
            modified=int(updated.timestamp()),
        )
        with _LOCK:
            _PAGES[(request.path_info, lang, row_pk, row_version)] = page
            while len(_PAGES) > _SIZE:
                _PAGES.popitem(last=False)
            latest = _LATEST.get(flight)
            if latest is None or latest.version <= row_version:
                _LATEST[flight] = page
                _LATEST.move_to_end(flight)
                while len(_LATEST) > _SIZE:
                    _LATEST.popitem(last=False)
        if lang != API:
            response["ETag"] = page.etag
            response["Last-Modified"] = page.last_modified
            response["Cache-Control"] = cache_control()
        return response


SECURITY = "django.middleware.security.SecurityMiddleware"
MIDDLEWARE = "arbitro.web.ops.pagecache.PublicPageCacheMiddleware"
CONDITIONAL = ("HTTP_IF_NONE_MATCH", "HTTP_IF_MATCH", "HTTP_IF_MODIFIED_SINCE", "HTTP_IF_UNMODIFIED_SINCE")


class FastPath:
    """The page cache's hits answered in front of Django's WSGI handler (issue 19 load goal).

    A hit through Django costs ~0.09 ms of CPU in-process, ~0.03 ms of it the hit itself: the rest
    is the handler (its request_started/request_finished signals, the middleware chain, the
    response object and its headers). This WSGI application answers the same hits with the same
    status, headers and body as :class:`PublicPageCacheMiddleware` behind ``SecurityMiddleware``
    would (a test compares the two, request by request), and hands everything else to Django
    untouched: other methods and paths, a session or a flash-message cookie, an ``https``
    redirect to make, a host outside ``ALLOWED_HOSTS``, an unknown tournament, any error, and every
    miss (the middleware then builds, single-flight, as before). So only anonymous ``GET``/``HEAD``
    of a public page or API resource whose bytes are already in this process's cache take it; the
    API's rate limit counts them as before and its 429, a 412 or a 304 with a date is built with
    Django's own objects. It is on only when the page cache stands right after
    ``SecurityMiddleware`` (the only middleware a hit passes) and ``ARBITRO_FAST_PATH`` is not 0.
    """

    def __init__(self, app: WSGIApplication) -> None:
        self.app = app
        first = list(settings.MIDDLEWARE)[:2]
        self.enabled = bool(getattr(settings, "ARBITRO_FAST_PATH", True)) and first == [SECURITY, MIDDLEWARE]
        # Read once, as the handler's own instance reads them when it loads the middleware.
        self.security = SecurityMiddleware(lambda request: HttpResponse())
        self.sts = ""
        if self.security.sts_seconds:
            self.sts = f"max-age={self.security.sts_seconds}"
            self.sts += "; includeSubDomains" if self.security.sts_include_subdomains else ""
            self.sts += "; preload" if self.security.sts_preload else ""
        policy = self.security.referrer_policy or ""
        self.referrer = ",".join(
            [v.strip() for v in policy.split(",")] if isinstance(policy, str) else policy
        )

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        if self.enabled and environ.get("REQUEST_METHOD") in ("GET", "HEAD"):
            path = environ.get("PATH_INFO", "")
            if path.startswith(("/t/", "/api/v1/tournaments/")):
                try:
                    answer = self._hit(environ)
                except Exception:  # noqa: BLE001 - Django answers it (and logs the error) as it always did
                    answer = None
                if answer is not None:
                    status, headers, body = answer
                    start_response(status, headers)
                    return [body]
        return self.app(environ, start_response)

    def _hit(self, environ: WSGIEnvironment) -> tuple[str, list[tuple[str, str]], bytes] | None:
        # A copy: the request decodes PATH_INFO and SCRIPT_NAME in place, Django gets them as they came.
        request = WSGIRequest(dict(environ))
        path = request.path_info
        match = PUBLIC_PAGE.match(path)
        api = API_PAGE.match(path) if match is None else None
        if (match is None and api is None) or not anonymous(request):
            return None
        if self.security.redirect and not request.is_secure():
            return None  # SecurityMiddleware's redirect to https
        request.get_host()  # ALLOWED_HOSTS: a DisallowedHost goes to Django (its 400 and log line)
        slug = (match or api)["slug"]  # type: ignore[index]
        lang = _language(request) if match is not None else API
        token = dbrouter.PUBLIC_READ.set(True)
        try:
            found = _version(slug, fresh=True)
        finally:
            dbrouter.PUBLIC_READ.reset(token)
        if found is None:
            return None
        pk, version = found
        with _LOCK:
            page = _hit((path, lang, pk, version), (path, lang, pk), time.monotonic())
        if page is None:
            return None  # the middleware builds it (or waits for the build), as without this
        if lang == API:
            return self._api(request, page)
        head = request.method == "HEAD"
        if page.etag in environ.get("HTTP_IF_NONE_MATCH", ""):
            headers: dict[str, tuple[str, str]] = {}
            stored = dict(page.headers)
            for name in NOT_MODIFIED_KEEPS:
                if stored.get(name):
                    headers[name.lower()] = (name, stored[name])
            status, body = "304 Not Modified", b""
        else:
            headers = dict(page.base)
            headers["content-length"] = ("Content-Length", str(len(page.body)))
            status, body = "200 OK", b"" if head else page.body
        headers["etag"] = ("ETag", page.etag)
        headers["last-modified"] = ("Last-Modified", page.last_modified)
        headers["cache-control"] = ("Cache-Control", cache_control())
        return status, self._secured(request, headers), body

    def _api(self, request: HttpRequest, page: Page) -> tuple[str, list[tuple[str, str]], bytes]:
        rate = api_http.throttle(request)
        if not rate[0]:
            return self._django(request, api_http.refused(request, rate))
        if any(h in request.META for h in CONDITIONAL):  # Django's objects, as the middleware builds them
            return self._django(request, _api_counted(request, page, rate))
        headers = dict(page.base)
        headers["content-length"] = ("Content-Length", str(len(page.body)))
        headers["etag"] = ("ETag", page.etag)
        headers["last-modified"] = ("Last-Modified", page.last_modified)
        headers["cache-control"] = ("Cache-Control", api_http.CACHE_CONTROL)
        headers["access-control-allow-origin"] = ("Access-Control-Allow-Origin", "*")
        headers["access-control-expose-headers"] = ("Access-Control-Expose-Headers", api_http.EXPOSED)
        headers["ratelimit-limit"] = ("RateLimit-Limit", str(rate[1]))
        headers["ratelimit-remaining"] = ("RateLimit-Remaining", str(rate[2]))
        headers["ratelimit-reset"] = ("RateLimit-Reset", str(rate[3]))
        body = b"" if request.method == "HEAD" else page.body
        return "200 OK", self._secured(request, headers), body

    def _secured(self, request: HttpRequest, headers: dict[str, tuple[str, str]]) -> list[tuple[str, str]]:
        """``SecurityMiddleware.process_response`` on the headers (its settings, its order)."""
        if self.sts and "strict-transport-security" not in headers and request.is_secure():
            headers["strict-transport-security"] = ("Strict-Transport-Security", self.sts)
        if self.security.content_type_nosniff:
            headers.setdefault("x-content-type-options", ("X-Content-Type-Options", "nosniff"))
        if self.referrer:
            headers.setdefault("referrer-policy", ("Referrer-Policy", self.referrer))
        coop = self.security.cross_origin_opener_policy
        if coop:
            headers.setdefault("cross-origin-opener-policy", ("Cross-Origin-Opener-Policy", coop))
        return list(headers.values())

    def _django(self, request: HttpRequest, resp: HttpResponse) -> tuple[str, list[tuple[str, str]], bytes]:
        """A response object answered as Django's handler answers it behind SecurityMiddleware."""
        resp = self.security.process_response(request, resp)
        if resp.status_code >= 400:
            log_response("%s: %s", resp.reason_phrase, request.path, response=resp, request=request)
        return f"{resp.status_code} {resp.reason_phrase}", list(resp.items()), resp.content
