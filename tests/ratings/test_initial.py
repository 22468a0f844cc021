"""Initial rating (B.02 7.1.4, 8.2): the 2024 method with two 1800 draws, and the 2022 method."""

from __future__ import annotations

from fractions import Fraction

import pytest

from arbitro.ratings import EDITIONS, initial_rating

R2022, R2024 = EDITIONS["2022"], EDITIONS["2024"]
FIVE = [1500, 1600, 1700, 1800, 1900]


def _games(ratings: list[int], scores: list[Fraction | int]) -> list[tuple[int, Fraction | int]]:
    return list(zip(ratings, scores, strict=True))


HALF = Fraction(1, 2)


def test_b02_8_2_2024_two_hypothetical_1800_draws_at_50_percent() -> None:
    # (8500 + 3600) / 7 = 1728.57; 3.5 / 7 = 50 % -> dp 0 -> 1729
    result = initial_rating([_games(FIVE, [1, 1, HALF, 0, 0])], R2024)
    assert result.rating == 1729


def test_b02_8_2_2024_ru_is_ra_plus_dp_over_all_games() -> None:
    # score 4 + 1 = 5 / 7 = 71.4 % -> 71 -> dp 158; 1728.57 + 158 = 1886.57 -> 1887
    assert initial_rating([_games(FIVE, [1, 1, 1, 1, 0])], R2024).rating == 1887


def test_b02_8_2_2024_maximum_initial_rating_2200() -> None:
    result = initial_rating([_games([2400] * 5, [1] * 5)], R2024)
    assert result.rating == 2200


def test_b02_7_1_2_2024_not_published_below_the_floor_1400() -> None:
    # (7000 + 3600) / 7 = 1514.29; 1.5 / 7 = 21 % -> -230 -> 1284
    result = initial_rating([_games([1400] * 5, [HALF, 0, 0, 0, 0])], R2024)
    assert result.rating is None
    assert result.computed == 1284
    assert "7.1.2" in result.reason


def test_b02_7_1_4_at_least_five_games_against_rated_opponents() -> None:
    result = initial_rating([_games(FIVE[:4], [1, 1, 1, 1])], R2024)
    assert result.rating is None
    assert "7.1.4" in result.reason
    # pooled over two events it is enough
    pooled = initial_rating([_games(FIVE[:3], [1, 1, HALF]), _games(FIVE[3:], [0, 0])], R2024)
    assert pooled.rating == 1729


def test_b02_8_2_zero_score_in_the_first_event_is_disregarded() -> None:
    first = _games([2000, 2100, 2200], [0, 0, 0])
    with_zero = initial_rating([first, _games(FIVE, [1, 1, 1, 1, 0])], R2024)
    assert with_zero.rating == 1887
    assert with_zero.games == 5


def test_b02_8_2_no_points_at_all_gives_no_rating() -> None:
    assert initial_rating([_games(FIVE, [0] * 5), _games(FIVE, [0] * 5)], R2024).rating is None


def test_b02_8_2_2022_method() -> None:
    assert initial_rating([_games(FIVE, [1, 1, HALF, 0, 0])], R2022).rating == 1700  # 50 % -> Ra
    assert initial_rating([_games(FIVE, [1, 1, 1, HALF, 0])], R2022).rating == 1740  # +20 per half point
    assert initial_rating([_games(FIVE, [1, HALF, 0, 0, 0])], R2022).rating == 1551  # 30 % -> -149


def test_initial_rating_refuses_unrated_opponents_and_unsupported_editions() -> None:
    with pytest.raises(ValueError):
        initial_rating([_games([0, *FIVE[1:]], [1] * 5)], R2024)
    with pytest.raises(ValueError):
        initial_rating([_games(FIVE, [1] * 5)], EDITIONS["2014"])
