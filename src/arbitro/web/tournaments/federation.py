"""The site's federation rulebook, through the :class:`~arbitro.federations.Rulebook` protocol.

Which rulebook is ``settings.ARBITRO_RULEBOOK`` (default: the only one
registered in :mod:`arbitro.federations`). The rules (categories, formats,
tie-break orders, bye limits) live in the rulebook; this module only asks it,
in the language of the request, and turns refusals into :class:`ArbitroError`.
"""

from __future__ import annotations

import datetime as _dt

from django.conf import settings
from django.http import HttpRequest
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from arbitro import federations
from arbitro.errors import ArbitroError
from arbitro.federations.rulebook import ByeQuestion, Rulebook, TournamentFormat
from arbitro.tournament import TournamentState


def rulebook() -> Rulebook | None:
    """The site's rulebook (``None``: the site offers FIDE rules only)."""
    return federations.default(getattr(settings, "ARBITRO_RULEBOOK", ""))


def lang() -> str:
    return "en" if (get_language() or "es").startswith("en") else "es"


def category_choices(*, creatable_only: bool = False) -> list[tuple[str, str]]:
    """``[("", "—"), (key, label), ...]`` for a form's category field."""
    book = rulebook()
    cats = book.categories(lang()) if book is not None else []
    return [("", "—")] + [(c.key, c.label) for c in cats if c.creatable or not creatable_only]


def format_for(entrants: int) -> TournamentFormat:
    """The rulebook's format of a category tournament of ``entrants`` players."""
    book = rulebook()
    if book is None:
        raise ArbitroError("category: this site has no federation rulebook")
    return book.format_for(entrants, lang())


def check_bye(st: TournamentState, start_rank: int, rnd: int) -> None:
    """The rulebook's half-point bye rule for a category tournament; raises with its message."""
    book = rulebook()
    if book is None:
        return
    player = st.player(start_rank)
    refusal = book.refuse_half_point_bye(
        ByeQuestion(
            player=player.name,
            round=rnd,
            played=sum(1 for r in st.rounds if r.complete),
            total_rounds=st.total_rounds or 0,
            swiss=not st.is_round_robin,
            granted_before=st.bye_count(start_rank, "H"),
        ),
        lang(),
    )
    if refusal is not None:
        raise ArbitroError(refusal)


def context(request: HttpRequest) -> dict[str, Rulebook | None]:
    """Template context processor: ``rulebook`` for the navigation and the federation page."""
    return {"rulebook": rulebook()}


def default_time_text() -> str:
    """The rulebook's default time for the pairing page and the desk."""
    book = rulebook()
    return book.default_time_notice(lang()) if book is not None else ""


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
    """The rulebook's default time at the desk: the forfeit for a non-appearance, and the rulebook's message.

    ``absent``: white, black or both; ``start``: the scheduled start (HH:MM);
    ``now``: the time the absence is recorded (HH:MM, default: the server's local time).
    Raises with the rulebook's message while the time has not run out.
    """
    from django.utils import timezone

    book = rulebook()
    if book is None:
        raise ArbitroError(_("this site has no federation rulebook with a default time"))
    if absent not in _NO_SHOW_RESULT:
        raise ArbitroError(_("absent: expected white, black or both, got %(got)r") % {"got": absent})
    local = timezone.localtime()
    day = local.date()
    scheduled = _clock(start, _("round start"), day)
    at = _clock(now, _("time"), day) if now.strip() else local.replace(tzinfo=None, second=0, microsecond=0)
    who = names["white"] if absent == "white" else names["black"] if absent == "black" else " / ".join(names.values())
    ok, text = book.check_non_appearance(scheduled, at, who, lang())
    if not ok:
        raise ArbitroError(text)
    return _NO_SHOW_RESULT[absent], text
