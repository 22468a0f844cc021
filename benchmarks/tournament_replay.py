"""Cost of the tournament service itself (no pairing engine): commands, replay, TRF view.

    .venv/bin/python benchmarks/tournament_replay.py [PLAYERS] [ROUNDS]

A stand-in engine pairs players in pairing-number order, so the numbers measure the
event log and state handling only. Prints seconds per phase and per command.
"""

from __future__ import annotations

import itertools
import sys
import time

from arbitro.model import Tournament
from arbitro.pairing.types import Board, RoundPairing
from arbitro.tournament import TournamentService, event_from_json, event_to_json, replay


def engine(t: Tournament, r: int) -> RoundPairing:
    absent = t.byes_for_round(r)
    present = [p for p in sorted(t.players) if p not in absent]
    bye = present.pop() if len(present) % 2 else None
    return RoundPairing(r, tuple(Board(a, b) for a, b in zip(present[::2], present[1::2], strict=True)), bye)


def main() -> None:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 11
    tick = itertools.count()
    svc = TournamentService(clock=lambda: f"2026-11-30T10:00:{next(tick) % 60:02d}+00:00", engine=engine)
    svc.create(name="Bench", rounds=rounds)
    t0 = time.perf_counter()
    for i in range(players):
        svc.register_player(f"Player {i:04d}", rating=2600 - i)
    t_reg = time.perf_counter() - t0
    commands = 0
    t0 = time.perf_counter()
    for _ in range(rounds):
        svc.pair_next_round(seed=1)
        commands += 1
        for board in range(1, len(svc.state.round().boards) + 1):
            svc.enter_result(board, "1-0")
            commands += 1
    t_run = time.perf_counter() - t0
    events = svc.events
    t0 = time.perf_counter()
    lines = [event_to_json(e) for e in events]
    parsed = [event_from_json(line) for line in lines]
    t_json = time.perf_counter() - t0
    t0 = time.perf_counter()
    state = replay(parsed)
    t_replay = time.perf_counter() - t0
    t0 = time.perf_counter()
    state.to_tournament()
    t_view = time.perf_counter() - t0
    print(f"players={players} rounds={rounds} events={len(events)}")
    print(f"register: {t_reg:.3f} s ({t_reg / players * 1000:.2f} ms per player)")
    print(f"pair+results: {t_run:.3f} s for {commands} commands ({t_run / commands * 1000:.2f} ms per command)")
    print(f"json round trip of the log: {t_json:.3f} s")
    print(f"replay: {t_replay:.3f} s")
    print(f"TRF view (to_tournament): {t_view:.3f} s")


if __name__ == "__main__":
    main()
