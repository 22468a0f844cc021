"""C.04.6 (Swiss Team Pairing System, 2026): one test per article (docs/pairing-systems/team-swiss.md)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from tests.teams.helpers import bye, event, forfeit, play

from arbitro.pairing.types import NoValidPairing
from arbitro.teams.colours import allocate_colours, first_team
from arbitro.teams.model import ByeKind, ColourPreferenceType, MatchForfeit, PrimaryScore
from arbitro.teams.state import TeamState, build_states, colour_preference
from arbitro.teams.swiss import pair_round


def pairs(p) -> set[frozenset[int]]:  # type: ignore[no-untyped-def]
    return {frozenset((b.white, b.black)) for b in p.boards}


def state(tpn: int, score: int = 0, secondary: int = 0, played: int = 1, cod: int = 0, csq: str = "", cop: str = "") -> TeamState:
    return TeamState(tpn, Fraction(score), Fraction(secondary), played, cod, csq, cop, False, False, frozenset())


# --- art. 1: definitions --------------------------------------------------------------------
def test_c0406_1_1_tpn_is_the_team_number_and_round_1_pairs_top_half_against_bottom_half() -> None:
    p = pair_round(event(8), 1)
    assert pairs(p) == {frozenset(x) for x in ((1, 5), (2, 6), (3, 7), (4, 8))}


def test_c0406_1_2_game_points_can_be_the_primary_score() -> None:
    e = event(4, boards=4, primary=PrimaryScore.GAME)
    play(e, 1, 1, 3, "1100")  # 2-2
    play(e, 1, 2, 4, "1111")  # 4-0
    s = build_states(e, 2)
    assert s[2].score == 4 and s[1].score == 2 and s[1].secondary == 1


def test_c0406_1_4_pab_scores_match_points_of_a_win() -> None:
    e = event(3)
    p = pair_round(e, 1)
    assert p.bye == 3  # 3.4.2 lowest score, 3.4.4 largest TPN


def test_c0406_1_5_floater_is_a_team_that_met_a_different_score() -> None:
    e = event(4)
    play(e, 1, 1, 3, "11")
    play(e, 1, 2, 4, "11")
    play(e, 2, 1, 2, "11")  # same scores: no float
    play(e, 2, 3, 4, "11")
    s = build_states(e, 3)
    assert not any(x.floated for x in s.values())
    e2 = event(4)
    play(e2, 1, 1, 3, "11")
    play(e2, 1, 2, 4, "11")
    play(e2, 2, 1, 4, "11")  # 2 MP against 0 MP: both floated
    play(e2, 2, 2, 3, "11")
    s2 = build_states(e2, 3)
    assert all(x.floated for x in s2.values())


def test_c0406_1_5_a_bye_is_no_float() -> None:
    e = event(3)
    bye(e, 1, 3)
    play(e, 1, 1, 2, "11")
    assert not build_states(e, 2)[3].floated


def test_c0406_1_6_colour_is_board_one_and_only_of_played_matches() -> None:
    e = event(4)
    play(e, 1, 1, 3, "11")
    forfeit(e, 1, 2, 4, MatchForfeit.WHITE_WINS)
    s = build_states(e, 2)
    assert s[1].csq == "w" and s[3].csq == "b" and s[2].csq == "" and s[4].csq == ""
    assert s[1].cod == 1 and s[3].cod == -1


@pytest.mark.parametrize(
    ("cod", "csq", "kind", "last", "expected"),
    [
        (-2, "bwbb", ColourPreferenceType.A, False, "w2"),  # 1.7.1: colour difference < -1
        (0, "wwbb", ColourPreferenceType.A, False, "w2"),  # 1.7.1: last two Black
        (1, "bww", ColourPreferenceType.A, False, "b2"),
        (1, "w", ColourPreferenceType.A, False, ""),  # 1.7.1: type A has no other preference
        (-1, "b", ColourPreferenceType.B, False, "w1"),  # 1.7.2: mild
        (0, "wb", ColourPreferenceType.B, False, "w1"),  # 1.7.2: alternate
        (0, "wb", ColourPreferenceType.B, True, ""),  # 1.7.2: not in the last round
        (0, "", ColourPreferenceType.B, False, ""),  # 1.7.2: no match played
        (-2, "bb", ColourPreferenceType.NONE, False, ""),  # 1.7: the rules may say none
    ],
)
def test_c0406_1_7_colour_preferences(cod: int, csq: str, kind: ColourPreferenceType, last: bool, expected: str) -> None:
    assert colour_preference(cod, csq, kind, last) == expected


# --- art. 2: criteria -------------------------------------------------------------------------
def test_c0406_2_1_1_c1_teams_do_not_meet_twice() -> None:
    e = event(4)
    play(e, 1, 1, 3, "11")
    play(e, 1, 2, 4, "11")
    p = pair_round(e, 2)
    assert frozenset((1, 3)) not in pairs(p) and frozenset((2, 4)) not in pairs(p)


def test_c0406_2_1_1_a_forfeited_match_is_no_meeting() -> None:
    e = event(2)
    forfeit(e, 1, 1, 2, MatchForfeit.WHITE_WINS)
    assert pairs(pair_round(e, 2)) == {frozenset((1, 2))}


def test_c0406_2_1_2_c2_no_second_pab_nor_after_a_forfeit_win() -> None:
    e = event(3)
    bye(e, 1, 3)
    play(e, 1, 1, 2, "11")
    assert pair_round(e, 2).bye == 2  # 3 had the PAB
    e2 = event(3)
    bye(e2, 1, 1)
    forfeit(e2, 1, 3, 2, MatchForfeit.WHITE_WINS)
    assert pair_round(e2, 2).bye == 2  # 3 won by forfeit, 1 had the PAB


def _perfect(nodes: list[int], met: dict[int, frozenset[int]]) -> bool:
    """Brute force: can ``nodes`` be paired with no second meeting?"""
    if not nodes:
        return True
    a, rest = nodes[0], nodes[1:]
    return any(b not in met[a] and _perfect([x for x in rest if x != b], met) for b in rest)


def test_c0406_2_2_1_c3_and_3_4_1_the_pab_is_the_first_candidate_that_leaves_a_legal_pairing() -> None:
    from arbitro.teams.generator import GeneratorConfig, generate

    checked = 0
    for seed in range(40):
        e = generate(GeneratorConfig(teams=5 + 2 * (seed % 3), rounds=6, seed=seed, board_forfeit=0, match_forfeit=0))
        for rnd in range(2, e.played_rounds() + 1):
            s = build_states(e, rnd)
            pab = [b.team for b in e.byes_of_round(rnd)]
            cands = sorted((t for t in s if not s[t].pab_barred), key=lambda t: (s[t].score, -s[t].played, -t))
            met = {t: s[t].met for t in s}
            first = next(t for t in cands if _perfect([x for x in sorted(s) if x != t], met))
            assert pab == [first], (seed, rnd)
            checked += 1
    assert checked > 50


def test_c0406_2_3_1_c4_fewest_upfloaters() -> None:
    e = event(6)
    play(e, 1, 1, 4, "11")
    play(e, 1, 2, 5, "11")
    play(e, 1, 3, 6, "11")
    p = pair_round(e, 2)  # winners 1,2,3 (odd): one upfloater, not three
    ups = sum(1 for b in p.boards if {b.white, b.black} & {1, 2, 3} and {b.white, b.black} & {4, 5, 6})
    assert ups == 1


def test_c0406_2_3_2_c5_upfloater_with_the_highest_score() -> None:
    e = event(6, boards=2)
    play(e, 1, 1, 4, "11")
    play(e, 1, 2, 5, "1=")
    play(e, 1, 3, 6, "==")
    play(e, 2, 1, 6, "11")  # 1: 4 MP, 6: 1
    play(e, 2, 2, 3, "==")  # 2: 3, 3: 2
    play(e, 2, 4, 5, "==")  # 4, 5: 1
    p = pair_round(e, 3)
    top = next(b for b in p.boards if 1 in (b.white, b.black))
    assert {top.white, top.black} - {1} == {2}  # 2 has the next score (C5), not 3


def test_c0406_2_3_3_c6_next_scoregroup_stays_pairable() -> None:
    # top group {1}; next group {2, 3} has met: taking 2 or 3 as upfloater leaves the other one
    # needing an upfloater from below - C6 is then met only if ... both options are equal, so the
    # lexicographic order of 3.5.4 takes 2.
    e = event(4)
    play(e, 1, 1, 4, "11")
    play(e, 1, 2, 3, "1=")
    p = pair_round(e, 2)
    assert frozenset((1, 2)) in pairs(p)


def test_c0406_2_3_4_c7_upfloater_who_floated_last_round_is_avoided() -> None:
    e = event(6, rounds=9)
    play(e, 1, 1, 4, "11")
    play(e, 1, 2, 5, "11")
    play(e, 1, 3, 6, "11")  # 1,2,3 on 2; 4,5,6 on 0
    play(e, 2, 1, 2, "11")  # 1: 4
    play(e, 2, 3, 4, "00")  # 4 up-floated against 3 and won: 4 has 2, 3 has 2
    play(e, 2, 5, 6, "11")  # 5: 2, 6: 0
    s = build_states(e, 3)
    assert s[4].floated and s[3].floated and not s[5].floated
    p = pair_round(e, 3)
    top = next(b for b in p.boards if 1 in (b.white, b.black))
    # candidates with 2 MP: 2 (met 1), 3, 4, 5; 3 and 4 floated in round 2, 5 did not
    assert {top.white, top.black} == {1, 5}


def test_c0406_2_3_4_c7_does_not_apply_in_the_last_two_rounds() -> None:
    e = event(6, rounds=4)
    play(e, 1, 1, 4, "11")
    play(e, 1, 2, 5, "11")
    play(e, 1, 3, 6, "11")
    play(e, 2, 1, 2, "11")
    play(e, 2, 3, 4, "00")
    play(e, 2, 5, 6, "11")
    p = pair_round(e, 3)  # round 3 of 4: C7 off, lexicographic first (3) wins
    top = next(b for b in p.boards if 1 in (b.white, b.black))
    assert {top.white, top.black} == {1, 3}


def test_c0406_2_3_5_c8_same_colour_preference_pairs_are_avoided() -> None:
    e = event(4)
    for rnd, (a, b, c, d) in enumerate([(1, 3, 2, 4), (1, 4, 2, 3)], start=1):
        play(e, rnd, a, b, "==")
        play(e, rnd, c, d, "==")
    s = build_states(e, 3)
    assert s[1].cop == "b2" and s[2].cop == "b2" and s[3].cop == "w2" and s[4].cop == "w2"
    # all on 2 MP; 1-2 would be a same-preference pair; 1-3, 2-4 met; so 1-4 ... met too; only 1-2, 3-4 left
    p = pair_round(e, 3)
    assert pairs(p) == {frozenset((1, 2)), frozenset((3, 4))}


def test_c0406_2_3_6_c9_type_b_strong_preferences() -> None:
    e = event(4, colour_type=ColourPreferenceType.B)
    play(e, 1, 1, 3, "==")
    play(e, 1, 2, 4, "==")
    s = build_states(e, 2)
    assert s[1].cop == "b1" and s[3].cop == "w1"  # mild only: C9 is inert here


def _bracket(floated: set[int], rounds: int = 9, rnd: int = 3) -> set[frozenset[int]]:
    """Pair the bracket {1, 2, 3 (score 4), 4 (upfloater, score 2)} with ``floated`` teams (art. 3.6)."""
    from arbitro.teams.swiss import _Pairer

    e = event(4, rounds=rounds)
    states = {
        t: TeamState(t, Fraction(4 if t < 4 else 2), Fraction(0), 2, 0, "wb", "", t in floated, False, frozenset())
        for t in range(1, 5)
    }
    p = _Pairer(e, rnd, states, [1, 2, 3, 4])
    return {frozenset(x) for x in p.pair_bracket([1, 2, 3, 4])}


def test_c0406_3_6_4_without_floats_the_first_identifier() -> None:
    assert _bracket(set()) == {frozenset((1, 3)), frozenset((2, 4))}


def test_c0406_2_3_7_c10_the_upfloater_avoids_an_opponent_who_floated() -> None:
    # 2 floated last round: 2-4 would cost [C10]; the next identifier without cost is 1-4, 2-3
    assert _bracket({2}) == {frozenset((1, 4)), frozenset((2, 3))}


def test_c0406_2_3_7_c10_does_not_apply_in_the_last_two_rounds() -> None:
    assert _bracket({2}, rounds=4, rnd=3) == {frozenset((1, 3)), frozenset((2, 4))}


# --- art. 3: the pairing process -------------------------------------------------------------
def test_c0406_3_3_3_no_legal_pairing_is_reported() -> None:
    e = event(2)
    play(e, 1, 1, 2, "11")
    with pytest.raises(NoValidPairing, match="3.3.3"):
        pair_round(e, 2)


def test_c0406_3_4_pab_lowest_score_then_most_played_then_largest_tpn() -> None:
    e = event(5)
    play(e, 1, 1, 3, "11")
    play(e, 1, 2, 4, "11")
    bye(e, 1, 5)
    p = pair_round(e, 2)
    assert p.bye == 4  # 3 and 4 have 0 MP (5 had the PAB: C2); the larger TPN


def test_c0406_3_5_3_and_3_5_4_sets_are_in_lexicographic_tpn_order() -> None:
    e = event(6)
    play(e, 1, 1, 4, "11")
    play(e, 1, 2, 5, "00")
    play(e, 1, 3, 6, "00")  # top: 1, 5, 6 (3 teams); one upfloater among 2, 3, 4 -> 2
    p = pair_round(e, 2)
    bracket = [b for b in p.boards if {b.white, b.black} & {1, 5, 6}]
    teams = {t for b in bracket for t in (b.white, b.black)}
    assert 2 in teams and 3 not in teams and 4 not in teams


def test_c0406_3_6_first_identifier_is_top_half_against_bottom_half() -> None:
    e = event(10)
    p = pair_round(e, 1)
    assert pairs(p) == {frozenset((i, i + 5)) for i in range(1, 6)}


def test_c0406_3_6_with_a_conflict_the_next_identifier() -> None:
    e = event(4)
    play(e, 1, 1, 3, "==")
    play(e, 1, 2, 4, "==")
    p = pair_round(e, 2)  # all on 1 MP: 1-3 met, so 1-2? identifier (1,2|3,4)... 1-4, 2-3 is (1,2|4,3)
    assert pairs(p) == {frozenset((1, 4)), frozenset((2, 3))}


# --- art. 4: colours -------------------------------------------------------------------------
def test_c0406_4_2_first_team_by_score_secondary_tpn() -> None:
    assert first_team(state(2, 4), state(1, 2), True)
    assert first_team(state(2, 4, 5), state(1, 4, 3), True)
    assert not first_team(state(2, 4, 5), state(1, 4, 3), False)  # 1.2.2 / 4.2.2 not used
    assert first_team(state(1, 4, 3), state(2, 4, 3), True)


def test_c0406_4_3_1_round_one_odd_tpn_gets_the_initial_colour() -> None:
    assert allocate_colours(state(1, played=0), state(5, played=0), "W", False, True)[:2] == (1, 5)
    assert allocate_colours(state(2, played=0), state(6, played=0), "W", False, True)[:2] == (6, 2)
    assert allocate_colours(state(1, played=0), state(5, played=0), "B", False, True)[:2] == (5, 1)


def test_c0406_4_3_2_only_one_preference() -> None:
    w, b, rule = allocate_colours(state(1, cop="", csq="w", cod=1), state(2, cop="w2", csq="bb", cod=-2), "W", False, True)
    assert (w, b, rule) == (2, 1, "4.3.2")


def test_c0406_4_3_3_opposite_preferences() -> None:
    w, b, rule = allocate_colours(state(1, cop="b2", csq="ww", cod=2), state(2, cop="w2", csq="bb", cod=-2), "W", False, True)
    assert (w, b, rule) == (2, 1, "4.3.3")


def test_c0406_4_3_4_type_b_strong_beats_mild() -> None:
    w, b, rule = allocate_colours(state(1, cop="w1", csq="b", cod=-1), state(2, cop="w2", csq="bb", cod=-2), "W", True, True)
    assert (w, b, rule) == (2, 1, "4.3.4")


def test_c0406_4_3_5_lower_colour_difference_gets_white() -> None:
    w, b, rule = allocate_colours(state(1, cop="w2", csq="bwbb", cod=-2), state(2, cop="w2", csq="bbbw", cod=-2 - 1), "W", False, True)
    assert (w, b, rule) == (2, 1, "4.3.5")


def test_c0406_4_3_6_alternate_from_the_last_differing_round() -> None:
    w, b, rule = allocate_colours(state(1, csq="wb", cod=0), state(2, csq="bb", cod=0), "W", False, True)
    assert rule == "4.3.6" or rule == "4.3.5"
    w, b, rule = allocate_colours(state(1, csq="wbw", cod=1), state(2, csq="bww", cod=1), "W", False, True)
    assert (w, b, rule) == (1, 2, "4.3.6")  # round 2: 1 had Black, 2 White -> 1 White


def test_c0406_4_3_7_first_team_preference() -> None:
    w, b, rule = allocate_colours(state(1, cop="w2", csq="wbb", cod=-1), state(2, cop="w2", csq="wbb", cod=-1), "W", False, True)
    assert (w, b, rule) == (1, 2, "4.3.7")


def test_c0406_4_3_8_alternate_the_first_team() -> None:
    w, b, rule = allocate_colours(state(1, csq="w", cod=1), state(2, csq="w", cod=1), "W", False, True)
    assert (w, b, rule) == (2, 1, "4.3.8")


def test_c0406_4_3_9_alternate_the_other_team() -> None:
    # first-team (higher score) has not played over the board; the other had White: first gets White
    w, b, rule = allocate_colours(state(1, 2, csq="", cod=0, played=0), state(2, 0, csq="bw", cod=0), "W", False, True)
    assert (w, b, rule) == (1, 2, "4.3.9")


def test_c0406_declared_byes_are_not_paired() -> None:
    e = event(5)
    bye(e, 1, 2, ByeKind.HALF)
    p = pair_round(e, 1)
    assert p.unpaired == {2: "H"} and p.bye is None and len(p.boards) == 2


def test_c0406_3_3_2_the_pab_is_assigned_before_the_brackets_are_paired() -> None:
    p = pair_round(event(5), 1)
    assert p.bye == 5 and pairs(p) == {frozenset((1, 3)), frozenset((2, 4))}


def test_c0406_1_3_2_a_bracket_is_the_top_scoregroup_and_its_upfloaters_no_downfloaters() -> None:
    e = event(6)
    play(e, 1, 1, 4, "11")
    play(e, 1, 2, 5, "11")
    play(e, 1, 3, 6, "11")
    p = pair_round(e, 2)
    winners = {1, 2, 3}
    mixed = [b for b in p.boards if len({b.white, b.black} & winners) == 1]
    inside = [b for b in p.boards if {b.white, b.black} <= winners]
    assert len(mixed) == 1 and len(inside) == 1  # the odd resident meets the one upfloater


def test_c0406_4_1_the_initial_colour_drawn_before_round_1() -> None:
    for colour, white_of_first in (("W", 1), ("B", 5)):
        p = pair_round(event(8, initial_colour=colour), 1)
        first = next(b for b in p.boards if 1 in (b.white, b.black))
        assert first.white == white_of_first


def test_c0406_3_5_5_c7_decides_among_sets_that_all_comply_with_c6() -> None:
    """Art. 3.5.5: the first set complying with [C6] and [C7]; here [C6] holds for both candidates."""
    from arbitro.teams.swiss import _Pairer

    e = event(6, rounds=9)
    # top group {1} (4 MP); next group {2, 3} (2 MP) has met; lower {4, 5, 6} on 0
    met = {1: frozenset(), 2: frozenset({3}), 3: frozenset({2}), 4: frozenset(), 5: frozenset(), 6: frozenset()}
    score = {1: 4, 2: 2, 3: 2, 4: 0, 5: 0, 6: 0}
    states = {t: TeamState(t, Fraction(score[t]), Fraction(0), 2, 0, "wb", "", t == 2, False, met[t]) for t in met}
    p = _Pairer(e, 3, states, sorted(states))
    residents, ups = p.bracket(sorted(states))
    # taking 2 (floated, [C7] = 1) or 3 ([C7] = 0) leaves the other alone in its group: [C6] holds for both
    # ({3} or {2} plus one upfloater from 4-6), so [C7] decides: 3
    assert residents == [1] and ups == [3]
