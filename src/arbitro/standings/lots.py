"""Drawing of lots for participants still tied after the whole list (C.07 4.2).

FIDE's software acceptance asks that a repeated draw gives the same result
(questionnaire Q206): the draw is a seeded shuffle, and the seed is recorded
with the standings. Without a seed given, one is derived from the tournament
itself, so the same tournament always draws the same way.
"""

from __future__ import annotations

import random
import zlib

from arbitro.model import Tournament

__all__ = ["default_seed", "draw_lots"]


def default_seed(t: Tournament) -> int:
    """A stable seed from the tournament's name, start date and players (same file, same draw)."""
    text = "|".join(
        [t.name, str(t.start_date or ""), ",".join(f"{p.start_rank}:{p.name}" for p in t.iter_players())]
    )
    return zlib.crc32(text.encode("utf-8"))


def draw_lots(groups: list[list[int]], seed: int) -> list[list[int]]:
    """Shuffle every tied group (given by start ranks, in start-rank order) with one seeded generator."""
    rng = random.Random(seed)
    out = []
    for group in groups:
        members = sorted(group)
        rng.shuffle(members)
        out.append(members)
    return out
