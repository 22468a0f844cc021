"""The one parser of typed results (C.04.A VCL.13/14, TRF-2026 result codes of trf.md §3.3)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitro.errors import ArbitroError
from arbitro.model import ResultCode
from arbitro.tournament import format_result
from arbitro.tournament.results import ResultSyntaxError, normalise_result, parse_result, result_forms

R = ResultCode

#: Every form the issue lists, and what an arbiter means by it (White's code, Black's code).
TYPED = [
    ("1-0", (R.WIN, R.LOSS)),
    ("0-1", (R.LOSS, R.WIN)),
    ("½-½", (R.DRAW, R.DRAW)),
    ("1/2-1/2", (R.DRAW, R.DRAW)),
    ("=", (R.DRAW, R.DRAW)),
    ("1", (R.WIN, R.LOSS)),
    ("0", (R.LOSS, R.WIN)),
    ("+", (R.FORFEIT_WIN, R.FORFEIT_LOSS)),
    ("-", (R.FORFEIT_LOSS, R.FORFEIT_WIN)),
    ("1F-0F", (R.FORFEIT_WIN, R.FORFEIT_LOSS)),
    ("0F-1F", (R.FORFEIT_LOSS, R.FORFEIT_WIN)),
    ("+-", (R.FORFEIT_WIN, R.FORFEIT_LOSS)),
    ("-+", (R.FORFEIT_LOSS, R.FORFEIT_WIN)),
    ("0F-0F", (R.FORFEIT_LOSS, R.FORFEIT_LOSS)),
    ("--", (R.FORFEIT_LOSS, R.FORFEIT_LOSS)),
    ("W-L", (R.UNRATED_WIN, R.UNRATED_LOSS)),
    ("L-W", (R.UNRATED_LOSS, R.UNRATED_WIN)),
    ("D-D", (R.UNRATED_DRAW, R.UNRATED_DRAW)),
    ("W", (R.UNRATED_WIN, R.UNRATED_LOSS)),
    ("D", (R.UNRATED_DRAW, R.UNRATED_DRAW)),
    ("L", (R.UNRATED_LOSS, R.UNRATED_WIN)),
    ("½", (R.DRAW, R.DRAW)),
    ("5", (R.DRAW, R.DRAW)),
    ("0,5-0,5", (R.DRAW, R.DRAW)),
    (" 1 : 0 ", (R.WIN, R.LOSS)),
    ("1–0", (R.WIN, R.LOSS)),
    ("1f-0f", (R.FORFEIT_WIN, R.FORFEIT_LOSS)),
    ("=-=", (R.DRAW, R.DRAW)),
    ("½-0", (R.DRAW, R.LOSS)),
    ("0-0", (R.LOSS, R.LOSS)),
]


@pytest.mark.parametrize(("text", "expected"), TYPED)
def test_trf_3_3_every_typed_form_means_one_result(text: str, expected: tuple[ResultCode, ResultCode]) -> None:
    assert parse_result(text) == expected
    assert parse_result(text, fide_mode=False) == expected


@pytest.mark.parametrize(("text", "code"), [("U", "bye"), ("H", "bye"), ("z", "bye"), ("1F-0", "forfeit"),
                                            ("1F-1F", "forfeit"), ("1-1", "inconsistent"), ("W-W", "inconsistent"),
                                            ("2-0", "unreadable"), ("", "unreadable"), ("1-0-1", "unreadable"),
                                            ("11", "unreadable"), ("1-L", "unreadable")])
def test_vcl13_vcl14_refused_forms_carry_a_code(text: str, code: str) -> None:
    with pytest.raises(ResultSyntaxError) as info:
        parse_result(text)
    assert info.value.code == code
    assert info.value.text == text
    assert isinstance(info.value, ArbitroError)


def test_vcl13_inconsistent_results_only_outside_fide_mode() -> None:
    assert parse_result("1-1", fide_mode=False) == (R.WIN, R.WIN)
    assert "1-1" not in result_forms(True)
    assert set(result_forms(True)) < set(result_forms(False))


def test_every_shown_result_reads_back_as_itself() -> None:
    """What a page shows (views.text.game_result_text) is a typed form of the same result (rated games)."""
    for key, (white, black) in result_forms(False).items():
        if white.is_rated_game or white.is_forfeit:
            shown = format_result(white, black)
            assert parse_result(shown, fide_mode=False) == (white, black), key


def test_table_keys_are_normalised() -> None:
    for key in result_forms(False):
        assert normalise_result(key) == key


@given(st.text(max_size=8))
def test_any_text_is_a_result_or_a_coded_error(text: str) -> None:
    try:
        white, black = parse_result(text)
    except ResultSyntaxError as err:
        assert err.code in {"unreadable", "forfeit", "inconsistent", "bye"}
    else:
        assert normalise_result(text) in result_forms(True)
        assert white.is_played == black.is_played  # never a played game against a forfeit
        assert not white.is_bye and not black.is_bye


@given(st.sampled_from([t for t, _ in TYPED]), st.sampled_from(["", " ", "  "]))
def test_spaces_around_and_inside_do_not_change_the_result(text: str, pad: str) -> None:
    spaced = pad + pad.join(text) + pad
    assert parse_result(spaced) == parse_result(text)
