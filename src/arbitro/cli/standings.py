"""``arbitro standings FILE``: standings with the FIDE tie-breaks (C.07), as a table, JSON or CSV.

JSON: :meth:`arbitro.standings.Standings.as_dict`, the one standings shape
(docs/formats/standings.md)::

    {"rules": "2026", "tiebreaks": ["PTS", "BH/C1", ...], "after_round": 9, "lots_seed": null,
     "players": [{"start_rank": 3, "rank": 1, "values": {"PTS": "5.5", "BH/C1": "23.5", ...}}]}

Values are decimal strings (points and Buchholz one decimal, SB and AOB two,
rating-based values integers), ``null`` when a tie-break has no value.
Players are listed in rank order. The table prints the rows of
:func:`arbitro.views.standings_table` (one number style per column).
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from arbitro.errors import ArbitroError
from arbitro.model import Tournament
from arbitro.pairing import registry
from arbitro.standings import Standings, compute_standings
from arbitro.tiebreaks.spec import TiebreakSpecError, parse_tiebreak_list
from arbitro.trf import read_trf
from arbitro.trf.files import warn_on_stderr
from arbitro.views import standings_table

__all__ = ["register", "standings_json", "standings_csv"]

_FORMATS = ("table", "json", "csv")


def _text(value: object) -> str:
    return "" if value is None else str(value)


def standings_json(st: Standings) -> str:
    """The JSON document of the standings (:meth:`Standings.as_dict`, docs/formats/standings.md)."""
    return json.dumps(st.as_dict(), indent=2, ensure_ascii=False)


def standings_csv(st: Standings, t: Tournament) -> str:
    """One line per player in rank order: rank, start rank, name, rating, then every tie-break."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["rank", "start_rank", "name", "rating", *st.tiebreaks])
    for row in st.rows:
        p = t.players[row.start_rank]
        writer.writerow(
            [row.rank, row.start_rank, p.name, p.rating or "", *(_text(row.values[c]) for c in st.tiebreaks)]
        )
    return out.getvalue()


def _table(st: Standings, t: Tournament) -> Table:
    title = f"{t.name or 'Standings'} - after round {st.after_round} - C.07 {st.rules} rules"
    view = standings_table(t, st)
    table = Table(title=title, header_style="bold")
    table.add_column("Rk", justify="right")
    table.add_column("No", justify="right")
    table.add_column("Name")
    table.add_column("Rtg", justify="right")
    table.add_column(st.tiebreaks[0], justify="right")
    for code in view.tiebreaks:
        table.add_column(code, justify="right")
    for line in view.rows:
        p = line.player
        table.add_row(line.rank_text, str(p.start_rank), p.name, str(p.rating or ""), line.points_text, *line.values)
    return table


def standings_cmd(
    file: Annotated[Path, typer.Argument(help="TRF file (TRF-2026 or TRF16).")],
    tiebreaks: Annotated[
        str | None,
        typer.Option(
            "--tiebreaks",
            help="Comma-separated list as in TRF-2026 202, e.g. BH/C1,BH,SB,DE (default: the file's).",
        ),
    ] = None,
    rules: Annotated[
        str | None, typer.Option("--rules", help="C.07 edition: 2024 or 2026 (default: by the start date).")
    ] = None,
    after_round: Annotated[
        int | None,
        typer.Option("--after-round", help="Standings after this round (default: the last played)."),
    ] = None,
    unrated_rating: Annotated[
        int | None,
        typer.Option("--unrated-rating", help="Rating given to unrated players in ARO/TPR/PTP/...."),
    ] = None,
    lots_seed: Annotated[
        int | None, typer.Option("--lots-seed", help="Seed of the drawing of lots for players still tied.")
    ] = None,
    output_format: Annotated[str, typer.Option("--format", help="table, json or csv.")] = "table",
    explain: Annotated[
        int | None,
        typer.Option(
            "--explain",
            help="Instead of the standings, explain every value of this start rank, round by round.",
        ),
    ] = None,
) -> None:
    """Standings by points and the FIDE tie-breaks (C.07 2024/2026), ties left after the list drawn by lot."""
    fmt = output_format.lower()
    if fmt not in _FORMATS:
        raise ArbitroError(f"--format: expected table, json or csv, got {output_format!r}")
    if rules is not None and rules not in ("2024", "2026"):
        raise ArbitroError(f"--rules: expected 2024 or 2026, got {rules!r}")
    if unrated_rating is not None and unrated_rating < 0:
        raise ArbitroError(f"--unrated-rating: expected a rating >= 0, got {unrated_rating}")
    t = read_trf(file, warn_on_stderr)
    try:
        if tiebreaks is not None:
            parse_tiebreak_list(tiebreaks)
    except TiebreakSpecError as err:
        raise ArbitroError(f"--tiebreaks: {err}") from None
    if after_round is not None:
        played = t.played_rounds
        if not 1 <= after_round <= max(played, 1):
            raise ArbitroError(f"--after-round: expected a round from 1 to {played}, got {after_round}")
    try:
        st = compute_standings(
            t,
            tiebreaks,
            rules=rules,
            after_round=after_round,
            unrated_rating=unrated_rating,
            lots_seed=lots_seed,
            games_per_round=registry.of_tournament(t).games_per_round,  # two-game matches: by match (C.04.5)
        )
    except ArbitroError as err:
        where = "202/212" if tiebreaks is None else "tie-breaks"
        raise ArbitroError(f"{file}: {where}: {err}", exit_code=err.exit_code) from None
    for warning in st.warnings:
        typer.echo(f"arbitro: {file}: {warning}", err=True)
    if explain is not None:
        _print_explanations(st, t, explain, fmt)
        return
    if fmt == "json":
        typer.echo(standings_json(st))
    elif fmt == "csv":
        typer.echo(standings_csv(st, t), nl=False)
    else:
        console = Console(highlight=False, soft_wrap=True)
        console.print(_table(st, t))
        if any(row.by_lot for row in st.rows):
            console.print(f"* rank decided by drawing of lots (seed {st.lots_seed}, C.07 4.2)")
    if fmt != "table" and any(row.by_lot for row in st.rows):
        typer.echo(f"arbitro: ties broken by drawing of lots, seed {st.lots_seed}", err=True)


def _print_explanations(st: Standings, t: Tournament, start_rank: int, fmt: str) -> None:
    """Every tie-break value of one player: per round, what it contributed, what was cut, and why."""
    if start_rank not in t.players:
        raise ArbitroError(f"--explain: no player with start rank {start_rank}")
    explanations = [st.explain(start_rank, code) for code in st.tiebreaks]
    if fmt == "json":
        typer.echo(json.dumps([e.as_dict() for e in explanations], indent=2, ensure_ascii=False))
        return
    console = Console(highlight=False, soft_wrap=True)
    row = st.row(start_rank)
    console.print(f"{t.players[start_rank].name} (#{start_rank}): rank {row.rank}")
    for e in explanations:
        console.print(f"[bold]{e.code}[/bold] = {_text(e.value)}  ({e.note})")
        for c in e.contributions:
            opponent = f"vs {c.opponent}" if c.opponent is not None else "no opponent"
            cut = "  [red]cut[/red]" if c.cut else ""
            console.print(f"    round {c.round:>2} {opponent:<12} {_text(c.value):>8}  {c.note}{cut}")


def register(app: typer.Typer) -> None:
    app.command("standings")(standings_cmd)
