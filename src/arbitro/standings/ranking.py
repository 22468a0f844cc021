"""Ranking by points and an ordered tie-break list (C.07 4.2).

Participants are sorted by the first criterion; every group still tied is
then sorted by the next one, and so on. Ranks are competition ranks: tied
participants share the rank of the first of them. A value of ``None`` ("no
value") ranks after every value.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from arbitro.tiebreaks.column import Column
from arbitro.tiebreaks.context import Context
from arbitro.tiebreaks.direct_encounter import compute_direct_encounter
from arbitro.tiebreaks.registry import compute_column, needs_groups
from arbitro.tiebreaks.spec import TiebreakSpec

__all__ = ["Ranking", "rank_players", "tied_groups", "with_external"]


@dataclass(slots=True)
class Ranking:
    """Order (player indices), shared ranks, the columns, and the groups DE was computed on."""

    order: list[int]
    rank: list[int]
    columns: list[Column]
    de_groups: dict[str, list[list[int]]] = field(default_factory=dict)


def tied_groups(order: list[int], rank: list[int]) -> list[list[int]]:
    """Consecutive players of ``order`` sharing a rank."""
    groups: list[list[int]] = []
    for p in order:
        if groups and rank[groups[-1][0]] == rank[p]:
            groups[-1].append(p)
        else:
            groups.append([p])
    return groups


def _sort_key(column: Column, p: int) -> tuple[bool, int]:
    v = column.values[p]
    if v is None:
        return (True, 0)
    return (False, -v if column.descending else v)


def _apply(order: list[int], rank: list[int], column: Column, start_ranks: list[int]) -> list[int]:
    """Sort every group still tied by one column and recompute the competition ranks (in place on ``order``)."""
    new_rank = list(rank)
    values = column.values
    start = 0
    n = len(order)
    while start < n:
        stop = start + 1
        while stop < n and rank[order[stop]] == rank[order[start]]:
            stop += 1
        if stop - start > 1:
            group = sorted(order[start:stop], key=lambda p: (_sort_key(column, p), start_ranks[p]))
            order[start:stop] = group
            for pos in range(start + 1, stop):
                p, q = order[pos], order[pos - 1]
                new_rank[p] = new_rank[q] if values[p] == values[q] else pos + 1
        start = stop
    return new_rank


def with_external(ctx: Context, column: Column, values: Mapping[int, Decimal]) -> Column:
    """``column`` with the values the arbiter entered (start rank -> value) in place of the computed ones.

    VCL4THP Q207: tie-break values computed outside the program. The column's denominator grows
    when an entered value needs it (e.g. ``23.25`` in a column of halves).
    """
    denominator = column.denominator
    decimals = column.decimals
    for v in values.values():
        denominator = math.lcm(denominator, Fraction(v).denominator)
        exponent = v.normalize().as_tuple().exponent
        decimals = max(decimals, -exponent if isinstance(exponent, int) and exponent < 0 else 0)
    factor = denominator // column.denominator
    new = [None if v is None else v * factor for v in column.values]
    for start_rank, value in values.items():
        if start_rank not in ctx.index:
            raise KeyError(start_rank)
        new[ctx.index[start_rank]] = int(Fraction(value) * denominator)
    return Column(column.spec, new, denominator, decimals, column.descending)


def rank_players(
    ctx: Context, specs: list[TiebreakSpec], external: Mapping[str, Mapping[int, Decimal]] | None = None
) -> Ranking:
    """Apply the list in order (4.2); DE sees the groups tied on everything before it.

    ``external``: values entered by the arbiter, by tie-break (as listed) and start rank (Q207).
    """
    n = ctx.size
    order = list(range(n))
    rank = [1] * n
    ranking = Ranking(order, rank, [])
    for spec in specs:
        if needs_groups(spec):
            groups = tied_groups(order, rank)
            ranking.de_groups[spec.text] = groups
            column = compute_direct_encounter(ctx, spec, groups)
        else:
            column = compute_column(ctx, spec)
        if external and external.get(spec.text):
            column = with_external(ctx, column, external[spec.text])
        ranking.columns.append(column)
        rank = _apply(order, rank, column, ctx.start_ranks)
    ranking.rank = rank
    ranking.order = order
    return ranking
