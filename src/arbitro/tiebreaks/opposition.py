"""Tie-breaks from the opponents' scores: BH, FB, AOB (C.07 Art. 8) and SB (9.1).

* BH (8.1): the sum of the opponents' scores. An opponent's score is their
  16.3 adjusted score; each of the participant's own unplayed rounds counts
  as a game against a dummy opponent (16.4; 2026: capped).
* FB (8.3): Buchholz as if every paired game of the final round were a draw,
  Art. 16 applied on top. The final round's game counts as played even when it
  was forfeited (the TEC checker's reading, see reference §9.4 item 1).
* AOB (8.2): the average of the Buchholz of the opponents met over the board,
  two decimals, 0.5 up; ``AOB/F`` averages the Fore Buchholz (2026 wording).
* SB (9.1): for each round, the opponent's (or dummy's) score multiplied by
  the points scored in that round.

Cut and Median (Art. 14, 16.5) come from :mod:`.modifiers`. In a round robin
(Art. 15) forfeits are regular games and rounds without opponent count for
nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from arbitro.tiebreaks.column import Column, Contribution, Explanation, decimals_for, to_decimal
from arbitro.tiebreaks.context import Context
from arbitro.tiebreaks.modifiers import Item, apply_cuts, cut_scores
from arbitro.tiebreaks.spec import TiebreakSpec
from arbitro.tiebreaks.unplayed import CATEGORY_ARTICLE, PAB, PLAYED, VOLUNTARY, dummy_score

__all__ = ["Rows", "compute_opposition", "explain_opposition", "opposition_rows"]


@dataclass(slots=True)
class Rows:
    """Per player, the rounds entering BH/SB: round, opponent, score, own points, VUR, note."""

    adjusted: list[int]  # opponents' scores as seen by others (16.3, fore-adjusted for FB)
    own: list[int]  # own score used for the dummy (16.4)
    rounds: list[list[int]]
    opponents: list[list[int]]
    scores: list[list[int]]
    points: list[list[int]]
    vurs: list[list[bool]]
    notes: list[list[str]]


def _fore_active(ctx: Context, fore: bool) -> bool:
    return fore and ctx.rounds == ctx.final_round and ctx.rounds > 0


def _adjusted_and_own(ctx: Context, fore: bool) -> tuple[list[int], list[int]]:
    """16.3 adjusted scores and own scores; with ``fore`` the final round's games become draws (8.3)."""
    if not _fore_active(ctx, fore):
        return ctx.adjusted, ctx.total
    last = ctx.rounds - 1
    adjusted = list(ctx.adjusted)
    own = list(ctx.total)
    for j in range(ctx.size):
        has_opponent = ctx.opp[j][last] >= 0
        if not has_opponent and ctx.kind[j][last] != PAB:
            continue
        # The final round is no longer a voluntary unplayed round: no 16.2.5 rounds remain.
        adjusted[j] = ctx.total[j]
        if has_opponent:
            shift = ctx.draw - ctx.pts[j][last]
            adjusted[j] += shift
            own[j] += shift
    return adjusted, own


def opposition_rows(ctx: Context, version: str, fore: bool, predetermined: bool) -> Rows:
    """The rounds of every player as BH/SB see them (cached per version / fore / pre-determined)."""
    key = ("rows", version, fore, predetermined)
    cached = ctx.cache.get(key)
    if isinstance(cached, Rows):
        return cached
    adjusted, own = _adjusted_and_own(ctx, fore)
    fore_round = ctx.rounds - 1 if _fore_active(ctx, fore) else -1
    rr = ctx.round_robin
    draw, n_rounds = ctx.draw, ctx.rounds
    rows = Rows(adjusted, own, [], [], [], [], [], [])
    for i in range(ctx.size):
        r_rounds: list[int] = []
        r_opp: list[int] = []
        r_scores: list[int] = []
        r_points: list[int] = []
        r_vurs: list[bool] = []
        r_notes: list[str] = []
        opp_row, kind_row, pts_row = ctx.opp[i], ctx.kind[i], ctx.pts[i]
        for r in range(n_rounds):
            o = opp_row[r]
            k = kind_row[r]
            if o >= 0 and (k == PLAYED or predetermined or r == fore_round):
                score = adjusted[o]
                vur = False
                note = (
                    "opponent"
                    if k == PLAYED
                    else (
                        "final round taken as a draw (8.3)"
                        if r == fore_round
                        else "forfeit counted as played (15)"
                    )
                )
            elif not rr:
                score = dummy_score(own[i], adjusted[o] if o >= 0 else None, draw, n_rounds, version)
                vur = k in VOLUNTARY
                note = f"dummy opponent (16.4), {CATEGORY_ARTICLE[k]}"
                if score < own[i]:
                    note += ", capped by 16.4.1" if o >= 0 else ", capped by 16.4.2"
            elif o >= 0:
                score, vur, note = 0, False, "forfeit, round robin"
            else:
                continue  # round robin: a round without opponent counts for nothing
            r_rounds.append(r)
            r_opp.append(o)
            r_scores.append(score)
            r_points.append(pts_row[r])
            r_vurs.append(vur)
            r_notes.append(note)
        rows.rounds.append(r_rounds)
        rows.opponents.append(r_opp)
        rows.scores.append(r_scores)
        rows.points.append(r_points)
        rows.vurs.append(r_vurs)
        rows.notes.append(r_notes)
    ctx.cache[key] = rows
    return rows


def _settings(ctx: Context, spec: TiebreakSpec) -> tuple[str, bool, bool]:
    version = spec.version or ctx.rules
    fore = spec.code == "FB" or spec.fore
    predetermined = spec.forfeits_as_played or (ctx.round_robin and not spec.swiss)
    return version, fore, predetermined


def _items(rows: Rows, i: int, is_sb: bool) -> list[Item]:
    scores, vurs = rows.scores[i], rows.vurs[i]
    if is_sb:
        pts = rows.points[i]
        return [(s, s * p, v) for s, p, v in zip(scores, pts, vurs, strict=True)]
    return [(s, s, v) for s, v in zip(scores, vurs, strict=True)]


def buchholz_values(
    ctx: Context, version: str, fore: bool, predetermined: bool, cut_low: int = 0, cut_high: int = 0
) -> list[int]:
    """Buchholz (or Fore Buchholz) of every player, optionally cut, in units of 1/scale."""
    key = ("bh", version, fore, predetermined, cut_low, cut_high)
    cached = ctx.cache.get(key)
    if isinstance(cached, list):
        return cached
    rows = opposition_rows(ctx, version, fore, predetermined)
    if cut_low or cut_high:
        values = [
            cut_scores(rows.scores[i], rows.vurs[i], cut_low, cut_high, ctx.rounds) for i in range(ctx.size)
        ]
    else:
        values = [sum(s) for s in rows.scores]
    ctx.cache[key] = values
    return values


def compute_opposition(ctx: Context, spec: TiebreakSpec) -> Column:
    """BH, FB, SB (with Cut/Median) and AOB for every player."""
    version, fore, predetermined = _settings(ctx, spec)
    descending = not spec.reverse
    if spec.code == "AOB":
        bh = buchholz_values(ctx, version, fore, predetermined, spec.cut_low, spec.cut_high)
        return Column(spec, _aob(ctx, bh), 100, 2, descending)
    is_sb = spec.code == "SB"
    denominator = ctx.scale * ctx.scale if is_sb else ctx.scale
    decimals = decimals_for(2 if is_sb else 1, denominator)
    values: list[int | None]
    if not is_sb:
        values = list(buchholz_values(ctx, version, fore, predetermined, spec.cut_low, spec.cut_high))
        return Column(spec, values, denominator, decimals, descending)
    rows = opposition_rows(ctx, version, fore, predetermined)
    if spec.cut_low == 0 and spec.cut_high == 0:
        values = [
            sum(s * p for s, p in zip(rows.scores[i], rows.points[i], strict=True)) for i in range(ctx.size)
        ]
    else:
        values = [
            apply_cuts(_items(rows, i, True), spec.cut_low, spec.cut_high, ctx.rounds)[0]
            for i in range(ctx.size)
        ]
    return Column(spec, values, denominator, decimals, descending)


def _aob(ctx: Context, bh: list[int]) -> list[int | None]:
    """C.07 8.2: average of the opponents' (Fore) Buchholz, hundredths, 0.5 up."""
    scale = ctx.scale
    out: list[int | None] = []
    for i in range(ctx.size):
        total = count = 0
        for o, k in zip(ctx.opp[i], ctx.kind[i], strict=True):
            if k == PLAYED and o >= 0:
                total += bh[o]
                count += 1
        if count == 0:
            out.append(None)
        else:
            num, den = 100 * total, count * scale
            out.append((2 * num + den) // (2 * den))
    return out


def explain_opposition(ctx: Context, spec: TiebreakSpec, i: int) -> Explanation:
    """Per round: the opponent's (or dummy's) score, the contribution, and what was cut."""
    version, fore, predetermined = _settings(ctx, spec)
    column = compute_opposition(ctx, spec)
    value = column.decimal(i)
    sr = ctx.start_ranks[i]
    if spec.code == "AOB":
        bh = buchholz_values(ctx, version, fore, predetermined, spec.cut_low, spec.cut_high)
        contributions = tuple(
            Contribution(
                r + 1, ctx.start_ranks[o], to_decimal(bh[o], ctx.scale, 1), False, "opponent's Buchholz"
            )
            for r, (o, k) in enumerate(zip(ctx.opp[i], ctx.kind[i], strict=True))
            if k == PLAYED and o >= 0
        )
        return Explanation(spec.text, sr, value, contributions, f"C.07 8.2, rules {version}")
    rows = opposition_rows(ctx, version, fore, predetermined)
    is_sb = spec.code == "SB"
    items = _items(rows, i, is_sb)
    _total, alive = apply_cuts(items, spec.cut_low, spec.cut_high, ctx.rounds)
    contributions_list: list[Contribution] = []
    for k, (_score, contribution, _vur) in enumerate(items):
        o = rows.opponents[i][k]
        note = rows.notes[i][k]
        if is_sb:
            note += f"; score {to_decimal(items[k][0], ctx.scale, 1)} x points {to_decimal(rows.points[i][k], ctx.scale, 1)}"
        contributions_list.append(
            Contribution(
                rows.rounds[i][k] + 1,
                ctx.start_ranks[o] if o >= 0 else None,
                to_decimal(contribution, column.denominator, column.decimals),
                not alive[k],
                note,
            )
        )
    article = {"BH": "C.07 8.1", "FB": "C.07 8.3", "SB": "C.07 9.1"}[spec.code]
    return Explanation(spec.text, sr, value, tuple(contributions_list), f"{article}, rules {version}")
