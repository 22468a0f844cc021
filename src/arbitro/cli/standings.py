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
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from arbitro.errors import ArbitroError
from arbitro.model import Tournament
from arbitro.pairing import registry
from arbitro.standings import Standings, compute_standings
from arbitro.standings.ratings import UNRATED_METHODS, event_days, suggested_long_event
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
        table.add_row(
            line.rank_text,
            str(p.start_rank),
            line.name_text,
            str(p.rating or ""),
            line.points_text,
            *line.values,
        )
    return table


def _start_ranks(text: str, option: str) -> list[int]:
    """``"3,1,7"`` -> ``[3, 1, 7]``."""
    out: list[int] = []
    for item in text.replace(" ", "").split(","):
        if not item:
            continue
        if not item.isdigit() or int(item) < 1:
            raise ArbitroError(f"{option}: expected start ranks separated by commas, got {item!r}")
        out.append(int(item))
    if len(set(out)) != len(out):
        raise ArbitroError(f"{option}: a start rank is listed twice")
    return out


def _external(items: list[str]) -> dict[str, dict[int, Decimal]]:
    """``CODE:START=VALUE`` items (e.g. ``BH:3=23.5``) -> tie-break -> start rank -> value (Q207)."""
    out: dict[str, dict[int, Decimal]] = {}
    for item in items:
        code, sep, rest = item.partition(":")
        start, sep2, value = rest.partition("=")
        try:
            number = Decimal(value.strip())
        except InvalidOperation:
            number = Decimal("NaN")
        if not sep or not sep2 or not start.strip().isdigit() or not number.is_finite():
            raise ArbitroError(
                f"--external: expected TIEBREAK:START_RANK=VALUE (e.g. BH:3=23.5), got {item!r}"
            )
        out.setdefault(code.strip().upper(), {})[int(start)] = number
    return out


def _round_ratings(path: Path) -> dict[int, dict[int, int]]:
    """A CSV of ``start_rank,round,rating``: the rating in force from that round on (Q212-213)."""
    out: dict[int, dict[int, int]] = {}
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise ArbitroError(f"--round-ratings: {path}: {err.strerror or err}") from None
    for lineno, fields in enumerate(csv.reader(io.StringIO(text)), start=1):
        if not fields or fields[0].strip().startswith("#") or fields[0].strip() == "start_rank":
            continue
        if len(fields) != 3 or not all(f.strip().isdigit() for f in fields):
            raise ArbitroError(f"--round-ratings: {path}: line {lineno}: expected start_rank,round,rating")
        start, first, rating = (int(f) for f in fields)
        if first < 1:
            raise ArbitroError(f"--round-ratings: {path}: line {lineno}: expected a round >= 1")
        out.setdefault(start, {})[first] = rating
    return out


def _check_rating_options(method: str | None, rating: int | None, rating_round: int | None) -> None:
    """The options of the rating-based tie-breaks (Q209, Q216)."""
    if method is not None and method not in UNRATED_METHODS:
        raise ArbitroError(f"--unrated-method: expected lowest or average, got {method!r}")
    if method is not None and rating is not None:
        raise ArbitroError("--unrated-method and --unrated-rating: give one of them")
    if rating_round is not None and rating_round < 1:
        raise ArbitroError(f"--rating-round: expected a round >= 1, got {rating_round}")


def _check_players(t: Tournament, expelled: str | None, by_hand: list[int]) -> None:
    """``--expelled`` marks the players in ``t`` (Q197-198); ``--rank-by-hand`` names players of ``t``."""
    for start in _start_ranks(expelled, "--expelled") if expelled else []:
        if start not in t.players:
            raise ArbitroError(f"--expelled: no player with start rank {start}")
        t.expelled[start] = t.expelled.get(start, 0)
    for start in by_hand:
        if start not in t.players:
            raise ArbitroError(f"--rank-by-hand: no player with start rank {start}")


def _long_event(
    file: Path,
    t: Tournament,
    flag: bool | None,
    per_round: dict[int, dict[int, int]] | None,
    rating_round: int | None,
) -> bool:
    """The long-event flag: the option, else suggested by the dates (a note; Q210)."""
    suggested = suggested_long_event(t)
    is_long = suggested if flag is None and (per_round or rating_round) else bool(flag)
    if flag is None and suggested and not is_long:
        typer.echo(
            f"arbitro: {file}: the rounds span {event_days(t)} days (over 30): --long-event is suggested"
            " (rating tie-breaks on one round's ratings, the first by default; VCL4THP Q210)",
            err=True,
        )
    if (per_round or rating_round) and not is_long:
        raise ArbitroError("--round-ratings/--rating-round: only for a long event (--long-event)")
    return is_long


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
    shared_places: Annotated[
        bool,
        typer.Option(
            "--shared-places", help="Leave the ties left after the list shared (no drawing of lots)."
        ),
    ] = False,
    rank_by_hand: Annotated[
        str | None,
        typer.Option(
            "--rank-by-hand",
            help="Start ranks, comma-separated: tied players ranked by the arbiter in this order.",
        ),
    ] = None,
    external: Annotated[
        list[str] | None,
        typer.Option(
            "--external",
            help="A tie-break value computed outside, TIEBREAK:START_RANK=VALUE (e.g. BH:3=23.5); repeatable.",
        ),
    ] = None,
    unrated_method: Annotated[
        str | None,
        typer.Option(
            "--unrated-method",
            help="Rating of unrated players in ARO/TPR/...: lowest (the field's lowest) or average (its mean).",
        ),
    ] = None,
    long_event: Annotated[
        bool | None,
        typer.Option(
            "--long-event/--no-long-event",
            help="An event over 30 days: rating tie-breaks on one round's ratings (default: suggested by dates).",
        ),
    ] = None,
    round_ratings: Annotated[
        Path | None,
        typer.Option(
            "--round-ratings", help="CSV start_rank,round,rating: a rating in force from a round on."
        ),
    ] = None,
    rating_round: Annotated[
        int | None,
        typer.Option(
            "--rating-round", help="Long event: use the ratings in force at this round (default: 1)."
        ),
    ] = None,
    expelled: Annotated[
        str | None,
        typer.Option("--expelled", help="Start ranks of expelled players, left out of the standings."),
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
    _check_rating_options(unrated_method, unrated_rating, rating_round)
    by_hand = _start_ranks(rank_by_hand, "--rank-by-hand") if rank_by_hand else []
    values = _external(external or [])
    per_round = _round_ratings(round_ratings) if round_ratings is not None else None
    t = read_trf(file, warn_on_stderr)
    _check_players(t, expelled, by_hand)
    is_long = _long_event(file, t, long_event, per_round, rating_round)
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
            break_ties_by_lot=not shared_places,
            manual_order=by_hand,
            external_values=values,
            unrated_method=unrated_method,
            long_event=is_long,
            round_ratings=per_round,
            rating_round=rating_round,
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
        _legend(console, st, t)
    if fmt != "table" and any(row.by_lot for row in st.rows):
        typer.echo(f"arbitro: ties broken by drawing of lots, seed {st.lots_seed}", err=True)


def _legend(console: Console, st: Standings, t: Tournament) -> None:
    """What the marks of the table mean: shared places, by hand, external values, expelled players."""
    if st.shared_places and any(r.rank == o.rank for r in st.rows for o in st.rows if o is not r):
        console.print("= equal ranks: shared places (no drawing of lots)")
    if any(r.by_hand for r in st.rows):
        console.print("h rank of tied players decided by the arbiter")
    if any(r.external for r in st.rows):
        console.print("e value computed outside and entered by the arbiter")
    for start in st.expelled:
        console.print(f"expelled, left out of the standings: #{start} {t.players[start].name}")
    if st.long_event:
        used = "the first rating" if st.rating_round is None else f"the ratings of round {st.rating_round}"
        console.print(f"long event (over 30 days): rating tie-breaks on {used}")


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
