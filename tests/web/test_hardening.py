"""Web hardening of issue 21: production hosts, desk caching, temporary backup files."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest


def _settings_env(tmp_path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("ARBITRO_")}
    env.pop("DATABASE_URL", None)
    env.update({"DJANGO_SETTINGS_MODULE": "arbitro.web.settings", "ARBITRO_DATA_DIR": str(tmp_path), **extra})
    return env


@pytest.mark.parametrize("hosts", [None, "*", "example.org,*"])
def test_production_requires_allowed_hosts(tmp_path, hosts) -> None:
    """ARBITRO_HTTPS=1 (production) without a named host refuses to start instead of accepting any Host."""
    extra = {"ARBITRO_HTTPS": "1", "ARBITRO_SECRET_KEY": "k" * 60}
    if hosts is not None:
        extra["ARBITRO_ALLOWED_HOSTS"] = hosts
    proc = subprocess.run([sys.executable, "-c", "import django; django.setup()"],
                          env=_settings_env(tmp_path, **extra), capture_output=True, text=True, timeout=120)  # fmt: skip
    assert proc.returncode != 0
    assert "ARBITRO_ALLOWED_HOSTS" in proc.stderr


def test_laptop_default_still_serves_any_host(tmp_path) -> None:
    code = "import django; django.setup(); from django.conf import settings; print(settings.ALLOWED_HOSTS)"
    proc = subprocess.run([sys.executable, "-c", code], env=_settings_env(tmp_path), capture_output=True, text=True,
                          timeout=120)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert "'*'" in proc.stdout


# -- in the database ------------------------------------------------------------------------------------

import io  # noqa: E402
import json  # noqa: E402
import zipfile  # noqa: E402

from django.contrib.auth import get_user_model  # noqa: E402
from django.test import Client  # noqa: E402

from arbitro.errors import ArbitroError  # noqa: E402
from arbitro.web.ops import backup  # noqa: E402
from arbitro.web.ops.atomic import atomic_path  # noqa: E402
from arbitro.web.tournaments import eventlog, models, service, store  # noqa: E402


@pytest.fixture
def swiss(fixtures_dir):
    text = (fixtures_dir / "trf" / "small-swiss7-byes-forfeits.trf").read_text(encoding="utf-8")
    return store.import_trf(text, source="small-swiss7.trf")


@pytest.mark.django_db
def test_random_query_strings_share_one_cached_page(client, swiss) -> None:
    """Cache: the key ignores the query string, so cache-busting clients are served from the cache.

    Since the early page cache (web/ops/pagecache.py), they never reach the view: no lookup in the
    view's cache at all, the same bytes."""
    calls = []
    original = eventlog.cached_page_at

    def counting(t, key, build, **kw):
        calls.append(key)
        return original(t, key, build, **kw)

    url = f"/t/{swiss.slug}/standings/"
    first = client.get(url).content
    eventlog.cached_page_at = counting  # type: ignore[assignment]
    try:
        for i in range(5):
            assert client.get(f"{url}?x={i}&nocache={i * 7}").content == first
    finally:
        eventlog.cached_page_at = original  # type: ignore[assignment]
    assert calls == []


@pytest.mark.django_db
def test_round_view_is_cached_per_language(client, swiss) -> None:
    url = f"/t/{swiss.slug}/round/1/"
    es = client.get(url).content.decode()
    client.post("/language/", {"language": "en", "next": "/"})
    en = client.get(url).content.decode()
    assert es != en
    eventlog.clear_cache()
    assert client.get(url).content.decode() == en  # the English page, built afresh, is the same


@pytest.mark.django_db
def test_unpublished_tournament_hides_its_players_everywhere(client, swiss) -> None:
    person = swiss.entries.select_related("person").first().person
    assert client.get(f"/p/{person.pk}/").status_code == 200
    swiss.published = False
    swiss.save(update_fields=["published"])
    eventlog.clear_cache()
    assert client.get(f"/p/{person.pk}/").status_code == 404
    assert client.get(f"/t/{swiss.slug}/player/1/").status_code == 404
    assert client.get(f"/t/{swiss.slug}/players/").status_code == 404


@pytest.mark.django_db
def test_language_switch_needs_csrf_for_a_logged_in_user() -> None:
    user = get_user_model().objects.create_user("lang-user", password="pw-lang-123")
    c = Client(enforce_csrf_checks=True)
    c.force_login(user)
    resp = c.post("/language/", {"language": "en", "next": "/"})  # another site's form: no token
    assert resp.status_code == 403
    assert not models.UserPreference.objects.filter(user=user, language="en").exists()
    page = c.get("/")
    token = page.cookies["csrftoken"].value if "csrftoken" in page.cookies else c.cookies["csrftoken"].value
    ok = c.post("/language/", {"language": "en", "next": "/", "csrfmiddlewaretoken": token})
    assert ok.status_code == 302
    assert models.UserPreference.objects.get(user=user).language == "en"
    anonymous = Client(enforce_csrf_checks=True)
    assert anonymous.post("/language/", {"language": "en", "next": "/"}).status_code == 302  # a cookie only


@pytest.mark.django_db
def test_desk_pages_are_private(swiss) -> None:
    user = get_user_model().objects.create_user("desk-user", password="pw-desk-123")
    models.Role.objects.create(user=user, tournament=None, kind=models.Role.Kind.CHIEF_ARBITER)
    c = Client()
    c.force_login(user)
    for url in ("/desk/", "/desk/new/", "/desk/import/"):
        resp = c.get(url)
        assert resp.status_code == 200
        assert "private" in resp["Cache-Control"]
    assert "private" in Client().get("/login/")["Cache-Control"]


def test_a_killed_backup_leaves_no_part_file_behind(tmp_path) -> None:
    target = tmp_path / "db.json.gz"
    stale = tmp_path / ".db.json.gz.abc123.part.json.gz"
    stale.write_text("password hashes")  # what a kill -9 in the middle of a backup leaves
    with atomic_path(target, suffix=".json.gz") as tmp:
        tmp.write_text("new")
    assert not stale.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["db.json.gz"]


def _archive(row, **meta_changes):
    data = backup.tournament_archive(row.slug)
    src = zipfile.ZipFile(io.BytesIO(data))
    meta = json.loads(src.read("meta.json"))
    meta.update(meta_changes)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("meta.json", json.dumps(meta))
        z.writestr("events.json", src.read("events.json"))
        z.writestr("tournament.trf", src.read("tournament.trf"))
    return buf.getvalue()


@pytest.fixture
def run(db):
    chief = get_user_model().objects.create_user("chief-r", password="pw-chief-123")
    get_user_model().objects.create_user("jugador", password="pw-jugador-123")
    row = service.create({"name": "Restaurable", "system": "swiss", "rounds": 5}, chief)
    service.register_many(row, "A, A; 2000\nB, B; 1900", chief)
    row.refresh_from_db()
    return row


@pytest.mark.django_db
@pytest.mark.parametrize(
    "changes, words",
    [
        ({"status": "x" * 500}, "status"),
        ({"version": 10**18}, "version"),
        ({"name": "X\r142 1"}, "control characters"),
        ({"slug": "../../etc"}, "slug"),
        ({"roles": [{"user": "jugador", "kind": "god"}]}, "kind"),
        ({"bye_requests": [{"start_rank": 10**9, "round": 1}]}, "start_rank"),
        ({"bye_requests": [{"player": 10**9, "round": 1}]}, "player"),
        ({"season": {"year": "MMXXVI"}}, "year"),
    ],
)
def test_restore_checks_meta_against_the_schema(run, tmp_path, changes, words) -> None:
    path = tmp_path / "t.zip"
    path.write_bytes(_archive(run, **changes))
    with pytest.raises(ArbitroError, match=words):
        backup.restore_tournament(path, slug="copia")
    assert not models.Tournament.objects.filter(slug="copia").exists()


@pytest.mark.django_db
def test_restore_grants_no_role_by_name(run, tmp_path) -> None:
    path = tmp_path / "t.zip"
    path.write_bytes(_archive(run, roles=[{"user": "jugador", "kind": "chief_arbiter"}]))
    row = backup.restore_tournament(path, slug="copia")
    assert not row.roles.exists()


@pytest.mark.django_db
def test_admin_cannot_add_change_or_delete_events(run) -> None:
    admin = get_user_model().objects.create_superuser("root-h", password="pw-root-123")
    c = Client()
    c.force_login(admin)
    assert c.get("/admin/tournaments/tournamentevent/add/").status_code == 403
    ev = run.events.first()
    before = (ev.kind, dict(ev.payload))
    c.post(f"/admin/tournaments/tournamentevent/{ev.pk}/change/", {"kind": "forged", "payload": "{}"})
    c.post(f"/admin/tournaments/tournamentevent/{ev.pk}/delete/", {"post": "yes"})
    ev.refresh_from_db()
    assert (ev.kind, dict(ev.payload)) == before
