"""Data of the title documents, from the titles services (nothing is recomputed here).

* IT1 (B.01 2017 1.8 / 2024 1.8): one certificate per norm achieved in the
  tournament - :func:`arbitro.titles.norms.evaluate_norms` finds the norms,
  :func:`arbitro.titles.application.from_trf.norm_from_trf` turns each into the
  norm record, :func:`arbitro.titles.application.certificates.it1` gives its content.
* IT2 (B.01 2.1): the title application summary -
  :func:`arbitro.titles.application.check_application` and
  :func:`~arbitro.titles.application.certificates.it2`; from a dossier, or from
  the tournament alone (one norm: the summary then lists what is missing).
* IT3 (tournament report): the B.01 1.1 tournament checks
  (:func:`arbitro.titles.checks.tournament_checks`), the event's numbers and the
  norms achieved.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from arbitro.errors import ArbitroError
from arbitro.model import Player, Tournament
from arbitro.titles.application import Applicant, Application, NormRecord, check_application
from arbitro.titles.application.certificates import it1, it2
from arbitro.titles.application.from_trf import norm_from_trf
from arbitro.titles.checks import TournamentCheck, tournament_checks
from arbitro.titles.norms import NormResult, evaluate_norms
from arbitro.titles.norms.evaluator import choose_edition

__all__ = [
    "NormCandidate",
    "ReportData",
    "applicant_of",
    "it1_certificates",
    "it2_summaries",
    "norm_candidates",
    "report_data",
]


def _birth(value: str) -> dt.date | None:
    try:
        return dt.date.fromisoformat(value.replace("/", "-"))
    except ValueError:
        return None


def applicant_of(p: Player) -> Applicant:
    """The applicant as the tournament file describes the player."""
    return Applicant(
        p.name,
        sex=p.sex,
        federation=p.federation,
        fide_id=p.fide_id,
        birth_date=_birth(p.birth_date),
        titles=(p.title,) if p.title else (),
    )


@dataclass(frozen=True, slots=True)
class NormCandidate:
    """The best norm result of one player: achieved, or the closest one (for norm progress)."""

    start_rank: int
    name: str
    result: NormResult
    titles: tuple[str, ...] = ()  # every title whose norm was achieved


def norm_candidates(t: Tournament, *, achieved_only: bool = False) -> list[NormCandidate]:
    """Per player, the achieved norm of the highest title, else the title whose Rp came closest."""
    from arbitro.documents.stats import norm_rp

    out: list[NormCandidate] = []
    for pn in evaluate_norms(t):
        achieved = [n for n in pn.norms if n.achieved]
        if achieved:
            out.append(NormCandidate(pn.start_rank, pn.name, achieved[0], tuple(n.title for n in achieved)))
            continue
        if achieved_only:
            continue
        asked = {n.title: norm_rp(n.title, n.edition) or 9999 for n in pn.norms}
        close = [n for n in pn.norms if n.rp is not None and n.rp >= asked[n.title] - 100]
        if close:
            best = max(close, key=lambda n: (n.rp or 0) - asked[n.title])
            out.append(NormCandidate(pn.start_rank, pn.name, best))
    return out


def _records(
    t: Tournament, player: int | None, problems: list[str] | None = None
) -> list[tuple[Applicant, NormRecord]]:
    """The norm record of each norm achieved; a norm whose record cannot be made is reported in ``problems``."""
    if player is not None and player not in t.players:
        raise ArbitroError(f"--player: no player with start rank {player}")
    out: list[tuple[Applicant, NormRecord]] = []
    for c in norm_candidates(t, achieved_only=True):
        if player is not None and c.start_rank != player:
            continue
        p = t.players[c.start_rank]
        applicant = applicant_of(p)
        try:
            record = norm_from_trf(  # only the titles achieved: each title is one more evaluation
                t, applicant, entry=f"{p.name} ({p.start_rank})", start_rank=p.start_rank, titles=c.titles
            )
        except ArbitroError as err:  # the evaluator found the norm but the record needs data the file lacks
            if problems is not None:
                problems.append(str(err))
            continue
        out.append((applicant, record))
    return out


def it1_certificates(
    t: Tournament, player: int | None = None, problems: list[str] | None = None
) -> list[dict[str, Any]]:
    """IT1 content for every norm achieved in ``t`` (or by ``player``), with the player's ``start_rank``."""
    return [
        {**it1(record, applicant, record.titles[0]), "start_rank": record.start_rank}
        for applicant, record in _records(t, player, problems)
        if record.titles
    ]


def it2_summaries(
    t: Tournament, player: int | None = None, problems: list[str] | None = None
) -> list[dict[str, Any]]:
    """IT2 content for each player with a norm here, as an application of this norm alone."""
    out: list[dict[str, Any]] = []
    for applicant, record in _records(t, player, problems):
        result = check_application(Application(applicant, norms=(record,)))
        out.extend(_it2_with_status(r, applicant) for r in result.titles)
    return out


def _it2_with_status(result: Any, applicant: Applicant) -> dict[str, Any]:
    data = it2(result, applicant)
    data["missing"] = list(result.missing)
    data["notes"] = list(result.notes)
    return data


def it2_from_application(app: Application) -> list[dict[str, Any]]:
    """IT2 content for every title of a dossier's application."""
    result = check_application(app)
    return [_it2_with_status(r, app.applicant) for r in result.titles]


@dataclass(slots=True)
class ReportData:
    edition: str
    checks: list[TournamentCheck]
    players: int
    rated: int
    federations: int
    titled: dict[str, int]
    average_rating: int | None
    norms: list[NormCandidate] = field(default_factory=list)
    near: list[NormCandidate] = field(default_factory=list)


def report_data(t: Tournament) -> ReportData:
    """IT3: what the tournament report states - the event's numbers, the B.01 1.1 checks, the norms."""
    edition = choose_edition(t)
    checks = tournament_checks(t, edition)
    rated = [p.rating for p in t.players.values() if p.rating > 0]
    titled: dict[str, int] = {}
    for p in t.players.values():
        if p.title:
            titled[p.title] = titled.get(p.title, 0) + 1
    candidates = norm_candidates(t)
    return ReportData(
        edition=edition.code,
        checks=checks,
        players=len(t.players),
        rated=len(rated),
        federations=len({p.federation for p in t.players.values() if p.federation}),
        titled=titled,
        average_rating=round(sum(rated) / len(rated)) if rated else None,
        norms=[c for c in candidates if c.result.achieved],
        near=[c for c in candidates if not c.result.achieved],
    )
