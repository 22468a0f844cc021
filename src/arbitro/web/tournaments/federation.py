"""FMA pages and FMA tournaments: thin calls into :mod:`arbitro.federations.fma`.

The rulebook (formats FMA 4.1, tie-break orders FMA 6.1/6.2, half-point byes
FMA 4.2, categories FMA 1.3) lives in the core; this module only translates
its answers into what the tournament service and the templates take.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from arbitro.errors import ArbitroError
from arbitro.tournament import ByeLimits, TournamentState

_SYSTEM = {"swiss": "dutch", "round_robin": "round_robin", "double_round_robin": "double_round_robin"}


@dataclass(frozen=True)
class FmaFormat:
    system: str
    rounds: int | None
    tiebreaks: list[str]
    bye_limits: ByeLimits | None
    explanation: str


def _lang() -> str:
    return "en" if (get_language() or "es").startswith("en") else "es"


def format_for(entrants: int) -> FmaFormat:
    """FMA 4.1 format and FMA 6.1/6.2 tie-breaks for ``entrants`` players; FMA 4.2 bye limit."""
    from arbitro.federations.fma import byes, formats, tiebreaks

    if entrants < 2:
        raise ArbitroError(_("entrants: an FMA category tournament needs the expected number of players (FMA 4.1)"))
    fmt = formats.format_for(entrants)
    swiss = fmt.kind is formats.FormatKind.SWISS
    return FmaFormat(
        system=_SYSTEM[fmt.kind.value],
        rounds=fmt.rounds if swiss else None,
        tiebreaks=tiebreaks.codes_for(fmt.kind),
        bye_limits=ByeLimits(max_half_point_byes=byes.MAX_HALF_BYES) if swiss else None,
        explanation=fmt.message.text(_lang()),
    )


def check_fma_bye(st: TournamentState, start_rank: int, rnd: int) -> None:
    """FMA 4.2 through the rulebook: raises with the rulebook's message when refused."""
    from arbitro.federations.fma import byes, formats

    kind = formats.FormatKind.SWISS if st.system == "dutch" else formats.FormatKind.ROUND_ROBIN
    played = sum(1 for r in st.rounds if r.complete)
    player = st.player(start_rank)
    ok, message = byes.check_bye_request(
        byes.ByeRequest(player=player.name, round=rnd, played=played),
        player.name,
        st.total_rounds or 0,
        kind,
        st.bye_count(start_rank, "H"),
    )
    if not ok:
        raise ArbitroError(f"{message.text(_lang())} ({message.article})")


def categories_overview() -> dict[str, Any]:
    """Categories by rating (FMA 1.3), formats (FMA 4.1) and tie-breaks (FMA 6) for the FMA page."""
    try:
        from arbitro.federations.fma import categories, formats, tiebreaks
    except ImportError:
        return {"available": False}
    lang = _lang()
    cats = [(c.name_in(lang), c.key) for c in categories.Category]
    sizes = [(n, formats.format_for(n).name_in(lang)) for n in (6, 10, 21, 22)]
    order = {
        kind.name_in(lang): [(tb.spanish if lang == "es" else tb.english, tb.code, tb.article) for tb in tiebreaks.order_for(kind)]
        for kind in (formats.FormatKind.SWISS, formats.FormatKind.ROUND_ROBIN)
    }
    ratings = [(rating, categories.category_by_rating(rating).name_in(lang)) for rating in (1650, 1750, 1850, 1950)]
    return {"available": True, "categories": cats, "formats": sizes, "tiebreaks": order, "by_rating": ratings}
