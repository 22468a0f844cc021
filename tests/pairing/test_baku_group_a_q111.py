"""Baku group A frozen on the players of round 1 (C.04.7; 2017 C.04.5.1; VCL4THP Q111, issue 34 item 3)."""

from __future__ import annotations

from arbitro.model import ByeRequest, Colour, Player, ResultCode, RoundResult, Tournament
from arbitro.pairing.dutch_state import DutchOptions, baku_accelerations, baku_group_a, build_state
from arbitro.tournament import TournamentService


def _field(n: int, rounds: int = 9) -> Tournament:
    t = Tournament(rounds=rounds, initial_colour=Colour.WHITE, system="FIDE_DUTCH_BAKU")
    for i in range(1, n + 1):
        t.players[i] = Player(start_rank=i, name=f"P{i}", rating=2500 - 10 * i)
    return t


def _play(t: Tournament, white: int, black: int, code: ResultCode) -> None:
    t.players[white].results.append(RoundResult(black, Colour.WHITE, code))
    t.players[black].results.append(RoundResult(white, Colour.BLACK, code.mirrored))


def test_vcl4thp_Q111_baku_group_a_leaves_out_a_round_1_absentee_C0407() -> None:
    """C.04.7: group A is 2*ceil(N/4) of the players *to be paired* in round 1: player 2 is absent."""
    t = _field(10)
    t.requested_byes = [ByeRequest(round=1, kind="Z", start_rank=2)]
    # N = 9: 6 players of group A, the last of them player 7 (player 2, above it, is slotted in later)
    assert baku_group_a(t) == [1, 2, 3, 4, 5, 6, 7]
    accs = {p.id: p.acc for p in build_state(t, 1).players}
    assert accs[7] == 100 and accs[8] == 0 and 2 not in accs
    # bbpPairings (--bbp-compat): ceil(N/2) of every player of the file (dutch-system.md §6.1 #2)
    assert baku_group_a(t, DutchOptions.bbp()) == [1, 2, 3, 4, 5]


def test_vcl4thp_Q111_baku_group_a_frozen_the_last_ga_player_stays_after_a_late_entry_C0407() -> None:
    """2017 C.04.5.1 "Late entries": the last GA player stays the same; GA may become odd (Note 2)."""
    t = _field(9)
    # player 1 is a late entry, numbered 1 by rating (C.04.2 2.4) after round 1: it missed round 1
    t.players[1].results.append(RoundResult(None, None, ResultCode.ZERO_BYE))
    _play(t, 2, 6, ResultCode.WIN)
    _play(t, 7, 3, ResultCode.DRAW)
    _play(t, 4, 8, ResultCode.WIN)
    _play(t, 9, 5, ResultCode.LOSS)
    # round 1 had 8 players: group A was its first 4 (2, 3, 4, 5); the late entry ranks above them
    assert baku_group_a(t) == [1, 2, 3, 4, 5]
    points = baku_accelerations(t, DutchOptions())
    assert points[(5, 2)] == 1 and (6, 2) not in points and points[(1, 2)] == 1
    accs = {p.id: p.acc for p in build_state(t, 2).players}
    assert accs[5] == 200 and accs[6] == 0  # player 5 won in round 1 and keeps its virtual point
    # bbpPairings recomputes from the file: ceil(9/2) = 5 here too, by another count
    assert baku_group_a(t, DutchOptions.bbp()) == [1, 2, 3, 4, 5]


def test_vcl4thp_Q111_a_late_entry_below_the_last_ga_player_stays_in_group_b_C0407() -> None:
    t = _field(8)
    for w, b in ((1, 5), (6, 2), (3, 7), (8, 4)):
        _play(t, w, b, ResultCode.DRAW)
    t.players[9] = Player(start_rank=9, name="Late", rating=1000, results=[RoundResult(None, None, ResultCode.HALF_BYE)])
    assert baku_group_a(t) == [1, 2, 3, 4]  # 2*ceil(8/4); the old count gave 2*ceil(9/4) = 6
    assert baku_group_a(t, DutchOptions.bbp()) == [1, 2, 3, 4, 5]


def test_vcl4thp_Q111_the_tournament_writes_group_a_of_the_players_present_in_round_1_C0407() -> None:
    svc = TournamentService(author="IA Test")
    svc.create(name="Accelerated", rounds=9)
    svc.change_settings(acceleration="baku")
    for i in range(10):
        svc.register_player(f"Player {i + 1:02d}", rating=2400 - 10 * i)
    svc.assign_pairing_numbers(seed=3)
    svc.request_bye(2, 1, "Z")
    before = svc.state.to_tournament()
    assert {a.start_rank for a in before.accelerations if a.round == 1} == {1, 2, 3, 4, 5, 6, 7}
    svc.pair_next_round(seed=3)
    for board, _ in enumerate(svc.state.round().boards, start=1):
        svc.enter_result(board, "½-½")
    svc.register_player("Strong, Late", rating=2500)  # number 1; the last GA player (now 8) stays
    t = svc.state.to_tournament()
    assert {a.start_rank for a in t.accelerations if a.round == 2} == set(range(1, 9))
