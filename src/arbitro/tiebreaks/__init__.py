"""FIDE tie-breaks (C.07, 2024 and 2026 editions), one module per family.

* :mod:`.spec` - tie-break specifiers (``BH/C1``, ``KS/L60``) and modifiers (Art. 14);
* :mod:`.rules` - which edition applies (start date, 1 March 2026);
* :mod:`.context` - the per-computation integer arrays;
* :mod:`.unplayed` - categories of unplayed rounds, adjusted scores, dummy opponent (Art. 16);
* :mod:`.modifiers` - Cut / Median with VURs cut first (14, 16.5);
* :mod:`.own_results` - PTS, WIN, WON, BPG, BWG, PS, REP, STD, TPN (Art. 7);
* :mod:`.direct_encounter` - DE (Art. 6) with the Swiss certainty rule;
* :mod:`.opposition` - BH, FB, AOB, SB (Art. 8, 9.1);
* :mod:`.koya` - KS (9.2, 14.5);
* :mod:`.rating_based` - ARO, TPR, PTP, APRO, APPO, RTNG (Art. 10).

Standings (ranking, drawing of lots) are in :mod:`arbitro.standings`.
"""

from __future__ import annotations

from arbitro.tiebreaks.column import Column, Contribution, Explanation
from arbitro.tiebreaks.context import Context, build_context
from arbitro.tiebreaks.rules import Rules, resolve_rules, rules_for_date
from arbitro.tiebreaks.spec import (
    KNOWN_CODES,
    TiebreakSpec,
    TiebreakSpecError,
    parse_tiebreak,
    parse_tiebreak_list,
)

__all__ = [
    "KNOWN_CODES",
    "Column",
    "Context",
    "Contribution",
    "Explanation",
    "Rules",
    "TiebreakSpec",
    "TiebreakSpecError",
    "build_context",
    "parse_tiebreak",
    "parse_tiebreak_list",
    "resolve_rules",
    "rules_for_date",
]
