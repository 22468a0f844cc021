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

The B.02 mathematics comes from :mod:`arbitro.ratings`.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from arbitro.ratings import average_rating, perfect_tournament_performance, tournament_performance_rating
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
    return [r if r > 0 else unrated for r in ctx.ratings]


def _games(ctx: Context, ratings: list[int], i: int) -> list[tuple[int, int, int]]:
    """(round, opponent rating, result in half points) of the games played over the board."""
    out = []
    win, draw = ctx.win, ctx.draw
    for r, (o, k, p) in enumerate(zip(ctx.opp[i], ctx.kind[i], ctx.pts[i], strict=True)):
        if k == PLAYED and o >= 0:
            out.append((r, ratings[o], 2 if p == win else 1 if p == draw else 0))
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


def _performance(code: str, games: list[tuple[int, int, int]]) -> int | None:
    if not games:
        return None
    ratings = [g[1] for g in games]
    if code == "ARO":
        return average_rating(ratings)
    score = Fraction(sum(g[2] for g in games), 2)
    if code == "TPR":
        return tournament_performance_rating(ratings, score)
    return perfect_tournament_performance(ratings, score)


def _uncut(ctx: Context, spec: TiebreakSpec, ratings: list[int], code: str) -> list[int | None]:
    key = ("perf", code, _unrated_value(ctx, spec))
    cached = ctx.cache.get(key)
    if isinstance(cached, list):
        return cached
    values = [_performance(code, _games(ctx, ratings, i)) for i in range(ctx.size)]
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
            values.append(average_rating(known) if known else None)
        return Column(spec, values, 1, 0, descending)
    if not spec.cut_low and not spec.cut_high:
        return Column(spec, list(_uncut(ctx, spec, ratings, code)), 1, 0, descending)
    values = [
        _performance(code, _cut(_games(ctx, ratings, i), spec.cut_low, spec.cut_high, ctx.rounds))
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
