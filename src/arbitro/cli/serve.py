"""``arbitro serve`` (the web app) and ``arbitro manage`` (Django's management commands).

``arbitro serve --demo`` applies the migrations, loads the demo data on an empty
database, prints the URL and the demo logins and serves with gunicorn (a
production-grade WSGI server; on Windows, where gunicorn does not run, Django's
threaded server is used instead).
"""

from __future__ import annotations

import os
import sys
from typing import Any

import typer

from arbitro.errors import ArbitroError


def _django() -> None:
    from arbitro.web import setup

    setup()


def prepare(demo: bool, echo: Any = typer.echo) -> list[tuple[str, str, str]]:
    """Migrate, load the demo on an empty database; returns the demo logins."""
    _django()
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=0)
    if not demo:
        return []
    from arbitro.web.tournaments.demo import LOGINS, is_empty, load

    if is_empty():
        from arbitro.web.ops import prebuild

        echo("Loading the demo data…")
        with prebuild.paused():  # no builder thread in a process about to fork (issue 31)
            load()
    return list(LOGINS)


def port_in_use(host: str, port: int) -> bool:
    """Is ``host:port`` taken by a listening server? (Bound the way gunicorn binds: SO_REUSEADDR.)"""
    import socket

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError:
            return True
    return False


def load_web() -> None:
    """Import the whole web face before serving; a module that cannot load stops the start (issue 31).

    Raises :class:`ArbitroError` with the import's own error and, when another thread is running
    in this process (it could be inside an import when the workers fork), names it.
    """
    import threading

    from arbitro.web import load_all

    try:
        load_all()
    except Exception as err:
        raise ArbitroError(
            f"the web application could not be loaded, nothing was served: {type(err).__name__}: {err}"
        ) from None
    others = [t.name for t in threading.enumerate() if t is not threading.main_thread()]
    if others:
        raise ArbitroError(
            "internal error: threads still running before the web server starts "
            f"({', '.join(others)}); nothing was served"
        )


def _serve(host: str, port: int, workers: int) -> None:
    from django.db import connections

    load_web()
    connections.close_all()
    if os.name == "nt":  # pragma: no cover - gunicorn needs fork
        from django.core.servers.basehttp import run
        from django.core.wsgi import get_wsgi_application

        run(host, port, get_wsgi_application(), threading=True)
        return
    from gunicorn.app.base import BaseApplication

    class _App(BaseApplication):  # type: ignore[misc]
        def load_config(self) -> None:
            self.cfg.set("bind", f"{host}:{port}")
            self.cfg.set("workers", workers)
            self.cfg.set("worker_class", "gthread")
            self.cfg.set("threads", 4)
            self.cfg.set("timeout", 120)
            self.cfg.set("accesslog", None)
            self.cfg.set("errorlog", "-")
            self.cfg.set("loglevel", "warning")

        def load(self) -> Any:  # in each worker, after the fork
            import gc

            from arbitro.web.wsgi import application

            # What is loaded now (Django, the app, the URL patterns) lives as long as the worker: out of
            # the garbage collector's full passes, which otherwise walk it every few seconds while every
            # thread of the worker waits (issue 19 load run).
            gc.collect()
            gc.freeze()
            return application

    _App().run()


def register(app: typer.Typer) -> None:
    @app.command("serve")
    def serve(
        host: str = typer.Option("127.0.0.1", help="Address to listen on (0.0.0.0 for the whole network)."),
        port: int = typer.Option(8000, help="TCP port."),
        demo: bool = typer.Option(False, "--demo", help="Load the demo data on an empty database."),
        workers: int = typer.Option(2, help="gunicorn worker processes."),
        dry_run: bool = typer.Option(False, "--dry-run", help="Prepare the database, print URL and logins, do not serve."),
    ) -> None:
        """Start the web application (public pages, arbiter's desk, player self-service)."""
        if not 0 < port < 65536:
            raise ArbitroError(f"--port: expected 1-65535, got {port}")
        if not dry_run and port_in_use(host, port):  # one message instead of the address and raw server errors
            other = port + 1 if port < 65535 else 8001
            raise ArbitroError(
                f"--port: port {port} on {host} is already in use (another Arbitro, or another server); "
                f"choose another port, e.g. `arbitro serve --demo --port {other}` "
                f"or `python3 dev.py run serve --demo --port {other}`"
            )
        logins = prepare(demo)
        from django.conf import settings

        shown = "localhost" if host in ("0.0.0.0", "127.0.0.1", "::") else host
        typer.echo(f"Arbitro is at http://{shown}:{port}/")
        typer.echo(f"Database: {settings.DATABASES['default']['NAME']}")
        for user, password, what in logins:
            typer.echo(f"  login {user} / {password}  ({what})")
        if dry_run:
            return
        typer.echo("Press Ctrl+C to stop.")
        sys.stdout.flush()
        _serve(host, port, workers)

    @app.command(
        "manage",
        context_settings={"allow_extra_args": True, "ignore_unknown_options": True, "help_option_names": []},
    )
    def manage(ctx: typer.Context) -> None:
        """Django's management commands, e.g. ``arbitro manage createsuperuser``."""
        _django()
        from django.core.management import CommandError, call_command, execute_from_command_line

        args = list(ctx.args)
        if not args or args[0].startswith("-") or args[0] == "help":
            execute_from_command_line(["arbitro manage", *args])
            return
        try:
            call_command(*args)  # in-process: keeps the database connection (tests, scripts)
        except CommandError as err:
            raise ArbitroError(str(err)) from None
