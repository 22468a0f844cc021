"""Hot public pages built once per version ahead of the readers (web/ops/prebuild.py, issue 19 load goal)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache

from arbitro.web.ops import prebuild
from arbitro.web.tournaments import eventlog, models, service, versioned


def _play(svc) -> None:  # type: ignore[no-untyped-def]
    for i in range(8):
        svc.register_player(f"Jugador, {chr(65 + i)}", rating=2000 - 10 * i)
    svc.pair_next_round(seed=1)
    svc.publish_round()


@pytest.fixture
def row():
    return service.create({"name": "Prebuild Open", "system": "swiss", "rounds": 3}, None, build=_play)


@pytest.fixture
def arbiter():
    return get_user_model().objects.create_user("arb", password="pw-arb-123")


def _get(client, path: str, lang: str) -> bytes:  # type: ignore[no-untyped-def]
    client.cookies.clear()
    if lang != prebuild.API:
        client.cookies["django_language"] = lang
    resp = client.get(path)
    assert resp.status_code == 200, path
    return bytes(resp.content)


@pytest.mark.django_db
def test_built_ahead_are_the_bytes_a_reader_would_build(client, row) -> None:
    """Every hot page, in every language read, and the API bodies: the builder's bytes are the view's own."""
    prebuild.note_reader(row.pk, "en")  # someone reads it in English too
    assert prebuild.run(row.pk) == len(prebuild.hot_paths(row.slug, 1, row.pk)) == 2 * len(prebuild.PAGES) + 5
    row.refresh_from_db()
    ahead = {}
    for path, lang in prebuild.hot_paths(row.slug, 1, row.pk):
        key = prebuild.key_of(path, lang)
        ahead[(path, lang)] = versioned._PAGES[(row.pk, row.version, key)]
        assert _get(client, path, lang) == ahead[(path, lang)]  # served from what was built ahead
    assert prebuild.run(row.pk) == 0  # this version is done: a second job does nothing
    eventlog.clear_cache()  # nothing built: each reader's miss builds it
    for (path, lang), content in ahead.items():
        assert _get(client, path, lang) == content, path


@pytest.mark.django_db
def test_a_language_nobody_reads_is_not_built_ahead(client, row, settings) -> None:
    assert {lang for _, lang in prebuild.hot_paths(row.slug, 1, row.pk)} == {settings.LANGUAGE_CODE, prebuild.API}
    _get(client, f"/t/{row.slug}/standings/", "en")  # a reader in English
    assert "en" in {lang for _, lang in prebuild.hot_paths(row.slug, 1, row.pk)}


@pytest.mark.django_db
def test_the_builder_does_not_count_against_the_api_limit(row, monkeypatch) -> None:
    """The API bodies are built without the per-client counter (any cache backend)."""
    from arbitro.web.api import http as api

    counted: list[object] = []
    monkeypatch.setattr(api, "_throttle", lambda request: counted.append(request) or (True, 1, 1, 1))
    monkeypatch.setattr(api, "throttle", api._throttle)
    assert prebuild.run(row.pk) > 0
    assert counted == []


@pytest.mark.django_db
def test_a_pending_hot_page_is_left_to_its_builder(row, monkeypatch) -> None:
    """Readers with a previous version get it while the builder builds the new one; a page that is not hot,
    or a builder that has not delivered within PENDING_SECONDS, is built by the reader as before."""
    old = eventlog.cached_page_at(row, "hot", lambda: b"one", stale_ok=True)
    eventlog.cached_page_at(row, "cold", lambda: b"one", stale_ok=True)
    row.version += 1
    eventlog.mark_pending(row.pk, row.version, frozenset({"hot"}))
    assert eventlog.cached_page_at(row, "hot", lambda: b"never", stale_ok=True) == old
    assert eventlog.cached_page_at(row, "cold", lambda: b"two", stale_ok=True) == (row.version, b"two")
    token = eventlog.AHEAD.set(True)  # the builder itself takes no stale page
    try:
        assert eventlog.cached_page_at(row, "hot", lambda: b"two", stale_ok=True) == (row.version, b"two")
    finally:
        eventlog.AHEAD.reset(token)
    assert eventlog.cached_page_at(row, "hot", lambda: b"never", stale_ok=True) == (row.version, b"two")
    row.version += 1
    monkeypatch.setattr(versioned, "PENDING_SECONDS", 0.0)
    eventlog.mark_pending(row.pk, row.version, frozenset({"hot"}))  # a builder that never comes
    assert eventlog.cached_page_at(row, "hot", lambda: b"three", stale_ok=True) == (row.version, b"three")


@pytest.mark.django_db
def test_with_a_shared_cache_readers_wait_for_the_builder_instead_of_building(row, monkeypatch) -> None:
    """Another process (the worker) builds ahead: a reader with a previous version shows it; one with none
    (a fresh process) waits for the builder's bytes in the shared cache, not claiming the build."""
    import threading

    cache.clear()
    monkeypatch.setattr(versioned, "shared_cache", lambda: cache)
    old = eventlog.cached_page_at(row, "hot", lambda: b"one", stale_ok=True)
    row.version += 1
    eventlog.mark_pending(row.pk, row.version, frozenset({"hot"}))
    assert eventlog.cached_page_at(row, "hot", lambda: b"never", stale_ok=True) == old
    skey = f"page:{cache.get('page-generation', 0)}:{row.pk}:{row.version}:hot"
    with versioned._LOCK:
        versioned._PAGES.clear()
        versioned._LATEST.clear()  # a process that has never shown this page
    threading.Timer(0.1, lambda: cache.set(skey, b"from the worker")).start()
    assert eventlog.cached_page_at(row, "hot", lambda: b"never", stale_ok=True) == (row.version, b"from the worker")
    assert not cache.get(f"{skey}:building")  # the reader claimed nothing


@pytest.mark.django_db(transaction=True)
def test_a_result_commit_builds_the_hot_pages_in_the_background(client, row, arbiter, settings) -> None:
    """Without Redis: one thread of the committing process builds the new version; the page the reader then
    gets is that version and shows the result (a change that matters does change the page)."""
    settings.ARBITRO_PREBUILD = True
    url = f"/t/{row.slug}/pairings/"
    before = _get(client, url, "es")
    service.enter_results(models.Tournament.objects.get(pk=row.pk), 1, {1: "1-0"}, arbiter)
    assert prebuild.wait_idle()
    row.refresh_from_db()
    key = prebuild.key_of(url, "es")
    built = versioned._PAGES.get((row.pk, row.version, key))
    assert built is not None and built != before
    assert f'data-version="{row.version}"'.encode() in built
    assert _get(client, url, "es") == built
    assert eventlog.prebuilt(row.pk) == row.version


@pytest.mark.django_db(transaction=True)
def test_an_unpublished_tournament_is_not_built_ahead(row, arbiter, settings) -> None:
    settings.ARBITRO_PREBUILD = True
    models.Tournament.objects.filter(pk=row.pk).update(published=False)
    service.enter_results(models.Tournament.objects.get(pk=row.pk), 1, {1: "1-0"}, arbiter)
    assert prebuild.wait_idle()
    assert eventlog.prebuilt(row.pk) == 0
