"""Pairing numbers (TPN): Swiss initial ranking and round-robin lots.

* C.04.2 2.2 (2017 B.2): Swiss players are sorted by strength (rating,
  descending), then FIDE title (GM, IM, WGM, FM, WIM, CM, WFM, WCM, none),
  then alphabetically; the position is the pairing number (2.3).
* C.04.2 2.3 / VCL.09: pairing numbers may not change after round 4 has
  been paired.
* C.05 / dutch-system.md §5.4: round-robin pairing numbers are drawn by lot.
  The lot here is reproducible: the seed is recorded in the event log.
* The initial colour of a Swiss is drawn by lot too (dutch-system.md §5.4).
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Iterable

from arbitro.model import TITLES, Colour, Player

__all__ = ["LAST_ROUND_FOR_RENUMBERING", "draw_initial_colour", "draw_lots", "swiss_order"]

#: VCL.09 / C.04.2 2.3: no pairing-number change once this round has been paired.
LAST_ROUND_FOR_RENUMBERING = 4


def _name_key(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def swiss_key(player: Player) -> tuple[int, int, str, int]:
    """C.04.2 2.2 sort key: rating descending, title order, name (accents ignored), then registration."""
    title = TITLES.index(player.title) if player.title in TITLES else len(TITLES)
    return (-player.rating, title, _name_key(player.name), player.start_rank)


def swiss_order(players: Iterable[Player]) -> list[int]:
    """Current start ranks in C.04.2 2.2 order (the new pairing number is the position + 1)."""
    return [p.start_rank for p in sorted(players, key=swiss_key)]


def draw_lots(start_ranks: Iterable[int], seed: int) -> list[int]:
    """Round-robin lot: the start ranks (in ascending order) shuffled by ``random.Random(seed)``."""
    order = sorted(start_ranks)
    random.Random(seed).shuffle(order)
    return order


def draw_initial_colour(seed: int) -> Colour:
    """The colour of pairing number 1 in round 1, drawn by lot with ``seed``."""
    return Colour.WHITE if random.Random(seed).random() < 0.5 else Colour.BLACK
