"""The early page cache (web/ops/pagecache.py, issues 19 §2 and 21 §6): repeats of a public page
skip sessions, auth, CSRF and the view; a new version (an event) is the only invalidation."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db.models import F

from arbitro.web.tournaments import models, store


@pytest.fixture
def swiss(shared):
    text = (shared / "trf" / "small-swiss7-byes-forfeits.trf").read_text(encoding="utf-8")
    return store.import_trf(text, source="small-swiss7.trf")


@pytest.fixture
def view_calls(monkeypatch):
    calls: list[str] = []
    original = store.cached_page_at

    def counting(t, key, build, **kw):  # type: ignore[no-untyped-def]
        calls.append(key)
        return original(t, key, build, **kw)

    monkeypatch.setattr(store, "cached_page_at", counting)
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

    old = store.cached_page_at(swiss, "k", lambda: b"one", stale_ok=True)
    swiss.version += 1
    started, release, out = threading.Event(), threading.Event(), []

    def slow() -> bytes:
        started.set()
        release.wait(5)
        return b"two"

    builder = threading.Thread(target=lambda: out.append(store.cached_page_at(swiss, "k", slow, stale_ok=True)))
    builder.start()
    assert started.wait(5)
    assert store.cached_page_at(swiss, "k", lambda: b"never", stale_ok=True) == old
    release.set()
    builder.join(5)
    assert out == [(swiss.version, b"two")]
    assert store.cached_page_at(swiss, "k", lambda: b"never") == (swiss.version, b"two")
