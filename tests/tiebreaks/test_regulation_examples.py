"""The worked examples of reference/tiebreaks.md §7 (hand-checked, and the TEC checker's output).

``own_swiss7_byes_forfeits`` has a PAB, a half-point bye the player returns
from, forfeits, a full-point bye and a trailing zero-point bye (appendix A).
``own_rr6_forfeit`` is a round robin with a final-round forfeit (appendix B).
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from arbitro.model import Tournament
from arbitro.standings import compute_standings
from arbitro.trf import parse_trf

DATA = Path(__file__).parent / "data"

SWISS_CODES = [
    "PTS",
    "DE",
    "WIN",
    "WON",
    "BPG",
    "BWG",
    "REP",
    "PS",
    "BH",
    "BH/C1",
    "BH/C2",
    "BH/M1",
    "FB",
    "AOB",
    "SB",
    "SB/C1",
    "KS",
    "ARO",
    "ARO/C1",
    "TPR",
    "PTP",
    "APRO",
    "APPO",
]

# reference §7, checker output with the 2024 rules: start rank -> values in SWISS_CODES order
SWISS_2024 = {
    4: "4.5 0 4 3 1 0 5 13.5 14.0 12.5 10.5 8.0 13.5 14.13 12.50 11.00 1.5 1863 1917 2199 2218 1824 1821",
    1: "3.0 0 2 2 1 1 5 11.0 14.0 12.5 10.5 8.0 13.5 13.70 7.25 5.75 1.0 1840 1875 1912 1916 1880 1880",
    2: "3.0 0 2 1 2 0 5 8.0 14.5 12.5 10.5 8.0 14.0 13.75 7.50 6.50 0.5 1825 1867 1825 1822 1894 1895",
    3: "2.5 0 2 1 2 1 4 7.0 12.0 9.5 7.5 6.5 12.0 13.67 6.50 6.50 1.0 1817 1875 1817 1812 1792 1787",
    7: "2.0 1 2 2 4 2 5 6.0 15.5 13.5 10.5 9.0 15.5 13.20 5.00 3.00 1.0 1890 1925 1818 1813 1880 1880",
    6: "2.0 2 1 0 2 0 5 7.5 11.5 10.0 8.0 7.0 12.0 13.63 5.00 5.00 1.0 1838 1883 1645 1633 1801 1795",
    5: "1.5 0 1 1 2 0 3 4.0 12.5 11.0 9.5 6.5 13.5 13.17 2.75 2.75 0.0 1867 1925 1742 1733 1919 1922",
}
# reference §7, the same file with /V2026: PTS BH BH/C1 SB SB/C1 FB
SWISS_2026_CODES = ["PTS", "BH", "BH/C1", "SB", "SB/C1", "FB"]
SWISS_2026 = {
    4: "4.5 12.0 10.5 10.50 9.00 12.0",
    1: "3.0 14.0 12.5 7.25 5.75 13.5",
    2: "3.0 14.0 12.0 7.00 6.00 13.5",
    3: "2.5 11.0 8.5 5.50 4.00 11.5",
    7: "2.0 15.5 13.5 5.00 3.00 15.5",
    6: "2.0 11.5 10.0 5.00 5.00 12.0",
    5: "1.5 12.5 11.0 2.75 2.75 13.5",
}


def _load(name: str) -> Tournament:
    return parse_trf((DATA / name).read_bytes(), source=name).tournament


@pytest.fixture(scope="module")
def swiss7() -> Tournament:
    return _load("own_swiss7_byes_forfeits.trf")


@pytest.fixture(scope="module")
def rr6() -> Tournament:
    return _load("own_rr6_forfeit.trf")


def test_swiss7_whole_table_2024_rules_c07_art16(swiss7: Tournament) -> None:
    """All 23 tie-breaks of §7 (2024 rules, chosen by the 2025 start date) and the rank order."""
    st = compute_standings(swiss7, SWISS_CODES)
    assert st.rules == "2024"
    assert [r.start_rank for r in st.rows] == list(SWISS_2024)
    for row in st.rows:
        expected = [Decimal(v) for v in SWISS_2024[row.start_rank].split()]
        assert [row.values[c] for c in SWISS_CODES] == expected, row.start_rank


def test_swiss7_2026_rules_cap_the_dummy_c07_16_4(swiss7: Tournament) -> None:
    st = compute_standings(swiss7, SWISS_2026_CODES, rules="2026")
    assert st.rules == "2026"
    for row in st.rows:
        expected = [Decimal(v) for v in SWISS_2026[row.start_rank].split()]
        assert [row.values[c] for c in SWISS_2026_CODES] == expected, row.start_rank


def test_pab_dummy_has_own_final_score_2024_c07_16_4(swiss7: Tournament) -> None:
    """P4: BH = 4.5 (PAB dummy = own final score) + 3 + 3 + 2 + 1.5 = 14.0."""
    ex = compute_standings(swiss7, ["BH"], rules="2024").explain(4, "BH")
    assert ex.value == Decimal("14.0")
    assert ex.contributions[0].value == Decimal("4.5") and ex.contributions[0].opponent is None
    assert "16.2.1" in ex.contributions[0].note


def test_pab_dummy_capped_at_draws_2026_c07_16_4_2(swiss7: Tournament) -> None:
    """2026: the PAB dummy's score is at most a draw in every round: 0.5 x 5 = 2.5, so BH = 12.0."""
    ex = compute_standings(swiss7, ["BH"], rules="2026").explain(4, "BH")
    assert ex.value == Decimal("12.0")
    assert ex.contributions[0].value == Decimal("2.5")


def test_trailing_zero_bye_is_cut_first_c07_16_5_1(swiss7: Tournament) -> None:
    """P3: BH-C1 cuts the round-5 zero-point bye (a VUR, 16.2.5), not the lowest opponent: 9.5."""
    ex = compute_standings(swiss7, ["BH/C1"], rules="2024").explain(3, "BH/C1")
    assert ex.value == Decimal("9.5")
    assert [c.round for c in ex.contributions if c.cut] == [5]


def test_forfeit_win_dummy_capped_by_opponent_2026_c07_16_4_1(swiss7: Tournament) -> None:
    """P3, 2026: checker detail {"val":"8.5","cut":[5],"3":"1.5"}: the round-3 forfeit win's dummy is
    capped at the scheduled opponent's adjusted score (1.5)."""
    ex = compute_standings(swiss7, ["BH/C1"], rules="2026").explain(3, "BH/C1")
    assert ex.value == Decimal("8.5")
    by_round = {c.round: c.value for c in ex.contributions}
    assert by_round == {
        1: Decimal("2.0"),
        2: Decimal("2.0"),
        3: Decimal("1.5"),
        4: Decimal("3.0"),
        5: Decimal("2.5"),
    }
    assert [c.round for c in ex.contributions if c.cut] == [5]


def test_two_vurs_cut_by_cut2_c07_16_5_2(swiss7: Tournament) -> None:
    """P5: BH-C1 and BH-C2 cut its two VURs, the half-point bye (16.2.3) and the forfeit loss (16.2.4)."""
    st = compute_standings(swiss7, ["BH/C1", "BH/C2"], rules="2024")
    assert [c.round for c in st.explain(5, "BH/C1").contributions if c.cut] == [2]
    assert sorted(c.round for c in st.explain(5, "BH/C2").contributions if c.cut) == [2, 3]


def test_sb_cut_prefers_least_significant_over_zero_vur_c07_14_1_1_d(swiss7: Tournament) -> None:
    """P3, 2026: SB-C1 cuts the 1.5 forfeit-win product (lowest opponent), not the 0 product of the ZPB."""
    ex = compute_standings(swiss7, ["SB/C1"], rules="2026").explain(3, "SB/C1")
    assert ex.value == Decimal("4.00")
    assert [c.round for c in ex.contributions if c.cut] == [3]


def test_aro_and_tpr_worked_example_c07_10_1_10_2(swiss7: Tournament) -> None:
    """P4: ARO = 7450 / 4 = 1862.5 -> 1863; TPR = 1863 + dp(0.88) = 1863 + 336 = 2199."""
    row = compute_standings(swiss7, ["ARO", "TPR"]).row(4)
    assert row.values["ARO"] == Decimal(1863)
    assert row.values["TPR"] == Decimal(2199)


def test_fore_buchholz_worked_example_c07_8_3(swiss7: Tournament) -> None:
    """P4: FB = 13.5 (its final-round win taken as a draw lowers the PAB dummy by 0.5)."""
    assert compute_standings(swiss7, ["FB"], rules="2024").row(4).values["FB"] == Decimal("13.5")


def test_rr6_direct_encounter_and_sb_c07_art15(rr6: Tournament) -> None:
    """Round robin (Art. 15): the forfeit counts as a game; 3 beat 2 so DE puts 3 first."""
    st = compute_standings(rr6, ["DE", "SB", "KS", "WIN"])
    assert [r.start_rank for r in st.rows] == [3, 2, 4, 1, 5, 6]
    table = {r.start_rank: [str(r.values[c]) for c in ("PTS", "DE", "SB", "KS", "WIN")] for r in st.rows}
    assert table == {
        3: ["3.5", "1", "7.75", "2.0", "3"],
        2: ["3.5", "2", "6.50", "1.5", "3"],
        4: ["3.0", "0", "7.00", "1.5", "2"],
        1: ["2.5", "0", "5.00", "1.0", "2"],
        5: ["1.5", "0", "3.75", "1.0", "0"],
        6: ["1.0", "0", "2.00", "0.5", "0"],
    }


def test_rr6_forfeit_win_is_not_won_over_the_board_c07_7_2(rr6: Tournament) -> None:
    """Player 1 won round 5 by forfeit: WIN counts it (7.1), WON does not (7.2), REP of player 5 drops it."""
    st = compute_standings(rr6, ["WIN", "WON", "REP"])
    assert st.row(1).values["WIN"] == Decimal(2)
    assert st.row(1).values["WON"] == Decimal(1)
    assert st.row(5).values["REP"] == Decimal(4)


def test_fore_buchholz_forfeited_final_round_taken_as_draw_c07_8_3() -> None:
    """Reference §9.4 item 1: FIDE example1 #59 lost rounds 6 and 7 by forfeit; the checker gives FB 26.0
    (the final-round pairing drawn "as played"), where reading it as an unplayed round would give 25.0."""
    from tests.fixture_paths import FIXTURES

    path = FIXTURES / "trf" / "fide-example1-karl-mala-2005.trf"
    t = parse_trf(path.read_bytes()).tournament
    row = compute_standings(t, ["FB", "BH"]).row(59)
    assert (row.values["FB"], row.values["BH"]) == (Decimal("26.0"), Decimal("25.0"))
