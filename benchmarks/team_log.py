"""Cost of the team desk's one replay (issue 18): a team Swiss log of N teams, R rounds, B boards
(every board result one event, as the desk writes them) replayed into the TeamEvent, and the
team standings of the result. Prints CPU seconds (medians of 5).

    PYTHONPATH=src python benchmarks/team_log.py [teams] [rounds] [boards]
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from arbitro.teams.standings import team_standings
from arbitro.tournament.team_log import TeamService, replay


def build(teams: int, rounds: int, boards: int) -> TeamService:
    s = TeamService()
    s.create("Bench", "team_swiss", boards, rounds)
    for t in range(1, teams + 1):
        s.register_team(f"T{t}", [{"name": f"P{t}.{i}", "rating": 2500 - t - i} for i in range(boards + 1)])
    rng = random.Random(1)
    for _ in range(rounds):
        rnd = s.pair_next_round()
        for w, _b in s.state.pairings[rnd]:
            for board in range(1, boards + 1):
                s.enter_board(rnd, w, board, rng.choice("1=0"))
    return s


def cpu(fn) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(5):
        t0 = time.process_time()
        fn()
        times.append(time.process_time() - t0)
    return statistics.median(times)


def main() -> None:
    teams, rounds, boards = (int(x) for x in (sys.argv[1:] + ["200", "9", "4"][len(sys.argv) - 1 :])[:3])
    t0 = time.process_time()
    s = build(teams, rounds, boards)
    built = time.process_time() - t0
    events = list(s.events)
    print(f"{teams} teams, {rounds} rounds, {boards} boards: {len(events)} events; built through the desk's commands in {built:.2f} s CPU")
    print(f"replay of the log:            {cpu(lambda: replay(events)):.3f} s CPU (median of 5)")
    st = replay(events)
    print(f"replay + TeamEvent:           {cpu(lambda: replay(events).to_event()):.3f} s CPU")
    ev = st.to_event()
    print(f"team standings (default TBs): {cpu(lambda: team_standings(ev)):.3f} s CPU")


if __name__ == "__main__":
    main()
