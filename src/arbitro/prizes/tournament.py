"""Prizes of a tournament: its final standings (C.07 tie-breaks) through the distribution."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from arbitro.model import Tournament
from arbitro.prizes.distribute import Award, Distribution, distribute
from arbitro.prizes.entrants import entrants_from
from arbitro.prizes.model import PrizeList

__all__ = ["distribution_dict", "format_cash", "prizes_for"]


def prizes_for(t: Tournament, prize_list: PrizeList, tiebreaks: str | list[str] | None = None) -> Distribution:
    """Distribute ``prize_list`` by the final standings of ``t`` (its 202/212 tie-breaks unless given).

    Ages are counted in the tournament's year (its start date) unless the list gives one.
    """
    from arbitro.standings import compute_standings

    st = compute_standings(t, tiebreaks)
    # a round robin's player withdrawn under half his games is not in the final standings (VCL4THP Q103)
    order = [(row.start_rank, row.rank, row.points) for row in st.rows if not row.annulled]
    dates = [d for d in t.round_dates if d is not None]
    start = t.start_date or (min(dates) if dates else None)
    return distribute(
        prize_list, entrants_from(t, order, prize_list.clubs), reference_year=start.year if start else None
    )


def format_cash(amount: Decimal, currency: str = "") -> str:
    """``1,250.50 ARS``-style text; whole amounts without decimals."""
    text = f"{amount:,.0f}" if amount == amount.to_integral_value() else f"{amount:,.2f}"
    return f"{text} {currency}".strip()


def _award_dict(a: Award) -> dict[str, Any]:
    return {
        "group": a.group,
        "place": a.place,
        "start_rank": a.start_rank,
        "name": a.name,
        "points": None if a.points is None else str(a.points),
        "cash": str(a.cash),
        "announced": str(a.announced),
        "items": list(a.items),
        "shared_with": list(a.shared_with),
    }


def distribution_dict(d: Distribution) -> dict[str, Any]:
    """The JSON shape of ``arbitro prizes --format json`` (docs/formats/prizes.md)."""
    pl = d.prize_list
    return {
        "sharing": pl.sharing.value,
        "one_prize_per_player": pl.one_prize_per_player,
        "currency": pl.currency,
        "total_cash": str(d.total_cash),
        "awards": [_award_dict(a) for a in d.awards],
        "unawarded": [{"group": g, "place": p} for g, p in d.unawarded],
        "clubs": {
            name: [{"club": c.club, "points": str(c.points), "members": list(c.members)} for c in ranking]
            for name, ranking in d.clubs.items()
        },
        "notes": list(pl.notes),
        "warnings": list(d.warnings),
    }
