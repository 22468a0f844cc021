"""``arbitro fma``: the Federación Marplatense de Ajedrez rulebook (issue 8).

* ``arbitro fma season FILE [--format table|json] [--lang es|en]``
* ``arbitro fma category ELO`` (FMA 1.3)
* ``arbitro fma format N`` (FMA 4.1, 6.1/6.2)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from arbitro import i18n
from arbitro.errors import ArbitroError

if TYPE_CHECKING:
    from arbitro.federations.fma.season import SeasonReport
    from arbitro.model import Tournament

fma_app = typer.Typer(help="Federación Marplatense de Ajedrez rulebook (FMA).", no_args_is_help=True)


def _lang(lang: str) -> str:
    known = i18n.languages()  # the languages with catalogues
    if lang not in known:
        raise ArbitroError(f"--lang: {lang!r}: expected {' or '.join(known)}")
    return lang


def _fmt(fmt: str) -> str:
    if fmt not in ("text", "table", "json"):
        raise ArbitroError(f"--format: {fmt!r}: expected text or json")
    return fmt


# A negative number ("-3") must reach Arbitro's own message, not click's "No such option" (issue 20).
_NUMBER_ARGUMENT = {"ignore_unknown_options": True}


@fma_app.command("category", context_settings=_NUMBER_ARGUMENT)
def category_cmd(
    elo: Annotated[str, typer.Argument(help="FIDE standard rating (0 or 'none' = unrated).")],
    lang: Annotated[str, typer.Option("--lang", help="es (Spanish) or en (English).")] = "es",
    fmt: Annotated[str, typer.Option("--format", help="text or json.")] = "text",
) -> None:
    """The category a newcomer enters by standard rating (FMA 1.3, 1.7)."""
    from arbitro.federations.fma.categories import category_by_rating
    from arbitro.federations.fma.messages import msg

    lang = _lang(lang)
    text = elo.strip().lower()
    if text in ("none", "-", "0", ""):
        rating = 0
    elif text.isascii() and text.isdigit() and len(text) <= 4:
        rating = int(text)
    else:
        raise ArbitroError(f"ELO: {elo!r}: expected a FIDE standard rating (a whole number) or 'none'")
    cat = category_by_rating(rating)
    m = msg("category.rating_table", rating=rating, category=cat) if rating else msg("category.no_rating", category=cat)
    note = msg("rating.standard_only")
    if _fmt(fmt) == "json":
        typer.echo(json.dumps({"rating": rating or None, "category": cat.key, "reasons": [m.as_dict(), note.as_dict()]},
                              ensure_ascii=False, indent=2))
        return
    typer.echo(m.cited(lang))
    typer.echo(note.cited(lang))


@fma_app.command("format", context_settings=_NUMBER_ARGUMENT)
def format_cmd(
    entrants: Annotated[str, typer.Argument(metavar="N", help="Number of entrants, e.g. 16.")],
    lang: Annotated[str, typer.Option("--lang", help="es (Spanish) or en (English).")] = "es",
    fmt: Annotated[str, typer.Option("--format", help="text or json.")] = "text",
) -> None:
    """The format (FMA 4.1) and tie-break order (FMA 6.1/6.2) for N entrants."""
    from arbitro.federations.fma.formats import format_for
    from arbitro.federations.fma.tiebreaks import codes_for, order_message

    lang = _lang(lang)
    try:
        n = int(entrants.strip())
    except ValueError:
        raise ArbitroError(f"N: {entrants!r}: expected the number of entrants (a whole number, e.g. 16)") from None
    f = format_for(n)
    order = order_message(f.kind)
    if _fmt(fmt) == "json":
        typer.echo(json.dumps({"entrants": n, "kind": f.kind.value, "rounds": f.rounds,
                               "tiebreaks": codes_for(f.kind) + ["lots"],
                               "reasons": [f.message.as_dict(), order.as_dict()]}, ensure_ascii=False, indent=2))
        return
    typer.echo(f.message.cited(lang))
    typer.echo(order.cited(lang))


@fma_app.command("season")
def season_cmd(
    file: Annotated[Path, typer.Argument(help="Season file (JSON, docs/formats/season.md).")],
    fmt: Annotated[str, typer.Option("--format", help="table or json.")] = "table",
    lang: Annotated[str, typer.Option("--lang", help="es (Spanish) or en (English), for the table.")] = "es",
) -> None:
    """Apply the FMA rulebook to a whole season and print every decision with its article."""
    from arbitro.federations.fma.season import run_season
    from arbitro.federations.fma.season_file import load_season
    from arbitro.trf import read_trf

    lang = _lang(lang)
    if fmt not in ("table", "json"):
        raise ArbitroError(f"--format: {fmt!r}: expected table or json")
    from arbitro.cli.jsonfile import read_json

    data = read_json(file)
    base = file.parent

    def load_trf(path: str) -> Tournament:
        return read_trf(base / path)  # regular files only, within MAX_TRF_BYTES (limits.md)

    report = run_season(load_season(data, source=str(file), load_trf=load_trf))
    if fmt == "json":
        typer.echo(json.dumps(report.to_dict(), ensure_ascii=False, indent=2))
        return
    for line in render_table(report, lang):
        typer.echo(line)


def render_table(report: SeasonReport, lang: str) -> list[str]:
    """Plain-text report, one section per tournament, then the Torneo Mayor and categories."""

    def w(code: str) -> str:  # the CLI's own words (cli/locale: arbitro.cli), in ``lang``
        return i18n.word(code, lang)

    names = report.names
    out: list[str] = [f"{w('fma.season')} {report.year}"]
    if report.notes:
        out.append("")
        out.append(w("fma.notes"))
        out += [f"  {m.cited(lang)}" for m in report.notes]
    tournaments = list(report.tournaments)
    if report.mayor is not None and report.mayor.tournament is not None:
        tournaments.append(report.mayor.tournament)
    for t in tournaments:
        cat = t.category.name_in(lang) if t.category else w("fma.mayor")
        out += ["", f"== {t.name} ({cat}, {t.start.isoformat()}) =="]
        out.append(f"  {w('fma.format')}: {t.format.message.cited(lang)}")
        for e in t.refused:
            out.append(f"  {w('fma.refused')}: {e.message.cited(lang)}")
        for e in t.accepted:
            if e.basis not in ("own",):
                out.append(f"  {w('fma.admitted')}: {e.message.cited(lang)}")
        for m in t.notes:
            out.append(f"  {m.cited(lang)}")
        if t.standings:
            out.append(f"  {w('fma.pos'):>3}  {w('fma.player'):<28} {w('fma.pts'):>5}  " + "  ".join(t.tiebreaks))
            for line in t.standings:
                vals = "  ".join(str(line.values.get(c, "")) for c in t.tiebreaks)
                out.append(f"  {line.position:>3}  {names[line.player]:<28} {line.points!s:>5}  {vals}".rstrip())
        for mv in t.moves:
            out.append(f"  {mv.message.cited(lang)}")
        for m in t.honours:
            out.append(f"  {m.cited(lang)}")
    if report.mayor is not None:
        out += ["", "== " + w("fma.mayor_field") + " =="]
        for s in report.mayor.qualified.seats:
            out.append(f"  {s.message.cited(lang)}")
        for m in report.mayor.qualified.notes:
            out.append(f"  {m.cited(lang)}")
        for m in report.mayor.notes:
            out.append(f"  {m.cited(lang)}")
    out += ["", "== " + w("fma.next_categories") + " =="]
    for pid, now, nxt in report.categories:
        a = now.name_in(lang) if now else "—"
        b = nxt.name_in(lang) if nxt else "—"
        mark = "" if now == nxt else ("  ↑" if (nxt and now and nxt < now) else "  ↓" if now and nxt else "")
        out.append(f"  {names[pid]:<28} {a:<16} -> {b}{mark}")
    return out


def register(app: typer.Typer) -> None:
    app.add_typer(fma_app, name="fma")
