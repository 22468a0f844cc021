"""FIDE rating mathematics (B.02) and the FIDE rating-list files.

Pure functions, exact arithmetic (``int``, ``Fraction``, ``Decimal``; floats are
refused where they would round). Import everything from here::

    from arbitro.ratings import dp_from_fraction, expected_score, tournament_performance_rating

Tables (B.02 8.1.1 / 8.1.2, typed in once in :mod:`arbitro.ratings.tables`):

* ``dp_from_fraction(p) -> int`` - dp for a fractional score p (Fraction/Decimal/int in 0..1),
  p rounded to a whole percent, 0.5 up. ``dp_from_score(score, games)``, ``dp_from_percent(pct)``.
* ``percent_from_score(score, games) -> int`` - the rounded whole percent itself.
* ``expected_score(diff) -> Decimal`` - PD for ``diff = own - opponent`` (any sign), e.g. ``Decimal("0.64")``;
  ``expected_score_hundredths(diff) -> int`` the same in hundredths (use it to sum: no float error).
  No 400-point cut here.

Performance (:mod:`arbitro.ratings.performance`); callers choose which games count:

* ``average_rating(ratings) -> int`` - ARO (C.07 10.1) / Ra (B.01 1.4.7b), rounded 0.5 up.
  APRO / APPO (C.07 10.4, 10.5) are ``average_rating`` of the opponents' TPR / PTP.
* ``tournament_performance_rating(opponent_ratings, score) -> int`` - TPR (C.07 10.2) = ARO + dp(p), no floor.
* ``perfect_tournament_performance(opponent_ratings, score) -> int`` - PTP (C.07 10.3), exact hundredths,
  no 400-point cut; score 0 -> lowest - 800.
* ``norm_rating_average(opponent_ratings, floor=..., unrated_value=1400, raise_count=1) -> int`` and
  ``norm_performance(opponent_ratings, score, floor=..., ...) -> int`` - Ra / Rp for title norms
  (B.01 1.4.6d-1.4.9: unrated counted at 1400, lowest opponent raised to the floor, Rp = Ra + dp).
  ``apply_rating_floor(ratings, floor, raise_count=1)``.
* ``performance_rating(opponent_ratings, score, floor=None, ...)`` - either of the two above in one call.

Editions of B.02 (:mod:`arbitro.ratings.rules`): ``rules_on(date)`` / ``rules_for("2024" | "YYYY-MM-DD")``
-> :class:`RatingRules` (2009, 2014, 2022, 2024, 2025 = the 1 Oct 2025 amendment).

Rating change (:mod:`arbitro.ratings.change`, B.02 8.3):

* ``rating_difference(own, opp, rules)`` - D after the 400-point rule (not for 2650+ from Oct 2025);
  ``capped_differences(own, opps, rules)`` applies the 2022 once-per-event variant.
* ``game_change(own, opp, score, rules) -> GameChange`` (D, PD, dR = score - PD);
  ``tournament_change(own, [(opp, score), ...], rules) -> TournamentChange`` (``.delta``, ``.change(k)``);
  ``period_change([TournamentChange, ...], k or [k per tournament]) -> int`` (sum K * dR, rounded 0.5 away from 0).
* ``k_factor(rules, rating=, games_played=, reached_2400=, birth=, on=, rating_type=)`` (40/20/10, juniors)
  and ``k_with_games_cap(k, n, rules)`` (n * K <= 700).

Initial rating (:mod:`arbitro.ratings.initial`, B.02 7.1.4, 8.2):
``initial_rating([[(opp, score), ...] per event], rules) -> InitialRating`` (rating or None + reason).
Rate of play (:mod:`arbitro.ratings.rateofplay`, B.02 1.1): ``minimum_minutes(a, b, rules)``,
``minutes_per_player(base, increment)``, ``rate_of_play_ok(a, b, minutes, rules)``.

Rating-list files (:mod:`arbitro.ratings.fidelist`, trf.md §8; not re-exported here): the caller opens the
file, the parsers stream and never raise on bad data.

* ``iter_txt_list(lines, rating_type="standard")`` (lines as ``str`` or ``bytes``, header first; columns from the
  header: combined FOA, legacy, per-type ``OCT26 Gms K``, 2011 style) and ``iter_xml_list(binary_stream)``
  yield ``RatingListEntry`` (NamedTuple: fide_id, name, federation, sex, title, women_title, other_titles,
  foa_title, standard/rapid/blitz _rating/_games/_k, birth_year, flag; ``.inactive``, ``.woman``) and
  ``ListDiagnostic`` (line, field, expected, found, severity "error" = line skipped / "warning").
* ``txt_layout(header)`` -> ``ListLayout`` (``.kind``, ``.period`` e.g. "OCT26"); ``split_items(items)``.
"""

from __future__ import annotations

from arbitro.ratings.change import (
    GameChange,
    TournamentChange,
    capped_differences,
    game_change,
    k_factor,
    k_with_games_cap,
    period_change,
    rating_difference,
    tournament_change,
)
from arbitro.ratings.initial import InitialRating, initial_rating
from arbitro.ratings.performance import (
    apply_rating_floor,
    average_rating,
    expected_total_hundredths,
    norm_performance,
    norm_rating_average,
    perfect_tournament_performance,
    performance_rating,
    tournament_performance_rating,
)
from arbitro.ratings.rounding import round_half_away, round_half_up
from arbitro.ratings.rules import EDITIONS, CapMode, RatingRules, rules_for, rules_on
from arbitro.ratings.tables import (
    DP_TABLE,
    PD_TABLE,
    dp_from_fraction,
    dp_from_percent,
    dp_from_score,
    expected_score,
    expected_score_hundredths,
    percent_from_fraction,
    percent_from_score,
)

__all__ = [
    "EDITIONS",
    "CapMode",
    "GameChange",
    "InitialRating",
    "RatingRules",
    "TournamentChange",
    "capped_differences",
    "game_change",
    "initial_rating",
    "k_factor",
    "k_with_games_cap",
    "period_change",
    "rating_difference",
    "rules_for",
    "rules_on",
    "tournament_change",
    "DP_TABLE",
    "PD_TABLE",
    "apply_rating_floor",
    "average_rating",
    "dp_from_fraction",
    "dp_from_percent",
    "dp_from_score",
    "expected_score",
    "expected_score_hundredths",
    "expected_total_hundredths",
    "norm_performance",
    "norm_rating_average",
    "percent_from_fraction",
    "percent_from_score",
    "perfect_tournament_performance",
    "performance_rating",
    "round_half_away",
    "round_half_up",
    "tournament_performance_rating",
]
