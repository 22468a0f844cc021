"""Backups and restores (issue 11 §3); see docs/reliability.md.

* **Whole database**: Django's own fixture format (``dumpdata`` JSON, gzip when the
  name ends in ``.gz``, natural keys, streamed row by row) written atomically.
  Content types, permissions, sessions and login-throttling records are left out
  (rebuilt by ``migrate`` or transient). A restore migrates, then empties the
  database and loads the file **in one transaction**: a bad file changes nothing.
* **One tournament**: a zip with ``tournament.trf`` (TRF-2026, the core writer),
  ``events.json`` (the event log: seq, kind, payload, author, time) and
  ``meta.json`` (the row: name, dates, status, season, roles, bye requests). A
  restore replays the log through the core service and refuses the file unless the
  replay reproduces the TRF inside it.
"""

from __future__ import annotations

import datetime as dt
import io
import json
import zipfile
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import DatabaseError, transaction
from django.utils.dateparse import parse_datetime

from arbitro.errors import ArbitroError

from .archive_schema import check_events, check_meta
from .atomic import atomic_path, write_atomic

#: Left out of a whole-database backup: rebuilt by migrate, or transient.
EXCLUDED = ["contenttypes", "auth.permission", "sessions", "axes"]
TOURNAMENT_FORMAT = "arbitro-tournament-backup"
TOURNAMENT_FORMAT_VERSION = 1


# -- whole database ---------------------------------------------------------------------------------------


def _check_db_name(path: Path) -> bool:
    """``True`` when gzip; the name must say JSON so that ``loaddata`` reads it back."""
    name = path.name.lower()
    if name.endswith(".json.gz"):
        return True
    if name.endswith(".json"):
        return False
    raise ArbitroError(f"{path}: a database backup is named *.json or *.json.gz")


def backup_database(target: Path) -> int:
    """Write the whole database to ``target`` atomically; returns the number of records."""
    target = Path(target)
    gz = _check_db_name(target)
    with atomic_path(target, suffix=".json.gz" if gz else ".json") as tmp:
        call_command(
            "dumpdata",
            *[f"--exclude={e}" for e in EXCLUDED],
            natural_foreign=True,
            natural_primary=True,
            output=str(tmp),
            verbosity=0,
        )
        count = _count_records(tmp, gz)
    return count


def _count_records(path: Path, gz: bool) -> int:
    import gzip

    with (gzip.open(path, "rt", encoding="utf-8") if gz else open(path, encoding="utf-8")) as f:
        data = json.load(f)
    if not isinstance(data, list):
        raise ArbitroError(f"{path}: not a database backup (expected a JSON list of records)")
    return len(data)


def database_is_empty() -> bool:
    from arbitro.web.tournaments import models

    return not models.Tournament.objects.exists() and not get_user_model().objects.exists()


def _empty_all_tables() -> None:
    """DELETE every row but content types and permissions (kept: the backup refers to them by natural key).

    Plain DELETEs, not ``flush``'s TRUNCATE: they roll back with the transaction on every
    database (foreign keys are checked at commit, so the order does not matter).
    """
    from django.apps import apps
    from django.db import connection

    keep = {"contenttypes", "auth.permission"}
    with connection.cursor() as cursor:
        for model in apps.get_models(include_auto_created=True):
            label = model._meta.label_lower
            if model._meta.app_label in keep or label in keep or model._meta.proxy or not model._meta.managed:
                continue
            cursor.execute(f"DELETE FROM {connection.ops.quote_name(model._meta.db_table)}")


def restore_database(source: Path, *, replace: bool = False) -> int:
    """Replace the database's contents with a backup (one transaction); returns the number of records."""
    from django.core.serializers.base import DeserializationError

    from arbitro.web.tournaments import eventlog

    source = Path(source)
    if not source.is_file():
        raise ArbitroError(f"{source}: no such file")
    gz = _check_db_name(source)
    try:
        count = _count_records(source, gz)
    except (OSError, ValueError, EOFError) as err:
        raise ArbitroError(f"{source}: not a readable database backup ({err})") from None
    call_command("migrate", interactive=False, verbosity=0)
    if not replace and not database_is_empty():
        raise ArbitroError(f"{source}: the database is not empty; pass --replace to overwrite everything in it")
    try:
        with transaction.atomic():
            _empty_all_tables()
            call_command("loaddata", str(source), verbosity=0)
    except (DeserializationError, ValueError, LookupError, DatabaseError) as err:  # incl. a missing NOT NULL field
        raise ArbitroError(f"{source}: the backup could not be loaded, nothing was changed ({err})") from None
    eventlog.clear_cache()
    return count


# -- one tournament ---------------------------------------------------------------------------------------


def _iso(value: Any) -> str | None:
    return value.isoformat() if value is not None else None


def tournament_archive(slug: str) -> bytes:
    """The zip of one tournament (TRF-2026 + event log + row)."""
    from arbitro.web.tournaments import models, store

    row = models.Tournament.objects.filter(slug=slug).first()
    if row is None:
        raise ArbitroError(f"tournament {slug!r}: no such tournament")
    events = [
        {
            "seq": e.seq,
            "kind": e.kind,
            "payload": e.payload,
            "author": e.author.get_username() if e.author else "",
            "created": _iso(e.created),
        }
        for e in row.events.select_related("author").order_by("seq")
    ]
    meta = {
        "format": TOURNAMENT_FORMAT,
        "format_version": TOURNAMENT_FORMAT_VERSION,
        "slug": row.slug,
        "name": row.name,
        "organisation": row.organisation.slug,  # issue 19 item 5
        "city": row.city,
        "federation": row.federation,
        "start_date": _iso(row.start_date),
        "end_date": _iso(row.end_date),
        "status": row.status,
        "published": row.published,
        "season": {"year": row.season.year, "name": row.season.name} if row.season else None,
        "category": row.category,
        "base_trf": row.base_trf,
        "version": row.version,
        "roles": [{"user": r.user.get_username(), "kind": r.kind} for r in row.roles.select_related("user")],
        "bye_requests": [
            {"player": b.player, "round": b.round, "kind": b.kind, "status": b.status, "message": b.message,
             "reason_code": b.reason_code, "reason_params": b.reason_params}
            for b in row.bye_requests.all()
        ],
    }
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_DEFLATED) as z:
        z.writestr("meta.json", json.dumps(meta, ensure_ascii=False, indent=1))
        z.writestr("events.json", json.dumps(events, ensure_ascii=False, indent=1))
        z.writestr("tournament.trf", store.export_trf(row, version="trf26"))
    return buf.getvalue()


def backup_tournament(slug: str, target: Path) -> int:
    """Write one tournament's zip atomically; returns the number of events."""
    data = tournament_archive(slug)
    write_atomic(Path(target), lambda f: f.write(data))
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return len(json.loads(z.read("events.json")))


def _read_archive(source: Path) -> tuple[dict[str, Any], list[dict[str, Any]], str]:
    try:
        with zipfile.ZipFile(source) as z:
            meta = json.loads(z.read("meta.json"))
            events = json.loads(z.read("events.json"))
            trf = z.read("tournament.trf").decode("utf-8")
    except (OSError, KeyError, ValueError, zipfile.BadZipFile) as err:
        raise ArbitroError(f"{source}: not a tournament backup ({err})") from None
    if not isinstance(meta, dict) or meta.get("format") != TOURNAMENT_FORMAT:
        raise ArbitroError(f"{source}: meta.json: expected format {TOURNAMENT_FORMAT!r}")
    if meta.get("format_version") != TOURNAMENT_FORMAT_VERSION:
        raise ArbitroError(f"{source}: meta.json: format_version {meta.get('format_version')!r} is not supported")
    check_meta(meta, str(source))  # every field against the archive schema (issue 21)
    check_events(events, str(source))
    return meta, events, trf


def restore_tournament(source: Path, *, slug: str | None = None, replace: bool = False, grant_roles: bool = False) -> Any:
    """Recreate one tournament from its zip; the replayed log must reproduce the TRF in the file.

    The roles named in ``meta.json`` are given back only when the operator asks (``grant_roles``):
    an archive is a file anyone may have edited, and a name in it must not make a player's
    account the tournament's chief arbiter (issue 21).
    """
    from arbitro.web.tournaments import eventlog, models, store

    source = Path(source)
    meta, events, trf = _read_archive(source)
    slug = slug or str(meta["slug"])
    users = {u.get_username(): u for u in get_user_model().objects.all()}
    with transaction.atomic():
        existing = models.Tournament.objects.filter(slug=slug).first()
        if existing is not None:
            if not replace:
                raise ArbitroError(f"tournament {slug!r} exists; pass --replace to overwrite it or --slug to restore beside it")
            existing.delete()
        season = None
        if meta.get("season"):
            season, _ = models.Season.objects.get_or_create(
                year=int(meta["season"]["year"]), defaults={"name": str(meta["season"]["name"])}
            )
        organisation = (  # the archive's organisation when this server has it, else the default one
            models.Organisation.objects.filter(slug=str(meta.get("organisation") or "")).first()
            or models.default_organisation()
        )
        row = models.Tournament.objects.create(
            slug=slug,
            name=str(meta["name"]),
            organisation=organisation,
            city=str(meta.get("city") or ""),
            federation=str(meta.get("federation") or ""),
            start_date=dt.date.fromisoformat(meta["start_date"]) if meta.get("start_date") else None,
            end_date=dt.date.fromisoformat(meta["end_date"]) if meta.get("end_date") else None,
            status=str(meta.get("status") or models.Tournament.Status.REGISTRATION),
            published=bool(meta.get("published", True)),
            season=season,
            category=str(meta.get("category") or meta.get("fma_category") or ""),  # the key of older backups
            base_trf=str(meta.get("base_trf") or ""),
        )
        for e in events:
            ev = models.TournamentEvent.objects.create(
                tournament=row, seq=int(e["seq"]), kind=str(e["kind"]), payload=e.get("payload") or {},
                author=users.get(str(e.get("author") or "")),
            )
            created = parse_datetime(str(e.get("created") or ""))
            if created is not None:  # keep the original time (auto_now_add set "now")
                models.TournamentEvent.objects.filter(pk=ev.pk).update(created=created)
        try:
            if row.base_trf:
                core = store.parse(row.base_trf, source=f"{slug}.trf", validate=False)
            else:
                st = eventlog.state(row)
                assert st is not None
                core = eventlog.to_model(st)
        except ArbitroError as err:
            raise ArbitroError(f"{source}: events.json does not replay: {err}") from None
        eventlog.rebuild(row, core)
        if store.format_trf(core) != trf:
            raise ArbitroError(f"{source}: the replayed event log does not reproduce tournament.trf; nothing was restored")
        row.version = max(int(meta.get("version") or 1), row.version)
        row.save(update_fields=["version"])
        for r in meta.get("roles") or [] if grant_roles else []:
            user = users.get(str(r.get("user")))
            if user is not None:
                models.Role.objects.get_or_create(user=user, tournament=row, kind=str(r["kind"]))
        ids = {p.start_rank: p.public_id for p in core.players.values()}
        for b in meta.get("bye_requests") or []:
            # "player": the stable id; an older backup's "start_rank" is read as the number of today's state
            player = int(b["player"]) if "player" in b else ids.get(int(b["start_rank"]), int(b["start_rank"]))
            models.ByeRequest.objects.create(
                tournament=row, player=player, round=int(b["round"]), kind=str(b.get("kind") or "H"),
                status=str(b.get("status") or "pending"), message=str(b.get("message") or ""),
                reason_code=str(b.get("reason_code") or "")[:60],
                reason_params=b.get("reason_params") if isinstance(b.get("reason_params"), dict) else {},
            )
    eventlog.clear_cache()
    return row
