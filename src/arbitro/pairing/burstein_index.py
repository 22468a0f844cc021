"""The Burstein Index: the tie-break values that order a scoregroup (C.04.4.2 1.7-1.8).

Two readings are kept side by side:

* the 2026 text (C.04.4.2 1.7.2, 1.8): Buchholz, then Sonneborn-Berger, then
  TPN; an unplayed round is a game against oneself with the points registered;
  a trailing run of zero-point byes counts as draws for the opponents' benefit;
  virtual (acceleration) points are excluded;
* bbpPairings v6.0.0 (the pre-2025 text): Sonneborn-Berger, Buchholz, Median,
  every unplayed game an adjusted draw, a virtual opponent for unplayed rounds,
  and the acceleration of the round included (docs/pairing-systems/burstein.md).

Scores are integers in hundredths of a point, as in :mod:`arbitro.pairing.dutch_state`.
"""

from __future__ import annotations

from dataclasses import dataclass

from arbitro.model import ResultCode, RoundResult, Tournament
from arbitro.pairing.dutch_state import points

__all__ = ["Metric", "bbp_metrics", "index_2026"]

_NOT_PAIRED = RoundResult(None, None, ResultCode.NOT_PAIRED)


def _rounds(t: Tournament, rank: int, played: int) -> list[RoundResult]:
    res = t.players[rank].results[:played]
    return res + [_NOT_PAIRED] * (played - len(res))


@dataclass(frozen=True, slots=True)
class Metric:
    """bbpPairings' ``MetricScores`` (burstein.cpp): compared as there, scores included."""

    score: int  # pairing score (with acceleration)
    sb: int
    buchholz: int
    median: int
    rank: int  # 0-based pairing number

    def less(self, o: Metric) -> bool:
        """``self < o`` in bbp's order (the weaker Index first)."""
        if self.score == o.score:
            return (self.sb, self.buchholz, self.median, o.rank) < (o.sb, o.buchholz, o.median, self.rank)
        return (self.sb, self.buchholz * self.score, self.median * self.score, o.rank) < (
            o.sb,
            o.buchholz * o.score,
            o.median * o.score,
            self.rank,
        )


def bbp_metrics(
    t: Tournament, played: int, accel: dict[int, int], valid: dict[int, bool], ranks: dict[int, int]
) -> dict[int, Metric]:
    """bbp's SB, Buchholz and Median for every player before round ``played + 1``.

    ``accel`` is each player's virtual points in the round to pair, ``valid``
    whether bbp counts the player (``isValid``), ``ranks`` the 0-based pairing
    numbers of valid players, ``score`` the pairing scores.
    """
    sc = t.scoring
    win, draw, fl = points(sc.win), points(sc.draw), points(sc.forfeit_loss)
    pab = points(sc.pairing_bye)
    history = {rank: _rounds(t, rank, played) for rank in t.players}
    pts = {rank: [points(sc.points(r.code)) for r in res] for rank, res in history.items()}
    adjusted = {
        rank: accel.get(rank, 0)
        + sum(p if r.is_played else draw for r, p in zip(res, pts[rank], strict=True))
        for rank, res in history.items()
    }

    def virtual_opponent(r: RoundResult) -> int:
        outcome = r.code.outcome
        if outcome == "L":
            return win
        if outcome == "D":
            return draw
        if r.code is ResultCode.PAIRING_BYE and pab < win:
            return win if pab < draw else draw
        return fl

    out: dict[int, Metric] = {}
    for rank, res in history.items():
        score = sum(pts[rank]) + accel.get(rank, 0)
        if not valid.get(rank, False):
            out[rank] = Metric(score, 0, 0, 0, ranks.get(rank, 0))
            continue
        sb = bh = 0
        low: int | None = None
        high = 0
        vp = (played - 1) * draw + accel.get(rank, 0)
        for r, p in zip(res, pts[rank], strict=True):
            if r.is_played:
                assert r.opponent is not None
                value = adjusted[r.opponent]
                sb += value * p
            else:
                value = vp + virtual_opponent(r)
                sb += p * value
            bh += value
            low = value if low is None else min(low, value)
            high = max(high, value)
            vp += p - draw
        median = bh - (low or 0) - high if played > 2 else 0
        out[rank] = Metric(score, sb, bh, median, ranks.get(rank, 0))
    return out


def index_2026(t: Tournament, played: int) -> dict[int, tuple[int, int]]:
    """(Buchholz, Sonneborn-Berger) of every player by C.04.4.2 1.7.2 (standings points only).

    An unplayed round counts as a game against oneself with the registered
    points; a series of zero-point byes up to the current round counts, for
    the player's over-the-board opponents, as draws.
    """
    sc = t.scoring
    draw = points(sc.draw)
    history = {rank: _rounds(t, rank, played) for rank in t.players}
    own = {rank: sum(points(sc.points(r.code)) for r in res) for rank, res in history.items()}
    for_opponents = dict(own)
    for rank, res in history.items():
        k = len(res)
        while (
            k > 0
            and res[k - 1].opponent is None
            and res[k - 1].code in (ResultCode.ZERO_BYE, ResultCode.NOT_PAIRED)
        ):
            k -= 1
            for_opponents[rank] += draw - points(sc.points(res[k].code))
    out: dict[int, tuple[int, int]] = {}
    for rank, res in history.items():
        bh = sb = 0
        for r in res:
            p = points(sc.points(r.code))
            value = for_opponents[r.opponent] if r.is_played and r.opponent is not None else own[rank]
            bh += value
            sb += value * p
        out[rank] = (bh, sb)
    return out
