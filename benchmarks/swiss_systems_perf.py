"""CPU seconds of one 500-player round in each 2026 Swiss system other than Dutch (issue 17: goal < 1 s).

Usage: python benchmarks/swiss_systems_perf.py [--no-event] [burstein dubov lim double-swiss]

Burstein, Dubov and Lim pair round 2 of tests/fixtures/dutch-perf/n500-r2.trf
(500 players, one round played; for Burstein the event is declared as 3
rounds so that round 2 comes after the seeding round, C.04.4.2 1.6).
Double-Swiss pairs match 3 of a generated 500-player event (two matches
played). Prints process time (median of three runs) and wall time.

Then, per system, a generated 500-player 9-round event (``PlayersNumber=500``,
``RoundsNumber=9``, seed 1: what ``arbitro generate --<system> g.cfg -s 1`` writes;
Double-Swiss: 9 matches), each round paired in process as it is generated: the median
and the worst round's process time (later rounds are the slow ones; issue 17 asks for
every round under 1 s). ``--no-event`` skips that part.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from arbitro.model import Tournament
from arbitro.pairing import double_swiss
from arbitro.pairing.double_swiss_generator import generate_double_swiss
from arbitro.pairing.generator import GeneratorConfig, generate
from arbitro.pairing.registry import PairOptions, get
from arbitro.pairing.types import RoundPairing
from arbitro.trf import read_trf

N500 = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "dutch-perf" / "n500-r2.trf"


def _event(system: str) -> Tournament:
    if system == "double_swiss":
        cfg = GeneratorConfig(
            {"PlayersNumber": 500, "RoundsNumber": 2, "ForfeitRate": 20, "HalfPointByeRate": 50}
        )
        t = generate_double_swiss(cfg, 17)
        t.rounds = 18
        return t
    t = read_trf(N500)
    t.rounds = 3 if system == "burstein" else 9
    return t


def _event_rounds(key: str) -> list[float]:
    """Process seconds of each round of a generated 500-player 9-round event, paired as generated."""
    cfg = GeneratorConfig({"PlayersNumber": 500, "RoundsNumber": 9})
    system = get(key)
    times: list[float] = []

    def pair(t: Tournament, rnd: int) -> RoundPairing:
        c0 = time.process_time()
        if key == "double_swiss":
            p = double_swiss.pair_round(t, rnd)
        else:
            p = system.pair(t, rnd, PairOptions())
        times.append(time.process_time() - c0)
        return p

    generate(cfg, 1, None, pair=pair, system=system.trf_code, double=key == "double_swiss")
    return times


def main(argv: list[str]) -> int:
    event = "--no-event" not in argv
    argv = [a for a in argv if a != "--no-event"]
    wanted = [get(name).key for name in (argv or ["burstein", "dubov", "lim", "double-swiss"])]
    print(
        f"{'system':<14} {'players':>7} {'round':>5} {'cpu s (median of 3)':>20} {'wall s':>8} {'boards':>7}"
    )
    for key in wanted:
        system = get(key)
        t = _event(key)
        rnd = 3 if key == "double_swiss" else 2
        cpu: list[float] = []
        wall: list[float] = []
        boards = 0
        for _ in range(3):
            c0, w0 = time.process_time(), time.perf_counter()
            pairing = system.pair(t, rnd, PairOptions())
            cpu.append(time.process_time() - c0)
            wall.append(time.perf_counter() - w0)
            boards = len(pairing.boards)
        print(
            f"{key:<14} {len(t.players):>7} {rnd:>5} {statistics.median(cpu):>20.2f} "
            f"{statistics.median(wall):>8.2f} {boards:>7}"
        )
    if event:
        print()
        print(
            f"{'system':<14} {'generated 500 x 9':>17} {'median round s':>15} {'worst round s':>14} {'worst':>6}"
        )
        for key in wanted:
            times = _event_rounds(key)
            worst = max(range(len(times)), key=times.__getitem__)
            print(
                f"{key:<14} {len(times):>10} rounds {statistics.median(times):>15.2f} "
                f"{times[worst]:>14.2f} {worst + 1:>6}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
