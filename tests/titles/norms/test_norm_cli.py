"""``arbitro norms FILE``: the JSON contract of issue 6 and bad input (B.01 1.4)."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest

from arbitro.cli import main
from arbitro.trf import format_trf


def _file(kit: Any, tmp_path: Path, **kw: Any) -> Path:
    t = kit.build(kit.games(9, 7, rating=2450), **kw)
    t.players[1].name = "Applicant, Ana"
    path = tmp_path / "norm.trf"
    path.write_text(format_trf(t), encoding="utf-8")
    return path


def test_json_contract_B01_1_4(kit: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _file(kit, tmp_path)
    assert main(["norms", str(path), "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert set(doc) == {"edition", "tournament_checks", "players"}
    assert doc["edition"] == "2024"
    me = next(p for p in doc["players"] if p["start_rank"] == 1)
    assert set(me) == {"start_rank", "name", "norms"}
    gm = next(n for n in me["norms"] if n["title"] == "GM")
    assert set(gm) == {"title", "achieved", "games", "score", "ra", "rp", "dropped_rounds", "failed_rules", "explanation"}
    assert gm["achieved"] is True and gm["games"] == 9 and gm["score"] == "7.0"
    assert gm["ra"] == 2450 and gm["rp"] == 2670 and gm["dropped_rounds"] == [] and gm["failed_rules"] == []
    im = next(n for n in me["norms"] if n["title"] == "IM")
    assert im["achieved"] is True
    for check in doc["tournament_checks"]:
        assert check["status"] in ("passed", "failed", "not determinable")


def test_json_not_achieved_has_null_games_B01_1_4_8a(kit: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    t = kit.build(kit.games(9, 4, rating=2450))
    path = tmp_path / "fail.trf"
    path.write_text(format_trf(t), encoding="utf-8")
    assert main(["norms", str(path), "--format", "json", "--player", "1"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [p["start_rank"] for p in doc["players"]] == [1]
    gm = doc["players"][0]["norms"][0]
    assert gm["achieved"] is False and gm["games"] is None and gm["failed_rules"]


def test_edition_option_B01_0_5(kit: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _file(kit, tmp_path, start=dt.date(2010, 3, 1))
    assert main(["norms", str(path), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["edition"] == "2009"
    assert main(["norms", str(path), "--format", "json", "--edition", "2005"]) == 0
    assert json.loads(capsys.readouterr().out)["edition"] == "2005"


def test_table_output_lists_the_norm_B01_1_4(kit: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _file(kit, tmp_path)
    assert main(["norms", str(path)]) == 0
    out = capsys.readouterr().out
    assert "GM norm (9 games)" in out and "Tournament checks" in out
    assert main(["norms", str(path), "--player", "1"]) == 0
    assert "1.4.8a" in capsys.readouterr().out


@pytest.mark.parametrize(
    "args",
    [["--edition", "1999"], ["--format", "xml"], ["--player", "999"], ["--event", "olympiad"]],
)
def test_bad_options_exit_2(kit: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    path = _file(kit, tmp_path)
    assert main(["norms", str(path), *args]) == 2
    assert "arbitro:" in capsys.readouterr().err


def test_missing_file_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["norms", str(tmp_path / "nope.trf")]) == 2
    assert "Traceback" not in capsys.readouterr().err


def test_table_shows_forecast_for_remaining_rounds_B01_1_4_8a(kit: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """After 8 of 9 rounds with 5.5 against 2450: 1 point from the last round (6.5/9 = Rp 2608)."""
    t = kit.build(kit.games(8, 5.5, rating=2450), total_rounds=9)
    path = tmp_path / "live.trf"
    path.write_text(format_trf(t), encoding="utf-8")
    assert main(["norms", str(path), "--player", "1"]) == 0
    out = capsys.readouterr().out
    assert "Forecast" in out and "GM norm with 1.0 points from the last 1 round" in out


def test_json_explanation_includes_round_audit_B01_1_4_2c(kit: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    t = kit.build([*kit.games(9, 7, rating=2450), kit.Opp("+", 2450)])
    path = tmp_path / "audit.trf"
    path.write_text(format_trf(t), encoding="utf-8")
    assert main(["norms", str(path), "--format", "json", "--player", "1"]) == 0
    gm = json.loads(capsys.readouterr().out)["players"][0]["norms"][0]
    assert any(line.startswith("round 10") and "excluded" in line and "1.4.2c" in line for line in gm["explanation"])


def test_min_games_option_B01_1_4_1b(kit: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    t = kit.build(kit.games(7, 5.5, rating=2400))
    path = tmp_path / "team.trf"
    path.write_text(format_trf(t), encoding="utf-8")
    assert main(["norms", str(path), "--format", "json", "--player", "1", "--min-games", "7"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["players"][0]["norms"][0]["achieved"] is True
    assert next(c for c in doc["tournament_checks"] if c["check"] == "rounds")["status"] == "passed"
    assert main(["norms", str(path), "--min-games", "0"]) == 2


def test_automatic_edition_is_not_called_chosen_by_the_user_B01_0_5(
    kit: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 20: with --edition auto every explanation names the start date, never "chosen by the user"."""
    path = _file(kit, tmp_path, start=dt.date(2010, 3, 1))
    assert main(["norms", str(path), "--format", "json"]) == 0
    out = capsys.readouterr().out
    assert "chosen by the user" not in out and "in force on the start date 2010-03-01" in out
    assert main(["norms", str(path)]) == 0
    assert "chosen by the user" not in capsys.readouterr().out
    assert main(["norms", str(path), "--format", "json", "--edition", "2005"]) == 0
    out = capsys.readouterr().out
    assert "chosen by the user; the edition in force on the start date 2010-03-01 is 2009" in out
