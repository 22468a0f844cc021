"""Performance measures: ARO (C.07 10.1), TPR (10.2), PTP (10.3), APRO/APPO (10.4/10.5), norm Ra/Rp (B.01 1.4.7-1.4.8).

The Swiss cases are the hand-checked file ``own_swiss7_byes_forfeits`` (tiebreaks.md §7 and
appendix A); the checker's values there are FIDE TEC tiebreakchecker 1.9.57 output. Opponent
lists are the over-the-board games read off the appendix by hand.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitro.ratings import (
    apply_rating_floor,
    average_rating,
    expected_total_hundredths,
    norm_performance,
    norm_rating_average,
    perfect_tournament_performance,
    tournament_performance_rating,
)

# start number -> (OTB opponent ratings, OTB score, checker ARO, TPR, PTP)
SWISS7 = {
    4: ([1950, 2000, 1700, 1800], Fraction(7, 2), 1863, 2199, 2218),
    1: ([1800, 1700, 1850, 1900, 1950], Fraction(3), 1840, 1912, 1916),
    2: ([1750, 1850, 1700, 2000], Fraction(2), 1825, 1825, 1822),
    3: ([1700, 1750, 2000], Fraction(3, 2), 1817, 1817, 1812),
    7: ([1900, 2000, 1950, 1850, 1750], Fraction(2), 1890, 1818, 1813),
    6: ([1950, 1900, 1800, 1700], Fraction(1), 1838, 1645, 1633),
    5: ([2000, 1750, 1850], Fraction(1), 1867, 1742, 1733),
}
OTB_OPPONENTS = {4: [2, 1, 7, 5], 1: [5, 7, 4, 3, 2]}


@pytest.mark.parametrize("sno", sorted(SWISS7))
def test_c07_10_1_aro_rounded_half_up(sno: int) -> None:
    ratings, _, aro, _, _ = SWISS7[sno]
    assert average_rating(ratings) == aro


@pytest.mark.parametrize("sno", sorted(SWISS7))
def test_c07_10_2_tpr_is_aro_plus_dp(sno: int) -> None:
    ratings, score, _, tpr, _ = SWISS7[sno]
    assert tournament_performance_rating(ratings, score) == tpr


@pytest.mark.parametrize("sno", sorted(SWISS7))
def test_c07_10_3_ptp_lowest_rating_reaching_the_score(sno: int) -> None:
    ratings, score, _, _, ptp = SWISS7[sno]
    assert perfect_tournament_performance(ratings, score) == ptp


def test_c07_10_4_apro_and_10_5_appo_average_the_opponents_values() -> None:
    for sno, apro, appo in [(4, 1824, 1821), (1, 1880, 1880)]:
        opponents = OTB_OPPONENTS[sno]
        assert average_rating([SWISS7[o][3] for o in opponents]) == apro
        assert average_rating([SWISS7[o][4] for o in opponents]) == appo


def test_c07_10_3_ptp_zero_score_is_lowest_minus_800() -> None:
    assert perfect_tournament_performance([1900, 2100, 2000], 0) == 1100


def test_c07_10_3_ptp_perfect_score_is_highest_plus_736() -> None:
    # the first difference where table 8.1.2 gives 1.00 is 736 (ratings.md §10.3, derived)
    assert perfect_tournament_performance([1900, 2100, 2000], 3) == 2836


def test_c07_10_3_ptp_sums_exact_hundredths_not_floats() -> None:
    # ten opponents at 2000, score 8: PD(R-2000) must reach .80 -> D = 236 exactly (band 236..245)
    assert perfect_tournament_performance([2000] * 10, 8) == 2236
    assert expected_total_hundredths(2236, [2000] * 10) == 800
    assert expected_total_hundredths(2235, [2000] * 10) == 790


def test_c07_10_3_ptp_has_no_400_point_cut() -> None:
    # opponent 500 points below: the uncut table gives PD .95 (a 400 cut would give .92)
    assert perfect_tournament_performance([1500], Decimal("0.95")) == 1500 + 457


@given(
    st.lists(st.integers(min_value=1000, max_value=2900), min_size=1, max_size=15),
    st.data(),
)
def test_c07_10_3_ptp_is_the_minimum_rating_reaching_the_score(
    ratings: list[int], data: st.DataObject
) -> None:
    half_points = data.draw(st.integers(min_value=1, max_value=2 * len(ratings)))
    score = Fraction(half_points, 2)
    ptp = perfect_tournament_performance(ratings, score)
    assert expected_total_hundredths(ptp, ratings) >= 100 * score
    assert expected_total_hundredths(ptp - 1, ratings) < 100 * score


def test_c07_10_2_tpr_applies_no_floor_and_dp_800_at_the_extremes() -> None:
    assert tournament_performance_rating([1200, 1300], 2) == 1250 + 800
    assert tournament_performance_rating([1200, 1300], 0) == 1250 - 800


def test_performance_rejects_bad_input() -> None:
    with pytest.raises(ValueError):
        average_rating([])
    with pytest.raises(ValueError):
        tournament_performance_rating([2000], 2)
    with pytest.raises(ValueError):
        perfect_tournament_performance([2000, 2100], Fraction(-1, 2))


def test_b01_1_4_7a_only_the_lowest_opponent_is_raised_to_the_floor() -> None:
    assert apply_rating_floor([2100, 2000, 2300], 2200) == [2100, 2200, 2300]
    # 2005 edition (1.46c1): up to two opponents raised
    assert apply_rating_floor([2100, 2000, 2300], 2200, raise_count=2) == [2200, 2200, 2300]


def test_b01_1_4_6d_unrated_counts_as_1400_then_is_floored() -> None:
    # titles.md §8 case 1: the unrated opponent counts at 1400, is the lowest, and is raised to the GM floor
    opponents = [2500, 2450, 2400, 2350, 2300, 2600, 2550, 2450, 0]
    assert norm_rating_average(opponents, floor=2200) == round_mean(
        [2500, 2450, 2400, 2350, 2300, 2600, 2550, 2450, 2200]
    )
    assert norm_rating_average(opponents, floor=None) == round_mean(
        [2500, 2450, 2400, 2350, 2300, 2600, 2550, 2450, 1400]
    )


def test_b01_1_4_8_rp_is_ra_plus_dp_with_the_floor() -> None:
    # 9 games, 6.5 points = 72.2 % -> 72 -> dp 166; Ra with 2000 raised to 2200:
    opponents = [2500, 2450, 2400, 2350, 2300, 2600, 2550, 2450, 2000]
    ra = norm_rating_average(opponents, floor=2200)
    assert ra == 2422  # 21800 / 9 = 2422.2
    assert norm_performance(opponents, Fraction(13, 2), floor=2200) == 2422 + 166


def round_mean(values: list[int]) -> int:
    total, n = sum(values), len(values)
    return (2 * total + n) // (2 * n)


def test_performance_rating_is_tpr_without_floor_and_norm_rp_with_it() -> None:
    from arbitro.ratings import performance_rating

    opponents = [2500, 2450, 2400, 2350, 2300, 2600, 2550, 2450, 2000]
    assert performance_rating(opponents, Fraction(13, 2)) == tournament_performance_rating(
        opponents, Fraction(13, 2)
    )
    assert performance_rating(opponents, Fraction(13, 2), floor=2200) == 2422 + 166
