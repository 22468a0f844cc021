"""Swiss lifecycle with a stand-in engine (the Dutch engine's own tests live elsewhere)."""

from __future__ import annotations

import pytest

from arbitro.errors import ArbitroError
from arbitro.model import Colour, ResultCode, Tournament
from arbitro.pairing.types import Board, RoundPairing
from arbitro.tournament import ByeLimits, TournamentService, replay

from .conftest import fixed_clock


def simple_engine(t: Tournament, r: int) -> RoundPairing:
    """Pairs the players present in start-rank order; the last one gets the bye."""
    absent = t.byes_for_round(r)
    present = [p for p in sorted(t.players) if p not in absent]
    bye = present.pop() if len(present) % 2 else None
    boards = tuple(Board(a, b) for a, b in zip(present[::2], present[1::2], strict=True))
    return RoundPairing(r, boards, bye, dict(absent))


def swiss(n: int = 9, rounds: int = 6, **limits: int) -> TournamentService:
    svc = TournamentService(author="IA Test", clock=fixed_clock(), engine=simple_engine)
    svc.create(name="Open", rounds=rounds, bye_limits=ByeLimits(**limits))
    for i in range(n):
        svc.register_player(f"Player {chr(65 + i)}", rating=2000 - 10 * i)
    svc.assign_pairing_numbers(seed=1)
    return svc


def finish_round(svc: TournamentService, result: str = "1-0") -> None:
    for board, game in enumerate(svc.state.round().boards, start=1):
        if not game.has_result:
            svc.enter_result(board, result)


def test_c04_2_2_3_numbers_by_rating_and_initial_colour_by_lot() -> None:
    svc = TournamentService(clock=fixed_clock())
    svc.create(name="Open", rounds=5)
    for i in range(9):
        svc.register_player(f"Player {chr(65 + i)}", rating=2000 + 10 * i)
    (event,) = svc.assign_pairing_numbers(seed=11)
    assert [svc.state.header.players[k].rating for k in (1, 2, 9)] == [2080, 2070, 2000]
    assert event.payload["initial_colour"] in ("w", "b") and event.payload["seed"] == 11
    assert svc.state.header.initial_colour is Colour(event.payload["initial_colour"])


def test_pab_requested_byes_and_withdrawals_in_the_trf_view() -> None:
    svc = swiss()
    svc.request_bye(3, 1, "H")
    svc.pair_next_round(seed=1)
    rnd = svc.state.round(1)
    assert rnd.unpaired == {3: "H"} and rnd.bye is None  # 8 present: no PAB
    svc.request_bye(2, 2, "Z")
    finish_round(svc)
    svc.withdraw(9)
    svc.pair_next_round()
    assert svc.state.round(2).unpaired == {2: "Z", 9: "Z"} and svc.state.round(2).bye == 8
    finish_round(svc, "½-½")
    t = svc.state.to_tournament()
    assert t.player(3).results[0].code is ResultCode.HALF_BYE
    assert t.player(8).results[1].code is ResultCode.PAIRING_BYE
    assert t.player(9).results[1].code is ResultCode.ZERO_BYE
    assert t.byes_for_round(3) == {9: "Z"}  # the withdrawn player is absent from the next round
    svc.request_bye(4, 5, "H")
    assert svc.state.to_tournament().byes_for_round(5) == {4: "H"}


def test_c04_2_2_4_late_entry_takes_its_place_and_missed_rounds_score_zero() -> None:
    svc = swiss(n=6)
    svc.pair_next_round(seed=1)
    finish_round(svc)
    number = svc.register_player("Strong, Late", rating=2500)
    assert number == 1
    st = svc.state
    assert st.round(1).unpaired == {1: "Z"}
    # everyone moved down by one, including the round-1 pairing
    assert [(g.white, g.black) for g in st.round(1).boards] == [(2, 3), (4, 5), (6, 7)]
    assert st.to_tournament().player(1).results[0].code is ResultCode.ZERO_BYE


def test_vcl09_no_renumbering_after_round_4() -> None:
    svc = swiss(n=6)
    for _ in range(4):
        svc.pair_next_round(seed=1)
        finish_round(svc)
    with pytest.raises(ArbitroError, match="C.04.2 2.3"):
        svc.assign_pairing_numbers()
    # a late entry still takes the number its rating earns (C.04.2 2.4, VCL4THP Q156; issue 34 changed
    # the old "next free number"): tests/tournament/test_pairing_numbers_q146_q156.py


def test_full_point_bye_warns_and_limits_count_taken_byes() -> None:
    svc = swiss(max_half_point_byes=1)
    svc.request_bye(1, 2, "F")
    assert svc.warnings and "deprecated" in svc.warnings[0]
    svc.request_bye(2, 1, "H")
    assert svc.warnings == []
    svc.pair_next_round(seed=2)
    with pytest.raises(ArbitroError, match="at most 1 half-point bye"):
        svc.request_bye(2, 3, "H")
    with pytest.raises(ArbitroError, match="already paired"):
        svc.request_bye(4, 1, "H")


def test_c04_1_manual_change_refuses_rematch_and_second_pab_in_fide_mode() -> None:
    svc = swiss(n=5)
    svc.pair_next_round(seed=3)  # 1-2 3-4, bye 5
    finish_round(svc)
    svc.pair_next_round()
    with pytest.raises(ArbitroError, match="C.04.1 art. 2"):
        svc.change_pairing([(2, 1), (3, 5)], bye=4)
    with pytest.raises(ArbitroError, match="C.04.1 art. 4"):
        svc.change_pairing([(1, 3), (2, 4)], bye=5)
    with pytest.raises(ArbitroError, match="more than once"):
        svc.change_pairing([(1, 3), (1, 4)], bye=5)
    svc.change_pairing([(1, 3), (2, 5)], bye=4)
    assert svc.state.to_tournament(include_pending=True).comments[-1].startswith("MPA @ Round 2: engine")
    svc.leave_fide_mode(confirm=True, token=svc.fide_exit_token())
    n = len(svc.events)
    svc.change_pairing([(2, 1), (3, 5)], bye=4, reason="club rules")  # allowed outside FIDE mode
    assert len(svc.events) == n + 1


def test_forfeit_is_no_meeting_so_a_manual_rematch_is_allowed() -> None:
    svc = swiss(n=4)
    svc.pair_next_round(seed=3)  # 1-2 3-4
    svc.enter_result(1, "1F-0F")
    svc.enter_result(2, "1-0")
    svc.pair_next_round()
    # 1-2 was forfeited, so it is no meeting (C.04.2 3.5); 3-4 was played: the rematch is refused
    with pytest.raises(ArbitroError, match="4 and 3 already played"):
        svc.change_pairing([(2, 1), (4, 3)])


def test_replay_of_every_prefix_is_consistent() -> None:
    svc = swiss(n=7)
    svc.request_bye(2, 2)
    for _ in range(3):
        svc.pair_next_round(seed=5)
        finish_round(svc, "0-1")
    # FIDE mode (VCL4THP Q189-Q192): round 1 is two rounds back, so it is corrected for the rating report only
    with pytest.raises(ArbitroError, match="older than the round before the last"):
        svc.correct_result(1, "½-½", round_number=1)
    svc.correct_result(1, "½-½", round_number=1, rating_report=True)
    svc.correct_result(1, "½-½", round_number=2)
    events = svc.events
    for k in range(1, len(events) + 1):
        replay(events[:k])
    assert replay(events) == svc.state


def test_prohibited_pairings_260_only_before_round_1_in_fide_mode() -> None:
    svc = swiss(n=6)
    svc.prohibit_pairing([1, 2])
    assert svc.state.to_tournament().prohibited_pairings[0].players == (1, 2)
    svc.pair_next_round()
    finish_round(svc)
    svc.pair_next_round()
    with pytest.raises(ArbitroError, match="leave FIDE mode first"):
        svc.prohibit_pairing([3, 4])
    with pytest.raises(ArbitroError, match="prohibited pairing"):
        svc.change_pairing([(2, 1), (3, 5), (4, 6)])
    svc.leave_fide_mode(confirm=True, token=svc.fide_exit_token())
    svc.prohibit_pairing([3, 4], first_round=3)
    assert len(svc.state.to_tournament().prohibited_pairings) == 2
    with pytest.raises(ArbitroError, match="at least two"):
        svc.prohibit_pairing([3, 3])


def test_a_second_half_point_bye_gives_a_warning() -> None:
    """The second half-point bye is a Level-3 question (VCL4THP Q174); once confirmed, the warning stays."""
    svc = swiss()
    svc.request_bye(4, 2)
    assert svc.warnings == []
    with pytest.raises(ArbitroError, match="confirm"):
        svc.request_bye(4, 3)
    svc.request_bye(4, 3, confirm=True)
    assert svc.warnings == ["player 4 already has 1 half-point bye (TEC checklist)"]


def test_c04_1_art_6_7_manual_change_warns_on_colours_and_the_arbiter_decides() -> None:
    """A manual pairing that gives a third White in a row (art. 7) or a colour difference of +3 (art. 6)
    is recorded with warnings naming the players (C.04.1 2026 lets a system make exceptions)."""
    svc = swiss(n=4)
    svc.pair_next_round(seed=3)  # 1-2 3-4
    finish_round(svc, "1/2-1/2")
    svc.pair_next_round()
    svc.change_pairing([(1, 3), (2, 4)])  # 1 White twice, 4 Black twice: within the limits
    assert svc.warnings == []
    finish_round(svc, "1/2-1/2")
    svc.pair_next_round()
    svc.change_pairing([(1, 4), (2, 3)], reason="")  # a draft: no reason needed
    codes = sorted((w.code, w.params["player"]) for w in svc.warnings)
    assert codes == [
        ("change.colour_difference", 1),
        ("change.colour_difference", 4),
        ("change.colour_three", 1),
        ("change.colour_three", 4),
    ]
    assert "gets White for the third time in a row (C.04.1 art. 7)" in svc.warnings[0] + svc.warnings[1]
    svc.change_pairing([(4, 1), (3, 2)])  # the arbiter reverses both boards: nothing to warn
    assert svc.warnings == []
    assert svc.state.round().boards[0].players == (4, 1)
