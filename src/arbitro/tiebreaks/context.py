"""Per-computation arrays: one pass over the tournament, then plain integers.

Every tie-break reads the same :class:`Context`, built once per standings
computation. Points are integers in units of ``1 / scale`` points (``scale`` is
the least common denominator of the scoring system, e.g. 2 for 1 / ½ / 0,
1 for 3 / 1 / 0), so inner loops never touch :class:`~decimal.Decimal`.
Players are addressed by their index ``0..n-1`` in start-rank order.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from arbitro.model import ResultCode, RoundResult, Tournament
from arbitro.tiebreaks.rules import Rules, is_pre_determined
from arbitro.tiebreaks.unplayed import PLAYED, adjusted_score, categorise, raw_kind

__all__ = ["Context", "build_context", "last_played_round"]


@dataclass(slots=True, eq=False)
class Context:
    """Precomputed crosstable of one standings computation (read-only for tie-breaks)."""

    start_ranks: list[int]
    index: dict[int, int]  # start rank -> index
    rounds: int  # rounds taken into account (standings after this round)
    final_round: int  # last round of the tournament (Fore Buchholz, C.07 8.3)
    scale: int
    win: int
    draw: int
    opp: list[list[int]]  # opponent index, -1 for none
    pts: list[list[int]]  # points per round (units of 1/scale)
    kind: list[list[int]]  # category per round (see .unplayed)
    black: list[list[bool]]  # played over the board with Black
    total: list[int]  # points after ``rounds`` rounds
    adjusted: list[int]  # 16.3 adjusted scores
    ratings: list[int]  # FIDE rating, 0 = unrated
    round_robin: bool
    rules: Rules
    unrated_rating: int | None
    cache: dict[object, object] = field(default_factory=dict)

    @property
    def size(self) -> int:
        return len(self.start_ranks)


def _scale(values: list[Decimal]) -> int:
    scale = 1
    for v in values:
        scale = math.lcm(scale, Fraction(v).denominator)
    return scale


def last_played_round(t: Tournament) -> int:
    """The last round in which any result (or pairing) is recorded."""
    last = 0
    for p in t.players.values():
        for r in range(len(p.results), last, -1):
            res = p.results[r - 1]
            if res.opponent is not None or res.code is not ResultCode.NOT_PAIRED:
                last = r
                break
    return last


def build_context(
    t: Tournament,
    *,
    rounds: int | None,
    rules: Rules,
    unrated_rating: int | None,
    round_robin: bool | None = None,
) -> Context:
    """Precompute the arrays every tie-break needs, after ``rounds`` rounds (default: the last played)."""
    sc = t.scoring
    scoring_values = [
        sc.win, sc.draw, sc.loss, sc.forfeit_win, sc.forfeit_loss,
        sc.pairing_bye, sc.full_bye, sc.half_bye, sc.zero_bye,
    ]  # fmt: skip
    scale = _scale(scoring_values)
    points_of = {code: int(Fraction(sc.points(code)) * scale) for code in ResultCode}
    win = int(Fraction(sc.win) * scale)
    draw = int(Fraction(sc.draw) * scale)
    played = last_played_round(t)
    n_rounds = played if rounds is None else min(rounds, played)  # rounds not played yet do not count
    final_round = max(t.total_rounds, played)
    players = list(t.iter_players())
    start_ranks = [p.start_rank for p in players]
    index = {sr: i for i, sr in enumerate(start_ranks)}
    opp: list[list[int]] = []
    pts: list[list[int]] = []
    kind: list[list[int]] = []
    black: list[list[bool]] = []
    for p in players:
        o_row: list[int] = []
        p_row: list[int] = []
        k_row: list[int] = []
        b_row: list[bool] = []
        for r in range(n_rounds):
            res: RoundResult | None = p.results[r] if r < len(p.results) else None
            if res is not None and res.opponent is not None and res.opponent not in index:
                res = RoundResult(None, res.colour, res.code)  # unknown opponent: keep the points only
            value = points_of[res.code] if res is not None else points_of[ResultCode.NOT_PAIRED]
            k = raw_kind(res, value >= win and win > 0)
            o_row.append(index[res.opponent] if res is not None and res.opponent is not None else -1)
            p_row.append(value)
            k_row.append(k)
            b_row.append(
                k == PLAYED and res is not None and res.colour is not None and res.colour.value == "b"
            )
        opp.append(o_row)
        pts.append(p_row)
        kind.append(categorise(k_row))
        black.append(b_row)
    rr = is_pre_determined(t) if round_robin is None else round_robin
    total = [sum(row) for row in pts]
    adjusted = [adjusted_score(pts[i], kind[i], draw, rr) for i in range(len(players))]
    return Context(
        start_ranks=start_ranks,
        index=index,
        rounds=n_rounds,
        final_round=final_round,
        scale=scale,
        win=win,
        draw=draw,
        opp=opp,
        pts=pts,
        kind=kind,
        black=black,
        total=total,
        adjusted=adjusted,
        ratings=[p.rating for p in players],
        round_robin=rr,
        rules=rules,
        unrated_rating=unrated_rating,
    )
