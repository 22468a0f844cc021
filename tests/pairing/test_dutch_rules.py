"""Small hand-made cases of the Dutch rules (C.04.1, C.04.3)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from arbitro.model import ByeRequest, Colour, Player, ProhibitedPairing, ResultCode, RoundResult, Tournament
from arbitro.pairing.colours import allocate
from arbitro.pairing.dutch import pair_round
from arbitro.pairing.dutch_state import PlayerState, build_state, infer_initial_colour
from arbitro.pairing.types import NoValidPairing


def _field(n: int, colour: Colour | None = Colour.WHITE, rounds: int = 5) -> Tournament:
    t = Tournament(rounds=rounds, initial_colour=colour)
    for i in range(1, n + 1):
        t.players[i] = Player(start_rank=i, name=f"P{i}", rating=2500 - 10 * i)
    return t


def _play(t: Tournament, white: int, black: int, code: ResultCode) -> None:
    t.players[white].results.append(RoundResult(black, Colour.WHITE, code))
    t.players[black].results.append(RoundResult(white, Colour.BLACK, code.mirrored))


def test_c04_3_round1_top_half_against_bottom_half_and_pab_to_the_last() -> None:
    """3.5 / 5.2.5: round 1, 7 players, 152 W: 1-4, 5-2, 3-6 and the PAB to 7."""
    p = pair_round(_field(7), 1)
    assert p.as_bbp_lines() == ["4", "1 4", "5 2", "3 6", "7 0"]


def test_c04_3_round1_initial_colour_black() -> None:
    p = pair_round(_field(4, Colour.BLACK), 1)
    assert [(b.white, b.black) for b in p.boards] == [(3, 1), (2, 4)]


def test_c04_1_art2_no_rematch_and_art3_pab_once() -> None:
    """C.04.1 art. 2 and art. 4 over a whole 5-player event: no pair twice, no second PAB."""
    t = _field(5, rounds=4)
    byes: list[int] = []
    met: set[frozenset[int]] = set()
    for rnd in range(1, 5):
        p = pair_round(t, rnd)
        assert p.bye is not None and p.bye not in byes
        byes.append(p.bye)
        for b in p.boards:
            assert frozenset((b.white, b.black)) not in met
            met.add(frozenset((b.white, b.black)))
            _play(t, b.white, b.black, ResultCode.DRAW)
        t.players[p.bye].results.append(RoundResult(None, Colour.NONE, ResultCode.PAIRING_BYE))


def test_c04_1_no_valid_pairing_raises() -> None:
    t = _field(2, rounds=3)
    _play(t, 1, 2, ResultCode.WIN)
    with pytest.raises(NoValidPairing):
        pair_round(t, 2)


def test_prohibited_pairing_xxp_is_respected() -> None:
    t = _field(4)
    t.prohibited_pairings.append(ProhibitedPairing((1, 3)))
    pairs = {frozenset((b.white, b.black)) for b in pair_round(t, 1).boards}
    assert frozenset((1, 3)) not in pairs


def test_c04_2_3_3_requested_bye_leaves_the_player_out() -> None:
    t = _field(5)
    t.requested_byes.append(ByeRequest(1, "H", 2))
    p = pair_round(t, 1)
    assert p.unpaired == {2: "H"}
    assert p.bye is None
    assert all(2 not in (b.white, b.black) for b in p.boards)


def test_c04_1_art4_half_point_byes_do_not_bar_the_pab() -> None:
    t = _field(3)
    t.players[3].results.append(RoundResult(None, Colour.NONE, ResultCode.HALF_BYE))
    _play(t, 1, 2, ResultCode.DRAW)
    st = build_state(t, 2)
    assert {p.id: p.eligible_bye for p in st.players} == {1: True, 2: True, 3: True}
    t.players[3].results[0] = RoundResult(None, Colour.NONE, ResultCode.FULL_BYE)
    st = build_state(t, 2)
    assert {p.id: p.eligible_bye for p in st.players}[3] is False


def test_non_standard_scoring_three_one_zero() -> None:
    t = _field(4)
    t.scoring = type(t.scoring)(
        win=Decimal(3), draw=Decimal(1), forfeit_win=Decimal(3), pairing_bye=Decimal(3)
    )
    _play(t, 1, 3, ResultCode.WIN)
    _play(t, 4, 2, ResultCode.WIN)
    st = build_state(t, 2)
    assert sorted(p.score for p in st.players) == [0, 0, 300, 300]
    pairs = {frozenset((b.white, b.black)) for b in pair_round(t, 2).boards}
    assert pairs == {frozenset((1, 4)), frozenset((2, 3))}


def _ps(pid: int, rank: int, acc: int, colours: list[Colour]) -> PlayerState:
    from arbitro.pairing.dutch_state import _colour_data

    cols, pref, imb, rep, absolute, strong = _colour_data(
        [RoundResult(99, c, ResultCode.DRAW) for c in colours]
    )
    return PlayerState(
        pid, rank, acc, acc, pref, imb, rep, absolute, strong, len(cols), True, (None, None), cols
    )


def test_c04_3_5_2_4_higher_ranked_means_score_first() -> None:
    """5.2.4: equal histories WB WB: the player with the higher score gets the preference, not the lower TPN."""
    w, b = Colour.WHITE, Colour.BLACK
    hi_score = _ps(8, 7, 300, [w, b, w, b])
    lo_number = _ps(2, 1, 250, [w, b, w, b])
    assert allocate(hi_score, lo_number, Colour.WHITE) is Colour.WHITE
    assert allocate(lo_number, hi_score, Colour.WHITE) is Colour.BLACK


def test_c04_3_5_2_2_absolute_beats_mild_and_5_2_3_last_difference() -> None:
    w, b = Colour.WHITE, Colour.BLACK
    absolute = _ps(1, 0, 100, [w, w])
    mild = _ps(2, 1, 100, [b, w])
    assert allocate(mild, absolute, w) is Colour.WHITE  # absolute wants Black
    x = _ps(3, 2, 100, [w, b, w, b])
    y = _ps(4, 3, 100, [b, w, w, b])
    # same mild preference (White); latest round with different colours: x had B, y had W two rounds back
    assert allocate(x, y, w) is Colour.WHITE


def test_initial_colour_inferred_from_round_one() -> None:
    t = _field(4, None)
    _play(t, 3, 1, ResultCode.DRAW)
    _play(t, 2, 4, ResultCode.DRAW)
    assert infer_initial_colour(t) is Colour.BLACK


def test_baku_acceleration_from_192_code() -> None:
    """C.04.7: group A (2*ceil(8/4) = 4 players) gets a virtual point in round 1."""
    t = _field(8)
    t.system = "FIDE_DUTCH_BAKU"
    st = build_state(t, 1)
    assert sorted((p.id, p.acc) for p in st.players)[:5] == [(1, 100), (2, 100), (3, 100), (4, 100), (5, 0)]
    pairs = {frozenset((b.white, b.black)) for b in pair_round(t, 1).boards}
    assert frozenset((1, 3)) in pairs and frozenset((5, 7)) in pairs


def test_c04_2_2_3_xxc_rank_pairing_numbers_follow_file_order() -> None:
    """XXC rank: the order of the player lines is the pairing-number order."""
    t = Tournament(rounds=5, initial_colour=Colour.WHITE, pairing_by_rank=True)
    for rank in (2, 1, 3, 4):
        t.players[rank] = Player(start_rank=rank, name=f"P{rank}")
    p = pair_round(t, 1)
    assert [(b.white, b.black) for b in p.boards] == [(2, 3), (4, 1)]
