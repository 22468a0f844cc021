"""Pairing numbers (TPN): Swiss initial ranking and round-robin lots.

* C.04.2 2.2 (2017 B.2): Swiss players are sorted by strength (rating,
  descending), then FIDE title (GM, IM, WGM, FM, WIM, CM, WFM, WCM, none),
  then alphabetically *unless another criterion was announced* (VCL4THP Q146:
  :data:`TIE_ORDERS`, the tournament's ``tie_order``); the position is the
  pairing number (2.3).
* C.04.2 2.4: a late entry gets the number its place in that order earns,
  everyone below moving down one (the TEC's reading, VCL4THP Q156), even
  after round 4 (:func:`late_entry_order`: the others keep their order).
* C.04.2 2.3 / VCL.09: pairing numbers may not change after round 4 has
  been paired.
* C.05 / dutch-system.md §5.4: round-robin pairing numbers are drawn by lot.
  The lot here is reproducible: the seed is recorded in the event log.
* The initial colour of a Swiss is drawn by lot too (dutch-system.md §5.4).
"""

from __future__ import annotations

import hashlib
import random
import unicodedata
from collections.abc import Iterable

from arbitro.model import TITLES, Colour, Player

__all__ = [
    "LAST_ROUND_FOR_RENUMBERING",
    "TIE_ORDERS",
    "draw_initial_colour",
    "draw_lots",
    "late_entry_order",
    "swiss_key",
    "swiss_order",
]

#: VCL.09 / C.04.2 2.3: no pairing-number change once this round has been paired.
LAST_ROUND_FOR_RENUMBERING = 4


def _name_key(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


#: C.04.2 2.2 (3): the order of players of equal rating and title, "alphabetical, unless another
#: criterion was announced" (VCL4THP Q146): ``name`` (alphabetical, the default), ``fide_id``
#: (ascending FIDE ID, players without one after), ``age`` (the older first, by birth date, players
#: without one after), ``lot`` (drawn by lot with a recorded seed).
TIE_ORDERS: tuple[str, ...] = ("name", "fide_id", "age", "lot")


def _tie_key(player: Player, tie_order: str, seed: int | None) -> tuple[int, str]:
    """The announced criterion for equal rating and title (C.04.2 2.2 (3)); ``(0, "")`` for alphabetical."""
    if tie_order == "fide_id":
        digits = player.fide_id.strip()
        return (0, digits.rjust(12, "0")) if digits else (1, "")
    if tie_order == "age":
        born = player.birth_date.strip()
        return (0, born) if born else (1, "")
    if tie_order == "lot":
        # reproducible from the seed alone and stable when players are added (late entries)
        drawn = f"{seed}\x00{player.fide_id}\x00{player.name}\x00{player.birth_date}"
        return (0, hashlib.sha256(drawn.encode()).hexdigest())
    return (0, "")


def swiss_key(player: Player, tie_order: str = "name", seed: int | None = None) -> tuple[int, int, tuple[int, str], str, int]:
    """C.04.2 2.2 sort key: rating descending, title order, the announced tie criterion, name
    (accents ignored), then registration."""
    title = TITLES.index(player.title) if player.title in TITLES else len(TITLES)
    return (-player.rating, title, _tie_key(player, tie_order, seed), _name_key(player.name), player.start_rank)


def swiss_order(players: Iterable[Player], tie_order: str = "name", seed: int | None = None) -> list[int]:
    """Current start ranks in C.04.2 2.2 order (the new pairing number is the position + 1)."""
    return [p.start_rank for p in sorted(players, key=lambda p: swiss_key(p, tie_order, seed))]


def late_entry_order(players: Iterable[Player], entry: int, tie_order: str = "name", seed: int | None = None) -> list[int]:
    """The start ranks with the late entry ``entry`` at its C.04.2 2.2 place among the others,
    who keep their current order (C.04.2 2.3: their numbers are no longer re-sorted; 2.4: the
    entry gets an appropriate number and everyone below it moves down one, VCL4THP Q156)."""
    everyone = {p.start_rank: p for p in players}
    new = everyone.pop(entry)
    others = sorted(everyone)
    key = swiss_key(new, tie_order, seed)[:-1]
    place = next((i for i, rank in enumerate(others) if key < swiss_key(everyone[rank], tie_order, seed)[:-1]), len(others))
    return others[:place] + [entry] + others[place:]


def draw_lots(start_ranks: Iterable[int], seed: int) -> list[int]:
    """Round-robin lot: the start ranks (in ascending order) shuffled by ``random.Random(seed)``."""
    order = sorted(start_ranks)
    random.Random(seed).shuffle(order)
    return order


def draw_initial_colour(seed: int) -> Colour:
    """The colour of pairing number 1 in round 1, drawn by lot with ``seed``."""
    return Colour.WHITE if random.Random(seed).random() < 0.5 else Colour.BLACK
