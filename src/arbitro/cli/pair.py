"""``arbitro pair``, ``arbitro check`` and ``arbitro generate`` (issue 4).

``pair`` is compatible with bbpPairings' command line so that existing front
ends can call it: ``arbitro pair --dutch FILE -p [OUTPUT]`` writes the number
of lines, then ``white black`` per board, and the PAB as ``N 0``. Exit codes:
0 paired, 1 no valid pairing, 3 invalid input.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import Progress

from arbitro.errors import ArbitroError
from arbitro.model import Tournament
from arbitro.pairing.dutch_state import DutchOptions
from arbitro.pairing.types import RoundPairing
from arbitro.trf import TrfError, load_trf

INVALID = 3


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
        p: Annotated[bool, typer.Option("-p", help="Pair the next round (bbpPairings syntax).")] = False,
        as_json: Annotated[bool, typer.Option("--json", help="Boards with colours as JSON.")] = False,
        bbp: Annotated[
            bool,
            typer.Option(
                "--bbp-compat", help="Reproduce bbpPairings v6.0.0 where it departs from the rules."
            ),
        ] = False,
    ) -> int:
        """Pair the next round: bbpPairings-style output, exit 0 paired, 1 no valid pairing, 3 invalid input."""
        from arbitro.pairing.types import NoValidPairing

        if (dutch is None) == (round_robin is None):
            raise ArbitroError("give exactly one of --dutch FILE or --round-robin FILE", exit_code=INVALID)
        source = dutch if dutch is not None else round_robin
        assert source is not None
        t = _load(source)
        try:
            if dutch is not None:
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
        dutch: Annotated[Path, typer.Option("--dutch", help="TRF file to check with the FIDE Dutch system.")],
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
        """Re-pair every round from the file's own history; exit 1 when any round differs."""
        from arbitro.pairing.checker import DEPARTURES, check_rounds

        t = _load(dutch)
        out = Console(highlight=False, soft_wrap=True)
        bad = 0
        rounds = t.played_rounds
        with Progress(transient=True, disable=rounds < 5 or not out.is_terminal) as bar:
            task = bar.add_task("checking", total=rounds)
            checks = list(check_rounds(t, _options(bbp), lambda r: bar.update(task, completed=r)))
        for c in checks:
            if c.agrees:
                continue
            fails = strict or not c.explained
            bad += fails
            out.print(f"{dutch.name}: Round #{c.round}" + ("" if fails else " (accepted)"))
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
        out.print(f"{dutch.name}: {rounds - bad} of {rounds} rounds agree")
        return 1 if bad else 0

    @app.command("generate")
    def generate_cmd(
        dutch: Annotated[
            Path | None, typer.Option("--dutch", help="Generator configuration (Key=Value lines).")
        ] = None,
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
        from arbitro.pairing.generator import GeneratorConfig, generate, parse_config
        from arbitro.trf import write_trf

        if dutch is not None:
            from arbitro.trf.files import read_input

            try:
                text = read_input(dutch, 1024 * 1024, "configuration file").decode("utf-8")
            except UnicodeDecodeError:
                raise ArbitroError(f"{dutch}: not UTF-8 text", exit_code=INVALID) from None
            except ArbitroError as exc:
                raise ArbitroError(str(exc), exit_code=INVALID) from None
            cfg = parse_config(text, str(dutch))
        else:
            cfg = GeneratorConfig({})
        console = Console(stderr=True)
        with Progress(transient=True, console=console, disable=not console.is_terminal) as bar:
            task = bar.add_task("generating", total=None)
            t = generate(
                cfg, seed, _options(bbp), lambda r, total: bar.update(task, completed=r, total=total)
            )
        write_trf(t, out, "trf26")
        typer.echo(f"{out}: {len(t.players)} players, {t.total_rounds} rounds (seed {seed})")
        return 0
