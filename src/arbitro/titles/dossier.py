"""The title-application dossier (JSON) parsed into core objects.

The format is documented in docs/formats/dossier.md and as a JSON Schema in
docs/schemas/dossier.schema.json. This module does no I/O: the caller reads the
dossier file and passes its text (or the decoded object), and reads the TRF
files a dossier names (:attr:`Dossier.trf_norms`), turning them into
:class:`~arbitro.titles.application.records.NormRecord` with
:func:`arbitro.titles.application.from_trf.norm_from_trf`.

Every error is an :class:`~arbitro.errors.ArbitroError` whose message names the
dossier, the entry and the field: ``dossier.json: norms[2] (Budva 2009):
tournament.start: expected a date YYYY-MM-DD, got '2009-13-01'``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from arbitro.errors import ArbitroError
from arbitro.jsonread import FieldReader
from arbitro.limits import MAX_INT_DIGITS, MAX_POINTS, MAX_ROUNDS, loads_json, parse_decimal
from arbitro.titles.application.params import NORM_TITLES, norm_edition_for
from arbitro.titles.application.records import (
    Applicant,
    Application,
    EventTitle,
    NormRecord,
    RatingEntry,
    RatingKind,
    TournamentInfo,
)
from arbitro.titles.fees import DEFAULT_SCHEDULE, FEE_SCHEDULES

__all__ = [
    "DIRECT_TITLES",
    "Dossier",
    "EVENT_KINDS",
    "FORMAT",
    "TrfNormRef",
    "check_dates",
    "parse_dossier",
]

FORMAT = "arbitro-dossier"
ALL_TITLES = ("GM", "IM", "WGM", "WIM", "FM", "CM", "WFM", "WCM")
DIRECT_TITLES = ("FM", "CM", "WFM", "WCM")
#: The kinds of event the norm evaluator knows (arbitro.titles.norms.NormOptions.event).
EVENT_KINDS = (
    "team_championship",
    "world_cup",
    "national_championship",
    "national_team_championship",
    "zonal",
    "approved",
)
_EIGHT_OF_NINE = {"forfeit_win": "+", "bye": "U"}


@dataclass(frozen=True, slots=True)
class TrfNormRef:
    """A norm to evaluate from a TRF file: the file, the player and the facts the TRF cannot carry."""

    entry: str
    path: str
    start_rank: int | None
    titles: tuple[str, ...]  # titles to evaluate; empty = every norm title open to the applicant
    edition: str | None = None  # None = the edition in force at the tournament's start
    event: str | None = None  # NormOptions.event
    one_round_per_day: bool | None = None
    qualifying_event: bool | None = None
    qualifying_reason: str = ""
    foreign_requirement_met: bool | None = None
    registered: dt.date | None = None


@dataclass(frozen=True, slots=True)
class Dossier:
    """A parsed dossier: the application without its TRF norms, and the TRF norms to evaluate."""

    source: str
    applicant: Applicant
    titles: tuple[str, ...]
    norms: tuple[NormRecord, ...]
    trf_norms: tuple[TrfNormRef, ...]
    ratings: tuple[RatingEntry, ...]
    event_titles: tuple[EventTitle, ...] = ()
    date: dt.date | None = None
    submitted: dt.date | None = None
    meeting: dt.date | None = None
    during_meeting: bool = False
    fee_schedule: str = DEFAULT_SCHEDULE
    order: tuple[str, ...] = field(default_factory=tuple)  # entry names of all norms, in dossier order

    def application(self, extra_norms: Sequence[NormRecord] = ()) -> Application:
        """The :class:`Application`, with the norms evaluated from TRF files added in dossier order."""
        by_entry = {n.entry: n for n in (*self.norms, *extra_norms)}
        norms = tuple(by_entry[e] for e in self.order if e in by_entry)
        return Application(
            applicant=self.applicant,
            norms=norms,
            ratings=self.ratings,
            titles=self.titles,
            date=self.date,
            submitted=self.submitted,
            meeting=self.meeting,
            during_meeting=self.during_meeting,
            fee_schedule=self.fee_schedule,
            event_titles=self.event_titles,
        )


#: Ratings and performances: FIDE ratings have four digits (B.02; TRF 001 columns 49-52).
_MAX_RATING = 9999


class _Reader(FieldReader):
    """Field access with messages that name the dossier, the entry and the field."""

    def known_keys(self, d: Mapping[str, Any], where: str, keys: Sequence[str]) -> None:
        for k in d:
            if k not in keys:
                raise self.fail(where, f"unknown field {k!r} (known: {', '.join(keys)})")

    def text(self, d: Mapping[str, Any], key: str, where: str, *, required: bool = False) -> str:
        v = d.get(key)
        if v is None:
            if required:
                raise self.fail(where, f"{key}: required")
            return ""
        if not isinstance(v, str):
            raise self.fail(where, f"{key}: expected a string, got {v!r}")
        return v.strip()

    def integer(
        self,
        d: Mapping[str, Any],
        key: str,
        where: str,
        *,
        required: bool = False,
        minimum: int = 0,
        maximum: int | None = None,
    ) -> int | None:
        v = d.get(key)
        if v is None:
            if required:
                raise self.fail(where, f"{key}: required")
            return None
        if isinstance(v, bool) or not isinstance(v, int) or v < minimum:
            raise self.fail(where, f"{key}: expected a whole number >= {minimum}, got {v!r}")
        if v >= 10**MAX_INT_DIGITS:
            raise self.fail(where, f"{key}: expected a whole number of at most {MAX_INT_DIGITS} digits")
        if maximum is not None and v > maximum:
            raise self.fail(where, f"{key}: expected a whole number from {minimum} to {maximum}, got {v}")
        return v

    def optional_flag(self, d: Mapping[str, Any], key: str, where: str) -> bool | None:
        v = d.get(key)
        if v is None or isinstance(v, bool):
            return v
        raise self.fail(where, f"{key}: expected true, false or null, got {v!r}")

    def date(self, d: Mapping[str, Any], key: str, where: str, *, required: bool = False) -> dt.date | None:
        v = d.get(key)
        if v is None:
            if required:
                raise self.fail(where, f"{key}: required (a date YYYY-MM-DD)")
            return None
        try:
            if not isinstance(v, str):
                raise ValueError
            return dt.date.fromisoformat(v.strip())
        except ValueError:
            raise self.fail(where, f"{key}: expected a date YYYY-MM-DD, got {v!r}") from None

    def score(self, d: Mapping[str, Any], key: str, where: str) -> Decimal | None:
        v = d.get(key)
        if v is None:
            return None
        if isinstance(v, bool) or not isinstance(v, int | float | str):
            raise self.fail(where, f"{key}: expected a score such as 6.5, got {v!r}")
        parsed = parse_decimal(str(v), maximum=MAX_POINTS, places=1)  # no exponent, NaN or infinity
        if isinstance(parsed, str):
            raise self.fail(where, f"{key}: {parsed}")
        s = parsed
        if (s * 2) != (s * 2).to_integral_value():
            raise self.fail(where, f"{key}: expected a score in half points, got {v!r}")
        return s

    def titles(
        self, d: Mapping[str, Any], key: str, where: str, allowed: Sequence[str], *, required: bool = False
    ) -> tuple[str, ...]:
        v = d.get(key)
        if v is None:
            if required:
                raise self.fail(where, f"{key}: required (a list of {', '.join(allowed)})")
            return ()
        if isinstance(v, str):
            v = [v]
        if not isinstance(v, list) or not v:
            raise self.fail(where, f"{key}: expected a list of titles ({', '.join(allowed)})")
        out: list[str] = []
        for item in v:
            t = item.strip().upper() if isinstance(item, str) else item
            if t not in allowed:
                raise self.fail(where, f"{key}: expected one of {', '.join(allowed)}, got {item!r}")
            if t not in out:
                out.append(t)
        return tuple(out)


_TOP_KEYS = (
    "$schema", "format", "version", "player", "titles", "application", "norms", "ratings", "event_titles",
)  # fmt: skip
_PLAYER_KEYS = ("name", "fide_id", "federation", "sex", "birth_date", "titles")
_APP_KEYS = ("date", "submitted", "meeting", "during_meeting", "fee_schedule")
_TOURNAMENT_KEYS = (
    "name", "city", "federation", "start", "end", "rounds", "system", "team_championship", "world_cup",
    "one_round_per_day", "qualifying_event", "qualifying_reason", "chief_arbiter",
)  # fmt: skip
_RECORDED_KEYS = (
    "id", "titles", "tournament", "games", "score", "ra", "rp", "edition", "eight_of_nine", "excess_points",
    "counts_as", "counts_as_reason", "foreign_requirement_met", "registered", "note",
)  # fmt: skip
_TRF_KEYS = (
    "id", "trf", "start_rank", "titles", "edition", "event", "one_round_per_day", "qualifying_event",
    "qualifying_reason", "foreign_requirement_met", "registered", "note",
)  # fmt: skip
_RATING_KEYS = ("date", "rating", "kind", "games", "note")
_EVENT_KEYS = ("title", "event", "date", "olympiad")


def _load(data: str | bytes | Mapping[str, Any], source: str) -> Mapping[str, Any]:
    obj = loads_json(data, source) if isinstance(data, str | bytes) else data  # limits.md: depth, sizes
    if not isinstance(obj, Mapping):
        raise ArbitroError(f"{source}: expected a JSON object at the top level")
    return obj


def _applicant(r: _Reader, d: Mapping[str, Any]) -> Applicant:
    where = "player"
    r.known_keys(d, where, _PLAYER_KEYS)
    sex = r.text(d, "sex", where).lower()
    if sex not in ("", "m", "w"):
        raise r.fail(where, f"sex: expected 'm' or 'w', got {d.get('sex')!r}")
    fide_id = d.get("fide_id")
    if isinstance(fide_id, int) and not isinstance(fide_id, bool):
        fide_id = str(fide_id)
    return Applicant(
        name=r.text(d, "name", where, required=True),
        sex=sex,
        federation=r.text(d, "federation", where).upper(),
        fide_id=r.text({"fide_id": fide_id}, "fide_id", where),
        birth_date=r.date(d, "birth_date", where),
        titles=r.titles(d, "titles", where, ALL_TITLES),
    )


def _entry_name(i: int, d: Mapping[str, Any], fallback: str) -> str:
    ident = d.get("id")
    label = ident if isinstance(ident, str) and ident.strip() else fallback
    return f"norms[{i}] ({label.strip()})" if label else f"norms[{i}]"


def _tournament(r: _Reader, d: Mapping[str, Any], where: str) -> TournamentInfo:
    w = f"{where}: tournament"
    r.known_keys(d, w, _TOURNAMENT_KEYS)
    start = r.date(d, "start", w, required=True)
    end = r.date(d, "end", w, required=True)
    assert start is not None and end is not None
    return TournamentInfo(
        name=r.text(d, "name", w, required=True),
        start=start,
        end=end,
        city=r.text(d, "city", w),
        federation=r.text(d, "federation", w).upper(),
        rounds=r.integer(d, "rounds", w, minimum=1),
        system=r.text(d, "system", w),
        team_championship=bool(r.optional_flag(d, "team_championship", w)),
        world_cup=bool(r.optional_flag(d, "world_cup", w)),
        one_round_per_day=r.optional_flag(d, "one_round_per_day", w),
        qualifying_event=r.optional_flag(d, "qualifying_event", w),
        qualifying_reason=r.text(d, "qualifying_reason", w),
        chief_arbiter=r.text(d, "chief_arbiter", w),
    )


def _edition(r: _Reader, d: Mapping[str, Any], where: str, start: dt.date | None) -> str | None:
    """The recorded edition, checked against the tournament's start (B.01 0.22: the edition at the start)."""
    from arbitro.titles.editions import get_edition

    raw = r.text(d, "edition", where)
    if raw in ("", "auto"):
        return None if start is None else norm_edition_for(start)
    try:
        code = get_edition(raw).code
    except ArbitroError:
        raise r.fail(
            where, f"edition: expected 2005, 2009, 2014, 2017, 2022, 2023, 2024 or auto, got {raw!r}"
        ) from None
    if start is not None and code != norm_edition_for(start):
        raise r.fail(
            where,
            f"edition: the tournament started {start.isoformat()}, so B.01 {norm_edition_for(start)} applies "
            f"(B.01 0.22), not {raw}",
        )
    return code


def _excess(r: _Reader, d: Mapping[str, Any], where: str, titles: Sequence[str]) -> dict[str, int]:
    v = d.get("excess_points")
    if v is None:
        return {}
    if isinstance(v, int) and not isinstance(v, bool) and v >= 0:
        return dict.fromkeys(titles, v)
    if isinstance(v, Mapping):
        out: dict[str, int] = {}
        for k, n in v.items():
            if k.upper() not in titles:
                raise r.fail(
                    where, f"excess_points: {k!r} is not one of the norm's titles ({', '.join(titles)})"
                )
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise r.fail(where, f"excess_points.{k}: expected a whole number >= 0, got {n!r}")
            out[k.upper()] = n
        return out
    raise r.fail(where, f"excess_points: expected a whole number or an object by title, got {v!r}")


def _recorded_norm(r: _Reader, i: int, d: Mapping[str, Any]) -> NormRecord:
    t_raw = d.get("tournament")
    t_name = ""
    if isinstance(t_raw, Mapping) and isinstance(t_raw.get("name"), str):
        t_name = str(t_raw["name"])
    where = _entry_name(i, d, t_name)
    r.known_keys(d, where, _RECORDED_KEYS)
    tournament = _tournament(r, r.obj(t_raw, f"{where}: tournament"), where)
    titles = r.titles(d, "titles", where, NORM_TITLES, required=True)
    games = r.integer(d, "games", where, required=True, minimum=1, maximum=MAX_ROUNDS)
    assert games is not None
    score = r.score(d, "score", where)
    if score is not None and score > games:
        raise r.fail(where, f"score: {score} is more than the {games} games")
    eight_raw = r.text(d, "eight_of_nine", where)
    if eight_raw and eight_raw not in _EIGHT_OF_NINE:
        raise r.fail(where, f"eight_of_nine: expected forfeit_win or bye, got {eight_raw!r}")
    counts_as = r.integer(d, "counts_as", where, minimum=1)
    edition = _edition(r, d, where, tournament.start)
    assert edition is not None
    return NormRecord(
        entry=where,
        titles=titles,
        tournament=tournament,
        games=games,
        edition=edition,
        score=score,
        ra=r.integer(d, "ra", where, minimum=0, maximum=_MAX_RATING),
        rp=r.integer(d, "rp", where, minimum=0, maximum=_MAX_RATING),
        eight_of_nine=_EIGHT_OF_NINE.get(eight_raw, ""),
        excess_points=_excess(r, d, where, titles),
        counts_as=counts_as,
        counts_as_reason=r.text(d, "counts_as_reason", where),
        foreign_requirement_met=r.optional_flag(d, "foreign_requirement_met", where),
        registered=r.date(d, "registered", where),
        details=(r.text(d, "note", where),) if r.text(d, "note", where) else (),
    )


def _trf_norm(r: _Reader, i: int, d: Mapping[str, Any]) -> TrfNormRef:
    path = r.text(d, "trf", f"norms[{i}]", required=True)
    where = _entry_name(i, d, path)
    r.known_keys(d, where, _TRF_KEYS)
    event = r.text(d, "event", where) or None
    if event is not None and event not in EVENT_KINDS:
        raise r.fail(where, f"event: expected one of {', '.join(EVENT_KINDS)}, got {event!r}")
    raw_edition = r.text(d, "edition", where)
    edition: str | None = None
    if raw_edition not in ("", "auto"):
        from arbitro.titles.editions import get_edition

        try:
            edition = get_edition(raw_edition).code
        except ArbitroError:
            raise r.fail(where, f"edition: expected 2005 ... 2024 or auto, got {raw_edition!r}") from None
    return TrfNormRef(
        entry=where,
        path=path,
        start_rank=r.integer(d, "start_rank", where, minimum=1),
        titles=r.titles(d, "titles", where, NORM_TITLES),
        edition=edition,
        event=event,
        one_round_per_day=r.optional_flag(d, "one_round_per_day", where),
        qualifying_event=r.optional_flag(d, "qualifying_event", where),
        qualifying_reason=r.text(d, "qualifying_reason", where),
        foreign_requirement_met=r.optional_flag(d, "foreign_requirement_met", where),
        registered=r.date(d, "registered", where),
    )


def _rating(r: _Reader, i: int, d: Mapping[str, Any]) -> RatingEntry:
    where = f"ratings[{i}]"
    r.known_keys(d, where, _RATING_KEYS)
    day = r.date(d, "date", where, required=True)
    rating = r.integer(d, "rating", where, required=True, minimum=0, maximum=_MAX_RATING)
    assert day is not None and rating is not None
    kind = r.text(d, "kind", where) or "published"
    if kind not in ("published", "interim"):
        raise r.fail(where, f"kind: expected published or interim, got {kind!r}")
    return RatingEntry(
        entry=where,
        date=day,
        rating=rating,
        kind=RatingKind(kind),
        games=r.integer(d, "games", where, minimum=0),
        note=r.text(d, "note", where),
    )


def _event_title(r: _Reader, i: int, d: Mapping[str, Any]) -> EventTitle:
    where = f"event_titles[{i}]"
    r.known_keys(d, where, _EVENT_KEYS)
    titles = r.titles(d, "title", where, ALL_TITLES, required=True)
    day = r.date(d, "date", where, required=True)
    assert day is not None
    return EventTitle(
        entry=where,
        title=titles[0],
        event=r.text(d, "event", where, required=True),
        date=day,
        olympiad=bool(r.optional_flag(d, "olympiad", where)),
    )


def _list(r: _Reader, top: Mapping[str, Any], key: str) -> list[Any]:
    v = top.get(key, [])
    if not isinstance(v, list):
        raise r.fail(key, "expected a list")
    return v


def parse_dossier(data: str | bytes | Mapping[str, Any], source: str = "<dossier>") -> Dossier:
    """Parse and check a dossier; raises :class:`ArbitroError` naming the entry on the first problem."""
    r = _Reader(source)
    top = _load(data, source)
    r.known_keys(top, "top level", _TOP_KEYS)
    fmt = top.get("format", FORMAT)
    if fmt != FORMAT:
        raise r.fail("format", f"expected {FORMAT!r}, got {fmt!r}")
    version = top.get("version", 1)
    if version != 1:
        raise r.fail("version", f"expected 1, got {version!r}")
    applicant = _applicant(r, r.obj(top.get("player"), "player"))
    app = r.obj(top.get("application", {}), "application")
    r.known_keys(app, "application", _APP_KEYS)
    schedule = r.text(app, "fee_schedule", "application") or DEFAULT_SCHEDULE
    if schedule not in FEE_SCHEDULES:
        raise r.fail(
            "application", f"fee_schedule: expected one of {', '.join(FEE_SCHEDULES)}, got {schedule!r}"
        )

    recorded: list[NormRecord] = []
    trf: list[TrfNormRef] = []
    order: list[str] = []
    for i, raw in enumerate(_list(r, top, "norms")):
        d = r.obj(raw, f"norms[{i}]")
        if "trf" in d:
            ref = _trf_norm(r, i, d)
            trf.append(ref)
            order.append(ref.entry)
        else:
            norm = _recorded_norm(r, i, d)
            recorded.append(norm)
            order.append(norm.entry)
    ratings = tuple(_rating(r, i, r.obj(x, f"ratings[{i}]")) for i, x in enumerate(_list(r, top, "ratings")))
    events = tuple(
        _event_title(r, i, r.obj(x, f"event_titles[{i}]"))
        for i, x in enumerate(_list(r, top, "event_titles"))
    )
    dossier = Dossier(
        source=source,
        applicant=applicant,
        titles=r.titles(top, "titles", "", NORM_TITLES),  # top level: the key alone names it
        norms=tuple(recorded),
        trf_norms=tuple(trf),
        ratings=ratings,
        event_titles=events,
        date=r.date(app, "date", "application"),
        submitted=r.date(app, "submitted", "application"),
        meeting=r.date(app, "meeting", "application"),
        during_meeting=bool(r.optional_flag(app, "during_meeting", "application")),
        fee_schedule=schedule,
        order=tuple(order),
    )
    check_dates(dossier, dossier.norms)
    return dossier


def check_dates(dossier: Dossier, norms: Sequence[NormRecord]) -> None:
    """Dates in order: each tournament ends after it starts, registration after the end, the rating
    history in date order, nothing after the application date, the submission before the meeting."""
    src = dossier.source
    app_day = dossier.date or dossier.submitted
    born = dossier.applicant.birth_date
    for n in norms:
        t = n.tournament
        if t.end < t.start:
            raise ArbitroError(
                f"{src}: {n.entry}: tournament.end {t.end.isoformat()} is before tournament.start {t.start.isoformat()}"
            )
        if n.registered is not None and n.registered < t.end:
            raise ArbitroError(
                f"{src}: {n.entry}: registered {n.registered.isoformat()} is before the tournament ended "
                f"({t.end.isoformat()})"
            )
        if app_day is not None and t.end > app_day:
            raise ArbitroError(
                f"{src}: {n.entry}: the tournament ended {t.end.isoformat()}, after the application date "
                f"{app_day.isoformat()}"
            )
        if born is not None and t.start < born:
            raise ArbitroError(f"{src}: {n.entry}: the tournament started before the player's birth date")
    previous: RatingEntry | None = None
    for entry in dossier.ratings:
        if previous is not None and entry.date < previous.date:
            raise ArbitroError(
                f"{src}: {entry.entry}: date {entry.date.isoformat()} is before {previous.entry} "
                f"({previous.date.isoformat()}): list the rating history in date order"
            )
        if app_day is not None and entry.date > app_day:
            raise ArbitroError(
                f"{src}: {entry.entry}: date {entry.date.isoformat()} is after the application date {app_day.isoformat()}"
            )
        previous = entry
    for ev in dossier.event_titles:
        if app_day is not None and ev.date > app_day:
            raise ArbitroError(
                f"{src}: {ev.entry}: date {ev.date.isoformat()} is after the application date {app_day.isoformat()}"
            )
    if dossier.submitted and dossier.meeting and dossier.submitted > dossier.meeting:
        raise ArbitroError(
            f"{src}: application: submitted {dossier.submitted.isoformat()} is after the meeting "
            f"{dossier.meeting.isoformat()}"
        )
