"""``arbitro print KIND FILE -o OUT.pdf``, ``arbitro export KIND FILE -o OUT.csv|.xlsx``, ``arbitro site FILE -o DIR``.

KIND for print: pairings, results, standings, crosstable, players, it1, it2, it3.
``it2`` also accepts a title-application dossier (JSON, docs/formats/dossier.md) as FILE.
Export KIND: players, pairings, standings (csv or xlsx by the extension), ``all`` (one xlsx
workbook, a sheet per kind), or ``trf``
(``.trf`` output; ``--trf16`` for the old format).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from arbitro.errors import ArbitroError

__all__ = ["register"]


def _load(file: Path):  # type: ignore[no-untyped-def]
    from arbitro.cli.trf import load_or_fail

    result = load_or_fail(file)
    if result.tournament is None:
        raise ArbitroError(f"{file}: no tournament in the file")
    return result.tournament


def _fma_notes(lang: str, start: str | None) -> tuple[str, ...]:
    """The FMA 4.3 line of a pairing sheet: the default time, with its deadline when ``start`` is given."""
    import datetime as dt

    from arbitro.federations.fma.byes import default_time_notice

    scheduled = None
    if start is not None:
        try:
            scheduled = dt.datetime.combine(dt.date.today(), dt.time.fromisoformat(start))
        except ValueError:
            raise ArbitroError(f"--start: expected a time as HH:MM, e.g. 15:30, got {start!r}") from None
    m = default_time_notice(scheduled)
    return (f"{m.text(lang)} ({m.article})",)


def print_cmd(
    kind: Annotated[
        str, typer.Argument(help="pairings, results, standings, crosstable, players, it1, it2, it3")
    ],
    file: Annotated[Path, typer.Argument(help="TRF file (TRF-2026 or TRF16); for it2 also a dossier .json")],
    output: Annotated[Path, typer.Option("--output", "-o", help="The PDF to write.")],
    lang: Annotated[str, typer.Option("--lang", help="es, en or another language with catalogues")] = "es",
    paper: Annotated[str, typer.Option("--paper", help="a4 or letter")] = "a4",
    round_number: Annotated[
        int | None, typer.Option("--round", help="Round (pairings, results, standings, crosstable).")
    ] = None,
    player: Annotated[
        int | None, typer.Option("--player", help="Start rank (it1, it2): only this player.")
    ] = None,
    tiebreaks: Annotated[
        str | None,
        typer.Option(
            "--tiebreaks", help="standings, crosstable: tie-break list, e.g. 'BH/C1,BH,SB,DE' (C.07)."
        ),
    ] = None,
    fma: Annotated[
        bool, typer.Option("--fma", help="pairings: print the FMA 4.3 default time (one hour from the start).")
    ] = False,
    start: Annotated[
        str | None, typer.Option("--start", help="pairings with --fma: the round's start, HH:MM, e.g. 15:30.")
    ] = None,
) -> None:
    """Print a tournament document as PDF.

    Examples:

      arbitro print pairings open.trf --round 3 -o round3.pdf

      arbitro print pairings cuarta.trf --fma --start 15:30 -o r.pdf   (FMA 4.3)

      arbitro print standings open.trf --tiebreaks BH/C1,BH,SB -o st.pdf

      arbitro print it2 dossier.json -o it2.pdf

    Exit codes: 0 written, 2 bad input (nothing written).
    """
    from arbitro.documents import PDF_KINDS, render_pdf
    from arbitro.documents.labels import langs
    from arbitro.documents.output import write_output

    if kind not in PDF_KINDS:
        raise ArbitroError(f"print: KIND: expected one of {', '.join(PDF_KINDS)}, got {kind!r}")
    if lang not in langs():  # the languages with catalogues (arbitro.i18n)
        raise ArbitroError(f"--lang: expected one of {', '.join(langs())}, got {lang!r}")
    if paper not in ("a4", "letter"):
        raise ArbitroError(f"--paper: expected a4 or letter, got {paper!r}")
    if kind == "it2" and file.suffix.lower() == ".json":
        from arbitro.cli.titles import load_application
        from arbitro.model import Tournament

        app = load_application(file)
        t = Tournament(name=app.applicant.name)
        data = render_pdf(kind, t, lang=lang, paper=paper, application=app)
    else:
        t = _load(file)
        notes = _fma_notes(lang, start) if fma else ()
        data = render_pdf(
            kind,
            t,
            lang=lang,
            paper=paper,
            round_number=round_number,
            player=player,
            tiebreaks=tiebreaks,
            notes=notes,
        )
    write_output(output, data)
    typer.echo(f"{output}: {kind} ({len(data)} bytes)")


def export_cmd(
    kind: Annotated[
        str, typer.Argument(help="players, pairings, standings, all (xlsx: one sheet each) or trf")
    ],
    file: Annotated[Path, typer.Argument(help="TRF file")],
    output: Annotated[
        Path, typer.Option("--output", "-o", help="OUT.csv, OUT.xlsx (or OUT.trf for kind trf)")
    ],
    lang: Annotated[str, typer.Option("--lang", help="es, en or another language with catalogues (column titles)")] = "es",
    round_number: Annotated[
        int | None, typer.Option("--round", help="Only this round (pairings), standings after it.")
    ] = None,
    trf16: Annotated[
        bool, typer.Option("--trf16", help="kind trf: write TRF16 instead of TRF-2026.")
    ] = False,
) -> None:
    """Export players, pairings or standings as CSV/xlsx, or the tournament as TRF."""
    from arbitro.documents import EXPORT_KINDS, export_bytes
    from arbitro.documents.output import write_output

    if kind == "trf":
        fmt = "trf16" if trf16 else "trf26"
    else:
        if kind not in (*EXPORT_KINDS, "all"):
            raise ArbitroError(
                f"export: KIND: expected one of {', '.join(EXPORT_KINDS)}, all or trf, got {kind!r}"
            )
        fmt = output.suffix.lower().lstrip(".")
        if fmt not in ("csv", "xlsx"):
            raise ArbitroError(f"--output: expected a .csv or .xlsx file name, got {output.name!r}")
    t = _load(file)
    data = export_bytes(t, kind, fmt, lang=lang, round_number=round_number)
    write_output(output, data)
    typer.echo(f"{output}: {kind} ({len(data)} bytes)")


def site_cmd(
    file: Annotated[Path, typer.Argument(help="TRF file")],
    output: Annotated[Path, typer.Option("--output", "-o", help="Folder for the site (created).")],
    lang: Annotated[str, typer.Option("--lang", help="es, en or another language with catalogues")] = "es",
) -> None:
    """Write a static HTML site of the tournament (pairings, standings, crosstable, player pages)."""
    from arbitro.documents import build_site
    from arbitro.documents.labels import langs
    from arbitro.documents.output import write_tree

    if lang not in langs():  # the languages with catalogues (arbitro.i18n)
        raise ArbitroError(f"--lang: expected one of {', '.join(langs())}, got {lang!r}")
    if output.exists() and not output.is_dir():
        raise ArbitroError(f"{output}: exists and is not a folder")
    files = build_site(_load(file), lang)
    write_tree(output, files)
    typer.echo(f"{output}: {len(files)} files; open {output / 'index.html'}")


def register(app: typer.Typer) -> None:
    app.command("print")(print_cmd)
    app.command("export")(export_cmd)
    app.command("site")(site_cmd)
