"""Season-level scenarios: FMA 1.2, 2.1, Anexo I (several tournaments of a category), 11.1.8 and the Mayor."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from arbitro.federations.fma.season import run_season
from arbitro.federations.fma.season_file import load_season

from .fma_season_data import games_by_order, season

pytest.importorskip("arbitro.standings")


def _run(data: dict[str, Any]) -> dict[str, Any]:
    return run_season(load_season(data, source="s")).to_dict()


def test_fma_1_2_earned_category_kept_whatever_the_rating() -> None:
    data = season()
    t5 = next(p for p in data["players"] if p["id"] == "T5")
    t5["standard_rating"] = 2050  # would be Primera by rating (1.3), but Tercera was earned
    rep = _run(data)
    tercera = next(t for t in rep["tournaments"] if t["id"] == "tercera-2026")
    assert "T5" in [e["player"] for e in tercera["entries_accepted"]]
    primera = next(t for t in rep["tournaments"] if t["id"] == "primera-2026")
    assert "T5" not in [s["player"] for s in primera["standings"]]


def test_fma_2_2_player_entering_another_category_is_refused_in_season() -> None:
    data = season()
    data["tournaments"][1]["entries"].append("S2")  # a Segunda player asks for Tercera
    rep = _run(data)
    tercera = next(t for t in rep["tournaments"] if t["id"] == "tercera-2026")
    refused = {e["player"]: e["reason"]["article"] for e in tercera["entries_refused"]}
    assert refused["S2"] == "FMA 2.2"


def test_fma_2_1_every_category_needs_a_tournament() -> None:
    data = season()
    data["tournaments"] = [t for t in data["tournaments"] if t["category"] != "cuarta"]
    notes = [n for n in _run(data)["notes"] if n["article"] == "FMA 2.1"]
    assert len(notes) == 1 and "Cuarta" in notes[0]["es"]
    assert not [n for n in _run(season())["notes"] if n["article"] == "FMA 2.1"]


def test_fma_anexo_i_two_tournaments_of_a_category_two_champions_one_trophy_each() -> None:
    data = season()
    second = copy.deepcopy(data["tournaments"][0])
    order = ["C2", "C1", "C4", "C3"]
    second.update(id="cuarta-2026-b", name="Cuarta Categoría 2026 II", start="2026-09-05",
                  time_control="90+30", announced_on="2026-09-01", players=order,
                  games=games_by_order(order, 2))
    data["tournaments"].append(second)
    rep = _run(data)
    champions = [h["es"] for t in rep["tournaments"] if t["category"] == "cuarta" for h in t["honours"]
                 if h["article"] == "FMA Anexo I IV, C"]
    assert len(champions) == 2 and "Cuarta Jugador 2" in champions[1]
    cuarta_trophies = [t["player"] for t in rep["trophies"] if t["tournament"].startswith("Cuarta")]
    assert sorted(cuarta_trophies) == sorted(set(cuarta_trophies))  # FMA 8.6: at most one each
    assert cuarta_trophies == ["C1", "C2", "C3", "C4"]
    assert any(n["article"] == "FMA Anexo I II" for n in rep["notes"])  # 60+30 vs 90+30
    nxt = {c["player"]: c["next_year"] for c in rep["categories"]}
    assert nxt["C2"] == "tercera"  # promoted in the second Cuarta (announced in time)


def test_fma_11_1_8_expelled_player_is_out_of_the_mayor() -> None:
    data = season()
    data["sanctions"].append({"player": "M1", "kind": "fma_expulsion", "date": "2026-10-01"})
    data["mayor"].pop("players")
    data["mayor"].pop("games")
    data["mayor"].pop("playoff")
    rep = _run(data)
    assert "M1" not in [s["player"] for s in rep["mayor"]["field"]]
    assert len(rep["mayor"]["field"]) == 6  # no longer an FMA player: out of the rating ranking too


def test_fma_anexo_iii_i11_champion_absent_next_of_last_mayor() -> None:
    data = season()
    data["mayor"]["declined"]["M0"] = "enfermo"
    data["mayor"].pop("players")
    data["mayor"].pop("games")
    data["mayor"].pop("playoff")
    rep = _run(data)
    first = rep["mayor"]["field"][0]
    assert first["player"] == "P1" and first["reason"]["article"] == "FMA Anexo III I.1.2"  # 3rd of the last Mayor
