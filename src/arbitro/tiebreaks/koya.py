"""Koya system (C.07 9.2) with the limit modifier (14.5).

KS is the number of points scored against the participants who finished
with at least 50 % of the maximum possible score. ``KS/L60`` moves the limit
to 60 %, ``KS/L+1`` / ``KS/L-1`` move it by half points (``KS/L+1.`` by whole
points).

* The maximum possible score is a win in every round. In a round robin with
  an odd number of participants everybody has one free round per cycle, and
  a participant who never played reduces everybody's number of games.
* Points scored by forfeit against an opponent at or above the limit count,
  as in the TEC checker (reference §9.4 item 2): the round was paired.
* Opponents are compared by their real final score (not the 16.3 adjusted one).
"""

from __future__ import annotations

from fractions import Fraction

from arbitro.tiebreaks.column import Column, Contribution, Explanation, decimals_for, to_decimal
from arbitro.tiebreaks.context import Context
from arbitro.tiebreaks.spec import TiebreakSpec
from arbitro.tiebreaks.unplayed import PAB

__all__ = ["compute_koya", "explain_koya", "koya_limit"]


def _max_games(ctx: Context) -> int:
    games = ctx.rounds
    if ctx.round_robin:
        n = ctx.size
        if n and ctx.rounds % n == 0:  # odd round robin: one free round per cycle
            games -= ctx.rounds // n
        for i in range(n):
            if all(o < 0 for o in ctx.opp[i]) and all(k != PAB for k in ctx.kind[i]):
                games -= 1  # never paired (withdrew before the start)
    return games


def koya_limit(ctx: Context, spec: TiebreakSpec) -> Fraction:
    """The Koya limit in units of 1/scale points (9.2, 14.5)."""
    games = _max_games(ctx)
    return Fraction(spec.koya_percent) * ctx.win * games / 100 + Fraction(spec.koya_offset) * ctx.scale


def compute_koya(ctx: Context, spec: TiebreakSpec) -> Column:
    """KS for every player, in units of 1/scale."""
    limit = koya_limit(ctx, spec)
    total = ctx.total
    strong = [total[j] >= limit for j in range(ctx.size)]
    values: list[int | None] = []
    for i in range(ctx.size):
        ks = 0
        for o, p in zip(ctx.opp[i], ctx.pts[i], strict=True):
            if o >= 0 and strong[o]:
                ks += p
        values.append(ks)
    return Column(spec, values, ctx.scale, decimals_for(1, ctx.scale), not spec.reverse)


def explain_koya(ctx: Context, spec: TiebreakSpec, i: int) -> Explanation:
    limit = koya_limit(ctx, spec)
    column = compute_koya(ctx, spec)
    contributions = []
    for r, (o, p) in enumerate(zip(ctx.opp[i], ctx.pts[i], strict=True)):
        if o < 0:
            continue
        strong = ctx.total[o] >= limit
        contributions.append(
            Contribution(
                r + 1,
                ctx.start_ranks[o],
                to_decimal(p, ctx.scale, column.decimals),
                not strong,
                "opponent at or above the limit" if strong else "opponent below the limit",
            )
        )
    limit_text = to_decimal(limit.numerator, limit.denominator * ctx.scale, 2)
    return Explanation(
        spec.text,
        ctx.start_ranks[i],
        column.decimal(i),
        tuple(contributions),
        f"C.07 9.2, limit {limit_text} points",
    )
