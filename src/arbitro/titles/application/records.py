"""What a title application is made of: the applicant, norms, rating entries.

A :class:`NormRecord` is a norm *as the application sees it*: the title(s) it is
valid for, the games it counts, the tournament it came from and the facts the
application rules ask about (one round a day, foreign federations, qualifying
event, registration). It comes either from a recorded norm (an IT1 certificate
typed into the dossier) or from a TRF file and start rank through the norm
evaluator (:mod:`arbitro.titles.application.from_trf`).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum

from arbitro.titles.application.params import NORM_TITLES
from arbitro.titles.fees import DEFAULT_SCHEDULE

__all__ = [
    "Applicant",
    "Application",
    "EventTitle",
    "NormRecord",
    "RatingEntry",
    "RatingKind",
    "Status",
    "TournamentInfo",
]


class Status(StrEnum):
    """Outcome of one rule: met, not met, not determinable from the dossier, or not asked."""

    PASS = "pass"
    FAIL = "fail"
    UNKNOWN = "unknown"
    NOT_APPLICABLE = "n/a"


class RatingKind(StrEnum):
    """A rating on a published FIDE list, or an interim rating (mid-period / mid-tournament)."""

    PUBLISHED = "published"
    INTERIM = "interim"


@dataclass(frozen=True, slots=True)
class Applicant:
    """The player the application is for."""

    name: str
    sex: str = ""  # "m", "w" or ""
    federation: str = ""
    fide_id: str = ""
    birth_date: dt.date | None = None
    titles: tuple[str, ...] = ()  # titles already held

    @property
    def is_woman(self) -> bool:
        return self.sex == "w"


@dataclass(frozen=True, slots=True)
class TournamentInfo:
    """The tournament a norm came from, as an IT1 certificate describes it."""

    name: str
    start: dt.date
    end: dt.date
    city: str = ""
    federation: str = ""
    rounds: int | None = None
    system: str = ""  # swiss, round_robin, double_round_robin, knockout, team, ...
    #: World or Continental team / club championship (B.01 2017 1.41a; 2005 1.41b).
    team_championship: bool = False
    #: World Cup / Women's World Championship knock-out (2017 1.41a: 8 games count as 9).
    world_cup: bool = False
    #: Only one round per day, for at least 3 days (2017 1.13a; 2024 1.1.3a); None = unknown.
    one_round_per_day: bool | None = None
    #: A qualifying event in the sense of B.01 2022/2024 1.5.6; None = unknown.
    qualifying_event: bool | None = None
    qualifying_reason: str = ""  # e.g. "Swiss, 40+ players averaging 2000+ in every round"
    chief_arbiter: str = ""


@dataclass(frozen=True, slots=True)
class NormRecord:
    """One norm as the application sees it."""

    entry: str  # how error messages and reports name it, e.g. "norms[2] (Budva 2009)"
    titles: tuple[str, ...]  # the titles it is a norm for (a norm can serve several: 1.5 / 1.5.1)
    tournament: TournamentInfo
    games: int  # games the norm was achieved in (after any ignored games)
    edition: str  # B.01 edition in force at the tournament's start
    score: Decimal | None = None
    ra: int | None = None
    rp: int | None = None
    #: 8 games played in 9 rounds; the missing game was a forfeit win ("+") or a pairing-allocated bye ("U").
    eight_of_nine: str = ""
    #: Whole points above the norm requirement, per title (1.41c / 1.4.1d); missing = compute or unknown.
    excess_points: dict[str, int] = field(default_factory=dict)
    #: An explicit game count (championship norms such as an Olympiad "20-game norm", 1.24).
    counts_as: int | None = None
    counts_as_reason: str = ""
    #: The norm meets the normal foreign-federation requirement (1.43 / 1.4.3 without exemptions).
    foreign_requirement_met: bool | None = None
    registered: dt.date | None = None  # date the norm was registered with FIDE (old norms)
    source: str = "recorded"  # "recorded" or "trf"
    start_rank: int | None = None
    trf_path: str = ""
    details: tuple[str, ...] = ()  # the evaluator's explanation, for IT1 output
    opponents: tuple[dict[str, str], ...] = ()  # IT1 opponent lines (round, name, title, rating, fed, result)
    dropped_rounds: tuple[int, ...] = ()

    @property
    def date(self) -> dt.date:
        """The date the norm was achieved: the tournament's last day (B.01 2017 1.91)."""
        return self.tournament.end


@dataclass(frozen=True, slots=True)
class RatingEntry:
    """One rating of the applicant: a published list or an interim rating."""

    entry: str  # e.g. "ratings[3]"
    date: dt.date
    rating: int
    kind: RatingKind = RatingKind.PUBLISHED
    games: int | None = None  # rated games played in total at that date; None = unknown
    note: str = ""


@dataclass(frozen=True, slots=True)
class EventTitle:
    """A direct title won at a championship (1.24 tables), awarded at once or conditionally."""

    entry: str
    title: str
    event: str
    date: dt.date
    olympiad: bool = False


@dataclass(frozen=True, slots=True)
class Application:
    """Everything a title application is judged on."""

    applicant: Applicant
    norms: tuple[NormRecord, ...] = ()
    ratings: tuple[RatingEntry, ...] = ()
    titles: tuple[str, ...] = ()  # asked for; empty = every norm title found in the norms
    date: dt.date | None = None  # application date; None = the latest date in the dossier
    submitted: dt.date | None = None
    meeting: dt.date | None = None
    during_meeting: bool = False
    fee_schedule: str = DEFAULT_SCHEDULE
    event_titles: tuple[EventTitle, ...] = ()

    def application_date(self) -> dt.date:
        if self.date is not None:
            return self.date
        if self.submitted is not None:
            return self.submitted
        dates = (
            [n.date for n in self.norms]
            + [r.date for r in self.ratings]
            + [e.date for e in self.event_titles]
        )
        return max(dates) if dates else dt.date(2024, 1, 1)

    def asked_titles(self) -> tuple[str, ...]:
        if self.titles:
            return self.titles
        found = {t for n in self.norms for t in n.titles}
        return tuple(t for t in NORM_TITLES if t in found)
