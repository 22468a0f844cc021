"""B.01 1.1.3: the rate of play read from the 122 free text when a tournament has no 222 code."""

from __future__ import annotations

import datetime

import pytest

from arbitro.model import Tournament
from arbitro.titles.checks import FAILED, NOT_DETERMINABLE, PASSED, check_time_control, time_control_code
from arbitro.titles.editions import edition_for_date


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("90 min + 30 s", "5400+30"),
        ("90+30", "5400+30"),
        ("90'+30''", "5400+30"),
        ("90 minutos + 30 segundos por jugada", "5400+30"),
        ("90 min + 30 s/move", "5400+30"),
        ("60m+30s", "3600+30"),
        ("2 h", "7200"),
        ("120", "7200"),
        ("40 jugadas en 90 min + 30 min", ""),
        ("90/40+30+30s", ""),
        ("blitz", ""),
        ("", ""),
        ("0+0", ""),
    ],
)
def test_b01_1_1_3_rate_of_play_from_the_free_text(text: str, code: str) -> None:
    assert time_control_code(Tournament(time_control=text)) == code


def test_b01_1_1_3_the_222_code_wins_over_the_free_text() -> None:
    assert time_control_code(Tournament(time_control="90 min + 30 s", time_control_code="6000+30")) == "6000+30"


def test_b01_1_1_3_a_desk_tournament_with_only_the_free_text_is_judged() -> None:
    e = edition_for_date(datetime.date(2026, 6, 1))
    standard = check_time_control(Tournament(time_control="90 min + 30 s"), e)
    assert standard.status == PASSED and "5400+30" in str(standard.detail)
    rapid = check_time_control(Tournament(time_control="15 min + 10 s"), e)
    assert rapid.status == FAILED
    unknown = check_time_control(Tournament(time_control="40 jugadas en 90 min"), e)
    assert unknown.status == NOT_DETERMINABLE
