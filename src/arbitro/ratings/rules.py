"""Editions of the FIDE Rating Regulations (B.02) and what changed between them.

A rating calculation uses the rules in force for the rating period (ratings.md §1).
:func:`rules_on` picks the edition for a date (a tournament's start date, B.02 0.1: changes apply
to tournaments starting on or after the effective date). Before 1 Jul 2009 (the 350-point rule,
K 25/15/10) is not supported.

| from        | change                                                                     | source   |
|-------------|----------------------------------------------------------------------------|----------|
| 1 Jul 2009  | 400-point rule on every game; K from the rating at the start of the event  | S8, S9   |
| 1 Jul 2014  | K = 40 / 20 / 10, juniors 40 until their 18th birthday while < 2300         | S9       |
| 1 Jan 2022  | 400-point rule applied once per tournament (the greatest difference); floor 1000; initial rating 2022 method | S4, S11 |
| 1 Mar 2024  | once-per-event limit removed; floor 1400; initial rating with two 1800 draws; juniors until the end of the year of their 18th birthday | S5, S13 |
| 1 Oct 2025  | 8.3.1: the 400-point rule only for players rated below 2650                 | S5, S14  |
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace
from enum import StrEnum

__all__ = ["CapMode", "InitialMethod", "JuniorClause", "RatingRules", "EDITIONS", "rules_for", "rules_on"]


class CapMode(StrEnum):
    """How the 400-point rule (B.02 8.3.1) is applied."""

    EVERY_GAME = "every-game"  # 2009-2021 and 2024: every game with |D| > 400
    ONCE_PER_EVENT = "once-per-event"  # 2022-Feb 2024: only the game with the greatest difference


class JuniorClause(StrEnum):
    """How long a junior keeps K = 40 (B.02 8.3.3)."""

    NONE = "none"  # before 1 Jul 2014
    BEFORE_18TH_BIRTHDAY = "before-18th-birthday"  # 2014: "until their 18th birthday"
    END_OF_YEAR_OF_18TH_BIRTHDAY = "end-of-year-of-18th-birthday"  # 2024 wording


class InitialMethod(StrEnum):
    """How a first rating is computed (B.02 8.2)."""

    LEGACY = "legacy"  # before 2022: not implemented here
    Y2022 = "2022"  # 50 % -> Ra; above: Ra + 20 per half point above 50 %; below: Ra + dp
    Y2024 = "2024"  # two hypothetical 1800 opponents, both drawn; Ru = Ra + dp, max 2200


@dataclass(frozen=True)
class RatingRules:
    """The parameters of one edition of B.02 that the calculations need."""

    name: str
    effective: dt.date
    cap_difference: int  # 8.3.1: a larger difference counts as this many points
    cap_mode: CapMode
    cap_exempt_from: int | None  # 2025 amendment: players rated >= this use the real difference
    k_new: int  # 8.3.3: new to the list, until events with >= 30 games completed
    k_below_2400: int
    k_2400: int  # once the published rating has reached 2400, kept
    k_junior: int
    junior: JuniorClause
    junior_max_rating: int  # juniors keep k_junior while their rating is below this
    k_rapid_blitz: int  # rapid and blitz lists: one K for every player
    k_cap_product: int | None  # n * K > 700 -> K = largest whole number with K * n <= 700
    floor: int  # minimum published rating (7.1.2 in 2024)
    initial: InitialMethod


_E2009 = RatingRules(
    name="2009",
    effective=dt.date(2009, 7, 1),
    cap_difference=400,
    cap_mode=CapMode.EVERY_GAME,
    cap_exempt_from=None,
    k_new=30,
    k_below_2400=15,
    k_2400=10,
    k_junior=30,
    junior=JuniorClause.NONE,
    junior_max_rating=0,
    k_rapid_blitz=20,
    k_cap_product=None,
    floor=1200,
    initial=InitialMethod.LEGACY,
)
# Each later edition states only what changed from the one before it.
_E2014 = replace(
    _E2009,
    name="2014",
    effective=dt.date(2014, 7, 1),
    k_new=40,
    k_below_2400=20,
    k_junior=40,
    junior=JuniorClause.BEFORE_18TH_BIRTHDAY,
    junior_max_rating=2300,
    k_cap_product=700,
    floor=1000,
)
_E2022 = replace(_E2014, name="2022", effective=dt.date(2022, 1, 1), cap_mode=CapMode.ONCE_PER_EVENT,
                 initial=InitialMethod.Y2022)  # fmt: skip
_E2024 = replace(
    _E2022,
    name="2024",
    effective=dt.date(2024, 3, 1),
    cap_mode=CapMode.EVERY_GAME,
    junior=JuniorClause.END_OF_YEAR_OF_18TH_BIRTHDAY,
    floor=1400,
    initial=InitialMethod.Y2024,
)
_E2025 = replace(_E2024, name="2025", effective=dt.date(2025, 10, 1), cap_exempt_from=2650)

#: The supported editions, oldest first, by name ("2009", "2014", "2022", "2024", "2025").
EDITIONS: dict[str, RatingRules] = {e.name: e for e in (_E2009, _E2014, _E2022, _E2024, _E2025)}


def rules_on(date: dt.date) -> RatingRules:
    """The B.02 edition in force on ``date`` (use the tournament's start date)."""
    chosen: RatingRules | None = None
    for edition in EDITIONS.values():
        if edition.effective <= date:
            chosen = edition
    if chosen is None:
        raise ValueError(f"B.02 rules before {_E2009.effective.isoformat()} are not supported")
    return chosen


def rules_for(name_or_date: str | dt.date) -> RatingRules:
    """An edition by name (``"2024"``) or ISO date (``"2025-11-02"``) or :class:`datetime.date`."""
    if isinstance(name_or_date, dt.date):
        return rules_on(name_or_date)
    if name_or_date in EDITIONS:
        return EDITIONS[name_or_date]
    try:
        date = dt.date.fromisoformat(name_or_date)
    except ValueError as exc:
        raise ValueError(
            f"unknown B.02 edition {name_or_date!r}: expected one of {', '.join(EDITIONS)} or a date YYYY-MM-DD"
        ) from exc
    return rules_on(date)
