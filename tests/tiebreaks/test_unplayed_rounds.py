"""Unplayed rounds (C.07 Art. 16): categories, adjusted scores, the dummy opponent, VURs."""

from __future__ import annotations

from decimal import Decimal

import pytest
from tests.tiebreaks.helpers import make_tournament

from arbitro.model import Colour, ResultCode, RoundResult
from arbitro.standings import compute_standings
from arbitro.tiebreaks.unplayed import (
    BYE_FINAL,
    BYE_RETURNED,
    FORFEIT_LOSS,
    FORFEIT_WIN,
    FULL_BYE,
    PAB,
    PLAYED,
    VOLUNTARY,
    adjusted_score,
    categorise,
    dummy_score,
    raw_kind,
)

GAME = RoundResult(5, Colour.WHITE, ResultCode.WIN)
HALF = RoundResult(None, Colour.NONE, ResultCode.HALF_BYE)
ZERO = RoundResult(None, Colour.NONE, ResultCode.ZERO_BYE)
PAIRING_BYE = RoundResult(None, Colour.NONE, ResultCode.PAIRING_BYE)
FULL = RoundResult(None, Colour.NONE, ResultCode.FULL_BYE)
F_WIN = RoundResult(5, Colour.WHITE, ResultCode.FORFEIT_WIN)
F_LOSS = RoundResult(5, Colour.BLACK, ResultCode.FORFEIT_LOSS)


def _categories(*rounds: RoundResult | None) -> list[int]:
    return categorise([raw_kind(r, r is not None and r.code in (ResultCode.FULL_BYE,)) for r in rounds])


def test_pab_and_full_point_bye_are_16_2_1() -> None:
    assert _categories(PAIRING_BYE, FULL) == [PAB, FULL_BYE]


def test_forfeits_are_16_2_2_and_16_2_4() -> None:
    assert _categories(F_WIN, F_LOSS) == [FORFEIT_WIN, FORFEIT_LOSS]


def test_requested_bye_followed_by_a_game_is_16_2_3() -> None:
    assert _categories(GAME, HALF, ZERO, GAME) == [PLAYED, BYE_RETURNED, BYE_RETURNED, PLAYED]


def test_requested_bye_to_the_end_is_16_2_5() -> None:
    assert _categories(GAME, HALF, ZERO) == [PLAYED, BYE_FINAL, BYE_FINAL]


def test_withdrawal_rounds_are_zero_point_byes_16_1_1_and_16_2_5() -> None:
    """Rounds not paired after a withdrawal are zero-point byes; none is followed by a non-VUR round."""
    assert _categories(GAME, None, None) == [PLAYED, BYE_FINAL, BYE_FINAL]


def test_a_forfeit_loss_is_not_a_return_16_1_2() -> None:
    """A requested bye followed only by a forfeit loss (itself a VUR) is still 16.2.5."""
    assert _categories(HALF, F_LOSS) == [BYE_FINAL, FORFEIT_LOSS]


@pytest.mark.parametrize("later", [F_WIN, PAIRING_BYE, FULL, GAME])
def test_any_non_vur_round_makes_a_bye_16_2_3(later: RoundResult) -> None:
    assert _categories(ZERO, later)[0] == BYE_RETURNED


def test_voluntary_unplayed_rounds_16_1_2() -> None:
    assert {BYE_RETURNED, FORFEIT_LOSS, BYE_FINAL} == VOLUNTARY


def test_adjusted_score_counts_16_2_5_as_draws_16_3_2() -> None:
    # half points: played win, zero bye (16.2.3), win, then two trailing zero byes (16.2.5)
    kinds = [PLAYED, BYE_RETURNED, PLAYED, BYE_FINAL, BYE_FINAL]
    assert adjusted_score([2, 0, 2, 0, 0], kinds, draw=1, round_robin=False) == 6
    assert adjusted_score([2, 0, 2, 0, 0], kinds, draw=1, round_robin=True) == 4  # Art. 15: points awarded


def test_dummy_score_2024_is_own_final_score_16_4() -> None:
    assert dummy_score(9, None, 1, 5, "2024") == 9
    assert dummy_score(9, 2, 1, 5, "2024") == 9


def test_dummy_score_2026_caps_16_4_1_and_16_4_2() -> None:
    assert dummy_score(9, 2, 1, 5, "2026") == 2  # forfeit: at most the scheduled opponent's adjusted score
    assert dummy_score(9, None, 1, 5, "2026") == 5  # other unplayed rounds: at most a draw per round
    assert dummy_score(3, None, 1, 5, "2026") == 3


def test_forfeit_win_and_loss_in_buchholz_16_4() -> None:
    """1 beat 4 by forfeit in round 3: 1's dummy is its own 3.0 (2024) or 4's 0.5 (2026, 16.4.1)."""
    t = make_tournament(
        {1: "2w1 3b1 4w+", 2: "1b0 4w1 3b=", 3: "4b= 1w0 2w=", 4: "3w= 2b0 1b-"},
    )
    st24 = compute_standings(t, ["BH", "BH/C1"], rules="2024")
    st26 = compute_standings(t, ["BH", "BH/C1"], rules="2026")
    assert st24.row(1).values["BH"] == Decimal("5.5")
    assert st26.row(1).values["BH"] == Decimal("3.0")
    assert st24.row(4).values["BH"] == Decimal("3.0")  # dummy = own 0.5 (capped by 3.0 in 2026: same)
    assert st26.row(4).values["BH"] == Decimal("3.0")
    cut = st24.explain(4, "BH/C1")
    assert [c.round for c in cut.contributions if c.cut] == [3]  # the forfeit loss, a VUR (16.5.1)


def test_withdrawn_opponent_counts_draws_after_withdrawal_16_3_2() -> None:
    """2 lost round 1 and withdrew: for 1's Buchholz its score is 0 + ½ + ½ = 1.0."""
    t = make_tournament({1: "2w1 3b1 4w1", 2: "1b0 . .", 3: "4b= 1w0 U", 4: "3w= U 1b0"})
    st = compute_standings(t, ["BH", "BH/C1"], rules="2024")
    assert st.row(1).values["BH"] == Decimal("4.0")
    assert st.row(2).values["BH"] == Decimal("3.0")  # 3.0 + two dummies with 2's own 0
    assert st.row(2).values["BH/C1"] == Decimal("3.0")  # a zero VUR dummy is cut
    assert st.row(3).values["BH"] == Decimal("6.0")  # PAB dummy = own 1.5 (2026: min(1.5, 0.5 x 3))
    assert compute_standings(t, ["BH"], rules="2026").row(3).values["BH"] == Decimal("6.0")


def test_returning_bye_counts_its_real_points_16_3_1() -> None:
    """1 took a zero-point bye in round 1 and came back (16.2.3): its score for others stays 1.5."""
    t = make_tournament({1: "Z 2w1 3b=", 2: "3w1 1b0 4w1", 3: "2b0 4w= 1w=", 4: "U 3b= 2b0"})
    assert compute_standings(t, ["BH"], rules="2024").row(2).values["BH"] == Decimal("4.0")


def test_trailing_bye_counts_as_draw_for_opponents_16_3_2() -> None:
    """1's round-3 zero-point bye ends its tournament (16.2.5): for its opponents 1 has 2.0, not 1.5."""
    t = make_tournament({1: "2w1 3b= Z", 2: "1b0 4w1 3b=", 3: "4w0 1w= 2w=", 4: "3b1 2b0 U"})
    assert compute_standings(t, ["BH"], rules="2024").row(2).values["BH"] == Decimal("5.0")


def test_explanation_names_the_category() -> None:
    t = make_tournament({1: "2w1 3b= Z", 2: "1b0 4w1 3b=", 3: "4w0 1w= 2w=", 4: "3b1 2b0 U"})
    ex = compute_standings(t, ["BH"], rules="2024").explain(1, "BH")
    assert "16.2.5" in ex.contributions[2].note
    assert "16.2.1" in compute_standings(t, ["BH"]).explain(4, "BH").contributions[2].note


def test_round_robin_only_when_declared_or_complete_c07_art15() -> None:
    from arbitro.tiebreaks.rules import is_pre_determined

    rows = {1: "2w1 3b1", 2: "1b0 U", 3: "U 1w0"}  # 3 players, 2 rounds: not everybody met
    complete = {1: "2w1 3b1 U", 2: "1b0 U 3w1", 3: "U 1w0 2b0"}  # every pair met once
    assert not is_pre_determined(make_tournament(rows, system=""))
    assert is_pre_determined(make_tournament(complete, system=""))
    assert not is_pre_determined(make_tournament(complete, system="FIDE_DUTCH"))  # a declared Swiss stays one
    assert is_pre_determined(make_tournament(rows, system="BERGER_ROUNDROBIN"))
