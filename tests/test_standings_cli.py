"""``arbitro standings FILE`` (issue 3): formats, options and the JSON contract."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbitro.cli import main

DATA = Path(__file__).parent / "tiebreaks" / "data"
SWISS7 = str(DATA / "own_swiss7_byes_forfeits.trf")
RR6 = str(DATA / "own_rr6_forfeit.trf")


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    assert main(["standings", *args, "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_json_contract(capsys: pytest.CaptureFixture[str]) -> None:
    doc = _json(capsys, SWISS7, "--tiebreaks", "BH/C1,BH,SB,ARO")
    assert set(doc) == {"rules", "tiebreaks", "after_round", "lots_seed", "players"}  # Standings.as_dict (issue 14)
    assert doc["after_round"] == 5 and doc["lots_seed"] is None
    assert doc["rules"] == "2024"
    assert doc["tiebreaks"] == ["PTS", "BH/C1", "BH", "SB", "ARO"]
    first = doc["players"][0]
    assert set(first) == {"start_rank", "rank", "values"}
    assert first == {
        "start_rank": 4,
        "rank": 1,
        "values": {"PTS": "4.5", "BH/C1": "12.5", "BH": "14.0", "SB": "12.50", "ARO": "1863"},
    }
    assert [p["rank"] for p in doc["players"]] == list(range(1, 8))


def test_rules_option_c07_2026(capsys: pytest.CaptureFixture[str]) -> None:
    doc = _json(capsys, SWISS7, "--tiebreaks", "BH", "--rules", "2026")
    assert doc["rules"] == "2026"
    assert doc["players"][0]["values"]["BH"] == "12.0"


def test_after_round_and_default_list(capsys: pytest.CaptureFixture[str]) -> None:
    doc = _json(capsys, RR6, "--after-round", "2")
    assert doc["tiebreaks"][0] == "PTS" and "DE" in doc["tiebreaks"]
    assert max(float(p["values"]["PTS"]) for p in doc["players"]) <= 2


def test_unrated_rating_and_lots_seed(capsys: pytest.CaptureFixture[str]) -> None:
    a = _json(capsys, SWISS7, "--tiebreaks", "WIN", "--lots-seed", "3", "--unrated-rating", "1400")
    b = _json(capsys, SWISS7, "--tiebreaks", "WIN", "--lots-seed", "3")
    assert a["players"] == b["players"]


def test_table_and_csv(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["standings", RR6, "--tiebreaks", "DE,SB"]) == 0
    out = capsys.readouterr().out
    assert "Juliet" in out and "7.75" in out
    assert main(["standings", RR6, "--tiebreaks", "DE,SB", "--format", "csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "rank,start_rank,name,rating,PTS,DE,SB"
    assert lines[1].startswith("1,3,")


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--tiebreaks", "BH/Q"], "--tiebreaks"),
        (["--rules", "2023"], "--rules"),
        (["--format", "xml"], "--format"),
        (["--after-round", "9"], "--after-round"),
    ],
)
def test_bad_options_exit_2_without_traceback(
    capsys: pytest.CaptureFixture[str], args: list[str], needle: str
) -> None:
    assert main(["standings", SWISS7, *args]) == 2
    err = capsys.readouterr().err
    assert needle in err and "Traceback" not in err


def test_missing_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["standings", "no-such-file.trf"]) == 2
    assert "no-such-file.trf" in capsys.readouterr().err


def test_explain_option_lists_rounds_and_cuts(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["standings", SWISS7, "--tiebreaks", "BH/C1", "--rules", "2026", "--explain", "3"]
    assert main([*args, "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    bh = next(e for e in doc if e["code"] == "BH/C1")
    assert bh["value"] == "8.5"
    assert [r["round"] for r in bh["rounds"] if r["cut"]] == [5]
    assert "16.4.1" in bh["rounds"][2]["note"]
    assert main(args) == 0
    assert "cut" in capsys.readouterr().out
    assert main([*args[:-1], "99"]) == 2
