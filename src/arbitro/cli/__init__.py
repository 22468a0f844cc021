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
import re
import sys
from typing import TYPE_CHECKING

from arbitro.errors import ArbitroError

if TYPE_CHECKING:
    import typer

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
    "ops",  # arbitro backup / restore / logins
    "ratings",  # arbitro ratings performance|change|list-parse
    "prizes",  # arbitro prizes
    "team",  # arbitro team pair|standings|boards|check|generate
    "publish",  # arbitro publish (push a tournament to a server)
]

#: First command word -> the module that registers it (loading only that module keeps start-up fast).
COMMANDS = {
    "trf": "trf", "demo": "demo", "standings": "standings", "pair": "pair", "check": "pair",
    "generate": "pair", "tournament": "tournament", "norms": "norms", "title-application": "titles",
    "direct-title": "titles", "fma": "fma", "serve": "serve", "manage": "serve", "print": "documents",
    "export": "documents", "site": "documents", "backup": "ops", "restore": "ops", "logins": "ops", "ratings": "ratings",
    "prizes": "prizes",
    "team": "team",
    "publish": "publish",
}  # fmt: skip


def _new_app() -> typer.Typer:
    import typer

    app = typer.Typer(
        name="arbitro",
        help="Arbitro: FIDE Swiss pairings, tie-breaks, TRF, title norms and federation rulebooks.",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
    )

    @app.callback(epilog=EXIT_CODES + " pair, check, generate: 0, 1 no valid pairing, 3 invalid input.  " + manual_line())
    def _root() -> None:
        """Arbitro: FIDE Swiss pairings, tie-breaks, TRF, title norms and federation rulebooks."""

    return app


def manual_line() -> str:
    """The root --help's pointer to the user manual (issue 33 item 6, VCL4THP Q11-Q14)."""
    from pathlib import Path

    content = Path(__file__).resolve().parent.parent / "web" / "manual" / "content"
    return (
        f"User manual (English, Spanish): {content / 'en' / 'index.md'} and {content / 'es' / 'index.md'} "
        "(docs/manual/ in the source), or /manual/ in the web app (arbitro serve, e.g. http://localhost:8000/manual/)."
    )


#: The exit codes every command's --help ends with; ``pair``/``check``/``generate`` say their own.
EXIT_CODES = "Exit codes: 0 done; 2 bad input (one message on stderr, nothing written); 130 interrupted."
#: ``pair``, ``check`` and ``generate`` follow bbpPairings: 3 for invalid input.
PAIRING_EXIT_CODES = "Exit codes (as bbpPairings): 0 done; 1 no valid pairing / a round differs; 3 invalid input."


def _add_exit_codes(app: typer.Typer, *, top: bool = True) -> None:
    """End every command's --help with its exit codes (unless its docstring already gives them)."""
    for info in app.registered_commands:
        doc = (info.help or "") + ((info.callback.__doc__ or "") if info.callback else "")
        if "Exit codes" in doc or info.epilog:
            continue
        name = info.name or (info.callback.__name__ if info.callback else "")
        info.epilog = PAIRING_EXIT_CODES if top and name in ("pair", "check", "generate") else EXIT_CODES
    for group in app.registered_groups:
        sub = group.typer_instance
        if sub is not None:
            _add_exit_codes(sub, top=False)


def _keep_argument_help() -> None:
    """Show every argument's help in --help again (issue 20).

    Click 8.3+ gives ``Parameter`` its own ``help`` and sets it after Typer (below 0.21) stored the
    argument's help, so the Arguments panel came out empty. Typer's argument class is wrapped once
    to put the help back; with a Typer/Click pair that keeps it this does nothing.
    """
    from typer.core import TyperArgument

    init = TyperArgument.__init__
    if getattr(init, "_arbitro_keeps_help", False):
        return

    def keep(self: TyperArgument, *args: object, help: str | None = None, **kwargs: object) -> None:  # noqa: A002
        init(self, *args, help=help, **kwargs)  # type: ignore[arg-type]
        if help and not self.help:
            self.help = help

    keep._arbitro_keeps_help = True  # type: ignore[attr-defined]
    TyperArgument.__init__ = keep  # type: ignore[method-assign]


def _build(modules: list[str]) -> typer.Typer:
    _keep_argument_help()
    app = _new_app()
    for name in modules:
        importlib.import_module(f"arbitro.cli.{name}").register(app)
    _add_exit_codes(app)
    return app


def _modules_for(argv: list[str]) -> list[str]:
    """Only the module of the command asked for; every module for help or an unknown command."""
    words = [a for a in argv if not a.startswith("-")]
    if words and words[0] in COMMANDS and "--help" not in argv[:1]:
        return [COMMANDS[words[0]]]
    return list(COMMAND_MODULES)


def __getattr__(name: str) -> typer.Typer:
    """``arbitro.cli.app``: the application with every command (built on first use)."""
    if name == "app":
        global _FULL_APP
        if _FULL_APP is None:
            _FULL_APP = _build(list(COMMAND_MODULES))
        return _FULL_APP
    raise AttributeError(name)


_FULL_APP: typer.Typer | None = None


def _non_ascii_number(args: list[str]) -> str | None:
    """The first argument that is a number written with other digits than ASCII 0-9 (``٣``, ``２``), or ``None``.

    ``int()`` and ``float()`` (and so every numeric option) read any script's digits: ``--round ٣``
    was round 3 (issue 38: ASCII digits only where a number is read). An argument that is only
    digits, signs and separators is a number; a name with letters is left to its option.
    """
    for arg in args:
        value = arg.split("=", 1)[1] if arg.startswith("--") and "=" in arg else arg
        if not value.isascii() and _NUMBER_LIKE.fullmatch(value):
            return arg
    return None


_NUMBER_LIKE = re.compile(r"[+-]?[\d.,]*\d[\d.,]*")  # any script's digits (re's \d is Unicode)


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script; returns the exit code."""
    args = sys.argv[1:] if argv is None else argv
    number = _non_ascii_number(args)
    if number is not None:
        sys.stderr.write(f"arbitro: {number!r}: numbers are written with the digits 0-9 (limits.md)\n")
        return 2
    try:
        # ``pair``/``check`` without Typer, Click or Rich: most of a 100-player ``pair`` was start-up.
        from arbitro.cli.fast import try_fast

        fast = try_fast(args)
    except ArbitroError as err:
        sys.stderr.write(f"arbitro: {err}\n")
        return err.exit_code
    except KeyboardInterrupt:
        sys.stderr.write("arbitro: interrupted\n")
        return 130
    if fast is not None:
        return fast
    import typer

    app = _build(_modules_for(args))
    try:
        rv = app(args=args, prog_name="arbitro", standalone_mode=False)
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
