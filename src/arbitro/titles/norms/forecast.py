"""Forecasts during a tournament: the result a player needs in the next paired round.

For each player with a paired round still without a result, the three outcomes
are tried, weakest first (loss, draw, win), as if the event ended after that
round: in a Swiss a player may ignore later games once a norm is made (B.01
1.42f / 1.4.1e). With predetermined pairings (round robins) a norm is judged on
the complete event, so the forecast is given only for the last round.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from arbitro.model import Player, ResultCode, RoundResult, Tournament
from arbitro.titles.editions import Edition
from arbitro.titles.norms.evaluator import evaluate_norm, titles_to_evaluate, tournament_facts
from arbitro.titles.norms.result import NormOptions

__all__ = ["Forecast", "forecast_norms", "next_paired_round"]

_OUTCOMES = (("loss", ResultCode.LOSS), ("draw", ResultCode.DRAW), ("win", ResultCode.WIN))


@dataclass(frozen=True, slots=True)
class Forecast:
    """``needed``: ``"any result"``, ``"draw"`` (a draw or a win), ``"win"``; the games the norm would count."""

    start_rank: int
    name: str
    title: str
    round: int
    opponent: int
    needed: str
    games: int | None

    def line(self) -> str:
        return f"{self.start_rank} {self.name}: {self.title} norm with {self.needed} in round {self.round} (vs {self.opponent})"


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


def forecast_norms(t: Tournament, edition: str | Edition | None = None, *, options: NormOptions | None = None) -> list[Forecast]:
    """For each player still able to make a norm in the next paired round, the weakest result that makes it."""
    f = tournament_facts(t, edition, options)
    out: list[Forecast] = []
    for p in t.iter_players():
        r = next_paired_round(p)
        if r is None or (f.predetermined and r != t.total_rounds):
            continue
        opponent = p.results[r - 1].opponent
        assert opponent is not None
        for title in titles_to_evaluate(p):
            for word, code in _OUTCOMES:
                hypo = _as_if(t, p, r, code)
                res = evaluate_norm(hypo, p.start_rank, title, edition=f.edition, options=f.options)
                if res.achieved:
                    needed = {"loss": "any result", "draw": "a draw or a win", "win": "a win"}[word]
                    out.append(Forecast(p.start_rank, p.name, title, r, opponent, needed, res.games))
                    break
    return out
