"""Minimum rate of play (B.02 1.1)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from arbitro.ratings import EDITIONS
from arbitro.ratings.rateofplay import minimum_minutes, minutes_per_player, rate_of_play_ok

R2024, R2014 = EDITIONS["2024"], EDITIONS["2014"]


@pytest.mark.parametrize(
    ("a", "b", "minutes"), [(2400, 1500, 120), (2399, 1500, 90), (1800, 1799, 90), (1799, 1500, 60)]
)
def test_b02_1_1_2024_minimum_time_per_player_by_rating_band(a: int, b: int, minutes: int) -> None:
    assert minimum_minutes(a, b, R2024) == minutes
    assert minimum_minutes(b, a, R2024) == minutes


def test_b02_1_1_bands_before_2022_are_200_points_lower() -> None:
    assert minimum_minutes(2200, 1500, R2014) == 120
    assert minimum_minutes(1600, 1500, R2014) == 90


def test_b02_1_1_time_for_60_moves_with_increment() -> None:
    assert minutes_per_player(60, 30) == 90  # 60' + 30" -> 90 minutes for 60 moves
    assert minutes_per_player(90, 30, extra_minutes=30, extra_after=40) == 150
    assert minutes_per_player(Fraction(45), 15) == 60


def test_b02_1_1_pass_and_fail() -> None:
    assert rate_of_play_ok(2450, 2000, minutes_per_player(90, 30), R2024)
    assert not rate_of_play_ok(2450, 2000, minutes_per_player(60, 30), R2024)  # 90 < 120
    assert rate_of_play_ok(1700, 1600, minutes_per_player(60, 0), R2024)
    assert not rate_of_play_ok(1700, 1600, minutes_per_player(90, 30), R2024, first_control_moves=20)
