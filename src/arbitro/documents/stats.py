"""Numbers behind the pictures: performance, rating change, score distribution, norm progress.

Pure data gathering from the core services (no layout):

* performance - TPR of C.07 10.2 (:func:`arbitro.ratings.tournament_performance_rating`)
  over the rated games played over the board against rated opponents;
* rating change - B.02 8.3: dR = W - We game by game (:func:`arbitro.ratings.tournament_change`,
  400-point rule of the edition in force), times K of 8.3.3 for a player with
  30+ rated games (the file cannot say how many games a player has: see docs/decisions.md);
* norm progress - the norm evaluator's Rp against the Rp a norm asks (B.01 1.4.1).
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from arbitro.model import Player, Tournament
from arbitro.ratings import tournament_performance_rating
from arbitro.ratings.change import k_factor, tournament_change
from arbitro.ratings.rules import RatingRules, rules_for, rules_on
from arbitro.titles.editions import get_edition

__all__ = [
        "PlayerStats",
    "player_stats",
    "rating_rules",
    "norm_rp",
    "score_distribution",
    "tournament_stats",
]

def norm_rp(title: str, edition: str) -> int | None:
    """The Rp a norm of ``title`` asks under the B.01 ``edition`` of its result (2005 1.48: 2601 for GM,
    2009 on: 2600; :data:`arbitro.titles.editions.EDITIONS`), ``None`` for a title without norms."""
    thresholds = get_edition(edition).thresholds.get(title)
    return thresholds.rp_min if thresholds is not None else None


def rating_rules(t: Tournament) -> RatingRules:
    """The B.02 edition in force at the start of the tournament (the newest when the file has no date)."""
    start = t.start_date or next((d for d in t.round_dates if d is not None), None)
    if start is not None:
        try:
            return rules_on(start)
        except ValueError:
            return rules_for("2009")
    return rules_on(dt.date(2100, 1, 1))


@dataclass(frozen=True, slots=True)
class PlayerStats:
    start_rank: int
    games: int  # rated games over the board against rated opponents
    performance: int | None
    k: int | None
    changes: list[Fraction]  # cumulative K * dR after each round (Fraction, unrounded)
    wins: int
    draws: int
    losses: int

    @property
    def rating_change(self) -> Fraction | None:
        return self.changes[-1] if self.changes and self.k is not None else None


def player_stats(t: Tournament, p: Player, rules: RatingRules, *, with_changes: bool = True) -> PlayerStats:
    opponents: list[int] = []
    score = Fraction(0)
    rated_games: list[tuple[int, Fraction]] = []
    round_of_game: list[int] = []
    wins = draws = losses = 0
    for rnd, r in enumerate(p.results, start=1):
        if r.is_played:
            o = r.code.outcome
            wins += o == "W"
            draws += o == "D"
            losses += o == "L"
        if not (r.code.is_rated_game and r.opponent in t.players):
            continue
        opp = t.players[r.opponent].rating if r.opponent is not None else 0
        if opp <= 0:
            continue
        value = {"W": Fraction(1), "D": Fraction(1, 2), "L": Fraction(0)}[r.code.outcome]
        opponents.append(opp)
        score += value
        rated_games.append((opp, value))
        round_of_game.append(rnd)
    perf = tournament_performance_rating(opponents, score) if opponents else None
    k: int | None = None
    changes: list[Fraction] = []
    if p.rating > 0 and with_changes:
        k = k_factor(rules, rating=p.rating, games_played=30)
        change = tournament_change(p.rating, rated_games, rules) if rated_games else None
        per_round = (
            {rnd: g.delta for rnd, g in zip(round_of_game, change.games, strict=True)} if change else {}
        )
        total = Fraction(0)
        for rnd in range(1, len(p.results) + 1):
            total += per_round.get(rnd, Fraction(0)) * k
            changes.append(total)
    return PlayerStats(p.start_rank, len(opponents), perf, k, changes, wins, draws, losses)


def tournament_stats(t: Tournament, *, with_changes: bool = True) -> dict[int, PlayerStats]:
    """Every player's numbers; ``with_changes=False`` skips the rating change (faster, for standings)."""
    rules = rating_rules(t)
    return {p.start_rank: player_stats(t, p, rules, with_changes=with_changes) for p in t.iter_players()}


def score_distribution(t: Tournament) -> list[tuple[Decimal, int]]:
    """How many players have each final score, lowest score first."""
    counts = Counter(p.score(t.scoring) for p in t.players.values())
    step = t.scoring.draw
    if counts and step > 0 and all(s % step == 0 for s in counts):
        low, high = min(counts), max(counts)
        value = low
        while value <= high:  # every possible score in the range, so the histogram shows the gaps
            counts.setdefault(value, 0)
            value += step
    return sorted(counts.items())
