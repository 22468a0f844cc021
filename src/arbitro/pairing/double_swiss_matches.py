"""A Double-Swiss file's two-game matches (C.04.5), read back from its game columns.

Match ``k`` is written in TRF rounds ``2k-1`` and ``2k`` (docs/decisions.md, 2026-12-01). Shared by
the Double-Swiss engine (:mod:`arbitro.pairing.double_swiss`, which re-exports it) and the absolute
criteria check (:mod:`arbitro.pairing.absolute`), below both (issue 32: no import cycle).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from arbitro.model import Colour, ResultCode, RoundResult, Tournament

__all__ = ["Match", "match_count", "matches"]


@dataclass(frozen=True, slots=True)
class Match:
    """One player's match of one round, read from its two game columns."""

    opponent: int | None
    colour: Colour | None  # White or Black in game 1
    points: Decimal  # game points of both games
    played: bool  # at least one game played over the board (Preface: else a forfeited match)
    code: ResultCode  # game 1's code: tells a PAB (U) and the requested byes (H F Z) apart
    forfeit_win: bool  # the opponent forfeited both games


def match_count(t: Tournament) -> int:
    """Matches with at least one game column written."""
    return (t.played_rounds + 1) // 2


def matches(t: Tournament, rank: int, upto: int) -> list[Match]:
    """The first ``upto`` matches of player ``rank``."""
    res = t.players[rank].results
    out = []
    empty = RoundResult(None, None, ResultCode.NOT_PAIRED)
    for k in range(upto):
        g1 = res[2 * k] if 2 * k < len(res) else empty
        g2 = res[2 * k + 1] if 2 * k + 1 < len(res) else empty
        opp = g1.opponent if g1.opponent is not None else g2.opponent
        pts = t.scoring.points(g1.code) + t.scoring.points(g2.code)
        played = g1.is_played or g2.is_played
        colour = g1.colour if g1.colour in (Colour.WHITE, Colour.BLACK) else None
        win = opp is not None and not played and ResultCode.FORFEIT_WIN in (g1.code, g2.code)
        out.append(Match(opp, colour if played else None, pts, played, g1.code, win))
    return out
