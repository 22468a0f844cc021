"""FMA pages and FMA tournaments: thin calls into :mod:`arbitro.federations.fma`.

The rulebook (formats FMA 4.1, tie-break orders FMA 6.1/6.2, half-point byes
FMA 4.2, categories FMA 1.3) lives in the core; this module only translates
its answers into what the tournament service and the templates take.
"""

from __future__ import annotations

import datetime as _dt
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


def default_time_text() -> str:
    """FMA 4.3 for the pairing page and the desk: one hour from the scheduled start of the round."""
    from arbitro.federations.fma import byes

    m = byes.default_time_notice()
    return f"{m.text(_lang())} ({m.article})"


def _clock(value: str, field: str, day: _dt.date) -> _dt.datetime:
    try:
        hh, mm = value.strip().split(":")
        return _dt.datetime.combine(day, _dt.time(int(hh), int(mm)))
    except ValueError:
        raise ArbitroError(
            _("%(field)s: expected a time as HH:MM, got %(got)r") % {"field": field, "got": value}
        ) from None


_NO_SHOW_RESULT = {"white": "0F-1F", "black": "1F-0F", "both": "0F-0F"}


def no_show_result(absent: str, start: str, now: str, names: dict[str, str]) -> tuple[str, str]:
    """FMA 4.3 at the desk: the forfeit result for a non-appearance, and the rulebook's message.

    ``absent``: white, black or both; ``start``: the scheduled start (HH:MM);
    ``now``: the time the absence is recorded (HH:MM, default: the server's local time).
    Raises with the rulebook's message while the hour has not run out.
    """
    from django.utils import timezone

    from arbitro.federations.fma import byes

    if absent not in _NO_SHOW_RESULT:
        raise ArbitroError(_("absent: expected white, black or both, got %(got)r") % {"got": absent})
    local = timezone.localtime()
    day = local.date()
    scheduled = _clock(start, _("round start"), day)
    at = _clock(now, _("time"), day) if now.strip() else local.replace(tzinfo=None, second=0, microsecond=0)
    who = names["white"] if absent == "white" else names["black"] if absent == "black" else " / ".join(names.values())
    ok, message = byes.check_non_appearance(scheduled, at, who)
    text = f"{message.text(_lang())} ({message.article})"
    if not ok:
        raise ArbitroError(text)
    return _NO_SHOW_RESULT[absent], text


def categories_overview() -> dict[str, Any]:
    """Categories by rating (FMA 1.3), formats (FMA 4.1) and tie-breaks (FMA 6) for the FMA page."""
    try:
        from arbitro.federations.fma import categories, formats, tiebreaks
    except ImportError:
        return {"available": False}
    lang = _lang()
    cats = [(c.name_in(lang), c.key) for c in categories.Category]
    sizes = [  # FMA 4.1 a-d, the rulebook's own table
        (b.low, b.high, b.kind.name_in(lang), b.rounds, b.article) for b in formats.FORMAT_BANDS
    ]
    order = {
        kind.name_in(lang): [(tb.spanish if lang == "es" else tb.english, tb.code, tb.article) for tb in tiebreaks.order_for(kind)]
        for kind in (formats.FormatKind.SWISS, formats.FormatKind.ROUND_ROBIN)
    }
    ratings = [  # FMA 1.3 a-d, the rulebook's own table
        (b.low, b.high, b.category.name_in(lang), b.article) for b in categories.RATING_BANDS
    ]
    return {"available": True, "categories": cats, "formats": sizes, "tiebreaks": order, "by_rating": ratings}
