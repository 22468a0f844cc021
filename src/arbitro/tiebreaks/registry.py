"""Which module computes which tie-break code (C.07 Art. 5 table)."""

from __future__ import annotations

from collections.abc import Callable

from arbitro.tiebreaks.column import Column, Explanation
from arbitro.tiebreaks.context import Context
from arbitro.tiebreaks.koya import compute_koya, explain_koya
from arbitro.tiebreaks.opposition import compute_opposition, explain_opposition
from arbitro.tiebreaks.own_results import compute_own, explain_own
from arbitro.tiebreaks.rating_based import compute_rating_based, explain_rating_based
from arbitro.tiebreaks.spec import TiebreakSpec

__all__ = ["compute_column", "explain_value", "needs_groups"]

Compute = Callable[[Context, TiebreakSpec], Column]
Explain = Callable[[Context, TiebreakSpec, int], Explanation]

_FAMILIES: dict[str, tuple[Compute, Explain]] = {}
for _code in ("PTS", "WIN", "WON", "BPG", "BWG", "PS", "REP", "STD", "TPN"):
    _FAMILIES[_code] = (compute_own, explain_own)
for _code in ("BH", "FB", "AOB", "SB"):
    _FAMILIES[_code] = (compute_opposition, explain_opposition)
_FAMILIES["KS"] = (compute_koya, explain_koya)
for _code in ("ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"):
    _FAMILIES[_code] = (compute_rating_based, explain_rating_based)


def needs_groups(spec: TiebreakSpec) -> bool:
    """DE (type A) depends on the groups still tied on the preceding tie-breaks (C.07 4.3, 6)."""
    return spec.code == "DE"


def compute_column(ctx: Context, spec: TiebreakSpec) -> Column:
    """The values of a group-independent tie-break for every player."""
    return _FAMILIES[spec.code][0](ctx, spec)


def explain_value(ctx: Context, spec: TiebreakSpec, i: int) -> Explanation:
    """Explanation of one group-independent value."""
    return _FAMILIES[spec.code][1](ctx, spec, i)
