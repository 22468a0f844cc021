"""The page cache's WSGI fast path (web/ops/pagecache.py ``FastPath``, issue 19's load goal): a hit is
answered in front of Django's handler with the status, headers and body Django's own path gives,
and everything that is not an anonymous hit still goes through the whole stack.

Each check sends the same environ to the fast path and to Django's handler alone and compares the
answers (the API's ``RateLimit-Remaining`` is one lower the second time: both count the request)."""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.db.models import F

from arbitro.web.ops import pagecache
from arbitro.web.tournaments import models, store

Answer = tuple[str, list[tuple[str, str]], bytes]


@pytest.fixture
def swiss(fixtures_dir):
    text = (fixtures_dir / "trf" / "small-swiss7-byes-forfeits.trf").read_text(encoding="utf-8")
    return store.import_trf(text, source="small-swiss7.trf")


@pytest.fixture(autouse=True)
def _in_the_test_transaction() -> Iterator[None]:
    """As Django's test client does: the handler's signals must not close the test's connection."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    pagecache.clear()
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)
    pagecache.clear()


class Apps:
    """Django's handler, and the fast path in front of it, counting what reaches Django."""

    def __init__(self) -> None:
        self.django = WSGIHandler()
        self.reached = 0

        def counted(environ: dict[str, Any], start_response: Any) -> Any:
            self.reached += 1
            return self.django(environ, start_response)

        self.fast = pagecache.FastPath(counted)

    @staticmethod
    def call(app: Any, path: str, method: str = "GET", **extra: str) -> Answer:
        environ: dict[str, Any] = {
            "REQUEST_METHOD": method, "SCRIPT_NAME": "", "PATH_INFO": path, "QUERY_STRING": "",
            "SERVER_PROTOCOL": "HTTP/1.1", "HTTP_HOST": "testserver", "REMOTE_ADDR": "10.0.0.9",
            "SERVER_NAME": "testserver", "SERVER_PORT": "80", "wsgi.url_scheme": "http",
            "wsgi.input": io.BytesIO(b""), "wsgi.errors": sys.stderr, "wsgi.version": (1, 0),
            "wsgi.multithread": True, "wsgi.multiprocess": True, "wsgi.run_once": False, **extra,
        }  # fmt: skip
        out: dict[str, Any] = {}

        def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> None:
            out["status"], out["headers"] = status, headers

        result = app(environ, start_response)
        try:
            body = b"".join(result)
        finally:
            if hasattr(result, "close"):
                result.close()
        return out["status"], out["headers"], body

    def both(self, path: str, method: str = "GET", *, hit: bool, **extra: str) -> tuple[Answer, Answer]:
        """The fast path's answer, then Django's to the same request; asserts whether the fast path answered."""
        before = self.reached
        fast = self.call(self.fast, path, method, **extra)
        assert (self.reached == before) is hit, f"{method} {path} {extra}"
        return fast, self.call(self.django, path, method, **extra)


def same(fast: Answer, django: Answer, counted: bool = True) -> None:
    def then(answer: Answer) -> tuple[str, list[tuple[str, str]], bytes]:
        status, headers, body = answer
        return status, [(k, str(int(v) - 1) if k == "RateLimit-Remaining" else v) for k, v in headers], body

    assert (then(fast) if counted else fast) == django


def pages(swiss: models.Tournament) -> list[str]:
    api = f"/api/v1/tournaments/{swiss.slug}"
    return [f"/t/{swiss.slug}/standings/", f"/t/{swiss.slug}/pairings/", f"/t/{swiss.slug}/", f"/t/{swiss.slug}/round/1/",
            f"/t/{swiss.slug}/player/1/", api, f"{api}/standings", f"{api}/rounds/1", f"{api}/players"]  # fmt: skip


@pytest.mark.django_db
def test_hits_get_what_django_answers_and_skip_its_handler(swiss) -> None:
    apps = Apps()
    for path in pages(swiss):
        miss, _ = apps.both(path, hit=False)  # the first reader builds it through the whole stack
        assert miss[0] == "200 OK"
        for method in ("GET", "HEAD"):
            fast, django = apps.both(path, method, hit=True)
            same(fast, django)
            headers = dict(fast[1])
            assert fast[0] == "200 OK" and int(headers["Content-Length"]) == len(miss[2]) > 0
            assert fast[2] == (b"" if method == "HEAD" else miss[2])
            assert "Set-Cookie" not in headers and headers["X-Content-Type-Options"] == "nosniff"
        if path.startswith("/api/"):
            assert headers["Access-Control-Allow-Origin"] == "*" and "RateLimit-Remaining" in headers


@pytest.mark.django_db
def test_validators_304_and_language_as_through_django(swiss) -> None:
    apps = Apps()
    page, api = f"/t/{swiss.slug}/crosstable/", f"/api/v1/tournaments/{swiss.slug}/crosstable"
    etag = dict(apps.call(apps.fast, page)[1])["ETag"]
    fast, django = apps.both(page, hit=True, HTTP_IF_NONE_MATCH=etag)
    same(fast, django)
    assert fast[0] == "304 Not Modified" and fast[2] == b"" and "Content-Type" not in dict(fast[1])
    same(*apps.both(page, hit=True, HTTP_IF_NONE_MATCH='"another"'))
    apps.call(apps.fast, page, HTTP_COOKIE="django_language=en")
    fast, django = apps.both(page, hit=True, HTTP_COOKIE="django_language=en")
    same(fast, django)
    assert dict(fast[1])["Content-Language"] == "en" and dict(fast[1])["ETag"].endswith('-en"')
    full = apps.call(apps.fast, api)
    etag, modified = dict(full[1])["ETag"], dict(full[1])["Last-Modified"]
    conditions = (
        {"HTTP_IF_NONE_MATCH": etag},
        {"HTTP_IF_MODIFIED_SINCE": modified},
        {"HTTP_IF_MATCH": '"x"'},
    )
    for extra in conditions:
        fast, django = apps.both(api, hit=True, **extra)
        same(fast, django)
        assert fast[0] in ("304 Not Modified", "412 Precondition Failed")


@pytest.mark.django_db
def test_the_api_limit_counts_fast_answers_and_refuses_past_it(swiss, settings) -> None:
    from django.core.cache import cache

    cache.clear()
    settings.API_RATE_LIMIT = (4, 60)
    apps = Apps()
    url = f"/api/v1/tournaments/{swiss.slug}/players"
    apps.call(apps.fast, url)  # 1: built
    fast, django = apps.both(url, hit=True)  # 2 and 3
    same(fast, django)
    assert dict(django[1])["RateLimit-Remaining"] == "1"
    fast, django = apps.both(url, hit=True)  # 4 and 5: the fifth is refused
    assert fast[0] == "200 OK" and django[0] == "429 Too Many Requests"
    fast, django = apps.both(url, hit=True)
    assert fast[0] == django[0] == "429 Too Many Requests"
    if dict(fast[1])["Retry-After"] == dict(django[1])["Retry-After"]:  # (unless the second ticked over)
        same(fast, django, counted=False)  # both at 0 remaining
    assert dict(fast[1])["Access-Control-Allow-Origin"] == "*" and "Retry-After" in dict(fast[1])


@pytest.mark.django_db
def test_sessions_flash_messages_other_methods_and_unknown_pages_go_to_django(swiss) -> None:
    apps = Apps()
    url = f"/t/{swiss.slug}/standings/"
    apps.call(apps.fast, url)
    apps.both(url, hit=True)
    for cookie in ("sessionid=abc", "messages=xyz", "sessionid=abc; django_language=en"):
        fast, django = apps.both(url, hit=False, HTTP_COOKIE=cookie)
        assert fast[0] == django[0]
    apps.both(url, "POST", hit=False)
    apps.both(url, "OPTIONS", hit=False)
    assert apps.both("/t/no-such-tournament/standings/", hit=False)[0][0] == "404 Not Found"
    assert apps.both("/static/arbitro/site.css", hit=False)[0][0] in ("200 OK", "404 Not Found")
    swiss.published = False
    swiss.save(update_fields=["published"])
    assert apps.both(url, hit=False)[0][0] == "404 Not Found"  # never the cached copy of the published page


@pytest.mark.django_db
def test_a_new_version_goes_to_django_once_then_is_fast(swiss) -> None:
    apps = Apps()
    url = f"/t/{swiss.slug}/pairings/"
    old = apps.call(apps.fast, url)
    models.Tournament.objects.filter(pk=swiss.pk).update(version=F("version") + 1)
    new = apps.call(apps.fast, url)
    assert apps.reached == 2 and dict(new[1])["ETag"] != dict(old[1])["ETag"]
    same(*apps.both(url, hit=True))


@pytest.mark.django_db
def test_hosts_https_redirect_and_hsts_as_through_django(swiss, settings) -> None:
    settings.ALLOWED_HOSTS = ["results.example.org"]
    apps = Apps()
    url = f"/t/{swiss.slug}/standings/"
    apps.call(apps.fast, url, HTTP_HOST="results.example.org")
    same(*apps.both(url, hit=True, HTTP_HOST="results.example.org"))
    assert apps.both(url, hit=False, HTTP_HOST="evil.example.com")[0][0] == "400 Bad Request"
    settings.SECURE_SSL_REDIRECT = True
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    settings.SECURE_HSTS_SECONDS = 3600
    apps = Apps()  # the middleware's settings are read when it is loaded, by both
    fast, django = apps.both(url, hit=False, HTTP_HOST="results.example.org")
    assert fast[0] == django[0] == "301 Moved Permanently"
    secure = {"HTTP_HOST": "results.example.org", "HTTP_X_FORWARDED_PROTO": "https"}
    apps.call(apps.fast, url, **secure)
    fast, django = apps.both(url, hit=True, **secure)
    same(fast, django)
    assert dict(fast[1])["Strict-Transport-Security"] == "max-age=3600"


@pytest.mark.django_db
def test_off_when_disabled_or_when_the_cache_is_not_right_after_security(swiss, settings) -> None:
    url = f"/t/{swiss.slug}/standings/"
    settings.ARBITRO_FAST_PATH = False
    apps = Apps()
    apps.call(apps.fast, url)
    apps.both(url, hit=False)
    settings.ARBITRO_FAST_PATH = True
    settings.MIDDLEWARE = [pagecache.MIDDLEWARE, pagecache.SECURITY, *settings.MIDDLEWARE[2:]]
    assert not pagecache.FastPath(WSGIHandler()).enabled
