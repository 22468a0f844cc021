"""An organisation's federation rulebook, through the :class:`~arbitro.federations.Rulebook` protocol.

Which rulebook is the organisation's plug-in key (``Organisation.rulebook``, a code of
:mod:`arbitro.federations`; empty: FIDE rules only, issue 19 item 5). The default organisation
takes ``settings.ARBITRO_RULEBOOK`` (default: the only one registered) when it is created. Every
function takes ``org``: an organisation, a tournament (its organisation's rulebook) or ``None``
(the default organisation). The rules (categories, formats, tie-break orders, bye limits) live in
the rulebook; this module only asks it, in the language of the request, and turns refusals into
:class:`ArbitroError`.
"""

from __future__ import annotations

import datetime as _dt

from django.conf import settings
from django.http import HttpRequest
from django.utils.translation import gettext as _

from arbitro import federations
from arbitro.errors import ArbitroError
from arbitro.federations.rulebook import ByeQuestion, Rulebook, TournamentFormat
from arbitro.tournament import TournamentState
from arbitro.web.tournaments import texts

from . import models

Owner = models.Organisation | models.Tournament | None


def organisation_of(org: Owner) -> models.Organisation:
    if org is None:
        return models.default_organisation()
    if isinstance(org, models.Tournament):
        return org.organisation
    return org


def rulebook(org: Owner = None) -> Rulebook | None:
    """The organisation's rulebook (``None``: it offers FIDE rules only)."""
    code = organisation_of(org).rulebook
    if not code:
        return None
    try:
        return federations.rulebook_of(code)
    except ArbitroError:  # a plug-in no longer installed: FIDE rules only
        return None


def rulebook_choices() -> list[tuple[str, str]]:
    """``[("", "—"), (code, name), ...]``: the registered rulebooks an organisation may take."""
    return [("", "—")] + [(f.code, f"{f.code} — {f.name}") for f in federations.available()]


def lang() -> str:
    return texts.catalogue_language()  # a language with catalogues (arbitro.i18n)


def category_choices(org: Owner = None, *, creatable_only: bool = False) -> list[tuple[str, str]]:
    """``[("", "—"), (key, label), ...]`` for a form's category field."""
    book = rulebook(org)
    cats = book.categories(lang()) if book is not None else []
    return [("", "—")] + [(c.key, c.label) for c in cats if c.creatable or not creatable_only]


def format_for(entrants: int, org: Owner = None) -> TournamentFormat:
    """The rulebook's format of a category tournament of ``entrants`` players."""
    book = rulebook(org)
    if book is None:
        raise ArbitroError(_("category: this organisation has no federation rulebook"))
    return book.format_for(entrants, lang())


def check_bye(st: TournamentState, start_rank: int, rnd: int, org: Owner = None) -> None:
    """The rulebook's half-point bye rule for a category tournament; raises with its message."""
    book = rulebook(org)
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


def multi_organisation() -> bool:
    """Does this server host more than one organisation? (a single-machine install shows none of it)"""
    return models.Organisation.objects.all()[:2].count() > 1


def site_rulebook() -> Rulebook | None:
    """The site's rulebook (``ARBITRO_RULEBOOK`` or the only one registered): the one the default organisation
    takes when it is created, linked from every page's navigation (no database read)."""
    return federations.default(getattr(settings, "ARBITRO_RULEBOOK", ""))


def context(request: HttpRequest) -> dict[str, object]:
    """Template context processor: ``rulebook`` (the site's) and ``multi_org`` (read only when a page of a
    tournament or an organisation asks) for the navigation."""
    from django.utils.functional import SimpleLazyObject

    return {"rulebook": site_rulebook(), "multi_org": SimpleLazyObject(multi_organisation)}


def default_time_text(org: Owner = None) -> str:
    """The rulebook's default time for the pairing page and the desk."""
    book = rulebook(org)
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


def no_show_result(absent: str, start: str, now: str, names: dict[str, str], org: Owner = None) -> tuple[str, str]:
    """The rulebook's default time at the desk: the forfeit for a non-appearance, and the rulebook's message.

    ``absent``: white, black or both; ``start``: the scheduled start (HH:MM);
    ``now``: the time the absence is recorded (HH:MM, default: the server's local time).
    Raises with the rulebook's message while the time has not run out.
    """
    from django.utils import timezone

    book = rulebook(org)
    if book is None:
        raise ArbitroError(_("this organisation has no federation rulebook with a default time"))
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
