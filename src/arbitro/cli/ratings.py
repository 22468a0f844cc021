"""``arbitro ratings``: FIDE rating mathematics (B.02, C.07 Art. 10) and rating-list files."""

from __future__ import annotations

import datetime as dt
import json
import os
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from pathlib import Path
from typing import Annotated

import typer

from arbitro.errors import ArbitroError
from arbitro.limits import MAX_LIST_BYTES, MAX_LIST_LINE
from arbitro.ratings import (
    average_rating,
    k_factor,
    k_with_games_cap,
    norm_performance,
    percent_from_score,
    perfect_tournament_performance,
    period_change,
    rules_for,
    tournament_change,
    tournament_performance_rating,
)
from arbitro.ratings.fidelist import ListDiagnostic, ListLayout, iter_txt_list, iter_xml_list, txt_layout

ratings_app = typer.Typer(
    help="FIDE rating calculations (B.02) and FIDE rating-list files.", no_args_is_help=True
)

_RESULTS = {
    "1": Fraction(1),
    "0": Fraction(0),
    "=": Fraction(1, 2),
    "½": Fraction(1, 2),
    "0.5": Fraction(1, 2),
}
_SHOWN_DIAGNOSTICS = 50


def _score(text: str, what: str) -> Fraction:
    try:
        value = Decimal(text.replace(",", "."))
    except InvalidOperation:
        raise ArbitroError(f"{what}: expected a score such as 3.5, found {text!r}") from None
    if not value.is_finite() or value < 0 or (value * 2) % 1:
        raise ArbitroError(f"{what}: expected a score in half points such as 3.5, found {text!r}")
    return Fraction(value)


def _rating(text: str, what: str) -> int:
    if not text.isdecimal() or not 0 < int(text) < 4000:
        raise ArbitroError(f"{what}: expected a rating such as 2150, found {text!r}")
    return int(text)


def _rules(rules: str | None, date: dt.date):  # type: ignore[no-untyped-def]
    try:
        return rules_for(rules if rules else date)
    except ValueError as exc:
        raise ArbitroError(f"--rules: {exc}") from None


@ratings_app.command("performance")
def performance_cmd(
    score: Annotated[str, typer.Argument(help="Points scored in the games counted, e.g. 5.5.")],
    opponents: Annotated[list[str], typer.Argument(help="Ratings of the opponents played.")],
    floor: Annotated[
        int | None, typer.Option("--floor", help="Norm rating floor (B.01 1.4.7: GM 2200, IM 2050, ...).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """ARO (C.07 10.1), TPR (10.2), PTP (10.3) and, with --floor, the norm Rp (B.01 1.4.8)."""
    ratings = [_rating(r, f"opponent {i}") for i, r in enumerate(opponents, 1)]
    points = _score(score, "score")
    if points > len(ratings):
        raise ArbitroError(f"score: {score} is more than the {len(ratings)} games given")
    values: dict[str, int] = {
        "games": len(ratings),
        "percent": percent_from_score(points, len(ratings)),
        "ARO": average_rating(ratings),
        "TPR": tournament_performance_rating(ratings, points),
        "PTP": perfect_tournament_performance(ratings, points),
    }
    if floor is not None:
        values["Rp"] = norm_performance(ratings, points, floor=floor)
    if as_json:
        typer.echo(json.dumps({"score": str(Decimal(points.numerator) / points.denominator), **values}))
        return
    for key, value in values.items():
        typer.echo(f"{key:8} {value}")


@ratings_app.command("change")
def change_cmd(
    rating: Annotated[str, typer.Argument(help="The player's rating at the start of the tournament, e.g. 1850.")],
    games: Annotated[
        list[str],
        typer.Argument(help="Games as OPPONENT:RESULT (RESULT 1, = or 0), e.g. 2100:1 1950:= 2200:0."),
    ],
    k: Annotated[
        int | None, typer.Option("--k", help="K-factor; computed from the options below if absent.")
    ] = None,
    games_played: Annotated[
        int, typer.Option("--games-played", help="Rated games completed before (K 40 below 30).")
    ] = 30,
    birth_year: Annotated[
        int | None, typer.Option("--birth-year", help="For the junior K (B.02 8.3.3).")
    ] = None,
    reached_2400: Annotated[
        bool, typer.Option("--reached-2400", help="Published rating ever 2400+ (K 10).")
    ] = False,
    rating_type: Annotated[str, typer.Option("--type", help="standard, rapid or blitz.")] = "standard",
    date: Annotated[
        str | None, typer.Option("--date", help="Tournament start date YYYY-MM-DD (default today).")
    ] = None,
    rules: Annotated[
        str | None,
        typer.Option("--rules", help="B.02 edition: 2009, 2014, 2022, 2024, 2025 (default by date)."),
    ] = None,
) -> None:
    """Rating change for one tournament (B.02 8.3): D, PD and dR per game, K with the 700 cap, the change.

    RATING is the player's rating at the start; each of GAMES is OPPONENT:RESULT, the opponent's
    rating and 1 (win), = (draw) or 0 (loss).

    Examples:

      arbitro ratings change 1850 2100:1 1950:= 2200:0

      arbitro ratings change 2150 2300:= 2250:1 --games-played 12 --date 2025-03-01

      arbitro ratings change 1500 1600:1 --birth-year 2010 --type rapid
    """
    own = _rating(rating, "rating")
    try:
        on = dt.date.fromisoformat(date) if date else dt.date.today()
    except ValueError:
        raise ArbitroError(f"--date: expected YYYY-MM-DD, found {date!r}") from None
    edition = _rules(rules, on)
    parsed: list[tuple[int, Fraction]] = []
    for i, game in enumerate(games, 1):
        opp, sep, outcome = game.partition(":")
        if not sep or outcome not in _RESULTS:
            raise ArbitroError(f"game {i}: expected OPPONENT:RESULT with RESULT 1, = or 0, found {game!r}")
        parsed.append((_rating(opp, f"game {i}"), _RESULTS[outcome]))
    if k is None:
        try:
            k = k_factor(
                edition, rating=own, games_played=games_played, reached_2400=reached_2400,
                birth=birth_year, on=on, rating_type=rating_type,
            )  # fmt: skip
        except ValueError as exc:
            raise ArbitroError(f"--type: {exc}") from None
    k_used = k_with_games_cap(k, len(parsed), edition)
    result = tournament_change(own, parsed, edition)
    typer.echo(f"rules    B.02 {edition.name}")
    for g in result.games:
        typer.echo(
            f"{g.opponent:5}  {_dec(g.score):>4}  D {g.difference:+5}  PD {_dec(g.expected):>4}  dR {_dec(g.delta):>5}"
        )
    typer.echo(f"sum dR   {_dec(result.delta)}")
    typer.echo(f"K        {k_used}" + (f" (700 cap from {k})" if k_used != k else ""))
    typer.echo(f"change   {period_change([result], k_used):+d}")


def _dec(value: Fraction) -> str:
    return str(Decimal(value.numerator) / Decimal(value.denominator))


@ratings_app.command("list-parse")
def list_parse_cmd(
    file: Annotated[Path, typer.Argument(help="FIDE rating list: TXT (fixed width) or XML.")],
    limit: Annotated[int | None, typer.Option("--limit", help="Stop after this many players.")] = None,
    rating_type: Annotated[
        str, typer.Option("--type", help="Type of a per-type list: standard, rapid, blitz.")
    ] = ("standard"),
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object per player.")] = False,
) -> None:
    """Parse a FIDE rating list (streamed); players on stdout, problems and a summary on stderr."""
    if rating_type not in ("standard", "rapid", "blitz"):
        raise ArbitroError(f"--type: expected standard, rapid or blitz, found {rating_type!r}")
    from arbitro.trf.files import open_regular

    handle = open_regular(file, "FIDE rating list")  # no devices or pipes (limits.md)
    with handle:
        if os.fstat(handle.fileno()).st_size > MAX_LIST_BYTES:
            raise ArbitroError(f"{file}: larger than {MAX_LIST_BYTES // 2**30} GB, expected a FIDE rating list")
        is_xml = file.suffix.lower() == ".xml" or handle.read(64).lstrip().startswith(b"<")
        handle.seek(0)
        layout = "xml" if is_xml else _describe_layout(handle, rating_type)
        items = (
            iter_xml_list(handle, rating_type=rating_type)
            if is_xml
            else iter_txt_list(handle, rating_type=rating_type)
        )
        players = problems = skipped = 0
        for item in items:
            if isinstance(item, ListDiagnostic):
                if item.severity == "error" and (item.field in ("header", "xml")):
                    found = item.found if len(item.found) <= 80 else item.found[:80] + "..."
                    raise ArbitroError(f"{file}:{item.line}: {item.field}: expected {item.expected}, found {found!r}")
                problems += 1
                skipped += item.severity == "error"
                if problems <= _SHOWN_DIAGNOSTICS:
                    typer.echo(f"{file}:{item}", err=True)
                continue
            players += 1
            if as_json:
                typer.echo(json.dumps(item._asdict()))
            else:
                typer.echo(
                    f"{item.fide_id:>10} {item.name[:34]:34} {item.federation:3} {item.title or '-':3} "
                    f"{item.standard_rating:>4} {item.rapid_rating:>4} {item.blitz_rating:>4} "
                    f"{item.birth_year or '':>4} {item.flag}"
                )
            if limit is not None and players >= limit:
                break
    typer.echo(f"{players} players, {problems} problems ({layout})", err=True)
    if not players and limit != 0:
        raise ArbitroError(f"{file}: no player could be read ({skipped} entries skipped)")


def _describe_layout(handle, rating_type: str) -> str:  # type: ignore[no-untyped-def]
    first = handle.readline(MAX_LIST_LINE).decode("latin-1")
    handle.seek(0)
    layout = txt_layout(first, rating_type=rating_type)
    if isinstance(layout, ListLayout):
        return f"TXT {layout.kind}" + (f" {layout.period}" if layout.period else "")
    return "TXT"


def register(app: typer.Typer) -> None:
    from arbitro.cli.ratinglists import register_commands  # check, apply, keep, method, show, pick, download

    register_commands(ratings_app)
    app.add_typer(ratings_app, name="ratings")
