"""FIDE title norms (B.01 1.4) under the edition in force when the tournament started.

Public API::

    from arbitro.titles.norms import evaluate_norm, evaluate_norms, NormResult, NormOptions

* ``evaluate_norm(t, start_rank, title, *, edition=None, options=None) -> NormResult``
  evaluates one title (``"GM"``, ``"IM"``, ``"WGM"``, ``"WIM"``) for one player.
  ``edition`` is ``None``/``"auto"`` (chosen by the start date: TRF 042, else the
  first round date), ``"2005"``, ``"2009"``, ``"2017"``, ``"2022"``, ``"2024"`` or an
  :class:`~arbitro.titles.editions.Edition`. ``options`` (:class:`NormOptions`)
  carries what the TRF cannot say: the kind of event (team championship, World
  Cup, national championship, zonal, QC-approved), a minimum-games override and
  whether the pairings were predetermined.
* ``evaluate_norms(t, edition=None, *, options=None, players=None) -> list[PlayerNorms]``
  evaluates every player for every norm title they do not hold (WGM/WIM only
  for women); ``PlayerNorms`` has ``start_rank``, ``name`` and ``norms``.
* ``forecast_norms(t, edition=None, *, options=None) -> list[Forecast]``: during a
  tournament, the result each player needs in the next paired round, or the
  points needed from the remaining rounds (assuming the current Ra holds).

A :class:`NormResult` carries: ``achieved``; ``games`` - the games the norm counts
toward a title application after the extra games for exceeding the requirement
by whole points (1.41c / 1.4.1d) and the 13-game cap (1.7), ``None`` when not
achieved; ``games_counted`` (the games evaluated); ``score`` (Decimal); ``ra``;
``rp``; ``dropped_rounds`` (1.42e/f / 1.4.1e/f); ``failed_rules`` (articles);
``explanation`` (one line per rule with its numbers); ``audit`` (one
:class:`RoundAudit` per round: counted / excluded / dropped and the article);
``checks`` (the :class:`RuleCheck` list); ``edition``; ``tournament_start`` /
``tournament_end``; ``extra_games``; ``route``; ``uncertain`` (edition values our
sources leave uncertain that took part in the verdict); ``exemption`` (why the
federation rules were waived, for 1.43b1 / 1.4.3e) and ``eight_of_nine`` (the
1.4.1c / 2017 1.51 case, one per application).

Tournament checks (B.01 1.1): ``arbitro.titles.checks.tournament_checks(t, edition)``
returns ``TournamentCheck(check, article, status, detail)`` with status
``passed`` / ``failed`` / ``not determinable``.

Modules: :mod:`.games` (which rounds count, 1.42), :mod:`.rules` (one function
per article), :mod:`.exemption` (1.43 exemptions), :mod:`.search` (best legal
choice of games), :mod:`.evaluator` (the order of evaluation), :mod:`.forecast`.
Editions are data in :mod:`arbitro.titles.editions`; tournament checks of
B.01 1.1 are in :mod:`arbitro.titles.checks`.
"""

from __future__ import annotations

from arbitro.titles.norms.evaluator import (
    PlayerNorms,
    TournamentFacts,
    choose_edition,
    evaluate_norm,
    evaluate_norms,
    titles_to_evaluate,
    tournament_facts,
)
from arbitro.titles.norms.forecast import Forecast, forecast_norms
from arbitro.titles.norms.result import Game, NormOptions, NormResult, RoundAudit, RuleCheck

__all__ = [
    "Forecast",
    "Game",
    "NormOptions",
    "NormResult",
    "PlayerNorms",
    "RoundAudit",
    "RuleCheck",
    "TournamentFacts",
    "choose_edition",
    "evaluate_norm",
    "evaluate_norms",
    "forecast_norms",
    "titles_to_evaluate",
    "tournament_facts",
]
