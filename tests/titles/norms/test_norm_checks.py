"""Tournament checks of B.01 1.1 derived from TRF-2026 data (222, 132, 102/112, 142)."""

from __future__ import annotations

import datetime as dt

import pytest

from arbitro.model import Player, Tournament
from arbitro.titles.checks import (
    FAILED,
    NOT_DETERMINABLE,
    PASSED,
    check_arbiters_do_not_play,
    check_chief_arbiter,
    check_duration,
    check_hours_per_day,
    check_long_event,
    check_one_round_per_day,
    check_rounds,
    check_rounds_per_day,
    check_time_control,
    parse_time_control,
    tournament_checks,
)
from arbitro.titles.editions import get_edition

E24, E17, E05 = get_edition("2024"), get_edition("2017"), get_edition("2005")


def _days(*offsets: int, start: dt.date = dt.date(2024, 5, 1)) -> list[dt.date | None]:
    return [start + dt.timedelta(days=o) for o in offsets]


def _t(**kw: object) -> Tournament:
    t = Tournament(name="x", start_date=dt.date(2024, 5, 1))
    for k, v in kw.items():
        setattr(t, k, v)
    return t


def test_parse_time_control_periods_B01_1_1_3() -> None:
    tc = parse_time_control("40/6000+30:900+30")
    assert tc is not None and tc.base_for(60) == 6900 and tc.increments_for(60) == 1800 and tc.min_increment == 30
    assert parse_time_control("5400+30") is not None
    assert parse_time_control("W300-B240") is None


@pytest.mark.parametrize(
    ("edition", "code", "start", "status"),
    [
        (E24, "5400+30", dt.date(2024, 5, 1), PASSED),  # 90 min + 60 x 30 s = 120 min
        (E24, "4500+30", dt.date(2024, 5, 1), FAILED),  # 75 + 30 = 105 min
        (E24, "7200", dt.date(2024, 5, 1), PASSED),  # 2 h for 60 moves, as S6 reads 2024
        (E24, "6000", dt.date(2024, 5, 1), FAILED),  # 100 min
        (E24, "6000+20", dt.date(2024, 5, 1), PASSED),  # 100 min + 60 x 20 s = 120 min
        (E17, "5400+30", dt.date(2019, 5, 1), PASSED),  # base 90 min with 30 s
        (E17, "7200", dt.date(2019, 5, 1), PASSED),  # 2 h without increment before 1 Jul 2021
        (E17, "7200", dt.date(2021, 8, 1), FAILED),  # not valid from 1 Jul 2021
        (E05, "7200", dt.date(2006, 5, 1), FAILED),  # 2005: 2 h 30 without increment
        (E05, "9000", dt.date(2006, 5, 1), PASSED),
    ],
)
def test_time_control_by_edition_B01_1_1_3(edition: object, code: str, start: dt.date, status: str) -> None:
    t = _t(time_control_code=code, start_date=start)
    assert check_time_control(t, edition).status == status  # type: ignore[arg-type]


def test_time_control_not_determinable_without_222_B01_1_1_3() -> None:
    assert check_time_control(_t(), E24).status == NOT_DETERMINABLE


def test_two_rounds_per_day_at_most_B01_1_1_3() -> None:
    assert check_rounds_per_day(_t(round_dates=_days(0, 0, 1, 2)), E24).status == PASSED
    assert check_rounds_per_day(_t(round_dates=_days(0, 0, 0, 1)), E24).status == FAILED
    assert check_rounds_per_day(_t(), E24).status == NOT_DETERMINABLE


def test_one_round_per_day_on_three_days_B01_1_1_3a() -> None:
    assert check_one_round_per_day(_t(round_dates=_days(0, 1, 2)), E24).status == PASSED
    assert check_one_round_per_day(_t(round_dates=_days(0, 0, 1, 2)), E24).status == FAILED


def test_twelve_hours_per_day_B01_1_1_2() -> None:
    ok = _t(round_dates=_days(0, 0, 1), time_control_code="5400+30")  # 2 x 4 h = 8 h
    bad = _t(round_dates=_days(0, 0, 1), time_control_code="40/7200:3600+30")  # 2 x 2 x (3 h + 10 min) > 12 h
    assert check_hours_per_day(ok, E24).status == PASSED
    assert check_hours_per_day(bad, E24).status == FAILED


def test_duration_at_most_90_days_B01_2017_1_14() -> None:
    assert check_duration(_t(round_dates=_days(0, 30, 89)), E17).status == PASSED
    assert check_duration(_t(round_dates=_days(0, 30, 95)), E17).status == FAILED


def test_long_event_needs_ratings_per_game_B01_1_1_4() -> None:
    assert check_long_event(_t(round_dates=_days(0, 10, 29)), E24).status == PASSED
    assert check_long_event(_t(round_dates=_days(0, 10, 40)), E24).status == NOT_DETERMINABLE
    assert check_long_event(_t(round_dates=_days(0, 10, 40)), E17).status == PASSED  # 90 days in 2017


def test_chief_arbiter_ia_or_fa_B01_1_1_5() -> None:
    assert check_chief_arbiter(_t(chief_arbiter="IA Jane Roe (ESP)"), E24).status == PASSED
    assert check_chief_arbiter(_t(chief_arbiter="FA John Doe"), E24).status == PASSED
    assert check_chief_arbiter(_t(chief_arbiter="NA John Doe"), E24).status == FAILED
    assert check_chief_arbiter(_t(chief_arbiter="John Doe"), E24).status == NOT_DETERMINABLE
    assert check_chief_arbiter(_t(), E24).status == NOT_DETERMINABLE


def test_arbiter_may_not_play_B01_1_1_6() -> None:
    t = _t(chief_arbiter="IA Doe, John", deputy_arbiters=["FA Roe, Jane"])
    t.players[1] = Player(1, "Smith, Ann")
    assert check_arbiters_do_not_play(t, E24).status == PASSED
    t.players[2] = Player(2, "Roe, Jane")
    assert check_arbiters_do_not_play(t, E24).status == FAILED


def test_rounds_enough_for_a_norm_B01_1_4_1a() -> None:
    assert check_rounds(_t(rounds=9), E24).status == PASSED
    assert check_rounds(_t(rounds=7), E24).status == FAILED


def test_all_checks_have_a_status_B01_1_1() -> None:
    t = _t(rounds=9, round_dates=_days(*range(9)), time_control_code="5400+30", chief_arbiter="IA X", system="FIDE_DUTCH")
    checks = tournament_checks(t, E24)
    assert {c.check for c in checks} >= {"rounds", "rounds_per_day", "time_control", "duration", "chief_arbiter", "format"}
    assert all(c.status in (PASSED, FAILED, NOT_DETERMINABLE) for c in checks)


def test_2005_has_no_one_round_per_day_or_arbiter_playing_rule_B01_2005_1_1() -> None:
    t = _t(rounds=9, round_dates=_days(*range(9)), chief_arbiter="NA X")
    names = {c.check: c for c in tournament_checks(t, E05)}
    assert "one_round_per_day" not in names and "arbiters_do_not_play" not in names
    assert names["chief_arbiter"].status == NOT_DETERMINABLE  # 2005 1.16: may be supervised by an IA
    assert names["duration"].article == "B.01 1.15"


def test_rounds_for_team_championship_B01_1_4_1b() -> None:
    from arbitro.titles.norms import NormOptions

    t = _t(rounds=7)
    check = check_rounds(t, E24, NormOptions(event="team_championship"))
    assert check.status == PASSED and check.article == "B.01 1.4.1b"


def _open(n: int, rating: int, rounds: int, *, pab: bool = False, miss: int = 0) -> Tournament:
    from arbitro.model import ResultCode, RoundResult

    t = _t(rounds=rounds, system="FIDE_DUTCH", federation="ESP")
    for i in range(n):
        p = Player(i + 1, f"P{i}", rating=rating, federation="ESP")
        p.results = [RoundResult((i ^ 1) + 1, None, ResultCode.DRAW) for _ in range(rounds)]
        t.players[i + 1] = p
    if pab:
        t.players[1].results[0] = RoundResult(None, None, ResultCode.PAIRING_BYE)
    for p in list(t.players.values())[:miss]:
        p.results[0] = RoundResult(None, None, ResultCode.HALF_BYE)
        p.results[1] = RoundResult(None, None, ResultCode.HALF_BYE)
    return t


def test_qualifying_event_forty_players_average_2000_B01_1_5_6a() -> None:
    from arbitro.titles.checks import check_qualifying_event

    assert check_qualifying_event(_open(40, 2000, 9), E24).status == PASSED
    assert check_qualifying_event(_open(40, 1999, 9), E24).status == FAILED
    assert check_qualifying_event(_open(39, 2100, 9), E24).status == FAILED


def test_qualifying_event_every_round_and_pab_present_B01_1_5_6a() -> None:
    from arbitro.titles.checks import check_qualifying_event

    assert check_qualifying_event(_open(40, 2050, 9, pab=True), E24).status == PASSED
    assert check_qualifying_event(_open(41, 2050, 9, miss=2), E24).status == FAILED  # 39 count in rounds 1-2


def test_qualifying_event_not_a_round_robin_B01_1_5_6a() -> None:
    from arbitro.titles.checks import check_qualifying_event

    t = _open(40, 2100, 9)
    t.system = "BERGER_ROUNDROBIN"
    assert check_qualifying_event(t, E24).status == FAILED
