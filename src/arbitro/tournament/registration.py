"""Registering a player from a FIDE rating-list entry (issue 5: "from a FIDE id").

C.04.2 2.1: one rating list for everybody where possible; the list valid at
the start of the tournament is the caller's choice. Titles: the stronger of
the open and the women's title, in the order of :data:`arbitro.model.TITLES`.
"""

from __future__ import annotations

from typing import Any

from arbitro.errors import ArbitroError, msg
from arbitro.model import TITLES, OfficialRating
from arbitro.ratings.fidelist import RATING_TYPES, RatingListEntry

__all__ = ["official_ratings_from_list", "player_fields_from_list"]


def player_fields_from_list(entry: RatingListEntry, rating_type: str = "standard") -> dict[str, Any]:
    """Keyword arguments for :meth:`TournamentService.register_player` from a rating-list entry."""
    if rating_type not in RATING_TYPES:
        raise ArbitroError(
            msg("player.rating_type", "rating type: expected one of {types}, got {got!r}", types=", ".join(RATING_TYPES), got=rating_type)
        )
    rating = {"standard": entry.standard_rating, "rapid": entry.rapid_rating, "blitz": entry.blitz_rating}[rating_type]
    rating = rating or entry.standard_rating  # a missing rapid/blitz rating: the standard one (VCL4THP Q118)
    titles = [t for t in (entry.title, entry.women_title) if t in TITLES]
    title = min(titles, key=TITLES.index) if titles else ""
    sex = {"M": "m", "F": "w"}.get(entry.sex.upper(), "w" if entry.woman else "")
    return {
        "name": entry.name,
        "rating": rating,
        "title": title,
        "federation": entry.federation,
        "fide_id": str(entry.fide_id),
        "sex": sex,
        "birth_date": str(entry.birth_year) if entry.birth_year else "",
    }


def official_ratings_from_list(entry: RatingListEntry, list_name: str, list_date: str) -> list[OfficialRating]:
    """The FIDE ratings of a list entry with their source (VCL4THP Q116, Q134): one per kind."""
    values = {"standard": entry.standard_rating, "rapid": entry.rapid_rating, "blitz": entry.blitz_rating}
    return [OfficialRating("FIDE", kind, values[kind], list_name, list_date) for kind in RATING_TYPES]
