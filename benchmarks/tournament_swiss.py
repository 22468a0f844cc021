"""A whole Swiss run through the tournament service with the Dutch engine.

    .venv/bin/python benchmarks/tournament_swiss.py [PLAYERS] [ROUNDS]

Registration, pairing every round with arbitro.pairing.dutch,
random results (seeded); prints the time of each pairing command and of the
service's own work (everything except the engine).
"""

from __future__ import annotations

import random
import sys
import time
from typing import Any

from arbitro.pairing.dutch import pair_round
from arbitro.tournament import TournamentService


def main() -> None:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 9
    rng = random.Random(players * 100 + rounds)
    engine_time = 0.0

    def engine(t: Any, r: int) -> Any:
        nonlocal engine_time
        t0 = time.perf_counter()
        try:
            return pair_round(t, r)
        finally:
            engine_time += time.perf_counter() - t0

    svc = TournamentService(engine=engine)
    t_all = time.perf_counter()
    svc.create(name="Bench Swiss", rounds=rounds)
    for i in range(players):
        svc.register_player(f"Player {i:04d}", rating=2700 - 3 * i - rng.randrange(3))
    for r in range(1, rounds + 1):
        t0 = time.perf_counter()
        svc.pair_next_round(seed=1)
        took = time.perf_counter() - t0
        boards = svc.state.round().boards
        for board in range(1, len(boards) + 1):
            svc.enter_result(board, rng.choice(["1-0", "½-½", "0-1"]))
        print(f"round {r}: {len(boards)} boards paired in {took:.3f} s")
    total = time.perf_counter() - t_all
    print(f"players={players} rounds={rounds} total {total:.2f} s, engine {engine_time:.2f} s, "
          f"service {total - engine_time:.2f} s, events {len(svc.events)}")


if __name__ == "__main__":
    main()
