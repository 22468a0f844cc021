"""Standings as FIDE's acceptance checklist asks (VCL4THP Q170, Q197-216; issue 34 item 4).

Shared places (Q203), tied players ranked by hand (Q205), external tie-break values (Q207), a
second rule for unrated players (Q209, C.07 Art. 10 preamble), events over 30 days with ratings
per round (Q210-216, C.07 2026 Art. 10 preamble: the first rating), withdrawn players marked
(Q170) and expelled players left out (Q197-198).
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from tests.tiebreaks.helpers import make_tournament

from arbitro.errors import ArbitroError
from arbitro.standings import compute_standings
from arbitro.standings.ratings import ratings_at_round, suggested_long_event, unrated_rating_of
from arbitro.views import standings_table

# 4 players after 2 rounds: 1 and 3 tie on points and BH (2.0), 2 and 4 too (ratings 1990..1960)
ROWS = {1: "2w1 3b=", 2: "1b0 4w=", 3: "4w1 1w=", 4: "3b0 2b="}


def test_q203_shared_places_c07_art_2_1() -> None:
    st = compute_standings(make_tournament(ROWS), ["BH"], break_ties_by_lot=False)
    assert st.shared_places
    assert [(r.start_rank, r.rank) for r in st.rows] == [(1, 1), (3, 1), (2, 3), (4, 3)]
    assert not any(r.by_lot for r in st.rows) and st.lots_seed is None


def test_q205_tied_players_ranked_by_hand_before_the_lot_c07_4_2() -> None:
    t = make_tournament(ROWS)
    st = compute_standings(t, ["BH"], manual_order=[3, 4], break_ties_by_lot=False)
    assert [(r.start_rank, r.rank, r.by_hand) for r in st.rows] == [
        (3, 1, True),
        (1, 2, True),
        (4, 3, True),
        (2, 4, True),
    ]
    assert st.as_dict()["by_hand"] == [3, 1, 4, 2]
    # a tie the arbiter did not rank is still drawn by lot
    drawn = compute_standings(t, ["BH"], manual_order=[3], lots_seed=1)
    assert [r.start_rank for r in drawn.rows][:2] == [3, 1]
    assert {r.start_rank for r in drawn.rows if r.by_lot} == {2, 4}
    assert standings_table(t, st).rows[0].rank_text == "1h"


def test_q207_external_tiebreak_values_used_and_marked() -> None:
    t = make_tournament(ROWS)
    st = compute_standings(t, ["BH"], external_values={"BH": {3: Decimal("2.25")}}, break_ties_by_lot=False)
    assert [(r.start_rank, r.rank) for r in st.rows][:2] == [(3, 1), (1, 2)]  # 2.25 > 2.0: the value ranks
    assert st.row(3).values["BH"] == Decimal("2.25") and st.row(3).external == frozenset({"BH"})
    assert st.row(1).values["BH"] == Decimal("2.00") and not st.row(1).external
    assert st.as_dict()["external"] == {"3": ["BH"]}
    line = standings_table(t, st).rows[0]
    assert line.values[0].endswith("e")  # marked as entered by the arbiter
    with pytest.raises(ArbitroError):
        compute_standings(t, ["BH"], external_values={"SB": {3: Decimal(1)}})  # not in the list
    with pytest.raises(ArbitroError):
        compute_standings(t, ["BH"], external_values={"BH": {9: Decimal(1)}})  # no such player


def test_q209_second_and_third_rule_for_unrated_players_c07_art_10() -> None:
    t = make_tournament(ROWS, ratings={1: 2000, 2: 0, 3: 1800, 4: 1600})
    dropped = compute_standings(t, ["ARO"], break_ties_by_lot=False)
    assert dropped.row(1).values["ARO"] is None
    assert any(
        "--unrated-method" in w and "C.07 Art. 10" in w for w in dropped.warnings
    )  # says why and offers
    lowest = compute_standings(t, ["ARO"], unrated_method="lowest", break_ties_by_lot=False)
    assert lowest.unrated_rating == 1600
    assert lowest.row(1).values["ARO"] == Decimal(1700)  # (1600 + 1800) / 2
    assert not any("--unrated-method" in w for w in lowest.warnings)
    average = compute_standings(t, ["ARO"], unrated_method="average", break_ties_by_lot=False)
    assert average.unrated_rating == 1800
    assert average.row(1).values["ARO"] == Decimal(1800)
    assert unrated_rating_of("average", [2000, 0, 1801, 1600]) == 1800  # 1800.33 rounded
    with pytest.raises(ArbitroError):
        compute_standings(t, ["ARO"], unrated_method="median")
    with pytest.raises(ArbitroError):
        compute_standings(t, ["ARO"], unrated_method="lowest", unrated_rating=1400)


def test_q210_long_event_flag_suggested_from_round_dates() -> None:
    t = make_tournament(ROWS)
    t.round_dates = [dt.date(2026, 1, 10), dt.date(2026, 2, 20)]
    assert suggested_long_event(t)
    t.round_dates = [dt.date(2026, 1, 10), dt.date(2026, 1, 20)]
    assert not suggested_long_event(t)
    t.round_dates = []
    t.start_date, t.end_date = dt.date(2026, 1, 1), dt.date(2026, 3, 1)
    assert suggested_long_event(t)


def test_q211_long_event_advises_against_rating_tiebreaks() -> None:
    st = compute_standings(make_tournament(ROWS), ["ARO", "BH"], long_event=True)
    assert st.long_event
    assert any("not advised" in w and "ARO" in w for w in st.warnings)
    plain = compute_standings(make_tournament(ROWS), ["BH"], long_event=True)
    assert not any("not advised" in w for w in plain.warnings)


def test_q212_to_q216_ratings_per_round_first_by_default_user_chooses_c07_2026_art_10() -> None:
    t = make_tournament(ROWS)  # ratings 1990, 1980, 1970, 1960
    per_round = {2: {2: 2180}, 4: {1: 1900, 2: 2000}}  # 2 rises from round 2; 4 has 1900 from round 1
    assert ratings_at_round(t, per_round) == [1990, 1980, 1970, 1900]  # the first rating (Q215)
    assert ratings_at_round(t, per_round, 2) == [1990, 2180, 1970, 2000]  # linked to rounds (Q212-213)
    first = compute_standings(t, ["ARO"], long_event=True, round_ratings=per_round, break_ties_by_lot=False)
    assert first.rating_round is None
    assert first.row(1).values["ARO"] == Decimal(1975)  # (1980 + 1970) / 2: the first ratings
    assert first.row(3).values["ARO"] == Decimal(1945)  # (1900 + 1990) / 2
    chosen = compute_standings(
        t, ["ARO"], long_event=True, round_ratings=per_round, rating_round=2, break_ties_by_lot=False
    )  # the user chooses the round (Q214, Q216)
    assert chosen.rating_round == 2
    assert chosen.row(1).values["ARO"] == Decimal(2075)  # (2180 + 1970) / 2
    assert chosen.row(3).values["ARO"] == Decimal(1995)  # (2000 + 1990) / 2
    ignored = compute_standings(t, ["ARO"], round_ratings=per_round, break_ties_by_lot=False)
    assert ignored.row(1).values["ARO"] == Decimal(1975)  # not a long event: the registered ratings


def test_q170_withdrawn_players_marked() -> None:
    t = make_tournament(ROWS)
    t.withdrawals = {4: 3}
    st = compute_standings(t, ["BH"], break_ties_by_lot=False)
    assert st.row(4).withdrawn == 3 and st.row(1).withdrawn is None
    assert st.as_dict()["withdrawn"] == {"4": 3}
    line = next(x for x in standings_table(t, st).rows if x.player.start_rank == 4)
    assert line.name_text == "Player 4 (withdrawn from round 3)"


def test_q197_q198_expelled_players_left_out_of_the_standings() -> None:
    t = make_tournament(ROWS)
    t.expelled = {1: 2}
    st = compute_standings(t, ["BH"], break_ties_by_lot=False)
    assert [r.start_rank for r in st.rows] == [3, 2, 4]
    assert [r.rank for r in st.rows] == [1, 2, 2]  # the gap closed
    assert st.expelled == [1] and st.as_dict()["expelled"] == [1]
    assert st.row(3).values["BH"] == Decimal("2.0")  # his games still count for his opponents
    assert [r.start_rank for r in compute_standings(t, ["BH"], expelled=()).rows][:2] in ([1, 3], [3, 1])
