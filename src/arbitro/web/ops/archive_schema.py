"""The schema of a one-tournament backup (``meta.json`` + ``events.json``), checked before restoring.

Issue 21: a restore trusted ``meta.json`` (a status of 500 x "x" hid the tournament, version
10^18, a player account made chief arbiter by name). Every field is checked for its type,
width and allowed values here, and nothing is created until the whole archive passes.
"""

from __future__ import annotations

import datetime as dt
import re

from arbitro.errors import ArbitroError
from arbitro.limits import MAX_PLAYERS, MAX_ROUNDS, MAX_TRF_BYTES, text_problem
from arbitro.web.tournaments import federation, models  # the organisation's rulebook knows its categories

_SLUG = re.compile(r"[-a-zA-Z0-9_]{1,80}")
_STATUSES = ("registration", "running", "finished")
_ROLE_KINDS = ("federation_admin", "chief_arbiter", "arbiter")
_BYE_KINDS = ("H", "Z", "F")
_BYE_STATUSES = ("pending", "accepted", "rejected")
MAX_VERSION = 10**9
MAX_EVENTS = 1_000_000


class _Check:
    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, where: str, what: str) -> ArbitroError:
        return ArbitroError(f"{self.source}: {where}: {what}; nothing was restored")

    def text(self, d: dict[str, object], key: str, where: str, width: int, *, required: bool = False) -> None:
        v = d.get(key)
        if v is None and not required:
            return
        if not isinstance(v, str) or (required and not v):
            raise self.fail(f"{where}.{key}", "expected text")
        problem = text_problem(v, width)
        if problem:
            raise self.fail(f"{where}.{key}", problem)

    def choice(self, d: dict[str, object], key: str, where: str, allowed: tuple[str, ...]) -> None:
        v = d.get(key)
        if v is not None and v not in allowed:
            raise self.fail(f"{where}.{key}", f"expected one of {', '.join(a or '(empty)' for a in allowed)}")

    def integer(self, d: dict[str, object], key: str, where: str, low: int, high: int, *, required: bool = False) -> None:
        v = d.get(key)
        if v is None and not required:
            return
        if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
            raise self.fail(f"{where}.{key}", f"expected a whole number from {low} to {high}")

    def date(self, d: dict[str, object], key: str, where: str) -> None:
        v = d.get(key)
        if v is None:
            return
        try:
            dt.date.fromisoformat(v) if isinstance(v, str) and len(v) == 10 else dt.date.fromisoformat("x")
        except ValueError:
            raise self.fail(f"{where}.{key}", "expected a date YYYY-MM-DD") from None

    def items(self, d: dict[str, object], key: str, where: str) -> list[dict[str, object]]:
        v = d.get(key) or []
        if not isinstance(v, list) or not all(isinstance(x, dict) for x in v):
            raise self.fail(f"{where}.{key}", "expected a list of objects")
        return v


def check_meta(meta: object, source: str) -> None:
    """``meta.json``: every field of the tournament row, its roles and bye requests."""
    c = _Check(f"{source}: meta.json")
    if not isinstance(meta, dict):
        raise c.fail("(top level)", "expected an object")
    w = "meta"
    slug = meta.get("slug")
    if not isinstance(slug, str) or not _SLUG.fullmatch(slug):
        raise c.fail("meta.slug", "expected a slug (letters, digits, - and _; at most 80)")
    c.text(meta, "name", w, 200, required=True)
    c.text(meta, "city", w, 100)
    c.text(meta, "federation", w, 3)
    c.date(meta, "start_date", w)
    c.date(meta, "end_date", w)
    c.choice(meta, "status", w, _STATUSES)
    if not isinstance(meta.get("published", True), bool):
        raise c.fail("meta.published", "expected true or false")
    organisation = meta.get("organisation")  # issue 19 item 5 (older archives have none: the default one)
    if organisation is not None and (not isinstance(organisation, str) or not _SLUG.fullmatch(organisation)):
        raise c.fail("meta.organisation", "expected an organisation's slug")
    org = models.Organisation.objects.filter(slug=str(organisation or "")).first()
    categories = tuple(key for key, _label in federation.category_choices(org))
    c.choice(meta, "category", w, categories)
    c.choice(meta, "fma_category", w, categories)  # the key of older backups
    base = meta.get("base_trf")
    if base is not None and (not isinstance(base, str) or len(base) > MAX_TRF_BYTES):
        raise c.fail("meta.base_trf", "expected the TRF text")
    c.integer(meta, "version", w, 1, MAX_VERSION)
    season = meta.get("season")
    if season is not None:
        if not isinstance(season, dict):
            raise c.fail("meta.season", "expected an object or null")
        c.integer(season, "year", "meta.season", 1900, 2999, required=True)
        c.text(season, "name", "meta.season", 200)
    for i, r in enumerate(c.items(meta, "roles", w)):
        c.text(r, "user", f"meta.roles[{i}]", 150, required=True)
        c.choice(r, "kind", f"meta.roles[{i}]", _ROLE_KINDS)
    for i, b in enumerate(c.items(meta, "bye_requests", w)):
        where = f"meta.bye_requests[{i}]"
        # "player": the stable id (issue 15); "start_rank": a backup written before it
        c.integer(b, "player", where, 1, MAX_PLAYERS, required="start_rank" not in b)
        c.integer(b, "start_rank", where, 1, MAX_PLAYERS, required="player" not in b)
        c.integer(b, "round", where, 1, MAX_ROUNDS, required=True)
        c.choice(b, "kind", where, _BYE_KINDS)
        c.choice(b, "status", where, _BYE_STATUSES)
        c.text(b, "message", where, 300)


def check_events(events: object, source: str) -> None:
    """``events.json``: numbered 1, 2, 3 ..., each with a kind, an object payload, an author and a time."""
    c = _Check(f"{source}: events.json")
    if not isinstance(events, list) or not all(isinstance(e, dict) for e in events):
        raise c.fail("(top level)", "expected a list of events")
    if len(events) > MAX_EVENTS:
        raise c.fail("(top level)", f"more than {MAX_EVENTS:,} events")
    for i, e in enumerate(events):
        where = f"[{i}]"
        if e.get("seq") != i + 1:
            raise c.fail(f"{where}.seq", "the event numbers must run 1, 2, 3 … without gaps")
        kind = e.get("kind")
        if not isinstance(kind, str) or not re.fullmatch(r"[a-z_]{1,40}", kind):
            raise c.fail(f"{where}.kind", "expected an event kind (lower-case letters and _)")
        if not isinstance(e.get("payload", {}), dict):
            raise c.fail(f"{where}.payload", "expected an object")
        c.text(e, "author", where, 150)
        created = e.get("created")
        if created is not None and (not isinstance(created, str) or len(created) > 40):
            raise c.fail(f"{where}.created", "expected a date-time")
