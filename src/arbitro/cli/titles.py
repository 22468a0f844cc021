"""``arbitro title-application DOSSIER.json``: check a FIDE title application (issue 7).

The command reads the dossier and the TRF files it names (paths relative to the
dossier), evaluates the TRF norms with the norm evaluator, and prints, per
title, every rule with its article, edition and numbers, what is missing, the
achievement date and the fee; then the direct titles. ``--format json`` gives
the same with the IT1/IT2 certificate data. Invalid dossiers: one message
naming the entry, exit code 2.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from arbitro.errors import ArbitroError

if TYPE_CHECKING:
    from arbitro.model import Tournament
    from arbitro.titles.application import Application, ApplicationResult, NormRecord

_MARK = {"pass": "ok", "fail": "NO", "unknown": "??", "n/a": "--"}


def _read_norm_trf(path: Path) -> Tournament:
    """An individual TRF file, or a team TRF file as its individual games (issue 18: team norms, B.01)."""
    from arbitro.limits import MAX_TRF_BYTES
    from arbitro.teams.individual import to_tournament
    from arbitro.trf import read_trf
    from arbitro.trf.files import read_input
    from arbitro.trf.reader import decode_trf
    from arbitro.trf.teams import is_team_trf, parse_team_trf

    text = decode_trf(read_input(path, MAX_TRF_BYTES, "TRF file"))
    if is_team_trf(text):
        return to_tournament(parse_team_trf(text, str(path)))
    return read_trf(path)


def load_application(path: Path) -> Application:
    """Parse the dossier at ``path`` and evaluate its TRF norms; returns the Application."""
    from arbitro.cli.jsonfile import read_json
    from arbitro.titles.application.from_trf import norm_from_trf
    from arbitro.titles.dossier import check_dates, parse_dossier

    dossier = parse_dossier(read_json(path, "dossier (JSON)"), source=str(path))
    extra: list[NormRecord] = []
    cache: dict[Path, Tournament] = {}
    for ref in dossier.trf_norms:
        trf_path = (path.parent / ref.path).resolve()
        if not trf_path.exists():
            raise ArbitroError(f"{path}: {ref.entry}: trf: file not found: {ref.path}")
        if not trf_path.is_file():
            raise ArbitroError(f"{path}: {ref.entry}: trf: not a regular file: {ref.path}")
        if trf_path not in cache:
            try:
                cache[trf_path] = _read_norm_trf(trf_path)
            except ArbitroError as err:
                raise ArbitroError(f"{path}: {ref.entry}: {err}") from None
        try:
            norm = norm_from_trf(
                cache[trf_path],
                dossier.applicant,
                entry=ref.entry,
                start_rank=ref.start_rank,
                titles=ref.titles,
                edition=ref.edition,
                event=ref.event,
                one_round_per_day_override=ref.one_round_per_day,
                qualifying_event=ref.qualifying_event,
                qualifying_reason=ref.qualifying_reason,
                foreign_requirement_met=ref.foreign_requirement_met,
                registered=ref.registered,
                path=ref.path,
            )
        except ArbitroError as err:
            raise ArbitroError(f"{path}: {err}") from None
        extra.append(norm)
    check_dates(dossier, extra)
    return dossier.application(extra)


def _print_table(result: ApplicationResult) -> None:
    app = result.application
    who = app.applicant
    ident = ", ".join(x for x in (who.federation, f"FIDE ID {who.fide_id}" if who.fide_id else "") if x)
    typer.echo(f"Title application: {who.name}" + (f" ({ident})" if ident else ""))
    typer.echo(f"Application date {result.date.isoformat()}: application rules of B.01 {result.edition}")
    typer.echo("Norms (each judged by the edition in force when its tournament started):")
    for n in app.norms:
        t = n.tournament
        perf = ""
        if n.score is not None:
            perf = (
                f", {n.score}/{n.games}" + (f", Ra {n.ra}" if n.ra else "") + (f", Rp {n.rp}" if n.rp else "")
            )
        typer.echo(
            f"  {n.entry}: {'/'.join(n.titles)} norm, {t.name}, {t.start.isoformat()} to {t.end.isoformat()}, "
            f"B.01 {n.edition}, {n.games} games{perf} [{n.source}]"
        )
    for tr in result.titles:
        verdict = {"pass": "ELIGIBLE", "fail": "NOT ELIGIBLE", "unknown": "NOT DETERMINABLE"}[tr.status.value]
        typer.echo("")
        typer.echo(f"{tr.title}: {verdict}")
        for rule in tr.rules:
            typer.echo(f"  [{_MARK[rule.status.value]}] {rule.article}: {rule.summary}")
            for note in rule.notes:
                typer.echo(f"         note: {note}")
        for use in tr.norms:
            counted = (
                f"counts {use.count.counted} games: " + "; ".join(use.count.steps)
                if use.count
                else "not counted"
            )
            typer.echo(f"  {use.norm.entry}: {counted}")
            for c in use.checks:
                if c.status.value in ("fail", "unknown"):
                    typer.echo(f"    [{_MARK[c.status.value]}] {c.article}: {c.summary}")
        if tr.missing:
            typer.echo("  Missing: " + "; ".join(tr.missing))
        if tr.achieved_on:
            typer.echo(f"  Title achieved on {tr.achieved_on.isoformat()}")
        for note in tr.notes:
            typer.echo(f"  Note: {note}")
        if tr.fee:
            f = tr.fee
            typer.echo(
                f"  Fee: {f.total} {f.currency} ({f.base} + {f.surcharge_percent} %); "
                + "; ".join(f.reasons[1:])
            )
            typer.echo(f"       source: {f.source}; caution: {f.caution}")
    if result.direct:
        typer.echo("")
        typer.echo("Direct titles:")
        for d in result.direct:
            mark = (
                "conditional"
                if d.conditional
                else {"pass": "yes", "fail": "no", "unknown": "??"}[d.status.value]
            )
            line = f"  {d.title} [{mark}] {d.article}: {d.summary}"
            if d.achieved_on:
                line += f"; achieved {d.achieved_on.isoformat()}"
            typer.echo(line)
            if d.missing:
                typer.echo(f"      missing: {d.missing}")
            for low, day in d.lower_titles:
                typer.echo(f"      may take the lower title {low} (from {day.isoformat()})")
            for note in d.notes:
                typer.echo(f"      note: {note}")
            if d.fee and (d.status.value == "pass"):
                typer.echo(f"      fee: {d.fee.total} {d.fee.currency} ({d.fee.source})")
    typer.echo("")
    typer.echo("Provisional: FIDE's Qualification Commission checks validity when the title is applied for.")


def title_application_cmd(
    dossier: Annotated[Path, typer.Argument(help="Dossier JSON (docs/formats/dossier.md).")],
    fmt: Annotated[str, typer.Option("--format", help="table or json.")] = "table",
) -> None:
    """Check a GM/IM/WGM/WIM title application and the direct titles of a dossier."""
    from arbitro.titles.application import check_application
    from arbitro.titles.application.certificates import result_dict

    if fmt not in ("table", "json"):
        raise ArbitroError(f"--format: expected table or json, got {fmt!r}")
    app = load_application(dossier)
    result = check_application(app)
    if fmt == "json":
        typer.echo(json.dumps(result_dict(result), ensure_ascii=False, indent=2))
    else:
        _print_table(result)


def register(app: typer.Typer) -> None:
    app.command("title-application")(title_application_cmd)
