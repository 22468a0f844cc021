"""Norms on the public pages: thin calls into :mod:`arbitro.titles.norms` (B.01).

The core evaluates every rule (edition by start date, games counted, Ra, Rp,
federation and title mixes) and explains each verdict; this module only picks
what to show: norms achieved, norms within reach (at most two rules failing),
and during a tournament the forecasts (what a player needs next).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from arbitro.model import Tournament as CoreTournament

#: A norm counts as "in reach" on the page when at most this many rules fail.
IN_REACH_FAILED_RULES = 2


@dataclass
class NormLine:
    start_rank: int
    name: str
    title: str
    achieved: bool
    score: str
    games: int
    ra: Any
    rp: Any
    failed: list[str]
    explanation: list[str] = field(default_factory=list)


@dataclass
class NormReport:
    available: bool
    achieved: list[NormLine] = field(default_factory=list)
    in_reach: list[NormLine] = field(default_factory=list)
    forecasts: list[str] = field(default_factory=list)
    message: str = ""

    @property
    def lines(self) -> list[NormLine]:
        return self.achieved + self.in_reach


def _line(result: Any) -> NormLine:
    from arbitro.views import points_text

    return NormLine(
        start_rank=result.start_rank,
        name=result.name,
        title=result.title,
        achieved=bool(result.achieved),
        score=points_text(result.score),
        games=int(result.games_counted or 0),
        ra=result.ra,
        rp=result.rp,
        failed=list(result.failed_rules),
        explanation=list(result.explanation),
    )


def tournament_norms(t: CoreTournament, options: Any = None) -> NormReport:
    """``options``: :class:`arbitro.titles.norms.NormOptions` (a team event's kind, issue 18), else the defaults."""
    from arbitro.titles.norms import evaluate_norms, forecast_norms

    if not t.players or t.played_rounds == 0:
        return NormReport(True)
    try:
        evaluated = evaluate_norms(t, options=options)
        forecasts = forecast_norms(t) if t.rounds is not None and t.played_rounds < t.rounds else []
    except Exception as exc:  # noqa: BLE001 - a norm engine problem must not take the page down
        return NormReport(False, message=str(exc))
    report = NormReport(True)
    for pn in evaluated:
        for result in pn.norms:
            line = _line(result)
            if line.achieved:
                report.achieved.append(line)
            elif line.games and len(line.failed) <= IN_REACH_FAILED_RULES:
                report.in_reach.append(line)
    report.forecasts = [f.line() for f in forecasts]
    return report


def player_norm(t: CoreTournament, start_rank: int) -> NormReport:
    from arbitro.titles.norms import evaluate_norms

    if t.played_rounds == 0:
        return NormReport(True)
    try:
        evaluated = evaluate_norms(t, players=[start_rank])
    except Exception as exc:  # noqa: BLE001
        return NormReport(False, message=str(exc))
    report = NormReport(True)
    for pn in evaluated:
        for result in pn.norms:
            line = _line(result)
            (report.achieved if line.achieved else report.in_reach).append(line)
    return report
