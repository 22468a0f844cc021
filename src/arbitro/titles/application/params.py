"""Figures of the title regulations (B.01) that a title application needs, by edition.

Two kinds of edition matter to an application:

* the **norm edition**: the B.01 text in force when the norm's tournament
  *started* (B.01 2005 0.22, 2017 0.22: "for tournaments, such changes shall
  apply to those starting on or after that date"). It decides how many games
  the norm needs and how it is counted (team events, World Cup, the 8-of-9
  norm, extra games, the 13-game cap). Those figures are the norm evaluator's
  (:mod:`arbitro.titles.editions`), so both judge a norm alike;
* the **application edition**: the text in force on the application date. It
  decides the application rules (27 games, rating, foreign federations, one
  round a day, qualifying event), kept here.

Where the sources (../shared/reference/titles.md) do not give a figure, the
nearest known text is used and :attr:`ApplicationParams.note` says so.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from arbitro.titles.editions import edition_for_date

__all__ = [
    "ApplicationParams",
    "NORM_TITLES",
    "OLD_NORM_CUTOFF",
    "OLD_NORM_REGISTRATION_DEADLINE",
    "OLD_NORM_REGISTRATION_DEADLINE_ALT",
    "QUALIFYING_NORM_CUTOFF",
    "TITLE_RATING",
    "application_edition_for",
    "application_params",
    "article",
    "norm_edition_for",
]

#: The four titles gained with norms (B.01 2017 1.4; 2024 1.4).
NORM_TITLES: tuple[str, ...] = ("GM", "IM", "WGM", "WIM")

#: Rating to reach at some time for a norm title (B.01 2017 1.53; 2024 1.5.3).
TITLE_RATING: dict[str, int] = {"GM": 2500, "IM": 2400, "WGM": 2300, "WIM": 2200}

#: Norms from tournaments that started before this date are "old norms" (B.01 2024 1.5.5).
OLD_NORM_CUTOFF = dt.date(2005, 7, 1)
#: Registration deadline for old norms, per the 2017 slides (S3): "not registered before 31/07/2013".
OLD_NORM_REGISTRATION_DEADLINE = dt.date(2013, 7, 31)
#: The FIDE 2013 announcement (S17) says "before 1st July 2013": the sources disagree in between.
OLD_NORM_REGISTRATION_DEADLINE_ALT = dt.date(2013, 6, 30)
#: Applications with a norm achieved after this date need a qualifying-event norm (B.01 2022/2024 1.5.6).
QUALIFYING_NORM_CUTOFF = dt.date(2022, 6, 30)


@dataclass(frozen=True, slots=True)
class ApplicationParams:
    """What one B.01 edition says about applications (1.5, and 1.13a / 1.1.3a)."""

    edition: str
    effective: dt.date
    total_games: int = 27
    one_round_a_day_titles: tuple[str, ...] = ("GM",)
    one_round_a_day_article: str = "1.13a"
    qualifying_event_rule: bool = False
    interim_rating_ok: bool = True
    note: str = ""


_APPLICATION: dict[str, ApplicationParams] = {
    "2017": ApplicationParams(edition="2017", effective=dt.date(2017, 7, 1)),
    "2022": ApplicationParams(
        edition="2022",
        effective=dt.date(2022, 1, 1),
        one_round_a_day_article="1.1.3a",
        qualifying_event_rule=True,
        note="the 2022/2023 text was not found: the 2017 application rules plus the qualifying-event rule 1.5.6",
    ),
    "2024": ApplicationParams(
        edition="2024",
        effective=dt.date(2024, 1, 1),
        one_round_a_day_titles=("GM", "WGM"),
        one_round_a_day_article="1.1.3a",
        qualifying_event_rule=True,
    ),
}


def application_params(edition: str) -> ApplicationParams:
    """Application rules of ``edition`` (``"2017"``, ``"2022"`` or ``"2024"``)."""
    try:
        return _APPLICATION[edition]
    except KeyError:
        known = ", ".join(_APPLICATION)
        raise ValueError(f"unknown application edition {edition!r} (known: {known})") from None


def norm_edition_for(start: dt.date) -> str:
    """Code of the B.01 edition a norm is judged by: the one in force when its tournament started.

    Delegates to :func:`arbitro.titles.editions.edition_for_date` (2014 reads as
    2009, 2023 as 2022; tournaments before 1 July 2005 use the 2005 edition and
    are caught by the old-norm rule).
    """
    return edition_for_date(start).code


def application_edition_for(day: dt.date) -> str:
    """The B.01 edition whose application rules (1.5) apply on ``day``.

    The 1.5 text of 2005-2014 was not found: applications before 2022 are judged
    by the 2017 rules.
    """
    if day >= _APPLICATION["2024"].effective:
        return "2024"
    if day >= _APPLICATION["2022"].effective:
        return "2022"
    return "2017"


#: Article numbers of the application rules, by application edition.
_ARTICLES: dict[str, dict[str, str]] = {
    "2017": {
        "norms": "1.51",
        "games": "1.51",
        "rating": "1.53",
        "foreign": "1.43",
        "one_round_a_day": "1.13a",
        "qualifying": "1.5.6",
        "old_norms": "1.5 (S3 slides)",
        "women": "0.31",
        "extension": "1.41c",
        "cap": "1.7",
        "min_games": "1.41a",
        "several_titles": "1.5 (S3 slides)",
        "achievement": "0.44",
        "edition": "0.22",
    },
    "2024": {
        "norms": "1.5.1",
        "games": "1.5.1",
        "rating": "1.5.3",
        "foreign": "1.4.3e",
        "one_round_a_day": "1.1.3a",
        "qualifying": "1.5.6",
        "old_norms": "1.5.5",
        "women": "0.3",
        "extension": "1.4.1d",
        "cap": "1.7",
        "min_games": "1.4.1a",
        "several_titles": "1.5.1",
        "achievement": "0.4",
        "edition": "0.2",
    },
}
_ARTICLES["2022"] = dict(_ARTICLES["2024"])
_ARTICLES["2022"]["one_round_a_day"] = "1.1.3a"
_ARTICLES["2005"] = dict(_ARTICLES["2017"])
_ARTICLES["2005"].update(
    {"min_games": "1.41a", "extension": "1.41c", "foreign": "1.43b1", "achievement": "0.54", "rating": "1.3"}
)


def article(edition: str, rule: str) -> str:
    """``"B.01 (2017) 1.51"``-style citation of ``rule`` under ``edition``."""
    table = _ARTICLES.get(edition) or _ARTICLES["2005" if edition in ("pre-2005", "2009", "2014") else "2024"]
    return f"B.01 ({edition}) {table.get(rule, '?')}"
