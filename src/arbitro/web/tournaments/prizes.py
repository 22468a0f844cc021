"""Prizes at the desk and on the public standings: thin calls into :mod:`arbitro.prizes` (issue 20).

A tournament's list is the one the organiser saved at the desk (a JSON document,
docs/formats/prizes.md); a category tournament without one uses the site rulebook's
preset (:meth:`~arbitro.federations.rulebook.Rulebook.prize_preset`). The distribution
follows the public standings (rounds complete).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from arbitro.errors import ArbitroError
from arbitro.prizes import PrizeList

from . import federation, models, store, texts

MAX_DOCUMENT = 100_000  # characters of a prize list typed at the desk


@dataclass
class PrizeRow:
    group: str
    place: str
    name: str
    start_rank: int | None
    points: str
    cash: str
    items: str
    shared: str
    public_id: int | None = None  # the player's page (a stable id, issue 15)


@dataclass
class PrizesView:
    rows: list[PrizeRow]
    rule: str
    total: str
    notes: list[str]
    provisional: bool


def stored_document(row: models.Tournament) -> dict[str, Any] | None:
    pl = models.PrizeList.objects.filter(tournament=row).first()
    return pl.document if pl is not None else None


def prize_list_for(row: models.Tournament) -> PrizeList | None:
    """The saved list, else the rulebook's preset for a category tournament, else ``None``."""
    from arbitro.prizes import parse_prize_list

    doc = stored_document(row)
    if doc is not None:
        return parse_prize_list(doc, _("prize list"))
    book = federation.rulebook(row)
    if row.category and book is not None:
        return book.prize_preset()
    return None


def save(row: models.Tournament, text: str) -> None:
    """Check and store the prize list typed at the desk; an empty text removes it."""
    from arbitro.prizes import load_document, parse_prize_list

    if not text.strip():
        models.PrizeList.objects.filter(tournament=row).delete()
    else:
        if len(text) > MAX_DOCUMENT:
            raise ArbitroError(_("prize list: at most %(n)s characters") % {"n": MAX_DOCUMENT})
        try:
            doc = load_document(text, _("prize list"))  # its nesting bounded (issue 38)
        except json.JSONDecodeError as exc:
            raise ArbitroError(
                _("prize list: line %(line)s, column %(col)s: not valid JSON (%(msg)s)")
                % {"line": exc.lineno, "col": exc.colno, "msg": exc.msg}
            ) from None
        parse_prize_list(doc, _("prize list"))
        models.PrizeList.objects.update_or_create(tournament=row, defaults={"document": doc})
    row.version += 1  # the public pages show the prizes: refresh their caches
    row.save(update_fields=["version", "updated"])


def view(row: models.Tournament, core: Any) -> PrizesView | None:
    """The distribution by the public standings, formatted for the templates; ``None`` without a list."""
    try:
        pl = prize_list_for(row)
    except ArbitroError:
        return None
    if pl is None or not core.players:
        return None
    from django.utils.translation import get_language

    # the view holds translated text: one cache entry per language
    return store.cached(row, f"prizes:{get_language()}", lambda: _view(row, core, pl))


def _view(row: models.Tournament, core: Any, pl: Any) -> PrizesView:
    from arbitro.prizes import distribute, entrants_from, format_cash
    from arbitro.views import standings_of

    played = core.played_rounds
    after = played if store.round_complete(core, played) else played - 1
    st = standings_of(core, after_round=after)
    order = [(r.start_rank, r.rank, r.points) for r in st.rows if not r.annulled]  # Q103: not in the standings
    year = row.start_date.year if row.start_date else (core.start_date.year if core.start_date else None)
    dist = distribute(pl, entrants_from(core, order, pl.clubs), reference_year=year)
    names = {p.start_rank: p.name for p in core.players.values()}
    ids = {p.start_rank: p.public_id for p in core.players.values()}
    rows = [
        PrizeRow(
            texts.text(a.group),
            str(a.place) if a.place else _("tied"),
            a.name,
            a.start_rank,
            "" if a.points is None else str(a.points),
            format_cash(a.cash, pl.currency) if a.cash else "",
            "; ".join(texts.text(i) for i in a.items),
            ", ".join(names.get(s, str(s)) for s in a.shared_with),
            ids.get(a.start_rank) if a.start_rank is not None else None,
        )
        for a in dist.awards
    ]
    sharing = {"hort": _("Hort system"), "equal": _("shared equally"), "tiebreak": _("by tie-break")}
    rule = (_("One prize per player (the most valuable).") if pl.one_prize_per_player
            else _("A player may receive several prizes.")) + " " + _("Cash of tied players: %(how)s.") % {
        "how": sharing[pl.sharing.value]}  # fmt: skip
    provisional = row.status != models.Tournament.Status.FINISHED
    notes = [texts.text(n) for n in pl.notes]
    return PrizesView(rows, rule, format_cash(dist.total_cash, pl.currency), notes, provisional)
