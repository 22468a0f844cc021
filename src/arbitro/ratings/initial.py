"""Initial rating of a previously unrated player (B.02 7.1.4, 8.2).

2024 method (from 1 Mar 2024, B.02 8.2 [V S5]):
  * at least 5 games against rated opponents, pooled over the events of at most 26 months (7.1.4);
  * a zero score in the player's first event is disregarded;
  * Ra = average of the rated opponents plus two hypothetical 1800-rated opponents, both drawn;
  * Ru = Ra + dp(p), p over all those games (the two draws included), rounded; at most 2200;
  * published only when at least the rating floor 1400 (7.1.2).
2022 method (1 Jan 2022 - 29 Feb 2024 [V S4]): Ra = average of the rated opponents; 50 % -> Ru = Ra;
above 50 % -> Ra + 20 per half point above 50 %; below 50 % -> Ra + dp(p); floor 1000.

The caller passes only games against rated opponents, grouped by event in date order, already
limited to the 26-month window; choosing them is the caller's job.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from arbitro.ratings.rounding import round_half_up
from arbitro.ratings.rules import InitialMethod, RatingRules
from arbitro.ratings.tables import Number, dp_from_score

__all__ = [
    "HYPOTHETICAL_OPPONENT",
    "INITIAL_MAXIMUM",
    "MINIMUM_GAMES",
    "InitialRating",
    "initial_rating",
]

MINIMUM_GAMES = 5  # 7.1.4
HYPOTHETICAL_OPPONENT = 1800  # 8.2 (2024): two of them, both drawn
INITIAL_MAXIMUM = 2200  # 8.2 (2024)


@dataclass(frozen=True)
class InitialRating:
    """The outcome: ``rating`` is the rating to publish, or None with the reason why not."""

    rating: int | None
    computed: int | None  # Ru before the publication check (None when it cannot be computed)
    games: int
    score: Fraction
    reason: str


def _ru_2024(ratings: list[int], score: Fraction) -> int:
    all_ratings = [*ratings, HYPOTHETICAL_OPPONENT, HYPOTHETICAL_OPPONENT]
    games = len(all_ratings)
    ra = Fraction(sum(all_ratings), games)
    return min(INITIAL_MAXIMUM, round_half_up(ra + dp_from_score(score + 1, games)))


def _ru_2022(ratings: list[int], score: Fraction) -> int:
    games = len(ratings)
    ra = Fraction(sum(ratings), games)
    half = Fraction(games, 2)
    if score == half:
        return round_half_up(ra)
    if score > half:
        return round_half_up(ra + 20 * 2 * (score - half))
    return round_half_up(ra + dp_from_score(score, games))


def initial_rating(events: Sequence[Sequence[tuple[int, Number]]], rules: RatingRules) -> InitialRating:
    """Ru from the player's games against rated opponents (``events``: per event, (opponent rating, score))."""
    if rules.initial is InitialMethod.LEGACY:
        raise ValueError(
            f"initial ratings under the {rules.name} rules are not implemented (B.02 8.2 before 2022)"
        )
    kept = list(events)
    if kept and sum((Fraction(s) for _, s in kept[0]), Fraction(0)) == 0:
        kept = kept[1:]  # 8.2: a zero score in the first event is disregarded
    games = [(opp, Fraction(s)) for event in kept for opp, s in event]
    ratings = [opp for opp, _ in games]
    score = sum((s for _, s in games), Fraction(0))
    if any(r <= 0 for r in ratings):
        raise ValueError("only games against rated opponents count for an initial rating")
    if len(games) < MINIMUM_GAMES:
        return InitialRating(
            None, None, len(games), score,
            f"B.02 7.1.4: {len(games)} games against rated opponents, at least {MINIMUM_GAMES} needed",
        )  # fmt: skip
    if score == 0:
        return InitialRating(None, None, len(games), score, "B.02 8.2: no points against rated opponents")
    ru = _ru_2024(ratings, score) if rules.initial is InitialMethod.Y2024 else _ru_2022(ratings, score)
    if ru < rules.floor:
        return InitialRating(
            None, ru, len(games), score, f"B.02 7.1.2: {ru} is below the rating floor {rules.floor}"
        )
    return InitialRating(ru, ru, len(games), score, f"B.02 8.2 ({rules.name} method)")
