"""The fast start-up path of ``arbitro pair`` and ``arbitro check`` (issue 16).

Front ends call ``arbitro pair --dutch FILE -p [OUT]`` once per round, like
bbpPairings; importing Typer, Click and Rich costs more than pairing 100
players. :func:`try_fast` reads the few options of these two commands itself
and runs the same command bodies as the Typer commands
(:func:`arbitro.cli.pair.pair_command`, :func:`~arbitro.cli.pair.check_command`).
Anything it does not recognise (``--help``, an unknown or repeated option, a
missing value) returns ``None`` and the caller builds the Typer application,
which gives the usual help and usage errors. The command lines it accepts
mean exactly what they mean to Typer.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["try_fast"]

_PAIR_VALUES = {"--dutch", "--round-robin"}
_PAIR_FLAGS = {"-p", "--json", "--bbp-compat", "--add-round", "--full-search"}
_CHECK_VALUES = {"--dutch"}
_CHECK_FLAGS = {"--strict", "--bbp-compat", "--full-search"}


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


def try_fast(argv: list[str]) -> int | None:
    """Run ``pair``/``check`` without Typer; ``None`` when the command line needs Typer."""
    if not argv or argv[0] not in ("pair", "check"):
        return None
    from arbitro.cli import pair

    if argv[0] == "pair":
        parsed = _parse(argv[1:], _PAIR_VALUES, _PAIR_FLAGS, 1)
        if parsed is None:
            return None
        opts, flags, pos = parsed
        dutch = opts.get("--dutch")
        rr = opts.get("--round-robin")
        return pair.pair_command(
            Path(pos[0]) if pos else None,
            Path(dutch) if dutch is not None else None,
            Path(rr) if rr is not None else None,
            "--json" in flags,
            "--bbp-compat" in flags,
            "--add-round" in flags,
            "--full-search" in flags,
        )
    parsed = _parse(argv[1:], _CHECK_VALUES, _CHECK_FLAGS, 0)
    if parsed is None or "--dutch" not in parsed[0]:
        return None
    opts, flags, _ = parsed
    return pair.check_command(
        Path(opts["--dutch"]), "--strict" in flags, "--bbp-compat" in flags, "--full-search" in flags
    )
