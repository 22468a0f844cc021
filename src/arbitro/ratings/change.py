"""Rating change (B.02 8.3): per game, per tournament, per rating period, and the K-factor (8.3.3).

* 8.3.1: for each game against a rated opponent, D = own rating - opponent rating. A difference of
  more than 400 points counts as 400 (the 400-point rule, see :class:`~arbitro.ratings.rules.CapMode`
  for the 2022 once-per-event variant; from 1 Oct 2025 only for players rated below 2650).
* 8.3.2: per game dR = score - PD (PD from table 8.1.2 for D); for the period, change = K * sum(dR),
  rounded to the nearest whole number, 0.5 away from zero (ratings.md §4).
* 8.3.3: K = 40 new player (< 30 games), 20 below 2400, 10 once 2400 was reached, 40 for juniors
  below 2300; rapid and blitz 20; if n * K > 700 then K = the largest whole number with K * n <= 700.
  K is set from the rating at the start of the tournament (since 1 Jul 2009).

Ratings are whole numbers; scores are exact (Fraction / Decimal / int); results are Fractions or ints.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from arbitro.ratings.rounding import round_half_away
from arbitro.ratings.rules import CapMode, JuniorClause, RatingRules
from arbitro.ratings.tables import Number, expected_score_hundredths

__all__ = [
    "GameChange",
    "TournamentChange",
    "capped_differences",
    "game_change",
    "k_factor",
    "k_with_games_cap",
    "period_change",
    "rating_difference",
    "tournament_change",
]

RATING_TYPES = ("standard", "rapid", "blitz")


def _exempt(own: int, rules: RatingRules) -> bool:
    return rules.cap_exempt_from is not None and own >= rules.cap_exempt_from


def rating_difference(own: int, opponent: int, rules: RatingRules, *, capped: bool = True) -> int:
    """D of B.02 8.3.1 (own - opponent) with the 400-point rule applied when ``capped``.

    From 1 Oct 2025 a player rated 2650 or more always uses the real difference (8.3.1 as amended).
    """
    diff = own - opponent
    if not capped or _exempt(own, rules):
        return diff
    return max(-rules.cap_difference, min(rules.cap_difference, diff))


def capped_differences(own: int, opponents: Sequence[int], rules: RatingRules) -> list[int]:
    """D for each game of one tournament, applying the 400-point rule as the edition says.

    2022 edition (``CapMode.ONCE_PER_EVENT``): only the game with the greatest difference above 400
    is counted as 400 (the first such game when several are equal); the others use the real difference.
    """
    if rules.cap_mode is CapMode.EVERY_GAME:
        return [rating_difference(own, r, rules) for r in opponents]
    real = [own - r for r in opponents]
    over = [i for i, d in enumerate(real) if abs(d) > rules.cap_difference]
    if over and not _exempt(own, rules):
        biggest = max(over, key=lambda i: abs(real[i]))
        real[biggest] = rating_difference(own, opponents[biggest], rules)
    return real


@dataclass(frozen=True)
class GameChange:
    """One game of the rating calculation: D after the 400-point rule, PD, dR = score - PD."""

    opponent: int
    score: Fraction
    difference: int
    expected: Fraction  # PD
    delta: Fraction  # dR


def _game(opponent: int, score: Number, difference: int) -> GameChange:
    value = Fraction(score)
    if value not in (0, Fraction(1, 2), 1):
        raise ValueError(f"a game score must be 0, 1/2 or 1, got {score}")
    expected = Fraction(expected_score_hundredths(difference), 100)
    return GameChange(opponent, value, difference, expected, value - expected)


def game_change(own: int, opponent: int, score: Number, rules: RatingRules) -> GameChange:
    """dR for a single game (B.02 8.3.1-8.3.2), the 400-point rule applied as for a one-game event."""
    return _game(opponent, score, rating_difference(own, opponent, rules))


@dataclass(frozen=True)
class TournamentChange:
    """The games of one tournament and sum(dR); ``change(k)`` is K * sum(dR) (not rounded)."""

    rating: int
    games: tuple[GameChange, ...]

    @property
    def delta(self) -> Fraction:
        return sum((g.delta for g in self.games), Fraction(0))

    @property
    def score(self) -> Fraction:
        return sum((g.score for g in self.games), Fraction(0))

    @property
    def expected(self) -> Fraction:
        return sum((g.expected for g in self.games), Fraction(0))

    def change(self, k: int) -> Fraction:
        return self.delta * k


def tournament_change(own: int, games: Sequence[tuple[int, Number]], rules: RatingRules) -> TournamentChange:
    """dR of every game of one tournament, from the rating at its start (``games`` = (opponent rating, score))."""
    differences = capped_differences(own, [opp for opp, _ in games], rules)
    return TournamentChange(
        own, tuple(_game(opp, score, d) for (opp, score), d in zip(games, differences, strict=True))
    )


def period_change(tournaments: Sequence[TournamentChange], k: int | Sequence[int]) -> int:
    """The rating change of a period, rounded 0.5 away from zero (8.3.2).

    ``k`` is one K for the whole period, or one K per tournament (K is set from the rating at the
    start of each tournament): the change is the sum of K * sum(dR) over the tournaments.
    """
    ks = [k] * len(tournaments) if isinstance(k, int) else list(k)
    if len(ks) != len(tournaments):
        raise ValueError(f"{len(ks)} K values for {len(tournaments)} tournaments")
    return round_half_away(sum((t.delta * kt for t, kt in zip(tournaments, ks, strict=True)), Fraction(0)))


def _is_junior(birth: dt.date | int | None, on: dt.date, clause: JuniorClause) -> bool:
    if birth is None or clause is JuniorClause.NONE:
        return False
    year = birth if isinstance(birth, int) else birth.year
    if clause is JuniorClause.END_OF_YEAR_OF_18TH_BIRTHDAY:
        return on.year <= year + 18
    if isinstance(birth, int):  # birth year only: the 18th birthday may be any day of that year
        return on.year < year + 18
    try:
        birthday18 = birth.replace(year=birth.year + 18)
    except ValueError:  # 29 February
        birthday18 = dt.date(birth.year + 18, 3, 1)
    return on < birthday18


def k_factor(
    rules: RatingRules,
    *,
    rating: int,
    games_played: int,
    reached_2400: bool = False,
    birth: dt.date | int | None = None,
    on: dt.date | None = None,
    rating_type: str = "standard",
) -> int:
    """K before the 700 cap (B.02 8.3.3), from the rating at the start of the tournament.

    ``games_played``: rated games completed before this event (K = 40 until events with >= 30 games).
    ``reached_2400``: the published rating has ever reached 2400 (K = 10 kept even after a drop).
    ``birth``: birth date or year; ``on``: the tournament start date (juniors: K = 40 while below 2300).
    Precedence: 10 once 2400 was reached; then 40 for a new player or a junior below 2300; else 20
    (10 if the current rating is 2400+). Rapid and blitz: one K for everyone (20).
    """
    if rating_type not in RATING_TYPES:
        raise ValueError(f"rating type must be one of {', '.join(RATING_TYPES)}")
    if rating_type != "standard":
        return rules.k_rapid_blitz
    if reached_2400 or rating >= 2400:
        return rules.k_2400
    if games_played < 30:
        return rules.k_new
    if on is not None and rating < rules.junior_max_rating and _is_junior(birth, on, rules.junior):
        return rules.k_junior
    return rules.k_below_2400


def k_with_games_cap(k: int, games_in_period: int, rules: RatingRules) -> int:
    """B.02 8.3.3: if n * K exceeds 700, K becomes the largest whole number with K * n <= 700."""
    if rules.k_cap_product is None or games_in_period <= 0:
        return k
    return min(k, rules.k_cap_product // games_in_period)
