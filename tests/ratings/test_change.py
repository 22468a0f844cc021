"""Rating change (B.02 8.3.1-8.3.3), the 400-point rule by edition, K, the 700 cap, and the editions."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

import pytest

from arbitro.ratings import (
    EDITIONS,
    capped_differences,
    game_change,
    k_factor,
    k_with_games_cap,
    period_change,
    rating_difference,
    rules_for,
    rules_on,
    tournament_change,
)

R2014, R2022, R2024, R2025 = (EDITIONS[n] for n in ("2014", "2022", "2024", "2025"))
HALF = Fraction(1, 2)


@pytest.mark.parametrize(
    ("date", "edition"),
    [
        ("2009-07-01", "2009"),
        ("2014-06-30", "2009"),
        ("2014-07-01", "2014"),
        ("2021-12-31", "2014"),
        ("2022-01-01", "2022"),
        ("2024-02-29", "2022"),
        ("2024-03-01", "2024"),
        ("2025-09-30", "2024"),
        ("2025-10-01", "2025"),
        ("2026-11-30", "2025"),
    ],
)
def test_b02_editions_by_tournament_start_date(date: str, edition: str) -> None:
    assert rules_on(dt.date.fromisoformat(date)).name == edition
    assert rules_for(date).name == edition


def test_b02_editions_before_the_400_point_rule_are_refused() -> None:
    with pytest.raises(ValueError):
        rules_on(dt.date(2009, 6, 30))
    with pytest.raises(ValueError):
        rules_for("1999")


def test_b02_8_3_2_per_game_delta_is_score_minus_pd() -> None:
    g = game_change(2000, 1900, 1, R2024)
    assert (g.difference, g.expected, g.delta) == (100, Fraction(64, 100), Fraction(36, 100))
    assert game_change(1900, 2000, HALF, R2024).delta == Fraction(14, 100)
    with pytest.raises(ValueError):
        game_change(1900, 2000, 2, R2024)


def test_b02_8_3_1_400_point_rule_caps_the_difference_both_ways() -> None:
    assert game_change(2200, 1600, 1, R2024).delta == Fraction(8, 100)  # PD .92, not .98
    assert game_change(1600, 2200, 0, R2024).delta == Fraction(-8, 100)  # PD .08
    assert rating_difference(2200, 1600, R2024, capped=False) == 600


def test_b02_8_3_1_2025_amendment_players_2650_and_above_use_the_real_difference() -> None:
    assert game_change(2700, 2000, 1, R2025).delta == Fraction(1, 100)  # D 700 -> PD .99
    assert game_change(2700, 2000, 1, R2024).delta == Fraction(8, 100)  # before 1 Oct 2025: capped
    # the opponent below 2650 still has the cap
    assert game_change(2000, 2700, 0, R2025).delta == Fraction(-8, 100)
    assert rating_difference(2650, 2100, R2025) == 550
    assert rating_difference(2649, 2100, R2025) == 400


def test_b02_8_3_1_2022_cap_only_for_the_greatest_difference_of_the_event() -> None:
    own, opponents = 2300, [1800, 1700, 2000, 1850]
    assert capped_differences(own, opponents, R2022) == [500, 400, 300, 450]
    assert capped_differences(own, opponents, R2024) == [400, 400, 300, 400]
    t = tournament_change(own, [(r, 1) for r in opponents], R2022)
    assert [g.expected for g in t.games] == [Fraction(p, 100) for p in (96, 92, 85, 94)]
    assert t.delta == Fraction(33, 100)
    assert t.change(10) == Fraction(33, 10)


def test_b02_8_3_2_period_change_rounded_half_away_from_zero() -> None:
    win = tournament_change(2190, [(2000, 1)], R2024)  # D 190 -> PD .75, dR .25
    loss = tournament_change(2000, [(2190, 0)], R2024)  # PD .25, dR -.25
    assert period_change([win], 10) == 3  # 2.5 -> 3
    assert period_change([loss], 10) == -3  # -2.5 -> -3
    assert period_change([win, win, loss], 20) == 5
    assert period_change([], 20) == 0


def test_b02_8_3_3_k_new_player_until_30_games() -> None:
    assert k_factor(R2024, rating=1600, games_played=29) == 40
    assert k_factor(R2024, rating=1600, games_played=30) == 20


def test_b02_8_3_3_k_20_below_2400_and_10_once_2400_reached() -> None:
    assert k_factor(R2024, rating=2399, games_played=200) == 20
    assert k_factor(R2024, rating=2400, games_played=200) == 10
    assert k_factor(R2024, rating=2350, games_played=200, reached_2400=True) == 10


def test_b02_8_3_3_2024_junior_until_end_of_year_of_18th_birthday_below_2300() -> None:
    on = dt.date(2026, 11, 30)
    assert k_factor(R2024, rating=2200, games_played=100, birth=2008, on=on) == 40
    assert k_factor(R2024, rating=2200, games_played=100, birth=dt.date(2008, 12, 31), on=on) == 40
    assert k_factor(R2024, rating=2200, games_played=100, birth=2007, on=on) == 20
    assert k_factor(R2024, rating=2300, games_played=100, birth=2010, on=on) == 20


def test_b02_8_3_3_2014_junior_only_until_the_18th_birthday() -> None:
    birth = dt.date(2008, 12, 15)
    assert k_factor(R2014, rating=2200, games_played=100, birth=birth, on=dt.date(2026, 12, 14)) == 40
    assert k_factor(R2014, rating=2200, games_played=100, birth=birth, on=dt.date(2026, 12, 20)) == 20
    assert k_factor(R2024, rating=2200, games_played=100, birth=birth, on=dt.date(2026, 12, 20)) == 40


def test_b02_8_3_3_rapid_and_blitz_k_is_20() -> None:
    assert k_factor(R2024, rating=1500, games_played=0, rating_type="rapid") == 20
    assert k_factor(R2024, rating=2600, games_played=900, rating_type="blitz") == 20
    with pytest.raises(ValueError):
        k_factor(R2024, rating=1500, games_played=0, rating_type="bullet")


def test_b02_2009_k_values_30_15_10() -> None:
    r2009 = EDITIONS["2009"]
    assert [k_factor(r2009, rating=r, games_played=g) for r, g in [(1500, 5), (2000, 50), (2450, 50)]] == [
        30,
        15,
        10,
    ]


@pytest.mark.parametrize(
    ("k", "n", "expected"), [(40, 17, 40), (40, 18, 38), (20, 35, 20), (20, 36, 19), (10, 71, 9)]
)
def test_b02_8_3_3_k_times_games_capped_at_700(k: int, n: int, expected: int) -> None:
    assert k_with_games_cap(k, n, R2024) == expected
    assert expected * n <= 700


def test_b02_8_3_1_difference_of_exactly_400_is_not_changed_401_is() -> None:
    assert rating_difference(2400, 2000, R2024) == 400
    assert rating_difference(2401, 2000, R2024) == 400
    assert rating_difference(2000, 2401, R2024) == -400
    assert rating_difference(2399, 2000, R2024) == 399


def test_b02_8_3_1_2022_equal_greatest_differences_only_the_first_is_capped() -> None:
    assert capped_differences(2500, [2000, 2000, 2300], R2022) == [400, 500, 200]
    assert capped_differences(2500, [2200, 2300], R2022) == [300, 200]  # nothing above 400


def test_b02_8_3_2_period_change_with_a_k_per_tournament() -> None:
    first = tournament_change(2190, [(2000, 1)], R2024)  # dR .25 at K 40 -> 10
    second = tournament_change(2000, [(2190, 0), (2000, HALF)], R2024)  # dR -.25 at K 20 -> -5
    assert period_change([first, second], [40, 20]) == 5
    assert period_change([first, second], 20) == 0
    with pytest.raises(ValueError):
        period_change([first, second], [40])
