"""Chess960 starting positions (FIDE Laws of Chess, Guidelines III "Chess960 Rules"; VCL4THP Q222).

Guidelines III, Art. I: before a Chess960 game the starting position is set up at random, subject to
the rules: White's pieces on the first rank with the king between the rooks and the bishops on
squares of opposite colours; Black's mirror White's. There are 960 such positions. They are
numbered 0-959 by Reinhard Scharnagl's scheme, in which 518 is the standard position ``RNBQKBNR``.
A tournament draws one position per round (the same on every board); TRF-2026 has no record for
it, so the report carries a ``### Chess960 @ Round n`` line (docs/decisions.md, 2026-12-05).
"""

from __future__ import annotations

import secrets

from arbitro.errors import ArbitroError, msg

__all__ = ["POSITIONS", "STANDARD", "draw_position", "position_note", "starting_rank"]

#: The number of Chess960 starting positions, and the Scharnagl number of the standard one.
POSITIONS = 960
STANDARD = 518

# the knights' places among the five squares left after the bishops and the queen (Scharnagl)
_KNIGHTS = ((0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4))


def starting_rank(number: int) -> str:
    """White's first rank, files a-h (``"RNBQKBNR"`` for 518), of the position numbered ``number``."""
    if not isinstance(number, int) or not 0 <= number < POSITIONS:
        raise ArbitroError(
            msg("chess960.position", "Chess960: a position is numbered 0 to 959, got {got!r}", got=number)
        )
    rank: list[str] = [""] * 8
    n, light = divmod(number, 4)
    rank[2 * light + 1] = "B"  # b, d, f or h
    n, dark = divmod(n, 4)
    rank[2 * dark] = "B"  # a, c, e or g
    n, queen = divmod(n, 6)
    empty = [i for i in range(8) if not rank[i]]
    rank[empty[queen]] = "Q"
    empty = [i for i in range(8) if not rank[i]]
    for index in _KNIGHTS[n]:
        rank[empty[index]] = "N"
    for square, piece in zip((i for i in range(8) if not rank[i]), "RKR", strict=True):
        rank[square] = piece
    return "".join(rank)


def draw_position() -> int:
    """A position drawn at random (Guidelines III, Art. I), its Scharnagl number."""
    return secrets.randbelow(POSITIONS)


def position_note(round_number: int, number: int) -> str:
    """The ``### Chess960 @ Round n`` line of a round's starting position."""
    return f"Chess960 @ Round {round_number}: starting position {number} ({starting_rank(number)})"
