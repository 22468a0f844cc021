"""Prize distribution: prize lists, one prize per player, Hort / equal / tie-break sharing (issue 20).

Pure core: no I/O. :func:`parse_prize_list` reads a JSON document already loaded
(docs/formats/prizes.md), :func:`entrants_from` turns a tournament and its final
ranking into :class:`Entrant` s, :func:`distribute` gives the prizes, and
:func:`fma_preset` is the FMA rulebook's list (FMA 8.1-8.7).
"""

from __future__ import annotations

from arbitro.prizes.distribute import Award, ClubScore, Distribution, club_ranking, distribute
from arbitro.prizes.entrants import Entrant, birth_year, entrants_from, is_eligible
from arbitro.prizes.listfile import load_document, parse_prize_list
from arbitro.prizes.model import Eligibility, Prize, PrizeGroup, PrizeList, Sharing
from arbitro.prizes.presets import fma_preset
from arbitro.prizes.sharing import share
from arbitro.prizes.tournament import distribution_dict, format_cash, prizes_for

__all__ = [
    "load_document",
    "Award",
    "ClubScore",
    "Distribution",
    "Eligibility",
    "Entrant",
    "Prize",
    "PrizeGroup",
    "PrizeList",
    "Sharing",
    "birth_year",
    "club_ranking",
    "distribute",
    "distribution_dict",
    "entrants_from",
    "fma_preset",
    "format_cash",
    "is_eligible",
    "parse_prize_list",
    "prizes_for",
    "share",
]
