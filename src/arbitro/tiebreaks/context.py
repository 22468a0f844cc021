"""Per-computation arrays: one pass over the tournament, then plain integers.

Every tie-break reads the same :class:`Context`, built once per standings
computation. Points are integers in units of ``1 / scale`` points (``scale`` is
the least common denominator of the scoring system, e.g. 2 for 1 / ½ / 0,
1 for 3 / 1 / 0), so inner loops never touch :class:`~decimal.Decimal`.
Players are addressed by their index ``0..n-1`` in start-rank order.

A system with two-game matches (C.04.5 Double-Swiss; ``games_per_round`` 2,
from the pairing-system registry) writes each game in its own TRF column.
For the tie-breaks a round is a match (C.04.5 Preface: "every pairing is a
match"; C.07 counts rounds, and in match-based events a round is a match):
the columns of a match are folded into one round whose points are the
match's game points. A single forfeited game inside a match counts as played
(C.04.5 Preface: "for the purposes of tie-breaks and standings, any forfeited
(single) game shall be treated as played"); only a match with no game played
is a forfeit; a bye covers the match (Preface: "Byes ... apply only to
matches"), so the PAB ``U`` + ``H`` is one pairing-allocated bye worth 1½.
A match's colour is the colour of its game 1 (C.04.5 1.6). ``win`` and
``draw`` are then the points of a match won 2-0 and drawn 1-1.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from arbitro.model import ResultCode, RoundResult, Tournament
from arbitro.tiebreaks.rules import Rules, is_pre_determined
from arbitro.tiebreaks.unplayed import FORFEIT_LOSS, FORFEIT_WIN, PLAYED, adjusted_score, categorise, raw_kind

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
    won: list[list[bool]] = field(default_factory=list)  # the round (game or match) was won (C.07 7.1)
    std: list[list[int]] = field(default_factory=list)  # standard result in half points: 2 / 1 / 0 (7.7)
    half: list[list[int]] = field(
        default_factory=list
    )  # game results in half points, 1 / ½ / 0 each (Art. 10)
    games: int = 1  # games per round: 2 for a two-game match (C.04.5)
    columns: int = 0  # TRF rounds (columns) taken into account
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
    games_per_round: int = 1,
    ratings: list[int] | None = None,
) -> Context:
    """Precompute the arrays every tie-break needs, after ``rounds`` rounds (default: the last played).

    ``rounds`` counts TRF rounds (columns); with ``games_per_round`` > 1 every
    ``games_per_round`` columns are one match, the round of the tie-breaks
    (see the module doc); a match whose later games are not in yet counts
    with the games played so far.

    ``ratings`` (one per player, in start-rank order) replaces the players' own ratings for the
    rating-based tie-breaks: an event over 30 days ranks on the ratings of one chosen round
    (C.07 2026 Art. 10 preamble, VCL4THP Q210-216; see :mod:`arbitro.standings.long_event`).
    """
    if games_per_round < 1:
        raise ValueError(f"games per round: expected at least 1, got {games_per_round}")
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
    g = games_per_round
    players = list(t.iter_players())
    start_ranks = [p.start_rank for p in players]
    index = {sr: i for i, sr in enumerate(start_ranks)}
    opp: list[list[int]] = []
    pts: list[list[int]] = []
    kind: list[list[int]] = []
    black: list[list[bool]] = []
    half: list[list[int]] = []
    for p in players:
        o_row: list[int] = []
        p_row: list[int] = []
        k_row: list[int] = []
        b_row: list[bool] = []
        h_row: list[int] = []
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
            h_row.append(2 if value == win else 1 if value == draw else 0)
        if g > 1:
            o_row, p_row, k_row, b_row, h_row = _fold(p.results, o_row, p_row, k_row, h_row, g, win * g)
        opp.append(o_row)
        pts.append(p_row)
        kind.append(categorise(k_row))
        black.append(b_row)
        half.append(h_row)
    if g > 1:
        final_round = -(-final_round // g)
        win, draw = win * g, draw * g
    rr = is_pre_determined(t) if round_robin is None else round_robin
    total = [sum(row) for row in pts]
    adjusted = [adjusted_score(pts[i], kind[i], draw, rr) for i in range(len(players))]
    won, std = _outcomes(opp, pts, win, draw, matches=g > 1)
    return Context(
        start_ranks=start_ranks,
        index=index,
        rounds=-(-n_rounds // g),
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
        ratings=list(ratings) if ratings is not None else [p.rating for p in players],
        round_robin=rr,
        rules=rules,
        unrated_rating=unrated_rating,
        won=won,
        std=std,
        half=half,
        games=g,
        columns=n_rounds,
    )


def _fold(
    results: list[RoundResult],
    opp: list[int],
    pts: list[int],
    kinds: list[int],
    half: list[int],
    g: int,
    match_win: int,
) -> tuple[list[int], list[int], list[int], list[bool], list[int]]:
    """One player's columns folded into matches of ``g`` games (C.04.5 Preface, 1.6; module doc)."""
    o_out: list[int] = []
    p_out: list[int] = []
    k_out: list[int] = []
    b_out: list[bool] = []
    h_out: list[int] = []
    for start in range(0, len(pts), g):
        cols = range(start, min(start + g, len(pts)))
        opponent = next((opp[c] for c in cols if opp[c] >= 0), -1)
        points = sum(pts[c] for c in cols)
        if any(kinds[c] == PLAYED for c in cols):
            k = PLAYED  # a single forfeited game is treated as played (Preface)
        elif opponent >= 0:
            k = (
                FORFEIT_WIN if 2 * points > match_win else FORFEIT_LOSS
            )  # the match ended by forfeit (Preface)
        else:  # a bye applies to the whole match (Preface); the PAB is U + H (1.4)
            first = results[start] if start < len(results) else None
            k = raw_kind(first, points >= match_win and match_win > 0)
        first = results[start] if start < len(results) else None
        o_out.append(opponent)
        p_out.append(points)
        k_out.append(k)
        b_out.append(
            k == PLAYED and first is not None and first.colour is not None and first.colour.value == "b"
        )
        h_out.append(sum(half[c] for c in cols))
    return o_out, p_out, k_out, b_out, h_out


def _outcomes(
    opp: list[list[int]], pts: list[list[int]], win: int, draw: int, *, matches: bool
) -> tuple[list[list[bool]], list[list[int]]]:
    """Per round: won (C.07 7.1) and the standard result in half points (7.7).

    A game: won with the points of a win; 1 / ½ / 0 by the points against a draw.
    A match (C.04.5): won with more game points than the opponent (1½-½, 2-0, and
    the odd 1-½), drawn with as many; a round without opponent by its points
    against a drawn match (the PAB's 1½ is a match won, 1.4).
    """
    won: list[list[bool]] = []
    std: list[list[int]] = []
    for i, (o_row, p_row) in enumerate(zip(opp, pts, strict=True)):
        w_row: list[bool] = []
        s_row: list[int] = []
        for r, (o, p) in enumerate(zip(o_row, p_row, strict=True)):
            if matches:
                other = pts[o][r] if o >= 0 and r < len(pts[o]) and opp[o][r] == i else draw
                s = 2 if p > other else 1 if p == other else 0
                w_row.append(s == 2)
            else:
                s = 2 if p > draw else 1 if p == draw else 0
                w_row.append(p == win)
            s_row.append(s)
        won.append(w_row)
        std.append(s_row)
    return won, std
