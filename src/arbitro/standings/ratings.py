"""The ratings the rating-based tie-breaks use: long events and unrated players.

**Events over 30 days** (VCL4THP Q210-216). When an event lasts long enough for a new rating
list to come out while it runs, a player may have several ratings, each in force from a round
on. C.07 2026, Art. 10 preamble: when a participant has several ratings during the event, the
**first** one is used. The standings therefore rank on the ratings in force at round 1 unless
the user chooses another round (``rating_round``). The checklist advises against rating-based
tie-breaks in such events; :func:`long_event_warnings` says so whenever one is in the list.

* :func:`suggested_long_event`: the flag suggested from the round dates (TRF ``132``), else from
  the start and end dates: more than 30 days between the first and the last.
* :func:`ratings_at_round`: one rating per player, the one in force at a round.

**Unrated players** (VCL4THP Q208-209). C.07 Art. 10 preamble: the rating-based tie-breaks are
dropped when unrated players are present, "unless detailed rules on the handling of unrated
players are included in the tournament regulations or established and published by the Chief
Arbiter before the start". The rules may give unrated players:

* a fixed rating (``/U<rating>`` or the standings' ``unrated_rating``);
* ``lowest``: the lowest rating of the rated players in the field;
* ``average``: the mean rating of the rated players in the field, rounded 0.5 up.

:func:`unrated_rating_of` turns a method into the rating; :func:`unrated_warning` is the message
printed whenever a rating-based tie-break meets unrated players and no rule was set (the column
is then empty, C.07 Art. 10 preamble, and the message says why and which rules can be chosen).
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping

from arbitro.model import Tournament
from arbitro.tiebreaks.spec import TiebreakSpec

__all__ = [
    "LONG_EVENT_DAYS",
    "RATING_CODES",
    "UNRATED_METHODS",
    "event_days",
    "long_event_warnings",
    "ratings_at_round",
    "suggested_long_event",
    "unrated_rating_of",
    "unrated_warning",
]

#: The checklist's threshold (VCL4THP Q210): events over 30 days.
LONG_EVENT_DAYS = 30
#: The rating-based tie-breaks (C.07 Art. 10).
RATING_CODES = frozenset({"ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"})
#: The rules for unrated players other than a fixed rating (VCL4THP Q209).
UNRATED_METHODS = ("lowest", "average")


def event_days(t: Tournament) -> int | None:
    """Days from the first to the last round date (TRF ``132``), else from the start to the end date."""
    dates = [d for d in t.round_dates if d is not None]
    if len(dates) >= 2:
        return (max(dates) - min(dates)).days
    first: _dt.date | None = t.start_date
    last: _dt.date | None = t.end_date
    if first is not None and last is not None:
        return (last - first).days
    return None


def suggested_long_event(t: Tournament) -> bool:
    """The flag for events over 30 days, suggested from the round dates (VCL4THP Q210)."""
    days = event_days(t)
    return days is not None and days > LONG_EVENT_DAYS


def ratings_at_round(
    t: Tournament, round_ratings: Mapping[int, Mapping[int, int]] | None, rating_round: int | None = None
) -> list[int]:
    """One rating per player (start-rank order): the one in force at ``rating_round`` (default: the first).

    ``round_ratings`` maps a start rank to ``{first round: rating}``: the rating in force from that
    round on; before its first entry a player keeps his registered rating. ``rating_round``
    ``None`` is round 1, the first rating (C.07 2026 Art. 10 preamble).
    """
    at = 1 if rating_round is None else rating_round
    if at < 1:
        raise ValueError(f"rating round: expected a round >= 1, got {at}")
    out: list[int] = []
    for p in t.iter_players():
        rating = p.rating
        for first, value in sorted((round_ratings or {}).get(p.start_rank, {}).items()):
            if first <= at:
                rating = value
        out.append(rating)
    return out


def unrated_rating_of(method: str, ratings: list[int]) -> int | None:
    """The rating unrated players get under ``method`` (``lowest``/``average``); None if nobody is rated."""
    rated = [r for r in ratings if r > 0]
    if not rated:
        return None
    if method == "lowest":
        return min(rated)
    if method == "average":
        n = len(rated)
        return (2 * sum(rated) + n) // (2 * n)
    raise ValueError(f"unrated method: expected one of {', '.join(UNRATED_METHODS)}, got {method!r}")


def _rating_specs(specs: list[TiebreakSpec]) -> list[TiebreakSpec]:
    return [s for s in specs if s.code in RATING_CODES]


def unrated_warning(specs: list[TiebreakSpec], ratings: list[int], unrated_rating: int | None) -> str | None:
    """Why a rating-based column is empty, and the rules to choose from (VCL4THP Q209); None if none is."""
    if not any(r <= 0 for r in ratings):
        return None
    empty = [s.text for s in _rating_specs(specs) if s.unrated_rating is None and unrated_rating is None]
    if not empty:
        return None
    count = sum(1 for r in ratings if r <= 0)
    codes = ", ".join(empty)
    return (
        f"{codes}: no value, {count} unrated player(s) and no rule for them (C.07 Art. 10 preamble); choose one:"
        " a fixed rating (--unrated-rating R or /U<R>), the lowest rating in the field (--unrated-method"
        f" lowest) or the field's average (--unrated-method average) / {codes}: sin valor, {count} jugador(es)"
        " sin Elo y ninguna regla para ellos (C.07 art. 10, preámbulo); elija una: un Elo fijo"
        " (--unrated-rating R o /U<R>), el Elo más bajo del torneo (--unrated-method lowest) o la media del"
        " torneo (--unrated-method average)"
    )


def long_event_warnings(specs: list[TiebreakSpec], rating_round: int | None) -> list[str]:
    """The advice against rating-based tie-breaks in an event over 30 days, and which ratings are used."""
    rated = [s.text for s in _rating_specs(specs)]
    if not rated:
        return []
    which = (
        "the first rating of each player"
        if rating_round is None
        else f"the ratings in force at round {rating_round}"
    )
    cual = (
        "el primer Elo de cada jugador"
        if rating_round is None
        else f"el Elo vigente en la ronda {rating_round}"
    )
    codes = ", ".join(rated)
    return [
        f"{codes}: an event over 30 days: rating-based tie-breaks are not advised (players' ratings change"
        f" while it runs); computed with {which} (C.07 2026 Art. 10 preamble) / {codes}: un torneo de más de"
        f" 30 días: no se aconsejan desempates por Elo (el Elo cambia durante el torneo); calculados con {cual}"
        " (C.07 2026 art. 10, preámbulo)"
    ]
