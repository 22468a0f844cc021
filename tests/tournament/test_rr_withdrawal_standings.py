"""A round robin leaves out of its standings a player withdrawn under half of his games (VCL4THP Q103).

FIDE Tournament Rules, the conduct of the players 4 (a)-(b) (old Handbook C.06 V.4 as mirrored;
the checklist calls it C.05; the article number in force is unverified): under 50 % of his games
completed, "his score remains in the tournament table (for rating and historical purposes), but
the points scored by him or against him are not counted in the final standings"; at 50 % or more
his results count (his unplayed games are forfeits).
"""

from __future__ import annotations

from decimal import Decimal

from arbitro.model import ResultCode
from arbitro.standings import compute_standings
from arbitro.standings.withdrawals import annulled_players, scheduled_games
from arbitro.tournament import TournamentService
from arbitro.trf import format_trf, parse_trf
from arbitro.views import crosstable, standings_table

from .conftest import fixed_clock


def _rr(players: int, withdraw: int, after: int, system: str = "round_robin") -> TournamentService:
    """A round robin where the lower pairing number wins every game; ``withdraw`` leaves after round ``after``."""
    svc = TournamentService(author="IA Test", clock=fixed_clock())
    svc.create(name="RR", system=system)
    for i in range(players):
        svc.register_player(f"Player, {chr(65 + i)}", rating=2400 - 20 * i)
    svc.assign_pairing_numbers(order=tuple(range(1, players + 1)))
    while svc.state.total_rounds is None or svc.state.paired_rounds < svc.state.total_rounds:
        if svc.state.paired_rounds == after:
            svc.withdraw(withdraw)
        svc.pair_next_round()
        for board, game in enumerate(svc.state.round().boards, start=1):
            if not game.has_result:
                svc.enter_result(board, "1-0" if game.white < game.black else "0-1")
    return svc


def test_vcl4thp_q103_c05_withdrawn_under_half_the_games_is_left_out_of_the_rr_standings() -> None:
    svc = _rr(8, withdraw=8, after=3)  # player 8 completes 3 of his 7 games, then withdraws
    t = svc.state.to_tournament()
    assert scheduled_games(t) == 7 and annulled_players(t) == [8]
    gone = t.players[8]
    assert sum(1 for r in gone.results if r.code.is_played) == 3
    beaten_him = [r.opponent for r in gone.results if r.code in (ResultCode.LOSS, ResultCode.FORFEIT_LOSS)]
    st = compute_standings(t, ["PTS", "SB", "WIN"])
    rows = {r.start_rank: r for r in st.rows}
    # the points scored against him count for nobody: everyone beat him (played or by forfeit)
    for p in beaten_him:
        assert p is not None
        assert rows[p].points == t.players[p].points - 1
    assert rows[1].points == Decimal(6) and rows[1].values["WIN"] == Decimal(6)
    # he is listed after everyone, without points or tie-breaks, on a rank of his own
    assert st.rows[-1].start_rank == 8 and st.rows[-1].annulled and st.rows[-1].rank == 8
    assert st.rows[-1].points == 0 and st.rows[-1].values["SB"] is None
    assert [r.rank for r in st.rows[:-1]] == list(range(1, 8)) and st.annulled == [8]
    assert st.as_dict()["annulled"] == [8] and "annulled" not in compute_standings(svc.state.to_tournament(), ["PTS"], round_robin=False).as_dict()
    line = standings_table(t, st).rows[-1]
    assert (line.rank_text, line.points_text, line.annulled) == ("-", "-", True)
    # the tournament table keeps his score and his games (rating and history): TRF 001 and the crosstable
    text = format_trf(svc.state.to_tournament(rating_report=True))
    parsed = parse_trf(text).tournament
    assert parsed.players[8].points == gone.points and parsed.players[1].points == Decimal(7)
    assert parsed.players[8].rank == 8
    # TRF has no withdrawal record: a ### line carries it, and the reader takes it back for the standings
    assert "### Withdrawn @ Round 4: player 8, 3 of 7 games played so far, under half: not counted in the standings (Q103)" in text
    assert parsed.withdrawals == {8: 4}
    again = compute_standings(parsed, ["PTS", "SB", "WIN"])
    assert [(r.start_rank, r.rank, r.points) for r in again.rows] == [(r.start_rank, r.rank, r.points) for r in st.rows]
    cross = crosstable(t, st, grid=True)
    assert next(r for r in cross.rows if r.player.start_rank == 1).points == Decimal(7)


def test_vcl4thp_q103_c05_withdrawn_with_at_least_half_the_games_counts() -> None:
    svc = _rr(6, withdraw=6, after=3)  # 3 of 5 games completed: 60 %
    t = svc.state.to_tournament()
    assert scheduled_games(t) == 5 and annulled_players(t) == []
    st = compute_standings(t)
    assert not any(r.annulled for r in st.rows) and st.row(1).points == Decimal(5)


def test_vcl4thp_q103_exactly_half_counts_and_a_double_round_robin_counts_both_cycles() -> None:
    svc = _rr(4, withdraw=4, after=3, system="double_round_robin")  # 3 of 6 games: exactly 50 %
    t = svc.state.to_tournament()
    assert scheduled_games(t) == 6 and annulled_players(t) == []
    svc = _rr(4, withdraw=4, after=2, system="double_round_robin")  # 2 of 6
    assert annulled_players(svc.state.to_tournament()) == [4]


def test_vcl4thp_q103_a_swiss_keeps_a_withdrawn_players_games() -> None:
    svc = TournamentService(author="IA Test", clock=fixed_clock())
    svc.create(name="Open", rounds=5)
    for i in range(6):
        svc.register_player(f"Player, {chr(65 + i)}", rating=2400 - 20 * i)
    svc.pair_next_round(seed=1)
    for board in range(1, 4):
        svc.enter_result(board, "1-0")
    svc.withdraw(6)
    t = svc.state.to_tournament()
    assert t.withdrawals == {6: 2}
    assert not any(r.annulled for r in compute_standings(t).rows)


def test_vcl4thp_q103_the_left_out_player_takes_no_prize() -> None:
    from arbitro.prizes import prizes_for
    from arbitro.prizes.model import Prize, PrizeGroup, PrizeList

    svc = _rr(8, withdraw=8, after=3)
    t = svc.state.to_tournament()
    places = tuple(Prize(place=i, cash=Decimal(10)) for i in range(1, 9))  # a prize for every place
    dist = prizes_for(t, PrizeList(groups=(PrizeGroup(name="general", prizes=places),)))
    assert {a.start_rank for a in dist.awards} == set(range(1, 8))
    assert ("general", 8) in dist.unawarded


def test_vcl4thp_q103_a_withdrawal_announced_for_a_later_round_counts_the_games_still_to_come() -> None:
    svc = TournamentService(author="IA Test", clock=fixed_clock())
    svc.create(name="RR", system="round_robin")
    for i in range(8):
        svc.register_player(f"Player, {chr(65 + i)}", rating=2400 - 20 * i)
    svc.pair_next_round(seed=1)
    for board in range(1, 5):
        svc.enter_result(board, "1-0")
    svc.withdraw(8, from_round=6)  # he will have played rounds 1-5: 5 of 7 games
    assert annulled_players(svc.state.to_tournament()) == []
    svc2 = TournamentService(svc.events[:-1], author="IA Test", clock=fixed_clock())
    svc2.withdraw(8, from_round=4)  # rounds 1-3: 3 of 7
    assert annulled_players(svc2.state.to_tournament()) == [8]
