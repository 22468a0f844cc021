"""Team model: match points from game points, forfeits, byes, line-ups (issue 18)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from tests.teams.helpers import bye, event, forfeit, play

from arbitro.errors import ArbitroError
from arbitro.teams.lineups import lineup_errors
from arbitro.teams.model import ByeKind, MatchForfeit, TeamScoring
from arbitro.teams.results import round_table, totals


def test_match_points_2_1_0_from_game_points() -> None:
    e = event(4, boards=4)
    play(e, 1, 1, 2, "1=0=")  # 2-2: a draw
    play(e, 1, 3, 4, "11=0")  # 2.5-1.5
    t = totals(round_table(e))
    assert t[1] == (1, 2) and t[2] == (1, 2)
    assert t[3] == (2, Fraction(5, 2)) and t[4] == (0, Fraction(3, 2))


def test_configurable_match_points_3_1_0() -> None:
    e = event(2, boards=2, scoring=TeamScoring(match_win=Fraction(3)))
    play(e, 1, 1, 2, "1=")
    assert totals(round_table(e))[1] == (3, Fraction(3, 2))


def test_forfeited_board_counts_for_the_player_present_and_the_match_is_played() -> None:
    e = event(2, boards=2)
    play(e, 1, 1, 2, "+0")
    rows = round_table(e)
    assert rows[1][0].kind == "played" and rows[1][0].gp == 1 and rows[1][0].mp == 1
    assert rows[1][0].colour == "w"  # C.04.6 art. 1.6: the match was played


def test_match_with_every_board_forfeited_is_not_played() -> None:
    e = event(2, boards=2)
    play(e, 1, 1, 2, "++")
    r = round_table(e)[1][0]
    assert r.kind == "forfeit_win" and r.colour is None and r.mp == 2


@pytest.mark.parametrize(
    ("kind", "white", "black"),
    [(MatchForfeit.WHITE_WINS, (2, 4), (0, 0)), (MatchForfeit.BLACK_WINS, (0, 0), (2, 4)), (MatchForfeit.DOUBLE, (0, 0), (0, 0))],
)
def test_whole_match_forfeit(kind: MatchForfeit, white: tuple[int, int], black: tuple[int, int]) -> None:
    e = event(2, boards=4)
    forfeit(e, 1, 1, 2, kind)
    rows = round_table(e)
    assert (rows[1][0].mp, rows[1][0].gp) == white
    assert (rows[2][0].mp, rows[2][0].gp) == black
    assert not rows[1][0].played and rows[1][0].opponent == 2


def test_team_byes() -> None:
    e = event(4, boards=4)
    bye(e, 1, 1)
    bye(e, 1, 2, ByeKind.HALF)
    bye(e, 1, 3, ByeKind.ZERO)
    t = totals(round_table(e))
    assert t[1] == (1, 2)  # PAB: C.04.6 art. 1.4, a drawn match (a draw on every board); was a win before issue 35
    assert t[2] == (1, 2) and t[3] == (0, 0) and t[4] == (0, 0)


def test_pab_points_are_configurable() -> None:
    e = event(3, boards=4, scoring=TeamScoring(pab_match=Fraction(1), pab_game=Fraction(2)))
    bye(e, 1, 3)
    assert totals(round_table(e))[3] == (1, 2)


def test_lineup_board_order_rule() -> None:
    e = event(2, boards=3, reserves=2)
    team = e.teams[1]
    ids = team.member_ids()
    assert lineup_errors(team, [ids[0], ids[1], ids[2]], 3) == []
    assert lineup_errors(team, [ids[0], ids[2], ids[4]], 3) == []  # reserves move the others down
    assert any("ranked above" in x for x in lineup_errors(team, [ids[1], ids[0], ids[2]], 3))
    assert any("not a member" in x for x in lineup_errors(team, [ids[0], ids[1], 999], 3))
    assert any("twice" in x for x in lineup_errors(team, [ids[0], ids[0], ids[1]], 3))
    assert any("empty boards go last" in x for x in lineup_errors(team, [ids[0], None, ids[1]], 3))
    assert lineup_errors(team, [ids[0], ids[1], None], 3) == []


def test_bad_event_definitions() -> None:
    with pytest.raises(ArbitroError, match="pattern"):
        event(2, boards=2, pattern="WBW")
    with pytest.raises(ArbitroError, match="board 1 must be W"):
        event(2, boards=2, pattern="BW")
    with pytest.raises(ArbitroError, match="initial colour"):
        event(2, initial_colour="X")


def test_checker_reports_lineups_out_of_board_order() -> None:
    from arbitro.teams.checker import lineup_violations
    from arbitro.teams.model import BoardGame, GameResult, Match

    e = event(2, boards=2, reserves=1)
    a = e.teams[1].member_ids()
    b = e.teams[2].member_ids()
    e.matches.append(Match(1, 1, 2, (BoardGame(1, a[1], b[0], GameResult.WIN), BoardGame(2, a[0], b[1], GameResult.DRAW))))
    problems = lineup_violations(e)
    assert len(problems) == 1 and "round 1: team 1" in problems[0] and "ranked above" in problems[0]


def test_c04_6_art_1_4_pab_default_is_a_draw_in_match_and_game_points() -> None:
    """C.04.6 (2026) art. 1.4: unless the rules say otherwise, the PAB is worth a drawn match."""
    for scoring, boards, expected in (
        (TeamScoring(), 4, (Fraction(1), Fraction(2))),
        (TeamScoring(match_win=Fraction(3)), 6, (Fraction(1), Fraction(3))),
        (TeamScoring(match_win=Fraction(3), match_draw=Fraction(3, 2)), 5, (Fraction(3, 2), Fraction(5, 2))),
    ):
        assert scoring.bye_points(ByeKind.PAB, boards) == expected


def test_c04_6_art_1_4_a_win_is_the_competitions_explicit_choice() -> None:
    e = event(3, boards=4, scoring=TeamScoring(pab_match=Fraction(2)))
    bye(e, 1, 3)
    assert totals(round_table(e))[3] == (2, 2)
