"""The checker reads old-style TRF16 entries with the file's own meaning (issue 22).

* ``0000 - +``: the old way to record the pairing-allocated bye (trf.md §3.3, FIDE's 2005 example;
  bbpPairings counts ``+`` as "took part in the pairing").
* A forfeit with colour ``-`` on both sides (TRF16 §3.2 allows it): the file does not say who had
  White, so either colour is accepted, as bbpPairings does.
"""

from __future__ import annotations

import pytest
from tests.fixture_paths import FIXTURES

from arbitro.cli import main
from arbitro.pairing.checker import check_round, read_recorded
from arbitro.trf import parse_trf, read_trf

INTEROP = FIXTURES / "interop"
FIDE_2005 = FIXTURES / "trf" / "fide-example1-karl-mala-2005.trf"


def test_old_style_plus_bye_is_the_recorded_pab_trf_3_3() -> None:
    t = read_trf(INTEROP / "old-style-bye-plus-r2.trf")
    check = check_round(t, 2)
    assert check.recorded.bye == 7
    assert check.agrees
    assert check.readings == [
        "round 2: player 7: '0000 - +' read as the pairing-allocated bye (old-style TRF16)"
    ]


def test_forfeit_with_colour_dash_accepts_either_colour_trf_3_2() -> None:
    t = read_trf(INTEROP / "forfeit-colour-dash.trf")
    check = check_round(t, 2)
    assert check.agrees
    assert check.readings == ["round 2: forfeit 10-11 recorded with colour '-': either colour accepted"]
    assert check.free_colour == frozenset({frozenset({10, 11})})


def test_a_forfeit_with_known_colours_still_has_to_match() -> None:
    """The lenient reading applies only where the file says nothing: recorded colours still count."""
    path = INTEROP / "forfeit-colour-dash.trf"
    engine = check_round(read_trf(path), 2).engine
    assert engine is not None
    (board,) = [b for b in engine.boards if {b.white, b.black} == {10, 11}]
    # Give the forfeit the colours the engine did not choose.
    c10, c11 = ("b", "w") if board.white == 10 else ("w", "b")
    text = path.read_text()
    assert text.count("  11 - -") == 1 and text.count("  10 - +") == 1
    text = text.replace("  11 - -", f"  11 {c10} -").replace("  10 - +", f"  10 {c11} +")
    t = parse_trf(text).tournament
    recorded = read_recorded(t, 2)
    assert recorded.readings == ()
    assert not check_round(t, 2).agrees


def test_fide_2005_example_round_5_agrees_with_both_readings() -> None:
    """bbpPairings accepts round 5 of FIDE's 2005 example; so does the checker now (issue 22)."""
    t = read_trf(FIDE_2005)
    check = check_round(t, 5)
    assert check.agrees
    assert (
        "round 5: player 282: '0000 - +' read as the pairing-allocated bye (old-style TRF16)"
        in check.readings
    )
    assert "round 5: forfeit 214-251 recorded with colour '-': either colour accepted" in check.readings


@pytest.mark.parametrize(
    ("name", "reading"),
    [
        ("old-style-bye-plus-r2.trf", "read round 2: player 7: '0000 - +' read as the pairing-allocated bye"),
        ("forfeit-colour-dash.trf", "read round 2: forfeit 10-11 recorded with colour '-'"),
    ],
)
def test_cli_check_names_each_reading(name: str, reading: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--dutch", str(INTEROP / name)]) == 0
    out = capsys.readouterr().out
    assert f"{name}: {reading}" in out
    assert "rounds agree" in out
