"""The state extended by results (``extended``): the same as the replay of the whole log (issue 19, load;
a FIDE-mode correction keeps its C.04.2 4.3 note)."""

from __future__ import annotations

from arbitro.tournament import Event, TournamentService, replay
from arbitro.tournament.state import extended

from .conftest import fixed_clock


def _swiss(players: int = 12) -> TournamentService:
    svc = TournamentService(author="IA Test", clock=fixed_clock())
    svc.create(name="Extended Open", system="dutch", rounds=5)
    for i in range(players):
        svc.register_player(f"Player{i:02d}, Test", rating=2300 - 10 * i)
    svc.pair_next_round(seed=1)
    return svc


def test_results_applied_to_the_earlier_state_equal_the_replay_and_leave_it_unchanged() -> None:
    svc = _swiss()
    before = replay(svc.events)
    snapshot = replay(svc.events)
    base = len(svc.events)
    svc.enter_result(1, "1-0")
    svc.enter_result(2, "½-½")
    svc.correct_result(1, "0-1", reason="scoresheet")
    new = extended(before, svc.events[base:])
    assert new is not None
    full = replay(svc.events)
    assert new.rounds == full.rounds and new.events_applied == full.events_applied == len(svc.events)
    assert new.to_tournament(include_pending=True) == full.to_tournament(include_pending=True)
    assert before.rounds == snapshot.rounds  # the earlier version's state (a cache entry) is not changed
    assert before.rounds[0].boards[0].white_code is None
    assert new.header.comments == full.header.comments and full.header.comments  # the C.04.2 4.3 note
    assert before.header.comments == snapshot.header.comments


def test_any_other_event_is_left_to_the_full_replay() -> None:
    svc = _swiss()
    for board in range(1, len(svc.state.round(1).boards) + 1):
        svc.enter_result(board, "1-0")
    before = replay(svc.events)
    base = len(svc.events)
    svc.pair_next_round(seed=1)
    assert extended(before, svc.events[base:]) is None
    bad = Event(kind="result_entered", payload={"round": 1, "board": 99, "white": "1", "black": "0"})
    assert extended(before, [bad]) is None  # the replay's own message for a board that is not there
