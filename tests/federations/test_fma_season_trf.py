"""Season tournaments given as TRF files (fixtures no one here wrote): FMA 4.1, 4.2, 6.2."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tests.fixture_paths import FIXTURES

from arbitro.cli import main
from arbitro.federations.fma.season import run_season
from arbitro.federations.fma.season_file import load_season
from arbitro.trf import read_trf

pytest.importorskip("arbitro.standings")

SWISS = FIXTURES / "dutch" / "d023-p14-r7.trf"
RR6 = FIXTURES / "trf" / "small-rr6-forfeit.trf"


def _season_for(path: Path, category: str = "segunda") -> dict[str, Any]:
    t = read_trf(path)
    players = [
        {"id": f"X{p.start_rank}", "name": p.name, "standard_rating": p.rating or None, "category": category}
        for p in t.iter_players()
    ]
    return {
        "year": 2026,
        "players": players,
        "tournaments": [
            {"id": "t1", "name": "Torneo", "category": category, "start": "2026-05-01", "time_control": "90+30",
             "promotions": 2, "relegations": 2, "announced_on": "2026-04-01", "trf": str(path)}
        ],
    }


def test_fma_4_1_6_2_swiss_trf_is_seven_rounds_with_swiss_tiebreaks() -> None:
    rep = run_season(load_season(_season_for(SWISS), source="s.json", load_trf=read_trf)).to_dict()
    t = rep["tournaments"][0]
    assert (t["format"]["kind"], t["format"]["rounds"]) == ("swiss", 7)
    assert t["tiebreaks"] == ["DE", "BH/C1", "SB", "BH", "PS", "WON", "TPR"]
    assert not any(n["id"] == "format.mismatch" for n in t["notes"])
    assert len(t["standings"]) == 14
    from arbitro.standings import compute_standings

    direct = compute_standings(read_trf(SWISS), t["tiebreaks"], lots_seed=None)
    assert [f"X{r.start_rank}" for r in direct.rows] == [s["player"] for s in t["standings"]]
    promoted = [m["player"] for m in t["moves"] if m["kind"] == "promotion"]
    assert promoted == [s["player"] for s in t["standings"][:2]]


def test_fma_4_1_six_players_played_single_round_robin_is_flagged() -> None:
    rep = run_season(load_season(_season_for(RR6), source="s.json", load_trf=read_trf)).to_dict()
    t = rep["tournaments"][0]
    assert t["format"]["kind"] == "double_round_robin"
    mismatch = [n for n in t["notes"] if n["id"] == "format.mismatch"]
    assert mismatch and mismatch[0]["article"] == "FMA 4.1"


def test_cli_fma_season_with_trf_relative_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "swiss.trf").write_bytes(SWISS.read_bytes())
    data = _season_for(SWISS)
    data["tournaments"][0]["trf"] = "swiss.trf"
    f = tmp_path / "season.json"
    f.write_text(json.dumps(data), encoding="utf-8")
    assert main(["fma", "season", str(f), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Swiss, 7 rounds. [FMA 4.1 c]" in out
    data["tournaments"][0]["trf"] = "missing.trf"
    f.write_text(json.dumps(data), encoding="utf-8")
    assert main(["fma", "season", str(f)]) == 2
