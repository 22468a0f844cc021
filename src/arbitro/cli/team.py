"""``arbitro team pair|standings|boards|check|generate``: team competitions (issue 18).

The commands read and write TRF-2026 team files (records 310, 320, 330, 300, 352, 362);
the rules are in :mod:`arbitro.teams`.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from arbitro.errors import ArbitroError
from arbitro.teams.system_keys import TEAM_DOUBLE_ROUND_ROBIN_KEY, TEAM_ROUND_ROBIN_KEY, TEAM_SWISS_KEY

TEAM_SYSTEM_KEYS = (TEAM_SWISS_KEY, TEAM_ROUND_ROBIN_KEY, TEAM_DOUBLE_ROUND_ROBIN_KEY)
_SYSTEMS_HELP = ", ".join(k.replace("_", "-") for k in TEAM_SYSTEM_KEYS) + "."

if TYPE_CHECKING:
    from arbitro.teams.model import TeamEvent

team_app = typer.Typer(help="Team competitions: Team Swiss (C.04.6), team round robins, team standings.", no_args_is_help=True)


def _read(path: Path) -> TeamEvent:
    from arbitro.limits import MAX_TRF_BYTES, decode_text
    from arbitro.trf.files import read_input
    from arbitro.trf.teams import parse_team_trf

    text, bad_line = decode_text(read_input(path, MAX_TRF_BYTES, "TRF file"))
    if bad_line is not None:  # read as Latin-1 like the individual reader (trf.md §2), never silently (issue 38)
        typer.echo(f"{path}:{bad_line}: warning: file: not UTF-8 (the first invalid byte, or an encoded surrogate,"
                   " is on this line); the whole file is read as Latin-1", err=True)  # fmt: skip
    return parse_team_trf(text, str(path))


def _num(v: Fraction) -> str:
    return f"{float(v):g}" if v.denominator in (1, 2, 4) else f"{float(v):.2f}"


@team_app.command("pair")
def pair_cmd(
    file: Annotated[Path, typer.Argument(help="TRF-2026 team file.")],
    round_: Annotated[int | None, typer.Option("--round", "-r", help="Round to pair (default: the next).")] = None,
    fmt: Annotated[str, typer.Option("--format", help="text or json.")] = "text",
) -> None:
    """Pair the next round of a team event (Team Swiss C.04.6 or Berger, from record 192)."""
    from arbitro.pairing.types import NoValidPairing
    from arbitro.teams.engines import pair_team_round

    if fmt not in ("text", "json"):
        raise ArbitroError(f"--format: expected text or json, got {fmt!r}")
    event = _read(file)
    if round_ is not None and not 1 <= round_ <= max(event.rounds, 1):
        raise ArbitroError(f"--round: expected a round from 1 to {event.rounds}, got {round_}")
    if round_ is None and event.system == TEAM_SWISS_KEY:
        from arbitro.teams.engines import round_to_pair

        if round_to_pair(event) > event.rounds:
            raise ArbitroError(f"{file}: all {event.rounds} rounds (record 142) are already paired")
    try:
        p = pair_team_round(event, round_)
    except NoValidPairing as exc:
        typer.echo(f"arbitro: {exc}", err=True)
        raise typer.Exit(1) from None
    if fmt == "json":
        data = {
            "round": p.round,
            "matches": [{"white": b.white, "black": b.black} for b in p.boards],
            "bye": p.bye,
            "not_paired": {str(k): v for k, v in p.unpaired.items()},
        }
        typer.echo(json.dumps(data, indent=2))
        return
    typer.echo(f"Round {p.round}")
    for i, b in enumerate(p.boards, start=1):
        typer.echo(f"{i:3}. {event.teams[b.white].name} ({b.white}) - {event.teams[b.black].name} ({b.black})")
    if p.bye is not None:
        typer.echo(f"  bye: {event.teams[p.bye].name} ({p.bye})")


@team_app.command("standings")
def standings_cmd(
    file: Annotated[Path, typer.Argument(help="TRF-2026 team file.")],
    tiebreaks: Annotated[str | None, typer.Option("--tiebreaks", help="Comma list, e.g. GPTS,ESB,BH:MP/C1,DE.")] = None,
    fmt: Annotated[str, typer.Option("--format", help="table or json.")] = "table",
    explain: Annotated[int | None, typer.Option("--explain", help="Show the round-by-round values of this team.")] = None,
) -> None:
    """Team standings with the C.07 team tie-breaks."""
    from arbitro.teams.standings import team_standings

    if fmt not in ("table", "json"):
        raise ArbitroError(f"--format: expected table or json, got {fmt!r}")
    event = _read(file)
    specs, rows = team_standings(event, [t for t in tiebreaks.split(",") if t.strip()] if tiebreaks else None)
    if explain is not None and explain not in event.teams:
        raise ArbitroError(f"--explain: no team {explain} in {file}")
    if fmt == "json" and explain is not None:
        from arbitro.teams.standings import explain_row

        row = next(r for r in rows if r.team == explain)
        typer.echo(json.dumps([x.as_dict() for x in explain_row(specs, row)], indent=2))
        return
    if fmt == "json":
        out = [
            {
                "rank": r.rank, "team": r.team, "name": r.name, "match_points": _num(r.match_points),
                "game_points": _num(r.game_points), "tiebreaks": {s.text: v.display() for s, v in zip(specs, r.tiebreaks, strict=True)},
            }
            for r in rows
        ]  # fmt: skip
        typer.echo(json.dumps(out, indent=2, ensure_ascii=False))
        return
    header = f"{'Rk':>3} {'TPN':>4} {'Team':<28} {'MP':>5} {'GP':>6} " + " ".join(f"{s.text:>9}" for s in specs)
    typer.echo(header)
    for r in rows:
        tbs = " ".join(f"{v.display():>9}" for v in r.tiebreaks)
        typer.echo(f"{r.rank:>3} {r.team:>4} {r.name[:28]:<28} {_num(r.match_points):>5} {_num(r.game_points):>6} {tbs}")
    if explain is not None:
        row = next(r for r in rows if r.team == explain)
        for s, v in zip(specs, row.tiebreaks, strict=True):
            typer.echo(f"{s.text} = {v.display()}")
            for rnd, opp, val, cut in v.rounds:
                typer.echo(f"  round {rnd}: opponent {opp if opp is not None else '-'}: {_num(val)}{' (cut)' if cut else ''}")


@team_app.command("boards")
def boards_cmd(
    file: Annotated[Path, typer.Argument(help="TRF-2026 team file.")],
    min_games: Annotated[int, typer.Option("--min-games", help="Minimum games on the board.")] = 1,
    by: Annotated[str, typer.Option("--by", help="points, percentage or performance.")] = "points",
) -> None:
    """Board standings (board prizes)."""
    from arbitro.teams.standings import board_standings

    if min_games < 0:
        raise ArbitroError(f"--min-games: expected 0 or more, got {min_games}")
    event = _read(file)
    for board, rows in board_standings(event, min_games, by).items():
        typer.echo(f"Board {board}")
        for r in rows:
            perf = r.performance if r.performance is not None else "-"
            typer.echo(f"{r.rank:>4}. {r.name[:30]:<30} team {r.team:>3} {_num(r.points):>5}/{r.games:<3} {float(r.percentage) * 100:5.1f}% {perf}")


@team_app.command("individual")
def individual_cmd(
    file: Annotated[Path, typer.Argument(help="TRF-2026 team file.")],
    output: Annotated[Path, typer.Option("--output", "-o", help="Individual TRF-2026 file to write (the rating report).")],
) -> None:
    """The individual games of a team event as an individual TRF file (rating report, norms)."""
    from arbitro.teams.individual import to_tournament
    from arbitro.trf.files import write_trf

    t = to_tournament(_read(file))
    write_trf(t, output)
    typer.echo(f"{output}: {len(t.players)} players, {event_rounds(t)} rounds")


def event_rounds(t) -> int:  # type: ignore[no-untyped-def]
    return max((len(p.results) for p in t.players.values()), default=0)


@team_app.command("norms")
def norms_cmd(
    file: Annotated[Path, typer.Argument(help="TRF-2026 team file.")],
    event: Annotated[str, typer.Option("--event", help="team_championship (B.01 1.4.1b minimum games), national_team_championship or other.")] = "team_championship",
    edition: Annotated[str, typer.Option("--edition", help="B.01 edition: auto, 2005, 2009, 2017, 2022, 2024.")] = "auto",
) -> None:
    """Title norms from the individual games of a team event (B.01; 7/8-game team norms)."""
    from arbitro.teams.individual import to_tournament
    from arbitro.titles.norms import NormOptions, evaluate_norms, tournament_facts

    if event not in ("team_championship", "national_team_championship", "other"):
        raise ArbitroError(f"--event: expected team_championship, national_team_championship or other, got {event!r}")
    if edition not in ("auto", "2005", "2009", "2017", "2022", "2024"):
        raise ArbitroError(f"--edition: expected auto, 2005, 2009, 2017, 2022 or 2024, got {edition!r}")
    t = to_tournament(_read(file))
    options = NormOptions(event=None if event == "other" else event)
    facts = tournament_facts(t, edition, options)
    typer.echo(f"{t.name or file}: B.01 edition {facts.edition.code} ({facts.edition_reason})")
    shown = 0
    for p in evaluate_norms(t, facts.edition, options=options):
        for n in p.norms:
            if n.achieved:
                shown += 1
                typer.echo(f"  {p.start_rank:>4} {p.name}: {n.title} norm ({n.games} games); {n.score}/{n.games_counted}, Ra {n.ra}, Rp {n.rp}")
    if not shown:
        typer.echo("  no norm achieved")


@team_app.command("check")
def check_cmd(file: Annotated[Path, typer.Argument(help="TRF-2026 team file.")]) -> None:
    """Re-pair every round, verify the absolute criteria (C.04.6 art. 2.1) and the line-ups; exit 1 on differences."""
    from arbitro.teams.checker import absolute_violations, check_event, lineup_violations

    event = _read(file)
    problems = absolute_violations(event) + lineup_violations(event)
    rounds = check_event(event) if event.system in TEAM_SYSTEM_KEYS else []
    for p in problems:
        typer.echo(p)
    bad = 0
    for rc in rounds:
        if rc.ok:
            typer.echo(f"round {rc.round}: same pairing")
        else:
            bad += 1
            for d in rc.differences:
                typer.echo(f"round {rc.round}: {d}")
    if problems or bad:
        raise typer.Exit(1)


@team_app.command("generate")
def generate_cmd(
    output: Annotated[Path, typer.Option("--output", "-o", help="TRF file to write.")],
    teams: Annotated[int, typer.Option("--teams")] = 10,
    boards: Annotated[int, typer.Option("--boards")] = 4,
    rounds: Annotated[int, typer.Option("--rounds")] = 7,
    seed: Annotated[int, typer.Option("--seed", "-s")] = 1,
    system: Annotated[str, typer.Option("--system", help=_SYSTEMS_HELP)] = TEAM_SWISS_KEY.replace("_", "-"),
    forfeits: Annotated[float, typer.Option("--forfeits", help="Share of boards left empty.")] = 0.01,
    pab_points: Annotated[
        str | None,
        typer.Option(
            "--pab-points",
            help="MP,GP of the pairing-allocated bye when the rules fix them (e.g. 2,2 for a won match);"
            " default C.04.6 art. 1.4, a drawn match.",
        ),
    ] = None,
) -> None:
    """A random team tournament (TRF-2026 team file)."""
    from fractions import Fraction

    from arbitro.pairing.registry import SystemKind, UnknownSystem, get
    from arbitro.teams.generator import GeneratorConfig, generate
    from arbitro.teams.model import TeamScoring
    from arbitro.trf.files import atomic_write_text
    from arbitro.trf.teams import format_team_trf

    try:
        sysdef = get(system)
    except UnknownSystem as exc:
        raise ArbitroError(str(exc)) from None
    if sysdef.kind not in (SystemKind.TEAM_SWISS, SystemKind.TEAM_ROUND_ROBIN):
        raise ArbitroError(f"--system: {sysdef.name} is not a team system")
    if not 2 <= teams <= 1000 or not 1 <= boards <= 20 or not 1 <= rounds <= 30:
        raise ArbitroError("expected 2-1000 teams, 1-20 boards and 1-30 rounds")
    if not 0 <= forfeits <= 1:
        raise ArbitroError(f"--forfeits: expected a share from 0 to 1, got {forfeits}")
    scoring = TeamScoring()
    if pab_points is not None:
        parts = pab_points.split(",")
        try:
            pab_mp, pab_gp = (Fraction(x.strip()) for x in parts) if len(parts) == 2 else (None, None)
        except (ValueError, ZeroDivisionError):
            pab_mp = pab_gp = None
        if pab_mp is None or pab_gp is None or not scoring.match_loss <= pab_mp <= scoring.match_win or not 0 <= pab_gp <= boards:
            raise ArbitroError(
                f"--pab-points: expected match points from {scoring.match_loss} to {scoring.match_win} and game points"
                f" from 0 to {boards}, as MP,GP (e.g. 2,2), got {pab_points!r}"
            )
        scoring = TeamScoring(pab_match=pab_mp, pab_game=pab_gp)
    event = generate(
        GeneratorConfig(
            teams=teams, boards=boards, rounds=rounds, seed=seed, system=sysdef.key, board_forfeit=forfeits, scoring=scoring
        )
    )
    atomic_write_text(output, format_team_trf(event))
    typer.echo(f"{output}: {teams} teams, {boards} boards, {event.rounds} rounds")
    if sysdef.kind is SystemKind.TEAM_SWISS and event.rounds < rounds:  # 142 declares only the rounds played (issue 35 item 6)
        typer.echo(
            f"note: {rounds} rounds could not all be paired (no legal pairing, C.04.6 art. 3.3.3); "
            f"the event was generated for {event.rounds} rounds and 142 declares {event.rounds} / "
            f"nota: no se pudieron emparejar las {rounds} rondas (no hay emparejamiento legal, C.04.6 art. 3.3.3); "
            f"el torneo se generó con {event.rounds} rondas y el 142 declara {event.rounds}",
            err=True,
        )


@team_app.command("convert")
def convert_cmd(
    file: Annotated[Path, typer.Argument(help="Team file to read (TRF-2026 310 or TRF16 013 records).")],
    output: Annotated[Path, typer.Argument(help="Team file to write (atomically).")],
    to: Annotated[str, typer.Option("--to", help="trf26 (TRF-2026: 310 and the team records) or trf16 (Swiss-Manager's 013 layout).")] = "trf26",
) -> None:
    """Write a team file in the TRF-2026 or the TRF16 team layout (issue 37)."""
    from arbitro.trf.files import atomic_write_text
    from arbitro.trf.teams import format_team_trf

    version = to.lower().replace("-", "").replace("trf2026", "trf26")
    if version not in ("trf26", "trf16"):
        raise ArbitroError(f"--to: expected trf26 or trf16, found {to!r}")
    event = _read(file)
    atomic_write_text(output, format_team_trf(event, version=version))
    typer.echo(f"{output}: {len(event.teams)} teams, {event.played_rounds()} rounds, written as {version.upper()}")


@team_app.command("pdf")
def pdf_cmd(
    file: Annotated[Path, typer.Argument(help="TRF-2026 team file.")],
    output: Annotated[Path, typer.Option("--output", "-o", help="PDF file to write.")],
    kind: Annotated[str, typer.Option("--kind", help="pairings, cards (match cards), standings or crosstable.")] = "pairings",
    round_: Annotated[int | None, typer.Option("--round", "-r", help="Round (default: the last paired).")] = None,
    lang: Annotated[str, typer.Option("--lang", help="es or en.")] = "es",
    paper: Annotated[str, typer.Option("--paper", help="a4 or letter.")] = "a4",
) -> None:
    """Team documents: the pairing sheet with board results, match cards, team and board standings, team crosstable."""
    from arbitro.documents import teams_pdf
    from arbitro.documents.output import write_output

    if kind not in ("pairings", "cards", "standings", "crosstable"):
        raise ArbitroError(f"--kind: expected pairings, cards, standings or crosstable, got {kind!r}")
    event = _read(file)
    if kind == "pairings":
        data = teams_pdf.render_team_pairings_pdf(event, lang, paper, round_)
    elif kind == "cards":
        data = teams_pdf.render_match_cards_pdf(event, lang, paper, round_)
    elif kind == "crosstable":
        data = teams_pdf.render_team_crosstable_pdf(event, lang, paper)
    else:
        data = teams_pdf.render_team_standings_pdf(event, lang, paper)
    write_output(output, data)
    typer.echo(f"{output}: {len(data)} bytes")


def register(app: typer.Typer) -> None:
    app.add_typer(team_app, name="team")
