"""The site's federation rulebook, through the :class:`~arbitro.federations.Rulebook` protocol.

Which rulebook is ``settings.ARBITRO_RULEBOOK`` (default: the only one
registered in :mod:`arbitro.federations`). The rules (categories, formats,
tie-break orders, bye limits) live in the rulebook; this module only asks it,
in the language of the request, and turns refusals into :class:`ArbitroError`.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from django.utils.translation import get_language

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
