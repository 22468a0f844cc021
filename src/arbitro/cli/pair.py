"""``arbitro pair``, ``arbitro check`` and ``arbitro generate`` (issue 4).

``pair`` is compatible with bbpPairings' command line so that existing front
ends can call it: ``arbitro pair --dutch FILE -p [OUTPUT]`` writes the number
of lines, then ``white black`` per board, and the PAB as ``N 0``. Exit codes:
0 paired, 1 no valid pairing, 3 invalid input.

The ``--<system> FILE`` options come from the pairing-system registry
(:mod:`arbitro.pairing.registry`): every registered system can pair, those
with a checker can check, those with a generator can generate. So do the
options of the settings the systems declare (``--maxi-tournament``,
``--acceleration baku``; issue 32 item 3): ``pair`` and ``check`` take every one
(written into the file as the TRF carries it), ``generate`` those a ``192`` code
carries (the others come from the configuration, e.g. ``BakuAcceleration``).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import Progress

from arbitro.cli.pair_common import INVALID
from arbitro.cli.pair_common import load as _load
from arbitro.errors import ArbitroError
from arbitro.model import Tournament
from arbitro.pairing import registry
from arbitro.pairing import settings as system_settings
from arbitro.pairing.registry import PairingSystem, PairOptions
from arbitro.pairing.types import SettingType, SettingValue, SystemSetting


def _options(
    bbp: bool, full_search: bool = False, given: dict[str, SettingValue] | None = None, literal: bool = False
) -> PairOptions:
    opts = PairOptions(bbp_compat=bbp, full_search=full_search, literal_tpn=literal)
    return opts.with_settings(given) if given else opts


#: ``--literal-tpn``: the other reading of dutch-system.md §6.1 #3 (issue 35 item 3)
_LITERAL_HELP = (
    "Dutch, Burstein: initial-colour parity (C.04.3 5.2.5) from the fixed pairing number of C.04.2 2.3, "
    "counting players absent and never paired; the default skips them, as bbpPairings and FIDE's Gacrux do."
)


#: The parameter name of a declared setting's option (never a system's key nor another option's).
_SETTING_PARAM = "setting__"


def _setting_help(setting: SystemSetting, systems: list[PairingSystem]) -> str:
    """A declared setting's help: its label, rule, explanation, values and the systems that declare it."""
    text = setting.title + (f". {setting.help}" if setting.help is not None else ".")
    if setting.type is SettingType.CHOICE:
        text += "".join(f" {c.value}: {c.label}." for c in setting.choices if c.value)
    elif setting.type is SettingType.INT:
        text += f" A whole number from {setting.minimum} to {setting.maximum} (default {setting.default})."
    names = ", ".join(s.name for s in system_settings.systems_declaring(setting.key, systems))
    return f"{text} Setting of: {names}."


def _setting_options(settings: list[SystemSetting], systems: list[PairingSystem]) -> list[inspect.Parameter]:
    """One option per declared setting (issue 32 item 3): ``--key`` for a flag (``--no-key`` when it is on
    by default), ``--key VALUE`` otherwise; ``None``/unset: not given."""
    params = []
    for s in settings:
        help_text = _setting_help(s, systems)
        annotation: Any
        if s.type is SettingType.BOOL:
            flag = s.flag if s.default is False else "--no-" + s.name
            option, annotation = typer.Option(False, flag, help=help_text), bool
        elif s.type is SettingType.INT:
            option = typer.Option(None, s.flag, help=help_text, min=s.minimum, max=s.maximum)
            annotation = int | None
        else:
            option = typer.Option(None, s.flag, help=help_text, metavar="|".join(v for v in s.values if v))
            annotation = str | None
        params.append(inspect.Parameter(_SETTING_PARAM + s.key, inspect.Parameter.KEYWORD_ONLY, default=option,
                                        annotation=annotation))  # fmt: skip
    return params


def _given_settings(system: PairingSystem, raw: dict[str, Any]) -> dict[str, SettingValue]:
    """The declared settings given on the command line, checked: each one ``system`` declares, a value
    it takes (exit 3 otherwise)."""
    known = registry.declared_settings()
    given: dict[str, SettingValue] = {}
    for key, value in raw.items():
        s = known[key]
        if value is None or (s.type is SettingType.BOOL and value is False):
            continue  # not given
        if not system.declares(key):
            names = ", ".join(x.name for x in system_settings.systems_declaring(key))
            raise ArbitroError(
                f"{s.flag} is a setting of the {names} only ({s.article}), not of the {system.name}",
                exit_code=INVALID,
            )
        try:
            given[key] = s.parse(not s.default if s.type is SettingType.BOOL else value)
        except ArbitroError as err:
            raise ArbitroError(f"{s.flag}: {err}", exit_code=INVALID) from None
    return given


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
    fn: Callable[..., int],
    systems: list[PairingSystem],
    help_text: Callable[[PairingSystem], str],
    settings: list[SystemSetting] | None = None,
) -> Callable[..., int]:
    """``fn`` with a ``--<system> FILE`` option per system in its signature (it gets them as ``files``)
    and, when ``settings`` are given, an option per declared setting (it gets them as ``settings``:
    key -> the raw value, ``None``/``False`` when not given)."""
    keys = [s.key for s in systems]

    def command(**kwargs: Any) -> int:
        files = {k: kwargs.pop(k) for k in keys}
        if settings is None:
            return fn(files=files, **kwargs)
        raw = {name[len(_SETTING_PARAM) :]: kwargs.pop(name) for name in list(kwargs) if name.startswith(_SETTING_PARAM)}
        return fn(files=files, settings=raw, **kwargs)

    skip = ("files", "settings")
    own = [p for name, p in inspect.signature(fn, eval_str=True).parameters.items() if name not in skip]
    params = own + _file_options(systems, help_text) + _setting_options(settings or [], systems)
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


def _print_standings_check(out: Console, name: str, t: Tournament, games_per_round: int) -> int:
    """Print the standings check (C.02 VCL4THP Q21); the number of players that differ."""
    from arbitro.standings.check import check_standings

    result = check_standings(t, games_per_round)
    out.print(f"{name}: standings: {result.summary}")
    for note in result.notes:
        out.print(f"{name}: standings: {note}")
    for diff in result.differences:
        out.print(f"{name}: Standings: {diff.text}")
    wrong = len({d.start_rank for d in result.differences})
    out.print(f"{name}: standings: {result.players - wrong} of {result.players} players agree")
    return wrong


def register(app: typer.Typer) -> None:
    pairable = list(registry.individual_systems())
    checkable = [s for s in pairable if s.checker is not None]
    generable = [s for s in pairable if s.generator is not None]
    pair_settings = list(registry.declared_settings(pairable).values())
    check_settings = list(registry.declared_settings(checkable).values())
    # a generated file declares only what its 192 code carries (the configuration says the rest)
    generate_settings = [s for s in registry.declared_settings(generable).values() if s.suffixes()]

    def pair_cmd(
        files: dict[str, Path | None],
        settings: dict[str, Any],
        output: Annotated[Path | None, typer.Argument(help="Output file (default: standard output).")] = None,
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
        full_search: Annotated[
            bool,
            typer.Option(
                "--full-search",
                help="Dutch: the full weighted-matching search alone, without the fast path (same result).",
            ),
        ] = False,
        literal: Annotated[bool, typer.Option("--literal-tpn", help=_LITERAL_HELP)] = False,
    ) -> int:
        """Pair the next round: bbpPairings-style output.

        Examples:

          arbitro pair --dutch open.trf -p            (boards on standard output)

          arbitro pair --dutch open.trf -p round5.txt --json

          arbitro pair --round-robin rr.trf -p

          arbitro pair --dutch open.trf -p --add-round   (round 10 of 9)

          arbitro pair --lim open.trf -p --maxi-tournament   (a setting the system declares)

        Exit codes (as bbpPairings): 0 paired, 1 no valid pairing, 3 invalid input.

        A round beyond the declared rounds (142/XXR) is invalid input without --add-round.
        """
        from arbitro.cli.fast import pair_file

        system, source = _one(files, pairable)
        opts = _options(bbp, full_search, _given_settings(system, settings), literal)
        # a file whose 192 declares a Maxi-tournament (FIDE_LIM_MAXI) is paired as one without the flag
        return pair_file(
            source,
            output,
            as_json,
            add_round,
            lambda t: system.pair(t, None, system_settings.for_file(t, system, opts)),
        )

    def check_cmd(
        files: dict[str, Path | None],
        settings: dict[str, Any],
        strict: Annotated[
            bool,
            typer.Option(
                "--strict",
                help="Also fail rounds explained by a documented bbpPairings departure or changed by hand (MPA).",
            ),
        ] = False,
        bbp: Annotated[
            bool,
            typer.Option(
                "--bbp-compat", help="Check against bbpPairings v6.0.0 behaviour, departures included."
            ),
        ] = False,
        full_search: Annotated[
            bool,
            typer.Option(
                "--full-search",
                help="Dutch: the full weighted-matching search alone, without the fast path (same result).",
            ),
        ] = False,
        pairings_only: Annotated[
            bool,
            typer.Option(
                "--pairings-only", help="Check the pairings only, not the standings (points and final ranks)."
            ),
        ] = False,
        literal: Annotated[bool, typer.Option("--literal-tpn", help=_LITERAL_HELP)] = False,
    ) -> int:
        """Re-pair every round from the file's own history, then recompute the standings; show the differences.

        The file's declared system (092, 192), its dates and the C.04.3 edition in force then are
        printed: an event paired before 1 Feb 2026 followed older rules.

        Standings (C.02 VCL4THP Q21): the points and final rank of every 001 record are compared
        with the standings recomputed by the file's own tie-break list (212, else 202 with PTS
        first) under the C.07 edition in force at its start date (042: 2024 or 2026 rules). Players
        still tied after the whole list may be in any order (a drawing of lots, C.07 4.2) or share
        the place. A file without 202/212 has its ranks checked by points only; a file without
        ranks has its points checked only; players without a rank are left out.

        Examples:

          arbitro check --dutch open.trf

          arbitro check --dutch open.trf --bbp-compat

          arbitro check --dutch open.trf --pairings-only

          arbitro check --round-robin rr.trf      (the Berger tables, C.05 Annex 1)

        A round the arbiter changed by hand (a ``### MPA @ Round n`` line) is accepted when it
        keeps the absolute criteria (C.04.1 art. 2, 4, 6, 7); --strict fails it too.

        Exit codes: 0 every round and the standings agree, 1 some round or some player's points
        or rank differs, 3 invalid input (an unreadable file, or a 202/212 list that cannot be applied).
        """
        system, source = _one(files, checkable)
        given = _given_settings(system, settings)
        t = _load(source)
        out = Console(highlight=False, soft_wrap=True)
        bad = 0
        rounds = t.played_rounds
        with Progress(transient=True, disable=rounds < 5 or not out.is_terminal) as bar:
            task = bar.add_task("checking", total=rounds)
            checks = list(
                system.check(
                    t,
                    system_settings.for_file(t, system, _options(bbp, full_search, given, literal)),
                    lambda r: bar.update(task, completed=r),
                )
            )
        manual, broken = system.hand_paired_rounds(t)  # accepted only within the absolute criteria
        for c in checks:
            for reading in c.readings:
                out.print(f"{source.name}: read {reading}")
            if c.agrees:
                continue
            # a round changed by hand is accepted when it keeps the absolute criteria, or when no
            # pairing keeps them (the engine proves none exists: a manual pairing session, VCL4THP Q63)
            by_hand = c.round in manual and (c.engine is None or not broken.get(c.round))
            fails = strict or not (c.explained or by_hand)
            bad += fails
            out.print(f"{source.name}: Round #{c.round}" + ("" if fails else " (accepted)"))
            for text in c.explanations:
                out.print(f"  explained by {text}")
            if c.round in manual:
                out.print(f"  changed by hand: {manual[c.round]}")
                for text in broken.get(c.round, []):
                    out.print(f"  breaks {text}")
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
        declared, older = declared_rules(t) if system is registry.default_swiss() else ([], False)
        for line in declared:
            out.print(f"{source.name}: {line}")
        if bad and older:
            out.print(
                f"{source.name}: the event was paired under older rules; differences may come from "
                "those rules, not from pairing errors"
            )
        out.print(f"{source.name}: {len(checks) - bad} of {len(checks)} rounds agree")
        if not pairings_only:
            bad += _print_standings_check(out, source.name, t, system.games_per_round)
        return 1 if bad else 0

    def generate_cmd(
        files: dict[str, Path | None],
        settings: dict[str, Any],
        out: Annotated[Path, typer.Option("-o", "--output", help="TRF-2026 file to write.")] = Path(
            "generated.trf"
        ),
        seed: Annotated[
            int | None,
            typer.Option(
                "-s",
                "--seed",
                help="Random seed: the same seed and configuration give the same file. "
                "Default: a fresh seed, printed and written into the file (VCL4THP Q30).",
            ),
        ] = None,
        model: Annotated[
            str | None,
            typer.Option(
                "--model",
                help="fide (VCL4THP: every bye, forfeit and odd result, B.02 results; the default) or "
                "bbp (bbpPairings' keys and results only, as before 2026-12-04; the configuration's "
                "Model key may also say it).",
            ),
        ] = None,
        bbp: Annotated[
            bool, typer.Option("--bbp-compat", help="Pair like bbpPairings v6.0.0, departures included.")
        ] = False,
    ) -> int:
        """Generate a random tournament paired with the system named and write it as TRF-2026.

        The file carries its tie-break list (202), every player's final rank by it (VCL4THP Q31)
        and a ### line with the seed; `arbitro check` with the same system agrees with it.
        Without a configuration file, the first system with a generator and its defaults are used.

        Configuration: Key=Value lines (# starts a comment); every unset key is drawn from the seed.

        bbpPairings' keys (both models):
          PlayersNumber, RoundsNumber, DrawPercentage (a draw chance in %),
          ForfeitRate=N (each side fails to appear with 1-sqrt(1-1/N)),
          RetiredRate=N, HalfPointByeRate=N (players/N players withdraw / take one bye),
          HighestRating, LowestRating (ratings drawn between them),
          PointsForWin, PointsForDraw, PointsForLoss, PointsForZPB, PointsForForfeitLoss, PointsForPAB.

        FIDE model keys (any of them selects it; 0 = none):
          FullPointByeRate=N, ZeroPointByeRate=N (players/N players take one such bye),
          DoubleForfeitRate=N (1 game in N is 0F-0F), OddResultRate=N (1 game in N: 1/2-0, 0-1/2 or 0-0),
          BakuAcceleration=1 (C.04.7), TieBreaks=BH/C1,BH,SB,DE (the 202 list),
          Ratings=2400,2310,1980 (one per player; 0 unrated),
          PointsForForfeitWin, PointsForFPB, PointsForHPB, Model=FIDE or BBP.

        The FIDE model draws results from FIDE's rating table (B.02 8.1.2, 400-point rule);
        ranges and details: docs/acceptance/generator.md.

        Examples:

          arbitro generate --dutch cfg.txt -o g.trf            (a fresh seed, printed)

          arbitro generate --dutch cfg.txt -o g.trf -s 1234   (repeat that run)

          arbitro generate --dutch cfg.txt -o g.trf -s 1234 --model bbp   (bbpPairings' generator model)

          arbitro generate --burstein cfg.txt -o b.trf -s 7

        Exit codes (as bbpPairings): 0 written, 3 invalid input (configuration or options).
        """
        import re
        import secrets

        from arbitro.standings.check import rank_final
        from arbitro.trf import write_trf

        given = [(registry.get(k), f) for k, f in files.items() if f is not None]
        if len(given) > 1:
            raise ArbitroError("give at most one generator configuration", exit_code=INVALID)
        system, config = given[0] if given else (generable[0], None)
        declared = _given_settings(system, settings)
        if model is not None and model.lower() not in ("fide", "bbp"):
            raise ArbitroError(f"--model: expected fide or bbp, got {model!r}", exit_code=INVALID)
        text = ""
        if config is not None:
            from arbitro.trf.files import read_input

            try:  # a regular file of at most 1 MB (limits.md)
                text = read_input(config, 1024 * 1024, "configuration file").decode("utf-8")
            except UnicodeDecodeError:
                raise ArbitroError(f"{config}: not UTF-8 text", exit_code=INVALID) from None
            except ArbitroError as exc:
                raise ArbitroError(str(exc), exit_code=INVALID) from None
        if seed is None:  # VCL4THP Q30: a new run without a seed is a new tournament
            seed = secrets.randbelow(10**12)
        if model is not None:
            text += f"\nModel={model.upper()}\n"  # the last Model line wins
        elif not re.search(r"(?m)^\s*Model\s*=", text):  # the command line's default: the FIDE model
            text += "\nModel=FIDE\n"
        console = Console(stderr=True)
        with Progress(transient=True, console=console, disable=not console.is_terminal) as bar:
            task = bar.add_task("generating", total=None)
            t = system.generate(
                text,
                seed,
                _options(bbp, given=declared),
                lambda r, total: bar.update(task, completed=r, total=total),
                source=str(config) if config is not None else "<config>",
            )
        rank_final(t, system.games_per_round)  # 202 and final ranks (VCL4THP Q31)
        repeat = f"-s {seed}" + (f" --model {model.lower()}" if model else "")  # the same config file too
        t.comments.insert(0, f"arbitro generate {system.flag}: seed {seed} (repeat with {repeat})")
        write_trf(t, out, "trf26")
        typer.echo(
            f"{out}: {len(t.players)} players, {t.total_rounds} rounds (seed {seed}; repeat with {repeat})"
        )
        return 0

    app.command("pair")(
        _with_systems(pair_cmd, pairable, lambda s: f"TRF file to pair: {s.label}.", pair_settings)
    )
    app.command("check")(
        _with_systems(check_cmd, checkable, lambda s: f"TRF file to check: {s.label}.", check_settings)
    )
    app.command("generate")(
        _with_systems(
            generate_cmd,
            generable,
            lambda s: f"Generator configuration (Key=Value lines): {s.label}.",
            generate_settings,
        )
    )
