"""Forecasts during a tournament: what a player still needs for a norm.

* **Next paired round** (when the model holds a pairing without a result): the
  three outcomes are tried, weakest first (loss, draw, win), as if the event
  ended after that round - in a Swiss a player may ignore later games once a
  norm is made (B.01 1.42f / 1.4.1e). With predetermined pairings a norm is
  judged on the complete event, so this is given only for the last round.
* **Remaining rounds** (no pairing known): the fewest points from the rounds
  left that reach the title's Rp, *assuming the opponents' average stays at the
  current Ra* and the mix keeps holding (stated in the forecast).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from decimal import Decimal

from arbitro.errors import msg
from arbitro.model import Player, ResultCode, RoundResult, Tournament
from arbitro.ratings import DP_TABLE
from arbitro.titles.editions import Edition
from arbitro.titles.norms.evaluator import (
    TournamentFacts,
    evaluate_norm,
    titles_to_evaluate,
    tournament_facts,
)
from arbitro.titles.norms.result import NormOptions
from arbitro.titles.norms.rules import percent

__all__ = ["Forecast", "forecast_norms", "next_paired_round"]

_OUTCOMES = (("loss", ResultCode.LOSS), ("draw", ResultCode.DRAW), ("win", ResultCode.WIN))


@dataclass(frozen=True, slots=True)
class Forecast:
    """What ``start_rank`` needs for ``title`` from round ``round`` on.

    ``opponent`` is set for a paired round (``needed``: ``"any result"``, ``"a draw
    or a win"``, ``"a win"``); otherwise ``points`` out of ``rounds_left`` rounds.
    """

    start_rank: int
    name: str
    title: str
    round: int
    opponent: int | None
    needed: str
    games: int | None = None
    points: Decimal | None = None
    rounds_left: int = 1

    def line(self) -> str:
        """One line for people: a :class:`~arbitro.errors.Message` (``forecast.*`` codes) the faces translate."""
        if self.opponent is not None:
            return msg(
                "forecast.paired",
                "{rank} {name}: {title} norm with {needed} in round {round} (vs {opponent})",
                rank=self.start_rank, name=self.name, title=self.title, needed=self.needed, round=self.round,
                opponent=self.opponent,
            )  # fmt: skip
        return msg(
            "forecast.line", "{rank} {name}: {title} norm with {needed}",
            rank=self.start_rank, name=self.name, title=self.title, needed=self.needed,
        )  # fmt: skip


def next_paired_round(player: Player) -> int | None:
    """The first round paired against an opponent but without a result, or ``None``."""
    for r, res in enumerate(player.results, start=1):
        if res.opponent is not None and res.code is ResultCode.NOT_PAIRED:
            return r
    return None


def _as_if(t: Tournament, player: Player, r: int, code: ResultCode) -> Tournament:
    res = player.results[r - 1]
    assert res.opponent is not None
    players = {k: replace(p, results=list(p.results[:r])) for k, p in t.players.items()}
    players[player.start_rank].results[r - 1] = RoundResult(res.opponent, res.colour, code)
    opp = players[res.opponent]
    if len(opp.results) >= r:
        o = opp.results[r - 1]
        opp.results[r - 1] = RoundResult(player.start_rank, o.colour, code.mirrored)
    return replace(t, players=players, rounds=r)


def _paired(t: Tournament, p: Player, r: int, f: TournamentFacts) -> list[Forecast]:
    opponent = p.results[r - 1].opponent
    assert opponent is not None
    out = []
    for title in titles_to_evaluate(p):
        for word, code in _OUTCOMES:
            res = evaluate_norm(_as_if(t, p, r, code), p.start_rank, title, facts=f)
            if res.achieved:
                needed = {
                    "loss": msg("forecast.any_result", "any result"),
                    "draw": msg("forecast.draw_or_win", "a draw or a win"),
                    "win": msg("forecast.win", "a win"),
                }[word]
                out.append(Forecast(p.start_rank, p.name, title, r, opponent, needed, res.games))
                break
    return out


def _remaining(t: Tournament, p: Player, f: TournamentFacts) -> list[Forecast]:
    left = t.total_rounds - len(p.results)
    out = []
    for title in titles_to_evaluate(p):
        now = evaluate_norm(t, p.start_rank, title, facts=f)
        if now.achieved or now.ra is None:
            continue
        th = f.edition.thresholds[title]
        n, half = now.games_counted + left, int(now.score * 2)
        if n < f.edition.min_games or now.ra < th.ra_min:
            continue
        for extra in range(0, 2 * left + 1):
            h = half + extra
            if 100 * h >= 70 * n and now.ra + DP_TABLE[percent(h, n)] >= th.rp_min:
                pts = (Decimal(extra) / 2).quantize(Decimal("0.1"))
                rounds = "round" if left == 1 else "rounds"
                needed = (
                    msg(
                        "forecast.any_from_last",
                        "any results from the last {left} " + rounds + ", if the opponents keep averaging {ra} and the mix holds",
                        left=left, ra=now.ra,
                    )
                    if extra == 0
                    else msg(
                        "forecast.points_from_last",
                        "{points} points from the last {left} " + rounds
                        + ", if the opponents keep averaging {ra} and the mix holds",
                        points=pts, left=left, ra=now.ra,
                    )
                )  # fmt: skip
                out.append(Forecast(p.start_rank, p.name, title, len(p.results) + 1, None, needed, None, pts, left))
                break
    return out


def forecast_norms(t: Tournament, edition: str | Edition | None = None, *, options: NormOptions | None = None) -> list[Forecast]:
    """For each player still able to make a norm, the result needed in the next round(s)."""
    f = tournament_facts(t, edition, options)
    out: list[Forecast] = []
    for p in t.iter_players():
        r = next_paired_round(p)
        if r is not None:
            if not f.predetermined or r == t.total_rounds:
                out.extend(_paired(t, p, r, f))
        elif len(p.results) < t.total_rounds:
            out.extend(_remaining(t, p, f))
    return out
