"""Direct encounter (C.07 Art. 6) in Swiss tournaments: mini-standings and the certainty rule (6.3)."""

from __future__ import annotations

from decimal import Decimal

from tests.tiebreaks.helpers import make_tournament

from arbitro.standings import compute_standings

# 1, 2, 3 end on 2 points: 1 beat 2 and 3, who never met. 4, 5, 6 end on 1 point.
CERTAIN = {
    1: "2w1 3b1 4w0",
    2: "1b0 5w1 6b1",
    3: "4w1 1w0 5b1",
    4: "3b0 6w0 1b1",
    5: "6w1 2b0 3w0",
    6: "5b0 4b1 2w0",
}
# 1, 2, 3, 4 end on 2 points: 1 beat 2 and 3, lost to 4; 3 beat 4; 2 met only 1.
UNCERTAIN = {
    1: "2w1 3b1 4w0",
    2: "1b0 5w1 6b1",
    3: "4w1 1w0 5b1",
    4: "3b0 6w1 1b1",
    5: "6w= 2b0 3w0",
    6: "5b= 4b0 2w0",
}


def _de(rows: dict[int, str]) -> dict[int, Decimal | None]:
    st = compute_standings(make_tournament(rows), ["DE"])
    return {r.start_rank: r.values["DE"] for r in st.rows}


def test_player_ahead_only_when_certain_c07_6_3() -> None:
    """1 has 2 points against the group; 2 and 3 could reach at most 1 each: 1 is first, 2 and 3 stay tied."""
    de = _de(CERTAIN)
    assert (de[1], de[2], de[3]) == (Decimal(1), Decimal(2), Decimal(2))


def test_no_separation_when_not_certain_c07_6_3() -> None:
    """1 scored 2 of 3 in the group, but 2 (one game) could still reach 2: nobody is separated."""
    de = _de(UNCERTAIN)
    assert {de[p] for p in (1, 2, 3, 4)} == {Decimal(0)}


def test_all_met_mini_standings_decide_c07_6_2() -> None:
    """Two players tied who met: the winner is first."""
    t = make_tournament({1: "2w0 3b1", 2: "1b1 4w0", 3: "4w= 1w0", 4: "3b= 2b1"})
    st = compute_standings(t, ["DE"])
    assert st.row(2).values["DE"] == Decimal(1)
    assert st.row(1).values["DE"] == Decimal(2)
    assert [r.start_rank for r in st.rows] == [4, 2, 1, 3]


def test_single_player_group_is_zero() -> None:
    de = _de(CERTAIN)
    assert {de[p] for p in (4, 5, 6)} == {Decimal(0)}  # 6 beat 4, 5 beat 6, 4 and 5 never met: uncertain


def test_de_explanation_lists_the_games_inside_the_group() -> None:
    st = compute_standings(make_tournament(CERTAIN), ["DE"])
    ex = st.explain(1, "DE")
    assert [(c.round, c.opponent) for c in ex.contributions] == [(1, 2), (2, 3)]
    assert "tied group: 1, 2, 3" in ex.note
