"""Norms on the public pages: thin calls into :mod:`arbitro.titles.norms` (B.01).

The core evaluates every rule (edition by start date, games counted, Ra, Rp,
federation and title mixes) and explains each verdict; this module only picks
what to show: norms achieved, norms within reach (at most two rules failing),
and during a tournament the forecasts (what a player needs next).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from arbitro.model import Tournament as CoreTournament

if TYPE_CHECKING:
    from arbitro.titles.norms.result import NormOptions, NormResult

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
    ra: int | None
    rp: int | None
    failed: list[str]
    explanation: list[str] = field(default_factory=list)
    public_id: int = 0  # the player's page (a stable id, issue 15)
    #: (rule code, article, passed, detail) of each B.01 check: the page says them in the reader's language
    #: (the detail is the core's coded reasoning, a :class:`~arbitro.errors.Message` with the numbers)
    checks: list[tuple[str, str, bool | None, str]] = field(default_factory=list)

    @property
    def rules(self) -> list[tuple[str, str, bool | None, str]]:
        """(article, the rule's name, passed, the reasoning) in the active language (looked up at render time)."""
        from .texts import text

        names = _rule_names()
        return [
            (article, names.get(rule, rule.replace("_", " ")), passed, text(detail))
            for rule, article, passed, detail in self.checks
        ]

    @property
    def failed_rules(self) -> list[tuple[str, str, bool | None, str]]:
        """The checks not met (the "rules not met" column), each with its name and reasoning."""
        return [r for r in self.rules if r[2] is False]


def _rule_names() -> dict[str, str]:
    """The B.01 1.4 checks of :mod:`arbitro.titles.norms.rules` by their codes."""
    from django.utils.translation import gettext as _

    return {
        "min_games": _("minimum number of games"),
        "eight_of_nine": _("8 games played of 9 rounds"),
        "drr": _("double round robin: number of players"),
        "federations": _("opponents from other federations"),
        "federation_maxima": _("maximum opponents from one federation"),
        "titled": _("titled opponents"),
        "norm_title": _("opponents holding the title"),
        "women_title": _("opponents holding the women's title"),
        "unrated_max": _("maximum unrated opponents"),
        "min_score": _("minimum score"),
        "ra": _("average rating of the opponents (Ra)"),
        "rp": _("performance (Rp)"),
        "performance": _("performance (Rp)"),
        "swiss_exemption": _("Swiss exemption from the federation rules"),
        "old_norm": _("norm under an earlier edition"),
    }


@dataclass
class NormReport:
    available: bool
    achieved: list[NormLine] = field(default_factory=list)
    in_reach: list[NormLine] = field(default_factory=list)
    forecasts: list[str] = field(default_factory=list)
    message: str = ""
    not_applicable: str = ""  # why this event gives no norms (B.01 1.1, 1.4.1): nothing else is shown

    @property
    def lines(self) -> list[NormLine]:
        return self.achieved + self.in_reach


def _why(exc: Exception) -> str:
    """What the page says when the norms cannot be evaluated: a user's problem (coded, translated at
    render time), never a programmer's English text (that goes to the log)."""
    from arbitro.errors import ArbitroError

    if isinstance(exc, ArbitroError) and exc.code:
        arg = exc.args[0] if exc.args else ""
        return arg if isinstance(arg, str) else str(arg)
    logging.getLogger(__name__).warning("norms not evaluated: %s", exc, exc_info=exc)
    return ""


def _line(result: NormResult, t: CoreTournament | None = None) -> NormLine:
    from arbitro.views import points_text

    p = t.players.get(result.start_rank) if t is not None else None
    return NormLine(
        public_id=p.public_id if p is not None else result.start_rank,
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
        checks=[(c.rule, c.article, c.passed, c.detail) for c in result.checks],
    )


def tournament_norms(t: CoreTournament, options: NormOptions | None = None) -> NormReport:
    """``options``: :class:`arbitro.titles.norms.NormOptions` (a team event's kind, issue 18), else the defaults."""
    from arbitro.titles.norms import evaluate_norms, forecast_norms

    if not t.players or t.played_rounds == 0:
        return NormReport(True)
    try:
        evaluated = evaluate_norms(t, options=options)
        forecasts = forecast_norms(t) if t.rounds is not None and t.played_rounds < t.rounds else []
    except Exception as exc:  # noqa: BLE001 - a norm engine problem must not take the page down
        return NormReport(False, message=_why(exc))
    report = NormReport(True)
    for pn in evaluated:
        for result in pn.norms:
            line = _line(result, t)
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
        return NormReport(False, message=_why(exc))
    report = NormReport(True)
    for pn in evaluated:
        for result in pn.norms:
            line = _line(result, t)
            (report.achieved if line.achieved else report.in_reach).append(line)
    return report
