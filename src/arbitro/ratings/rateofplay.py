"""Minimum rate of play for a standard game to be rated (B.02 1.1; ratings.md §9).

2024 (1.1) [V S5]: each player must have, assuming the game lasts 60 moves, at least
120 minutes if either player is rated 2400 or more, 90 minutes if either is rated 1800 or
more, 60 minutes if both are below 1800. The first time control with a fixed number of moves
must cover at least 30 moves. The 2022 edition introduced these bands, 200 points above the
earlier 2200 / 1600 [S]; before 2022 the earlier bands apply.
"""

from __future__ import annotations

from fractions import Fraction

from arbitro.ratings.rules import RatingRules

__all__ = ["ASSUMED_MOVES", "minimum_minutes", "minutes_per_player", "rate_of_play_ok"]

ASSUMED_MOVES = 60
_FIRST_CONTROL_MIN_MOVES = 30


def _bands(rules: RatingRules) -> tuple[int, int]:
    return (2400, 1800) if rules.effective.year >= 2022 else (2200, 1600)


def minimum_minutes(rating_a: int, rating_b: int, rules: RatingRules) -> int:
    """Minimum time per player (minutes, for 60 moves) for the game to be rated (B.02 1.1)."""
    high, middle = _bands(rules)
    top = max(rating_a, rating_b)
    if top >= high:
        return 120
    if top >= middle:
        return 90
    return 60


def minutes_per_player(
    base_minutes: Fraction | int, increment_seconds: int = 0, *, extra_minutes: int = 0, extra_after: int = 0
) -> Fraction:
    """Total time per player for 60 moves: base + 60 increments (+ time added after move ``extra_after``)."""
    total = Fraction(base_minutes) + Fraction(increment_seconds * ASSUMED_MOVES, 60)
    if extra_minutes and 0 < extra_after < ASSUMED_MOVES:
        total += extra_minutes
    return total


def rate_of_play_ok(
    rating_a: int,
    rating_b: int,
    total_minutes: Fraction | int,
    rules: RatingRules,
    *,
    first_control_moves: int = 0,
) -> bool:
    """B.02 1.1: enough time per player for these two ratings; a first control by moves covers >= 30 moves."""
    if first_control_moves and first_control_moves < _FIRST_CONTROL_MIN_MOVES:
        return False
    return Fraction(total_minutes) >= minimum_minutes(rating_a, rating_b, rules)
