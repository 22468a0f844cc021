"""Ratings as data: official ratings per list, effective ratings, list sequences, the tournament rating.

Pure functions over :class:`arbitro.model.OfficialRating` (VCL4THP Q116-Q129, Q145).

* :func:`official` - a player's official rating of one list (scope ``"FIDE"`` or a federation, kind).
* :func:`effective_rating` - the rating of a rate of play with the fallback to standard (Q118).
* :data:`DEFAULT_SEQUENCES` / :func:`default_sequence` - which lists a rate of play reads, in order (Q123).
* :class:`Method` / :func:`tournament_rating` - the tournament rating by the announced method (TRF-2026 ``172``, Q145).

**The fallback (Q118).** The checklist asks for an "effective rapid / blitz rating: the standard
rating when the rapid or blitz one is missing". FIDE introduced the rapid and blitz lists in 2012
with each player's standard rating as the initial rating on both (FIDE's announcement of
16 November 2011: "For players with existing FIDE ratings, their initial rating on both of the new
lists will be that rating"); the Rating Regulations (B.02) of 2024 do not say, in the text the
project holds (``ratings.md``), which rating a tournament uses for a player with no rapid or blitz
rating. Arbitro follows the checklist: a missing rapid or blitz rating falls back to the standard
rating of the same scope, and only to it (not blitz to rapid). **Uncertain**: the article of B.02
that says so was not found in the project's references; the rule applied is the checklist's wording.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum

from arbitro.model import OfficialRating, Player

__all__ = [
    "DEFAULT_SEQUENCES",
    "FIDE",
    "KINDS",
    "Method",
    "default_sequence",
    "effective_rating",
    "fide_and_national",
    "first_rating",
    "method_of",
    "official",
    "other_ratings",
    "tournament_rating",
    "tournament_rating_of",
]

FIDE = "FIDE"
KINDS = ("standard", "rapid", "blitz")


class Method(StrEnum):
    """How the tournament rating is formed: the methods of TRF-2026 ``172`` (columns 9-13).

    The definitions, as the TRF-2026 record ``172`` names them (trf.md §4.2, the TEC reader):
    """

    FIDE = "FIDE"
    """``FIDE``: the FIDE rating only (a player without one is unrated)."""
    NRO = "NRO"
    """``NRO``: the national rating only ("National Rating Only")."""
    FIDON = "FIDON"
    """``FIDON``: the FIDE rating, else the national rating ("FIDE, Otherwise National")."""
    NIDOF = "NIDOF"
    """``NIDOF``: the national rating, else the FIDE rating ("National, Otherwise FIDE")."""
    HBFN = "HBFN"
    """``HBFN``: the higher of both, FIDE and national ("Higher of Both FIDE and National")."""
    LBFN = "LBFN"
    """``LBFN``: the lower of both (the TEC reader knows it; the checklist's Q145 does not list it)."""
    OTHER = "OTHER"
    """``OTHER``: another rule, announced by the organiser: the arbiter types each tournament rating."""


def method_of(text: str) -> Method:
    """The method named by ``text`` (case-insensitive; "" is ``FIDE``, the default of FIDE-rated events)."""
    try:
        return Method(text.strip().upper() or "FIDE")
    except ValueError:
        raise ValueError(f"rating method: expected one of {', '.join(Method)}, got {text!r}") from None


def official(ratings: Iterable[OfficialRating], scope: str, kind: str) -> int:
    """The rating of list ``(scope, kind)``, 0 when the player has none (the last one recorded wins)."""
    value = 0
    for r in ratings:
        if r.scope == scope and r.kind == kind:
            value = r.value
    return value


def effective_rating(ratings: Iterable[OfficialRating], scope: str, kind: str) -> int:
    """The rating of a rate of play in one scope, a missing rapid/blitz one falling back to standard (Q118)."""
    ratings = list(ratings)
    value = official(ratings, scope, kind)
    if value or kind == "standard":
        return value
    return official(ratings, scope, "standard")


#: The default list sequence per rate of play (VCL4THP Q123, in the wording of Sharly Chess's tracker of
#: the checklist: "standard -> FIDE standard, rapid, blitz; rapid -> effective rapid, blitz; blitz ->
#: effective blitz, rapid"): the lists read, in order, each ``(scope, kind)``; ``"NAT"`` stands for the
#: national federation of ``172``. The effective rapid (blitz) list is the rapid (blitz) one, then the
#: standard one (Q118). The first list that rates a player gives the rating proposed
#: (:func:`first_rating`); the others are shown beside it (Q128).
DEFAULT_SEQUENCES: dict[str, tuple[tuple[str, str], ...]] = {
    "standard": ((FIDE, "standard"), (FIDE, "rapid"), (FIDE, "blitz"), ("NAT", "standard")),
    "rapid": ((FIDE, "rapid"), (FIDE, "standard"), (FIDE, "blitz"), ("NAT", "rapid"), ("NAT", "standard")),
    "blitz": ((FIDE, "blitz"), (FIDE, "standard"), (FIDE, "rapid"), ("NAT", "blitz"), ("NAT", "standard")),
}


def first_rating(ratings: Iterable[OfficialRating], sequence: Sequence[tuple[str, str]]) -> tuple[int, str, str]:
    """The first list of ``sequence`` that rates the player: ``(rating, scope, kind)``; ``(0, "", "")`` when none."""
    ratings = list(ratings)
    for scope, kind in sequence:
        value = official(ratings, scope, kind)
        if value:
            return value, scope, kind
    return 0, "", ""


def default_sequence(kind: str, federation: str = "") -> tuple[tuple[str, str], ...]:
    """The lists read for a rate of play, ``NAT`` replaced by ``federation`` (left out when none)."""
    if kind not in DEFAULT_SEQUENCES:
        raise ValueError(f"rate of play: expected one of {', '.join(KINDS)}, got {kind!r}")
    out = []
    for scope, k in DEFAULT_SEQUENCES[kind]:
        if scope == "NAT":
            if not federation:
                continue
            scope = federation.upper()
        out.append((scope, k))
    return tuple(out)


def fide_and_national(ratings: Sequence[OfficialRating], kind: str, federation: str) -> tuple[int, int]:
    """The effective FIDE and national ratings of a rate of play (0 when missing)."""
    national = effective_rating(ratings, federation.upper(), kind) if federation else 0
    return effective_rating(ratings, FIDE, kind), national


def tournament_rating(fide: int, national: int, method: Method | str, other: int = 0) -> int:
    """The tournament rating from the FIDE and the national rating by ``method`` (TRF-2026 ``172``).

    0 is "unrated" on either side. ``other`` is the arbiter's own value for :attr:`Method.OTHER`.
    """
    m = method_of(method) if isinstance(method, str) and not isinstance(method, Method) else Method(method)
    if m is Method.FIDE:
        return fide
    if m is Method.NRO:
        return national
    if m is Method.FIDON:
        return fide or national
    if m is Method.NIDOF:
        return national or fide
    rated = [r for r in (fide, national) if r]
    if m is Method.HBFN:
        return max(rated, default=0)
    if m is Method.LBFN:
        return min(rated, default=0)
    return other


def tournament_rating_of(player: Player, kind: str, method: Method | str, federation: str) -> int:
    """The tournament rating of ``player`` from its official ratings (``OTHER``: the rating it has)."""
    fide, national = fide_and_national(player.official_ratings, kind or "standard", federation)
    return tournament_rating(fide, national, method, other=player.rating)


def other_ratings(player: Player, kind: str, federation: str = "") -> list[tuple[str, str, int]]:
    """Every official rating the player has beside the one of ``(FIDE, kind)``: ``(scope, kind, value)`` (Q128)."""
    shown: list[tuple[str, str, int]] = []
    for scope, k in ((FIDE, "standard"), (FIDE, "rapid"), (FIDE, "blitz")) + tuple(
        (federation.upper(), x) for x in KINDS if federation
    ):
        if (scope, k) == (FIDE, kind):
            continue
        value = official(player.official_ratings, scope, k)
        if value:
            shown.append((scope, k, value))
    return shown
