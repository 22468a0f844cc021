"""``arbitro trf``: validate, convert and show TRF files (issue 2)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from arbitro.errors import ArbitroError
from arbitro.model import Tournament
from arbitro.standings import Standings, compute_standings
from arbitro.trf import ParseResult, TrfError, load_trf, write_trf
from arbitro.views import DIAGONAL
from arbitro.views import crosstable as crosstable_view

trf_app = typer.Typer(
    help="Read, check, convert and show FIDE Tournament Report Files.", no_args_is_help=True
)


def load_or_fail(path: Path, *, exit_code: int = 2) -> ParseResult:
    """Parse ``path``; print its warnings on stderr; raise on errors (exit ``exit_code``)."""
    result = load_trf(path)
    err = Console(stderr=True, highlight=False, soft_wrap=True)
    for w in result.warnings:
        err.print(f"[yellow]{w}[/yellow]", markup=True)
    if result.errors:
        raise ArbitroError(str(TrfError(result.diagnostics)), exit_code=exit_code)
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
    for d in result.diagnostics:
        err.print(str(d), style="red" if d.is_error else "yellow", markup=False)
    if result.errors:
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


#: A Berger grid in the terminal up to this many players; a Swiss crosstable beyond.
GRID_MAX = 24


def _standings(t: Tournament) -> Standings:
    """The file's standings (its 202/212 list); points only when that list cannot be applied."""
    try:
        return compute_standings(t)
    except ArbitroError:
        return compute_standings(t, ["PTS"])


def crosstable(t: Tournament, title: str | None = None) -> Table:
    """A Rich table of :func:`arbitro.views.crosstable`: a Berger grid, or one column per round by rank."""
    table = crosstable_view(t, _standings(t), grid=t.is_round_robin and len(t.players) <= GRID_MAX)
    out = Table(title=title or t.name or None, show_lines=False, header_style="bold")
    out.add_column("No" if table.grid else "Rk", justify="right")
    out.add_column("Name")
    out.add_column("Rtg", justify="right")
    out.add_column("Fed")
    for column in table.columns:
        out.add_column(column if table.grid else f"R{column}", justify="right")
    out.add_column("Pts", justify="right")
    for code in table.tiebreaks:
        out.add_column(code, justify="right")
    for row in table.rows:
        p = row.player
        cells = ["x" if c == DIAGONAL else c for c in row.cells]
        name = f"{p.title} {p.name}".strip()
        first = p.start_rank if table.grid else row.rank
        out.add_row(str(first), name, str(p.rating or ""), p.federation, *cells, row.points_text, *row.values)
    return out


@trf_app.command("show")
def show_cmd(file: Annotated[Path, typer.Argument(help="TRF file to show.")]) -> None:
    """Print the tournament's crosstable in the terminal."""
    result = load_or_fail(file)
    Console().print(crosstable(result.tournament))


def register(app: typer.Typer) -> None:
    app.add_typer(trf_app, name="trf")
