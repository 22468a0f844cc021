"""FIDE title fees and surcharges, kept as data with their source.

The FIDE Financial Rules appendix itself was not available
(../shared/reference/titles.md §6): every figure here comes from a secondary
source, and every fee result carries that source and a caution so that the
output never presents an amount as official.

Surcharges (B.01 2017 2.3, verbatim): applications must arrive a fixed number
of days before the meeting that considers them, otherwise +50 % (waived if the
last norm was achieved so late that the time limit could not be observed);
applications arriving during the Presidential Board, Executive Board or
General Assembly (from 2022: the Council) pay +100 %, with no exception.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

__all__ = [
    "DEADLINES",
    "FEE_SCHEDULES",
    "DEFAULT_SCHEDULE",
    "Deadline",
    "Fee",
    "FeeSchedule",
    "compute_fee",
]


@dataclass(frozen=True, slots=True)
class FeeSchedule:
    """One published list of title fees."""

    key: str
    currency: str
    amounts: dict[str, Decimal]
    source: str
    caution: str


FEE_SCHEDULES: dict[str, FeeSchedule] = {
    "fide-2017-slides": FeeSchedule(
        key="fide-2017-slides",
        currency="EUR",
        amounts={
            "GM": Decimal(330),
            "WGM": Decimal(330),
            "IM": Decimal(165),
            "WIM": Decimal(165),
            "FM": Decimal(70),
            "WFM": Decimal(70),
            "CM": Decimal(50),
            "WCM": Decimal(50),
        },
        source="Spanish slides on B.01 as in force after 2017, 'Tarifas de solicitudes' (seed 000; titles.md S3)",
        caution="secondary source of about 2017; the FIDE Financial Rules were not read and may differ today",
    ),
    "ecf-2021": FeeSchedule(
        key="ecf-2021",
        currency="GBP",
        amounts={
            "GM": Decimal(300),
            "WGM": Decimal(182),
            "IM": Decimal(150),
            "WIM": Decimal(91),
            "FM": Decimal(64),
            "WFM": Decimal(46),
            "CM": Decimal(46),
            "WCM": Decimal(28),
        },
        source="English Chess Federation, FIDE title fees, April 2021 (https://www.englishchess.org.uk/fide/; titles.md S18)",
        caution="a national federation's list in GBP; FIDE charges in EUR (about 1.1 EUR per GBP, back-computed)",
    ),
}
DEFAULT_SCHEDULE = "fide-2017-slides"


@dataclass(frozen=True, slots=True)
class Deadline:
    """Days an application must arrive before the meeting that considers it."""

    days: int
    source: str


#: By application edition. 2017 2.3 says 30 days; the 2017 slides (S3) say 60; 2024 is known only by paraphrase.
DEADLINES: dict[str, Deadline] = {
    "2017": Deadline(30, "B.01 (2017) 2.3 (the 2017 slides, S3, say 60 days)"),
    "2022": Deadline(30, "B.01 (2017) 2.3; the 2022 text was not found"),
    "2024": Deadline(45, "B.01 (2024), paraphrase only (titles.md §2 [S])"),
}
LATE_SURCHARGE = 50  # percent, B.01 2017 2.3
MEETING_SURCHARGE = 100  # percent, B.01 2017 2.3


@dataclass(frozen=True, slots=True)
class Fee:
    """The fee for one title, with the surcharge applied and where the figures come from."""

    title: str
    base: Decimal
    currency: str
    surcharge_percent: int
    total: Decimal
    reasons: tuple[str, ...]
    source: str
    caution: str

    def as_dict(self) -> dict[str, object]:
        return {
            "title": self.title,
            "base": str(self.base),
            "currency": self.currency,
            "surcharge_percent": self.surcharge_percent,
            "total": str(self.total),
            "reasons": list(self.reasons),
            "source": self.source,
            "caution": self.caution,
        }


def late_surcharge(
    *,
    submitted: dt.date | None,
    meeting: dt.date | None,
    last_result: dt.date | None,
    edition: str,
) -> tuple[int, str]:
    """The +50 % for applications arriving less than the deadline before the meeting (B.01 2017 2.3).

    Waived "if the last norm was achieved so late that the time limit could not be
    observed": the last result falls after ``meeting - deadline``.
    """
    deadline = DEADLINES.get(edition, DEADLINES["2024"])
    if submitted is None or meeting is None:
        return 0, "late-application surcharge not determinable: submission or meeting date missing"
    days = (meeting - submitted).days
    if days >= deadline.days:
        return (
            0,
            f"submitted {days} days before the meeting (deadline {deadline.days} days, {deadline.source})",
        )
    if last_result is not None and last_result > meeting - dt.timedelta(days=deadline.days):
        return 0, (
            f"submitted {days} days before the meeting, but the last result ({last_result.isoformat()}) "
            f"came too late to keep the {deadline.days}-day deadline: surcharge waived (B.01 2017 2.3)"
        )
    return LATE_SURCHARGE, (
        f"+{LATE_SURCHARGE} %: submitted {days} days before the meeting, "
        f"deadline {deadline.days} days ({deadline.source})"
    )


def compute_fee(
    title: str,
    *,
    schedule: str = DEFAULT_SCHEDULE,
    edition: str = "2024",
    submitted: dt.date | None = None,
    meeting: dt.date | None = None,
    during_meeting: bool = False,
    last_result: dt.date | None = None,
    surcharges: bool = True,
) -> Fee:
    """The fee for ``title`` with the late (+50 %) or meeting (+100 %) surcharge (B.01 2017 2.3).

    The meeting surcharge has no exception and replaces the late one.
    ``surcharges=False`` for direct titles, which are registered rather than
    considered at a meeting (B.01 2017 1.10a).
    """
    try:
        sched = FEE_SCHEDULES[schedule]
    except KeyError:
        raise ValueError(f"unknown fee schedule {schedule!r} (known: {', '.join(FEE_SCHEDULES)})") from None
    if title not in sched.amounts:
        raise ValueError(f"no fee for title {title!r} in {schedule}")
    base = sched.amounts[title]
    reasons: list[str] = [f"{title} fee {base} {sched.currency} ({sched.key})"]
    if not surcharges:
        pct = 0
        reasons.append(
            "direct title: registered on the federation's request, no application deadline (1.10a)"
        )
    elif during_meeting:
        pct = MEETING_SURCHARGE
        reasons.append(
            f"+{pct} %: application arriving during a Council / Presidential Board / General Assembly "
            "meeting, no exception (B.01 2017 2.3)"
        )
    else:
        pct, why = late_surcharge(
            submitted=submitted, meeting=meeting, last_result=last_result, edition=edition
        )
        reasons.append(why)
    total = (base * (100 + pct) / 100).quantize(Decimal("0.01")).normalize()
    if total == total.to_integral_value():
        total = total.quantize(Decimal(1))
    return Fee(title, base, sched.currency, pct, total, tuple(reasons), sched.source, sched.caution)
