"""Performance measures built on the B.02 tables.

* :func:`average_rating` - ARO (C.07 10.1) and Ra (B.01 1.4.7b): mean of the
  opponents' ratings, rounded to the nearest whole number, 0.5 up.
* :func:`tournament_performance_rating` - TPR (C.07 10.2): ARO + dp(p), p
  rounded to a whole percent (0.5 up), dp from table 8.1.1. No rating floor.
* :func:`perfect_tournament_performance` - PTP (C.07 10.3): the lowest rating R
  whose summed expected score (table 8.1.2, no 400-point cut) reaches the
  score; a score of 0 gives the lowest opponent rating - 800.
* :func:`norm_rating_average` / :func:`norm_performance` - Ra and Rp for a
  title norm (B.01 1.4.6-1.4.9): unrated opponents at a fixed value, the lowest
  opponent(s) raised to the rating floor, Rp = Ra + dp.

Callers pass the ratings of the games that count (over-the-board, rated,
...); choosing those games is the caller's rule (C.07 preamble to Art. 10,
B.01 1.4.2), not this module's.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from arbitro.ratings.rounding import round_half_up
from arbitro.ratings.tables import Number, dp_from_score, expected_score_hundredths

__all__ = [
    "PTP_PERFECT_MARGIN",
    "PTP_ZERO_MARGIN",
    "average_rating",
    "apply_rating_floor",
    "expected_total_hundredths",
    "norm_performance",
    "norm_rating_average",
    "perfect_tournament_performance",
    "performance_rating",
    "tournament_performance_rating",
]

#: C.07 10.3: a score of 0 gives PTP = lowest opponent rating - 800.
PTP_ZERO_MARGIN = 800
#: First D with PD = 1.00 in table 8.1.2 (D > 735); a perfect score gives PTP = highest + 736.
PTP_PERFECT_MARGIN = 736


def _check(ratings: Sequence[int]) -> None:
    if not ratings:
        raise ValueError("at least one opponent rating is needed")


def average_rating(ratings: Sequence[int]) -> int:
    """ARO / Ra: the mean rating rounded to the nearest integer, 0.5 up (C.07 10.1, B.01 1.4.7b).

    >>> average_rating([1800, 1900, 1875, 1875])
    1863
    """
    _check(ratings)
    return round_half_up(Fraction(sum(ratings), len(ratings)))


def _score_within(score: Number, games: int) -> Fraction:
    value = Fraction(score)
    if not 0 <= value <= games:
        raise ValueError(f"score {score} is outside 0..{games}")
    return value


def tournament_performance_rating(opponent_ratings: Sequence[int], score: Number) -> int:
    """TPR (C.07 10.2) = ARO + dp(p); p = score / games rounded to a whole percent, 0.5 up.

    The tie-break TPR applies no rating floor (contrast :func:`norm_performance`).
    A score of 0 or 100 % gives dp = -800 / +800 (table 8.1.1, shown notionally).
    """
    _check(opponent_ratings)
    games = len(opponent_ratings)
    return average_rating(opponent_ratings) + dp_from_score(_score_within(score, games), games)


def expected_total_hundredths(rating: int, opponent_ratings: Sequence[int]) -> int:
    """Sum of table 8.1.2 expected scores (hundredths) of a player rated ``rating``; no 400-point cut."""
    return sum(expected_score_hundredths(rating - r) for r in opponent_ratings)


def perfect_tournament_performance(opponent_ratings: Sequence[int], score: Number) -> int:
    """PTP (C.07 10.3): min R with sum of PD(R - R_i) >= score, exact in hundredths, no 400-point cut.

    A score of 0 gives ``min(opponent_ratings) - 800``; a perfect score gives
    ``max(opponent_ratings) + 736`` (the first difference with PD = 1.00).
    """
    _check(opponent_ratings)
    value = _score_within(score, len(opponent_ratings))
    if value == 0:
        return min(opponent_ratings) - PTP_ZERO_MARGIN
    target = value * 100  # hundredths; may be fractional only for exotic scores
    low = min(opponent_ratings) - PTP_PERFECT_MARGIN  # sum is 0 here: below target
    high = max(opponent_ratings) + PTP_PERFECT_MARGIN  # sum is 100 * n here: reaches target
    while high - low > 1:  # invariant: sum(low) < target <= sum(high); the sum is monotone in R
        mid = (low + high) // 2
        if expected_total_hundredths(mid, opponent_ratings) >= target:
            high = mid
        else:
            low = mid
    return high


def apply_rating_floor(ratings: Sequence[int], floor: int, *, raise_count: int = 1) -> list[int]:
    """Raise the ``raise_count`` lowest ratings below ``floor`` to the floor (B.01 1.4.7a).

    2017 and 2024 editions: only the single lowest opponent (``raise_count=1``);
    the 2005 edition (1.46c1) raised up to two. Order is preserved.
    """
    order = sorted(range(len(ratings)), key=lambda i: ratings[i])[:raise_count]
    result = list(ratings)
    for i in order:
        result[i] = max(result[i], floor)
    return result


def norm_rating_average(
    opponent_ratings: Sequence[int],
    *,
    floor: int | None,
    unrated_value: int = 1400,
    raise_count: int = 1,
) -> int:
    """Ra for a title norm (B.01 1.4.6d, 1.4.7): unrated (rating 0) opponents count at ``unrated_value``
    (2024: 1400), then the lowest opponent is raised to ``floor`` (GM 2200, IM 2050, WGM 2000, WIM 1850
    since 2017), then the mean is rounded, 0.5 up."""
    _check(opponent_ratings)
    counted = [r if r > 0 else unrated_value for r in opponent_ratings]
    if floor is not None:
        counted = apply_rating_floor(counted, floor, raise_count=raise_count)
    return average_rating(counted)


def norm_performance(
    opponent_ratings: Sequence[int],
    score: Number,
    *,
    floor: int | None,
    unrated_value: int = 1400,
    raise_count: int = 1,
) -> int:
    """Rp for a title norm (B.01 1.4.8): Ra (see :func:`norm_rating_average`) + dp(p), p rounded to a whole
    percent, 0.5 up, over the games counted for the norm."""
    ra = norm_rating_average(
        opponent_ratings, floor=floor, unrated_value=unrated_value, raise_count=raise_count
    )
    games = len(opponent_ratings)
    return ra + dp_from_score(_score_within(score, games), games)


def performance_rating(
    opponent_ratings: Sequence[int],
    score: Number,
    *,
    floor: int | None = None,
    unrated_value: int = 1400,
    raise_count: int = 1,
) -> int:
    """Ra + dp(p) in one call: without ``floor`` the tie-break TPR (C.07 10.2, ratings as given);
    with ``floor`` the norm Rp (B.01 1.4.6d-1.4.8: unrated at ``unrated_value``, lowest raised)."""
    if floor is None:
        return tournament_performance_rating(opponent_ratings, score)
    return norm_performance(
        opponent_ratings, score, floor=floor, unrated_value=unrated_value, raise_count=raise_count
    )
