"""Backups and restores (issue 11 §3); see docs/reliability.md.

* **Whole database**: Django's own fixture format (``dumpdata`` JSON, gzip when the
  name ends in ``.gz``, natural keys, streamed row by row) written atomically.
  Content types, permissions, sessions and login-throttling records are left out
  (rebuilt by ``migrate`` or transient). A restore migrates, then empties the
  database and loads the file **in one transaction**: a bad file changes nothing.
* **One tournament**: a zip with ``events.json`` (the event log: seq, kind, payload,
  author, time), ``meta.json`` (the row: name, dates, status, season, roles, bye
  requests, and the number and SHA-256 of the events) and ``tournament.trf`` (TRF-2026,
  derived from the log for other programs). The **log is the truth** (issue 38 item 1):
  a restore checks it against the digest in ``meta.json`` and replays it through the
  core service; the TRF is never the check (a round in progress is not in it, and a
  newer writer may format it differently), only compared and reported when it differs.
  An archive of format 1 (no digest) is checked, as before, by the TRF the replay derives.
* Reading an archive is bounded (issue 38 item 5): the sizes of the members and of the
  decompressed database file, the ratio of a compressed one, and the nesting of JSON.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import io
import json
import zipfile
from pathlib import Path
from typing import Any, NoReturn

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import DatabaseError, transaction
from django.utils.dateparse import parse_datetime

from arbitro.errors import ArbitroError
from arbitro.limits import MAX_JSON_BYTES, MAX_TRF_BYTES, json_too_deep

from .archive_schema import check_events, check_meta
from .atomic import atomic_path, write_atomic

#: Left out of a whole-database backup: rebuilt by migrate, or transient.
EXCLUDED = ["contenttypes", "auth.permission", "sessions", "axes"]
TOURNAMENT_FORMAT = "arbitro-tournament-backup"
TOURNAMENT_FORMAT_VERSION = 2  # 2: meta.json carries the events' number and SHA-256 (issue 38)
_READABLE_VERSIONS = (1, 2)
#: Largest member of a one-tournament zip, decompressed: meta.json holds an imported TRF at most.
MAX_META_BYTES = MAX_TRF_BYTES + MAX_JSON_BYTES
MAX_EVENTS_BYTES = 512 * 1024 * 1024
#: Deepest nesting of an archive's JSON (the event payloads nest a few levels).
MAX_ARCHIVE_DEPTH = 64


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
        count = _count_written(tmp, gz)
    return count


def _count_written(path: Path, gz: bool) -> int:
    """The records of a backup this server has just written (not bounded: it is the server's own file)."""
    import gzip

    with (gzip.open(path, "rt", encoding="utf-8") if gz else open(path, encoding="utf-8")) as f:
        data = json.load(f)
    if not isinstance(data, list):
        raise ArbitroError(f"{path}: not a database backup (expected a JSON list of records)")
    return len(data)


#: The largest whole-database file a restore reads, decompressed (``ARBITRO_MAX_RESTORE_BYTES``), and the
#: largest ratio of a gzip past 10 MB: Django's fixtures compress about 10 to 1; 400 MB of spaces, 1,000 to 1.
MAX_RESTORE_BYTES = 512 * 1024 * 1024
MAX_GZIP_RATIO = 100


def _max_restore_bytes() -> int:
    from django.conf import settings

    return int(getattr(settings, "ARBITRO_MAX_RESTORE_BYTES", 0) or MAX_RESTORE_BYTES)


def _read_bounded(path: Path, gz: bool) -> bytes:
    """The file's bytes, decompressed, refused past :func:`_max_restore_bytes` or a gzip ratio of :data:`MAX_GZIP_RATIO`."""
    import gzip

    limit = _max_restore_bytes()
    size = path.stat().st_size
    if not gz:
        if size > limit:
            raise ArbitroError(f"{path}: larger than {limit // (1024 * 1024)} MB; not restored (ARBITRO_MAX_RESTORE_BYTES)")
        return path.read_bytes()
    ratio_limit = max(10 * 1024 * 1024, size * MAX_GZIP_RATIO)
    chunks: list[bytes] = []
    total = 0
    with gzip.open(path, "rb") as f:
        while chunk := f.read(1024 * 1024):
            total += len(chunk)
            if total > limit:
                raise ArbitroError(
                    f"{path}: more than {limit // (1024 * 1024)} MB once decompressed; not restored (ARBITRO_MAX_RESTORE_BYTES)"
                )
            if total > ratio_limit:
                raise ArbitroError(
                    f"{path}: decompresses to more than {MAX_GZIP_RATIO} times its size, which no database backup does; "
                    "not restored"
                )
            chunks.append(chunk)
    return b"".join(chunks)


def _load_records(path: Path, gz: bool) -> list[Any]:
    data = _read_bounded(path, gz)
    try:
        records = json.loads(data, parse_constant=_refuse_constant)
    except RecursionError:
        raise ArbitroError(f"{path}: nested too deep; not a database backup") from None
    if not isinstance(records, list):
        raise ArbitroError(f"{path}: not a database backup (expected a JSON list of records)")
    return records


def _fields(records: list[Any], model: str, field: str) -> set[str]:
    return {
        str(r["fields"][field])
        for r in records
        if isinstance(r, dict) and r.get("model") == model and isinstance(r.get("fields"), dict) and field in r["fields"]
    }


def restore_losses(records: list[Any]) -> list[str]:
    """What restoring ``records`` would lose from the database now: each a sentence; empty when nothing.

    An archive with no tournament, tournaments of this database missing from it, accounts missing
    from it (issue 38 item 5: an empty archive restored with ``--replace`` wiped the database, exit 0).
    """
    from arbitro.web.tournaments import models

    user_model = get_user_model()
    label = user_model._meta.label_lower
    name_field = str(user_model.USERNAME_FIELD)
    slugs = _fields(records, "tournaments.tournament", "slug")
    names = _fields(records, label, name_field)

    def listed(items: list[str]) -> str:
        shown = ", ".join(items[:10])
        return shown + (f" and {len(items) - 10} more" if len(items) > 10 else "")

    losses = []
    if not slugs:
        losses.append("the archive holds no tournament")
    gone = sorted(set(models.Tournament.objects.values_list("slug", flat=True)) - slugs)
    if gone:
        losses.append(f"{len(gone)} tournament(s) of this database are not in it: {listed(gone)}")
    gone_users = sorted(set(user_model.objects.values_list(name_field, flat=True)) - names)
    if gone_users:
        losses.append(f"{len(gone_users)} account(s) of this database are not in it: {listed(gone_users)}")
    return losses


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


def restore_database(source: Path, *, replace: bool = False, accept_loss: bool = False) -> int:
    """Replace the database's contents with a backup (one transaction); returns the number of records.

    Refused, naming what would be lost, when the archive holds no tournament or would remove
    tournaments or accounts the database has now, unless ``accept_loss`` (``--accept-loss``).
    """
    from django.core.serializers.base import DeserializationError

    from arbitro.web.tournaments import eventlog

    source = Path(source)
    if not source.is_file():
        raise ArbitroError(f"{source}: no such file")
    gz = _check_db_name(source)
    try:
        records = _load_records(source, gz)
    except (OSError, ValueError, EOFError) as err:
        raise ArbitroError(f"{source}: not a readable database backup ({err})") from None
    count = len(records)
    call_command("migrate", interactive=False, verbosity=0)
    if not replace and not database_is_empty():
        raise ArbitroError(f"{source}: the database is not empty; pass --replace to overwrite everything in it")
    losses = restore_losses(records)
    del records
    if losses and not accept_loss:
        raise ArbitroError(
            f"{source}: restoring it would lose data: " + "; ".join(losses)
            + ". Nothing was changed; pass --accept-loss to restore it all the same"
        )
    try:
        with transaction.atomic():
            _empty_all_tables()
            call_command("loaddata", str(source), verbosity=0)
    except (DeserializationError, ValueError, LookupError, DatabaseError) as err:  # incl. a missing NOT NULL field
        raise ArbitroError(f"{source}: the backup could not be loaded, nothing was changed ({err})") from None
    eventlog.clear_cache()
    return count


# -- one tournament ---------------------------------------------------------------------------------------


def _iso(value: dt.date | dt.datetime | None) -> str | None:
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
        "events_count": len(events),
        "events_sha256": events_digest(events),
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


def events_digest(events: list[dict[str, Any]]) -> str:
    """The SHA-256 of the events, over a canonical JSON (key order and spacing do not count)."""
    text = json.dumps(events, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _refuse_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not JSON")


def _json(data: bytes, where: str, *, scan: bool = True) -> Any:
    """A JSON member of an archive, bounded in nesting; :class:`ArbitroError` otherwise."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise ArbitroError(f"{where}: not UTF-8 (byte {err.start + 1}); nothing was restored") from None
    # (the long event log is not scanned: json's own recursion guard refuses a deep one just as cleanly)
    if scan and json_too_deep(text, MAX_ARCHIVE_DEPTH):
        raise ArbitroError(f"{where}: nested deeper than {MAX_ARCHIVE_DEPTH} levels; nothing was restored")
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except (ValueError, RecursionError) as err:
        raise ArbitroError(f"{where}: not valid JSON ({err}); nothing was restored") from None


def _member(z: zipfile.ZipFile, name: str, limit: int, source: Path) -> bytes:
    """One member of the zip, refused past ``limit`` bytes decompressed (whatever its header says)."""
    info = z.getinfo(name)  # KeyError: not there
    if info.file_size > limit:
        raise ArbitroError(f"{source}: {name}: larger than {limit // (1024 * 1024)} MB; nothing was restored")
    with z.open(info) as f:
        data = f.read(limit + 1)
    if len(data) > limit:
        raise ArbitroError(f"{source}: {name}: larger than {limit // (1024 * 1024)} MB; nothing was restored")
    return data


def _read_archive(source: Path) -> tuple[dict[str, Any], list[dict[str, Any]], str]:
    try:
        with zipfile.ZipFile(source) as z:
            meta_bytes = _member(z, "meta.json", MAX_META_BYTES, source)
            events_bytes = _member(z, "events.json", MAX_EVENTS_BYTES, source)
            trf = _member(z, "tournament.trf", MAX_TRF_BYTES, source).decode("utf-8")
    except (OSError, KeyError, ValueError, EOFError, RuntimeError, NotImplementedError, zipfile.BadZipFile) as err:
        raise ArbitroError(f"{source}: not a tournament backup ({err})") from None
    meta = _json(meta_bytes, f"{source}: meta.json")
    events = _json(events_bytes, f"{source}: events.json", scan=False)
    if not isinstance(meta, dict) or meta.get("format") != TOURNAMENT_FORMAT:
        raise ArbitroError(f"{source}: meta.json: expected format {TOURNAMENT_FORMAT!r}")
    if meta.get("format_version") not in _READABLE_VERSIONS:
        raise ArbitroError(f"{source}: meta.json: format_version {meta.get('format_version')!r} is not supported")
    check_meta(meta, str(source))  # every field against the archive schema (issue 21)
    check_events(events, str(source))
    written = (meta.get("events_count"), meta.get("events_sha256"))
    if meta["format_version"] >= 2 and written != (len(events), events_digest(events)):  # the log is the truth
        raise ArbitroError(
            f"{source}: events.json is not the event log this backup wrote (its number or SHA-256 differs "
            "from meta.json: cut or changed); nothing was restored"
        )
    return meta, events, trf


def restore_tournament(
    source: Path, *, slug: str | None = None, replace: bool = False, grant_roles: bool = False, notes: list[str] | None = None
) -> Any:
    """Recreate one tournament from its zip: its event log, checked by its digest and replayed.

    Returns the row; ``notes`` (when given) receives what the operator should know (e.g. that the
    archive's ``tournament.trf`` differs from the one the log derives now).

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
        eventlog.clear_cache()
        derived = store.export_trf(row)  # the TRF as the backup derived it: a round in progress left out
        if derived != trf:
            if meta["format_version"] < 2:  # no digest: the derived TRF is the only check of the log
                raise ArbitroError(f"{source}: the replayed event log does not reproduce tournament.trf; nothing was restored")
            (notes if notes is not None else []).append("tournament.trf differs from the TRF the restored event log gives (the log is restored; "
                         "the TRF is derived from it)")
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
