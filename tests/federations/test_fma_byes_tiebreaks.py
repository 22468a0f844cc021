"""FMA 4.2 half-point byes, 4.3 default time, 6.1 / 6.2 tie-break orders."""

from __future__ import annotations

import datetime as dt

import pytest

from arbitro.federations.fma.byes import (
    ByeRequest,
    audit_half_byes,
    check_bye_request,
    check_bye_requests,
    is_default,
)
from arbitro.federations.fma.formats import FormatKind
from arbitro.federations.fma.tiebreaks import ROUND_ROBIN, SWISS, codes_for, order_message
from arbitro.model import Player, ResultCode, RoundResult, Tournament


def test_fma_4_2_bye_granted_before_half_the_rounds() -> None:
    ok, m = check_bye_request(ByeRequest("P1", 4, played=3), "Ana", 7, FormatKind.SWISS, 0)
    assert ok and m.id == "bye.ok"


def test_fma_4_2_bye_refused_after_more_than_half_played() -> None:
    ok, m = check_bye_request(ByeRequest("P1", 6, played=4), "Ana", 7, FormatKind.SWISS, 0)
    assert not ok and m.id == "bye.too_late" and m.article == "FMA 4.2"


def test_fma_4_2_exactly_half_played_is_still_in_time() -> None:
    ok, _ = check_bye_request(ByeRequest("P1", 8, played=4), "Ana", 8, FormatKind.SWISS, 0)
    assert ok


def test_fma_4_2_at_most_two_half_point_byes() -> None:
    reqs = [ByeRequest("P1", 2, 0), ByeRequest("P1", 3, 1), ByeRequest("P1", 4, 2)]
    out = check_bye_requests(reqs, {"P1": "Ana"}, 9, FormatKind.SWISS)
    assert [ok for _r, ok, _m in out] == [True, True, False]
    assert out[2][2].id == "bye.too_many"


def test_fma_4_2_no_half_point_byes_in_round_robins() -> None:
    ok, m = check_bye_request(ByeRequest("P1", 2, 0), "Ana", 9, FormatKind.ROUND_ROBIN, 0)
    assert not ok and m.id == "bye.not_swiss"


def test_fma_4_2_bye_for_a_round_already_played_is_refused() -> None:
    ok, m = check_bye_request(ByeRequest("P1", 2, 2), "Ana", 9, FormatKind.SWISS, 0)
    assert not ok and m.id == "bye.round_played"


def test_fma_4_2_audit_flags_three_recorded_half_byes() -> None:
    t = Tournament(name="Suizo")
    h = RoundResult(None, None, ResultCode.HALF_BYE)
    t.players[1] = Player(1, "Ana", results=[h, h, h])
    t.players[2] = Player(2, "Bea", results=[h, h])
    problems = audit_half_byes(t)
    assert len(problems) == 1 and "Ana" in problems[0].text("es")


@pytest.mark.parametrize(("minutes", "lost"), [(0, False), (59, False), (60, False), (61, True), (120, True)])
def test_fma_4_3_default_time_is_one_hour(minutes: int, lost: bool) -> None:
    out, m = is_default(dt.timedelta(minutes=minutes))
    assert out is lost and m.article == "FMA 4.3"


def test_fma_6_1_round_robin_order_as_fide_codes() -> None:
    assert codes_for(FormatKind.ROUND_ROBIN) == ["DE", "SB", "WON", "KS", "KS/L-1"]
    assert codes_for(FormatKind.DOUBLE_ROUND_ROBIN) == codes_for(FormatKind.ROUND_ROBIN)
    assert [tb.article for tb in ROUND_ROBIN] == [f"FMA 6.1 {c}" for c in "abcde"]


def test_fma_6_2_swiss_order_as_fide_codes() -> None:
    assert codes_for(FormatKind.SWISS) == ["DE", "BH/C1", "SB", "BH", "PS", "WON", "TPR"]
    assert [tb.article for tb in SWISS] == [f"FMA 6.2 {c}" for c in "abcdefg"]
    assert "sorteo" in order_message(FormatKind.SWISS).text("es")


def test_fma_6_codes_are_valid_fide_specifiers() -> None:
    spec_mod = pytest.importorskip("arbitro.tiebreaks.spec")
    for kind in FormatKind:
        for code in codes_for(kind):
            spec = spec_mod.parse_tiebreak(code)
            assert spec.text == code
    koya_ext = spec_mod.parse_tiebreak("KS/L-1")
    assert koya_ext.code == "KS" and koya_ext.koya_offset < 0


def test_fma_4_3_deadline_and_notice_name_the_hour() -> None:
    from arbitro.federations.fma.byes import default_deadline, default_time_notice

    start = dt.datetime(2026, 5, 2, 15, 30)
    assert default_deadline(start) == dt.datetime(2026, 5, 2, 16, 30)
    m = default_time_notice(start)
    assert m.article == "FMA 4.3" and "16:30" in m.text("es") and "16:30" in m.text("en")
    assert "una hora" in default_time_notice().text("es")


@pytest.mark.parametrize(("now", "allowed"), [("16:00", False), ("16:30", False), ("16:31", True), ("18:00", True)])
def test_fma_4_3_non_appearance_forfeit_only_after_the_hour(now: str, allowed: bool) -> None:
    from arbitro.federations.fma.byes import check_non_appearance

    start = dt.datetime(2026, 5, 2, 15, 30)
    at = dt.datetime.combine(start.date(), dt.time.fromisoformat(now))
    ok, m = check_non_appearance(start, at, "Ana")
    assert ok is allowed and m.article == "FMA 4.3"
    assert ("16:30" in m.text("es")) is (not allowed)
