"""The players as a prize list sees them: final rank, points, and what eligibility asks about."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from arbitro.model import Tournament
from arbitro.prizes.model import Eligibility

__all__ = ["Entrant", "birth_year", "entrants_from", "is_eligible"]


@dataclass(frozen=True, slots=True)
class Entrant:
    """One player in final order: ``rank`` 1, 2, ... after the tie-breaks; ``points`` decide ties."""

    start_rank: int
    name: str
    rank: int
    points: Decimal
    rating: int = 0
    sex: str = ""
    birth_year: int | None = None
    federation: str = ""
    club: str = ""


def birth_year(text: str) -> int | None:
    """The year of a TRF birth date (``YYYY/MM/DD``, ``YYYY/00/00`` or ``YYYY``), or ``None``."""
    head = text.strip()[:4]
    return int(head) if len(head) == 4 and head.isdigit() and head != "0000" else None


def is_eligible(e: Entrant, rule: Eligibility, reference_year: int | None) -> bool:
    """Does ``e`` meet every condition of ``rule``? Unknown data (no birth year, no sex) does not qualify."""
    if rule.unrated and e.rating:
        return False
    if rule.rating_min is not None and (not e.rating or e.rating < rule.rating_min):
        return False
    if rule.rating_max is not None and (not e.rating or e.rating > rule.rating_max):
        return False  # a rating band is for rated players; the unrated have their own category
    if rule.women and e.sex != "w":
        return False
    if rule.federations and e.federation not in rule.federations:
        return False
    if rule.max_age is not None or rule.min_age is not None:
        if e.birth_year is None or reference_year is None:
            return False
        age = reference_year - e.birth_year
        if rule.max_age is not None and age > rule.max_age:
            return False
        if rule.min_age is not None and age < rule.min_age:
            return False
    return True


def entrants_from(
    t: Tournament, order: Sequence[tuple[int, int, Decimal]], clubs: dict[int, str] | None = None
) -> list[Entrant]:
    """Entrants from a tournament and its final order: ``(start_rank, rank, points)`` best first.

    ``order`` is what :func:`arbitro.standings.compute_standings` gives (rank after the
    tie-breaks and any drawing of lots); ``clubs`` maps start ranks to clubs.
    """
    clubs = clubs or {}
    out = []
    for start_rank, rank, points in order:
        p = t.players[start_rank]
        out.append(
            Entrant(
                start_rank=start_rank,
                name=p.name,
                rank=rank,
                points=points,
                rating=p.rating,
                sex=p.sex,
                birth_year=birth_year(p.birth_date),
                federation=p.federation,
                club=clubs.get(start_rank, ""),
            )
        )
    return out
