"""The ``arbitro`` command line (Typer + Rich).

Each area of Arbitro adds its commands in its own module of this package,
exposing ``register(app: typer.Typer) -> None``; the modules listed in
:data:`COMMAND_MODULES` are loaded in order. Commands raise
:class:`arbitro.errors.ArbitroError` for bad input: :func:`main` prints its
message on stderr and exits with its code (2 unless the command says
otherwise), never with a traceback.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys

import typer

from arbitro.errors import ArbitroError

COMMAND_MODULES = [
    "trf",  # arbitro trf validate|convert|show
    "demo",  # arbitro demo
    "standings",  # arbitro standings
    "pair",  # arbitro pair / check / generate
    "tournament",  # arbitro tournament ...
    "norms",  # arbitro norms
    "titles",  # arbitro title-application, direct titles
    "fma",  # arbitro fma ...
    "serve",  # arbitro serve (web)
    "documents",  # arbitro print / site
    "ops",  # arbitro backup / restore
    "ratings",  # arbitro ratings performance|change|list-parse
]

app = typer.Typer(
    name="arbitro",
    help="Arbitro: FIDE Swiss pairings, tie-breaks, TRF, title norms and federation rulebooks.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _load() -> None:
    for name in COMMAND_MODULES:
        module_name = f"arbitro.cli.{name}"
        if importlib.util.find_spec(module_name) is None:
            continue
        module = importlib.import_module(module_name)
        module.register(app)


_load()


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script; returns the exit code."""
    try:
        rv = app(args=argv, prog_name="arbitro", standalone_mode=False)
        if isinstance(rv, int):
            return rv
    except ArbitroError as err:
        typer.echo(f"arbitro: {err}", err=True)
        return err.exit_code
    except SystemExit as exc:  # typer/click exits (e.g. --help)
        code = exc.code
        return code if isinstance(code, int) else (0 if code is None else 1)
    except typer.Exit as exc:
        return exc.exit_code
    except KeyboardInterrupt:
        typer.echo("arbitro: interrupted", err=True)
        return 130
    except Exception as exc:  # click's usage errors (typer may vendor click: matched by shape)
        show = getattr(exc, "show", None)
        code = getattr(exc, "exit_code", None)
        if callable(show) and isinstance(code, int):
            show()
            return code
        if type(exc).__name__ == "Abort":
            typer.echo("Aborted.", err=True)
            return 1
        raise
    return 0


def run() -> None:  # pragma: no cover - console script wrapper
    sys.exit(main())
