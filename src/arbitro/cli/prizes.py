"""``arbitro prizes FILE --list PRIZES.json``: the prize distribution (issue 20; docs/formats/prizes.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from arbitro.errors import ArbitroError

_FORMATS = ("table", "json")


def _read_list(path: Path):  # type: ignore[no-untyped-def]
    from arbitro.cli.jsonfile import read_json
    from arbitro.prizes import parse_prize_list

    return parse_prize_list(read_json(path), str(path))


def prizes_cmd(
    file: Annotated[Path, typer.Argument(help="The tournament's TRF file (TRF-2026 or TRF16), e.g. open.trf.")],
    prize_list: Annotated[
        Path | None,
        typer.Option("--list", "-l", help="The prize list, JSON (docs/formats/prizes.md), e.g. prizes.json."),
    ] = None,
    fma: Annotated[bool, typer.Option("--fma", help="Use the FMA rulebook's prizes (FMA 8.1-8.7) as the list.")] = False,
    fmt: Annotated[str, typer.Option("--format", help="table or json.")] = "table",
    tiebreaks: Annotated[
        str | None, typer.Option("--tiebreaks", help="Tie-breaks of the final ranking, e.g. 'BH/C1,BH,SB' (C.07).")
    ] = None,
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Also write the distribution as a PDF.")] = None,
    lang: Annotated[str, typer.Option("--lang", help="es or en (the PDF).")] = "es",
) -> None:
    """Distribute a prize list by the final standings: one prize per player, cash shared by Hort or equally.

    Examples:

      arbitro prizes open.trf --list prizes.json

      arbitro prizes open.trf --list prizes.json --format json

      arbitro prizes cuarta.trf --fma -o premios.pdf

    Exit codes: 0 done; 2 bad input (the file, the list, an option), nothing written.
    """
    from arbitro.cli.trf import load_or_fail
    from arbitro.prizes import distribution_dict, fma_preset, format_cash, prizes_for

    if fmt not in _FORMATS:
        raise ArbitroError(f"--format: expected table or json, got {fmt!r}")
    if lang not in ("es", "en"):
        raise ArbitroError(f"--lang: expected es or en, got {lang!r}")
    if (prize_list is None) == (not fma):
        raise ArbitroError("give the prize list with --list PRIZES.json, or --fma for the FMA rulebook's")
    pl = _read_list(prize_list) if prize_list is not None else fma_preset()
    t = load_or_fail(file).tournament
    try:
        dist = prizes_for(t, pl, tiebreaks)
    except ValueError as exc:
        raise ArbitroError(f"--tiebreaks: {exc}") from None
    if output is not None:
        from arbitro.documents.output import write_output
        from arbitro.documents.prizes_pdf import render_prizes_pdf

        write_output(output, render_prizes_pdf(t, dist, lang))
    if fmt == "json":
        typer.echo(json.dumps(distribution_dict(dist), indent=2, ensure_ascii=False))
        return
    table = Table(title=f"{t.name or file}: prizes ({pl.sharing.value})", header_style="bold")
    for col in ("Group", "Place", "Player / club", "Pts", "Cash", "Items", "Shared with"):
        table.add_column(col, justify="right" if col in ("Place", "Pts", "Cash") else "left")
    for a in dist.awards:
        table.add_row(
            a.group,
            str(a.place) if a.place else "tied",
            a.name,
            "" if a.points is None else str(a.points),
            format_cash(a.cash, pl.currency) if a.cash else "",
            "; ".join(a.items),
            ", ".join(str(s) for s in a.shared_with),
        )
    out = Console(highlight=False)
    out.print(table)
    for group, place in dist.unawarded:
        out.print(f"{group} place {place}: no eligible player")
    out.print(f"Total cash: {format_cash(dist.total_cash, pl.currency)}")
    for note in pl.notes:
        out.print(note)
    for warning in dist.warnings:
        out.print(f"[yellow]note:[/yellow] {warning}")
    if output is not None:
        out.print(f"{output}: PDF written")


def register(app: typer.Typer) -> None:
    app.command("prizes")(prizes_cmd)
