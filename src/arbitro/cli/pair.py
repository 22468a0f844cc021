"""``arbitro pair``, ``arbitro check`` and ``arbitro generate`` (issue 4).

``pair`` is compatible with bbpPairings' command line so that existing front
ends can call it: ``arbitro pair --dutch FILE -p [OUTPUT]`` writes the number
of lines, then ``white black`` per board, and the PAB as ``N 0``. Exit codes:
0 paired, 1 no valid pairing, 3 invalid input.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.progress import Progress

from arbitro.errors import ArbitroError
from arbitro.model import Tournament
from arbitro.pairing.dutch_state import DutchOptions
from arbitro.pairing.types import RoundPairing
from arbitro.trf import TrfError, load_trf

if TYPE_CHECKING:
    from collections.abc import Callable

    from arbitro.pairing.generator import GeneratorConfig

INVALID = 3

# One option per pairing system, shared by pair/check (a TRF file) and generate (a configuration).
BursteinFile = Annotated[
    Path | None,
    typer.Option("--burstein", help="FIDE Burstein system (C.04.4.2): TRF file, or configuration."),
]
DubovFile = Annotated[
    Path | None, typer.Option("--dubov", help="FIDE Dubov system (C.04.4.1): TRF file, or configuration.")
]
LimFile = Annotated[
    Path | None, typer.Option("--lim", help="FIDE Lim system (C.04.4.3): TRF file, or configuration.")
]
DoubleSwissFile = Annotated[
    Path | None,
    typer.Option("--double-swiss", help="FIDE Double-Swiss system (C.04.5): TRF file, or configuration."),
]


def _load(path: Path) -> Tournament:
    """Read a TRF file; any problem is invalid input (exit code 3)."""
    try:
        result = load_trf(path)
    except OSError as exc:
        raise ArbitroError(
            f"{path}: cannot read the file ({exc.strerror or exc})", exit_code=INVALID
        ) from None
    except ArbitroError as exc:
        raise ArbitroError(str(exc), exit_code=INVALID) from None
    if not result.ok:  # one line: the first error and how many more
        raise ArbitroError(str(TrfError(result.diagnostics, result.error_count)), exit_code=INVALID)
    return result.tournament


def _options(bbp: bool) -> DutchOptions:
    return DutchOptions.bbp() if bbp else DutchOptions()


def _pairing_json(pairing: RoundPairing) -> str:
    data = {
        "round": pairing.round,
        "boards": [{"board": i, "white": b.white, "black": b.black} for i, b in enumerate(pairing.boards, 1)],
        "bye": pairing.bye,
        "unpaired": {str(k): v for k, v in pairing.unpaired.items()},
    }
    return json.dumps(data, indent=2)


def _others(
    burstein: Path | None, dubov: Path | None, lim: Path | None, double_swiss: Path | None
) -> dict[str, Path | None]:
    return {"burstein": burstein, "dubov": dubov, "lim": lim, "double_swiss": double_swiss}


def _one_system(**files: Path | None) -> tuple[str, Path]:
    """The one system flag given (``--dutch FILE``, ``--burstein FILE``, ...)."""
    given = [(key, path) for key, path in files.items() if path is not None]
    if len(given) != 1:
        flags = ", ".join("--" + key.replace("_", "-") for key in files)
        raise ArbitroError(f"give exactly one of {flags} with a TRF file", exit_code=INVALID)
    return given[0]


def _generate(
    cfg: GeneratorConfig, seed: int, system: str, bbp: bool, progress: Callable[[int, int], None]
) -> Tournament:
    """A random tournament paired by ``system`` (a registry name)."""
    from arbitro.pairing.generator import generate
    from arbitro.pairing.registry import PairOptions, UnknownSystem, get

    try:
        chosen = get(system)
    except UnknownSystem as exc:
        raise ArbitroError(str(exc), exit_code=INVALID) from None
    if chosen.key == "dutch":
        return generate(cfg, seed, _options(bbp), progress)
    if chosen.key == "double_swiss":
        from arbitro.pairing.double_swiss_generator import generate_double_swiss

        return generate_double_swiss(cfg, seed, progress)
    opts = PairOptions(bbp_compat=bbp)
    return generate(
        cfg, seed, None, progress, pair=lambda t, rnd: chosen.pair(t, rnd, opts), system=chosen.trf_code
    )


def _check_round_count(t: Tournament, source: Path, add_round: bool) -> None:
    """Refuse to pair beyond the declared number of rounds (142 / XXR) unless ``--add-round`` is given.

    With ``--add-round`` the round is paired as the tournament's new last round
    (the Dutch last-round rules then apply to it); the file itself is not changed.
    """
    nxt = t.played_rounds + 1
    if t.rounds is None or nxt <= t.rounds:
        return
    if not add_round:
        raise ArbitroError(
            f"{source}: the tournament has {t.rounds} rounds (TRF 142 / XXR) and round {t.rounds} is paired; "
            f"round {nxt} would be one more than declared. Give --add-round to pair an extra round, "
            f"or correct the number of rounds in the file",
            exit_code=INVALID,
        )
    t.rounds = nxt


#: C.04.3 editions: (first day in force, name). Arbitro pairs by the last one.
_DUTCH_EDITIONS = (
    ("2017-07-01", "C.04.3 of 2017 (Baku 2016 / Goynuk 2017), in force until 31 Jan 2026"),
    ("2026-02-01", "C.04.3 of 2026, in force from 1 Feb 2026"),
)


def declared_rules(t: Tournament) -> tuple[list[str], bool]:
    """What the file says about how it was paired (092, 192, dates) and the rules in force then.

    ``arbitro check`` prints it so that differences can be read against the rules the event was
    paired under: Arbitro re-pairs by C.04.3 (2026); an event paired before 1 Feb 2026 followed the
    2017 text (or, before 1 Jul 2017, the Istanbul 2012 rules C.04.3.1), whose criteria differ.
    The second value says whether those were older rules.
    """
    lines = [f"092 (type): {t.type_text or 'not given'}; 192 (system): {t.system or 'not given'}"]
    dates = [d for d in t.round_dates if d is not None]
    start = t.start_date or (min(dates) if dates else None)
    end = t.end_date or (max(dates) if dates else None)
    if start is None:
        lines.append("dates: not given (042/052/132), so the rules in force cannot be told")
        return lines, False
    lines.append(f"dates: {start.isoformat()} to {end.isoformat() if end else '?'}")
    day = start.isoformat()
    if t.system.upper().endswith("_2017"):
        in_force, older = _DUTCH_EDITIONS[0][1] + " (asked for by 192)", True
    elif day < _DUTCH_EDITIONS[0][0]:
        in_force, older = "C.04.3.1 (Istanbul 2012), in force until 30 Jun 2017", True
    elif day < _DUTCH_EDITIONS[1][0]:
        in_force, older = _DUTCH_EDITIONS[0][1], True
    else:
        in_force, older = _DUTCH_EDITIONS[1][1], False
    lines.append(f"rules in force at the start: {in_force}; Arbitro re-pairs by C.04.3 of 2026")
    return lines, older


def register(app: typer.Typer) -> None:
    @app.command("pair")
    def pair_cmd(
        output: Annotated[Path | None, typer.Argument(help="Output file (default: standard output).")] = None,
        dutch: Annotated[
            Path | None, typer.Option("--dutch", help="TRF file to pair with the FIDE Dutch system.")
        ] = None,
        round_robin: Annotated[
            Path | None,
            typer.Option("--round-robin", help="TRF file of a round robin: pair its next round (Berger)."),
        ] = None,
        burstein: BursteinFile = None,
        dubov: DubovFile = None,
        lim: LimFile = None,
        double_swiss: DoubleSwissFile = None,
        p: Annotated[bool, typer.Option("-p", help="Pair the next round (bbpPairings syntax).")] = False,
        as_json: Annotated[bool, typer.Option("--json", help="Boards with colours as JSON.")] = False,
        bbp: Annotated[
            bool,
            typer.Option(
                "--bbp-compat", help="Reproduce bbpPairings v6.0.0 where it departs from the rules."
            ),
        ] = False,
        add_round: Annotated[
            bool,
            typer.Option(
                "--add-round",
                help="Pair one round beyond the declared number of rounds (142/XXR) as the new last round.",
            ),
        ] = False,
    ) -> int:
        """Pair the next round: bbpPairings-style output.

        Examples:

          arbitro pair --dutch open.trf -p            (boards on standard output)

          arbitro pair --dutch open.trf -p round5.txt --json

          arbitro pair --round-robin rr.trf -p

          arbitro pair --dutch open.trf -p --add-round   (round 10 of 9)

        Exit codes (as bbpPairings): 0 paired, 1 no valid pairing, 3 invalid input.

        A round beyond the declared rounds (142/XXR) is invalid input without --add-round.
        """
        from arbitro.pairing.types import NoValidPairing

        key, source = _one_system(
            dutch=dutch, round_robin=round_robin, **_others(burstein, dubov, lim, double_swiss)
        )
        t = _load(source)
        _check_round_count(t, source, add_round)
        try:
            if key not in ("dutch", "round_robin"):
                from arbitro.pairing.registry import PairOptions, get

                pairing = get(key).pair(t, None, PairOptions(bbp_compat=bbp))
            elif dutch is not None:
                from arbitro.pairing.dutch import pair_round

                pairing = pair_round(t, None, _options(bbp))
            else:
                from arbitro.pairing.berger import next_round_pairing  # type: ignore[import-not-found,unused-ignore]

                pairing = next_round_pairing(t)
        except NoValidPairing as exc:
            typer.echo(f"arbitro: no valid pairing: {exc}", err=True)
            return 1
        except ArbitroError as exc:
            raise ArbitroError(str(exc), exit_code=INVALID) from None
        except ValueError as exc:
            raise ArbitroError(f"{source}: {exc}", exit_code=INVALID) from None
        text = _pairing_json(pairing) if as_json else "\n".join(pairing.as_bbp_lines())
        if output is not None:
            from arbitro.trf import atomic_write_text

            atomic_write_text(output, text + "\n")
        else:
            typer.echo(text)
        return 0

    @app.command("check")
    def check_cmd(
        dutch: Annotated[
            Path | None, typer.Option("--dutch", help="TRF file to check with the FIDE Dutch system.")
        ] = None,
        burstein: BursteinFile = None,
        dubov: DubovFile = None,
        lim: LimFile = None,
        double_swiss: DoubleSwissFile = None,
        strict: Annotated[
            bool,
            typer.Option(
                "--strict", help="Also fail rounds explained by a documented bbpPairings departure."
            ),
        ] = False,
        bbp: Annotated[
            bool,
            typer.Option(
                "--bbp-compat", help="Check against bbpPairings v6.0.0 behaviour, departures included."
            ),
        ] = False,
    ) -> int:
        """Re-pair every round from the file's own history and show the differences.

        The file's declared system (092, 192), its dates and the C.04.3 edition in force then are
        printed: an event paired before 1 Feb 2026 followed older rules.

        Examples:

          arbitro check --dutch open.trf

          arbitro check --dutch open.trf --bbp-compat

        Exit codes: 0 every round agrees, 1 some round differs, 3 invalid input.
        """
        from arbitro.pairing.checker import DEPARTURES, check_rounds

        key, source = _one_system(dutch=dutch, **_others(burstein, dubov, lim, double_swiss))
        t = _load(source)
        out = Console(highlight=False, soft_wrap=True)
        bad = 0
        rounds = t.played_rounds
        with Progress(transient=True, disable=rounds < 5 or not out.is_terminal) as bar:
            task = bar.add_task("checking", total=rounds)
            if key == "dutch":
                checks = list(check_rounds(t, _options(bbp), lambda r: bar.update(task, completed=r)))
            else:
                from arbitro.pairing.registry import PairOptions, get
                from arbitro.pairing.system_check import check_system

                done = lambda r: bar.update(task, completed=r)  # noqa: E731
                checks = list(check_system(t, get(key), PairOptions(bbp_compat=bbp), done))
        for c in checks:
            for reading in c.readings:
                out.print(f"{source.name}: read {reading}")
            if c.agrees:
                continue
            fails = strict or not c.explained
            bad += fails
            out.print(f"{source.name}: Round #{c.round}" + ("" if fails else " (accepted)"))
            for name in c.departures:
                out.print(f"  explained by {DEPARTURES[name]}")
            if c.engine is None:
                out.print("  Checker: No valid pairing")
            rec = c.recorded.boards
            eng = c.engine.boards if c.engine is not None else ()
            out.print(f"  {'Checker pairings':>22}  {'Tournament pairings':>22}")
            for i in range(max(len(rec), len(eng))):
                left = f"{eng[i].white:>5} - {eng[i].black:<5}" if i < len(eng) else ""
                right = f"{rec[i].white:>5} - {rec[i].black:<5}" if i < len(rec) else ""
                out.print(f"  {left:>22}  {right:>22}")
            eb = c.engine.bye if c.engine is not None else None
            if eb != c.recorded.bye:
                out.print(f"  {'bye ' + str(eb):>22}  {'bye ' + str(c.recorded.bye):>22}")
        declared, older = declared_rules(t) if key == "dutch" else ([], False)
        for line in declared:
            out.print(f"{source.name}: {line}")
        if bad and older:
            out.print(
                f"{source.name}: the event was paired under older rules; differences may come from "
                "those rules, not from pairing errors"
            )
        out.print(f"{source.name}: {len(checks) - bad} of {len(checks)} rounds agree")
        return 1 if bad else 0

    @app.command("generate")
    def generate_cmd(
        dutch: Annotated[
            Path | None, typer.Option("--dutch", help="Generator configuration (Key=Value lines).")
        ] = None,
        burstein: BursteinFile = None,
        dubov: DubovFile = None,
        lim: LimFile = None,
        double_swiss: DoubleSwissFile = None,
        out: Annotated[Path, typer.Option("-o", "--output", help="TRF-2026 file to write.")] = Path(
            "generated.trf"
        ),
        seed: Annotated[
            int, typer.Option("-s", "--seed", help="Random seed (same seed, same tournament).")
        ] = 0,
        bbp: Annotated[
            bool, typer.Option("--bbp-compat", help="Pair like bbpPairings v6.0.0, departures included.")
        ] = False,
    ) -> int:
        """Generate a random tournament paired with the Dutch system and write it as TRF-2026."""
        from arbitro.pairing.generator import GeneratorConfig, parse_config
        from arbitro.trf import write_trf

        others = _others(burstein, dubov, lim, double_swiss)
        system, config = ("dutch", dutch)
        if any(v is not None for v in others.values()) or dutch is not None:
            system, config = _one_system(dutch=dutch, **others)
        if config is not None:
            from arbitro.trf.files import read_input

            try:  # a regular file of at most 1 MB (limits.md)
                text = read_input(config, 1024 * 1024, "configuration file").decode("utf-8")
            except UnicodeDecodeError:
                raise ArbitroError(f"{config}: not UTF-8 text", exit_code=INVALID) from None
            except ArbitroError as exc:
                raise ArbitroError(str(exc), exit_code=INVALID) from None
            cfg = parse_config(text, str(config))
        else:
            cfg = GeneratorConfig({})
        console = Console(stderr=True)
        with Progress(transient=True, console=console, disable=not console.is_terminal) as bar:
            task = bar.add_task("generating", total=None)
            t = _generate(cfg, seed, system, bbp, lambda r, total: bar.update(task, completed=r, total=total))
        write_trf(t, out, "trf26")
        typer.echo(f"{out}: {len(t.players)} players, {t.total_rounds} rounds (seed {seed})")
        return 0
