"""Double-Swiss system (C.04.5, 2026): two-game matches, two TRF rounds per match (docs/decisions.md)."""

from __future__ import annotations

import random
from decimal import Decimal
from pathlib import Path

import pytest

from arbitro.model import Colour, ResultCode, Tournament
from arbitro.pairing.absolute import double_swiss_violations
from arbitro.pairing.bracket_swiss import pair_brackets
from arbitro.pairing.double_swiss import _state, match_count, matches, pair_round, rules
from arbitro.pairing.double_swiss_generator import generate_double_swiss
from arbitro.pairing.dutch_state import PlayerState, RoundState
from arbitro.pairing.generator import GeneratorConfig
from arbitro.pairing.registry import get
from arbitro.pairing.system_check import check_system
from arbitro.trf import read_trf, write_trf

from .swiss_cases import bye, field, play, random_config


def _match(t: Tournament, white: int, black: int, g1: ResultCode, g2: ResultCode) -> None:
    """One match: game 1 with ``white`` as White, game 2 reversed (4.4); results from ``white``'s side."""
    play(t, white, black, g1)
    play(t, black, white, g2.mirrored)


def test_c04_5_4_3_1_first_match_colours_by_tpn_parity() -> None:
    """4.3.1: nobody has played: the higher-ranked player gets the initial colour when their TPN is odd."""
    assert pair_round(field(6, system="FIDE_DOUBLESWISS"), 1).as_bbp_lines() == ["3", "1 4", "5 2", "3 6"]


def test_c04_5_3_4_pab_lowest_score_most_matches_largest_tpn() -> None:
    """3.4: five players: the PAB of match 1 goes to TPN 5."""
    assert pair_round(field(5, system="FIDE_DOUBLESWISS"), 1).bye == 5


def test_c04_5_preface_match_points_are_the_sum_of_game_points() -> None:
    """Preface: a match won 1½-½ gives 1½ and ½; match points read back from the two columns."""
    t = field(2, system="FIDE_DOUBLESWISS")
    _match(t, 1, 2, ResultCode.WIN, ResultCode.DRAW)
    [m1] = matches(t, 1, 1)
    [m2] = matches(t, 2, 1)
    assert (m1.points, m2.points) == (Decimal("1.5"), Decimal("0.5"))
    assert (m1.colour, m2.colour) == (Colour.WHITE, Colour.BLACK)
    assert match_count(t) == 1


def test_c04_5_preface_a_forfeited_match_may_be_repeated() -> None:
    """Preface / [C1]: only when a player forfeited both games may the pair meet again."""
    t = field(4, system="FIDE_DOUBLESWISS")
    _match(t, 1, 2, ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_WIN)
    _match(t, 3, 4, ResultCode.WIN, ResultCode.FORFEIT_WIN)  # one game played: a regular match
    st = _state(t, 2)
    assert 2 not in st.forbidden[1]
    assert 4 in st.forbidden[3]


def test_c04_5_c2_no_pab_after_a_forfeit_match_win() -> None:
    """[C2]: a forfeit match win bars the PAB."""
    t = field(5, system="FIDE_DOUBLESWISS")
    _match(t, 1, 2, ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_WIN)
    _match(t, 3, 4, ResultCode.LOSS, ResultCode.LOSS)
    bye(t, 5)
    bye(t, 5, ResultCode.HALF_BYE)
    st = _state(t, 2)
    eligible = {p.id for p in st.players if p.eligible_bye}
    assert eligible == {2, 3, 4}  # 1 won by forfeit, 5 had the PAB
    assert pair_round(t, 2).bye == 3  # 2 and 3 have 0 points; 3 played its match, 2 forfeited it (3.4)


def test_c04_5_4_3_2_white_to_the_player_with_fewer_whites() -> None:
    """4.3.2: 1 had White in match 1 and 3 had Black: 3 gets White in game 1 of match 2."""
    t = field(4, system="FIDE_DOUBLESWISS")
    _match(t, 1, 2, ResultCode.WIN, ResultCode.WIN)
    _match(t, 4, 3, ResultCode.LOSS, ResultCode.LOSS)
    assert pair_round(t, 2).as_bbp_lines() == ["2", "3 1", "2 4"]


def test_c04_5_trf_two_rounds_per_match_read_back_equal(tmp_path: Path) -> None:
    """docs/decisions.md: a match is two TRF rounds; the file reads back with the same pairings and scores."""
    t = generate_double_swiss(
        GeneratorConfig({"PlayersNumber": 11, "RoundsNumber": 5, "HalfPointByeRate": 5}), 3
    )
    path = tmp_path / "ds.trf"
    write_trf(t, path)
    back = read_trf(path)
    assert back.system == "FIDE_DOUBLESWISS"
    assert back.played_rounds == 10
    assert {r: p.points for r, p in back.players.items()} == {r: p.points for r, p in t.players.items()}
    assert [pair_round(back, k) for k in range(1, 6)] == [pair_round(t, k) for k in range(1, 6)]


@pytest.mark.parametrize("seed", range(1, 41))
def test_absolute_criteria_on_generated_tournaments(seed: int) -> None:
    """[C1]-[C2] and 4.4 on generated events; the checker re-pairs every match identically."""
    rng = random.Random(seed)
    cfg = random_config(rng)
    t = generate_double_swiss(cfg, seed)
    assert double_swiss_violations(t) == []
    assert all(c.agrees for c in check_system(t, get("double-swiss")))


def _ps(pid: int, acc: int) -> PlayerState:
    """A synthetic player for bracket-level positions: TPN order = id order."""
    return PlayerState(
        id=pid,
        rank=pid - 1,
        score=acc,
        acc=acc,
        pref=None,
        imbalance=0,
        repeated=None,
        absolute=False,
        strong=False,
        played_games=1,
        eligible_bye=True,
        floats=(None, None),
    )


def _pairs(
    players: list[PlayerState], met: list[tuple[int, int]], float_last: set[int]
) -> set[frozenset[int]]:
    forbidden: dict[int, set[int]] = {}
    for a, b in met:
        forbidden.setdefault(a, set()).add(b)
        forbidden.setdefault(b, set()).add(a)
    st = RoundState(3, 5, [], {}, Colour.WHITE, 100, 50, {})
    return {frozenset((a.id, b.id)) for a, b in pair_brackets(players, forbidden, rules(st, float_last))}


def test_c04_5_3_5_upfloater_sets_by_the_smallest_differing_member() -> None:
    """3.5: 1 and 2 (2 points) met, so two of 3..8 (1 point, 3.5 order 3, 4, ..., 8) float up.

    7 can meet only 3 among the others: a set with 3 and without 7 leaves 7 alone. {3, 7} comes
    before {4, 5} (3 < 4), although a sum of positions in the order would prefer {4, 5}.
    """
    ps = [_ps(1, 200), _ps(2, 200)] + [_ps(i, 100) for i in range(3, 9)]
    pairs = _pairs(ps, [(1, 2), (7, 4), (7, 5), (7, 6), (7, 8)], set())
    assert {x for pair in pairs if pair & {1, 2} for x in pair} - {1, 2} == {3, 7}


def test_c04_5_c6_the_following_scoregroup_keeps_its_own_pairs() -> None:
    """[C6]: 1 (2 points) needs one upfloater of 2, 3, 4 (1 point); 3 and 4 met.

    3.5 alone would take 2, leaving 3 and 4 unable to meet and two upfloaters (5, 6) for the
    next bracket; [C6] takes 3 (the first set that leaves the following scoregroup fewest
    upfloaters): 1-3, 2-4, 5-6.
    """
    ps = [_ps(1, 200), _ps(2, 100), _ps(3, 100), _ps(4, 100), _ps(5, 0), _ps(6, 0)]
    assert _pairs(ps, [(3, 4)], set()) == {frozenset((1, 3)), frozenset((2, 4)), frozenset((5, 6))}


def test_c04_5_3_6_c8_is_judged_after_the_set_of_upfloaters() -> None:
    """3.5.4 then 3.6.4: the set is the first complying with [C4]-[C7]; [C8] only then.

    1, 2, 3 (2 points; 1 floated in the previous match; 1-2 met) need one upfloater of 4, 5, 6.
    4 can meet only 1 in the bracket, so taking 4 gives [C8] one "floated" opponent, taking 5
    none. The first set is still {4}: 1-4, 2-3, 5-6.
    """
    ps = [_ps(1, 200), _ps(2, 200), _ps(3, 200), _ps(4, 100), _ps(5, 100), _ps(6, 100)]
    pairs = _pairs(ps, [(1, 2), (4, 2), (4, 3)], {1})
    assert pairs == {frozenset((1, 4)), frozenset((2, 3)), frozenset((5, 6))}
