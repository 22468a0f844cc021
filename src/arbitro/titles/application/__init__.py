"""Title applications (IT2) for GM, IM, WGM and WIM, and IT1/IT2 certificate data.

Public API::

    from arbitro.titles.application import (
        Applicant, Application, NormRecord, RatingEntry, TournamentInfo, check_application,
    )
    result = check_application(Application(applicant, norms, ratings))
    for t in result.titles:
        t.title, t.status, t.rules, t.missing, t.achieved_on, t.fee

A :class:`NormRecord` is a norm as the application sees it. It comes from a
recorded norm in the dossier (:mod:`arbitro.titles.dossier`) or from a TRF file
and start rank through the norm evaluator (:mod:`.from_trf`). Each norm is
judged by the B.01 edition in force when its tournament started; the
application rules by the edition in force on the application date
(:mod:`.params`). Rule functions live in :mod:`.rules`, game counting in
:mod:`.counting`, certificate data in :mod:`.certificates`.
"""

from __future__ import annotations

from arbitro.titles.application.checker import (
    ApplicationResult,
    NormUse,
    TitleResult,
    check_application,
    check_title,
)
from arbitro.titles.application.counting import GameCount, count_games, excess_points, minimum_games
from arbitro.titles.application.params import application_edition_for, norm_edition_for
from arbitro.titles.application.records import (
    Applicant,
    Application,
    EventTitle,
    NormRecord,
    RatingEntry,
    RatingKind,
    Status,
    TournamentInfo,
)
from arbitro.titles.application.rules import RuleCheck

__all__ = [
    "Applicant",
    "Application",
    "ApplicationResult",
    "EventTitle",
    "GameCount",
    "NormRecord",
    "NormUse",
    "RatingEntry",
    "RatingKind",
    "RuleCheck",
    "Status",
    "TitleResult",
    "TournamentInfo",
    "application_edition_for",
    "check_application",
    "check_title",
    "count_games",
    "excess_points",
    "minimum_games",
    "norm_edition_for",
]
