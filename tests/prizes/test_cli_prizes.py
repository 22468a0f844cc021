"""``arbitro prizes FILE --list PRIZES.json`` (table, JSON, PDF) and its bad input (exit 2)."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest
from tests.fixture_paths import FIXTURES

from arbitro.cli import main

CAPO = FIXTURES / "trf" / "capo-dorso-2012.trf"

LIST = {
    "format": "arbitro-prizes",
    "version": 1,
    "currency": "EUR",
    "sharing": "hort",
    "groups": [
        {"name": "General", "prizes": [{"cash": 1000, "trophy": "Copa"}, 600, 400, 200, 100]},
        {"name": "Damas", "women": True, "prizes": [150]},
        {"name": "Sub-2000", "rating_max": 1999, "prizes": [120, 80]},
    ],
}


def _list(tmp_path: Path, doc: object = LIST) -> Path:
    path = tmp_path / "prizes.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_json_output_pays_the_whole_list_once_per_player(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["prizes", str(CAPO), "--list", str(_list(tmp_path)), "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert Decimal(doc["total_cash"]) == Decimal(2650)
    players = [a["start_rank"] for a in doc["awards"]]
    assert len(players) == len(set(players))
    general = [a for a in doc["awards"] if a["group"] == "General"]
    assert general[0]["items"] == ["Copa"] and Decimal(general[0]["cash"]) == 1000


def test_pdf_is_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pypdf = pytest.importorskip("pypdf")
    out = tmp_path / "premios.pdf"
    assert main(["prizes", str(CAPO), "--list", str(_list(tmp_path)), "-o", str(out), "--lang", "en"]) == 0
    import io

    text = "".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(out.read_bytes())).pages)
    assert "Prizes" in text and "General" in text and "Hort system" in text


def test_fma_preset_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["prizes", str(CAPO), "--fma", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert any("FMA 8.6" in n for n in doc["notes"])
    assert [a["place"] for a in doc["awards"]] == [1, 2, 3] and Decimal(doc["total_cash"]) == 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--list", "missing.json"], "no such file"),
        ([], "give the prize list with --list"),
        (["--list", "LIST", "--format", "xml"], "--format: expected table or json"),
    ],
)
def test_bad_input_exit_2(args: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _list(tmp_path)
    args = [str(path) if a == "LIST" else (str(tmp_path / a) if a.endswith(".json") else a) for a in args]
    assert main(["prizes", str(CAPO), *args]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_invalid_json_names_line_and_column(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"groups": [\n  {"name": "G",, }]}', encoding="utf-8")
    assert main(["prizes", str(CAPO), "--list", str(path)]) == 2
    assert f"{path}:2:" in capsys.readouterr().err


@pytest.mark.parametrize("unit", ["1e-25", "1e-1000", "0.001", "NaN", "1e9999", 0])
def test_a_unit_past_the_limits_is_refused_not_a_traceback(tmp_path: Path, capsys: pytest.CaptureFixture[str], unit: object) -> None:
    """Issue 38: a unit of 1e-25 or 1e-1000 gave decimal.InvalidOperation (a traceback; a 500 on the web)."""
    assert main(["prizes", str(CAPO), "--list", str(_list(tmp_path, {**LIST, "unit": unit}))]) == 2
    err = capsys.readouterr().err
    assert "unit" in err and "Traceback" not in err


def test_the_sharing_is_exact_for_any_unit() -> None:
    from arbitro.prizes import Sharing, share

    assert share([Decimal(1000), Decimal(500)], Sharing.EQUAL, unit=Decimal("1e-25")) == [Decimal(750)] * 2
    assert sum(share([Decimal(100)] * 3, Sharing.EQUAL, unit=Decimal("1e-1000"))) == Decimal(300)


@pytest.mark.parametrize("name", ["Damas\u202e", "Sub\u200f2000", "Gen\ud800eral", "Gen\neral"])
def test_prize_texts_refuse_bidi_controls_and_lone_surrogates(name: str) -> None:
    from arbitro.errors import ArbitroError
    from arbitro.prizes import parse_prize_list

    with pytest.raises(ArbitroError, match="groups\\[0\\].name"):
        parse_prize_list({"groups": [{"name": name, "prizes": [100]}]}, "prizes.json")
