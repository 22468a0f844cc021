"""Exact rounding helpers used by the rating mathematics.

B.01 1.4.7b / C.07 10.1: averages are rounded to the nearest whole number,
0.5 up. B.02 8.3.2 (2024): the rating change of a period is rounded to the
nearest whole number, 0.5 away from zero.
"""

from __future__ import annotations

from fractions import Fraction

__all__ = ["round_half_away", "round_half_up"]


def round_half_up(value: Fraction) -> int:
    """Nearest integer, exact halves towards +infinity (1862.5 -> 1863, -2.5 -> -2)."""
    whole, rest = divmod(value.numerator, value.denominator)
    return whole + (2 * rest >= value.denominator)


def round_half_away(value: Fraction) -> int:
    """Nearest integer, exact halves away from zero (2.5 -> 3, -2.5 -> -3)."""
    magnitude = round_half_up(abs(value))
    return magnitude if value >= 0 else -magnitude
