"""Cash of players tied on points: the Hort system, equal shares, or the tie-break order.

The places the tied players occupy (best tie-break first) carry cash ``slots``
(0 for a place beyond the announced prizes). Then:

* **tie-break** (no sharing): each keeps the cash of its own place;
* **equal**: the cash of the tied places is summed and divided equally
  (USCF Official Rules 32B2/32B3: "all the cash prizes involved shall be summed and
  divided equally among the tied winners");
* **Hort** (Vlastimil Hort's system, as the Vega manual and de.wikipedia describe it): each player
  keeps half the cash of its own place; the other halves are pooled and divided
  equally among the tied players. Vega's manual: 4 tied for 10 000/8 000/6 000/4 000
  receive 8 500/7 500/6 500/5 500. The pooled part is :attr:`PrizeList.hort_share`.

Amounts are paid in multiples of ``unit``: each share is rounded down and the units
left over go one by one to the tied players in tie-break order, so the total paid
is exactly the cash of the tied places.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import ROUND_FLOOR, Decimal, localcontext
from fractions import Fraction

from arbitro.prizes.model import Sharing

__all__ = ["share"]


def _to_units(amounts: list[Fraction], unit: Decimal, total: Fraction) -> list[Decimal]:
    u = Fraction(unit)
    floors = [int((a / u).__floor__()) for a in amounts]
    left = int(total / u) - sum(floors)
    out = []
    with localcontext() as ctx:  # exact whatever the unit (the reader bounds it; a caller may not)
        exponent = unit.as_tuple().exponent
        ctx.prec = max(28, len(str(int(total))) + 4 - (exponent if isinstance(exponent, int) else 0))
        for i, f in enumerate(floors):
            extra = 1 if i < left else 0
            out.append((Decimal(f + extra) * unit).quantize(unit, rounding=ROUND_FLOOR))
    return out


def share(
    slots: Sequence[Decimal],
    sharing: Sharing,
    *,
    hort_share: Fraction = Fraction(1, 2),
    unit: Decimal = Decimal("0.01"),
) -> list[Decimal]:
    """Cash for each of the tied players, in tie-break order (see the module)."""
    exact = [Fraction(s) for s in slots]
    total = sum(exact, Fraction(0))
    k = len(exact)
    if k == 0:
        return []
    if sharing is Sharing.TIEBREAK or k == 1:
        amounts = exact
    elif sharing is Sharing.EQUAL:
        amounts = [total / k] * k
    else:
        pot = total * hort_share
        amounts = [s * (1 - hort_share) + pot / k for s in exact]
    return _to_units(amounts, unit, total)
