"""``arbitro trf``: validate, convert and show TRF files (issue 2)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich import box
from rich.console import Console
from rich.table import Table

from arbitro.errors import ArbitroError
from arbitro.model import Player, Tournament
from arbitro.trf import ParseResult, TrfError, format_points, load_trf, write_trf

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


def _cells(t: Tournament, p: Player) -> list[str]:
    cells = []
    for r in p.results:
        if r.opponent is None:
            cells.append(r.code.value.strip() or "-")
        else:
            colour = r.colour.value if r.colour else " "
            cells.append(f"{r.opponent}{colour}{r.code.value}")
    cells.extend([""] * (t.played_rounds - len(cells)))
    return cells


#: Longest name shown in full in the terminal crosstable; longer ones end in an ellipsis.
NAME_WIDTH = 24


def crosstable_pages(t: Tournament, title: str | None = None, width: int = 80) -> list[Table]:
    """The crosstable as Rich tables that each fit ``width`` columns (issue 20: an 80-column terminal).

    One row per player, one column per round (``opponent colour result``). The rounds that do not fit
    go to further tables ("pages"), each repeating the number, the name and the points.
    """
    players = list(t.iter_players())
    rows = {p.start_rank: _cells(t, p) for p in players}
    names = {p.start_rank: f"{p.title} {p.name}".strip() for p in players}
    no_w = max([2, *(len(str(p.start_rank)) for p in players)])
    name_w = min(NAME_WIDTH, max([4, *(len(n) for n in names.values())]))
    pts_w = max([3, *(len(format_points(p.points)) for p in players)])
    round_w = max([3, len(f"R{t.played_rounds}"), *(len(c) for cells in rows.values() for c in cells)])
    pad = 3  # a space each side of a column and the blank rule between columns (box.SIMPLE_HEAD)
    rounds = list(range(1, t.played_rounds + 1))
    pages: list[list[int]] = []
    first = True
    while rounds or not pages:
        fixed = no_w + name_w + pts_w + 3 * pad + ((4 + 3 + 2 * pad) if first else 0)  # + Rtg, Fed on page 1
        per_page = max(1, (width + 1 - fixed) // (round_w + pad))  # n columns take their widths + 3n - 1
        pages.append(rounds[:per_page])
        rounds = rounds[per_page:]
        first = False
    tables = []
    for i, page in enumerate(pages):
        name = title or t.name or None
        if len(pages) > 1 and page:
            name = f"{name or ''} (rounds {page[0]}-{page[-1]})".strip()
        table = Table(title=name, box=box.SIMPLE_HEAD, header_style="bold", pad_edge=False)
        table.add_column("No", justify="right", no_wrap=True)
        table.add_column("Name", no_wrap=True, max_width=name_w, overflow="ellipsis")
        if i == 0:
            table.add_column("Rtg", justify="right", no_wrap=True)
            table.add_column("Fed", no_wrap=True)
        for k in page:
            table.add_column(f"R{k}", justify="right", no_wrap=True)
        table.add_column("Pts", justify="right", no_wrap=True)
        for p in players:
            cells = [rows[p.start_rank][k - 1] for k in page]
            head = [str(p.start_rank), names[p.start_rank]]
            if i == 0:
                head += [str(p.rating or ""), p.federation]
            table.add_row(*head, *cells, format_points(p.points))
        tables.append(table)
    return tables


def crosstable(t: Tournament, title: str | None = None) -> Table:
    """The whole crosstable as one Rich table (may be wider than a terminal; see :func:`crosstable_pages`)."""
    return crosstable_pages(t, title, width=10**6)[0]


def print_crosstable(t: Tournament, title: str | None = None, console: Console | None = None) -> None:
    """Print the crosstable in pages that fit the terminal (80 columns when not a terminal)."""
    out = console or Console()
    for table in crosstable_pages(t, title, width=out.width):
        out.print(table)


@trf_app.command("show")
def show_cmd(file: Annotated[Path, typer.Argument(help="TRF file to show.")]) -> None:
    """Print the tournament's crosstable in the terminal."""
    result = load_or_fail(file)
    print_crosstable(result.tournament)


def register(app: typer.Typer) -> None:
    app.add_typer(trf_app, name="trf")
