"""The title-application checker (IT2) for GM, IM, WGM and WIM.

:func:`check_title` applies every rule of :mod:`arbitro.titles.application.rules`
for one title; :func:`check_application` does it for each title asked and adds
the direct titles and fees. Nothing here reads files: the dossier is parsed by
:mod:`arbitro.titles.dossier` and TRF norms are turned into
:class:`~arbitro.titles.application.records.NormRecord` before they get here.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field

from arbitro.titles.application.counting import GameCount
from arbitro.titles.application.direct import DirectTitleResult, check_direct_titles
from arbitro.titles.application.params import NORM_TITLES, TITLE_RATING, application_edition_for, article
from arbitro.titles.application.records import Application, NormRecord, RatingEntry, Status
from arbitro.titles.application.rules import (
    RuleCheck,
    check_foreign_federations,
    check_minimum_games,
    check_norm_count,
    check_old_norm,
    check_one_round_a_day,
    check_qualifying_event,
    check_rating,
    check_recorded_performance,
    check_total_games,
    check_women_title,
    count_application_games,
    first_rating_reaching,
)
from arbitro.titles.application.serving import norm_serves
from arbitro.titles.fees import Fee, compute_fee

__all__ = [
    "Application",
    "ApplicationResult",
    "NormUse",
    "TitleResult",
    "check_application",
    "check_title",
    "combine",
]


@dataclass(frozen=True, slots=True)
class NormUse:
    """One norm in one title application: its own checks and the games it counts."""

    norm: NormRecord
    checks: tuple[RuleCheck, ...]
    usable: bool
    count: GameCount | None = None


@dataclass(frozen=True, slots=True)
class TitleResult:
    """The verdict for one title."""

    title: str
    edition: str
    status: Status
    rules: tuple[RuleCheck, ...]
    norms: tuple[NormUse, ...]
    missing: tuple[str, ...]
    achieved_on: dt.date | None = None
    last_result: dt.date | None = None
    rating_entry: RatingEntry | None = None
    fee: Fee | None = None
    notes: tuple[str, ...] = field(default_factory=tuple)

    @property
    def eligible(self) -> bool:
        return self.status is Status.PASS


@dataclass(frozen=True, slots=True)
class ApplicationResult:
    """The verdict for a whole dossier."""

    application: Application
    edition: str
    date: dt.date
    titles: tuple[TitleResult, ...]
    direct: tuple[DirectTitleResult, ...] = ()


def combine(statuses: Sequence[Status]) -> Status:
    """FAIL if any rule fails, else UNKNOWN if any is undetermined, else PASS."""
    if Status.FAIL in statuses:
        return Status.FAIL
    if Status.UNKNOWN in statuses:
        return Status.UNKNOWN
    return Status.PASS


def _norm_checks(norm: NormRecord, title: str) -> tuple[RuleCheck, ...]:
    return (check_minimum_games(norm), check_old_norm(norm), check_recorded_performance(norm, title))


def _set_rules(
    title: str, norms: Sequence[NormRecord], edition: str, counts: Sequence[GameCount] | None = None
) -> list[RuleCheck]:
    if counts is None:
        counts = count_application_games(title, norms, edition)
    return [
        check_norm_count(title, norms, edition),
        check_total_games(title, counts, edition),
        check_foreign_federations(title, norms, edition),
        check_one_round_a_day(title, norms, edition),
        check_qualifying_event(title, norms, edition),
    ]


def last_result_date(title: str, norms: Sequence[NormRecord], edition: str) -> dt.date | None:
    """The date of the norm that first completes the norm requirements (B.01 2017 0.44: "the last result").

    Norms are taken in date order; surplus later norms do not move the date.
    """
    ordered = sorted(norms, key=lambda n: (n.date, n.entry))
    # Counted in date order, the one-per-application concession goes to the same norm in every prefix.
    counts = count_application_games(title, ordered, edition)
    for k in range(1, len(ordered) + 1):
        prefix = ordered[:k]
        if combine([r.status for r in _set_rules(title, prefix, edition, counts[:k])]) is Status.PASS:
            return prefix[-1].date
    return None


def check_title(app: Application, title: str, *, edition: str | None = None) -> TitleResult:
    """Check the application for ``title`` (GM, IM, WGM or WIM)."""
    if title not in NORM_TITLES:
        raise ValueError(f"{title!r} is not a norm title (GM, IM, WGM, WIM)")
    edition = edition or application_edition_for(app.application_date())
    uses: list[NormUse] = []
    served: list[str] = []
    for norm in app.norms:
        through = norm_serves(norm, title)
        if through is None:
            continue
        if through != title:
            served.append(
                f"{norm.entry}: a {through} norm, counted for {title} "
                f"({article(edition, 'several_titles')}: a norm sufficient for more than one title serves both)"
            )
        checks = _norm_checks(norm, title)
        uses.append(NormUse(norm, checks, usable=all(c.status is not Status.FAIL for c in checks)))
    usable = [u.norm for u in uses if u.usable]
    counts = {c.entry: c for c in count_application_games(title, usable, edition)}
    uses = [NormUse(u.norm, u.checks, u.usable, counts.get(u.norm.entry)) for u in uses]

    ratings = sorted(app.ratings, key=lambda r: r.date)
    rules = [check_women_title(title, app.applicant, edition)]
    rules += _set_rules(title, usable, edition, list(counts.values()))
    rules.insert(3, check_rating(title, ratings, edition))
    norm_level = [c for u in uses for c in u.checks]
    statuses = [r.status for r in rules] + [c.status for c in norm_level if c.status is Status.UNKNOWN]
    status = combine(statuses)
    missing = [r.missing for r in rules if r.status in (Status.FAIL, Status.UNKNOWN) and r.missing]
    missing += [c.missing for c in norm_level if c.status is Status.UNKNOWN and c.missing]
    excluded = [f"{u.norm.entry} not counted: " + "; ".join(c.summary for c in u.checks if c.status is Status.FAIL)
                for u in uses if not u.usable]  # fmt: skip

    notes: list[str] = served + excluded
    if title in app.applicant.titles:
        notes.append(f"the applicant already holds the {title} title")
    last = last_result_date(title, usable, edition)
    rating_entry, _ = first_rating_reaching(TITLE_RATING[title], ratings, edition)
    achieved = None
    if status is Status.PASS and last is not None and rating_entry is not None:
        achieved = max(last, rating_entry.date)
        notes.append(
            f"title achieved on {achieved.isoformat()}: the later of the last result ({last.isoformat()}) "
            f"and the rating requirement ({rating_entry.date.isoformat()}) (B.01 (2017) 0.44"
            + ("; the later wording was not found)" if edition != "2017" else ")")
        )
    fee = compute_fee(
        title,
        schedule=app.fee_schedule,
        edition=edition,
        submitted=app.submitted,
        meeting=app.meeting,
        during_meeting=app.during_meeting,
        last_result=last or max((n.date for n in usable), default=None),
    )
    return TitleResult(
        title=title,
        edition=edition,
        status=status,
        rules=tuple(rules),
        norms=tuple(uses),
        missing=tuple(missing),
        achieved_on=achieved,
        last_result=last,
        rating_entry=rating_entry,
        fee=fee,
        notes=tuple(notes),
    )


def check_application(app: Application) -> ApplicationResult:
    """Check every title asked for, plus the direct titles the rating history gives."""
    day = app.application_date()
    edition = application_edition_for(day)
    titles = tuple(check_title(app, t, edition=edition) for t in app.asked_titles())
    direct = tuple(check_direct_titles(app))
    return ApplicationResult(app, edition, day, titles, direct)
