"""Forecasts during a tournament: the result needed in the next paired round (B.01 1.4, 1.4.1e)."""

from __future__ import annotations

from typing import Any

from arbitro.model import ResultCode, RoundResult
from arbitro.titles.norms import forecast_norms
from arbitro.titles.norms.forecast import next_paired_round


def _paired_next(kit: Any, played: list[Any], rating: int = 2450, rounds: int = 11) -> Any:
    """``played`` rounds done, the next one paired against a fresh GM, no result yet."""
    t = kit.build([*played, kit.Opp("1", rating)], total_rounds=rounds)
    me, opp = t.players[1], t.players[len(played) + 2]
    me.results[-1] = RoundResult(opp.start_rank, me.results[-1].colour, ResultCode.NOT_PAIRED)
    opp.results[-1] = RoundResult(1, opp.results[-1].colour, ResultCode.NOT_PAIRED)
    return t


def test_win_needed_in_the_next_round_B01_1_4_8a(kit: Any) -> None:
    """5.5/8 against 2450: a draw gives 6/9 (Rp 2575), a win 6.5/9 (Rp 2608 >= 2600)."""
    t = _paired_next(kit, kit.games(8, 5.5, rating=2450))
    fc = {f.title: f for f in forecast_norms(t) if f.start_rank == 1}
    assert fc["GM"].needed == "a win" and fc["GM"].round == 9


def test_draw_enough_B01_1_4_8a(kit: Any) -> None:
    t = _paired_next(kit, kit.games(8, 6, rating=2450))
    fc = {f.title: f for f in forecast_norms(t) if f.start_rank == 1}
    assert fc["GM"].needed == "a draw or a win"


def test_any_result_when_already_secured_B01_1_4_1e(kit: Any) -> None:
    t = _paired_next(kit, kit.games(8, 7.5, rating=2500))
    fc = {f.title: f for f in forecast_norms(t) if f.start_rank == 1}
    assert fc["GM"].needed == "any result"


def test_no_forecast_when_no_result_makes_it_B01_1_4_8a(kit: Any) -> None:
    t = _paired_next(kit, kit.games(8, 3, rating=2450))
    assert not [f for f in forecast_norms(t) if f.start_rank == 1 and f.title == "GM"]


def test_unpaired_round_cannot_be_forecast_B01_1_4(kit: Any) -> None:
    t = kit.build(kit.games(8, 6, rating=2450), total_rounds=11)
    assert next_paired_round(t.players[1]) is None
    assert all(f.opponent is None for f in forecast_norms(t) if f.start_rank == 1)


def test_round_robin_forecast_only_for_the_last_round_B01_1_4_1e(kit: Any) -> None:
    t = _paired_next(kit, kit.games(8, 6, rating=2450), rounds=11)
    t.system = "BERGER_ROUNDROBIN"
    assert not [f for f in forecast_norms(t) if f.start_rank == 1 and f.opponent is not None]


def test_points_needed_from_remaining_rounds_B01_1_4_8a(kit: Any) -> None:
    """7 of 11 rounds played, 5/7 against 2450: 11 games need 8 (73 %, Rp 2616) -> 3 from the last 4."""
    t = kit.build(kit.games(7, 5, rating=2450), total_rounds=11)
    fc = {f.title: f for f in forecast_norms(t) if f.start_rank == 1}
    assert fc["GM"].opponent is None and fc["GM"].rounds_left == 4 and str(fc["GM"].points) == "3.0"


def test_no_forecast_when_remaining_rounds_cannot_suffice_B01_1_4_8a(kit: Any) -> None:
    t = kit.build(kit.games(7, 1, rating=2450), total_rounds=9)
    assert not [f for f in forecast_norms(t) if f.start_rank == 1 and f.title == "GM"]
