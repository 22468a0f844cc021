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

__all__ = ["Item", "apply_cuts", "choose_high_cut", "choose_low_cut"]

Item = tuple[int, int, bool]


def choose_low_cut(items: list[Item], alive: list[bool]) -> int:
    """Index of the value to cut as least significant (14.1 with 16.5.1)."""
    best = -1
    best_vur = -1
    for k, (score, value, vur) in enumerate(items):
        if not alive[k]:
            continue
        if best < 0 or (score, value) < (items[best][0], items[best][1]):
            best = k
        if vur and (best_vur < 0 or (score, value) < (items[best_vur][0], items[best_vur][1])):
            best_vur = k
    if best_vur >= 0 and not items[best][1] > items[best_vur][1]:
        return best_vur
    return best


def choose_high_cut(items: list[Item], alive: list[bool]) -> int:
    """Index of the most significant value (14.3): highest score, then highest contribution."""
    best = -1
    for k, (score, value, _vur) in enumerate(items):
        if alive[k] and (best < 0 or (score, value) > (items[best][0], items[best][1])):
            best = k
    return best


def apply_cuts(items: list[Item], low: int, high: int, rounds: int) -> tuple[int, list[bool]]:
    """Sum of the values left after ``low`` least and ``high`` most significant cuts.

    The number of cuts never exceeds the rounds (a Median-2 over four rounds
    cuts everything, as the TEC checker does) nor the values available.
    Returns the sum and, per item, whether it was kept.
    """
    alive = [True] * len(items)
    low = min(low, rounds, len(items))
    high = min(high, rounds - low, len(items) - low)
    for _ in range(low):
        alive[choose_low_cut(items, alive)] = False
    for _ in range(max(high, 0)):
        alive[choose_high_cut(items, alive)] = False
    return sum(item[1] for item, keep in zip(items, alive, strict=True) if keep), alive
