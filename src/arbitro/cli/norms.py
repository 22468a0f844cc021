"""``arbitro norms FILE``: FIDE title norms (B.01 1.4) of every player, with reasons (issue 6)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from arbitro.errors import ArbitroError
from arbitro.titles.checks import tournament_checks
from arbitro.titles.norms import NormOptions, NormResult, evaluate_norms, forecast_norms, tournament_facts

_EDITIONS = ("auto", "2005", "2009", "2017", "2022", "2024")
_EVENTS = ("team_championship", "world_cup", "national_championship", "national_team_championship", "zonal", "approved")


def _norm_json(r: NormResult) -> dict[str, Any]:
    return {
        "title": r.title,
        "achieved": r.achieved,
        "games": r.games,
        "score": str(r.score),
        "ra": r.ra,
        "rp": r.rp,
        "dropped_rounds": list(r.dropped_rounds),
        "failed_rules": list(r.failed_rules),
        "explanation": [*r.explanation, *(a.line() for a in r.audit)],
    }


def norms_cmd(
    file: Annotated[Path, typer.Argument(help="TRF file (TRF-2026 or TRF16).")],
    edition: Annotated[str, typer.Option("--edition", help="B.01 edition: auto (by start date), 2005, 2009, 2017, 2022, 2024.")] = "auto",
    player: Annotated[int | None, typer.Option("--player", help="Only this start rank.")] = None,
    fmt: Annotated[str, typer.Option("--format", help="table or json.")] = "table",
    event: Annotated[str | None, typer.Option("--event", help="Event kind the TRF cannot tell: " + ", ".join(_EVENTS) + ".")] = None,
    min_games: Annotated[int | None, typer.Option("--min-games", help="Override the minimum number of games (1.4.1b events).")] = None,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Table: show every explanation line and the per-round audit.")] = False,
) -> None:
    """Title norms (GM, IM, WGM, WIM) of every player under the B.01 edition of the tournament's start."""
    from arbitro.trf import read_trf
    from arbitro.trf.files import warn_on_stderr

    if edition not in _EDITIONS:
        raise ArbitroError(f"--edition: expected one of {', '.join(_EDITIONS)}, got {edition!r}")
    if fmt not in ("table", "json"):
        raise ArbitroError(f"--format: expected table or json, got {fmt!r}")
    if event is not None and event not in _EVENTS:
        raise ArbitroError(f"--event: expected one of {', '.join(_EVENTS)}, got {event!r}")
    t = read_trf(file, warn_on_stderr)
    if player is not None and player not in t.players:
        raise ArbitroError(f"{file}: --player: no player with start rank {player}")
    if min_games is not None and not 1 <= min_games <= 30:
        raise ArbitroError(f"--min-games: expected a number of games from 1 to 30, got {min_games}")
    options = NormOptions(event=event, min_games=min_games)
    facts = tournament_facts(t, edition, options)
    results = evaluate_norms(t, facts.edition, options=options, players=[player] if player is not None else None)
    checks = tournament_checks(t, facts.edition, options)
    if fmt == "json":
        doc = {
            "edition": facts.edition.code,
            "tournament_checks": [c.as_dict() for c in checks],
            "players": [
                {"start_rank": p.start_rank, "name": p.name, "norms": [_norm_json(n) for n in p.norms]} for p in results
            ],
        }
        typer.echo(json.dumps(doc, ensure_ascii=False, indent=2))
        return
    typer.echo(f"{t.name or file}: B.01 edition {facts.edition.code} ({facts.edition_reason})")
    typer.echo("Tournament checks:")
    for c in checks:
        typer.echo(f"  [{c.status}] {c.article} {c.check}: {c.detail}")
    typer.echo("Norms:")
    shown = 0
    for p in results:
        for n in p.norms:
            if not (n.achieved or verbose or player is not None):
                continue
            shown += 1
            verdict = f"{n.title} norm ({n.games} games)" if n.achieved else f"no {n.title} norm"
            drop = f", rounds {n.dropped_rounds} left out" if n.dropped_rounds else ""
            typer.echo(f"  {p.start_rank:>4} {p.name}: {verdict}; {n.score}/{n.games_counted}, Ra {n.ra}, Rp {n.rp}{drop}")
            if verbose or player is not None:
                for line in n.explanation:
                    typer.echo(f"         {line}")
                for a in n.audit:
                    typer.echo(f"         {a.line()}")
    if not shown:
        typer.echo("  no norm achieved (use --verbose or --player N for the reasons)")
    forecasts = [f for f in forecast_norms(t, facts.edition, options=options) if player is None or f.start_rank == player]
    if forecasts:
        typer.echo("Forecast (result needed in the next paired round):")
        for f in forecasts:
            typer.echo(f"  {f.line()}")


def register(app: typer.Typer) -> None:
    app.command("norms")(norms_cmd)
