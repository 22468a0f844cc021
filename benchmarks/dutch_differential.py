"""Differential test of the Dutch fast path against the full search (issue 16).

Usage: python benchmarks/dutch_differential.py [ROUNDS] [MAX_PLAYERS] [FIRST_SEED]
(defaults 20000, 60, 1; run it under ``nice -n 10``)

Generates random tournaments (sizes 4..MAX_PLAYERS, odd and even, 3-15 rounds, draws,
forfeits, withdrawals, half-point byes, 1-0.5-0 and 3-1-0 scoring, the rules' mode and
bbpPairings' departures) with the default engine (the fast path), then re-pairs every round
from its history with ``full_search=True`` and compares pairs, colours and the PAB. Stops once
ROUNDS rounds have been compared. Prints each difference (seed, round), and at the end the
rounds compared, the differences and the CPU seconds of each path with their ratio. Exit 1 on
any difference.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from decimal import Decimal

from arbitro.pairing.checker import recorded_pairing, same_pairing
from arbitro.pairing.dutch import pair_round
from arbitro.pairing.dutch_state import DutchOptions
from arbitro.pairing.generator import GeneratorConfig, generate
from arbitro.pairing.types import NoValidPairing


def config(seed: int, max_players: int) -> tuple[GeneratorConfig, DutchOptions]:
    """The tournament shape of ``seed``: every axis varies with it."""
    rng = random.Random(seed * 7919)
    rounds = rng.randint(3, 15)
    players = rng.randint(4, max(4, max_players))
    values: dict[str, int | Decimal] = {
        "PlayersNumber": players,
        "RoundsNumber": rounds,
        "DrawPercentage": rng.randint(10, 50),
        "ForfeitRate": rng.randint(6, 40),
        "RetiredRate": rng.randint(4, 60),
        "HalfPointByeRate": rng.randint(4, 40),
    }
    if seed % 4 == 0:
        values.update(PointsForWin=Decimal(3), PointsForDraw=Decimal(1), PointsForPAB=Decimal(3))
    if seed % 7 == 0:
        values.update(PointsForPAB=Decimal(0) if seed % 2 else Decimal("0.5"))
    opts = DutchOptions.bbp() if seed % 3 == 0 else DutchOptions()
    return GeneratorConfig(values), opts


def compare(seed: int, max_players: int) -> tuple[int, list[int], float, float]:
    """Rounds compared, rounds that differ, CPU seconds of the fast path and of the full search."""
    cfg, opts = config(seed, max_players)
    c0 = time.process_time()
    t = generate(cfg, seed, opts)
    fast_cpu = time.process_time() - c0
    # The generator shortens the tournament when a round cannot be paired; the rounds before
    # it were paired as rounds of the planned length (C.04.3 1.8 depends on it).
    t.rounds = int(cfg.values["RoundsNumber"])
    full = replace(opts, full_search=True)
    bad: list[int] = []
    c0 = time.process_time()
    for rnd in range(1, t.played_rounds + 1):
        try:
            ref = pair_round(t, rnd, full)
        except NoValidPairing:
            bad.append(rnd)
            continue
        if not same_pairing(ref, recorded_pairing(t, rnd)):
            bad.append(rnd)
    return t.played_rounds, bad, fast_cpu, time.process_time() - c0


Compare = Callable[[int, int], tuple[int, list[int], float, float]]


@dataclass
class Run:
    """What a differential run compared: tournaments, rounds, the differing (seed, round), CPU."""

    tournaments: int = 0
    rounds: int = 0
    diffs: list[tuple[int, int]] = field(default_factory=list)
    fast_cpu: float = 0.0
    full_cpu: float = 0.0
    last_seed: int = 0


def drive(compare: Compare, target: int, max_players: int, seed: int) -> Run:
    """Compare tournaments from ``seed`` on until ``target`` rounds are compared; print each difference.

    ``compare(seed, max_players)`` pairs one generated tournament both ways and returns its rounds,
    the differing ones and the two CPU times (also used by ``burstein_differential``).
    """
    run = Run()
    while run.rounds < target:
        rounds, bad, fc, sc = compare(seed, max_players)
        run.rounds += rounds
        run.tournaments += 1
        run.fast_cpu += fc
        run.full_cpu += sc
        for rnd in bad:
            run.diffs.append((seed, rnd))
            print(f"DIFFERENCE seed {seed} round {rnd}", flush=True)
        if run.tournaments % 100 == 0:
            print(f"{run.tournaments} tournaments, {run.rounds} rounds, {len(run.diffs)} differences", flush=True)
        run.last_seed = seed
        seed += 1
    return run


def main(argv: list[str]) -> int:
    target = int(argv[0]) if argv else 20000
    max_players = int(argv[1]) if len(argv) > 1 else 60
    seed = int(argv[2]) if len(argv) > 2 else 1
    run = drive(compare, target, max_players, seed)
    ratio = run.full_cpu / run.fast_cpu if run.fast_cpu else float("nan")
    print(
        f"{run.tournaments} tournaments (seeds up to {run.last_seed}), {run.rounds} rounds compared,"
        f" {len(run.diffs)} differences;"
        f" CPU fast path {run.fast_cpu:.1f} s (generation included), full search {run.full_cpu:.1f} s,"
        f" full/fast {ratio:.2f}"
    )
    return 1 if run.diffs else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
