"""End of a category tournament: champions, promotions and relegations,
trophies and the Abierto entry (FMA 5.1, B.1, 8.1-8.6, Anexo I, Anexo II III).

* FMA 5.1 / B.1: promotions and relegations go by final position, in the
  numbers the FMA announced before the start; without an announcement made
  before the start nobody moves.
* Places are counted among the players of the tournament's own category
  ("la posición que ocupen en su respectiva categoría", B.1).
* FMA Anexo II III.1: in Primera, a player of a lower category finishing in the
  first 10 places moves up one category; III.2: Primera relegations as 5.1.
* FMA 8.4-8.6: trophies to the first three of each tournament, at most one per
  player and category in the year (the trophy passes to the next player).
* FMA 8.1, 8.2, Anexo I IV, C: the winner of each tournament is champion of
  the category and earns a non-transferable entry to next year's Abierto.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass

from arbitro.federations.fma.categories import Category
from arbitro.federations.fma.messages import Message, Place, msg

__all__ = [
    "Announcement",
    "Move",
    "Trophy",
    "abierto_transfer",
    "champion_messages",
    "next_categories",
    "promotions_and_relegations",
    "trophies",
]

PRIMERA_TOP = 10  # FMA Anexo II III.1


@dataclass(frozen=True, slots=True)
class Announcement:
    """FMA 5.1: the numbers of promotions and relegations, announced on ``announced_on``."""

    promotions: int
    relegations: int
    announced_on: _dt.date | None


@dataclass(frozen=True, slots=True)
class Move:
    player: str
    to: Category
    kind: str  # "promotion" | "relegation"
    message: Message


@dataclass(frozen=True, slots=True)
class Trophy:
    player: str
    tournament: str
    place: int  # the trophy's place (1-3)
    position: int  # where the player finished
    message: Message


def promotions_and_relegations(
    tournament: str,
    category: Category,
    start: _dt.date,
    order: list[str],
    own: dict[str, Category],
    names: dict[str, str],
    announcement: Announcement | None,
) -> tuple[list[Move], list[Message]]:
    """FMA 5.1, B.1, Anexo II III: category moves from a final ``order`` (player ids, 1st first)."""
    moves: list[Move] = []
    notes: list[Message] = []
    position = {pid: i + 1 for i, pid in enumerate(order)}
    announced = announcement is not None and announcement.announced_on is not None and announcement.announced_on <= start
    if not announced:
        notes.append(msg("promotion.not_announced", tournament=tournament))
    elif announcement is not None:
        members = [pid for pid in order if own.get(pid) is category]
        up: list[str] = []
        if category is not Category.PRIMERA:
            up = members[: max(0, announcement.promotions)]
            for pid in up:
                to = category.up
                moves.append(
                    Move(pid, to, "promotion", msg("promotion", player=names[pid], category=to,
                                                   position=Place(position[pid]), tournament=tournament))
                )
        if category is not Category.CUARTA and announcement.relegations > 0:
            rest = [pid for pid in members if pid not in up]
            for pid in rest[-announcement.relegations:]:
                to = category.down
                moves.append(
                    Move(pid, to, "relegation", msg("relegation", player=names[pid], category=to,
                                                    position=Place(position[pid]), tournament=tournament))
                )
    if category is Category.PRIMERA:
        for pid in order[:PRIMERA_TOP]:
            mine = own.get(pid)
            if mine is None or mine is Category.PRIMERA:
                continue
            moves.append(
                Move(pid, mine.up, "promotion", msg("promotion.primera_top10", player=names[pid], own=mine,
                                                    position=Place(position[pid]), category=mine.up))
            )
    return moves, notes


def next_categories(
    current: dict[str, Category | None], moves: list[Move], names: dict[str, str]
) -> tuple[dict[str, Category | None], list[Message]]:
    """Each player's category next year (FMA 1.2): the best promotion earned, else a relegation.

    A player promoted and relegated in the same year (several tournaments of a
    category, Anexo I) keeps the promotion (FMA B.1, sporting merit).
    """
    out = dict(current)
    notes: list[Message] = []
    by_player: dict[str, list[Move]] = {}
    for m in moves:
        by_player.setdefault(m.player, []).append(m)
    for pid, ms in by_player.items():
        ups = [m.to for m in ms if m.kind == "promotion"]
        downs = [m.to for m in ms if m.kind == "relegation"]
        if ups:
            out[pid] = min(ups)
            if downs:
                notes.append(msg("category.promotion_prevails", player=names[pid]))
        elif downs:
            out[pid] = max(downs)
    return out, notes


def champion_messages(
    tournament: str, category_name: object, order: list[str], names: dict[str, str], next_year: int
) -> list[Message]:
    """FMA Anexo I IV, C and 8.1-8.2: the winner is champion and earns the Abierto entry."""
    if not order:
        return []
    winner = names[order[0]]
    return [
        msg("champion", player=winner, category=category_name, tournament=tournament),
        msg("abierto", player=winner, year=next_year),
    ]


def abierto_transfer(holder: str, other: str) -> tuple[bool, Message]:
    """FMA 8.2: an Abierto entry is never transferable."""
    return False, msg("abierto.transfer", player=holder, other=other)


def trophies(
    tournaments: list[tuple[str, list[str]]],
    category_name: object,
    names: dict[str, str],
    awarded: set[str] | None = None,
) -> tuple[list[Trophy], list[Message]]:
    """FMA 8.3-8.6: trophies to the first three of each tournament of one category, in date order.

    ``awarded`` (updated in place) holds players who already have a trophy of
    this category; their place passes to the next player in the standings.
    """
    done = awarded if awarded is not None else set()
    out: list[Trophy] = []
    notes: list[Message] = []
    for tournament, order in tournaments:
        place = 1
        for i, pid in enumerate(order):
            if place > 3:
                break
            if pid in done:
                notes.append(msg("trophy.already", player=names[pid], category=category_name,
                                 position=Place(i + 1), tournament=tournament))
                continue
            done.add(pid)
            out.append(Trophy(pid, tournament, place, i + 1,
                              msg("trophy", player=names[pid], position=Place(i + 1), tournament=tournament)))
            place += 1
    return out, notes
