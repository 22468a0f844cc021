"""Rating-based tie-breaks (C.07 Art. 10): ARO, TPR, PTP, APRO, APPO, RTNG.

* Only games played over the board count (forfeits and byes never do; in
  round robins the 2026 text says so explicitly, 15.2).
* The result of a game counts 1 / ½ / 0 whatever the tournament's scoring.
* Preamble: these tie-breaks are dropped (no value) when unrated players are
  present, unless a rating for them has been set (``/U1400`` or the
  standings' ``unrated_rating``).
* ARO (10.1) mean opponent rating, 0.5 up; TPR (10.2) = ARO + dp(p), p in
  whole percent; PTP (10.3) lowest R whose summed expected score reaches the
  score, exact in hundredths; APRO / APPO (10.4, 10.5) the rounded means of
  the opponents' TPR / PTP; RTNG (10.6) the participant's own rating.
* Cut-1 for ARO (14.1.1.b) drops the lowest-rated opponent.
* Two-game matches (C.04.5): a round is a match (see :mod:`.context`); a
  match played counts as two games against its opponent, with the match's
  game points (a single forfeited game counts as played, C.04.5 Preface), and
  Cut-1 drops a whole match.

The B.02 mathematics comes from :mod:`arbitro.ratings`.
"""

from __future__ import annotations

from decimal import Decimal

from arbitro.ratings import dp_from_percent, expected_score_hundredths
from arbitro.tiebreaks.column import Column, Contribution, Explanation
from arbitro.tiebreaks.context import Context
from arbitro.tiebreaks.spec import TiebreakSpec
from arbitro.tiebreaks.unplayed import PLAYED

__all__ = ["compute_rating_based", "explain_rating_based"]


def _unrated_value(ctx: Context, spec: TiebreakSpec) -> int | None:
    return spec.unrated_rating if spec.unrated_rating is not None else ctx.unrated_rating


def _ratings(ctx: Context, spec: TiebreakSpec) -> list[int] | None:
    """Ratings to use (unrated replaced), or None when the tie-break must be dropped (Art. 10 preamble)."""
    unrated = _unrated_value(ctx, spec)
    if unrated is None:
        return None if any(r <= 0 for r in ctx.ratings) else ctx.ratings
    key = ("ratings", unrated)
    cached = ctx.cache.get(key)
    if not isinstance(cached, list):
        cached = ctx.cache[key] = [r if r > 0 else unrated for r in ctx.ratings]
    ratings: list[int] = cached
    return ratings


def _games(ctx: Context, ratings: list[int], i: int) -> list[tuple[int, int, int]]:
    """(round, opponent rating, result in half points) of the games played over the board."""
    key = ("games", id(ratings))  # ``ratings`` is ctx.ratings or a list cached in ctx.cache: stable ids
    cached = ctx.cache.get(key)
    if not isinstance(cached, list):
        cached = ctx.cache[key] = [_player_games(ctx, ratings, j) for j in range(ctx.size)]
    games: list[tuple[int, int, int]] = cached[i]
    return games


def _player_games(ctx: Context, ratings: list[int], i: int) -> list[tuple[int, int, int]]:
    out = []
    for r, (o, k, h) in enumerate(zip(ctx.opp[i], ctx.kind[i], ctx.half[i], strict=True)):
        if k == PLAYED and o >= 0:
            out.append((r, ratings[o], h))
    return out


def _cut(games: list[tuple[int, int, int]], low: int, high: int, rounds: int) -> list[tuple[int, int, int]]:
    """Drop the ``low`` lowest- and ``high`` highest-rated opponents (14.1.1.b, 14.3)."""
    if not low and not high:
        return games
    low = min(low, rounds)
    high = min(high, rounds - low)
    kept = sorted(games, key=lambda g: g[1])  # stable: earlier round first among equal ratings
    kept = kept[low:]
    if high > 0:
        kept = kept[: max(len(kept) - high, 0)]
    return sorted(kept)


#: B.02 table 8.1.2 for every difference -800..800 (from :mod:`arbitro.ratings`), for the PTP search.
_PD_BY_DIFF: tuple[int, ...] = tuple(expected_score_hundredths(d) for d in range(-800, 801))


def average_rating_fast(ratings: list[int]) -> int:
    """ARO (10.1): mean rounded 0.5 up, in integers; equals :func:`arbitro.ratings.average_rating`."""
    n = len(ratings)
    return (2 * sum(ratings) + n) // (2 * n)


def tpr_fast(ratings: list[int], half_points: int) -> int:
    """TPR (10.2) = ARO + dp(p), p rounded to a whole percent 0.5 up; equals the ratings package's TPR."""
    n = len(ratings)
    percent = (100 * half_points + n) // (2 * n)
    return average_rating_fast(ratings) + dp_from_percent(percent)


def ptp_fast(ratings: list[int], half_points: int) -> int:
    """PTP (10.3): the lowest R with sum of PD(R - R_i) >= score, exact in hundredths, by bisection.

    Equals :func:`arbitro.ratings.perfect_tournament_performance` (tested); integer-only for speed.
    """
    if half_points == 0:
        return min(ratings) - 800
    target = 50 * half_points  # score in hundredths
    pd = _PD_BY_DIFF
    low, high = min(ratings) - 736, max(ratings) + 736  # sum(low) = 0 < target <= sum(high) = 100 n
    while high - low > 1:
        mid = (low + high) // 2
        total = 0
        for r in ratings:
            d = mid - r
            total += pd[d + 800] if -800 <= d <= 800 else (100 if d > 0 else 0)
        if total >= target:
            high = mid
        else:
            low = mid
    return high


def _performance(code: str, games: list[tuple[int, int, int]], per_round: int = 1) -> int | None:
    """ARO / TPR / PTP of ``games`` ((round, opponent rating, half points)); ``per_round`` games each."""
    if not games:
        return None
    ratings = [g[1] for g in games for _ in range(per_round)]  # a two-game match: its opponent twice
    if code == "ARO":
        return average_rating_fast(ratings)
    half_points = sum(g[2] for g in games)
    if code == "TPR":
        return tpr_fast(ratings, half_points)
    return ptp_fast(ratings, half_points)


def _uncut(ctx: Context, spec: TiebreakSpec, ratings: list[int], code: str) -> list[int | None]:
    key = ("perf", code, _unrated_value(ctx, spec))
    cached = ctx.cache.get(key)
    if isinstance(cached, list):
        return cached
    values = [_performance(code, _games(ctx, ratings, i), ctx.games) for i in range(ctx.size)]
    ctx.cache[key] = values
    return values


def compute_rating_based(ctx: Context, spec: TiebreakSpec) -> Column:
    """ARO, TPR, PTP (with cuts), APRO, APPO and RTNG for every player (integers)."""
    descending = not spec.reverse
    ratings = _ratings(ctx, spec)
    if ratings is None:
        return Column(spec, [None] * ctx.size, 1, 0, descending)
    code = spec.code
    if code == "RTNG":
        return Column(spec, list[int | None](ratings), 1, 0, descending)
    if code in ("APRO", "APPO"):
        inner = _uncut(ctx, spec, ratings, "TPR" if code == "APRO" else "PTP")
        values: list[int | None] = []
        for i in range(ctx.size):
            found = [inner[o] for o, k in zip(ctx.opp[i], ctx.kind[i], strict=True) if k == PLAYED and o >= 0]
            known = [v for v in found if v is not None]
            values.append(average_rating_fast(known) if known else None)
        return Column(spec, values, 1, 0, descending)
    if not spec.cut_low and not spec.cut_high:
        return Column(spec, list(_uncut(ctx, spec, ratings, code)), 1, 0, descending)
    values = [
        _performance(code, _cut(_games(ctx, ratings, i), spec.cut_low, spec.cut_high, ctx.rounds), ctx.games)
        for i in range(ctx.size)
    ]
    return Column(spec, values, 1, 0, descending)


def explain_rating_based(ctx: Context, spec: TiebreakSpec, i: int) -> Explanation:
    column = compute_rating_based(ctx, spec)
    value = column.decimal(i)
    sr = ctx.start_ranks[i]
    ratings = _ratings(ctx, spec)
    if ratings is None:
        return Explanation(
            spec.text, sr, None, (), "C.07 Art. 10 preamble: unrated players present, no rating set"
        )
    if spec.code == "RTNG":
        return Explanation(spec.text, sr, value, (), "C.07 10.6: own rating")
    games = _games(ctx, ratings, i)
    if spec.code in ("APRO", "APPO"):
        inner = _uncut(ctx, spec, ratings, "TPR" if spec.code == "APRO" else "PTP")
        contributions = tuple(
            Contribution(
                r + 1,
                ctx.start_ranks[o],
                None if inner[o] is None else _dec(inner[o]),
                False,
                "opponent's " + ("TPR" if spec.code == "APRO" else "PTP"),
            )
            for r, (o, k) in enumerate(zip(ctx.opp[i], ctx.kind[i], strict=True))
            if k == PLAYED and o >= 0
        )
        return Explanation(spec.text, sr, value, contributions, "C.07 10.4/10.5")
    kept = set(_cut(games, spec.cut_low, spec.cut_high, ctx.rounds))
    contributions = tuple(
        Contribution(
            g[0] + 1, ctx.start_ranks[ctx.opp[i][g[0]]], _dec(g[1]), g not in kept, f"result {g[2] / 2:g}"
        )
        for g in games
    )
    return Explanation(spec.text, sr, value, contributions, "C.07 10.1-10.3: games over the board")


def _dec(v: int | None) -> Decimal | None:
    return None if v is None else Decimal(v)
