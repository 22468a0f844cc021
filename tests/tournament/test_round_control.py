"""Undo and corrections in the core service (issue 15 item 2): unpairing the last round, ``###`` lines.

C.04.2 4.3 (corrections affect only pairings not yet made); the acceptance checklist's rule that
every arbiter intervention in FIDE mode is visible in the TRF as a ``###`` comment.
"""

from __future__ import annotations

import pytest

from arbitro.errors import ArbitroError
from arbitro.tournament import Event, TournamentService, event_from_json, event_to_json, replay
from arbitro.trf import format_trf

from .conftest import fixed_clock


def _swiss(players: int = 6) -> TournamentService:
    svc = TournamentService(author="IA Test", clock=fixed_clock())
    svc.create(name="Open", rounds=5)
    for i in range(players):
        svc.register_player(f"Player, {chr(65 + i)}", rating=2400 - 50 * i)
    return svc


def test_unpair_last_round_without_results_then_pair_again_gives_the_same_round() -> None:
    svc = _swiss()
    svc.pair_next_round(seed=1)
    first = [(g.white, g.black) for g in svc.state.round(1).boards]
    (event,) = svc.unpair_round(reason="wrong bye list")
    assert event.kind == "round_unpaired" and event.author == "IA Test"
    assert event.payload["round"] == 1 and event.payload["note"] == "Unpaired @ Round 1 by IA Test: wrong bye list"
    assert svc.state.paired_rounds == 0
    svc.pair_next_round()
    assert [(g.white, g.black) for g in svc.state.round(1).boards] == first
    assert replay(svc.events).paired_rounds == 1  # the log replays through the unpairing


def test_unpair_refused_once_a_result_of_the_round_is_entered_and_nothing_changes() -> None:
    svc = _swiss()
    svc.pair_next_round(seed=1)
    svc.enter_result(2, "1-0")
    n = len(svc.events)
    with pytest.raises(ArbitroError, match=r"unpair: round 1 already has results on board\(s\) 2"):
        svc.unpair_round()
    assert len(svc.events) == n and svc.state.paired_rounds == 1


def test_unpair_refused_in_a_finished_tournament_and_without_rounds() -> None:
    svc = _swiss()
    with pytest.raises(ArbitroError, match="no round has been paired yet"):
        svc.unpair_round()
    svc.pair_next_round(seed=1)
    for board in range(1, 4):
        svc.enter_result(board, "1-0")
    svc.finish()
    with pytest.raises(ArbitroError, match="finished; re-open it first"):
        svc.unpair_round()


def test_unpair_gives_back_the_requested_byes_of_the_round() -> None:
    svc = _swiss(7)
    svc.request_bye(7, 1, "H")
    svc.pair_next_round(seed=1)
    assert svc.state.round(1).unpaired == {7: "H"}
    assert (7, 1) not in svc.state.requested_byes
    svc.unpair_round()
    assert svc.state.requested_byes[(7, 1)] == "H"
    svc.pair_next_round()
    assert svc.state.round(1).unpaired == {7: "H"}


def test_only_the_last_round_can_be_unpaired_on_replay() -> None:
    svc = _swiss()
    svc.pair_next_round(seed=1)
    for board in range(1, 4):
        svc.enter_result(board, "1-0")
    svc.pair_next_round()
    bad = Event(kind="round_unpaired", payload={"round": 1})
    with pytest.raises(ArbitroError, match="only the last paired round"):
        replay([*svc.events, bad])


def test_c0402_4_3_correction_of_an_earlier_round_is_a_trf_comment_line_in_fide_mode() -> None:
    svc = _swiss()
    svc.pair_next_round(seed=1)
    for board in range(1, 4):
        svc.enter_result(board, "1-0")
    svc.pair_next_round()
    (event,) = svc.correct_result(2, "½-½", round_number=1, reason="score sheet")
    note = event.payload["note"]
    assert note == (
        "Correction @ Round 1 board 2: 1-0 -> 1/2-1/2 by IA Test; paired since on the old score: round 2: score sheet"
    )
    trf = format_trf(svc.state.to_tournament())
    assert f"### {note}" in trf.splitlines()
    assert event_from_json(event_to_json(event)).data == event.data


def test_correction_outside_fide_mode_writes_no_note_and_old_payloads_still_read() -> None:
    svc = _swiss()
    svc.leave_fide_mode(confirm=True, token=svc.fide_exit_token())
    svc.pair_next_round(seed=1)
    svc.enter_result(1, "1-0")
    (event,) = svc.correct_result(1, "0-1")
    assert "note" not in event.payload
    old = Event(kind="result_corrected", payload={"round": 1, "board": 1, "white": "0", "black": "1"})
    assert old.data.note == ""  # type: ignore[attr-defined]


def test_c04_5_unpairing_a_two_game_match_takes_back_both_games() -> None:
    from arbitro.pairing import registry

    two_games = next(s for s in registry.service_systems() if s.games_per_round == 2)
    svc = TournamentService(author="IA Test", clock=fixed_clock())
    svc.create(name="Matches", system=two_games.key, rounds=2)
    for i in range(6):
        svc.register_player(f"P{i:02d}, X", rating=2100 - 9 * i)
    svc.pair_next_round(seed=1)
    assert svc.state.paired_rounds == 2  # one match, two columns
    events = svc.unpair_round()
    assert [e.payload["round"] for e in events] == [2, 1] and svc.state.paired_rounds == 0
    svc.pair_next_round(seed=1)
    svc.enter_result(1, "1-0", round_number=1)
    with pytest.raises(ArbitroError, match=r"unpair: round 1 already has results on board\(s\) 1"):
        svc.unpair_round()
