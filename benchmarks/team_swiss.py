"""Benchmark: Team Swiss (C.04.6) rounds of 200 teams, and team standings of 200 teams x 9 rounds (issue 18).

Targets: one round < 1 s; standings with every team tie-break < 1 s.
Builds a 200-team, 4-board, 9-round event with the generator (forfeited boards and
matches included), then times, in CPU seconds (process time; the machine may be shared):

* the pairing of every round 1..9 from the event's history (median and maximum);
* the standings with all team tie-breaks (median of 5 runs).

    .venv/bin/python benchmarks/team_swiss.py [TEAMS] [ROUNDS]
"""

from __future__ import annotations

import statistics
import sys
import time
from dataclasses import replace

from arbitro.teams import results
from arbitro.teams.generator import GeneratorConfig, generate
from arbitro.teams.standings import team_standings
from arbitro.teams.swiss import pair_round

ALL = ["MPTS", "GPTS", "MPVGP", "BH:MP", "BH:GP", "BH:MP/C1", "BH:GP/C1", "BH:MP/M1", "FB:MP", "AOB:MP", "SB:MP", "SB:GP",
       "ESB", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "DE", "WIN", "WON", "PS", "BC", "TBR", "BBE", "SSSC"]  # fmt: skip


def main(argv: list[str]) -> None:
    teams = int(argv[0]) if argv else 200
    rounds = int(argv[1]) if len(argv) > 1 else 9
    start = time.process_time()
    event = generate(GeneratorConfig(teams=teams, boards=4, reserves=1, rounds=rounds, seed=2026, board_forfeit=0.01, match_forfeit=0.005))
    print(f"generated {teams} teams x {event.played_rounds()} rounds in {time.process_time() - start:.2f} s CPU")
    times = []
    for rnd in range(1, event.played_rounds() + 1):
        before = replace(event, matches=[m for m in event.matches if m.round < rnd], byes=[b for b in event.byes if b.round < rnd])
        results._CACHE.clear()  # cold: as a fresh command would run
        t0 = time.process_time()
        pair_round(before, rnd)
        times.append(time.process_time() - t0)
        print(f"  round {rnd}: {times[-1]:.3f} s CPU")
    print(f"pairing a round: median {statistics.median(times):.3f} s, max {max(times):.3f} s CPU (target < 1 s)")
    runs = []
    for _ in range(5):
        results._CACHE.clear()
        t0 = time.process_time()
        team_standings(event, ALL)
        runs.append(time.process_time() - t0)
    print(f"standings with {len(ALL)} tie-breaks: median {statistics.median(runs):.3f} s CPU (target < 1 s)")


if __name__ == "__main__":
    main(sys.argv[1:])
