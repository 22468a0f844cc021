"""tools/dubov_crosscheck.py: the classification of a differing round proves its article from the position.

These positions are the minimal files of docs/pairing-systems/independent-engines.md; the other
engine's pairing is written out, so no other engine is needed here.
"""

from __future__ import annotations

import importlib.util
from decimal import Decimal
from pathlib import Path
from types import ModuleType

from arbitro.model import ProhibitedPairing, ResultCode, ScoringSystem
from arbitro.pairing.dubov import pair_round

from .swiss_cases import bye, field, play

TOOL = Path(__file__).resolve().parents[2] / "tools" / "dubov_crosscheck.py"


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("dubov_crosscheck", TOOL)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_c04_4_1_3_1_4_a_pab_to_fewer_games_is_the_other_engines_fault() -> None:
    """3.1.4: 3, 4 and 5 have 0 points; 3 and 4 played a game, 5 none. Arbitro: PAB to 4; a PAB to 5
    (py4swiss) loses on 3.1.4 ("has played the highest number of games")."""
    dc = _tool()
    t = field(5)
    play(t, 1, 3, ResultCode.WIN)
    play(t, 2, 4, ResultCode.WIN)
    bye(t, 5, ResultCode.ZERO_BYE)
    ours = dc.pairs_of(pair_round(t, 2))
    assert (4, 0) in ours
    assert dc.judge(t, 2, ours, {(2, 1), (3, 4), (5, 0)}) == ("theirs-worse", "3.1.4")
    assert dc.judge(t, 2, ours, ours) == ("equal", "colours 5.2")


def test_c04_4_1_3_2_4_1_pairs_inside_g1_when_none_is_unavoidable_are_the_other_engines_fault() -> None:
    """Round 1, 8 players, 4-8 prohibited: G1 = 1-4, G2 = 5-8; 1-5, 2-6, 3-8, 4-7 pairs across, so no
    shift is unavoidable (3.2.4.1) and T2 = 5, 6, 8, 7 (3.2.6). Pairing 3-4 and 7-8 (py4swiss) has
    the same quality vector but a pair inside G1."""
    dc = _tool()
    t = field(8, rounds=4)
    t.prohibited_pairings.append(ProhibitedPairing((8, 4)))
    ours = dc.pairs_of(pair_round(t, 1))
    assert {frozenset(p) for p in ours} == {frozenset(p) for p in ((1, 5), (2, 6), (3, 8), (4, 7))}
    assert dc.judge(t, 1, ours, {(1, 5), (6, 2), (3, 4), (7, 8)}) == ("theirs-worse", "3.2.4.1")


def test_the_position_file_carries_the_rounds_the_absences_and_the_scoring() -> None:
    """The file given to py4swiss: earlier rounds only, the round's announced absence as its cell,
    every key of a 3-1-0 scoring in py4swiss' XXS words, a rank on every player line."""
    dc = _tool()
    t = field(4, rounds=3)
    three, one_point = Decimal(3), Decimal(1)
    t.scoring = ScoringSystem(win=three, draw=one_point, forfeit_win=three, pairing_bye=three, full_bye=three,
                              half_bye=one_point)  # fmt: skip
    play(t, 1, 3, ResultCode.WIN)
    play(t, 2, 4, ResultCode.DRAW)
    play(t, 3, 1, ResultCode.WIN)
    bye(t, 2, ResultCode.HALF_BYE)
    play(t, 4, 1, ResultCode.WIN)  # round 3: not in the position of round 2
    text = dc.position_text(t, 2, dc._absences(t, 2))
    lines = [line for line in text.splitlines() if line.startswith("001")]
    assert len(lines) == 4 and all(line[85:89].strip() for line in lines)
    two = next(line for line in lines if line[4:8].strip() == "2")
    assert two[89:].split() == ["4", "w", "=", "0000", "-", "H"]
    one = next(line for line in lines if line[4:8].strip() == "1")
    assert one[89:].split() == ["3", "w", "1"]
    xxs = next(line for line in text.splitlines() if line.startswith("XXS"))
    assert "W=3.0" in xxs and "D=1.0" in xxs and "PAB=3.0" in xxs and "HPB=1.0" in xxs
