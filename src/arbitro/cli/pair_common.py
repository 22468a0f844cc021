"""Helpers of ``arbitro pair``/``check`` that need neither Typer nor Rich (issue 16: start-up time).

Shared by the Typer commands (:mod:`arbitro.cli.pair`) and the fast start-up path
(:mod:`arbitro.cli.fast`).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from arbitro.errors import ArbitroError

if TYPE_CHECKING:
    from arbitro.model import Tournament
    from arbitro.pairing.dutch_state import DutchOptions
    from arbitro.pairing.types import RoundPairing

INVALID = 3


def load(path: Path) -> Tournament:
    """Read a TRF file; any problem is invalid input (exit code 3)."""
    from arbitro.trf import TrfError, load_trf

    try:
        result = load_trf(path)
    except OSError as exc:
        raise ArbitroError(
            f"{path}: cannot read the file ({exc.strerror or exc})", exit_code=INVALID
        ) from None
    except ArbitroError as exc:
        raise ArbitroError(str(exc), exit_code=INVALID) from None
    if not result.ok:  # one line: the first error and how many more (issue 21)
        raise ArbitroError(str(TrfError(result.diagnostics, result.error_count)), exit_code=INVALID)
    for d in result.warnings:
        if d.field == "file":  # a file that is not UTF-8, read as Latin-1: never silently (issue 38)
            sys.stderr.write(f"{d}\n")
    return result.tournament


def provisional_draws(t: Tournament) -> Tournament:
    """``t`` with each ``?`` game (adjourned or postponed, TRF-2026) read as a draw: the provisional
    score for pairing, and the only one (VCL4THP Q167). ``t`` itself is not changed."""
    import copy
    import dataclasses

    from arbitro.model import ResultCode

    if not any(r.code is ResultCode.UNKNOWN for p in t.players.values() for r in p.results):
        return t
    out = copy.copy(t)
    gain = t.scoring.draw - t.scoring.points(ResultCode.UNKNOWN)  # the points column follows
    out.players = {
        n: dataclasses.replace(
            p,
            results=[
                dataclasses.replace(r, code=ResultCode.DRAW) if r.code is ResultCode.UNKNOWN else r for r in p.results
            ],
            points=p.points + gain * sum(1 for r in p.results if r.code is ResultCode.UNKNOWN),
        )
        for n, p in t.players.items()
    }
    return out


def options(bbp: bool, full_search: bool = False, literal: bool = False) -> DutchOptions:
    """Rules or bbpPairings mode; the full search alone with ``--full-search`` or ARBITRO_DUTCH_FULL=1;
    ``literal``: the literal pairing-number parity (``--literal-tpn``, dutch-system.md §6.1 #3)."""
    import os
    from dataclasses import replace

    from arbitro.pairing.dutch_state import DutchOptions

    opts = DutchOptions.bbp() if bbp else DutchOptions.literal() if literal else DutchOptions()
    if full_search or os.environ.get("ARBITRO_DUTCH_FULL", "") not in ("", "0"):
        opts = replace(opts, full_search=True)
    return opts


def pairing_json(pairing: RoundPairing) -> str:
    import json

    data = {
        "round": pairing.round,
        "boards": [{"board": i, "white": b.white, "black": b.black} for i, b in enumerate(pairing.boards, 1)],
        "bye": pairing.bye,
        "unpaired": {str(k): v for k, v in pairing.unpaired.items()},
    }
    return json.dumps(data, indent=2)


def check_round_count(t: Tournament, source: Path, add_round: bool) -> None:
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


def out(text: str, err: bool = False) -> None:
    """One line on stdout (or stderr), like ``typer.echo`` but without importing Typer."""
    stream = sys.stderr if err else sys.stdout
    stream.write(text + "\n")
    stream.flush()
