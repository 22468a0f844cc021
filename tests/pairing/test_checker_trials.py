"""The checker re-pairs a round once per distinct departure state (issue 16), with pair_round's result."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from arbitro.pairing.checker import DEPARTURES, _Trials
from arbitro.pairing.dutch import pair_round
from arbitro.pairing.dutch_state import DutchOptions
from arbitro.pairing.types import NoValidPairing
from arbitro.trf import read_trf

HERE = Path(__file__).parent / "departures"


@pytest.mark.parametrize("path", sorted(HERE.glob("*.trf")), ids=lambda p: p.name)
def test_every_trial_equals_pair_round(path: Path) -> None:
    t = read_trf(path)
    rnd = t.played_rounds + 1
    trials = _Trials(t, rnd)
    options = [DutchOptions(), DutchOptions.bbp()] + [replace(DutchOptions(), **{n: True}) for n in DEPARTURES]
    for opts in options:
        try:
            expected = pair_round(t, rnd, opts)
        except NoValidPairing:
            expected = None
        assert trials.pair(opts) == expected, opts
    assert len(trials.done) <= len(options)


def test_c04_7_1_5_board_order_departure_reuses_the_pairs() -> None:
    """bbp §6.1 #5 changes only the board order: no second weighted matching."""
    t = read_trf(HERE / "c04-7-1-5-board-order-pairing-score.trf")
    trials = _Trials(t, t.played_rounds + 1)
    a = trials.pair(DutchOptions())
    b = trials.pair(DutchOptions(board_order_unaccelerated=True))
    assert len(trials.done) == 1
    assert a is not None and b is not None and a != b and set(a.boards) == set(b.boards)
