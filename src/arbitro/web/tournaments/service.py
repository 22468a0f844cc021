"""Desk actions through the core tournament service (:mod:`arbitro.tournament`).

Each action: rebuild the current core state, let the core service apply the
action (it checks the rules and raises :class:`arbitro.errors.ArbitroError`
with a message for the arbiter), append the resulting events to the log, save
the new state. No chess rule is decided here.
"""

from __future__ import annotations

from typing import Any

from arbitro.errors import ArbitroError
from arbitro.model import Tournament as CoreTournament

from . import models, store


def available() -> bool:
    return store.core_function("arbitro.tournament", "replay") is not None


def replay(row: models.Tournament, events: list[models.TournamentEvent]) -> CoreTournament:
    """State = base snapshot + replay of the log (core ``arbitro.tournament.replay``)."""
    base = store.parse(row.base_trf, source=f"{row.slug}.trf", validate=False) if row.base_trf else None
    fn = store.core_function("arbitro.tournament", "replay")
    if fn is None:
        if events:
            raise ArbitroError("the tournament service is not available yet")
        return base or CoreTournament(name=row.name)
    from arbitro.tournament.events import event_from_dict

    core_events = [
        event_from_dict({"kind": e.kind, "payload": e.payload, "timestamp": e.created.isoformat(), "author": _author(e)})
        for e in events
    ]
    result: CoreTournament = fn(core_events, base=base) if base is not None else fn(core_events)
    return result


def _author(e: models.TournamentEvent) -> str:
    return e.author.get_username() if e.author_id else ""


def not_available(*_: Any, **__: Any) -> None:
    raise ArbitroError("not available yet: the tournament service has not landed")


def create(data: dict[str, Any], user: Any) -> models.Tournament:
    not_available()
    raise AssertionError  # pragma: no cover


def request_bye(row: models.Tournament, start_rank: int, rnd: int, kind: str, user: Any) -> None:
    not_available()


def perform(row: models.Tournament, op: str, data: Any, user: Any) -> str:
    not_available()
    return ""
