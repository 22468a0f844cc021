"""Standings (C.07 4.2): ordering, shared ranks, drawing of lots, the tie-break list, rules by date."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from tests.tiebreaks.helpers import make_tournament

from arbitro.errors import ArbitroError
from arbitro.standings import DEFAULT_SWISS, compute_standings

# 4 players after 2 rounds: 1 and 3 tie on everything symmetric-ish, 2 and 4 too
ROWS = {1: "2w1 3b=", 2: "1b0 4w=", 3: "4w1 1w=", 4: "3b0 2b="}


def test_points_then_tiebreaks_order_c07_4_2() -> None:
    st = compute_standings(make_tournament(ROWS), ["BH"], break_ties_by_lot=False)
    assert st.tiebreaks == ["PTS", "BH"]
    assert [r.points for r in st.rows] == [Decimal("1.5"), Decimal("1.5"), Decimal("0.5"), Decimal("0.5")]
    assert [r.rank for r in st.rows] == [1, 1, 3, 3]  # still tied: shared ranks (Art. 2.1)
    assert not any(r.by_lot for r in st.rows)


def test_drawing_of_lots_is_reproducible_c07_4_2() -> None:
    t = make_tournament(ROWS)
    a = compute_standings(t, ["BH"], lots_seed=7)
    b = compute_standings(t, ["BH"], lots_seed=7)
    assert [r.start_rank for r in a.rows] == [r.start_rank for r in b.rows]
    assert [r.rank for r in a.rows] == [1, 2, 3, 4]
    assert all(r.by_lot for r in a.rows) and a.lots_seed == 7
    assert [r.shared_rank for r in a.rows] == [1, 1, 3, 3]
    orders = {tuple(r.start_rank for r in compute_standings(t, ["BH"], lots_seed=s).rows) for s in range(20)}
    assert len(orders) > 1  # the seed matters


def test_default_seed_is_stable_and_recorded() -> None:
    t = make_tournament(ROWS)
    a, b = compute_standings(t, ["BH"]), compute_standings(t, ["BH"])
    assert a.lots_seed is not None and a.lots_seed == b.lots_seed
    assert [r.start_rank for r in a.rows] == [r.start_rank for r in b.rows]


def test_list_from_202_record_then_default() -> None:
    t = make_tournament(ROWS)
    t.tiebreaks = ["SB", "WIN"]
    assert compute_standings(t).tiebreaks == ["PTS", "SB", "WIN"]
    t.standings_tiebreaks = ["PTS", "DE", "BH"]
    assert compute_standings(t).tiebreaks == ["PTS", "DE", "BH"]
    assert compute_standings(make_tournament(ROWS)).tiebreaks == DEFAULT_SWISS


def test_rules_by_start_date_c07_editions() -> None:
    assert compute_standings(make_tournament(ROWS, start=dt.date(2026, 2, 28))).rules == "2024"
    assert compute_standings(make_tournament(ROWS, start=dt.date(2026, 3, 1))).rules == "2026"
    assert compute_standings(make_tournament(ROWS, start=dt.date(2025, 1, 1)), rules="2026").rules == "2026"
    with pytest.raises(ArbitroError):
        compute_standings(make_tournament(ROWS), rules="2023")


def test_after_round_ignores_later_rounds() -> None:
    st = compute_standings(make_tournament(ROWS), ["BH"], after_round=1, break_ties_by_lot=False)
    assert st.after_round == 1
    assert {r.start_rank: r.points for r in st.rows} == {1: 1, 3: 1, 2: 0, 4: 0}


def test_values_are_decimals_with_fixed_places() -> None:
    st = compute_standings(make_tournament(ROWS), ["BH", "SB", "ARO", "AOB"])
    row = st.rows[0]
    assert str(row.values["PTS"]) == "1.5"
    assert len(str(row.values["SB"]).split(".")[1]) == 2
    assert "." not in str(row.values["ARO"])


def test_explanations_on_demand() -> None:
    st = compute_standings(make_tournament(ROWS), ["BH/C1"])
    ex = st.rows[0].explain("BH/C1")
    assert ex.code == "BH/C1" and ex.value == st.rows[0].values["BH/C1"]
    assert len(ex.contributions) == 2 and sum(c.cut for c in ex.contributions) == 1
    assert ex.as_dict()["rounds"]
    with pytest.raises(KeyError):
        st.explain(1, "SB")


def test_as_dict_json_shape() -> None:
    doc = compute_standings(make_tournament(ROWS), ["BH"]).as_dict()
    players = doc["players"]
    assert isinstance(players, list)
    assert set(players[0]) == {"start_rank", "rank", "values"}
    assert players[0]["values"]["PTS"] == "1.5"


def test_three_one_zero_scoring_c07_7_1() -> None:
    from arbitro.model import ScoringSystem

    scoring = ScoringSystem(
        win=Decimal(3),
        draw=Decimal(1),
        forfeit_win=Decimal(3),
        pairing_bye=Decimal(3),
        full_bye=Decimal(3),
        half_bye=Decimal(1),
    )
    st = compute_standings(
        make_tournament(ROWS, scoring=scoring), ["WIN", "SB", "STD"], break_ties_by_lot=False
    )
    top = st.rows[0]
    assert top.points == Decimal(4) and top.values["WIN"] == Decimal(1)
    assert top.values["STD"] == Decimal("1.5")  # C.07 7.7: standard points 1 + 0.5 whatever the scoring
    # SB: 3 points x the beaten opponent's 1 + 1 point x the drawn opponent's 4
    assert top.values["SB"] == Decimal(3 * 1 + 1 * 4)


def test_after_round_beyond_the_last_played_round_is_clamped() -> None:
    st = compute_standings(make_tournament(ROWS, rounds=9), ["BH"], after_round=7, break_ties_by_lot=False)
    assert st.after_round == 2
    assert st.rows[0].values["BH"] == Decimal("2.0")  # no phantom zero-point byes for rounds 3-7


def test_unknown_codes_of_the_file_record_are_skipped_with_a_warning() -> None:
    t = make_tournament(ROWS)
    t.tiebreaks = ["BH/C1", "EDE", "SB", "SB"]
    st = compute_standings(t)
    assert st.tiebreaks == ["PTS", "BH/C1", "SB"]
    assert any("EDE" in w for w in st.warnings) and any("twice" in w for w in st.warnings)
    with pytest.raises(ArbitroError):
        compute_standings(t, ["BH/C1", "EDE"])  # an explicit list must be valid
