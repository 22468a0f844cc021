"""FIDE rating list import into the database, keeping history (issue 9 §7)."""

from __future__ import annotations

import datetime as _dt
import io

import pytest

from arbitro.cli import main
from arbitro.web.ratings import importing as ratings_import
from arbitro.web.tournaments import models

pytestmark = pytest.mark.django_db

HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  WTit OTit"
    "           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)
COLS = {
    "id": 0, "name": 15, "fed": 76, "sex": 80, "tit": 84, "wtit": 89, "otit": 94, "foa": 109,
    "s": 113, "sgm": 119, "sk": 123, "r": 126, "rgm": 132, "rk": 136, "b": 139, "bgm": 145, "bk": 149,
    "bday": 152, "flag": 158,
}  # fmt: skip


def _line(**values: str) -> str:
    buf = [" "] * len(HEADER)
    for key, text in values.items():
        start = COLS[key]
        for i, ch in enumerate(text):
            if start + i >= len(buf):
                buf.append(ch)
            else:
                buf[start + i] = ch
    return "".join(buf).rstrip()


def _list(*players: tuple[str, str, int, int]) -> bytes:
    lines = [HEADER]
    for fid, name, std, rapid in players:
        lines.append(_line(id=fid, name=name, fed="ARG", sex="M", s=f"{std:>5}", r=f"{rapid:>5}", bday="1990"))
    return ("\n".join(lines) + "\n").encode("latin-1")


def test_monthly_import_updates_ratings_and_keeps_history():
    nov = _dt.date(2026, 11, 1)
    dec = _dt.date(2026, 12, 1)
    stats = ratings_import.import_stream(
        io.BytesIO(_list(("100001", "Pérez, Juan", 1850, 1800), ("100002", "Gómez, Ana", 2010, 0))), period=nov
    )
    assert stats.players == 2 and stats.errors == 0
    ratings_import.import_stream(io.BytesIO(_list(("100001", "Pérez, Juan", 1872, 1790))), period=dec)
    juan = models.RatingListEntry.objects.get(fide_id="100001")
    assert (juan.standard, juan.rapid, juan.period) == (1872, 1790, dec)
    assert list(models.RatingHistory.objects.filter(fide_id="100001").values_list("period", "standard")) == [
        (dec, 1872),
        (nov, 1850),
    ]
    assert models.RatingListEntry.objects.get(fide_id="100002").rapid is None  # 0 = unrated


def test_reimporting_a_month_corrects_it_without_duplicates():
    nov = _dt.date(2026, 11, 1)
    ratings_import.import_stream(io.BytesIO(_list(("100001", "Pérez, Juan", 1850, 1800))), period=nov)
    ratings_import.import_stream(io.BytesIO(_list(("100001", "Pérez, Juan", 1851, 1800))), period=nov)
    assert models.RatingHistory.objects.filter(fide_id="100001").count() == 1
    assert models.RatingHistory.objects.get(fide_id="100001").standard == 1851


def test_per_type_import_only_touches_its_rating():
    nov = _dt.date(2026, 11, 1)
    ratings_import.import_stream(io.BytesIO(_list(("100001", "Pérez, Juan", 1850, 1800))), period=nov)
    ratings_import.import_stream(
        io.BytesIO(_list(("100001", "Pérez, Juan", 0, 1700))), period=_dt.date(2026, 12, 1), rating_type="rapid"
    )
    juan = models.RatingListEntry.objects.get(fide_id="100001")
    assert (juan.standard, juan.rapid) == (1850, 1700)


def test_management_command_through_arbitro_manage(tmp_path, capsys):
    path = tmp_path / "players_list_foa.txt"
    path.write_bytes(_list(("100003", "Luna, Sofía", 1777, 0)))
    main(["manage", "import_ratings", str(path), "--period", "2026-11"])
    assert "1 players imported" in capsys.readouterr().out
    assert models.RatingListEntry.objects.get(fide_id="100003").standard == 1777


def test_bad_period_is_refused():
    from arbitro.errors import ArbitroError

    with pytest.raises(ArbitroError):
        ratings_import.parse_period("noviembre")



def test_admin_upload_of_a_rating_list(client, django_user_model):
    from django.core.files.uploadedfile import SimpleUploadedFile

    admin = django_user_model.objects.create_superuser("root", "root@example.org", "pw-root-123")
    client.force_login(admin)
    assert client.get("/admin/tournaments/ratinglistentry/").status_code == 200
    upload = SimpleUploadedFile("players_list_foa.txt", _list(("100009", "Ríos, Abril", 1666, 0)))
    resp = client.post("/admin/tournaments/ratinglistentry/import/", {"file": upload, "period": "2026-11"})
    assert resp.status_code == 302
    assert models.RatingListEntry.objects.get(fide_id="100009").standard == 1666
