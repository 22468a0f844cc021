"""``arbitro backup`` / ``arbitro restore`` (issue 11 §3; docs/reliability.md).

The whole database as a Django fixture (``*.json`` or ``*.json.gz``), or one tournament
(``--tournament SLUG``) as a zip of its TRF-2026 and its event log. Files are written
atomically; a restore is one transaction. The database is the web app's (``DATABASE_URL``
or the SQLite file under ``ARBITRO_DATA_DIR``); stop the server before a restore.
"""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path
from typing import Annotated

import typer

from arbitro.errors import ArbitroError

DB_FILE = "arbitro.sqlite3"


def _data_candidates() -> list[Path]:
    """Where a data folder may be: ./data, data/ of every parent folder, and the project Arbitro runs from."""
    here = Path.cwd().resolve()
    out = [d / "data" for d in (here, *here.parents)]
    import arbitro

    project = Path(arbitro.__file__).resolve().parents[2]  # src/arbitro/__init__.py -> the project folder
    if (project / "pyproject.toml").exists():
        out.append(project / "data")
    return list(dict.fromkeys(out))


def locate_data(*, create: bool) -> str:
    """Find the web app's database before Django starts, and say which (issue 20).

    ``DATABASE_URL`` wins; else ``ARBITRO_DATA_DIR``; else the first folder of
    :func:`_data_candidates` holding the SQLite file (``ARBITRO_DATA_DIR`` is set to it).
    Without one, a backup (``create=False``) fails with a message instead of backing up a
    new empty database; a restore creates the database in ``./data``.
    """
    from django.conf import settings

    if settings.configured:  # Django already set up by the caller (tests, `arbitro manage`)
        return ""
    if os.environ.get("DATABASE_URL"):
        return "database: DATABASE_URL"
    env = os.environ.get("ARBITRO_DATA_DIR")
    if env:
        if not create and not (Path(env) / DB_FILE).exists():
            raise ArbitroError(f"ARBITRO_DATA_DIR={env}: no database there ({DB_FILE}); nothing backed up")
        return f"data folder: {env}"
    for folder in _data_candidates():
        if (folder / DB_FILE).exists():
            os.environ["ARBITRO_DATA_DIR"] = str(folder)
            return f"data folder: {folder}"
    if create:
        return f"data folder: {Path.cwd() / 'data'} (a new database)"
    looked = ", ".join(str(p / DB_FILE) for p in _data_candidates())
    raise ArbitroError(
        f"no Arbitro database found (looked for {looked}); "
        "run the command in the project folder, or set ARBITRO_DATA_DIR to the data folder "
        "(or DATABASE_URL to the database); nothing backed up"
    )


def _django(*, create: bool = False) -> str:
    where = locate_data(create=create)
    from arbitro.web import setup

    setup()
    return where


def backup(
    output: Annotated[Path | None, typer.Argument(help="File to write (default: backups/arbitro-<time>.json.gz or <slug>-<time>.zip)")] = None,
    tournament: Annotated[str | None, typer.Option("--tournament", "-t", help="Only this tournament (its slug): TRF-2026 + event log")] = None,
) -> None:
    """Back up the whole database, or one tournament.

    The database is the web app's: DATABASE_URL, else ARBITRO_DATA_DIR, else data/arbitro.sqlite3 in
    this folder, a folder above it, or the project Arbitro runs from. Without one: exit 2.

    Examples:

      arbitro backup                               (backups/arbitro-<time>.json.gz)

      arbitro backup --tournament abierto-2026     (backups/abierto-2026-<time>.zip)

      ARBITRO_DATA_DIR=/srv/arbitro/data arbitro backup /tmp/all.json.gz
    """
    where = _django()
    if where:
        typer.echo(where, err=True)
    from django.core.management import call_command

    from arbitro.web.ops import backup as ops

    call_command("migrate", interactive=False, verbosity=0)
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    if tournament:
        target = output or Path("backups") / f"{tournament}-{stamp}.zip"
        n = ops.backup_tournament(tournament, target)
        typer.echo(f"{target}: tournament {tournament}, {n} events")
    else:
        target = output or Path("backups") / f"arbitro-{stamp}.json.gz"
        n = ops.backup_database(target)
        typer.echo(f"{target}: {n} records")


def restore(
    source: Annotated[Path, typer.Argument(help="A backup: *.json / *.json.gz (whole database) or *.zip (one tournament)")],
    replace: Annotated[bool, typer.Option("--replace", help="Overwrite what is there (the whole database, or the tournament of that slug)")] = False,
    slug: Annotated[str | None, typer.Option("--slug", help="Restore one tournament under another slug")] = None,
    grant_roles: Annotated[bool, typer.Option("--grant-roles", help="One tournament: give back the roles named in the archive to existing users")] = False,
    accept_loss: Annotated[bool, typer.Option("--accept-loss", help="Whole database: restore even an archive without tournaments, or one that removes tournaments or accounts (the refusal names them)")] = False,
) -> None:
    """Restore the whole database, or one tournament (a .zip).

    The database is found as for ``arbitro backup``; without one, a new one is made in ./data.
    """
    where = _django(create=True)
    if where:
        typer.echo(where, err=True)
    from django.core.management import call_command

    from arbitro.web.ops import backup as ops

    if source.suffix.lower() == ".zip":
        call_command("migrate", interactive=False, verbosity=0)
        notes: list[str] = []
        row = ops.restore_tournament(source, slug=slug, replace=replace, grant_roles=grant_roles, notes=notes)
        typer.echo(f"{source}: tournament {row.slug} restored ({row.events.count()} events)")
        for note in notes:
            typer.echo(f"{source}: note: {note}", err=True)
        if not grant_roles:
            typer.echo("roles were not restored (an archive names users; --grant-roles gives them back)", err=True)
    else:
        n = ops.restore_database(source, replace=replace, accept_loss=accept_loss)
        typer.echo(f"{source}: {n} records restored")


def logins(
    lift: Annotated[bool, typer.Option("--lift", help="Forget the failures of --user and/or from --address")] = False,
    user: Annotated[str, typer.Option("--user", help="A user name")] = "",
    address: Annotated[str, typer.Option("--address", help="An IP address")] = "",
) -> None:
    """The failed logins of the last cool-off time: locked pairs and delays (issue 38); --lift clears them.

    \b
      arbitro logins                                    (user name, address, failures, lock, delays)
      arbitro logins --lift --user chief                (that name, from every address)
      arbitro logins --lift --address 10.0.0.1          (everyone at that address)
    """
    where = _django(create=False)
    if where:
        typer.echo(where, err=True)
    from arbitro.web.ops import throttle

    if lift:
        if not user and not address:
            raise ArbitroError("logins --lift: give --user, --address or both")
        n = throttle.lift(username=user, address=address)
        typer.echo(f"{n} record(s) of failed logins forgotten")
        return
    rows = throttle.blocks()
    if not rows:
        typer.echo("no failed logins within the cool-off time")
        return
    typer.echo(f"{'user name':<24} {'address':<40} {'failures':>8}  last                 state")
    for b in rows:
        state = ["locked" if b.locked else ""]
        if b.address_wait:
            state.append(f"address waits {b.address_wait:.0f} s")
        if b.account_wait:
            state.append(f"name waits {b.account_wait:.0f} s")
        typer.echo(f"{b.username[:24]:<24} {b.address[:40]:<40} {b.failures:>8}  {b.last:%Y-%m-%d %H:%M:%S}  "
                   + ", ".join(s for s in state if s))  # fmt: skip


def register(app: typer.Typer) -> None:
    app.command("backup")(backup)
    app.command("restore")(restore)
    app.command("logins")(logins)
