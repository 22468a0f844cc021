"""Tie-breaks from the participant's own results (C.07 Art. 7, type B) and the primary score.

* PTS - points (the primary score);
* WIN (7.1) - rounds with the points of a win, played or not (PAB, full-point
  bye and forfeit win count);
* WON (7.2) - games won over the board;
* BPG (7.3) - games played over the board with Black;
* BWG (7.4) - games won over the board with Black;
* PS (7.5) - progressive score: the sum of the running scores; Cut-1 drops the
  score after round 1 (14.1.1.c);
* REP (7.6) - rounds one elected to play: rounds minus voluntary unplayed
  rounds (half/zero-point byes, forfeit losses, rounds after withdrawal);
* STD (7.7, 2026) - standard points: 1 / ½ / 0 per round whatever the scoring;
* TPN (7.8, 2026) - tournament pairing number, lower first (``/R`` reverses).

In round robins forfeits are not games over the board here either: the 2026
text keeps forfeit losses unplayed in type-B tie-breaks (15.2), and WON, BPG
and BWG count over-the-board games by definition.

With two-game matches (C.04.5) every count is of matches (see
:mod:`.context`): WIN and WON count matches won (more game points than the
opponent; the PAB's 1½ is a match won), BPG and BWG matches with Black in
game 1 (C.04.5 1.6), REP matches elected to play, STD 1 / ½ / 0 per match,
and PS adds the score after each match.
"""

from __future__ import annotations

from decimal import Decimal

from arbitro.tiebreaks.column import Column, Contribution, Explanation, decimals_for, to_decimal
from arbitro.tiebreaks.context import Context
from arbitro.tiebreaks.spec import TiebreakSpec
from arbitro.tiebreaks.unplayed import CATEGORY_ARTICLE, PLAYED, VOLUNTARY

__all__ = ["compute_own", "explain_own"]


def _round_flags(ctx: Context, code: str, i: int) -> list[int]:
    """Per round, what the round adds to a counting tie-break (0 or 1; STD in half points)."""
    kind, black, won = ctx.kind[i], ctx.black[i], ctx.won[i]
    r = range(ctx.rounds)
    if code == "WIN":
        return [1 if won[k] else 0 for k in r]
    if code == "WON":
        return [1 if kind[k] == PLAYED and won[k] else 0 for k in r]
    if code == "BPG":
        return [1 if black[k] else 0 for k in r]
    if code == "BWG":
        return [1 if black[k] and won[k] else 0 for k in r]
    if code == "REP":
        return [0 if kind[k] in VOLUNTARY else 1 for k in r]
    if code == "STD":
        return list(ctx.std[i][: ctx.rounds])
    raise KeyError(code)


_COUNTS = frozenset({"WIN", "WON", "BPG", "BWG", "REP"})


def compute_own(ctx: Context, spec: TiebreakSpec) -> Column:
    """PTS, WIN, WON, BPG, BWG, REP, PS, STD and TPN for every player."""
    code = spec.code
    n = ctx.size
    if code == "PTS":
        return Column(spec, list(ctx.total), ctx.scale, decimals_for(1, ctx.scale))
    if code == "TPN":
        return Column(spec, list(ctx.start_ranks), 1, 0, descending=spec.reverse)
    if code == "PS":
        values: list[int | None] = []
        for i in range(n):
            running = total = 0
            for k, p in enumerate(ctx.pts[i]):
                running += p
                if k >= spec.cut_low:
                    total += running
            values.append(total)
        return Column(spec, values, ctx.scale, decimals_for(1, ctx.scale), descending=not spec.reverse)
    if code in _COUNTS:
        return Column(
            spec, [sum(_round_flags(ctx, code, i)) for i in range(n)], 1, 0, descending=not spec.reverse
        )
    if code == "STD":
        return Column(
            spec, [sum(_round_flags(ctx, code, i)) for i in range(n)], 2, 1, descending=not spec.reverse
        )
    raise KeyError(code)


def explain_own(ctx: Context, spec: TiebreakSpec, i: int) -> Explanation:
    """Per round: what the round added and why."""
    column_value = compute_own(ctx, spec).decimal(i)
    code = spec.code
    contributions: list[Contribution] = []
    if code == "TPN":
        return Explanation(spec.text, ctx.start_ranks[i], column_value, (), "C.07 7.8: the pairing number")
    running = 0
    for k in range(ctx.rounds):
        o = ctx.opp[i][k]
        opponent = ctx.start_ranks[o] if o >= 0 else None
        note = CATEGORY_ARTICLE[ctx.kind[i][k]]
        if code == "PTS":
            value = to_decimal(ctx.pts[i][k], ctx.scale, decimals_for(1, ctx.scale))
            contributions.append(Contribution(k + 1, opponent, value, False, note))
        elif code == "PS":
            running += ctx.pts[i][k]
            cut = k < spec.cut_low
            value = to_decimal(running, ctx.scale, decimals_for(1, ctx.scale))
            contributions.append(
                Contribution(
                    k + 1,
                    opponent,
                    value,
                    cut,
                    "score after this round" + (" (cut, C.07 14.1.1.c)" if cut else ""),
                )
            )
        else:
            flags = _round_flags(ctx, code, i)
            value = Decimal(flags[k]) / 2 if code == "STD" else Decimal(flags[k])
            contributions.append(Contribution(k + 1, opponent, value, False, note))
    return Explanation(spec.text, ctx.start_ranks[i], column_value, tuple(contributions), _ARTICLE[code])


_ARTICLE = {
    "PTS": "points",
    "WIN": "C.07 7.1: rounds with the points of a win, played or not",
    "WON": "C.07 7.2: games won over the board",
    "BPG": "C.07 7.3: games played over the board with Black",
    "BWG": "C.07 7.4: games won over the board with Black",
    "PS": "C.07 7.5: sum of the running scores",
    "REP": "C.07 7.6: rounds minus voluntary unplayed rounds (16.1.2)",
    "STD": "C.07 7.7: standard points 1 / 0.5 / 0 per round",
}
