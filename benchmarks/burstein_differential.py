"""Differential test of the Burstein constructed groups against the full search (issue 17).

Usage: python benchmarks/burstein_differential.py [ROUNDS] [MAX_PLAYERS] [FIRST_SEED]
(defaults 5000, 80, 1; run it under ``nice -n 10``)

Generates random tournaments (sizes 4..MAX_PLAYERS, odd and even, 3-15 rounds, draws,
forfeits, withdrawals, half-point byes, 1-0.5-0 and 3-1-0 scoring, PAB worth 0 or 0.5 (``dutch_differential.config``), the 2026 rules' mode and
bbpPairings' reading) with the default Burstein engine (groups paired by construction where
certified, :func:`arbitro.pairing.burstein._constructed`), then re-pairs every round that the
Burstein engine pairs (after the seeding rounds, C.04.4.2 1.6) from its history with
``full_search=True`` and compares pairs, colours and the PAB. Stops once ROUNDS rounds have been
compared. Prints each difference (seed, round) and at the end the rounds compared, the
differences, the share of groups paired by construction and the CPU seconds of each path.
Exit 1 on any difference.
"""

from __future__ import annotations

import sys
import time
from dataclasses import replace

from dutch_differential import config as dutch_config
from dutch_differential import drive

import arbitro.pairing.burstein as burstein
from arbitro.pairing.burstein import BursteinOptions, pair_round, seeding_rounds
from arbitro.pairing.checker import recorded_pairing, same_pairing
from arbitro.pairing.dutch_state import DutchOptions
from arbitro.pairing.generator import GeneratorConfig, generate
from arbitro.pairing.types import NoValidPairing

GROUPS = [0, 0]  # groups tried by construction, groups constructed


def _counting() -> None:
    plain = burstein._constructed

    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        out = plain(*args, **kwargs)
        GROUPS[0] += 1
        GROUPS[1] += out is not None
        return out

    burstein._constructed = counted  # type: ignore[assignment]


def config(seed: int, max_players: int) -> tuple[GeneratorConfig, BursteinOptions]:
    """The tournament shape of ``seed``: that of the Dutch differential, bbp's reading where it uses bbp's."""
    cfg, dutch = dutch_config(seed, max_players)
    return cfg, BursteinOptions.bbp() if dutch == DutchOptions.bbp() else BursteinOptions()


def compare(seed: int, max_players: int) -> tuple[int, list[int], float, float]:
    """Rounds compared, rounds that differ, CPU seconds of the fast path and of the full search."""
    cfg, opts = config(seed, max_players)
    c0 = time.process_time()
    t = generate(cfg, seed, pair=lambda t, rnd: pair_round(t, rnd, opts), system="FIDE_BURSTEIN")
    fast_cpu = time.process_time() - c0
    t.rounds = int(cfg.values["RoundsNumber"])  # the generator shortens an event it cannot pair further
    first = 1 if opts.no_seeding_rounds else seeding_rounds(t.total_rounds) + 1
    full = replace(opts, full_search=True)
    bad: list[int] = []
    c0 = time.process_time()
    for rnd in range(first, t.played_rounds + 1):
        try:
            ref = pair_round(t, rnd, full)
        except NoValidPairing:
            bad.append(rnd)
            continue
        if not same_pairing(ref, recorded_pairing(t, rnd)):
            bad.append(rnd)
    return max(0, t.played_rounds - first + 1), bad, fast_cpu, time.process_time() - c0


def main(argv: list[str]) -> int:
    target = int(argv[0]) if argv else 5000
    max_players = int(argv[1]) if len(argv) > 1 else 80
    seed = int(argv[2]) if len(argv) > 2 else 1
    _counting()
    run = drive(compare, target, max_players, seed)
    print(
        f"{run.tournaments} tournaments (seeds up to {run.last_seed}), {run.rounds} Burstein rounds compared,"
        f" {len(run.diffs)} differences; groups by construction {GROUPS[1]} of {GROUPS[0]} tried;"
        f" CPU fast path {run.fast_cpu:.1f} s (generation, seeding rounds included), full search {run.full_cpu:.1f} s"
    )
    return 1 if run.diffs else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
