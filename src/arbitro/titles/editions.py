"""Editions of the FIDE Title Regulations (B.01) as data.

A norm is judged under the edition in force when its tournament **started**
(B.01 2024 0.5; 2005 0.22). Each :class:`Edition` holds the parameters the norm
evaluator needs; the evaluator contains no edition-specific ``if`` on years.

Sources (see ``shared/reference/titles.md`` §0): the 2005 text (GA-2004, full
articles, S1), the 2017 English text and slides (S2, S3), a claimed-verbatim
transcription of the 2024 text (S4) and a paraphrase (S6). No full text of the
2009, 2014, 2022 or 2023 editions was available: their values are carried over
from the nearest known edition and listed in :attr:`Edition.uncertain`, and the
evaluator prints those notes whenever an uncertain value took part in a verdict.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, field
from fractions import Fraction

from arbitro.errors import ArbitroError

__all__ = [
    "EDITIONS",
    "NORM_TITLES",
    "Edition",
    "TimeControlRule",
    "TitleThresholds",
    "edition_for_date",
    "get_edition",
]

#: Titles that can be gained by norms (B.01 1.4 / 1.40), strongest first.
NORM_TITLES: tuple[str, ...] = ("GM", "IM", "WGM", "WIM")


@dataclass(frozen=True, slots=True)
class TitleThresholds:
    """Per-title numbers: rating floor (1.46c / 1.4.6), minimum Ra (1.47/1.4.8a), minimum Rp (1.48)."""

    floor: int
    ra_min: int
    rp_min: int
    #: titles that count as "holders of the norm title" (1.45b-e / 1.4.5b-e)
    norm_title_holders: frozenset[str]


@dataclass(frozen=True, slots=True)
class TimeControlRule:
    """Minimum rate of play for title events (1.13 / 1.1.3), in minutes per player.

    ``with_increment_min``: minimum when the increment is >= ``increment_seconds``;
    ``with_increment_includes_increment`` says whether 60 moves' worth of increment
    counts towards it. ``without_increment_min``: minimum without such an increment
    (``None`` = such games are not valid at all).
    """

    increment_seconds: int
    with_increment_min: int
    with_increment_includes_increment: bool
    without_increment_min: int | None
    note: str = ""
    #: games without the increment are not valid for norms from this date (2017 1.13: 1 Jul 2021)
    no_increment_invalid_from: _dt.date | None = None
    #: 2024: the minimum holds "for all moves assuming 60 moves", whatever the increment
    any_increment_counts: bool = False


@dataclass(frozen=True, slots=True)
class Edition:
    """One edition of B.01: every parameter the norm evaluator reads."""

    code: str
    effective_from: _dt.date
    label: str
    #: rule id -> article number as written in this edition
    articles: dict[str, str]
    thresholds: dict[str, TitleThresholds]
    min_games: int = 9
    #: 1.41b / 1.4.1b: minimum games for team championships, by number of rounds
    team_min_games: dict[int, int] = field(default_factory=lambda: {7: 7, 8: 7, 9: 7})
    #: World Cup / Women's World Championship (KO) norms
    world_cup_min_games: int = 8
    #: such an 8-game norm counts as this many games (2017: "count as 9"); None = as played
    world_cup_counts_as: int | None = 9
    #: a double round robin needs at least this many players (1.45f / 1.4.5f)
    drr_min_players: int = 6
    #: how many of the lowest opponents may be raised to the floor (1.46c1)
    floor_raise_count: int = 1
    #: rating given to unrated opponents (1.46d / 1.4.6d)
    unrated_value: int = 1400
    #: maximum unrated opponents = floor(fraction * (n + 1)) (1.46a); None = no such rule
    unrated_max_fraction: Fraction | None = Fraction(1, 5)
    #: "fixed" (2005: fixed title counts) or "third" (1/3 of opponents, minimum 3)
    title_mix: str = "third"
    #: minimum share of titled opponents (CM/WCM excluded)
    titled_fraction: Fraction = Fraction(1, 2)
    own_federation_max: Fraction = Fraction(3, 5)
    one_federation_max: Fraction = Fraction(2, 3)
    #: True: the maxima are rounded down (2017+); False: rounded up (2005, 1.44)
    maxima_round_down: bool = True
    min_other_federations: int = 2
    #: Swiss exemption (1.43e / 1.4.3d) counted "in every round" (2024)
    swiss_exemption_every_round: bool = True
    #: national championship / team championship exemptions only for host-federation players (2024)
    exemption_ab_host_only: bool = True
    #: exemptions from 1.43 also waive the federation maxima of 1.44
    exemptions_waive_maxima: bool = True
    #: 8 played + 1 missing game in a 9-round event: which codes fill the gap ("+" forfeit win, "U" PAB)
    eight_of_nine_codes: frozenset[str] = frozenset({"+", "U"})
    #: games the 8-of-9 norm counts for in an application
    eight_of_nine_counts_as: int = 9
    #: extra games for exceeding the requirement by whole points (1.41c / 1.4.1d)
    extra_games: bool = True
    #: norms count for at most this many games (1.7); None = no cap in this edition
    games_cap: int | None = 13
    #: ignoring games after an early norm with predetermined pairings (round robins):
    #: "allowed" (2005), "if_full_mix" (2017 condition 3), "forbidden" (2024 reading of S6)
    tail_drop_predetermined: str = "if_full_mix"
    #: events longer than this many days use ratings/titles at the time of each game (1.15 / 1.1.4)
    long_event_days: int | None = 90
    #: maximum duration of an individual event in days (1.14); None = not found
    max_duration_days: int | None = 90
    #: 2005 1.16: failing an IA or FA, an event supervised by an IA is valid
    arbiter_supervision_allowed: bool = False
    max_rounds_per_day: int = 2
    max_hours_per_day: int = 12
    time_control: TimeControlRule = TimeControlRule(30, 120, True, 120)
    #: field name -> why the value is uncertain in our sources
    uncertain: dict[str, str] = field(default_factory=dict)

    def has(self, rule: str) -> bool:
        """False when this edition has no such rule (article marked ``-``)."""
        return self.articles.get(rule, "") != "-"

    def article(self, rule: str) -> str:
        """The article number of ``rule`` in this edition, prefixed ``B.01``."""
        return f"B.01 {self.articles.get(rule, rule)}"

    def note(self, *fields: str) -> tuple[str, ...]:
        """Uncertainty notes for the given parameter names (empty when all are verified)."""
        return tuple(f"{name}: {self.uncertain[name]}" for name in fields if name in self.uncertain)


def _holders(*titles: str) -> frozenset[str]:
    return frozenset(titles)


_HOLDERS = {
    "GM": _holders("GM"),
    "IM": _holders("GM", "IM"),
    "WGM": _holders("GM", "IM", "WGM"),
    "WIM": _holders("GM", "IM", "WGM", "WIM"),
}


def _thresholds(floors: tuple[int, int, int, int], ra: tuple[int, int, int, int], rp: tuple[int, int, int, int]) -> dict[str, TitleThresholds]:
    return {
        title: TitleThresholds(floors[i], ra[i], rp[i], _HOLDERS[title]) for i, title in enumerate(NORM_TITLES)
    }


_ARTICLES_OLD = {
    "min_games": "1.41a",
    "team_games": "1.41b",
    "eight_of_nine": "1.51",
    "extra_games": "1.41c",
    "games_cap": "1.7",
    "non_fide": "1.42a",
    "computer": "1.42b",
    "unplayed": "1.42c",
    "last_round": "1.42c",
    "rr_unrated_zero": "1.42d",
    "drop_won": "1.42e",
    "ignore_after": "1.42f",
    "altered": "1.42g",
    "federations": "1.43",
    "exemptions": "1.43a-d",
    "swiss_exemption": "1.43e",
    "federation_maxima": "1.44",
    "titled": "1.45a",
    "norm_title": "1.45b-e",
    "drr": "1.45f",
    "unrated_max": "1.46a",
    "rating_list": "1.46b",
    "long_event": "1.15",
    "rating_floor": "1.46c",
    "unrated_value": "1.46d",
    "ra": "1.47",
    "rp": "1.48",
    "min_score": "1.49",
    "rounds_per_day": "1.13",
    "hours_per_day": "1.12",
    "time_control": "1.13",
    "one_round_per_day": "1.13a",
    "duration": "1.14",
    "arbiter": "1.16",
    "arbiter_plays": "1.17",
    "registration": "1.11",
    "format": "1.4",
    "qualifying_event": "1.5.6a",
}

_ARTICLES_2024 = {
    "min_games": "1.4.1a",
    "team_games": "1.4.1b",
    "eight_of_nine": "1.4.1c",
    "extra_games": "1.4.1d",
    "games_cap": "1.7",
    "non_fide": "1.4.2a",
    "computer": "1.4.2a",
    "unplayed": "1.4.2c",
    "last_round": "1.4.2c",
    "rr_unrated_zero": "1.4.2b",
    "drop_won": "1.4.1f",
    "ignore_after": "1.4.1e",
    "altered": "1.4.2d",
    "federations": "1.4.3",
    "exemptions": "1.4.3a-c",
    "swiss_exemption": "1.4.3d",
    "federation_maxima": "1.4.4",
    "titled": "1.4.5a",
    "norm_title": "1.4.5b-e",
    "drr": "1.4.5f",
    "unrated_max": "1.4.6a",
    "rating_list": "1.4.6b",
    "long_event": "1.1.4",
    "rating_floor": "1.4.6c",
    "unrated_value": "1.4.6d",
    "ra": "1.4.7",
    "rp": "1.4.8a",
    "min_score": "1.4.8b",
    "rounds_per_day": "1.1.3",
    "hours_per_day": "1.1.2",
    "time_control": "1.1.3",
    "one_round_per_day": "1.1.3a",
    "duration": "1.1.4",
    "arbiter": "1.1.5",
    "arbiter_plays": "1.1.6",
    "registration": "1.1.1",
    "format": "1.4.2e",
    "qualifying_event": "1.5.6a",
}

_T2005 = _thresholds((2250, 2100, 2050, 1900), (2381, 2231, 2181, 2031), (2601, 2451, 2401, 2251))
_T2009 = _thresholds((2200, 2050, 2000, 1850), (2380, 2230, 2180, 2030), (2600, 2450, 2400, 2250))

_UNCERTAIN_2009 = {
    "edition": "no full text of the 2009/2014 editions was available; values follow the 2017 text "
    "except where a 2009 change is documented (Rp 2600 from 1 Jul 2009, S9)",
    "thresholds": "floors 2200/2050/2000/1850 and Ra 2380.. are assumed to have changed with Rp in 2009 (not seen)",
    "floor_raise_count": "one opponent raised (2017 rule); when 'two raised' (2005) ended is not known",
    "unrated_value": "unrated opponents at 1000 is a code constant only (not in the 2009-2017 texts we hold)",
    "maxima_round_down": "maxima rounded down is the 2017 rule; when rounding up (2005) ended is not known",
    "title_mix": "'1/3 of opponents, minimum 3' is the 2017 rule; when the fixed counts of 2005 ended is not known",
    "games_cap": "the 13-game cap is in the 2017 text; whether the 2009 text had it is not known",
    "team_min_games": "8/9-round team events need 7 games in 2017 (8 in 2005); the 2009 value is not known",
    "eight_of_nine": "S2 1.51 mentions an '8 game norm as the result of a win by forfeit' (26 games then "
    "suffice); the defining article is missing and a PAB is not mentioned",
}

_UNCERTAIN_2017 = {
    "unrated_value": "unrated opponents at 1000 is a code constant only (rhalbersma/kleier), not in the 2017 seeds",
    "eight_of_nine": "S2 1.51 mentions an '8 game norm as the result of a win by forfeit' (26 games then "
    "suffice); the defining article is missing from S2 and a PAB is not mentioned",
    "articles": "the 2017 article labels in S2 are partly garbled; rules are keyed by content",
}

_UNCERTAIN_2022 = {
    "edition": "no full text of the 2022/2023 editions was available; values follow the 2017 text, "
    "with the 30-day long-event rule (S11) and the 1.5.6 qualifying-event rule (S11, S12)",
    "unrated_value": "the value of an unrated opponent in 2022 is not known (1000 assumed, as 2017)",
    "unrated_max_fraction": "the 20 % x (n+1) unrated maximum is verified for 2005/2017 only",
    "eight_of_nine": "the 2024 reading (forfeit win or PAB, counts as 9) is assumed",
    "tail_drop_predetermined": "the 2017 condition (mix must allow a norm over the complete event) is assumed",
    "swiss_exemption_every_round": "when 'in every round' entered 1.4.3d is not known; assumed from 2022",
}

_UNCERTAIN_2024 = {
    "unrated_max_fraction": "the 20 % x (n+1) unrated maximum is not in the transcribed 1.4.6a-d (S4); "
    "kept from 2017 (it may live only in the Annex tables, or have been removed)",
    "tail_drop_predetermined": "S6 reads 1.4.1e as not allowed with predetermined pairings; the 2017 text "
    "allowed it when the mix permits a norm over the complete event",
    "max_duration_days": "the 2024 maximum duration was not found; 90 days (2017) assumed",
    "swiss_exemption_every_round": "'in every round' quoted from S6 code (players missing at most one round "
    "count; PAB is not a miss)",
    "eight_of_nine": "1.4.1c known only from a paraphrase (S6)",
    "team_min_games": "1.4.1b known only from a paraphrase (S6)",
}

#: The known editions, oldest first.
EDITIONS: dict[str, Edition] = {
    "2005": Edition(
        code="2005",
        effective_from=_dt.date(2005, 7, 1),
        label="B.01 as amended by the 2004 General Assembly (in force 1 Jul 2005)",
        articles=_ARTICLES_OLD
        | {
            "long_event": "1.46b",
            "eight_of_nine": "-",
            "games_cap": "-",
            "time_control": "1.14",
            "duration": "1.15",
            "arbiter_plays": "-",
            "one_round_per_day": "-",
            "registration": "-",
            "format": "-",
        },
        arbiter_supervision_allowed=True,
        thresholds=_T2005,
        team_min_games={7: 7, 8: 8, 9: 8},
        world_cup_min_games=8,
        world_cup_counts_as=None,
        floor_raise_count=2,
        unrated_value=1600,
        title_mix="fixed",
        own_federation_max=Fraction(60, 100),
        one_federation_max=Fraction(66, 100),
        maxima_round_down=False,
        swiss_exemption_every_round=False,
        exemption_ab_host_only=False,
        eight_of_nine_codes=frozenset(),
        eight_of_nine_counts_as=8,
        games_cap=None,
        tail_drop_predetermined="allowed",
        long_event_days=None,
        max_duration_days=90,
        time_control=TimeControlRule(30, 120, True, 150, "without an increment of 30 s: 2 h 30 per player"),
        uncertain={
            "unrated_value": "1.46d reads 'at the floor level; in 2005 it is 1600' (ambiguous wording); 1600 used",
            "unrated_max_fraction": "1.46a says 22 %; the 2005 tables follow floor(0.2 x (n+1)), which is used",
            "title_mix": "1.45c-e are garbled in S1: IM = 3 of GM/IM; WGM = 2 GM or 3 of GM/IM/WGM/FM; "
            "WIM = 3 WIM, or 2 WIM + 1 of GM/IM/WGM/FM, or 2 of that group (best reading)",
        },
    ),
    "2009": Edition(
        code="2009",
        effective_from=_dt.date(2009, 7, 1),
        label="B.01 in force from 1 Jul 2009 (also used for the 2014 edition)",
        articles=_ARTICLES_OLD,
        thresholds=_T2009,
        unrated_value=1000,
        swiss_exemption_every_round=False,
        exemption_ab_host_only=False,
        eight_of_nine_codes=frozenset({"+"}),
        eight_of_nine_counts_as=8,
        long_event_days=90,
        time_control=TimeControlRule(30, 90, False, 120, "2017 wording assumed"),
        uncertain=_UNCERTAIN_2009,
    ),
    "2017": Edition(
        code="2017",
        effective_from=_dt.date(2017, 7, 1),
        label="B.01 effective from 1 July 2017",
        articles=_ARTICLES_OLD,
        thresholds=_T2009,
        unrated_value=1000,
        swiss_exemption_every_round=False,
        exemption_ab_host_only=False,
        eight_of_nine_codes=frozenset({"+"}),
        eight_of_nine_counts_as=8,
        long_event_days=90,
        time_control=TimeControlRule(
            30, 90, False, 120, "from 1 Jul 2021 games without an increment of 30 s are not valid (1.13)",
            _dt.date(2021, 7, 1),
        ),
        uncertain=_UNCERTAIN_2017,
    ),
    "2022": Edition(
        code="2022",
        effective_from=_dt.date(2022, 1, 1),
        label="B.01 in force from 1 Jan 2022 (also used for the 2023 edition)",
        articles=_ARTICLES_2024,
        thresholds=_T2009,
        unrated_value=1000,
        long_event_days=30,
        time_control=TimeControlRule(30, 90, False, None, "2017 wording (no increment: not valid) assumed"),
        uncertain=_UNCERTAIN_2022,
    ),
    "2024": Edition(
        code="2024",
        effective_from=_dt.date(2024, 1, 1),
        label="B.01 applied from 1 January 2024",
        articles=_ARTICLES_2024,
        thresholds=_T2009,
        unrated_value=1400,
        tail_drop_predetermined="forbidden",
        long_event_days=30,
        time_control=TimeControlRule(30, 120, True, 120, "at least 2 h per player for 60 moves", None, True),
        uncertain=_UNCERTAIN_2024,
    ),
}


def get_edition(code: str) -> Edition:
    """The edition with ``code`` (``"2005"``, ``"2009"``, ``"2017"``, ``"2022"``, ``"2024"``).

    ``"2014"`` is read as ``"2009"`` and ``"2023"`` as ``"2022"`` (no text of those editions was found).
    """
    aliases = {"2014": "2009", "2023": "2022"}
    key = aliases.get(code.strip(), code.strip())
    if key not in EDITIONS:
        known = ", ".join(EDITIONS)
        raise ArbitroError(f"edition: expected one of {known} or 'auto', got {code!r}")
    return EDITIONS[key]


def edition_for_date(start: _dt.date | None) -> Edition:
    """The edition in force on a tournament's start date (B.01 2024 0.5: judged by the start).

    Without a date the current edition is used; before 1 Jul 2005 the 2005 edition
    (the oldest Arbitro knows) is used.
    """
    ordered = sorted(EDITIONS.values(), key=lambda e: e.effective_from)
    if start is None:
        return ordered[-1]
    chosen = ordered[0]
    for edition in ordered:
        if edition.effective_from <= start:
            chosen = edition
    return chosen
