"""Direct titles: FM, CM, WFM, WCM by rating, and championship titles awarded conditionally.

By rating (B.01 2005 1.3, 2017 1.3, 2024 same):
FM 2300, CM 2200, WFM 2100, WCM 2000.

* 2005 text: a *published* rating at some time (the 2009 and 2014 texts were not
  found; ratings before 1 July 2017 are judged by the 2005 wording).
* 2017 1.3: a published or interim rating, having at that time played at least
  30 rated games.
* 2024: the 30-game condition applies to ratings achieved after 1 July 2017.

Each rating entry is judged by the rule in force on its own date.

Championship titles (1.24 tables) need a minimum rating reached at some time
(2024 0.6.2 [V per titles.md]: GM 2300, IM 2200, FM 2100, CM 2000, WGM 2100,
WIM 2000, WFM 1900, WCM 1800; 30 rated games for ratings achieved after
1 January 2024; no minimum for Olympiad CM/WCM). Below it the title is awarded
*conditionally* and finally once the rating is reached (2017 0.61); "any player
with a conditional title may take a lower title when they reach the required
rating for that lower title". The 2017 minima were lost from the seed text;
the 2024 figures are used for every event and the output says so.

The title counts as achieved on the later of the last result and the date the
rating requirement was met (2017 0.44; 2005 0.54: when the rating is reached).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from arbitro.titles.application.records import (
    Applicant,
    Application,
    EventTitle,
    RatingEntry,
    RatingKind,
    Status,
)
from arbitro.titles.fees import Fee, compute_fee

__all__ = [
    "DIRECT_TITLE_RATING",
    "EVENT_TITLE_MIN_RATING",
    "LOWER_TITLES",
    "RATED_GAMES",
    "DirectTitleResult",
    "check_direct_titles",
    "check_event_title",
    "check_rating_title",
    "qualifying_rating",
]

#: B.01 2017 1.31-1.34 (2005 1.31-1.34, 2024 same).
DIRECT_TITLE_RATING: dict[str, int] = {"FM": 2300, "CM": 2200, "WFM": 2100, "WCM": 2000}
#: Rated games played at the time of the rating (2017 1.3).
RATED_GAMES = 30
#: The 30-game condition applies to ratings achieved from this date on (2017 effective date; 2024 text).
RATED_GAMES_FROM = dt.date(2017, 7, 1)
#: Minimum rating for titles won at championships (B.01 2024; the 2017 values were not found).
EVENT_TITLE_MIN_RATING: dict[str, int] = {
    "GM": 2300, "IM": 2200, "FM": 2100, "CM": 2000,
    "WGM": 2100, "WIM": 2000, "WFM": 1900, "WCM": 1800,
}  # fmt: skip
#: For championship titles the 30-game condition applies to ratings achieved from 1 January 2024.
EVENT_RATED_GAMES_FROM = dt.date(2024, 1, 1)
#: Lower titles a conditional title-holder may take (2017 0.61), strongest first.
LOWER_TITLES: dict[str, tuple[str, ...]] = {
    "GM": ("IM", "FM", "CM"),
    "IM": ("FM", "CM"),
    "FM": ("CM",),
    "CM": (),
    "WGM": ("WIM", "WFM", "WCM"),
    "WIM": ("WFM", "WCM"),
    "WFM": ("WCM",),
    "WCM": (),
}
_WOMEN = ("WGM", "WIM", "WFM", "WCM")


@dataclass(frozen=True, slots=True)
class DirectTitleResult:
    """One direct title: by rating, or from a championship (possibly conditional)."""

    title: str
    kind: str  # "rating" or "event"
    article: str
    status: Status  # PASS: awarded; FAIL: not reached; UNKNOWN: not determinable
    summary: str
    achieved_on: dt.date | None = None
    rating_entry: RatingEntry | None = None
    conditional: bool = False
    lower_titles: tuple[tuple[str, dt.date], ...] = ()  # lower titles already open to a conditional holder
    missing: str = ""
    fee: Fee | None = None
    notes: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, object]:
        return {
            "title": self.title,
            "kind": self.kind,
            "article": self.article,
            "status": self.status.value,
            "conditional": self.conditional,
            "summary": self.summary,
            "achieved_on": self.achieved_on.isoformat() if self.achieved_on else None,
            "rating": (
                {
                    "entry": self.rating_entry.entry,
                    "rating": self.rating_entry.rating,
                    "date": self.rating_entry.date.isoformat(),
                    "kind": self.rating_entry.kind.value,
                    "games": self.rating_entry.games,
                }
                if self.rating_entry
                else None
            ),
            "lower_titles": [{"title": t, "from": d.isoformat()} for t, d in self.lower_titles],
            "missing": self.missing,
            "fee": self.fee.as_dict() if self.fee else None,
            "notes": list(self.notes),
        }


def _rating_rule(day: dt.date) -> tuple[bool, int | None, str]:
    """(interim allowed, rated games needed, article) for a rating achieved on ``day``."""
    if day < RATED_GAMES_FROM:
        return False, None, "B.01 (2005) 1.3"
    if day < dt.date(2024, 1, 1):
        return True, RATED_GAMES, "B.01 (2017) 1.3"
    return True, RATED_GAMES, "B.01 (2024) 1.3"


def qualifying_rating(
    threshold: int,
    ratings: Sequence[RatingEntry],
    *,
    games_from: dt.date = RATED_GAMES_FROM,
    event: bool = False,
) -> tuple[RatingEntry | None, list[str]]:
    """The first rating entry that meets ``threshold`` under the rule in force on its date.

    Returns the entry (or ``None``) and the reasons entries at or above the
    threshold were not accepted (interim before 2017, too few or unknown games).
    """
    rejected: list[str] = []
    for entry in sorted(ratings, key=lambda r: r.date):
        if entry.rating < threshold:
            continue
        interim_ok, games, cite = _rating_rule(entry.date)
        if event:
            interim_ok, games = True, (RATED_GAMES if entry.date >= games_from else None)
        if entry.kind is RatingKind.INTERIM and not interim_ok:
            rejected.append(
                f"{entry.entry}: interim rating {entry.rating}; {cite} asks for a published rating"
            )
            continue
        if games is not None:
            if entry.games is None:
                rejected.append(f"{entry.entry}: {entry.rating}, rated games not given ({games} needed)")
                continue
            if entry.games < games:
                rejected.append(
                    f"{entry.entry}: {entry.rating} after only {entry.games} rated games ({games} needed)"
                )
                continue
        return entry, rejected
    return None, rejected


def _women_check(title: str, applicant: Applicant) -> Status | None:
    if title not in _WOMEN:
        return None
    if applicant.sex == "w":
        return None
    return Status.UNKNOWN if applicant.sex == "" else Status.FAIL


def check_rating_title(title: str, applicant: Applicant, ratings: Sequence[RatingEntry]) -> DirectTitleResult:
    """FM / CM / WFM / WCM by rating (2005, 2017 1.31-1.34; 2024 1.3)."""
    need = DIRECT_TITLE_RATING[title]
    gate = _women_check(title, applicant)
    if gate is not None:
        return DirectTitleResult(
            title, "rating", "B.01 (2017) 0.31", gate, f"{title} is a women's title",
            missing="the applicant's sex" if gate is Status.UNKNOWN else f"{title} is only for women",
        )  # fmt: skip
    entry, rejected = qualifying_rating(need, ratings)
    best = max((r.rating for r in ratings), default=None)
    if entry is None:
        unknown = any("not given" in r for r in rejected)
        status = Status.UNKNOWN if unknown else Status.FAIL
        missing = (
            "the number of rated games at the time of the rating"
            if unknown
            else f"a rating of {need}" + (f" ({best} is the highest given)" if best is not None else "")
        )
        return DirectTitleResult(
            title, "rating", "B.01 (2017) 1.3 / (2024) 1.3", status,
            f"{title} needs {need}" + (f"; highest {best}" if best is not None else ""),
            missing=missing, notes=tuple(rejected),
        )  # fmt: skip
    _, games, cite = _rating_rule(entry.date)
    notes = list(rejected)
    if entry.date < RATED_GAMES_FROM:
        notes.append("ratings before 1 July 2017: the 2005 text (published rating, no game count) is applied")
    if entry.kind is RatingKind.INTERIM:
        notes.append("interim rating: the federation must prove it (2017 1.53)")
    return DirectTitleResult(
        title,
        "rating",
        cite,
        Status.PASS,
        f"{title}: {entry.rating} on {entry.date.isoformat()} ({entry.kind.value}"
        + (f", {entry.games} rated games" if entry.games is not None else "")
        + f"), {need} needed"
        + (f" with {games} rated games" if games else ""),
        achieved_on=entry.date,
        rating_entry=entry,
        fee=compute_fee(title, surcharges=False),
        notes=tuple(notes),
    )


def check_event_title(
    event: EventTitle, applicant: Applicant, ratings: Sequence[RatingEntry]
) -> DirectTitleResult:
    """A championship title (1.24): awarded when its minimum rating is reached, conditional before (2017 0.61)."""
    title = event.title
    cite = "B.01 (2024) 0.6.2" if event.date >= EVENT_RATED_GAMES_FROM else "B.01 (2017) 0.61"
    notes: list[str] = []
    if event.date < EVENT_RATED_GAMES_FROM:
        notes.append("the 2017 minimum ratings for direct titles were not found; the 2024 figures are used")
    gate = _women_check(title, applicant)
    if gate is not None:
        return DirectTitleResult(
            title, "event", cite, gate, f"{title} is a women's title", notes=tuple(notes)
        )
    if event.olympiad and title in ("CM", "WCM"):
        return DirectTitleResult(
            title, "event", cite, Status.PASS,
            f"{title} from {event.event}: no minimum rating for Olympiad CM/WCM",
            achieved_on=event.date, fee=compute_fee(title, surcharges=False), notes=tuple(notes),
        )  # fmt: skip
    need = EVENT_TITLE_MIN_RATING[title]
    entry, rejected = qualifying_rating(need, ratings, games_from=EVENT_RATED_GAMES_FROM, event=True)
    notes += rejected
    if entry is not None:
        achieved = max(event.date, entry.date)
        return DirectTitleResult(
            title,
            "event",
            cite,
            Status.PASS,
            f"{title} from {event.event} ({event.date.isoformat()}); minimum rating {need} reached "
            f"({entry.rating} on {entry.date.isoformat()})",
            achieved_on=achieved,
            rating_entry=entry,
            fee=compute_fee(title, surcharges=False),
            notes=(
                *notes,
                f"achieved on {achieved.isoformat()}: the later of the result and the rating (2017 0.44)",
            ),
        )
    lower: list[tuple[str, dt.date]] = []
    for low in LOWER_TITLES[title]:
        low_entry, _ = qualifying_rating(
            EVENT_TITLE_MIN_RATING[low], ratings, games_from=EVENT_RATED_GAMES_FROM, event=True
        )
        if low_entry is not None:
            lower.append((low, max(event.date, low_entry.date)))
    return DirectTitleResult(
        title,
        "event",
        cite,
        Status.PASS,
        f"{title} from {event.event} awarded conditionally: minimum rating {need} not yet reached",
        conditional=True,
        lower_titles=tuple(lower),
        missing=f"a rating of {need} for the final award of {title} (2017 0.61)",
        fee=compute_fee(title, surcharges=False),
        notes=tuple(notes),
    )


def check_direct_titles(app: Application) -> list[DirectTitleResult]:
    """Every direct title the dossier gives: by rating, then the championship titles."""
    ratings = sorted(app.ratings, key=lambda r: r.date)
    results = []
    for title in DIRECT_TITLE_RATING:
        if title in _WOMEN and app.applicant.sex == "m":
            continue
        results.append(check_rating_title(title, app.applicant, ratings))
    results += [check_event_title(e, app.applicant, ratings) for e in app.event_titles]
    return results
