"""``arbitro pair``, ``arbitro check`` and ``arbitro generate`` (issue 4).

``pair`` is compatible with bbpPairings' command line so that existing front
ends can call it: ``arbitro pair --dutch FILE -p [OUTPUT]`` writes the number
of lines, then ``white black`` per board, and the PAB as ``N 0``. Exit codes:
0 paired, 1 no valid pairing, 3 invalid input.

The ``--<system> FILE`` options come from the pairing-system registry
(:mod:`arbitro.pairing.registry`): every registered system can pair, those
with a checker can check, those with a generator can generate.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import Progress

from arbitro.errors import ArbitroError
from arbitro.model import Tournament
from arbitro.pairing import registry
from arbitro.pairing.registry import PairingSystem, PairOptions
from arbitro.pairing.types import RoundPairing
from arbitro.trf import load_trf

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
    errors = result.errors
    if errors:
        raise ArbitroError("\n".join(str(d) for d in errors), exit_code=INVALID)
    return result.tournament


def _options(bbp: bool) -> PairOptions:
    return PairOptions(bbp_compat=bbp)


def _file_options(
    systems: list[PairingSystem], help_text: Callable[[PairingSystem], str]
) -> list[inspect.Parameter]:
    """One ``--<system> FILE`` option per registered system (the registry decides which exist)."""
    return [
        inspect.Parameter(
            s.key,
            inspect.Parameter.KEYWORD_ONLY,
            default=typer.Option(None, s.flag, help=help_text(s)),
            annotation=Path | None,
        )
        for s in systems
    ]


def _with_systems(
    fn: Callable[..., int], systems: list[PairingSystem], help_text: Callable[[PairingSystem], str]
) -> Callable[..., int]:
    """``fn`` with a ``--<system> FILE`` option per system in its signature; it gets them as ``files``."""
    keys = [s.key for s in systems]

    def command(**kwargs: Any) -> int:
        files = {k: kwargs.pop(k) for k in keys}
        return fn(files=files, **kwargs)

    own = [p for name, p in inspect.signature(fn, eval_str=True).parameters.items() if name != "files"]
    params = own + _file_options(systems, help_text)
    params.sort(key=lambda p: p.kind)  # positional first
    command.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    command.__doc__ = fn.__doc__
    command.__annotations__ = {p.name: p.annotation for p in params}
    return command


def _one(files: dict[str, Path | None], systems: list[PairingSystem]) -> tuple[PairingSystem, Path]:
    """The one system given on the command line, and its file."""
    given = [(registry.get(k), f) for k, f in files.items() if f is not None]
    if len(given) != 1:
        flags = " or ".join(f"{s.flag} FILE" for s in systems)
        raise ArbitroError(f"give exactly one of {flags}", exit_code=INVALID)
    return given[0]


def _pairing_json(pairing: RoundPairing) -> str:
    data = {
        "round": pairing.round,
        "boards": [{"board": i, "white": b.white, "black": b.black} for i, b in enumerate(pairing.boards, 1)],
        "bye": pairing.bye,
        "unpaired": {str(k): v for k, v in pairing.unpaired.items()},
    }
    return json.dumps(data, indent=2)


def register(app: typer.Typer) -> None:
    pairable = list(registry.all_systems())
    checkable = [s for s in pairable if s.checker is not None]
    generable = [s for s in pairable if s.generator is not None]

    def pair_cmd(
        files: dict[str, Path | None],
        output: Annotated[Path | None, typer.Argument(help="Output file (default: standard output).")] = None,
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

        system, source = _one(files, pairable)
        t = _load(source)
        try:
            pairing = system.pair(t, None, _options(bbp))
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

    def check_cmd(
        files: dict[str, Path | None],
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
        system, source = _one(files, checkable)
        t = _load(source)
        out = Console(highlight=False, soft_wrap=True)
        bad = 0
        rounds = t.played_rounds
        with Progress(transient=True, disable=rounds < 5 or not out.is_terminal) as bar:
            task = bar.add_task("checking", total=rounds)
            checks = list(system.check(t, _options(bbp), lambda r: bar.update(task, completed=r)))
        for c in checks:
            if c.agrees:
                continue
            fails = strict or not c.explained
            bad += fails
            out.print(f"{source.name}: Round #{c.round}" + ("" if fails else " (accepted)"))
            for text in c.explanations:
                out.print(f"  explained by {text}")
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
        out.print(f"{source.name}: {rounds - bad} of {rounds} rounds agree")
        return 1 if bad else 0

    def generate_cmd(
        files: dict[str, Path | None],
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
        """Generate a random tournament paired with the system named and write it as TRF-2026.

        Without a configuration file, the first system with a generator and its defaults are used.
        """
        from arbitro.trf import write_trf

        given = [(registry.get(k), f) for k, f in files.items() if f is not None]
        if len(given) > 1:
            raise ArbitroError("give at most one generator configuration", exit_code=INVALID)
        system, config = given[0] if given else (generable[0], None)
        text = ""
        if config is not None:
            try:
                text = config.read_text(encoding="utf-8")
            except OSError as exc:
                raise ArbitroError(
                    f"{config}: cannot read the file ({exc.strerror or exc})", exit_code=INVALID
                ) from None
        console = Console(stderr=True)
        with Progress(transient=True, console=console, disable=not console.is_terminal) as bar:
            task = bar.add_task("generating", total=None)
            t = system.generate(
                text,
                seed,
                _options(bbp),
                lambda r, total: bar.update(task, completed=r, total=total),
                source=str(config) if config is not None else "<config>",
            )
        write_trf(t, out, "trf26")
        typer.echo(f"{out}: {len(t.players)} players, {t.total_rounds} rounds (seed {seed})")
        return 0

    app.command("pair")(
        _with_systems(pair_cmd, pairable, lambda s: f"TRF file to pair: {s.label}.")
    )
    app.command("check")(
        _with_systems(check_cmd, checkable, lambda s: f"TRF file to check: {s.label}.")
    )
    app.command("generate")(
        _with_systems(
            generate_cmd, generable, lambda s: f"Generator configuration (Key=Value lines): {s.label}."
        )
    )
