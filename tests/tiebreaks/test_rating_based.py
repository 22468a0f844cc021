"""Rating-based tie-breaks (C.07 Art. 10) on a tiny tournament, checked by hand."""

from __future__ import annotations

from decimal import Decimal

from tests.tiebreaks.helpers import make_tournament

from arbitro.standings import compute_standings

RATINGS = {1: 2200, 2: 2000, 3: 1900, 4: 1800}
# 1 beats 2 and 3 and wins round 3 by forfeit against 4.
ROWS = {1: "2w1 3b1 4w+", 2: "1b0 4w1 3b=", 3: "4b= 1w0 2w=", 4: "3w= 2b0 1b-"}


def _row(code: str, start_rank: int) -> Decimal | None:
    st = compute_standings(make_tournament(ROWS, ratings=RATINGS), [code])
    return st.row(start_rank).values[code]


def test_aro_counts_games_over_the_board_only_c07_10_1() -> None:
    assert _row("ARO", 1) == Decimal(1950)  # (2000 + 1900) / 2; the forfeit does not count


def test_tpr_is_aro_plus_dp_c07_10_2() -> None:
    assert _row("TPR", 1) == Decimal(1950 + 800)  # 2/2 = 100 % -> dp 800
    assert _row("TPR", 3) == Decimal(2000 - 125)  # ARO (1800+2200+2000)/3 = 2000; 1.0/3 = 33 % -> -125


def test_ptp_perfect_score_c07_10_3() -> None:
    assert _row("PTP", 1) == Decimal(2000 + 736)  # lowest R with PD = 1.00 against the best opponent


def test_ptp_zero_score_c07_10_3() -> None:
    t = make_tournament({1: "2w1", 2: "1b0"}, ratings={1: 2000, 2: 1500})
    assert compute_standings(t, ["PTP"]).row(2).values["PTP"] == Decimal(1200)  # 2000 - 800


def test_apro_averages_opponents_tpr_c07_10_4() -> None:
    st = compute_standings(make_tournament(ROWS, ratings=RATINGS), ["TPR", "APRO"])
    tpr = {r.start_rank: r.values["TPR"] for r in st.rows}
    expected = (tpr[2] + tpr[3]) / 2  # type: ignore[operator]
    assert st.row(1).values["APRO"] == expected.quantize(Decimal(1), rounding="ROUND_HALF_UP")


def test_rtng_is_own_rating_c07_10_6() -> None:
    assert _row("RTNG", 2) == Decimal(2000)


def test_fast_integer_performance_equals_ratings_package_b02() -> None:
    """The tie-breaks' integer ARO/TPR/PTP agree with arbitro.ratings (B.02 tables, exact arithmetic)."""
    import random
    from fractions import Fraction

    from arbitro.ratings import average_rating, perfect_tournament_performance, tournament_performance_rating
    from arbitro.tiebreaks.rating_based import average_rating_fast, ptp_fast, tpr_fast

    rng = random.Random(3)
    for _ in range(400):
        n = rng.randint(1, 13)
        ratings = [rng.randint(1000, 2850) for _ in range(n)]
        half_points = rng.randint(0, 2 * n)
        score = Fraction(half_points, 2)
        assert average_rating_fast(ratings) == average_rating(ratings)
        assert tpr_fast(ratings, half_points) == tournament_performance_rating(ratings, score)
        assert ptp_fast(ratings, half_points) == perfect_tournament_performance(ratings, score)
