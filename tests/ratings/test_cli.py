"""``arbitro ratings`` commands, called through :func:`arbitro.cli.main`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbitro.cli import main

from .test_fidelist import FOA_HEADER, XML, place


def test_cli_performance_c07_10_aro_tpr_ptp(capsys: pytest.CaptureFixture[str]) -> None:
    # own_swiss7 player 4 (tiebreaks.md §7): ARO 1863, TPR 2199, PTP 2218
    assert main(["ratings", "performance", "3.5", "1950", "2000", "1700", "1800", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["ARO"], out["TPR"], out["PTP"], out["percent"]) == (1863, 2199, 2218, 88)


def test_cli_performance_norm_rp_with_floor(capsys: pytest.CaptureFixture[str]) -> None:
    args = [
        "ratings",
        "performance",
        "6.5",
        *["2500", "2450", "2400", "2350", "2300", "2600", "2550", "2450", "2000"],
        "--floor",
        "2200",
    ]
    assert main(args) == 0
    assert "Rp       2588" in capsys.readouterr().out


@pytest.mark.parametrize(
    "args",
    [
        ["ratings", "performance", "x", "2000"],
        ["ratings", "performance", "3", "2000", "2100"],
        ["ratings", "performance", "1", "abc"],
        ["ratings", "change", "2000", "2100:2"],
        ["ratings", "change", "2000", "2100:1", "--rules", "1999"],
        ["ratings", "change", "2000", "2100:1", "--date", "30/11/2026"],
    ],
)
def test_cli_bad_input_is_one_line_exit_2(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("arbitro: ") and "Traceback" not in err


def test_cli_change_b02_8_3_with_400_rule_and_700_cap(capsys: pytest.CaptureFixture[str]) -> None:
    # 2025 amendment: a 2700 player uses the real difference: PD .99 -> dR .01 per win
    assert main(["ratings", "change", "2700", "2000:1", "2000:1", "--date", "2026-11-30", "--k", "10"]) == 0
    out = capsys.readouterr().out
    assert "B.02 2025" in out and "D  +700" in out and "change   +0" in out
    # new player, 18 games: K 40 capped to 38 (8.3.3); 18 draws against equals -> change 0
    assert (
        main(["ratings", "change", "1800", *["1800:="] * 18, "--games-played", "0", "--date", "2026-11-30"])
        == 0
    )
    assert "K        38 (700 cap from 40)" in capsys.readouterr().out


def test_cli_list_parse_txt_and_xml(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    txt = tmp_path / "players_list_foa.txt"
    lines = [FOA_HEADER] + [
        place(FOA_HEADER, {"ID Number": str(100 + i), "Name": f"P{i}, Q", "Fed": "ARG", "SRtng": "1900"})
        for i in range(5)
    ]
    lines.insert(3, place(FOA_HEADER, {"ID Number": "x1", "Name": "Bad"}))
    txt.write_text("\r\n".join(lines) + "\r\n", encoding="latin-1")
    assert main(["ratings", "list-parse", str(txt), "--limit", "3", "--json"]) == 0
    captured = capsys.readouterr()
    records = [json.loads(line) for line in captured.out.splitlines()]
    assert [r["fide_id"] for r in records] == [100, 101, 102]
    assert "line 4: ID Number" in captured.err and "3 players, 1 problems (TXT combined)" in captured.err

    xml = tmp_path / "players_list_xml_foa.xml"
    xml.write_bytes(XML)
    assert main(["ratings", "list-parse", str(xml)]) == 0
    captured = capsys.readouterr()
    assert "1503014" in captured.out and "2 players, 2 problems (xml)" in captured.err


def test_cli_list_parse_bad_header_and_missing_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "list.txt"
    bad.write_text("hello world\n1 2 3\n")
    assert main(["ratings", "list-parse", str(bad)]) == 2
    assert f"{bad}:1: header: expected" in capsys.readouterr().err
    assert main(["ratings", "list-parse", str(tmp_path / "missing.txt")]) == 2
