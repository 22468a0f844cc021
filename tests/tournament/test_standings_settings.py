"""The standings' settings as events (VCL4THP Q170, Q197-216; issue 34 item 4).

Expelled players (Q197-198), shared places (Q203), ties ranked by hand (Q205), external tie-break
values (Q207), the rule for unrated players (Q209, C.07 Art. 10 preamble) and events over 30 days
with ratings per round (Q210-216, C.07 2026 Art. 10 preamble: the first rating) are recorded in
the log, survive a replay and reach every face through :func:`arbitro.views.standings_of`.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from arbitro.errors import ArbitroError
from arbitro.tournament import TournamentService
from arbitro.views import standings_of, standings_table

from .conftest import fixed_clock


def _swiss(ratings: list[int], rounds: int = 2, *, end: str = "2026-12-03") -> TournamentService:
    """A Swiss where the lower pairing number wins every game, ``rounds`` rounds played."""
    svc = TournamentService(author="IA Test", clock=fixed_clock())
    svc.create(name="Swiss", rounds=5, start_date="2026-12-01", end_date=end)
    for i, rating in enumerate(ratings):
        svc.register_player(f"Player, {chr(65 + i)}", rating=rating)
    svc.assign_pairing_numbers()  # by rating, descending (C.04.2 2.2): the order given
    for _ in range(rounds):
        svc.pair_next_round()
        for board, game in enumerate(svc.state.round().boards, start=1):
            if not game.has_result:
                svc.enter_result(board, "1-0" if game.white < game.black else "0-1")
    return svc


def _replayed(svc: TournamentService) -> TournamentService:
    return TournamentService(svc.events)


def test_q197_q198_expelled_player_left_out_and_not_paired() -> None:
    svc = _swiss([2400, 2300, 2200, 2100, 2000, 1900])
    svc.expel(1, reason="misconduct")
    assert svc.events[-1].kind == "player_expelled"
    t = _replayed(svc).state.to_tournament()
    assert t.expelled == {1: 3}
    st = standings_of(t, ["PTS", "BH"])
    assert 1 not in [r.start_rank for r in st.rows] and st.expelled == [1]
    svc.pair_next_round()
    assert all(1 not in g.players for g in svc.state.round().boards)  # no longer paired
    with pytest.raises(ArbitroError):
        svc.expel(1)


def test_q170_withdrawn_player_marked_in_the_standings() -> None:
    svc = _swiss([2400, 2300, 2200, 2100, 2000, 1900])
    svc.withdraw(6)
    t = svc.state.to_tournament()
    st = standings_of(t, ["PTS", "BH"])
    assert st.row(6).withdrawn == 3
    line = next(x for x in standings_table(t, st).rows if x.player.start_rank == 6)
    assert line.name_text.endswith("(withdrawn from round 3)")


def test_q203_q205_shared_places_and_ties_ranked_by_hand_as_settings() -> None:
    svc = _swiss([2400, 2300, 2200, 2100], rounds=1)  # 1-3 and 2-4: 1 and 2 won, tied on PTS, 3 and 4 too
    svc.set_standings_options(shared_places=True)
    st = standings_of(_replayed(svc).state.to_tournament(), ["PTS"])
    assert [r.rank for r in st.rows] == [1, 1, 3, 3] and st.shared_places
    svc.set_standings_options(ties_by_hand=[2, 4])
    st = standings_of(_replayed(svc).state.to_tournament(), ["PTS"])
    assert [(r.start_rank, r.rank) for r in st.rows] == [(2, 1), (1, 2), (4, 3), (3, 4)]
    assert all(r.by_hand for r in st.rows)
    with pytest.raises(ArbitroError):
        svc.set_standings_options(ties_by_hand=[3, 3])


def test_q207_external_tiebreak_value_entered_and_removed() -> None:
    svc = _swiss([2400, 2300, 2200, 2100], rounds=1)
    svc.set_standings_options(shared_places=True)
    svc.enter_tiebreak_value(2, "bh", "7.5")
    t = _replayed(svc).state.to_tournament()
    assert t.external_tiebreaks == {"BH": {2: Decimal("7.5")}}
    st = standings_of(t, ["PTS", "BH"])
    assert st.rows[0].start_rank == 2 and st.rows[0].external == frozenset({"BH"})
    assert st.rows[0].values["BH"] == Decimal("7.5") and st.rows[1].values["BH"] == Decimal(0)
    svc.enter_tiebreak_value(2, "BH", None)
    assert svc.state.to_tournament().external_tiebreaks == {}
    with pytest.raises(ArbitroError):
        svc.enter_tiebreak_value(3, "BH", "abc")


def test_q209_unrated_method_as_a_setting_c07_art_10() -> None:
    svc = _swiss([2400, 2300, 0, 2100], rounds=1)
    t = svc.state.to_tournament()
    assert standings_of(t, ["PTS", "ARO"]).row(1).values["ARO"] is None  # dropped, with a message:
    assert any("--unrated-method" in w for w in standings_of(t, ["PTS", "ARO"]).warnings)
    svc.set_standings_options(unrated_method="lowest")
    st = standings_of(_replayed(svc).state.to_tournament(), ["PTS", "ARO"])
    assert st.unrated_rating == 2100 and st.row(1).values["ARO"] is not None
    svc.set_standings_options(unrated_method="fixed", unrated_rating=1400)
    assert standings_of(svc.state.to_tournament(), ["PTS", "ARO"]).unrated_rating == 1400
    with pytest.raises(ArbitroError):
        svc.set_standings_options(unrated_method="fixed")


def test_q210_to_q216_long_event_suggested_ratings_per_round_first_by_default() -> None:
    svc = _swiss([2400, 2300, 2200, 2100], rounds=1, end="2027-02-01")
    svc.set_standings_options(shared_places=True)
    assert any("over 30" in w for w in svc.warnings)  # the flag is suggested by the dates (Q210)
    svc.set_standings_options(long_event=True)
    svc.set_rating_from_round(3, 2, 2500)  # a new list from round 2 (Q212-213); 1 played 3 in round 1
    t = _replayed(svc).state.to_tournament()
    assert t.long_event and t.round_ratings == {3: {2: 2500}}
    first = standings_of(t, ["PTS", "ARO"])
    assert first.rating_round is None and any("not advised" in w for w in first.warnings)  # Q211
    assert first.row(1).values["ARO"] == Decimal(2200)  # the first rating by default (Q215)
    svc.set_standings_options(rating_round=2)  # the user chooses (Q214, Q216)
    chosen = standings_of(svc.state.to_tournament(), ["PTS", "ARO"])
    assert chosen.rating_round == 2 and chosen.row(1).values["ARO"] == Decimal(2500)
    svc.set_standings_options(rating_round=0)
    assert standings_of(svc.state.to_tournament(), ["PTS", "ARO"]).row(1).values["ARO"] == Decimal(2200)
