"""The fast start-up path of ``arbitro pair --dutch`` (issue 16).

Front ends call ``arbitro pair --dutch FILE -p [OUT]`` once per round, like
bbpPairings; importing Typer, Click and Rich costs more than pairing 100
players. :func:`try_fast` reads the few options of that command itself and
runs :func:`pair_file`, the body of the ``pair`` command that the Typer
command (:mod:`arbitro.cli.pair`) calls too, with the Dutch engine; other
systems and ``check`` go to Typer.
Anything it does not recognise (``--help``, an unknown or repeated option, a
missing value) returns ``None`` and the caller builds the Typer application,
which gives the usual help and usage errors. The command lines it accepts
mean exactly what they mean to Typer.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from arbitro.model import Tournament
    from arbitro.pairing.types import RoundPairing

__all__ = ["pair_file", "try_fast"]

_PAIR_VALUES = {"--dutch"}
_PAIR_FLAGS = {"-p", "--json", "--bbp-compat", "--add-round", "--full-search", "--literal-tpn"}


def _parse(
    args: list[str], values: set[str], flags: set[str], max_positional: int
) -> tuple[dict[str, str], set[str], list[str]] | None:
    opts: dict[str, str] = {}
    seen: set[str] = set()
    positional: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--":
            positional.extend(args[i + 1 :])
            break
        if a.startswith("-") and a != "-":
            name, eq, value = a.partition("=")
            if name in values:
                if not eq:
                    if i + 1 >= len(args):
                        return None
                    i += 1
                    value = args[i]
                if name in opts:
                    return None
                opts[name] = value
            elif name in flags and not eq:
                seen.add(name)
            else:
                return None
        else:
            positional.append(a)
        i += 1
    if len(positional) > max_positional:
        return None
    return opts, seen, positional


def pair_file(
    source: Path,
    output: Path | None,
    as_json: bool,
    add_round: bool,
    pair: Callable[[Tournament], RoundPairing],
) -> int:
    """The body of ``arbitro pair`` for every system, written once (the Typer command calls it too).

    Reads ``source``, refuses a round beyond the declared ones unless
    ``add_round``, pairs the next round with ``pair`` and writes the boards in
    bbpPairings' format (or JSON) to ``output`` or standard output. Exit codes
    as bbpPairings: 0 paired, 1 no valid pairing, 3 invalid input.
    """
    from arbitro.cli.pair_common import INVALID, check_round_count, load, out, pairing_json, provisional_draws
    from arbitro.errors import ArbitroError
    from arbitro.pairing.types import NoValidPairing

    t = load(source)
    check_round_count(t, source, add_round)
    try:
        pairing = pair(provisional_draws(t))  # an adjourned game (``?``): a draw for pairing only (VCL4THP Q167)
    except NoValidPairing as exc:
        out(f"arbitro: no valid pairing: {exc}", err=True)
        return 1
    except ArbitroError as exc:
        raise ArbitroError(str(exc), exit_code=INVALID) from None
    except ValueError as exc:
        raise ArbitroError(f"{source}: {exc}", exit_code=INVALID) from None
    text = pairing_json(pairing) if as_json else "\n".join(pairing.as_bbp_lines())
    if output is not None:
        from arbitro.trf import atomic_write_text

        atomic_write_text(output, text + "\n")
    else:
        out(text)
    return 0


def _pair_dutch(
    output: Path | None, dutch: Path, as_json: bool, bbp: bool, add_round: bool, full: bool, literal: bool = False
) -> int:
    """``arbitro pair --dutch``: :func:`pair_file` with the Dutch engine, without the registry."""
    from arbitro.cli.pair_common import options
    from arbitro.pairing.dutch import pair_round

    return pair_file(
        dutch, output, as_json, add_round, lambda t: pair_round(t, None, options(bbp, full, literal and not bbp))
    )


def try_fast(argv: list[str]) -> int | None:
    """Run ``pair --dutch`` without Typer; ``None`` when the command line needs Typer."""
    if not argv or argv[0] != "pair":
        return None
    parsed = _parse(argv[1:], _PAIR_VALUES, _PAIR_FLAGS, 1)
    if parsed is None or "--dutch" not in parsed[0]:
        return None
    opts, flags, pos = parsed
    return _pair_dutch(
        Path(pos[0]) if pos else None,
        Path(opts["--dutch"]),
        "--json" in flags,
        "--bbp-compat" in flags,
        "--add-round" in flags,
        "--full-search" in flags,
        "--literal-tpn" in flags,
    )
