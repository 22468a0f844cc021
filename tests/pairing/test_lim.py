"""Lim system (C.04.4.3, 2026): hand-worked positions per article and the absolute criteria."""

from __future__ import annotations

import random

import pytest

from arbitro.model import ResultCode, Tournament
from arbitro.pairing.absolute import violations
from arbitro.pairing.dutch_state import build_state
from arbitro.pairing.generator import generate
from arbitro.pairing.lim import _Round, group_order, median_score, pair_round
from arbitro.pairing.registry import get
from arbitro.pairing.swiss_common import float_history
from arbitro.pairing.system_check import check_system

from .swiss_cases import field, pairs_of, play, random_config, two_whites_each


def test_c04_4_3_2_2_median_group_and_order_of_scoregroups() -> None:
    """2.2: after 3 rounds the median score is 1½; top down to 2, bottom up from 0, then 1½."""
    median = median_score(3, 100)
    assert median == 150
    assert group_order([300, 250, 200, 150, 100, 50, 0], median) == [300, 250, 200, 0, 50, 100, 150]


def test_c04_4_3_7_round_one_top_half_against_bottom_half() -> None:
    """7.2, 2.4: 1 v 5, 2 v 6, ...; the odd-numbered players of the top half get the colour drawn for #1."""
    assert pair_round(field(8), 1).as_bbp_lines() == ["4", "1 5", "6 2", "3 7", "8 4"]


def test_c04_4_3_1_1_pab_to_the_lowest_ranked_player() -> None:
    """1.1: seven players in round 1: the PAB goes to #7."""
    assert pair_round(field(7), 1).bye == 7


def test_c04_4_3_5_4_colour_ties_by_rank_above_and_below_the_median() -> None:
    """5.4: at or above the median the higher-ranked player gets the alternating colour, below it the lower."""
    t = field(4)
    play(t, 1, 3, ResultCode.WIN)
    play(t, 2, 4, ResultCode.WIN)
    # 1 v 2 (1 point, above the median ½): 1 gets Black; 3 v 4 (0, below): 4 gets White
    assert pair_round(t, 2).as_bbp_lines() == ["2", "2 1", "4 3"]


def test_c04_4_3_2_1_colour_limits_make_players_incompatible() -> None:
    """2.1: a pairing that would give both the same colour a third time is not allowed (not the last round)."""
    t = two_whites_each(rounds=5)
    st = build_state(t, 3)
    one, two = (next(p for p in st.players if p.id == i) for i in (1, 2))
    r = _Round(st, {}, float_history(t, 2).float_last, maxi=False)
    assert not r.compatible(one, two)
    assert frozenset((1, 2)) not in pairs_of(pair_round(t, 3))


def _eight_after_two(rounds: int) -> Tournament:
    """Eight players after two rounds: 1 and 2 (2 points) and 3 and 4 (1½) had White twice each.

    Round 1: 1-5, 2-6, 3-7, 4-8, White wins; round 2: 1-6, 2-7 White wins, 3-8 and 4-5 drawn.
    Scores: 1, 2: 2; 3, 4: 1½; 5, 8: ½; 6, 7: 0. Nobody in the Median Scoregroup (1 point).
    """
    t = field(8, rounds=rounds)
    for white, black, code in (
        (1, 5, ResultCode.WIN),
        (2, 6, ResultCode.WIN),
        (3, 7, ResultCode.WIN),
        (4, 8, ResultCode.WIN),
        (1, 6, ResultCode.WIN),
        (2, 7, ResultCode.WIN),
        (3, 8, ResultCode.DRAW),
        (4, 5, ResultCode.DRAW),
    ):
        play(t, white, black, code)
    return t


def test_c04_4_3_6_last_round_score_before_colour() -> None:
    """6: in the last round the colour limits give way to the score.

    Round 3 of 3 (``_eight_after_two``): 1 and 2 both had White twice, yet they are compatible,
    so the 2-point group pairs 1 v 2 (2.4), 3 v 4 likewise; below the median 6 v 7 and 5 v 8.
    """
    t = _eight_after_two(rounds=3)
    st = build_state(t, 3)
    one, two = (next(p for p in st.players if p.id == i) for i in (1, 2))
    assert _Round(st, {}, float_history(t, 2).float_last, maxi=False).compatible(one, two)
    assert pairs_of(pair_round(t, 3)) == {frozenset(p) for p in ((1, 2), (3, 4), (6, 7), (5, 8))}


@pytest.mark.parametrize("seed", range(1, 41))
def test_absolute_criteria_on_generated_tournaments(seed: int) -> None:
    """No rematch, one PAB per player, colour limits except in the last round (6); the checker agrees."""
    system = get("lim")
    rng = random.Random(seed)
    cfg = random_config(rng)
    t = generate(cfg, seed, pair=lambda t, r: pair_round(t, r), system="FIDE_LIM")
    assert violations(t, frozenset({t.total_rounds})) == []
    assert all(c.agrees for c in check_system(t, system))
