"""A whole FMA season (four categories, Primera top 10, Torneo Mayor tie to Armageddon,
an invited player, sanctioned players) through ``arbitro fma season``; FMA season file errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from arbitro.cli import main
from arbitro.errors import ArbitroError
from arbitro.federations.fma.season import run_season
from arbitro.federations.fma.season_file import load_season

from .fma_season_data import season

pytest.importorskip("arbitro.standings")


@pytest.fixture(scope="module")
def report() -> dict[str, Any]:
    return run_season(load_season(season(), source="season.json")).to_dict()


def _t(report: dict[str, Any], tid: str) -> dict[str, Any]:
    return next(t for t in report["tournaments"] if t["id"] == tid)


def _next(report: dict[str, Any]) -> dict[str, str | None]:
    return {c["player"]: c["next_year"] for c in report["categories"]}


def test_season_four_categories_formats_fma_4_1(report: dict[str, Any]) -> None:
    kinds = {t["category"]: (t["format"]["kind"], t["format"]["rounds"]) for t in report["tournaments"]}
    assert kinds == {
        "cuarta": ("double_round_robin", 6),
        "tercera": ("round_robin", 7),
        "segunda": ("double_round_robin", 10),
        "primera": ("round_robin", 7),
    }
    assert all(t["tiebreaks"] == ["DE", "SB", "WON", "KS", "KS/L-1"] for t in report["tournaments"])


def test_season_primera_lower_category_in_top10_fma_anexo_ii_iii1(report: dict[str, Any]) -> None:
    primera = _t(report, "primera-2026")
    top10 = [m for m in primera["moves"] if m["reason"]["article"] == "FMA Anexo II III.1"]
    assert {(m["player"], m["to"]) for m in top10} == {("S1", "primera"), ("Q1", "segunda")}
    nxt = _next(report)
    assert nxt["S1"] == "primera" and nxt["Q1"] == "segunda" and nxt["P6"] == "segunda"


def test_season_entries_refused_with_article_fma_1_8_11_1_7(report: dict[str, Any]) -> None:
    refused = {(e["player"], e["reason"]["article"]) for e in _t(report, "tercera-2026")["entries_refused"]}
    assert refused == {("S6", "FMA 11.1.7"), ("NR", "FMA 1.8")}
    accepted = {e["player"]: e["basis"] for e in _t(report, "primera-2026")["entries_accepted"]}
    assert accepted["S1"] == "semi_open" and accepted["Q1"] == "qualifier"


def test_season_invited_player_fma_7_2(report: dict[str, Any]) -> None:
    segunda = _t(report, "segunda-2026")
    invited = [e for e in segunda["entries_accepted"] if e["basis"] == "invitation"]
    assert [e["player"] for e in invited] == ["C1"]
    assert _next(report)["C1"] == "cuarta"  # invited players keep their category (FMA B.1)


def test_season_sanctioned_player_point_deduction_fma_11_1_3(report: dict[str, Any]) -> None:
    segunda = _t(report, "segunda-2026")
    line = next(s for s in segunda["standings"] if s["player"] == "S3")
    assert line["points"] == "3.5" and line["position"] == 4
    assert [s["player"] for s in segunda["standings"]][:3] == ["S1", "S2", "C1"]


def test_season_newcomer_and_late_claim_fma_1_3_1_4(report: dict[str, Any]) -> None:
    notes = {n["id"] for n in _t(report, "tercera-2026")["notes"]}
    assert {"category.by_rating", "claim.late"} <= notes
    assert _next(report)["N1"] == "segunda"  # promoted from Tercera


def test_season_announcement_after_start_fma_5_1(report: dict[str, Any]) -> None:
    cuarta = _t(report, "cuarta-2026")
    assert cuarta["moves"] == []
    assert any(n["id"] == "promotion.not_announced" for n in cuarta["notes"])


def test_season_mayor_field_with_fallbacks_fma_anexo_iii_i(report: dict[str, Any]) -> None:
    seats = [(s["player"], s["reason"]["article"]) for s in report["mayor"]["field"]]
    assert seats == [
        ("M0", "FMA Anexo III I.1.1"),
        ("M1", "FMA Anexo III I.2.1"),
        ("P1", "FMA Anexo III I.2.2"),
        ("P2", "FMA Anexo III I.3.1"),
        ("P3", "FMA Anexo III I.3.1"),
        ("S1", "FMA Anexo III I.3.2"),
    ]


def test_season_mayor_two_way_tie_goes_to_armageddon_fma_anexo_iii_iii24(report: dict[str, Any]) -> None:
    mayor = report["mayor"]
    articles = [n["article"] for n in mayor["notes"]]
    assert "FMA Anexo III III.2.4" in articles and "FMA Anexo III III.2.3" not in articles
    assert mayor["champion"] == "M0"  # drawn Armageddon: Black (M0) wins
    assert mayor["notes"][-1]["article"] == "FMA 9"


def test_season_trophies_and_abierto_fma_8(report: dict[str, Any]) -> None:
    by_t: dict[str, list[str]] = {}
    for t in report["trophies"]:
        by_t.setdefault(t["tournament"], []).append(t["player"])
    assert by_t["Primera Categoría 2026"] == ["P1", "P2", "P3"]
    assert by_t["Torneo Mayor Absoluto 2026"] == ["M0", "M1", report["mayor"]["tournament"]["standings"][2]["player"]]
    honours = [h["article"] for h in _t(report, "segunda-2026")["honours"]]
    assert "FMA 8.1, 8.2" in honours


def test_season_messages_in_spanish_and_english(report: dict[str, Any]) -> None:
    for t in report["tournaments"]:
        for n in t["notes"]:
            assert n["es"] and n["en"] and n["es"] != n["en"]


def test_cli_fma_season_table_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "season.json"
    f.write_text(json.dumps(season(), ensure_ascii=False), encoding="utf-8")
    assert main(["fma", "season", str(f)]) == 0
    out = capsys.readouterr().out
    assert "Armagedón" in out and "[FMA Anexo II III.1]" in out and "RECHAZADO" in out
    assert main(["fma", "season", str(f), "--format", "json", "--lang", "en"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["mayor"]["champion"] == "M0"


def test_cli_fma_season_bad_file_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "bad.json"
    f.write_text('{"year": 2026,\n "players": [}', encoding="utf-8")
    assert main(["fma", "season", str(f)]) == 2
    assert "bad.json:2: JSON" in capsys.readouterr().err
    assert main(["fma", "season", str(tmp_path / "missing.json")]) == 2


@pytest.mark.parametrize(
    ("mutate", "where"),
    [
        (lambda d: d["tournaments"][0].update(category="quinta"), "tournaments[0].category"),
        (lambda d: d["tournaments"][0].update(start="07/03/2026"), "tournaments[0].start"),
        (lambda d: d["sanctions"][0].update(kind="jail"), "sanctions[0].kind"),
        (lambda d: d["players"][0].update(standard_rating="2350"), "players[0].standard_rating"),
        (lambda d: d["tournaments"][0]["games"][0].update(result="2-0"), "games[0].result"),
        (lambda d: d["mayor"].update(primera="nope"), "mayor.primera"),
        (lambda d: d.update(year="2026"), "year"),
    ],
)
def test_season_file_errors_name_the_field(mutate: Any, where: str) -> None:
    data = season()
    mutate(data)
    with pytest.raises(ArbitroError, match=where.replace("[", r"\[").replace("]", r"\]")):
        run_season(load_season(data, source="season.json"))


def test_season_file_given_standings_work_without_games() -> None:
    data = season()
    for t in data["tournaments"]:
        order = [g for g in t.pop("players")]
        t.pop("games")
        t["final_standings"] = order if t["id"] != "primera-2026" else [{"player": p, "points": 7 - i} for i, p in enumerate(order)]
    data["mayor"] = None
    rep = run_season(load_season(data, source="season.json")).to_dict()
    primera = _t(rep, "primera-2026")
    assert primera["standings"][0]["points"] == "7"
    assert any(n["id"] == "standings.given" for n in primera["notes"])
    assert _next(rep)["S1"] == "primera"


def test_season_schema_accepts_the_test_season_and_refuses_a_bad_one() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schema_path = Path(__file__).resolve().parents[2] / "docs" / "schemas" / "season.schema.json"
    schema = json.loads(schema_path.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    data = json.loads(json.dumps(season()))
    assert list(validator.iter_errors(data)) == []
    data["tournaments"][0]["category"] = "quinta"
    data["tournaments"][1]["surprise"] = 1
    assert len(list(validator.iter_errors(data))) == 2


def test_season_mayor_rate_and_late_playoff_are_reported_fma_anexo_iii() -> None:
    data = season()
    data["mayor"]["time_control"] = "60+30"
    data["mayor"]["end"] = "2026-11-17"
    data["mayor"]["playoff"]["start"] = "2026-11-30"
    notes = {n["id"] for n in run_season(load_season(data, source="s")).to_dict()["mayor"]["notes"]}
    assert {"mayor.time_control", "mayor.playoff_late"} <= notes


def test_season_mayor_without_results_gives_the_field_only() -> None:
    data = season()
    for key in ("players", "games", "playoff"):
        data["mayor"].pop(key)
    rep = run_season(load_season(data, source="s")).to_dict()
    assert rep["mayor"]["champion"] is None and rep["mayor"]["tournament"] is None
    assert len(rep["mayor"]["field"]) == 6


def test_season_swiss_with_unrated_players_drops_tpr_fma_6_2_g() -> None:
    ids = [f"C{i}" for i in range(12)]
    games = [{"round": r, "white": ids[(i + r) % 12], "black": ids[(11 - i + r) % 12], "result": "1/2-1/2"}
             for r in range(1, 8) for i in range(6)]
    data = {
        "year": 2026,
        "players": [{"id": p, "name": p, "standard_rating": None if i % 2 else 1500, "category": "cuarta"}
                    for i, p in enumerate(ids)],
        "tournaments": [{"id": "c", "category": "cuarta", "start": "2026-03-01", "time_control": "60+30",
                         "players": ids, "games": games}],
    }
    t = run_season(load_season(data, source="s")).to_dict()["tournaments"][0]
    assert t["format"]["kind"] == "swiss"
    assert any(n["id"] == "tiebreaks.dropped" and "TPR" in n["en"] for n in t["notes"])
