"""One minimal TRF per place where bbpPairings v6.0.0 departs from the rules (dutch-system.md §6.1).

Each file is paired by the rules (the default) and, with the departure switched
on, exactly as bbpPairings v6.0.0 pairs it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitro.pairing.dutch import pair_round
from arbitro.pairing.dutch_state import DutchOptions
from arbitro.trf import read_trf

HERE = Path(__file__).parent / "departures"


def _lines(name: str, options: DutchOptions | None = None) -> list[str]:
    return pair_round(read_trf(HERE / name), None, options).as_bbp_lines()


def test_c04_1_art4_c2_pab_never_to_a_previous_pab_receiver() -> None:
    """C.04.1 art. 4 / [C2]: player 5 already had a PAB; bbp's narrow count fields overflow into the bye field."""
    name = "c04-1-4-pab-ineligible-count-overflow.trf"
    assert _lines(name) == ["4", "4 2", "7 5", "6 3", "8 0"]
    assert _lines(name, DutchOptions.bbp()) == ["4", "4 2", "8 7", "6 3", "5 0"]


def test_c04_3_5_2_5_parity_of_the_pairing_number() -> None:
    """C.04.3 5.2.5: the parity of the higher-ranked player's pairing number; player 2 is absent in round 1.

    Default since issue 35 (item 3): the reading bbpPairings and FIDE's Gacrux share, numbers
    skipping the never-paired absentee, so player 3 is number 2 (even) and gets Black. The literal
    reading (fixed TPN 3, odd: White) is ``DutchOptions.literal()`` / ``--literal-tpn``; the question
    is put to the TEC in docs/acceptance/discrepancies/departure-3.md.
    """
    name = "c04-3-5-2-5-pairing-number-parity.trf"
    assert _lines(name) == ["3", "1 5", "6 3", "4 7"]
    assert _lines(name, DutchOptions.bbp()) == ["3", "1 5", "6 3", "4 7"]
    assert _lines(name, DutchOptions.literal()) == ["3", "1 5", "3 6", "7 4"]  # Arbitro's default before issue 35


def test_c04_3_1_4_3_a_zero_point_pab_still_downfloats() -> None:
    """C.04.3 1.4.3: every PAB receiver downfloats, even with a PAB worth 0 points (162 P 0.0)."""
    name = "c04-3-1-4-3-zero-point-pab-downfloat.trf"
    assert _lines(name) == ["4", "2 6", "1 7", "5 4", "3 0"]
    assert _lines(name, DutchOptions(zero_pab_no_float=True)) == ["4", "4 6", "5 3", "2 7", "1 0"]


def test_c04_7_baku_group_a_is_2_ceil_n_over_4() -> None:
    """C.04.7 (2017 C.04.5.1): with 10 players group A has 6 players; bbp uses ceil(10/2) = 5."""
    name = "c04-7-baku-group-size.trf"
    assert _lines(name) == ["5", "4 1", "2 5", "6 3", "9 7", "8 10"]
    assert _lines(name, DutchOptions(baku_half_of_file=True)) == ["5", "3 1", "2 4", "6 5", "9 7", "8 10"]


def test_c04_7_1_5_board_order_uses_the_pairing_score() -> None:
    """C.04.7 1.5: with acceleration, boards are ordered by pairing scores (virtual points included)."""
    name = "c04-7-1-5-board-order-pairing-score.trf"
    assert _lines(name) == ["6", "3 6", "2 4", "1 9", "5 8", "11 7", "10 12"]
    assert _lines(name, DutchOptions(board_order_unaccelerated=True)) == [
        "6",
        "3 6",
        "2 4",
        "1 9",
        "11 7",
        "5 8",
        "10 12",
    ]


@pytest.mark.parametrize("name", sorted(p.name for p in HERE.glob("*.trf")))
def test_departure_files_differ_only_through_their_switch(name: str) -> None:
    # §6.1 #3's file differs between the literal reading and bbp's (the default since issue 35)
    rules = _lines(name, DutchOptions.literal() if "5-2-5" in name else None)
    bbp = _lines(name, DutchOptions.bbp())
    assert rules != bbp
