"""Colour allocation (C.04.3 Art. 5 / 2017 E) and board order (C.04.2 3.6)."""

from __future__ import annotations

from arbitro.model import Colour
from arbitro.pairing.dutch_state import PlayerState

__all__ = ["allocate", "board_key", "higher_ranked", "neutral_colour"]


def higher_ranked(a: PlayerState, b: PlayerState) -> PlayerState:
    """The higher-ranked of two players: pairing score first, then pairing number (C.04.3 1.2)."""
    return a if (-a.acc, a.rank) < (-b.acc, b.rank) else b


def _first_difference(a: PlayerState, b: PlayerState) -> tuple[Colour | None, Colour | None]:
    """Colours of the latest played games (aligned from the end) in which the two differed (5.2.3)."""
    for ca, cb in zip(reversed(a.colours), reversed(b.colours), strict=False):
        if ca is not cb:
            return ca, cb
    return None, None


def _neutral(p: PlayerState, o: PlayerState) -> Colour | None:
    """Colour for ``p`` by 5.2.1-5.2.3, or None when those rules do not decide."""
    if p.pref is None or o.pref is None or p.pref is not o.pref:
        if p.pref is not None:
            return p.pref  # 5.2.1: both preferences granted
        if o.pref is not None:
            return o.pref.opposite
        return None
    # 5.2.2: the stronger preference; two absolutes: the wider colour difference
    if p.absolute and (p.imbalance > o.imbalance or not o.absolute):
        return p.pref
    if o.absolute and (o.imbalance > p.imbalance or not p.absolute):
        return o.pref.opposite
    if p.strong and not o.strong:
        return p.pref
    if o.strong and not p.strong:
        return o.pref.opposite
    # 5.2.3: the latest round in which they had different colours, swapped
    cp, co = _first_difference(p, o)
    if cp is not None and co is not None:
        return co
    return None


def neutral_colour(p: PlayerState, o: PlayerState) -> Colour | None:
    """Colour for ``p`` by C.04.3 5.2.1-5.2.3 (shared by Burstein 5.2), None when they do not decide."""
    return _neutral(p, o)


def allocate(p: PlayerState, o: PlayerState, initial: Colour) -> Colour:
    """The colour of ``p`` against ``o`` (C.04.3 5.2.1-5.2.5)."""
    neutral = _neutral(p, o)
    if neutral is not None:
        return neutral
    hi = higher_ranked(p, o)
    if hi.pref is not None:
        # 5.2.4: the higher-ranked player's preference
        return hi.pref if hi is p else hi.pref.opposite
    # 5.2.5: odd pairing number of the higher-ranked player -> the initial colour
    colour = initial if hi.parity_odd else initial.opposite
    return colour if hi is p else colour.opposite


def board_key(white: PlayerState, black: PlayerState, accelerated: bool = True) -> tuple[int, int, int]:
    """Sort key of a board (C.04.2 3.6): higher player's score, then the other's, then rank.

    With acceleration the pairing score is used (C.04.7 1.5); bbpPairings uses
    the score without virtual points (dutch-system.md §6.1 #5).
    """
    sw, sb = (white.acc, black.acc) if accelerated else (white.score, black.score)
    if (-sw, white.rank) < (-sb, black.rank):
        return (-sw, -sb, white.rank)
    return (-sb, -sw, black.rank)
