"""The desk's players and settings: rating-list search, registration, edits, removal, withdrawal, return,
settings changes (issue 15 items 4 and 5).

Each command is one replay, one core command, one append (:mod:`.service`); the
core decides the rules (C.04.2 2.4-2.5 late entries and their pairing numbers,
3.2 withdrawals, removal before round 1) and this module only turns the web's
input into the core's arguments, with translated messages for what the form
can see (duplicates, a list entry that is gone).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Q
from django.utils.translation import gettext as _

from arbitro.errors import ArbitroError
from arbitro.model import TITLES
from arbitro.model import Tournament as CoreTournament
from arbitro.tournament import TournamentState

from . import models, service
from .duplicates import duplicate_of

#: At most this many people are listed for one search.
SEARCH_LIMIT = 20


@dataclass
class Found:
    """One person found, once: from the FIDE rating list (``fide_id`` set) or the registry (``person``)."""

    source: str  # "list" or "registry"
    key: str  # the FIDE id (list) or the registry person's id
    name: str
    fide_id: str
    federation: str
    title: str
    rating: int
    birth: str
    category: str = ""


def _rating(entry: models.RatingListEntry | None, rating_type: str) -> int:
    if entry is None:
        return 0
    value = {"rapid": entry.rapid, "blitz": entry.blitz}.get(rating_type, entry.standard)
    return int(value or 0)


def search(query: str, rating_type: str = "standard") -> list[Found]:
    """People whose name holds every word of ``query`` (accents, case, commas ignored) or whose FIDE id it is.

    "perez jose", "Pérez, José" and "jose perez" find the same person; each person
    is listed once (a registry person with the FIDE id of a list entry is that entry).
    """
    text = query.strip()
    if not text:
        return []
    words = models.fold_name(text).split()
    if text.isdigit():
        list_q, people_q = Q(fide_id=text), Q(fide_id=text)
    else:
        list_q = Q(name__icontains=text)
        people_q = Q(name__icontains=text)
        if words:
            folded = Q()
            for w in words:
                folded &= Q(search_name__contains=w)
            list_q |= folded
            people_q |= folded
    found: list[Found] = []
    seen: set[str] = set()
    for e in models.RatingListEntry.objects.filter(list_q).order_by("name", "fide_id")[:SEARCH_LIMIT]:
        if e.fide_id in seen:
            continue
        seen.add(e.fide_id)
        found.append(
            Found("list", e.fide_id, e.name, e.fide_id, e.federation, e.title if e.title in TITLES else "",
                  _rating(e, rating_type), str(e.birth_year or ""))  # fmt: skip
        )
    names: set[str] = {models.fold_name(f.name) for f in found}
    for p in models.Person.objects.filter(people_q).order_by("name", "pk")[: SEARCH_LIMIT * 2]:
        ident = p.fide_id or f"name:{models.fold_name(p.name)}"
        if ident in seen or (not p.fide_id and models.fold_name(p.name) in names):
            continue
        seen.add(ident)
        entry = models.RatingListEntry.objects.filter(fide_id=p.fide_id).first() if p.fide_id else None
        found.append(
            Found("registry", str(p.pk), p.name, p.fide_id, p.federation, p.title if p.title in TITLES else "",
                  _rating(entry, rating_type), p.birth_date, p.category)  # fmt: skip
        )
        if len(found) >= SEARCH_LIMIT:
            break
    return found[:SEARCH_LIMIT]


def fields_from(source: str, key: str, rating_type: str) -> dict[str, str | int]:
    """The registration fields of a person found (:func:`search`): rating, title and federation kept."""
    if source == "list":
        e = models.RatingListEntry.objects.filter(fide_id=key).first()
        if e is None:
            raise ArbitroError(_("FIDE ID %(id)s is not in the rating list.") % {"id": key})
        sex = {"F": "w", "M": "m"}.get(e.sex.upper(), "")
        return {"name": e.name, "fide_id": e.fide_id, "federation": e.federation, "title": e.title if e.title in TITLES else "",
                "rating": _rating(e, rating_type), "sex": sex, "birth_date": str(e.birth_year or "")}  # fmt: skip
    if source == "registry" and key.isdigit():
        p = models.Person.objects.filter(pk=int(key)).first()
        if p is not None:
            entry = models.RatingListEntry.objects.filter(fide_id=p.fide_id).first() if p.fide_id else None
            return {"name": p.name, "fide_id": p.fide_id, "federation": p.federation or (entry.federation if entry else ""),
                    "title": p.title if p.title in TITLES else (entry.title if entry and entry.title in TITLES else ""),
                    "rating": _rating(entry, rating_type), "sex": p.sex if p.sex in ("m", "w") else "",
                    "birth_date": p.birth_date}  # fmt: skip
    raise ArbitroError(_("That person is no longer in the registry."))


def _core(row: models.Tournament) -> CoreTournament:
    from . import store

    return store.load(row)


def register(row: models.Tournament, data: dict[str, Any], user: service.Actor) -> int:
    """Register (also a late entry: the core gives the C.04.2 2.4-2.5 pairing number); duplicates refused."""
    return service.register_new(row, data, user)


def update(row: models.Tournament, start_rank: int, data: dict[str, Any], user: service.Actor) -> None:
    dup = duplicate_of(_core(row), data, except_rank=start_rank)
    if dup:
        raise ArbitroError(dup)
    svc = service._service(row, user)
    svc.update_player(
        start_rank,
        rating=int(data.get("rating") or 0),
        **{k: str(data.get(k) or "") for k in ("name", "title", "federation", "fide_id", "sex", "birth_date")},
    )
    service._commit(row, svc, user)


def remove(row: models.Tournament, start_rank: int, user: service.Actor) -> None:
    service._run(row, user, lambda svc: svc.remove_player(start_rank))


def withdraw(row: models.Tournament, start_rank: int, user: service.Actor) -> None:
    service._run(row, user, lambda svc: svc.withdraw(start_rank))


def return_player(row: models.Tournament, start_rank: int, user: service.Actor) -> None:
    service._run(row, user, lambda svc: svc.return_player(start_rank))


def set_numbers(row: models.Tournament, order_text: str, user: service.Actor) -> None:
    """A round robin's pairing numbers set by hand before round 1 (VCL4THP Q95): current numbers in the new order."""
    items = [x for x in order_text.replace(",", " ").split() if x]
    if not items or not all(x.isdigit() for x in items):
        raise ArbitroError(
            _("pairing numbers: expected the current numbers in the new order, such as 3 1 2 4, got %(got)r")
            % {"got": order_text.strip()}
        )
    order = tuple(int(x) for x in items)
    service._run(row, user, lambda svc: svc.assign_pairing_numbers(order=order))


def change_settings(row: models.Tournament, settings: dict[str, Any], published: bool, user: service.Actor) -> bool:
    """The settings form (one ``settings_changed`` event when anything changed); ``published`` is the row's."""
    svc = service._service(row, user)
    svc.change_settings(**settings)
    changed = bool(svc.new_events)
    service._commit(row, svc, user)
    if row.published != published:
        row.published = published
        row.save(update_fields=["published", "updated"])
        changed = True
    return changed


def norms_possible(st: TournamentState | None, core: CoreTournament) -> str:
    """Why this event cannot give title norms (B.01 1.1), or ``""`` when it can (or the log does not say).

    Standard time control, FIDE rated, and at least as many rounds as the minimum games of B.01 1.4.1
    (the edition in force at the start, from the titles core).
    """
    from arbitro.titles.norms import choose_edition
    from arbitro.titles.norms.evaluator import minimum_games

    if st is not None:
        if st.rated is False:
            return _("Norms: this tournament is not FIDE rated (B.01 1.1).")
        if st.rating_type in ("rapid", "blitz"):
            return _("Norms: only standard games count for title norms (B.01 1.1).")
    rounds = core.rounds or core.played_rounds
    try:
        need = minimum_games(choose_edition(core), None, rounds or 0)
    except ArbitroError:
        return ""
    if rounds and rounds < need:
        return _("Norms: a norm needs at least %(n)s games; this tournament has %(r)s rounds (B.01 1.4.1).") % {
            "n": need, "r": rounds}  # fmt: skip
    return ""
