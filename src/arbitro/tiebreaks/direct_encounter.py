"""Direct encounter (C.07 Art. 6, type A).

Within each group of participants still tied on the preceding criteria:

* 6.1 the points scored in the games among them give a mini-standings
  (6.1.1 forfeits excluded unless ``/P`` or pre-determined pairings;
  6.1.2 two participants who met more than once count the average);
* 6.2 if all of them have met, the mini-standings decide; DE is applied again
  to every subgroup still tied;
* 6.3 in a Swiss where not all of them have met, a participant is ranked
  ahead only when that is certain: their mini-score exceeds the maximum any
  participant below could still reach (missing games counted as wins). Also
  applied again to every subgroup that changed.

The value is the participant's position inside the tied group (1, 2, ...),
or 0 when the group is a single participant or DE separates nobody, as the
TEC checker prints it. Lower is better.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from arbitro.tiebreaks.column import Column, Contribution, Explanation, to_decimal
from arbitro.tiebreaks.context import Context
from arbitro.tiebreaks.spec import TiebreakSpec
from arbitro.tiebreaks.unplayed import PLAYED

__all__ = ["compute_direct_encounter", "explain_direct_encounter", "mini_scores"]

_MAX_PASSES = 30


@dataclass(frozen=True, slots=True)
class MiniScore:
    """A participant's score against the others of a subgroup (6.1) and the most they could reach (6.3)."""

    score: int | Fraction
    maximum: int | Fraction
    met: int


def mini_scores(ctx: Context, spec: TiebreakSpec, members: list[int]) -> dict[int, MiniScore]:
    """6.1 / 6.1.2 / 6.3: each member's points against the others and the maximum still possible."""
    inside = set(members)
    predetermined = spec.forfeits_as_played or (ctx.round_robin and not spec.swiss)
    need = len(members) - 1
    result: dict[int, MiniScore] = {}
    for p in members:
        score: int | Fraction = 0
        seen: dict[int, list[int]] = {}
        repeated = False
        for o, k, pts in zip(ctx.opp[p], ctx.kind[p], ctx.pts[p], strict=True):
            if o in inside and (predetermined or k == PLAYED):
                if o in seen:
                    repeated = True
                seen.setdefault(o, []).append(pts)
        if repeated:  # 6.1.2: the average of the games against the same opponent
            score = sum((Fraction(sum(v), len(v)) for v in seen.values()), Fraction(0))
        else:
            score = sum(v[0] for v in seen.values())
        met = len(seen)
        if (not ctx.round_robin and met < need) or spec.swiss:
            maximum = score + (need - met) * ctx.win
        else:
            maximum = score
        result[p] = MiniScore(score, maximum, met)
    return result


def _single_run(ctx: Context, spec: TiebreakSpec, members: list[int], base: int, val: dict[int, int]) -> int:
    """One pass over one subgroup; writes new positions into ``val``; returns the number of separations."""
    scores = mini_scores(ctx, spec, members)
    sr = ctx.start_ranks
    all_met = not any(
        (not ctx.round_robin and s.met < len(members) - 1) or spec.swiss for s in scores.values()
    )
    changes = 0
    if all_met:  # 6.2
        order = sorted(members, key=lambda p: (-scores[p].score, sr[p]))
        current = base
        val[order[0]] = base
        for k in range(1, len(order)):
            if scores[order[k]].score != scores[order[k - 1]].score:
                current = base + k
                changes += 1
            val[order[k]] = current
        return changes
    # 6.3: ahead only when certain
    order = sorted(members, key=lambda p: (-scores[p].score, -scores[p].maximum, sr[p]))
    current = base
    val[order[0]] = base
    unique = True
    best_below: list[int | Fraction] = [0] * len(order)  # best maximum from position k on
    running: int | Fraction | None = None
    for k in range(len(order) - 1, -1, -1):
        m = scores[order[k]].maximum
        running = m if running is None or m > running else running
        best_below[k] = running
    for k in range(1, len(order)):
        if unique and scores[order[k - 1]].score > best_below[k]:
            current = base + k
            changes += 1
        else:
            unique = False
        val[order[k]] = current
    return changes


def _resolve(ctx: Context, spec: TiebreakSpec, group: list[int]) -> dict[int, int]:
    """Positions (0-based, shared when tied) inside one tied group, re-applying DE to subgroups (6.2)."""
    val = dict.fromkeys(group, 0)
    active = dict.fromkeys(group, True)
    for _ in range(_MAX_PASSES):
        buckets: dict[int, list[int]] = {}
        for p in group:
            buckets.setdefault(val[p], []).append(p)
        total = 0
        for base in sorted(buckets):
            members = buckets[base]
            if not active[members[0]]:
                continue
            if len(members) == 1:
                active[members[0]] = False
                continue
            changes = _single_run(ctx, spec, members, base, val)
            for p in members:
                active[p] = changes > 0
            total += changes
        if total == 0:
            break
    return val


def compute_direct_encounter(ctx: Context, spec: TiebreakSpec, groups: list[list[int]]) -> Column:
    """DE for every player, given the groups tied on the preceding criteria."""
    values: list[int | None] = [0] * ctx.size
    for group in groups:
        if len(group) < 2:
            continue
        val = _resolve(ctx, spec, group)
        if len(set(val.values())) > 1:
            for p, v in val.items():
                values[p] = v + 1
    return Column(spec, values, 1, 0, descending=spec.reverse)


def explain_direct_encounter(ctx: Context, spec: TiebreakSpec, i: int, group: list[int]) -> Explanation:
    """The games of player ``i`` against the others of its tied group."""
    column = compute_direct_encounter(ctx, spec, [group])
    inside = set(group)
    predetermined = spec.forfeits_as_played or (ctx.round_robin and not spec.swiss)
    contributions = []
    for r, (o, k, p) in enumerate(zip(ctx.opp[i], ctx.kind[i], ctx.pts[i], strict=True)):
        if o in inside and o != i:
            counted = predetermined or k == PLAYED
            contributions.append(
                Contribution(
                    r + 1,
                    ctx.start_ranks[o],
                    to_decimal(p, ctx.scale, 1),
                    not counted,
                    "game inside the tied group" if counted else "forfeit, excluded (6.1.1)",
                )
            )
    scores = mini_scores(ctx, spec, group)
    tied = ", ".join(str(ctx.start_ranks[p]) for p in sorted(group, key=lambda p: ctx.start_ranks[p]))
    mine = scores[i]
    note = (
        f"C.07 Art. 6; tied group: {tied}; score {float(mine.score) / ctx.scale:g}"
        f", maximum possible {float(mine.maximum) / ctx.scale:g}"
    )
    return Explanation(spec.text, ctx.start_ranks[i], column.decimal(i), tuple(contributions), note)
