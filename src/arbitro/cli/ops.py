"""``arbitro backup`` / ``arbitro restore`` (issue 11 §3; docs/reliability.md).

The whole database as a Django fixture (``*.json`` or ``*.json.gz``), or one tournament
(``--tournament SLUG``) as a zip of its TRF-2026 and its event log. Files are written
atomically; a restore is one transaction. The database is the web app's (``DATABASE_URL``
or the SQLite file under ``ARBITRO_DATA_DIR``); stop the server before a restore.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Annotated

import typer


def _django() -> None:
    from arbitro.web import setup

    setup()


def backup(
    output: Annotated[Path | None, typer.Argument(help="File to write (default: backups/arbitro-<time>.json.gz or <slug>-<time>.zip)")] = None,
    tournament: Annotated[str | None, typer.Option("--tournament", "-t", help="Only this tournament (its slug): TRF-2026 + event log")] = None,
) -> None:
    """Back up the whole database, or one tournament."""
    _django()
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
) -> None:
    """Restore the whole database, or one tournament (a .zip)."""
    _django()
    from django.core.management import call_command

    from arbitro.web.ops import backup as ops

    if source.suffix.lower() == ".zip":
        call_command("migrate", interactive=False, verbosity=0)
        row = ops.restore_tournament(source, slug=slug, replace=replace, grant_roles=grant_roles)
        typer.echo(f"{source}: tournament {row.slug} restored ({row.events.count()} events)")
        if not grant_roles:
            typer.echo("roles were not restored (an archive names users; --grant-roles gives them back)", err=True)
    else:
        n = ops.restore_database(source, replace=replace)
        typer.echo(f"{source}: {n} records restored")


def register(app: typer.Typer) -> None:
    app.command("backup")(backup)
    app.command("restore")(restore)
