"""Lim system (C.04.4.3, 2026): hand-worked positions per article and the absolute criteria."""

from __future__ import annotations

import random

import pytest

from arbitro.model import Colour, ResultCode, Tournament
from arbitro.pairing.absolute import violations
from arbitro.pairing.dutch_state import PlayerState, RoundState, build_state
from arbitro.pairing.generator import generate
from arbitro.pairing.lim import DOWN, UP, _bye, _Round, group_order, median_score, pair_round
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


# ---- hand-made scoregroups (PlayerState directly): one test per article of 2.4-5.7 ----------------


def _p(tpn: int, points: float, colours: str = "", floated: bool = False) -> PlayerState:
    """Player #``tpn`` with ``points`` and the colours played (``"WB"``: White then Black)."""
    cs = [Colour.WHITE if c == "W" else Colour.BLACK for c in colours]
    diff = sum(1 if c is Colour.WHITE else -1 for c in cs)
    pref = None if not cs else (Colour.BLACK if diff > 0 else Colour.WHITE if diff < 0 else cs[-1].opposite)
    acc = int(points * 100)
    return PlayerState(
        tpn, tpn - 1, acc, acc, pref, abs(diff), None, False, False, len(cs), True, (None, None), cs
    )


def _round(
    players: list[PlayerState],
    met: tuple[tuple[int, int], ...] = (),
    rnd: int = 3,
    maxi: bool = False,
    ratings: dict[int, int] | None = None,
    floated: tuple[int, ...] = (),
) -> _Round:
    forbidden: dict[int, set[int]] = {p.id: set() for p in players}
    for a, b in met:
        forbidden.setdefault(a, set()).add(b)
        forbidden.setdefault(b, set()).add(a)
    st = RoundState(rnd, 9, players, forbidden, Colour.WHITE, 100, 50, {})
    return _Round(st, ratings or {}, set(floated), maxi)


def _pairs(pairs: list[tuple[PlayerState, PlayerState]]) -> set[frozenset[int]]:
    return {frozenset((a.id, b.id)) for a, b in pairs}


def _fs(*pairs: tuple[int, int]) -> set[frozenset[int]]:
    return {frozenset(p) for p in pairs}


def _group(
    r: _Round,
    residents: list[PlayerState],
    incoming: list[tuple[PlayerState, bool]] | None = None,
    adjacent: list[PlayerState] | None = None,
    direction: int = DOWN,
) -> tuple[set[frozenset[int]], list[int]]:
    done = r.pair_group(residents, incoming or [], adjacent or [], direction)
    assert done is not None
    pairs, floaters = done
    return _pairs(pairs), sorted(f.id for f in floaters)


def test_c04_4_3_art_2_4_top_half_against_bottom_half() -> None:
    """2.4: six players with no history: 1 v 4, 2 v 5, 3 v 6."""
    six = [_p(i, 2) for i in range(1, 7)]
    assert _group(_round(six), six) == (_fs((1, 4), (2, 5), (3, 6)), [])


@pytest.mark.parametrize(
    ("met_of_one", "expected"),
    [
        ((), ((1, 4), (2, 5), (3, 6))),
        ((4,), ((1, 5), (2, 4), (3, 6))),
        ((4, 5), ((1, 6), (2, 4), (3, 5))),
        ((4, 5, 6), ((1, 3), (2, 5), (4, 6))),
        ((4, 5, 6, 3), ((1, 2), (3, 5), (4, 6))),
    ],
)
def test_c04_4_3_art_4_2_player_one_tries_the_bottom_half_then_the_top_half_upward(
    met_of_one: tuple[int, ...], expected: tuple[tuple[int, int], ...]
) -> None:
    """4.2: #1 tries 4, 5, 6, then 3, 2; the others are arranged again and paired 2.4-wise.

    By hand: #1 met 4 -> 1 v 5, left 2, 3 | 4, 6 -> 2 v 4, 3 v 6; met 4, 5 -> 1 v 6, left 2, 3 | 4, 5;
    met 4, 5, 6 -> 1 v 3, left 2, 4 | 5, 6 -> 2 v 5, 4 v 6; met 4, 5, 6, 3 -> 1 v 2, 3 v 5, 4 v 6.
    """
    six = [_p(i, 2) for i in range(1, 7)]
    r = _round(six, tuple((1, o) for o in met_of_one))
    assert _group(r, six) == (_fs(*expected), [])


@pytest.mark.parametrize(
    ("met_of_two", "expected"),
    [
        ((), ((1, 6), (2, 4), (3, 5))),
        ((4,), ((1, 6), (2, 5), (3, 4))),
        ((4, 5), ((1, 6), (2, 3), (4, 5))),
        ((4, 5, 3), ((1, 3), (2, 6), (4, 5))),
        ((4, 5, 3, 6), ((1, 2), (3, 5), (4, 6))),
    ],
)
def test_c04_4_3_art_4_3_once_one_has_an_opponent_two_tries_the_rest(
    met_of_two: tuple[int, ...], expected: tuple[tuple[int, int], ...]
) -> None:
    """4.3, 4.4: #1 (who met 4 and 5) has #6; #2 tries 4, 5, then 3; failing those, #1 moves on.

    By hand: #2 met 4, 5, 3: with 1 v 6, #2 has nobody left, so #1 takes the next of 4.2, #3
    (4.4: leave the others pairable), and 2 v 6, 4 v 5 follow; #2 met 4, 5, 3, 6: only 1 v 2
    leaves everyone an opponent: 1 v 2, then 3 v 5, 4 v 6.
    """
    six = [_p(i, 2) for i in range(1, 7)]
    r = _round(six, ((1, 4), (1, 5), *((2, o) for o in met_of_two)))
    assert _group(r, six) == (_fs(*expected), [])


def test_c04_4_3_art_4_1_1_scrutiny_downward_from_player_one() -> None:
    """4.1.1: paired downward, scrutiny starts with #1: six players, #6 met 2 and 3.

    By hand: #1 tries 4 (the rest 2, 3, 5, 6 can pair: 2 v 3, 5 v 6): 1 v 4; #2 tries 5 (3, 6
    met: no), 6 (met), 3: 2 v 3; then 5 v 6.
    """
    six = [_p(i, 2) for i in range(1, 7)]
    r = _round(six, ((6, 2), (6, 3)))
    assert _group(r, six, direction=DOWN) == (_fs((1, 4), (2, 3), (5, 6)), [])


def test_c04_4_3_art_4_1_2_scrutiny_upward_from_the_lowest_numbered() -> None:
    """4.1.2: paired upward, scrutiny starts with the lowest numbered player, the mirror of 4.1.1.

    Same six: the order is 6, 5, 4, 3, 2, 1; #6 tries 3 (met), 2 (met), 1: 6 v 1; then #5 tries
    3 (the rest 4, 2 can pair): 5 v 3; then 4 v 2.
    """
    six = [_p(i, 0) for i in range(1, 7)]
    r = _round(six, ((6, 2), (6, 3)))
    assert _group(r, six, direction=UP) == (_fs((1, 6), (3, 5), (2, 4)), [])


def test_c04_4_3_art_4_4_the_scoregroup_keeps_as_many_pairings_as_it_can() -> None:
    """4.4, 4.4.2 (2.3.1): #1 and #2 met each other and 3, 4, 5: only one of them can have #6.

    By hand: two pairings at most (1 v 6 and one of 3, 4, 5 among themselves); floating #6
    would leave one, so the lowest numbered who can float is #5, then #2; 1 v 6, 3 v 4.
    """
    six = [_p(i, 2) for i in range(1, 7)]
    met = tuple((a, b) for a in (1, 2) for b in (1, 2, 3, 4, 5) if a != b)
    below = [_p(7, 1), _p(8, 1)]
    assert _group(_round(six + below, met), six, adjacent=below) == (_fs((1, 6), (3, 4)), [2, 5])


def test_c04_4_3_art_4_4_1_the_player_without_an_opponent_floats_instead() -> None:
    """4.4.1, 2.3.4: seven players; #2 met everyone, so #2 (not #7) is the one that makes the number even.

    By hand: #1 met 2, 3, 4, 5; floating #7, #6, ... would leave #2 unpaired and lose a pairing.
    """
    seven = [_p(i, 2) for i in range(1, 8)]
    met = tuple((2, o) for o in (1, 3, 4, 5, 6, 7)) + tuple((1, o) for o in (3, 4, 5))
    below = [_p(8, 1), _p(9, 1)]
    _, floaters = _group(_round(seven + below, met), seven, adjacent=below)
    assert floaters == [2]


def test_c04_4_3_art_3_2_4_downward_the_lowest_numbered_floats_upward_the_highest() -> None:
    """3.2.4: with no colour to equalise, downward #5 floats, upward #1 (3.3: to the adjacent group)."""
    five = [_p(i, 2) for i in range(1, 6)]
    r = _round(five + [_p(6, 1), _p(7, 3)])
    assert _group(r, five, adjacent=[_p(6, 1)], direction=DOWN)[1] == [5]
    assert _group(r, five, adjacent=[_p(7, 3)], direction=UP)[1] == [1]


def test_c04_4_3_art_3_2_2_the_floater_equalises_the_colours_due() -> None:
    """3.2.2: 1, 3, 4 are due White, 2 and 5 Black: a player due White floats.

    By hand: downward the lowest numbered of 1, 3, 4 (#4); upward the highest numbered (#1).
    """
    five = [_p(1, 2, "B"), _p(2, 2, "W"), _p(3, 2, "B"), _p(4, 2, "B"), _p(5, 2, "W")]
    down, up = _p(6, 1, "W"), _p(7, 3, "W")
    r = _round([*five, down, up])
    assert _group(r, five, adjacent=[down], direction=DOWN)[1] == [4]
    assert _group(r, five, adjacent=[up], direction=UP)[1] == [1]


def test_c04_4_3_art_3_2_3_maxi_tournament_colour_choice_within_100_points() -> None:
    """3.2.3: in a Maxi-tournament the colour choice (#4) must be rated within 100 of #5 (3.2.4's choice).

    #4 is rated 2200, #5 2050: a plain event floats #4 (3.2.2), a Maxi-tournament #5.
    """
    five = [_p(1, 2, "B"), _p(2, 2, "W"), _p(3, 2, "B"), _p(4, 2, "B"), _p(5, 2, "W")]
    down = _p(6, 1, "W")
    ratings = {1: 2500, 2: 2400, 3: 2300, 4: 2200, 5: 2050, 6: 2000}
    plain = _round([*five, down], ratings=ratings)
    maxi = _round([*five, down], ratings=ratings, maxi=True)
    assert _group(plain, five, adjacent=[down])[1] == [4]
    assert _group(maxi, five, adjacent=[down])[1] == [5]


def test_c04_4_3_art_3_10_avoid_a_repeat_floater() -> None:
    """3.10: #5 floated in the previous round, so #4 floats instead."""
    five = [_p(i, 2) for i in range(1, 6)]
    below = _p(6, 1)
    r = _round([*five, below], floated=(5,))
    assert _group(r, five, adjacent=[below])[1] == [4]


def test_c04_4_3_art_3_9_type_c_resident_without_an_opponent_below_stays() -> None:
    """3.9: #3 has met both players below (a type c floater), #2 has not (type d): #2 floats, 1 v 3."""
    three = [_p(i, 2) for i in range(1, 4)]
    below = [_p(6, 1), _p(7, 1)]
    r = _round(three + below, ((3, 6), (3, 7)))
    assert _group(r, three, adjacent=below) == (_fs((1, 3)), [2])


def test_c04_4_3_art_3_9_type_b_incoming_floater_is_not_floated_on() -> None:
    """3.9: #9 came down into this group (type b), residents 1 and 2 are type d: #2 floats, not #9.

    By hand: the lowest numbered is #9, but a floater already transferred is more disadvantaged;
    #9 is then paired first (3.6) with #1 (3.8).
    """
    residents = [_p(1, 2), _p(2, 2)]
    nine = _p(9, 3)
    below = [_p(6, 1), _p(7, 1)]
    r = _round([*residents, nine, *below])
    assert _group(r, residents, [(nine, True)], below) == (_fs((1, 9)), [2])


def test_c04_4_3_art_3_3_3_4_an_opponent_taken_by_a_floater_ahead_does_not_count() -> None:
    """3.3, 3.4 (3.9.1): #7 below can meet #3 only once; #2, paired before #3 below (3.6), takes him."""
    two, three = _p(2, 2), _p(3, 2)
    seven = _p(7, 1)
    r = _round([two, three, seven])
    assert r.has_opponent(three, [], [seven], DOWN)
    assert not r.has_opponent(three, [two], [seven], DOWN)
    assert r.has_opponent(two, [three], [seven], DOWN)  # #3 is behind #2: #2 still has #7


def test_c04_4_3_art_3_8_the_floater_meets_the_highest_numbered_available() -> None:
    """3.8: #6 floated down into 1, 2, 3; paired first, with #1; then 2 v 3 (not 1 v 3, 2 v 6)."""
    residents = [_p(i, 2) for i in (1, 2, 3)]
    six = _p(6, 3)
    r = _round([*residents, six])
    assert _group(r, residents, [(six, True)]) == (_fs((1, 6), (2, 3)), [])


def test_c04_4_3_art_3_8_5_2_the_floater_meets_an_opponent_due_the_other_colour() -> None:
    """3.8, 5.2: #6 is due White like #1; #2 is due Black: 6 v 2, then 1 v 3."""
    residents = [_p(1, 2, "B"), _p(2, 2, "W"), _p(3, 2, "W")]
    six = _p(6, 3, "B")
    r = _round([*residents, six])
    assert _group(r, residents, [(six, True)]) == (_fs((2, 6), (1, 3)), [])


def test_c04_4_3_art_3_6_1_downfloaters_by_score_then_number() -> None:
    """3.6.1: #8 (3 points) before #5 (2½) although #5 has the smaller number: 8 v 1, 5 v 2."""
    residents = [_p(1, 2), _p(2, 2)]
    eight, five = _p(8, 3), _p(5, 2.5)
    r = _round([*residents, eight, five])
    assert _group(r, residents, [(five, True), (eight, True)]) == (_fs((1, 8), (2, 5)), [])


def test_c04_4_3_art_3_7_1_upfloaters_by_score_then_number_upward() -> None:
    """3.7.1: paired upward, #3 (0 points) before #1 (½): #3 takes #6 (scrutiny from the bottom), #1 #5."""
    residents = [_p(5, 1), _p(6, 1)]
    three, one = _p(3, 0), _p(1, 0.5)
    r = _round([*residents, three, one])
    assert _group(r, residents, [(one, True), (three, True)], direction=UP) == (_fs((3, 6), (1, 5)), [])


def test_c04_4_3_art_3_6_3_median_downfloaters_before_upfloaters() -> None:
    """3.6.3: in the Median Scoregroup the downfloater #5 is paired first (with #1), the upfloater #6 next."""
    residents = [_p(1, 1), _p(2, 1)]
    five, six = _p(5, 1.5), _p(6, 0.5)
    r = _round([*residents, five, six])
    assert _group(r, residents, [(six, False), (five, True)]) == (_fs((1, 5), (2, 6)), [])


def test_c04_4_3_art_5_2_exchange_for_the_colour_due() -> None:
    """5.2: 1, 2, 3 are due White, #4 Black: #1's first available (#3) is passed over for #4; 2 v 3."""
    four = [_p(1, 1, "B"), _p(2, 1, "B"), _p(3, 1, "B"), _p(4, 1, "W")]
    assert _group(_round(four), four)[0] == _fs((1, 4), (2, 3))


def test_c04_4_3_art_5_7_maxi_tournament_colour_exchange_within_100_points() -> None:
    """5.7: in a Maxi-tournament #4 (150 below #3, #1's first available) is not taken: 1 v 3, 2 v 4."""
    four = [_p(1, 1, "B"), _p(2, 1, "B"), _p(3, 1, "B"), _p(4, 1, "W")]
    ratings = {1: 2500, 2: 2400, 3: 2300, 4: 2150}
    assert _group(_round(four, maxi=True, ratings=ratings), four)[0] == _fs((1, 3), (2, 4))
    assert _group(_round(four, maxi=False, ratings=ratings), four)[0] == _fs((1, 4), (2, 3))


def test_c04_4_3_art_2_6_1_a_blocked_median_cracks_the_lower_side() -> None:
    """2.6.1: round 3, median 1 point; 1, 2, 3 (2 points) all met #4, the only median player.

    By hand: above, #3 floats (3.2.2: 1 and 3 are due White, #3 the lowest numbered of them); 1 v 2.
    Below, 5 v 6. The median (#4 with #3) is blocked; more floaters came from above, so the lower
    side's last pairing (5 v 6) is cracked. #3 is paired first (3.6.3): #4 is met, #5 is the first
    available but due White like #3, #6 is due Black (5.2): 3 v 6; then #5 (from behind) meets #4.
    """
    players = [_p(1, 2, "WB"), _p(2, 2, "BW"), _p(3, 2, "WB"), _p(4, 1, "BW"), _p(5, 0, "WB"), _p(6, 0, "BW")]
    r = _round(players, ((4, 1), (4, 2), (4, 3)))
    made = r.pair_all(players, median_score(2, 100))
    assert {frozenset((m.a.id, m.b.id)) for m in made} == _fs((1, 2), (3, 6), (4, 5))


def test_c04_4_3_art_1_1_pab_to_the_lowest_ranked_of_the_lowest_scoregroup() -> None:
    """1.1: round 3, seven players; 5, 6, 7 have no point: #7 gets the PAB; if #7 had one, #6 (C.04.1 art. 4)."""
    players = [_p(1, 2), _p(2, 2), _p(3, 1), _p(4, 1), _p(5, 0), _p(6, 0), _p(7, 0)]
    st = RoundState(3, 9, players, {p.id: set() for p in players}, Colour.WHITE, 100, 50, {})
    r = _Round(st, {}, set(), False)
    assert _bye(st, r, {}) is players[6]
    players[6].eligible_bye = False
    assert _bye(st, r, {}) is players[5]


def test_c04_4_3_art_7_1_round_one_pab_to_the_lowest_rated() -> None:
    """7.1: in round 1 the PAB goes to the lowest rated player (#3 here), not the last number."""
    t = field(7, rounds=5)
    t.players[3].rating = 1500
    assert pair_round(t, 1).bye == 3
