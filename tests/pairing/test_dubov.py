"""Dubov system (C.04.4.1, 2026): hand-worked positions per article and the absolute criteria."""

from __future__ import annotations

import random

import pytest

from arbitro.model import Colour, ResultCode, Tournament
from arbitro.pairing.absolute import violations
from arbitro.pairing.bracket_swiss import BracketRules, pair_brackets
from arbitro.pairing.dubov import DubovOptions, aro, compose, max_upfloats, middle_out, pair_round, rules
from arbitro.pairing.dutch_state import PlayerState, RoundState, build_state
from arbitro.pairing.generator import generate
from arbitro.pairing.registry import get
from arbitro.pairing.swiss_common import FloatHistory, float_history
from arbitro.pairing.system_check import check_system

from .swiss_cases import bye, field, pairs_of, play, random_config, two_whites_each


def test_c04_4_1_1_7_aro_rounded_half_up() -> None:
    """1.7: the ARO of opponents rated 2500 and 2490 is 2495; before any game it is 0."""
    t = field(4)
    play(t, 1, 3, ResultCode.DRAW)
    play(t, 2, 4, ResultCode.DRAW)
    play(t, 3, 2, ResultCode.DRAW)
    play(t, 4, 1, ResultCode.DRAW)
    assert aro(t, 3, 2) == 2495  # (2500 + 2490) / 2
    assert aro(t, 3, 0) == 0
    t.players[1].rating = 2501
    assert aro(t, 3, 2) == 2496  # 2495.5 rounds half up


def test_c04_4_1_1_8_maximum_upfloats() -> None:
    """1.8: MaxT = 2 + Rnds/5 (rounded down)."""
    assert [max_upfloats(r) for r in (4, 5, 9, 10, 11)] == [2, 3, 3, 4, 4]


def test_c04_4_1_5_2_round_one_top_half_against_bottom_half() -> None:
    """Round 1 (1.6.4 mild Black for all, 5.2 first rule): 1-4, 5-2, 3-6 with White drawn for TPN 1."""
    assert pair_round(field(6), 1).as_bbp_lines() == ["3", "1 4", "5 2", "3 6"]


def test_c04_4_1_3_1_pab_to_the_lowest_score_then_the_largest_tpn() -> None:
    """3.1: with five players in round 1 the PAB goes to TPN 5 (lowest score, largest TPN)."""
    assert pair_round(field(5), 1).as_bbp_lines() == ["3", "1 3", "4 2", "5 0"]


def test_c04_4_1_3_1_pab_to_the_player_with_more_games() -> None:
    """3.1.3: among the lowest scores the PAB goes to the player who played more games (not the absentee)."""
    t = field(5)
    play(t, 1, 3, ResultCode.WIN)
    play(t, 2, 4, ResultCode.WIN)
    bye(t, 5, ResultCode.ZERO_BYE)  # absent in round 1: 0 points, no game
    p = pair_round(t, 2)
    assert p.bye == 4  # 3 and 4 have 0 points and one game each; 5 has none; 4 has the larger TPN


def test_c04_4_1_4_4_lowest_aro_white_seeker_meets_the_highest_rated_black_seeker() -> None:
    """4.4: all draws in round 1; White seekers 2 (ARO 2470) and 3 (ARO 2500) in ARO order take 1, then 4."""
    t = field(4)
    play(t, 1, 3, ResultCode.DRAW)
    play(t, 4, 2, ResultCode.DRAW)
    assert pair_round(t, 2).as_bbp_lines() == ["2", "2 1", "3 4"]


def test_c04_4_1_c5_c6_upfloaters_complete_a_blocked_bracket() -> None:
    """[C5]-[C6], 3.2.4, 4.3, 4.4: 3 and 6 met, so 4 and 5 float up.

    G1 (White seekers) = 6, 5, 4 by ARO (2480, 2490, 2500), G2 = 3: one pair inside G1 is
    unavoidable, so one shifter goes to G2, the first in middle-out order (4.3.3): 5. Then
    S1 = 6, 4 and T2 = 3, 5: 6-3 met, so the first transposition is 5, 3: 6-5 and 4-3.
    """
    t = field(6)
    play(t, 1, 4, ResultCode.WIN)
    play(t, 2, 5, ResultCode.WIN)
    play(t, 3, 6, ResultCode.DRAW)
    assert pair_round(t, 2).as_bbp_lines() == ["3", "2 1", "4 3", "6 5"]


def test_c04_4_1_c3_same_absolute_preference_never_meets() -> None:
    """[C3]: two players who both had White twice cannot meet (no topscorer exception)."""
    t = two_whites_each()
    st = build_state(t, 3)
    r = rules(st, {p.id: 0 for p in st.players}, float_history(t, 2), 3)
    one, two = (next(p for p in st.players if p.id == i) for i in (1, 2))
    assert one.absolute and two.absolute and one.pref is two.pref is Colour.BLACK
    assert not r.compatible(one, two)
    pairing = pair_round(t, 3)
    assert pairs_of(pairing).isdisjoint({frozenset((1, 2))})


def test_c04_4_1_c10_previous_upfloater_counted() -> None:
    """1.8 / [C8]-[C10]: an upfloat is a game against a higher score; last round's upfloaters are known."""
    t = field(4)
    play(t, 1, 2, ResultCode.WIN)
    play(t, 3, 4, ResultCode.WIN)
    play(t, 1, 3, ResultCode.WIN)
    play(t, 4, 2, ResultCode.WIN)
    h = float_history(t, 2)
    assert h.upfloats == {} and h.up_last == set()
    play(t, 3, 1, ResultCode.LOSS)  # round 3: 3 (1 pt) meets 1 (2 pts)
    play(t, 2, 4, ResultCode.DRAW)  # 0 against 1
    h = float_history(t, 3)
    assert h.upfloats == {3: 1, 2: 1} and h.up_last == {2, 3}


def _forfeit_after_round_two() -> Tournament:
    """Six players, 5 rounds; round 2's only game between different scores is a forfeit.

    Round 1: 4-1 0-1, 2-5 draw, 6-3 forfeit (+/-). Round 2: 1-6 1-0, 3-2 forfeit (+/-: 3 with 0
    points against 2 with 0.5), 5-4 draw (4 with 0 against 5 with 0.5: a played upfloat).
    """
    t = field(6, rounds=5)
    play(t, 4, 1, ResultCode.LOSS)
    play(t, 2, 5, ResultCode.DRAW)
    play(t, 6, 3, ResultCode.FORFEIT_WIN)
    play(t, 1, 6, ResultCode.WIN)
    play(t, 3, 2, ResultCode.FORFEIT_WIN)
    play(t, 5, 4, ResultCode.DRAW)
    return t


def test_c04_4_1_1_8_an_upfloat_is_a_game_played_against_a_higher_score() -> None:
    """1.8, [C8]-[C10]: "upfloated" as C.04.3 1.4.2 (2026) defines an upfloat: after two players with
    different scores have *played* each other. 3's forfeit win against 2 (0 against 0.5) is none;
    4's draw against 5 (0 against 0.5) is one. The earlier reading counted the forfeit too."""
    t = _forfeit_after_round_two()
    h = float_history(t, 2, played_only=True)
    assert h.upfloats == {4: 1} and h.up_last == {4}
    old = float_history(t, 2)
    assert old.upfloats == {3: 1, 4: 1} and old.up_last == {3, 4}


def test_c04_4_1_c10_a_forfeit_win_is_no_upfloat() -> None:
    """3.2.2, 4.2, [C10]: round 3, bracket {1} (2 points) needs one upfloater from 3, 5, 6 (1 point).

    1 met 6; 3 and 5 both seek Black as 1 does (3 has no game: 1.6.4; 5 alternates after White),
    so [C5]-[C9] tie and neither upfloated last round (3's round-2 point was a forfeit): the first
    set in 4.2 order is {3}. The pre-2026-12-04 reading (a forfeit as an upfloat) made 3 a
    last-round upfloater and took 5 by [C10]; py4swiss and CPPDubovSystem pair 1-3 (issue 35).
    """
    t = _forfeit_after_round_two()
    assert frozenset((1, 3)) in pairs_of(pair_round(t, 3))
    assert pairs_of(pair_round(t, 3)) == {frozenset((1, 3)), frozenset((5, 6)), frozenset((2, 4))}
    old = pair_round(t, 3, DubovOptions(unplayed_upfloats=True))
    assert frozenset((1, 5)) in pairs_of(old)


@pytest.mark.parametrize("seed", range(1, 9))
def test_c04_4_1_3_2_6_first_legal_transposition_is_the_first_best_on_c7(seed: int) -> None:
    """3.2.6 takes "the first transposition [...] that can yield a legal pairing"; the earlier
    reading took the first that keeps the bracket best on [C7]. They cannot differ. Every player
    has a colour preference (1.6.3-1.6.4), so [C7] counts the pairs of two seekers of one colour,
    and with the sizes fixed it moves with the pairs of either colour alone. Say 3.2.4.1 shifted
    k White seekers out of G1 (k = the fewest White-White pairs of a legal pairing); after
    3.2.4.2 a White-White pair of S1 and T2 joins a White seeker who stayed in G1 to one of the
    k shifted, so every legal T2 has at most k such pairs and, being legal, at least k: [C7] is
    the same for all of them (likewise with colours swapped; with k = 0 G1 or G2 holds one
    colour only). Checked on generated events."""
    rng = random.Random(seed)
    t = generate(random_config(rng), seed, pair=lambda t, r: pair_round(t, r), system="FIDE_DUBOV")
    keep = DubovOptions(t2_keeps_colours=True)
    for rnd in range(1, t.played_rounds + 1):
        a, b = pair_round(t, rnd), pair_round(t, rnd, keep)
        assert (a.boards, a.bye) == (b.boards, b.bye)


@pytest.mark.parametrize("seed", range(1, 41))
def test_absolute_criteria_on_generated_tournaments(seed: int) -> None:
    """C.04.1 arts. 2, 4, 6, 7 ([C1]-[C3]) hold in every round; the checker accepts every round."""
    system = get("dubov")
    rng = random.Random(seed)
    t = generate(random_config(rng), seed, pair=lambda t, r: pair_round(t, r), system="FIDE_DUBOV")
    assert violations(t) == []
    assert all(c.agrees for c in check_system(t, system))


def _state(pid: int, acc: int, pref: Colour | None = None, games: int = 1) -> PlayerState:
    """A synthetic player for bracket-level positions: TPN order = id order."""
    return PlayerState(
        id=pid,
        rank=pid - 1,
        score=acc,
        acc=acc,
        pref=pref,
        imbalance=0,
        repeated=None,
        absolute=False,
        strong=False,
        played_games=games,
        eligible_bye=True,
        floats=(None, None),
    )


def _dubov_rules(aros: dict[int, int]) -> BracketRules:
    st = RoundState(3, 9, [], {}, Colour.WHITE, 100, 50, {})
    return rules(st, aros, FloatHistory(), max_upfloats(9))


def test_c04_4_1_4_3_3_sequence_numbers_from_the_middle_out() -> None:
    """4.3.3: from the (remaining) middle; of two middle players, the higher: A..G -> D C E B F A G."""
    ps = [_state(i, 0) for i in range(1, 8)]
    assert [p.id for p in middle_out(ps)] == [4, 3, 5, 2, 6, 1, 7]
    assert [p.id for p in middle_out(ps[:6])] == [3, 4, 2, 5, 1, 6]


def test_c04_4_1_4_3_shifters_middle_out() -> None:
    """3.2.4.2, 4.3: four White seekers (AROs 2400 < 2410 < 2420 < 2430), no Black seeker.

    Two of G1 must go to G2; with G1 sorted by ARO (11, 12, 13, 14) the middle-out sequence
    numbers give 12 then 13: G1 = 11, 14 and G2 = 12, 13, so S1 = 11, 14 meets T2 = 12, 13.
    """
    ps = [_state(i, 100, Colour.WHITE) for i in (11, 12, 13, 14)]
    aros = {11: 2400, 12: 2410, 13: 2420, 14: 2430}
    weights = {(x, y): 1 << 20 for x in range(4) for y in range(x)}
    m, _, order = compose(ps, weights, aros)
    assert [(p.id, [q.id for q in t2]) for p, t2 in order] == [(11, [12, 13]), (14, [12, 13])]
    left = [(x, y) for x in range(4) for y in range(x) if m.weight(x, y)]
    assert left and all((ps[x].id in (11, 14)) != (ps[y].id in (11, 14)) for x, y in left)
    pairs = pair_brackets(ps, {}, _dubov_rules(aros))
    assert {frozenset((a.id, b.id)) for a, b in pairs} == {frozenset((11, 12)), frozenset((14, 13))}


def test_c04_4_1_4_3_a_shifter_who_cannot_stay_inside_is_skipped() -> None:
    """3.2.4 "the first set that can yield a legal pairing", 4.1: 12 met 11 and 14.

    The candidates in 4.3 order are 12, 13, 11, 14 (sequence numbers 1-4). {12, 13} would shift
    both players of the only pair 12 can make; the next set, {12, 11}, is legal: G1 = 13, 14 and
    G2 = 11, 12 (S1 = 13, 14; T2 = 11, 12 fails on 14-12, so 12, 11).
    """
    ps = [_state(i, 100, Colour.WHITE) for i in (11, 12, 13, 14)]
    aros = {11: 2400, 12: 2410, 13: 2420, 14: 2430}
    met = {(1, 0), (3, 1)}  # member indices: 12-11, 14-12
    weights = {(x, y): 0 if (x, y) in met else 1 << 20 for x in range(4) for y in range(x)}
    _, _, order = compose(ps, weights, aros)
    assert [(p.id, [q.id for q in t2]) for p, t2 in order] == [(13, [11, 12]), (14, [11, 12])]


def test_c04_4_1_4_2_upfloater_sets_by_the_smallest_differing_sequence_number() -> None:
    """3.2.2, 4.1-4.2: A and B (2 points) met, so two of L1..L6 (1 point, sequence numbers 1..6) float up.

    L5 can meet only L1 among the others: a set with L1 and without L5 leaves L5 alone, so the
    legal sets are those with L5 or without L1. {1, 5} comes before {2, 3} (1 < 2), although a
    sum of sequence numbers would prefer {2, 3} (5 < 6).
    """
    top = [_state(1, 200), _state(2, 200)]
    low = [_state(i, 100) for i in range(3, 9)]  # L1..L6 = 3..8, L5 = 7
    forbidden = {1: {2}, 2: {1}, 7: {4, 5, 6, 8}, 4: {7}, 5: {7}, 6: {7}, 8: {7}}
    pairs = pair_brackets(top + low, forbidden, _dubov_rules({p.id: 0 for p in top + low}))
    partners = {b.id if a.id in (1, 2) else a.id for a, b in pairs if {a.id, b.id} & {1, 2}}
    assert partners == {3, 7}
