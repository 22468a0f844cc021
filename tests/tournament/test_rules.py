"""Small rules of the tournament service, each alone."""

from __future__ import annotations

import pytest

from arbitro.errors import ArbitroError
from arbitro.model import Player, ResultCode
from arbitro.tournament import ByeLimits, parse_result
from arbitro.tournament.byes import check_bye_request
from arbitro.tournament.manual import mpa_note
from arbitro.tournament.numbers import draw_lots, swiss_order

R = ResultCode


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1-0", (R.WIN, R.LOSS)),
        ("0-1", (R.LOSS, R.WIN)),
        ("½-½", (R.DRAW, R.DRAW)),
        ("1/2-1/2", (R.DRAW, R.DRAW)),
        ("0.5 - 0.5", (R.DRAW, R.DRAW)),
        ("1F-0F", (R.FORFEIT_WIN, R.FORFEIT_LOSS)),
        ("0f-1f", (R.FORFEIT_LOSS, R.FORFEIT_WIN)),
        ("0F-0F", (R.FORFEIT_LOSS, R.FORFEIT_LOSS)),
        ("+-", (R.FORFEIT_WIN, R.FORFEIT_LOSS)),
        ("--", (R.FORFEIT_LOSS, R.FORFEIT_LOSS)),
        ("½-0", (R.DRAW, R.LOSS)),
        ("0-½", (R.LOSS, R.DRAW)),
        ("0-0", (R.LOSS, R.LOSS)),
        ("1:0", (R.WIN, R.LOSS)),
        ("=", (R.DRAW, R.DRAW)),
        ("+/-", (R.FORFEIT_WIN, R.FORFEIT_LOSS)),
        ("-/+", (R.FORFEIT_LOSS, R.FORFEIT_WIN)),
    ],
)
def test_vcl13_vcl14_accepted_results(text: str, expected: tuple[ResultCode, ResultCode]) -> None:
    assert parse_result(text) == expected


@pytest.mark.parametrize("text", ["1F-½F", "1F-1F", "1F-0", "½F-½F"])
def test_vcl14_forfeits_only_1f0f_0f1f_0f0f(text: str) -> None:
    with pytest.raises(ArbitroError, match="VCL.14"):
        parse_result(text, fide_mode=False)


@pytest.mark.parametrize("text", ["1-1", "1-½", "½-1"])
def test_vcl13_inconsistent_results_refused_in_fide_mode_only(text: str) -> None:
    with pytest.raises(ArbitroError, match="VCL.13"):
        parse_result(text)
    assert parse_result(text, fide_mode=False)


@pytest.mark.parametrize("text", ["", "2-0", "win", "1-0-1"])
def test_unreadable_results(text: str) -> None:
    with pytest.raises(ArbitroError, match="expected 1-0"):
        parse_result(text)


def test_c04_2_2_2_initial_ranking_rating_title_name() -> None:
    players = [
        Player(1, "Zeta, A", rating=2400, title="FM"),
        Player(2, "Alpha, B", rating=2400, title="FM"),
        Player(3, "Beta, C", rating=2400, title="IM"),
        Player(4, "Gamma, D", rating=2500),
        Player(5, "Delta, E", rating=2400, title="WGM"),
        Player(6, "Ålvarez, F", rating=0),
        Player(7, "Aaron, G", rating=0),
    ]
    assert swiss_order(players) == [4, 3, 5, 2, 1, 7, 6]


def test_round_robin_lot_is_reproducible() -> None:
    assert draw_lots([1, 2, 3, 4, 5], 7) == draw_lots([5, 4, 3, 2, 1], 7)
    assert sorted(draw_lots(range(1, 11), 3)) == list(range(1, 11))


def test_fma_4_2_two_half_point_byes_while_half_the_rounds_remain() -> None:
    """FMA 4.2: at most 2 half-point byes, while no more than 50 % of the rounds have been played."""
    limits = ByeLimits(max_half_point_byes=2, request_before_round=5)  # 7 rounds: requests up to round 4 paired
    check_bye_request(limits, kind="H", round_number=6, paired_rounds=4, total_rounds=7, already=1)
    with pytest.raises(ArbitroError, match="at most 2 half-point byes"):
        check_bye_request(limits, kind="H", round_number=6, paired_rounds=4, total_rounds=7, already=2)
    with pytest.raises(ArbitroError, match="deadline"):
        check_bye_request(limits, kind="H", round_number=7, paired_rounds=5, total_rounds=7, already=0)


def test_bye_for_paired_or_missing_round() -> None:
    with pytest.raises(ArbitroError, match="already paired"):
        check_bye_request(ByeLimits(), kind="H", round_number=2, paired_rounds=2, total_rounds=7, already=0)
    with pytest.raises(ArbitroError, match="no round 8"):
        check_bye_request(ByeLimits(), kind="Z", round_number=8, paired_rounds=2, total_rounds=7, already=0)
    with pytest.raises(ArbitroError, match="only up to round 5"):
        check_bye_request(ByeLimits(last_round=5), kind="Z", round_number=6, paired_rounds=2, total_rounds=7, already=0)
    with pytest.raises(ArbitroError, match="kind"):
        check_bye_request(ByeLimits(), kind="X", round_number=6, paired_rounds=2, total_rounds=7, already=0)


def test_mpa_note_lists_only_the_differences() -> None:
    engine = [(1, 4), (2, 5), (3, 6)]
    assert mpa_note(3, engine, 7, engine, 7) is None
    note = mpa_note(3, engine, 7, [(1, 4), (5, 2), (3, 7)], 6, author="IA X", reason="rematch")
    assert note == "MPA @ Round 3: engine 2-5 3-6 bye 7; manual 5-2 3-7 bye 6; by IA X; reason: rematch"


def test_fide_scoring_two_draws_not_worth_more_than_win_plus_loss() -> None:
    from decimal import Decimal

    from arbitro.model import ScoringSystem
    from arbitro.tournament.fide import check_scoring

    check_scoring(ScoringSystem(win=Decimal(3), draw=Decimal(1)))
    check_scoring(ScoringSystem())
    with pytest.raises(ArbitroError, match="two draws"):
        check_scoring(ScoringSystem(win=Decimal(2), draw=Decimal("1.5")))


def test_c04_2_3_5_forfeit_is_not_a_meeting() -> None:
    from arbitro.tournament.fide import counts_as_meeting
    from arbitro.tournament.state import Game

    assert counts_as_meeting(Game(1, 2, R.WIN, R.LOSS))
    assert counts_as_meeting(Game(1, 2, R.LOSS, R.LOSS))
    assert not counts_as_meeting(Game(1, 2, R.FORFEIT_WIN, R.FORFEIT_LOSS))
    assert not counts_as_meeting(Game(1, 2, R.FORFEIT_LOSS, R.FORFEIT_LOSS))
