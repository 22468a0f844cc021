"""Issue 38 item 5: a whole-database restore refuses what it cannot mean, and reads its file bounded."""

from __future__ import annotations

import gzip
import io
import json
import zipfile
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model

from arbitro.cli import main
from arbitro.web.ops import backup
from arbitro.web.tournaments import models, service

pytestmark = pytest.mark.django_db


@pytest.fixture
def populated() -> models.Tournament:
    chief = get_user_model().objects.create_user("chief-g", password="chief-pw-123")
    row = service.create({"name": "Guardada", "system": "swiss", "rounds": 3}, chief)
    service.register_many(row, "A, A; 2000\nB, B; 1900", chief)
    row.refresh_from_db()
    return row


def test_an_empty_archive_restored_with_replace_changes_nothing_and_says_why(
    populated: models.Tournament, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "empty.json.gz"
    empty.write_bytes(gzip.compress(b"[" + b" " * 1000 + b"]"))
    assert main(["restore", str(empty), "--replace"]) == 2
    err = capsys.readouterr().err
    assert "no tournament" in err and "guardada" in err and "chief-g" in err and "--accept-loss" in err
    assert models.Tournament.objects.filter(slug=populated.slug).exists()
    assert get_user_model().objects.filter(username="chief-g").exists()


def test_an_archive_that_would_remove_accounts_needs_the_confirmation(
    populated: models.Tournament, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "all.json"
    assert main(["backup", str(target)]) == 0
    get_user_model().objects.create_user("newcomer", password="pw-new-12345")
    service.create({"name": "Nueva", "system": "swiss", "rounds": 3}, None)
    assert main(["restore", str(target), "--replace"]) == 2
    err = capsys.readouterr().err
    assert "newcomer" in err and "nueva" in err and "1 account" in err
    assert get_user_model().objects.filter(username="newcomer").exists()
    assert main(["restore", str(target), "--replace", "--accept-loss"]) == 0  # named, then confirmed
    assert not get_user_model().objects.filter(username="newcomer").exists()
    assert models.Tournament.objects.filter(slug=populated.slug).exists()


def test_a_restore_that_loses_nothing_needs_no_confirmation(populated: models.Tournament, tmp_path: Path) -> None:
    target = tmp_path / "all.json.gz"
    assert main(["backup", str(target)]) == 0
    assert main(["restore", str(target), "--replace"]) == 0


def test_a_gzip_bomb_and_deep_nesting_are_refused_cleanly(
    populated: models.Tournament, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    bomb = tmp_path / "bomb.json.gz"
    bomb.write_bytes(gzip.compress(b"[" + b" " * (40 * 1024 * 1024) + b"]", compresslevel=9))
    assert main(["restore", str(bomb), "--replace"]) == 2
    assert "100 times" in capsys.readouterr().err
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 200_000 + "]" * 200_000)
    assert main(["restore", str(deep), "--replace"]) == 2
    assert "nested too deep" in capsys.readouterr().err
    monkeypatch.setattr(backup, "MAX_RESTORE_BYTES", 1000)
    big = tmp_path / "big.json"
    big.write_text("[" + " " * 2000 + "]")
    assert main(["restore", str(big), "--replace"]) == 2
    assert "ARBITRO_MAX_RESTORE_BYTES" in capsys.readouterr().err
    assert models.Tournament.objects.filter(slug=populated.slug).exists()


def test_a_tournament_archive_whose_meta_nests_200000_deep_is_refused(
    populated: models.Tournament, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_DEFLATED) as z:
        z.writestr("meta.json", "[" * 200_000 + "]" * 200_000)
        z.writestr("events.json", json.dumps([]))
        z.writestr("tournament.trf", "")
    path = tmp_path / "deep.zip"
    path.write_bytes(buf.getvalue())
    assert main(["restore", str(path), "--slug", "otra"]) == 2
    err = capsys.readouterr().err
    assert "nested deeper" in err and "Traceback" not in err
