"""``arbitro trf``: validate, convert and show TRF files (issue 2)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich import box
from rich.console import Console
from rich.table import Table

from arbitro.errors import ArbitroError
from arbitro.model import Tournament
from arbitro.standings import Standings, compute_standings
from arbitro.trf import ParseResult, TrfError, load_trf, write_trf
from arbitro.trf.diagnostics import report_lines
from arbitro.views import DIAGONAL, Crosstable
from arbitro.views import crosstable as crosstable_view

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
    # exactly the records of the format asked for (issue 37): a TRF16 file without TRF-2026 records
    write_trf(result.tournament, target, version, strict=True)
    typer.echo(f"{target}: written as {version.upper()}")


#: A Berger grid in the terminal up to this many players; a Swiss crosstable beyond.
GRID_MAX = 24


def _standings(t: Tournament) -> Standings:
    """The file's standings (its 202/212 list); points only when that list cannot be applied."""
    try:
        return compute_standings(t)
    except ArbitroError:
        return compute_standings(t, ["PTS"])


def crosstable_of(t: Tournament) -> Crosstable:
    """The crosstable every face prints (:func:`arbitro.views.crosstable`): a Berger grid or Swiss rows by rank."""
    return crosstable_view(t, _standings(t), grid=t.is_round_robin and len(t.players) <= GRID_MAX)


#: Longest name shown in full in the terminal crosstable; longer ones end in an ellipsis.
NAME_WIDTH = 24


def crosstable_pages(t: Tournament, title: str | None = None, width: int = 80) -> list[Table]:
    """The crosstable as Rich tables that each fit ``width`` columns (issue 20: an 80-column terminal).

    The rows of :func:`crosstable_of` (``12w1``: the opponent's rank, the colour, the result). The
    columns (rounds, or opponents in a grid) that do not fit go to further tables ("pages"), each
    repeating the number, the name, the points and the tie-breaks.
    """
    view = crosstable_of(t)
    rows = view.rows
    cells = {row.player.start_rank: ["x" if c == DIAGONAL else c for c in row.cells] for row in rows}
    names = {row.player.start_rank: f"{row.player.title} {row.player.name}".strip() for row in rows}
    firsts = {row.player.start_rank: str(row.player.start_rank if view.grid else row.rank) for row in rows}
    no_w = max([2, *(len(f) for f in firsts.values())])
    name_w = min(NAME_WIDTH, max([4, *(len(n) for n in names.values())]))
    tail = [("Pts", [row.points_text for row in rows])] + [
        (code, [row.values[i] for row in rows]) for i, code in enumerate(view.tiebreaks)
    ]
    tail_w = sum(max([len(h), *(len(v) for v in values)]) for h, values in tail)
    heads = [c if view.grid else f"R{c}" for c in view.columns]
    col_w = max([3, *(len(h) for h in heads), *(len(c) for cs in cells.values() for c in cs)])
    pad = 3  # a space each side of a column and the blank rule between columns (box.SIMPLE_HEAD)
    columns = list(range(len(view.columns)))
    pages: list[list[int]] = []
    first = True
    while columns or not pages:
        fixed = no_w + name_w + tail_w + (2 + len(tail)) * pad + ((4 + 3 + 2 * pad) if first else 0)  # Rtg, Fed: page 1
        per_page = max(1, (width + 1 - fixed) // (col_w + pad))  # n columns take their widths + 3n - 1
        pages.append(columns[:per_page])
        columns = columns[per_page:]
        first = False
    tables = []
    for i, page in enumerate(pages):
        name = title or t.name or None
        if len(pages) > 1 and page:
            what = "players" if view.grid else "rounds"
            name = f"{name or ''} ({what} {view.columns[page[0]]}-{view.columns[page[-1]]})".strip()
        table = Table(title=name, box=box.SIMPLE_HEAD, header_style="bold", pad_edge=False)
        table.add_column("No" if view.grid else "Rk", justify="right", no_wrap=True)
        table.add_column("Name", no_wrap=True, max_width=name_w, overflow="ellipsis")
        if i == 0:
            table.add_column("Rtg", justify="right", no_wrap=True)
            table.add_column("Fed", no_wrap=True)
        for k in page:
            table.add_column(heads[k], justify="right", no_wrap=True)
        for header, _ in tail:
            table.add_column(header, justify="right", no_wrap=True)
        for j, row in enumerate(rows):
            sr = row.player.start_rank
            head = [firsts[sr], names[sr]]
            if i == 0:
                head += [str(row.player.rating or ""), row.player.federation]
            table.add_row(*head, *(cells[sr][k] for k in page), *(values[j] for _, values in tail))
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
