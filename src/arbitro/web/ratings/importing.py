"""FIDE rating list import: streams a TXT or XML file through the core parser
(:mod:`arbitro.ratings.fidelist`) into the database, keeping the history.

Each run is one list ("period", the month of the list): every player's latest
line goes to :class:`~.models.RatingListEntry` (upsert by FIDE ID) and one
:class:`~.models.RatingHistory` row per player and period is written (upsert,
so importing the same month twice corrects it and older months are never
touched). Rows are written in batches inside one transaction per batch.
"""

from __future__ import annotations

import datetime as _dt
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import IO

from django.db import connection, transaction

from arbitro.errors import ArbitroError
from arbitro.ratings.fidelist import ListDiagnostic, RatingListEntry, iter_txt_list, iter_xml_list
from arbitro.web.tournaments import models

BATCH = 5000
_RATING_FIELD = {"standard": "standard", "rapid": "rapid", "blitz": "blitz"}


@dataclass
class ImportStats:
    players: int = 0
    errors: int = 0
    warnings: int = 0
    seconds: float = 0.0
    first_problems: list[str] = field(default_factory=list)

    def summary(self) -> str:
        return (
            f"{self.players} players imported in {self.seconds:.1f} s "
            f"({self.errors} lines skipped, {self.warnings} values dropped)"
        )


def parse_period(text: str) -> _dt.date:
    """``2026-11`` or ``2026-11-01`` -> the first day of that month."""
    try:
        parts = [int(x) for x in text.strip().split("-")]
        return _dt.date(parts[0], parts[1], 1)
    except (ValueError, IndexError):
        raise ArbitroError(f"--period: expected YYYY-MM, got {text!r}") from None


def _records(stream: IO[bytes], fmt: str, rating_type: str) -> Iterator[RatingListEntry | ListDiagnostic]:
    if fmt == "xml":
        return iter_xml_list(stream, rating_type=rating_type)
    return iter_txt_list(stream, rating_type=rating_type)


def guess_format(name: str) -> str:
    return "xml" if name.lower().endswith(".xml") else "txt"


def import_stream(
    stream: IO[bytes],
    *,
    period: _dt.date,
    fmt: str = "txt",
    rating_type: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> ImportStats:
    """Import one list.

    ``rating_type`` is ``None`` for a combined list (all three ratings are updated) or the
    type of a per-type list (``standard``, ``rapid``, ``blitz``: only that rating is updated).
    """
    if rating_type is not None and rating_type not in _RATING_FIELD:
        raise ArbitroError(f"--type: expected standard, rapid or blitz, got {rating_type!r}")
    only = [_RATING_FIELD[rating_type]] if rating_type else list(_RATING_FIELD.values())
    stats = ImportStats()
    t0 = time.perf_counter()
    batch: list[RatingListEntry] = []
    for item in _records(stream, fmt, rating_type or "standard"):
        if isinstance(item, ListDiagnostic):
            if item.severity == "error":
                stats.errors += 1
            else:
                stats.warnings += 1
            if len(stats.first_problems) < 10:
                stats.first_problems.append(str(item))
            continue
        batch.append(item)
        if len(batch) >= BATCH:
            _write(batch, period, only)
            stats.players += len(batch)
            batch = []
            if progress is not None:
                progress(stats.players)
    if batch:
        _write(batch, period, only)
        stats.players += len(batch)
    if stats.players == 0 and stats.errors:
        raise ArbitroError(f"rating list: no player read; first problem: {stats.first_problems[0]}")
    stats.seconds = time.perf_counter() - t0
    return stats


def _none0(value: int) -> int | None:
    return value or None


_ENTRY_COLUMNS = ("fide_id", "name", "search_name", "federation", "sex", "title", "birth_year", "flag", "period", "standard", "rapid", "blitz")
_HISTORY_COLUMNS = ("fide_id", "period", "standard", "rapid", "blitz")


def _upsert_sql(table: str, columns: tuple[str, ...], keys: tuple[str, ...], update: list[str]) -> str:
    """``INSERT ... ON CONFLICT (keys) DO UPDATE``: the same text works on SQLite (3.24+) and PostgreSQL."""
    q = connection.ops.quote_name
    cols = ", ".join(q(c) for c in columns)
    marks = ", ".join(["%s"] * len(columns))
    sets = ", ".join(f"{q(c)} = excluded.{q(c)}" for c in update)
    return f"INSERT INTO {q(table)} ({cols}) VALUES ({marks}) ON CONFLICT ({', '.join(q(k) for k in keys)}) DO UPDATE SET {sets}"


def _write(batch: Iterable[RatingListEntry], period: _dt.date, only: list[str]) -> None:
    """One batch as two ``executemany`` upserts (model instances would cost more than the parsing)."""
    entries: dict[str, tuple[str | int | None, ...]] = {}
    when = period.isoformat()  # both backends take ISO dates; adapting 2 x 5000 date objects costs more
    for e in batch:
        fid = str(e.fide_id)
        std, rapid, blitz = _none0(e.standard_rating), _none0(e.rapid_rating), _none0(e.blitz_rating)
        entries[fid] = (
            fid, e.name[:120], models.fold_name(e.name)[:120], e.federation[:3], e.sex[:1], (e.title or e.women_title)[:4], e.birth_year,
            e.flag[:4], when, std, rapid, blitz,
        )  # fmt: skip
    history = [(row[0], when, row[9], row[10], row[11]) for row in entries.values()]
    entry_sql = _upsert_sql(
        models.RatingListEntry._meta.db_table, _ENTRY_COLUMNS, ("fide_id",),
        ["name", "search_name", "federation", "sex", "title", "birth_year", "flag", "period", *only],
    )  # fmt: skip
    history_sql = _upsert_sql(models.RatingHistory._meta.db_table, _HISTORY_COLUMNS, ("fide_id", "period"), only)
    with transaction.atomic(), connection.cursor() as cur:
        cur.executemany(entry_sql, list(entries.values()))
        cur.executemany(history_sql, history)


def import_file(
    path: str,
    *,
    period: _dt.date,
    fmt: str | None = None,
    rating_type: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> ImportStats:
    try:
        with open(path, "rb") as fh:
            return import_stream(fh, period=period, fmt=fmt or guess_format(path), rating_type=rating_type, progress=progress)
    except OSError as err:
        raise ArbitroError(f"{path}: cannot read the rating list ({err.strerror})") from None
