"""The tournament service runs a Double-Swiss event (C.04.5): one round column per game, as in its TRF.

The system is taken from the registry by what it is (two games per round), not by name.
"""

from __future__ import annotations

import random

import pytest

from arbitro.errors import ArbitroError
from arbitro.pairing import registry
from arbitro.tournament import TournamentService
from arbitro.tournament.importing import events_from_tournament
from arbitro.tournament.state import replay
from arbitro.trf import format_trf, parse_trf

TWO_GAMES = next(s for s in registry.service_systems() if s.games_per_round == 2)


def _event(players: int, rounds: int, seed: int = 1) -> TournamentService:
    svc = TournamentService(clock=lambda: "2026-12-01T00:00:00Z")
    svc.create(name="Double-Swiss", system=TWO_GAMES.key, rounds=rounds)
    for i in range(players):
        svc.register_player(f"P{i:02d}, X", rating=2100 - 9 * i)
    rng = random.Random(seed)
    for _ in range(rounds):
        svc.pair_next_round(seed=seed)
        for rnd in svc.state.rounds[-2:]:
            for b in range(1, len(rnd.boards) + 1):
                svc.enter_result(b, rng.choice(["1-0", "0-1", "½-½", "1F-0F"]), round_number=rnd.number)
    return svc


def test_c04_5_rounds_are_matches_of_two_columns_4_4():
    svc = _event(7, 4)
    st = svc.state
    assert st.total_rounds == 8 and st.paired_rounds == 8
    for k in range(4):
        g1, g2 = st.rounds[2 * k], st.rounds[2 * k + 1]
        assert [(b.black, b.white) for b in g2.boards] == [(b.white, b.black) for b in g1.boards]
        assert g1.bye == g2.bye and g1.bye is not None


def test_c04_5_pab_is_a_game_won_and_a_game_drawn_1_4():
    t = _event(5, 2).state.to_tournament()
    for p in t.iter_players():
        for k in range(2):
            codes = (p.results[2 * k].code.value, p.results[2 * k + 1].code.value)
            if p.results[2 * k].opponent is None:
                assert codes == ("U", "H")


def test_c04_5_trf_read_back_and_imported_equal():
    """The TRF of a service-run event reads back into the same event, and the checker re-pairs it."""
    t = _event(9, 5, seed=4).state.to_tournament()
    text = format_trf(t)
    back = parse_trf(text).tournament
    assert registry.of_tournament(back) is TWO_GAMES
    assert all(c.departures == [] for c in TWO_GAMES.check(back))
    assert format_trf(replay(events_from_tournament(back)).to_tournament()) == text


def test_c04_5_next_round_waits_for_both_games():
    svc = TournamentService()
    svc.create(name="DS", system=TWO_GAMES.key, rounds=3)
    for i in range(4):
        svc.register_player(f"P{i}, X")
    svc.pair_next_round(seed=1)
    for b in (1, 2):
        svc.enter_result(b, "1-0", round_number=2)  # game 2 first: the TRF view keeps the columns in order
    assert svc.state.to_tournament().played_rounds == 0
    with pytest.raises(ArbitroError, match="round 1 is not complete"):
        svc.pair_next_round()


def test_c04_5_a_bye_request_covers_the_match_Preface():
    svc = TournamentService()
    svc.create(name="DS", system=TWO_GAMES.key, rounds=3)
    for i in range(5):
        svc.register_player(f"P{i}, X")
    svc.request_bye(5, 3, "H")  # round 2 = columns 3-4
    with pytest.raises(ArbitroError, match="whole match"):
        svc.request_bye(4, 4, "H")
    t = svc.state.to_tournament()
    assert [(b.start_rank, b.round) for b in t.requested_byes] == [(5, 2)]  # 240 counts matches
