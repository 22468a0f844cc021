"""What a prize list is made of: groups of places, who may win them, and how cash is shared.

A :class:`PrizeList` is what the organiser announces: groups (the overall places,
category prizes for rating bands, juniors, women, seniors, unrated players, the
best club), each with its places and what each place gives (cash and/or a
trophy, medal or other item), and the rules of distribution: at most one prize
per player (the most valuable one), and cash of tied players shared by the Hort
system, equally, or not at all (tie-break order).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction

__all__ = ["Eligibility", "Prize", "PrizeGroup", "PrizeList", "Sharing"]


class Sharing(StrEnum):
    """How the cash of players tied on points is given (see :mod:`arbitro.prizes.sharing`)."""

    TIEBREAK = "tiebreak"  # by the final ranking (tie-breaks): no sharing
    EQUAL = "equal"  # the prizes of the tied places summed and divided equally (USCF 32B2/32B3)
    HORT = "hort"  # half by ranking, half shared equally (Hort; the Vega manual, de.wikipedia "Hort-System")


@dataclass(frozen=True, slots=True)
class Prize:
    """One place of a group: cash (0 = none) and items (trophy, medal, an entry ...)."""

    place: int
    cash: Decimal = Decimal(0)
    items: tuple[str, ...] = ()

    @property
    def is_empty(self) -> bool:
        return self.cash == 0 and not self.items


@dataclass(frozen=True, slots=True)
class Eligibility:
    """Who may win a group's prizes; every condition given must hold.

    Ages are counted by year, as FIDE's age categories: a player born in year Y is
    ``reference_year - Y`` years old for the whole event (U16 in 2026: born 2010 or later).
    """

    rating_min: int | None = None  # FIDE rating at the start, inclusive
    rating_max: int | None = None  # inclusive
    unrated: bool = False  # only players without a rating
    women: bool = False
    max_age: int | None = None  # juniors: at most this age in the reference year
    min_age: int | None = None  # seniors: at least this age in the reference year
    federations: tuple[str, ...] = ()  # only players of these federations (e.g. a local prize)

    @property
    def is_open(self) -> bool:
        return self == Eligibility()


@dataclass(frozen=True, slots=True)
class PrizeGroup:
    """A group of places: the overall prizes, or a category's.

    ``club_top``: a best-club prize when set: clubs ranked by the points of their
    best ``club_top`` players; the prizes go to clubs, not players.
    """

    name: str
    prizes: tuple[Prize, ...]
    eligibility: Eligibility = field(default_factory=Eligibility)
    club_top: int | None = None
    article: str = ""  # the rule that asks for it, e.g. "FMA 8.4"

    @property
    def is_club(self) -> bool:
        return self.club_top is not None


@dataclass(frozen=True, slots=True)
class PrizeList:
    """A tournament's prizes and how they are distributed."""

    groups: tuple[PrizeGroup, ...]
    sharing: Sharing = Sharing.HORT
    one_prize_per_player: bool = True
    #: the part of each tied place's cash that is pooled under the Hort system (1/2)
    hort_share: Fraction = Fraction(1, 2)
    #: amounts are paid in multiples of this (0.01: cents; 1: whole units)
    unit: Decimal = Decimal("0.01")
    currency: str = ""
    reference_year: int | None = None  # for age categories; default: the tournament's year
    clubs: dict[int, str] = field(default_factory=dict)  # start rank -> club, for best-club prizes
    notes: tuple[str, ...] = ()  # e.g. the FMA articles a preset applies
