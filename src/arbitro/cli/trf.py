"""``arbitro trf``: validate, convert and show TRF files (issue 2)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from arbitro.errors import ArbitroError
from arbitro.model import Tournament
from arbitro.trf import ParseResult, TrfError, format_points, load_trf, write_trf
from arbitro.trf.diagnostics import report_lines

trf_app = typer.Typer(
    help="Read, check, convert and show FIDE Tournament Report Files.", no_args_is_help=True
)


def load_or_fail(path: Path, *, exit_code: int = 2) -> ParseResult:
    """Parse ``path``; print its warnings on stderr; raise on errors (exit ``exit_code``)."""
    result = load_trf(path)
    if not result.ok:  # one line: the first error and how many more (warnings do not matter then)
        raise ArbitroError(str(TrfError(result.diagnostics, result.error_count)), exit_code=exit_code)
    err = Console(stderr=True, highlight=False, soft_wrap=True)
    for w in report_lines(result.warnings, result.warning_count):
        err.print(w, style="yellow", markup=False)
    return result


@trf_app.command("validate")
def validate_cmd(
    file: Annotated[Path, typer.Argument(help="TRF file (TRF-2026 or TRF16).")],
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="Print nothing when the file is valid.")
    ] = False,
) -> None:
    """Check a TRF file: exit 0 when valid (warnings allowed), 2 with the problems when not."""
    result = load_trf(file)
    err = Console(stderr=True, highlight=False, soft_wrap=True)
    for line in report_lines(result.diagnostics, result.total):
        err.print(line, style="red" if ": error: " in line else "yellow", markup=False)
    if not result.ok:
        raise typer.Exit(code=2)
    if not quiet:
        t = result.tournament
        typer.echo(
            f"{file}: valid {result.version.upper()}, {len(t.players)} players, "
            f"{t.played_rounds} of {t.total_rounds} rounds, {len(result.warnings)} warning(s)"
        )


@trf_app.command("convert")
def convert_cmd(
    source: Annotated[Path, typer.Argument(help="TRF file to read.")],
    target: Annotated[Path, typer.Argument(help="TRF file to write (atomically).")],
    to: Annotated[
        str, typer.Option("--to", help="Output format: trf26 (TRF-2026) or trf16 (TRF16 + XX extensions).")
    ] = "trf26",
) -> None:
    """Convert a TRF file to TRF-2026 or TRF16."""
    version = to.lower().replace("-", "").replace("trf2026", "trf26")
    if version not in ("trf26", "trf16"):
        raise ArbitroError(f"--to: expected trf26 or trf16, found {to!r}")
    result = load_or_fail(source)
    write_trf(result.tournament, target, version)
    typer.echo(f"{target}: written as {version.upper()}")


def crosstable(t: Tournament, title: str | None = None) -> Table:
    """A Rich table: one row per player, one column per round (``opponent colour result``)."""
    table = Table(title=title or t.name or None, show_lines=False, header_style="bold")
    table.add_column("No", justify="right")
    table.add_column("Name")
    table.add_column("Rtg", justify="right")
    table.add_column("Fed")
    for k in range(1, t.played_rounds + 1):
        table.add_column(f"R{k}", justify="right")
    table.add_column("Pts", justify="right")
    for p in t.iter_players():
        cells = []
        for r in p.results:
            if r.opponent is None:
                cells.append(r.code.value.strip() or "-")
            else:
                colour = r.colour.value if r.colour else " "
                cells.append(f"{r.opponent}{colour}{r.code.value}")
        cells.extend([""] * (t.played_rounds - len(cells)))
        name = f"{p.title} {p.name}".strip()
        table.add_row(
            str(p.start_rank), name, str(p.rating or ""), p.federation, *cells, format_points(p.points)
        )
    return table


@trf_app.command("show")
def show_cmd(file: Annotated[Path, typer.Argument(help="TRF file to show.")]) -> None:
    """Print the tournament's crosstable in the terminal."""
    result = load_or_fail(file)
    Console().print(crosstable(result.tournament))


def register(app: typer.Typer) -> None:
    app.add_typer(trf_app, name="trf")
