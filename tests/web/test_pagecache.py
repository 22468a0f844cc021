"""The early page cache (web/ops/pagecache.py, issues 19 §2 and 21 §6): repeats of a public page
skip sessions, auth, CSRF and the view; a new version (an event) is the only invalidation."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.db.models import F

from arbitro.web.tournaments import eventlog, models, store, versioned


@pytest.fixture
def swiss(fixtures_dir):
    text = (fixtures_dir / "trf" / "small-swiss7-byes-forfeits.trf").read_text(encoding="utf-8")
    return store.import_trf(text, source="small-swiss7.trf")


@pytest.fixture
def view_calls(monkeypatch):
    calls: list[str] = []
    original = eventlog.cached_page_at

    def counting(t, key, build, **kw):  # type: ignore[no-untyped-def]
        calls.append(key)
        return original(t, key, build, **kw)

    monkeypatch.setattr(eventlog, "cached_page_at", counting)
    return calls


@pytest.mark.django_db
def test_repeat_is_served_before_the_view_with_proxy_headers(client, swiss, view_calls) -> None:
    url = f"/t/{swiss.slug}/standings/"
    first = client.get(url)
    assert first.status_code == 200 and len(view_calls) == 1
    again = client.get(url + "?nocache=123")
    assert again.status_code == 200 and again.content == first.content
    assert len(view_calls) == 1  # the middleware answered: the view did not run
    assert again["ETag"] == first["ETag"] == f'"t{swiss.pk}-v{swiss.version}-es"'
    assert again["Cache-Control"] == "public, no-cache"  # a proxy keeps it and revalidates
    assert "Last-Modified" in again and "Cookie" in again["Vary"]
    assert again["Content-Security-Policy"] == first["Content-Security-Policy"]  # the stored headers
    assert again["Content-Type"].startswith("text/html")
    assert "Set-Cookie" not in again


@pytest.mark.django_db
def test_if_none_match_gets_304_and_head_no_body(client, swiss) -> None:
    url = f"/t/{swiss.slug}/pairings/"
    etag = client.get(url)["ETag"]
    cond = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert cond.status_code == 304 and cond.content == b"" and cond["ETag"] == etag
    head = client.head(url)
    assert head.status_code == 200 and head.content == b"" and int(head["Content-Length"]) > 0


@pytest.mark.django_db
def test_a_new_version_is_the_invalidation(client, swiss, view_calls) -> None:
    url = f"/t/{swiss.slug}/crosstable/"
    old = client.get(url)
    models.Tournament.objects.filter(pk=swiss.pk).update(version=F("version") + 1)
    new = client.get(url, HTTP_IF_NONE_MATCH=old["ETag"])
    assert new.status_code == 200 and new["ETag"] != old["ETag"]  # the old validator no longer matches
    assert len(view_calls) == 2  # built again for the new version


@pytest.mark.django_db
def test_language_is_part_of_the_key(client, swiss) -> None:
    url = f"/t/{swiss.slug}/round/1/"
    es = client.get(url)
    client.cookies["django_language"] = "en"
    en = client.get(url)
    assert en["Content-Language"] == "en" and es["Content-Language"] == "es"
    assert en.content != es.content and en["ETag"].endswith('-en"')


@pytest.mark.django_db
def test_logged_in_readers_and_unpublished_tournaments_take_the_whole_stack(client, swiss, view_calls) -> None:
    url = f"/t/{swiss.slug}/players/"
    client.get(url)
    client.force_login(get_user_model().objects.create_user("reader", password="x" * 12))
    mine = client.get(url)
    assert "private" in mine["Cache-Control"] and "ETag" not in mine
    client.logout()
    swiss.published = False
    swiss.save(update_fields=["published"])
    assert client.get(url).status_code == 404  # never the cached copy of the published page


@pytest.mark.django_db
def test_host_header_is_still_checked(client, swiss, settings) -> None:
    settings.ALLOWED_HOSTS = ["results.example.org"]
    url = f"/t/{swiss.slug}/standings/"
    assert client.get(url, HTTP_HOST="results.example.org").status_code == 200
    assert client.get(url, HTTP_HOST="evil.example.com").status_code == 400


@pytest.mark.django_db
def test_while_a_version_is_built_other_readers_get_the_previous_one(swiss) -> None:
    """One build per version; meanwhile the previous page with its own version (the ETag and data-version say it)."""
    import threading

    old = eventlog.cached_page_at(swiss, "k", lambda: b"one", stale_ok=True)
    swiss.version += 1
    started, release, out = threading.Event(), threading.Event(), []

    def slow() -> bytes:
        started.set()
        release.wait(5)
        return b"two"

    builder = threading.Thread(target=lambda: out.append(eventlog.cached_page_at(swiss, "k", slow, stale_ok=True)))
    builder.start()
    assert started.wait(5)
    assert eventlog.cached_page_at(swiss, "k", lambda: b"never", stale_ok=True) == old
    release.set()
    builder.join(5)
    assert out == [(swiss.version, b"two")]
    assert eventlog.cached_page_at(swiss, "k", lambda: b"never") == (swiss.version, b"two")


@pytest.mark.django_db
def test_api_repeat_is_served_before_the_view_and_still_counted_against_the_limit(client, swiss, view_calls, settings) -> None:
    """Issue 19 §1-2: an API resource is built once per version; a cached answer keeps CORS, the validators and
    the per-client limit (a crowd served from the cache is still counted, so the limit means what it says)."""
    from django.core.cache import cache

    cache.clear()
    settings.API_RATE_LIMIT = (3, 60)
    url = f"/api/v1/tournaments/{swiss.slug}/standings"
    first = client.get(url, REMOTE_ADDR="10.0.0.7")
    assert first.status_code == 200 and len(view_calls) == 1
    again = client.get(url + "?x=1", REMOTE_ADDR="10.0.0.7", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again["ETag"] == first["ETag"] == f'"t{swiss.pk}-v{swiss.version}"'
    assert again["Access-Control-Allow-Origin"] == "*" and again["RateLimit-Remaining"] == "1"
    third = client.get(url, REMOTE_ADDR="10.0.0.7")
    assert third.status_code == 200 and third.content == first.content and third["RateLimit-Remaining"] == "0"
    assert third["Content-Type"] == "application/json" and third["Cache-Control"] == "public, no-cache"
    assert len(view_calls) == 1  # the middleware answered twice: the view did not run
    refused = client.get(url, REMOTE_ADDR="10.0.0.7")
    assert refused.status_code == 429 and json.loads(refused.content)["error"] == "rate_limited"
    assert client.get(url, REMOTE_ADDR="10.0.0.8").status_code == 200  # another client has its own count


@pytest.mark.django_db
def test_while_one_request_builds_a_new_version_the_readers_get_the_previous_one_before_the_view(client, swiss, view_calls) -> None:
    """The early cache (issue 19): one request builds; the others meanwhile get the previous version with its own
    ETag, without the stack (before, each went through the whole stack to the view for the same old page)."""
    import time

    from arbitro.web.ops import pagecache

    url = f"/t/{swiss.slug}/pairings/"
    old = client.get(url)
    api = client.get(f"/api/v1/tournaments/{swiss.slug}/rounds/1")
    models.Tournament.objects.filter(pk=swiss.pk).update(version=F("version") + 1)
    calls = len(view_calls)
    pagecache._BUILDING[(url, "es", swiss.pk)] = time.monotonic()  # a request of another thread builds it
    pagecache._BUILDING[(f"/api/v1/tournaments/{swiss.slug}/rounds/1", pagecache.API, swiss.pk)] = time.monotonic()
    stale = client.get(url)
    assert stale.content == old.content and stale["ETag"] == old["ETag"]  # says which version it is
    stale_api = client.get(f"/api/v1/tournaments/{swiss.slug}/rounds/1")
    assert stale_api.content == api.content and stale_api["ETag"] == api["ETag"]
    assert len(view_calls) == calls
    pagecache._BUILDING.clear()  # that build is over: the next reader builds the new version
    new = client.get(url)
    assert new["ETag"] != old["ETag"] and len(view_calls) == calls + 1


@pytest.mark.django_db
def test_concurrent_readers_of_a_new_version_share_one_replay(swiss) -> None:
    """store.cached: the threads asking for the same value of a new version wait for one build."""
    import threading

    started, release, built = threading.Event(), threading.Event(), []

    def slow() -> str:
        built.append(1)
        started.set()
        release.wait(5)
        return "state"

    out: list[str] = []
    first = threading.Thread(target=lambda: out.append(store.cached(swiss, "replay", slow)))
    first.start()
    assert started.wait(5)
    second = threading.Thread(target=lambda: out.append(store.cached(swiss, "replay", slow)))
    second.start()
    second.join(0.2)
    assert second.is_alive()  # waiting for the first build, not building
    release.set()
    first.join(5)
    second.join(5)
    assert out == ["state", "state"] and built == [1]


@pytest.mark.django_db
def test_processes_share_a_build_through_the_shared_cache(swiss, monkeypatch) -> None:
    """With REDIS_URL (issue 19 §2): the process that claims a page builds it; another one shows its previous
    version meanwhile, or, with none, waits for the bytes in the shared cache instead of building them too."""
    from django.core.cache import cache

    cache.clear()
    monkeypatch.setattr(versioned, "shared_cache", lambda: cache)
    old = eventlog.cached_page_at(swiss, "k", lambda: b"one", stale_ok=True)
    swiss.version += 1
    skey = f"page:{cache.get('page-generation', 0)}:{swiss.pk}:{swiss.version}:k"
    assert cache.add(f"{skey}:building", 1)  # another process claimed this version
    assert eventlog.cached_page_at(swiss, "k", lambda: b"never", stale_ok=True) == old
    cache.set(skey, b"two")  # that process is done
    assert eventlog.cached_page_at(swiss, "k", lambda: b"never", stale_ok=True) == (swiss.version, b"two")
    monkeypatch.setattr(versioned, "SHARED_WAIT", 0.2)
    swiss.version += 1
    skey = f"page:{cache.get('page-generation', 0)}:{swiss.pk}:{swiss.version}:other"
    assert cache.add(f"{skey}:building", 1)
    assert eventlog.cached_page_at(swiss, "other", lambda: b"built here") == (swiss.version, b"built here")  # builder gone
