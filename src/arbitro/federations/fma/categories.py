"""FMA categories: which category a player plays in (FMA 1.2-1.8, B.2, 5.2).

* Earned categories are kept (FMA 1.2, Disposiciones Generales B.2).
* A newcomer enters by standard rating, or the lowest category without one
  (FMA 1.3); only the standard rating counts (FMA 1.7).
* A player may claim another category; the board must take the claim at least
  72 hours before the start (FMA 1.4), and, if valid, may have the player
  evaluated (FMA 1.5, 1.6). After years of inactivity the same path applies
  (FMA 5.2).
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass
from enum import IntEnum

from arbitro.federations.fma.messages import Message, Text, msg, word

__all__ = [
    "CLAIM_NOTICE",
    "RATING_BANDS",
    "RatingBand",
    "Category",
    "CategoryClaim",
    "ClaimDecision",
    "category_by_rating",
    "decide_claim",
    "newcomer_category",
    "parse_category",
]

#: FMA 1.4: the board takes a claim no later than 72 hours before the start.
CLAIM_NOTICE = _dt.timedelta(hours=72)


class Category(IntEnum):
    """The four categories (FMA 1.1 b-e); a lower value is a higher category."""

    PRIMERA = 1
    SEGUNDA = 2
    TERCERA = 3
    CUARTA = 4

    @property
    def key(self) -> str:
        return self.name.lower()

    def name_in(self, lang: str) -> str:
        return word(f"category.name.{self.key}", lang)

    @property
    def up(self) -> Category:
        """One category higher (Primera stays Primera)."""
        return Category(max(1, self.value - 1))

    @property
    def down(self) -> Category:
        """One category lower (Cuarta stays Cuarta)."""
        return Category(min(4, self.value + 1))

    def is_higher_than(self, other: Category) -> bool:
        return self.value < other.value


LOWEST = Category.CUARTA


def parse_category(text: str) -> Category:
    """``"primera"``, ``"Segunda"``, ``"3"`` ... -> :class:`Category`; ValueError otherwise."""
    t = text.strip().lower()
    for c in Category:
        if t in (c.key, str(c.value)):
            return c
    raise ValueError(f"unknown category {text!r} (expected primera, segunda, tercera or cuarta)")


@dataclass(frozen=True, slots=True)
class RatingBand:
    """A newcomer's standard rating from ``low`` to ``high`` (``None``: no upper limit) enters ``category``."""

    low: int
    high: int | None
    category: Category
    article: str


#: FMA 1.3 a-d, the rulebook's table: the only place these numbers are written (pages read it too).
RATING_BANDS: tuple[RatingBand, ...] = (
    RatingBand(0, 1699, Category.CUARTA, "FMA 1.3 a"),
    RatingBand(1700, 1799, Category.TERCERA, "FMA 1.3 b"),
    RatingBand(1800, 1899, Category.SEGUNDA, "FMA 1.3 c"),
    RatingBand(1900, None, Category.PRIMERA, "FMA 1.3 d"),
)


def category_by_rating(rating: int | None) -> Category:
    """FMA 1.3 a-d (:data:`RATING_BANDS`): up to 1699 Cuarta, 1700-1799 Tercera, 1800-1899 Segunda, 1900+ Primera.

    ``None`` or 0 (no standard rating, FMA 1.7) gives the lowest category.
    """
    if not rating:
        return LOWEST
    for band in RATING_BANDS:
        if rating >= band.low and (band.high is None or rating <= band.high):
            return band.category
    return LOWEST  # a negative rating is no rating


def newcomer_category(name: str, rating: int | None) -> tuple[Category, Message]:
    """FMA 1.3: the category of a player who never played a category tournament."""
    category = category_by_rating(rating)
    if not rating:
        return category, msg("category.unrated", player=name, category=category)
    return category, msg("category.by_rating", player=name, category=category, rating=rating)


@dataclass(frozen=True, slots=True)
class CategoryClaim:
    """A player's claim that their category is wrong (FMA 1.4), or an appeal (FMA 5.2).

    ``board`` is ``"accepted"``, ``"rejected"`` or ``None`` (not decided);
    ``evaluation`` is the category the evaluator found (FMA 1.6), if any.
    """

    player: str
    tournament: str
    filed: _dt.datetime
    requested: Category
    board: str | None = None
    evaluation: Category | None = None
    evaluator: str = ""
    inactivity: bool = False


@dataclass(frozen=True, slots=True)
class ClaimDecision:
    category: Category
    changed: bool
    messages: tuple[Message, ...]


def decide_claim(claim: CategoryClaim, name: str, current: Category, start: _dt.datetime) -> ClaimDecision:
    """FMA 1.4-1.6 (and 5.2): the category a claim leads to for the tournament starting at ``start``."""
    notes: list[Message] = []
    if claim.inactivity:
        notes.append(msg("claim.inactivity", player=name))
    notice = start - claim.filed
    if notice < CLAIM_NOTICE:
        hours = int(notice.total_seconds() // 3600)
        notes.append(msg("claim.late", player=name, hours=hours, tournament=claim.tournament))
        return ClaimDecision(current, False, tuple(notes))
    if claim.board is None:
        notes.append(msg("claim.pending", player=name, category=current))
        return ClaimDecision(current, False, tuple(notes))
    if claim.board != "accepted":
        notes.append(msg("claim.rejected", player=name, category=current))
        return ClaimDecision(current, False, tuple(notes))
    if claim.evaluation is not None:
        evaluator = claim.evaluator or Text("text.evaluator_default")
        notes.append(msg("claim.evaluated", player=name, evaluator=evaluator, category=claim.evaluation))
        return ClaimDecision(claim.evaluation, claim.evaluation != current, tuple(notes))
    notes.append(msg("claim.accepted", player=name, category=claim.requested))
    return ClaimDecision(claim.requested, claim.requested != current, tuple(notes))
