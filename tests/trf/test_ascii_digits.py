"""Issue 38 item 6: a number is read from ASCII digits only (``XXS W=٩`` made a win worth 9 points)."""

from __future__ import annotations

import pytest

from arbitro.trf import parse_trf

HEAD = "012 Test\n"
P1 = "001    1      Alpha, A                          1800                              1.0    1     2 w 1"
P2 = "001    2      Beta, B                           1700                              0.0    2     1 b 0"


@pytest.mark.parametrize("line", ["XXS W=\u0669", "XXS W=\uff13", "162 W \u0669.0", "162 W 3.\u0660"])
def test_scoring_points_in_other_scripts_are_refused(line: str) -> None:
    result = parse_trf(HEAD + line + "\n" + P1 + "\n" + P2 + "\n")
    assert result.errors, line
    assert result.tournament is None or result.tournament.scoring.win != 9


def test_ascii_scoring_is_still_read() -> None:
    result = parse_trf(HEAD + "XXS W=3\n" + P1.replace(" 1.0 ", " 3.0 ") + "\n" + P2 + "\n")
    assert result.tournament is not None and result.tournament.scoring.win == 3


@pytest.mark.parametrize("name", ["Alpha\u202e, A", "Alpha\u2066, A", "Alpha\ud800, A"])
def test_bidi_overrides_and_lone_surrogates_in_a_record_are_refused(name: str) -> None:
    line = P1.replace("Alpha, A ", name.ljust(9))  # the same width: only the character is wrong
    result = parse_trf(HEAD + line + "\n" + P2 + "\n")
    assert any("U+" in str(d) for d in result.errors)


def test_a_date_in_other_digits_is_no_date() -> None:
    from arbitro.trf import parse_date

    assert parse_date("\u0662\u0660\u0662\u0666/\u0660\u0661/\u0660\u0661") is None
    assert str(parse_date("2026/01/01")) == "2026-01-01"
