"""Cut and Median modifiers (C.07 Art. 14) with the VUR rule of 16.5.

* 14.1 Cut-1 / 14.2 Cut-n: drop the least significant value(s). For the
  Buchholz family the least significant value is the lowest opponent score;
  for SB (14.1.1.d) the contribution of the lowest-scoring opponent, and among
  equal opponents the lowest product.
* 14.3 Median-1 / 14.4 Median-n: drop the n least and the n most significant.
* 16.5.1: when the participant has voluntary unplayed rounds, the lowest VUR
  contribution is cut instead, unless the least significant value is
  smaller (for BH a VUR is therefore always cut first; for SB a VUR product
  of 0 is not preferred to a larger least significant product).
* 16.5.2: the rule is applied again for every further cut. The most
  significant values (Median) are cut without regard to VURs.

An item is ``(score, value, vur)``: the opponent's (or dummy's) score, the
contribution to the tie-break, and whether the round is a VUR.
"""

from __future__ import annotations

__all__ = ["Item", "apply_cuts", "cut_scores"]

Item = tuple[int, int, bool]


def apply_cuts(items: list[Item], low: int, high: int, rounds: int) -> tuple[int, list[bool]]:
    """Sum of the values left after ``low`` least and ``high`` most significant cuts.

    Least significant: the lowest (score, value), earliest round first among
    equals; the lowest VUR is cut instead unless the least significant value is
    higher than the VUR's (16.5.1), for every cut (16.5.2). Most significant:
    the highest (score, value), VURs not preferred.

    The number of cuts never exceeds the rounds (a Median-2 over four rounds
    cuts everything, as the TEC checker does) nor the values available.
    Returns the sum and, per item, whether it was kept.
    """
    n = len(items)
    alive = [True] * n
    low = min(low, rounds, n)
    high = max(min(high, rounds - low, n - low), 0)
    if low <= 0 and high == 0:
        return sum(item[1] for item in items), alive
    order = sorted(range(n), key=lambda k: (items[k][0], items[k][1]))  # stable: earlier round first
    for _ in range(low):
        best = next(k for k in order if alive[k])
        best_vur = next((k for k in order if alive[k] and items[k][2]), -1)
        cut = best_vur if best_vur >= 0 and not items[best][1] > items[best_vur][1] else best
        alive[cut] = False
    for _ in range(high):
        top = next(k for k in reversed(order) if alive[k])
        key = (items[top][0], items[top][1])
        cut = min(k for k in order if alive[k] and (items[k][0], items[k][1]) == key)
        alive[cut] = False
    return sum(item[1] for item, keep in zip(items, alive, strict=True) if keep), alive


def cut_scores(scores: list[int], vurs: list[bool], low: int, high: int, rounds: int) -> int:
    """:func:`apply_cuts` for the Buchholz family, where the value is the score itself (fast path).

    The least significant value can never be higher than a VUR's, so VURs are
    cut first (lowest first), then the lowest values; Median cuts the highest.
    """
    n = len(scores)
    low = min(low, rounds, n)
    high = max(min(high, rounds - low, n - low), 0)
    if low <= 0 and high == 0:
        return sum(scores)
    voluntary = sorted(s for s, v in zip(scores, vurs, strict=True) if v)
    others = sorted(s for s, v in zip(scores, vurs, strict=True) if not v)
    from_vurs = min(low, len(voluntary))
    pool = voluntary[from_vurs:] + others[low - from_vurs :]
    if high:
        pool.sort()
        pool = pool[: len(pool) - high]
    return sum(pool)
