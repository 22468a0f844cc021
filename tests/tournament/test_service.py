"""The tournament service: commands, validation, event replay."""

from __future__ import annotations

import copy

import pytest

from arbitro.errors import ArbitroError
from arbitro.model import ResultCode
from arbitro.tournament import (
    ByeLimits,
    Event,
    TournamentService,
    event_from_json,
    event_to_json,
    replay,
)

from .conftest import fixed_clock


def test_round_robin_lots_are_reproducible_from_the_recorded_seed(rr7: TournamentService) -> None:
    (event,) = rr7.assign_pairing_numbers(seed=42)
    assert event.payload["seed"] == 42 and event.payload["method"] == "lots"
    other = TournamentService(rr7.events[:-1], clock=fixed_clock())
    other.assign_pairing_numbers(seed=42)
    assert other.events[-1].payload["order"] == event.payload["order"]
    assert rr7.state.header.rounds == 14  # 7 players: table of 8, two cycles


def test_c05_berger_rounds_and_free_round(rr7: TournamentService) -> None:
    rr7.assign_pairing_numbers(seed=1)
    rr7.pair_next_round()
    rnd = rr7.state.round(1)
    assert [(g.white, g.black) for g in rnd.boards] == [(2, 7), (3, 6), (4, 5)]
    assert rnd.bye == 1  # 1-8 in the table for 8: 8 is the free round
    for board in range(1, 4):
        rr7.enter_result(board, "1-0")
    t = rr7.state.to_tournament()
    assert t.player(1).results[0].code is ResultCode.ZERO_BYE
    assert t.system == "FIDE_DOUBLEROUNDROBIN" and t.rounds == 14


def test_pairing_refused_while_results_missing_and_nothing_changes(rr7: TournamentService) -> None:
    rr7.pair_next_round(seed=3)
    rr7.enter_result(1, "1-0")
    before = (len(rr7.events), copy.deepcopy(rr7.state))
    with pytest.raises(ArbitroError, match=r"round 1 is not complete: no result yet on board\(s\) 2, 3"):
        rr7.pair_next_round()
    assert (len(rr7.events), rr7.state) == before


def test_result_for_unknown_board_is_refused(rr7: TournamentService) -> None:
    rr7.pair_next_round(seed=3)
    n = len(rr7.events)
    with pytest.raises(ArbitroError, match="round 1 has boards 1-3; there is no board 7"):
        rr7.enter_result(7, "1-0")
    assert len(rr7.events) == n


def test_vcl13_vcl14_results_in_fide_mode(rr7: TournamentService) -> None:
    rr7.pair_next_round(seed=3)
    with pytest.raises(ArbitroError, match="VCL.13"):
        rr7.enter_result(1, "1-1")
    with pytest.raises(ArbitroError, match="VCL.14"):
        rr7.enter_result(1, "1F-½")
    rr7.enter_result(1, "½-0")  # unusual, allowed
    rr7.enter_result(2, "0F-0F")
    rr7.enter_result(3, "+-")
    games = rr7.state.round(1).boards
    assert (games[0].white_code, games[0].black_code) == (ResultCode.DRAW, ResultCode.LOSS)
    assert (games[1].white_code, games[1].black_code) == (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_LOSS)
    with pytest.raises(ArbitroError, match="already has"):
        rr7.enter_result(3, "1-0")
    rr7.correct_result(3, "0-1", reason="scoresheet")
    assert rr7.state.round(1).boards[2].black_code is ResultCode.WIN
    assert rr7.events[-1].payload["previous"] == ["+", "-"]


def test_leaving_fide_mode_needs_confirmation_and_is_written_into_the_trf(rr7: TournamentService) -> None:
    with pytest.raises(ArbitroError, match="confirm"):
        rr7.leave_fide_mode()
    assert rr7.state.fide_mode
    with pytest.raises(ArbitroError, match="confirm a second time"):  # Level 4: the first step only warns
        rr7.leave_fide_mode(confirm=True, reason="club rules")
    assert rr7.state.fide_mode
    rr7.leave_fide_mode(confirm=True, reason="club rules", token=rr7.fide_exit_token())
    assert not rr7.state.fide_mode
    assert any("FIDE mode left" in c and "club rules" in c for c in rr7.state.to_tournament().comments)
    with pytest.raises(ArbitroError, match="already left"):
        rr7.leave_fide_mode(confirm=True)
    rr7.pair_next_round(seed=1)
    rr7.enter_result(1, "1-1")  # allowed outside FIDE mode


def test_manual_change_is_logged_as_mpa(rr7: TournamentService) -> None:
    rr7.pair_next_round(seed=1)
    rr7.publish_round()
    with pytest.raises(ArbitroError, match="C.04.2 4.4"):
        rr7.change_pairing([(7, 2), (3, 6), (4, 5)], bye=1)
    rr7.change_pairing([(7, 2), (3, 6), (4, 5)], bye=1, reason="colour agreed")
    comments = rr7.state.to_tournament(include_pending=True).comments
    assert comments == ["MPA @ Round 1: engine 2-7; manual 7-2; by IA Test; reason: colour agreed"]
    with pytest.raises(ArbitroError, match="left without a game"):
        rr7.change_pairing([(7, 2), (3, 6)], bye=1, reason="x")


def test_event_log_round_trips_through_json_and_replays(rr7: TournamentService) -> None:
    rr7.pair_next_round(seed=9)
    for board in range(1, 4):
        rr7.enter_result(board, "½-½")
    lines = [event_to_json(e) for e in rr7.events]
    events = [event_from_json(line) for line in lines]
    assert events == list(rr7.events)
    assert replay(events) == rr7.state
    assert replay(events[:-1]).round(1).boards[2].white_code is None  # an earlier state


def test_unknown_event_kind_is_refused() -> None:
    with pytest.raises(ArbitroError, match="unknown event kind"):
        Event("teleport", {})


def test_bye_limits_and_deadline() -> None:
    svc = TournamentService(clock=fixed_clock())
    svc.create(name="Open", rounds=7, bye_limits=ByeLimits(max_half_point_byes=2, request_before_round=4))
    for i in range(6):
        svc.register_player(f"Player {i}", rating=2000 - i)
    svc.request_bye(3, 2)
    svc.request_bye(3, 5, confirm=True)  # the second half-point bye: Level 3 (VCL4THP Q174)
    with pytest.raises(ArbitroError, match="at most 2 half-point byes"):
        svc.request_bye(3, 6)
    assert svc.state.to_tournament().byes_for_round(2) == {3: "H"}


def test_bye_requested_after_the_deadline_is_refused() -> None:
    def engine(t, r):  # pairs the players present in start-rank order
        from arbitro.pairing.types import Board, RoundPairing

        absent = t.byes_for_round(r)
        present = [p for p in sorted(t.players) if p not in absent]
        bye = present.pop() if len(present) % 2 else None
        return RoundPairing(r, tuple(Board(a, b) for a, b in zip(present[::2], present[1::2], strict=True)), bye)

    svc = TournamentService(clock=fixed_clock(), engine=engine)
    svc.create(name="Open", rounds=5, bye_limits=ByeLimits(request_before_round=2))
    for i in range(5):
        svc.register_player(f"Player {i}", rating=2000 - i)
    svc.request_bye(2, 3, "Z")
    svc.pair_next_round(seed=5)
    assert svc.state.round(1).bye == 5
    for board in (1, 2):
        svc.enter_result(board, "1-0")
    svc.pair_next_round()
    n = len(svc.events)
    with pytest.raises(ArbitroError, match="deadline has passed"):
        svc.request_bye(1, 4)
    assert len(svc.events) == n
    svc.withdraw(4)
    assert svc.state.withdrawn == {4: 3}


def test_round_robin_refuses_requested_byes(rr7: TournamentService) -> None:
    with pytest.raises(ArbitroError, match="forfeit"):
        rr7.request_bye(1, 1)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"name": " "}, "needs a name"),
        ({"name": "X", "system": "swiss"}, "system: expected one of"),
        ({"name": "X", "rounds": 0}, "C.04.1 art. 1"),
        ({"name": "X", "system": "round_robin", "rounds": 5}, "follow from the number of players"),
        ({"name": "X", "rounds": 5, "start_date": "2026/12/01"}, "start date: expected YYYY-MM-DD"),
        ({"name": "X", "rounds": 5, "start_date": "2026-12-05", "end_date": "2026-12-01"}, "before the start date"),
        ({"name": "X", "rounds": 5, "scoring": {"win": "3", "draw": "2"}}, "two draws worth more"),
        ({"name": "X", "rounds": 5, "scoring": {"wins": "3"}}, "unknown field"),
        ({"name": "X", "rounds": 5, "scoring": {"win": "three"}}, "expected a number"),
        ({"name": "X", "rounds": 5, "initial_colour": "white"}, "initial colour"),
    ],
)
def test_create_refuses_bad_settings(kwargs: dict, message: str) -> None:
    svc = TournamentService()
    with pytest.raises(ArbitroError, match=message):
        svc.create(**kwargs)
    assert svc.events == () and not svc.state.created


def test_three_one_zero_scoring_is_accepted_in_fide_mode() -> None:
    svc = TournamentService()
    svc.create(name="Football", rounds=5, scoring={"win": "3", "draw": "1", "forfeit_win": "3", "full_bye": "3", "pairing_bye": "3"})
    assert svc.state.to_tournament().scoring.win == 3


def test_c07_tiebreak_list_is_checked_and_buchholz_refused_in_a_round_robin() -> None:
    with pytest.raises(ArbitroError, match="Buchholz family"):
        TournamentService().create(name="RR", system="round_robin", tiebreaks=["DE", "BH/C1"])
    with pytest.raises(ArbitroError):
        TournamentService().create(name="Open", rounds=5, tiebreaks=["NOPE"])
    svc = TournamentService()
    svc.create(name="Open", rounds=5, tiebreaks=["BH/C1", "BH", "SB"])
    assert svc.state.to_tournament().tiebreaks == ["BH/C1", "BH", "SB"]


def test_removal_before_round_1_closes_the_gap_and_redraws_a_round_robin(rr7: TournamentService) -> None:
    rr7.assign_pairing_numbers(seed=5)
    names = {p.start_rank: p.name for p in rr7.state.header.players.values()}
    events = rr7.remove_player(3, seed=6)
    assert [e.kind for e in events] == ["player_removed", "pairing_numbers_assigned"]  # 7 players: odd, redraw
    assert sorted(rr7.state.header.players) == list(range(1, 7))
    assert names[3] not in {p.name for p in rr7.state.header.players.values()}
    assert rr7.state.header.rounds == 10  # 6 players, two cycles of 5


def test_removing_the_last_number_of_an_even_round_robin_keeps_the_table(rr7: TournamentService) -> None:
    rr7.register_player("Extra, Player", rating=2000)
    rr7.assign_pairing_numbers(seed=5)
    before = {p.start_rank: p.name for p in rr7.state.header.players.values()}
    events = rr7.remove_player(8)
    assert [e.kind for e in events] == ["player_removed"]
    assert {p.start_rank: p.name for p in rr7.state.header.players.values()} == {k: v for k, v in before.items() if k != 8}


def test_removal_after_round_1_is_refused(rr7: TournamentService) -> None:
    rr7.pair_next_round(seed=1)
    with pytest.raises(ArbitroError, match="withdraw player 2 instead"):
        rr7.remove_player(2)
