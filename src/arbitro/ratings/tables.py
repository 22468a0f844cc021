"""The two conversion tables of the FIDE Rating Regulations (B.02).

* Table 8.1.1 (B.02 2024; "8.1a" in 2017, "10.1a" in 2004; B.01 1.4.9):
  fractional score p -> rating difference dp.
* Table 8.1.2 (B.02 2024; "8.1b" in 2017): rating difference D -> expected
  score PD of the higher-rated player (the lower-rated player gets 1 - PD).

Both tables are identical in the 2004, 2017 and 2024 texts. They are typed
in exactly once, here; every other module (tie-breaks TPR/PTP, norms Rp,
rating changes) reads them through the functions below. Everything works in
exact integers (hundredths) or :class:`~decimal.Decimal`, never binary floats:
summed float expected scores give 7.999999999999999 instead of 8 (C.07 10.3).
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

__all__ = [
    "DP_TABLE",
    "PD_TABLE",
    "Number",
    "dp_from_fraction",
    "dp_from_percent",
    "dp_from_score",
    "expected_score",
    "expected_score_hundredths",
    "percent_from_fraction",
    "percent_from_score",
]

Number = Fraction | Decimal | int

#: B.02 table 8.1.1: ``DP_TABLE[p]`` is dp for a score of p whole percent (0..100).
#: p = 0 and p = 1 are shown "notionally" as -800 / +800 from 2017 on.
DP_TABLE: tuple[int, ...] = (
    -800, -677, -589, -538, -501, -470, -444, -422, -401, -383,
    -366, -351, -336, -322, -309, -296, -284, -273, -262, -251,
    -240, -230, -220, -211, -202, -193, -184, -175, -166, -158,
    -149, -141, -133, -125, -117, -110, -102, -95, -87, -80,
    -72, -65, -57, -50, -43, -36, -29, -21, -14, -7,
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65,
    72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230,
    240, 251, 262, 273, 284, 296, 309, 322, 336, 351,
    366, 383, 401, 422, 444, 470, 501, 538, 589, 677,
    800,
)  # fmt: skip

#: B.02 table 8.1.2 as (highest D of the band, PD in hundredths for the higher-rated player).
#: A difference above the last band (D > 735) gives PD = 1.00.
PD_TABLE: tuple[tuple[int, int], ...] = (
    (3, 50), (10, 51), (17, 52), (25, 53), (32, 54), (39, 55), (46, 56), (53, 57),
    (61, 58), (68, 59), (76, 60), (83, 61), (91, 62), (98, 63), (106, 64), (113, 65),
    (121, 66), (129, 67), (137, 68), (145, 69), (153, 70), (162, 71), (170, 72), (179, 73),
    (188, 74), (197, 75), (206, 76), (215, 77), (225, 78), (235, 79), (245, 80), (256, 81),
    (267, 82), (278, 83), (290, 84), (302, 85), (315, 86), (328, 87), (344, 88), (357, 89),
    (374, 90), (391, 91), (411, 92), (432, 93), (456, 94), (484, 95), (517, 96), (559, 97),
    (619, 98), (735, 99),
)  # fmt: skip

_PD_MAX_BAND = PD_TABLE[-1][0]


def _build_pd_lookup() -> tuple[int, ...]:
    lookup: list[int] = []
    for upper, pd in PD_TABLE:
        lookup.extend([pd] * (upper + 1 - len(lookup)))
    return tuple(lookup)


#: PD in hundredths for every D in 0..735 (index = D).
_PD_BY_DIFF = _build_pd_lookup()


def _to_fraction(value: Number) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, Fraction | Decimal | int):
        raise TypeError(f"expected Fraction, Decimal or int, got {type(value).__name__} (floats are inexact)")
    return Fraction(value)


def percent_from_fraction(p: Number) -> int:
    """p (0..1) rounded to a whole percent, 0.5 % rounded up (B.01 1.4.8, C.07 10.2)."""
    frac = _to_fraction(p)
    if not 0 <= frac <= 1:
        raise ValueError(f"fractional score must be within 0..1, got {p}")
    scaled = frac * 100
    whole, rest = divmod(scaled.numerator, scaled.denominator)
    return whole + (2 * rest >= scaled.denominator)


def percent_from_score(score: Number, games: int) -> int:
    """The score in ``games`` games as a whole percent, 0.5 % rounded up (B.01 1.4.8)."""
    if games <= 0:
        raise ValueError("the number of games must be positive")
    return percent_from_fraction(_to_fraction(score) / games)


def dp_from_percent(percent: int) -> int:
    """dp of table 8.1.1 for a score of ``percent`` whole percent (0..100)."""
    if not 0 <= percent <= 100:
        raise ValueError(f"percentage must be within 0..100, got {percent}")
    return DP_TABLE[percent]


def dp_from_fraction(p: Number) -> int:
    """dp of table 8.1.1 for the fractional score p, rounded to hundredths first (B.02 8.1.1, B.01 1.4.8)."""
    return DP_TABLE[percent_from_fraction(p)]


def dp_from_score(score: Number, games: int) -> int:
    """dp of table 8.1.1 for ``score`` points in ``games`` games (p rounded to a whole percent, 0.5 up)."""
    return DP_TABLE[percent_from_score(score, games)]


def expected_score_hundredths(diff: int) -> int:
    """Table 8.1.2: expected score in hundredths for a player rated ``diff`` points above the opponent.

    ``diff`` = own rating - opponent rating, any sign: for a negative difference
    the result is 100 - PD(|diff|). No 400-point cut is applied here; the rating
    change applies it before the look-up (B.02 8.3.1), PTP never does (C.07 10.3).
    """
    d = abs(diff)
    pd = _PD_BY_DIFF[d] if d <= _PD_MAX_BAND else 100
    return pd if diff >= 0 else 100 - pd


def expected_score(diff: int) -> Decimal:
    """Table 8.1.2 as a :class:`Decimal` with two places (e.g. ``Decimal("0.64")``); see :func:`expected_score_hundredths`."""
    return Decimal(expected_score_hundredths(diff)).scaleb(-2)
