"""``arbitro backup`` / ``arbitro restore`` (issue 11 §3): a restore reproduces the same pages."""

from __future__ import annotations

import gzip
import io
import json
import os
import re
import zipfile

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from arbitro.cli import main
from arbitro.errors import ArbitroError
from arbitro.web.tournaments import eventlog, models, service, store

pytestmark = pytest.mark.django_db

PAGES = ["", "players/", "pairings/", "round/1/", "round/2/", "standings/", "crosstable/", "player/1/", "player/3/"]


@pytest.fixture
def tournament():
    chief = get_user_model().objects.create_user("chief", password="chief-pw-123")
    season = models.Season.objects.create(year=2026, name="Temporada 2026")
    row = service.create({"name": "Copia de seguridad", "system": "swiss", "rounds": 5, "season": season}, chief)
    service.register_many(row, "\n".join(f"Jugador{i}, A; {2100 - 15 * i}; ; ARG" for i in range(10)), chief)
    for rnd in (1, 2):
        service.pair_next(row, chief)
        row.refresh_from_db()
        n = len(service.state(row).round(rnd).boards)
        service.enter_results(row, rnd, {b: ("1-0", "0-1", "½-½")[(b + rnd) % 3] for b in range(1, n + 1)}, chief)
        row.refresh_from_db()
    service.request_bye(row, 4, 4, "H", chief)
    models.ByeRequest.objects.create(tournament=row, player=4, round=4, status=models.ByeRequest.Status.ACCEPTED)
    row.refresh_from_db()
    return row


def _normal(html: str) -> str:
    html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", html)
    return re.sub(r"/p/\d+/", "/p/N/", html)  # person ids are database ids


def pages(slug: str) -> dict[str, str]:
    eventlog.clear_cache()
    c = Client()
    out = {}
    for p in ["/", "/federation/"] + [f"/t/{slug}/{x}" for x in PAGES]:
        resp = c.get(p)
        assert resp.status_code == 200, p
        out[p] = _normal(resp.content.decode())
    return out


def test_whole_database_backup_and_restore_reproduce_the_same_pages(tournament, tmp_path, capsys) -> None:
    before = pages(tournament.slug)
    target = tmp_path / "b" / "arbitro.json.gz"
    assert main(["backup", str(target)]) == 0
    assert "records" in capsys.readouterr().out
    records = json.loads(gzip.decompress(target.read_bytes()))
    assert any(r["model"] == "tournaments.tournamentevent" for r in records)
    assert not list(target.parent.glob(".*part*"))  # no temporary file left behind
    # a change after the backup, then a disaster
    service.pair_next(tournament, tournament.events.first().author)
    assert pages(tournament.slug) != before
    assert main(["restore", str(target)]) == 2  # the database is not empty
    assert "--replace" in capsys.readouterr().err
    assert main(["restore", str(target), "--replace"]) == 0
    assert pages(tournament.slug) == before
    row = models.Tournament.objects.get(slug=tournament.slug)
    assert service.state(row).paired_rounds == 2
    assert get_user_model().objects.get(username="chief").check_password("chief-pw-123")


def test_a_damaged_database_backup_changes_nothing(tournament, tmp_path, capsys) -> None:
    target = tmp_path / "arbitro.json"
    assert main(["backup", str(target)]) == 0
    before = pages(tournament.slug)
    text = target.read_text()
    for damaged in (text[: len(text) // 2], text.replace('"tournaments.tournamentevent"', '"tournaments.nosuchmodel"', 1)):
        target.write_text(damaged)
        assert main(["restore", str(target), "--replace"]) == 2
        assert "arbitro:" in capsys.readouterr().err
        assert pages(tournament.slug) == before
    assert main(["backup", str(tmp_path / "x.bak")]) == 2  # the name must say JSON


def test_one_tournament_backup_is_trf_2026_plus_event_log_and_restores_the_same_pages(tournament, tmp_path, capsys) -> None:
    before = pages(tournament.slug)
    target = tmp_path / "t.zip"
    assert main(["backup", "--tournament", tournament.slug, str(target)]) == 0
    with zipfile.ZipFile(target) as z:
        assert set(z.namelist()) == {"meta.json", "events.json", "tournament.trf"}
        assert z.read("tournament.trf").decode() == store.export_trf(tournament)
        events = json.loads(z.read("events.json"))
    assert [e["seq"] for e in events] == list(range(1, tournament.events.count() + 1))
    models.Tournament.objects.filter(pk=tournament.pk).delete()
    assert main(["restore", str(target), "--grant-roles"]) == 0  # issue 21: roles only when the operator asks
    assert pages(tournament.slug) == before
    row = models.Tournament.objects.get(slug=tournament.slug)
    assert row.roles.filter(kind=models.Role.Kind.CHIEF_ARBITER).exists()
    assert row.bye_requests.count() == 1
    # again: the slug exists now
    assert main(["restore", str(target)]) == 2
    assert "--replace" in capsys.readouterr().err
    assert main(["restore", str(target), "--slug", "copia-2"]) == 0
    assert store.export_trf(models.Tournament.objects.get(slug="copia-2")) == store.export_trf(row)


def test_a_tampered_tournament_backup_is_refused(tournament, tmp_path, capsys) -> None:
    target = tmp_path / "t.zip"
    assert main(["backup", "-t", tournament.slug, str(target)]) == 0
    with zipfile.ZipFile(target) as z:
        files = {n: z.read(n) for n in z.namelist()}
    events = json.loads(files["events.json"])
    cases = {
        "gap": json.dumps(events[:3] + events[4:]),
        "lost result": json.dumps(events[:-2]),
    }
    for label, text in cases.items():
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w") as z:
            for n, data in files.items():
                z.writestr(n, text if n == "events.json" else data)
        bad = tmp_path / f"{label.replace(' ', '_')}.zip"
        bad.write_bytes(buf.getvalue())
        n_rows = models.Tournament.objects.count()
        assert main(["restore", str(bad), "--slug", "otra"]) == 2, label
        assert "arbitro:" in capsys.readouterr().err
        assert models.Tournament.objects.count() == n_rows
    (tmp_path / "junk.zip").write_bytes(b"PK not really")
    assert main(["restore", str(tmp_path / "junk.zip")]) == 2


def test_backup_outside_the_project_fails_with_a_message(tmp_path, monkeypatch, capsys):  # type: ignore[no-untyped-def]
    """Issue 20: outside the project folder `arbitro backup` backed up a new empty database with exit 0."""
    from django.conf import settings

    from arbitro.cli import ops

    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ARBITRO_DATA_DIR", raising=False)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setattr(type(settings), "configured", property(lambda self: False))
    monkeypatch.setattr(ops, "_data_candidates", lambda: [tmp_path / "data", tmp_path.parent / "data"])
    assert main(["backup", str(tmp_path / "out.json.gz")]) == 2
    err = capsys.readouterr().err
    assert "no Arbitro database found" in err and "ARBITRO_DATA_DIR" in err
    assert not (tmp_path / "out.json.gz").exists() and not (tmp_path / "data").exists()


def test_backup_finds_the_data_folder_above(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    from django.conf import settings

    from arbitro.cli import ops

    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "arbitro.sqlite3").write_bytes(b"")
    (tmp_path / "sub" / "deeper").mkdir(parents=True)
    monkeypatch.chdir(tmp_path / "sub" / "deeper")
    monkeypatch.delenv("ARBITRO_DATA_DIR", raising=False)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setattr(type(settings), "configured", property(lambda self: False))
    assert ops.locate_data(create=False) == f"data folder: {(tmp_path / 'data').resolve()}"
    assert os.environ["ARBITRO_DATA_DIR"] == str((tmp_path / "data").resolve())
    monkeypatch.setenv("ARBITRO_DATA_DIR", str(tmp_path / "nowhere"))
    with pytest.raises(ArbitroError, match="no database there"):
        ops.locate_data(create=False)
