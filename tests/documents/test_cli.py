"""``arbitro print``, ``arbitro export`` and ``arbitro site``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.documents.helpers import fixture_file, norm_round_robin

from arbitro.cli import main
from arbitro.trf import format_trf

pypdf = pytest.importorskip("pypdf")


def _norm_trf(tmp_path: Path) -> Path:
    path = tmp_path / "rr.trf"
    path.write_text(format_trf(norm_round_robin()), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "kind", ["pairings", "results", "standings", "crosstable", "players", "it1", "it2", "it3"]
)
def test_print_each_kind_writes_a_pdf(kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / f"{kind}.pdf"
    assert (
        main(["print", kind, str(_norm_trf(tmp_path)), "-o", str(out), "--lang", "en", "--paper", "letter"])
        == 0
    )
    assert out.read_bytes().startswith(b"%PDF")
    assert f"{out}: {kind}" in capsys.readouterr().out


def test_print_round_option(tmp_path: Path) -> None:
    out = tmp_path / "p.pdf"
    assert (
        main(["print", "pairings", str(fixture_file("trf/capo-dorso-2012.trf")), "-o", str(out), "--round", "3"])
        == 0
    )
    import io

    text = "".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(out.read_bytes())).pages)
    assert "Ronda 3" in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["print", "nothing", "F", "-o", "x.pdf"], "KIND"),
        (["print", "standings", "F", "-o", "x.pdf", "--lang", "fr"], "--lang"),
        (["print", "standings", "F", "-o", "x.pdf", "--paper", "a3"], "--paper"),
        (["print", "pairings", "F", "-o", "x.pdf", "--round", "42"], "--round"),
        (["export", "standings", "F", "-o", "x.ods"], "--output"),
        (["export", "crosstable", "F", "-o", "x.csv"], "KIND"),
    ],
)
def test_bad_options_exit_2_with_a_message(
    args: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    trf = str(_norm_trf(tmp_path))
    args = [trf if a == "F" else (str(tmp_path / a) if a.startswith("x.") else a) for a in args]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_print_standings_with_a_tiebreak_list_C07(tmp_path: Path) -> None:
    import io

    out = tmp_path / "s.pdf"
    trf = str(fixture_file("trf/capo-dorso-2012.trf"))
    assert main(["print", "standings", trf, "-o", str(out), "--tiebreaks", "SB,AOB", "--lang", "en"]) == 0
    text = "".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(out.read_bytes())).pages)
    assert "PTS, SB, AOB" in text and "BH/C1" not in text


def test_print_bad_tiebreak_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    trf = str(_norm_trf(tmp_path))
    assert main(["print", "standings", trf, "-o", str(tmp_path / "s.pdf"), "--tiebreaks", "NOPE"]) == 2
    assert "NOPE" in capsys.readouterr().err


def test_missing_file_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["print", "standings", str(tmp_path / "none.trf"), "-o", str(tmp_path / "x.pdf")]) == 2
    assert "none.trf" in capsys.readouterr().err


def test_export_csv_xlsx_and_trf(tmp_path: Path) -> None:
    trf = str(_norm_trf(tmp_path))
    assert main(["export", "standings", trf, "-o", str(tmp_path / "s.csv")]) == 0
    assert (tmp_path / "s.csv").read_text(encoding="utf-8").startswith("Pos,")
    assert main(["export", "pairings", trf, "-o", str(tmp_path / "p.xlsx")]) == 0
    assert (tmp_path / "p.xlsx").read_bytes()[:2] == b"PK"
    assert main(["export", "trf", trf, "-o", str(tmp_path / "t16.trf"), "--trf16"]) == 0
    assert "Applicant, Ana" in (tmp_path / "t16.trf").read_text(encoding="utf-8")


def test_site_command_writes_the_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    site = tmp_path / "site"
    assert main(["site", str(_norm_trf(tmp_path)), "-o", str(site), "--lang", "en"]) == 0
    assert (site / "index.html").exists() and (site / "players" / "1.html").exists()
    assert "index.html" in capsys.readouterr().out


def test_print_it2_from_a_dossier_B01_2_1(tmp_path: Path) -> None:
    _norm_trf(tmp_path)
    dossier = {
        "format": "arbitro-dossier",
        "version": 1,
        "player": {"name": "Applicant, Ana", "fide_id": "2200001", "federation": "ESP", "sex": "w"},
        "application": {"date": "2025-01-15"},
        "norms": [{"id": "RR 2024", "trf": "rr.trf", "start_rank": 1}],
        "ratings": [{"date": "2024-09-01", "rating": 2502, "games": 340}],
    }
    path = tmp_path / "dossier.json"
    path.write_text(json.dumps(dossier), encoding="utf-8")
    out = tmp_path / "it2.pdf"
    assert main(["print", "it2", str(path), "-o", str(out), "--lang", "en"]) == 0
    import io

    text = "".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(out.read_bytes())).pages)
    assert "Title application (IT2)" in text and "RR 2024" in text and "Norm Round Robin 2024" in text


def test_print_pairings_with_the_fma_4_3_default_time(tmp_path: Path) -> None:
    """FMA 4.3: the pairing sheet of an FMA event says a player not present one hour after the start loses."""
    import io

    out = tmp_path / "p.pdf"
    trf = str(fixture_file("trf/capo-dorso-2012.trf"))
    assert main(["print", "pairings", trf, "-o", str(out), "--round", "3", "--fma", "--start", "15:30"]) == 0
    text = "".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(out.read_bytes())).pages)
    assert "FMA 4.3" in text and "16:30" in text


def test_print_fma_start_must_be_a_time(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "p.pdf"
    trf = str(fixture_file("trf/capo-dorso-2012.trf"))
    assert main(["print", "pairings", trf, "-o", str(out), "--fma", "--start", "3pm"]) == 2
    assert "--start: expected a time as HH:MM" in capsys.readouterr().err and not out.exists()
