"""The team competition's event log (arbitro.tournament.team_log): commands check the rules, the replay
of the log is the event, line-ups follow the board-order rule, corrections need a reason."""

from __future__ import annotations

import dataclasses
import random

import pytest

from arbitro.errors import ArbitroError
from arbitro.teams.checker import absolute_violations, check_event, lineup_violations
from arbitro.teams.model import GameResult
from arbitro.tournament.team_events import team_event
from arbitro.tournament.team_log import TeamService, replay
from arbitro.trf.teams import format_team_trf, parse_team_trf
from arbitro.views.teams import match_sheet, player_games, team_rounds, team_standings_table


def _service(system: str = "team_swiss", teams: int = 6, boards: int = 4, rounds: int | None = 5) -> TeamService:
    s = TeamService()
    s.create("Liga", system, boards, rounds)
    for t in range(1, teams + 1):
        s.register_team(f"Club {t}", [{"name": f"P{t}.{i}", "rating": 2300 - 20 * t - i} for i in range(1, boards + 2)])
    return s


def _play(s: TeamService, rng: random.Random) -> None:
    rnd = s.pair_next_round()
    for w, _b in s.state.pairings[rnd]:
        for board in range(1, s.state.require().boards + 1):
            s.enter_board(rnd, w, board, rng.choice("1=0"))


@pytest.mark.parametrize("system", ["team_swiss", "team_round_robin", "team_double_round_robin"])
def test_replay_of_the_log_is_the_event_and_the_trf_reads_back_equal(system: str) -> None:
    s = _service(system, teams=7 if system == "team_swiss" else 5, rounds=4)  # odd: a bye every round
    rng = random.Random(3)
    total = s.state.require().rounds
    for _ in range(total):
        _play(s, rng)
    again = replay([team_event(e.kind, dict(e.payload)) for e in s.events])
    ev = s.state.to_event()
    assert again.to_event() == ev
    assert s.state.finished
    back = parse_team_trf(format_team_trf(ev), "log.trf")
    ev.matches.sort(key=lambda m: (m.round, m.white))
    assert [f.name for f in dataclasses.fields(ev) if getattr(ev, f.name) != getattr(back, f.name)] == []
    assert lineup_violations(ev) == []
    if system == "team_swiss":  # C.04.6 art. 2.1; the desk's pairings are the engine's (re-paired by the checker)
        assert absolute_violations(ev) == []
        assert all(rc.ok for rc in check_event(ev))


def test_lineup_keeps_the_ranked_order_and_empty_boards_go_last() -> None:
    """Line-ups: the board order of the team's list (docs/decisions.md, lineups.py)."""
    s = _service()
    s.pair_next_round()
    w, b = s.state.pairings[1][0]
    ids = s.state.require().teams[b].member_ids()
    with pytest.raises(ArbitroError, match="ranked above"):
        s.set_lineup(1, b, [ids[1], ids[0], ids[2], ids[3]])
    with pytest.raises(ArbitroError, match="empty boards go last"):
        s.set_lineup(1, b, [ids[0], None, ids[2], ids[3]])
    with pytest.raises(ArbitroError, match="not a member"):
        s.set_lineup(1, b, [ids[0], ids[1], ids[2], 999])
    s.set_lineup(1, b, [ids[0], ids[1], ids[4], None])  # the reserve plays board 3; board 4 empty
    m = s.state.match(1, w)
    assert m.games[2].black_team_player == ids[4]
    assert m.games[3].result is GameResult.FORFEIT_WIN  # the empty board is lost by forfeit
    with pytest.raises(ArbitroError, match="only be lost by forfeit"):
        s.enter_board(1, w, 4, "=")
    s.enter_board(1, w, 1, "1")
    with pytest.raises(ArbitroError, match="can no longer change"):
        s.set_lineup(1, b, [ids[0], ids[1], ids[2], ids[3]])


def test_results_corrections_and_whole_match_forfeits() -> None:
    s = _service()
    s.pair_next_round()
    (w1, b1), (w2, _b2), _ = s.state.pairings[1]
    assert s.enter_board(1, w1, 1, "1")
    assert not s.enter_board(1, w1, 1, "1")  # the same result again: nothing new
    with pytest.raises(ArbitroError, match="needs a reason"):
        s.enter_board(1, w1, 1, "0")
    s.enter_board(1, w1, 1, "0", reason="score sheet")
    assert s.state.corrections == 1
    with pytest.raises(ArbitroError, match="unknown result"):
        s.enter_board(1, w1, 2, "2-0")
    s.forfeit_match(1, w2, "-+")
    with pytest.raises(ArbitroError, match="forfeited as a whole"):
        s.enter_board(1, w2, 1, "1")
    with pytest.raises(ArbitroError, match="needs a reason"):
        s.forfeit_match(1, w2, "")
    s.forfeit_match(1, w2, "", reason="they arrived in time")
    assert s.state.match(1, w2).forfeit is None
    s.forfeit_match(1, w2, "+-")
    with pytest.raises(ArbitroError, match="without a result"):
        s.pair_next_round()
    sheet, bye = match_sheet(s.state.to_event(), 1)
    assert bye is None and sheet[1].score == "+ -" and sheet[1].boards == ()
    assert sheet[0].boards[0].result_text == "0-1"


def test_create_and_register_refuse_bad_input() -> None:
    s = TeamService()
    with pytest.raises(ArbitroError, match="not a team pairing system"):
        s.create("X", "dutch", 4, 5)
    with pytest.raises(ArbitroError, match="boards"):
        s.create("X", "team_swiss", 0, 5)
    with pytest.raises(ArbitroError, match="won match must be worth more"):
        s.create("X", "team_swiss", 4, 5, ("1", "1", "0"))
    with pytest.raises(ArbitroError, match="name"):
        s.create("X\r142 1", "team_swiss", 4, 5)
    assert s.new_events == ()  # a tuple, as the individual service's
    s.create("X", "team_swiss", 2, 3, ("3", "1", "0"))
    with pytest.raises(ArbitroError, match="at least one player"):
        s.register_team("A", [])
    with pytest.raises(ArbitroError, match="rating"):
        s.register_team("A", [{"name": "P", "rating": 5000}])
    s.register_team("A", [{"name": "P1"}, {"name": "P2"}])
    with pytest.raises(ArbitroError, match="already registered"):
        s.register_team("A", [{"name": "Q"}])
    with pytest.raises(ArbitroError, match="two teams"):
        s.pair_next_round()
    s.register_team("B", [{"name": "Q1"}])  # one player short: board 2 stays empty
    s.pair_next_round()
    w, _b = s.state.pairings[1][0]
    assert s.state.match(1, w).games[1].result is not GameResult.PENDING  # lost by forfeit by the short team
    with pytest.raises(ArbitroError, match="before round 1"):
        s.register_team("C", [{"name": "R"}])


def test_match_points_are_configurable_and_the_views_rows_follow() -> None:
    s = TeamService()
    s.create("Liga", "team_swiss", 2, 1, ("3", "1", "0"))
    for t in (1, 2):
        s.register_team(f"Club {t}", [{"name": f"P{t}.1"}, {"name": f"P{t}.2"}])
    s.pair_next_round()
    w, b = s.state.pairings[1][0]
    s.enter_board(1, w, 1, "1")
    s.enter_board(1, w, 2, "=")
    ev = s.state.to_event()
    _codes, lines = team_standings_table(ev)
    assert (lines[0].team, lines[0].match_points, lines[0].game_points) == (w, "3", "1½")
    assert team_rounds(ev, b)[0].match_points == "0"
    games = player_games(ev, ev.teams[b].members[0].id)
    assert [(g.round, g.board, g.mark) for g in games] == [(1, 1, "0")]


def test_a_lineup_after_the_deadline_is_only_a_late_one() -> None:
    import datetime as dt

    s = _service()
    s.pair_next_round()
    w, b = s.state.pairings[1][0]
    ids = s.state.require().teams[b].member_ids()
    due = dt.datetime(2026, 12, 1, 18, 0, tzinfo=dt.UTC)
    with pytest.raises(ArbitroError, match="offset"):
        s.set_deadline(1, due.replace(tzinfo=None))
    s.set_deadline(1, due)
    reserve = [ids[0], ids[1], ids[2], ids[4]]
    s.set_lineup(1, b, reserve, now=due - dt.timedelta(minutes=1))  # in time
    with pytest.raises(ArbitroError, match="deadline .* has passed"):
        s.set_lineup(1, b, [ids[0], ids[1], ids[2], ids[3]], now=due + dt.timedelta(minutes=1))
    s.set_lineup(1, b, [ids[0], ids[1], ids[2], ids[3]], now=due + dt.timedelta(minutes=1), late=True)
    assert replay(s.events).deadlines == {1: due}
    s.set_deadline(1, None)
    assert replay(s.events).deadlines == {}


def test_c04_6_art_1_4_a_new_log_declares_the_bye_as_a_draw_and_an_old_log_keeps_its_win() -> None:
    """C.04.6 (2026) art. 1.4: the PAB is worth a drawn match unless the competition's rules say otherwise.

    A log written since issue 35 states the bye's points in ``team_event_created``; a log written
    before has no such keys, and its bye keeps the match points of a win it was scored with.
    """
    from fractions import Fraction

    from arbitro.teams.model import ByeKind

    s = _service(teams=7)
    created = s.events[0].payload
    assert (created["pab_match"], created["pab_game"]) == ("1", "2")
    rnd = s.pair_next_round()
    team = s.state.byes[rnd]
    assert s.state.require().scoring.bye_points(ByeKind.PAB, 4) == (Fraction(1), Fraction(2))
    rows = [(e.kind, dict(e.payload)) for e in s.events]  # the log as stored: kind and payload
    del rows[0][1]["pab_match"], rows[0][1]["pab_game"]
    old = [team_event(kind, payload) for kind, payload in rows]
    ev = replay(old).require()
    assert ev.scoring.bye_points(ByeKind.PAB, 4) == (Fraction(2), Fraction(2))
    assert any(b.team == team for b in replay(old).to_event().byes)

    won = TeamService()
    won.create("Liga", "team_swiss", 4, 5, pab_points=("2", "2"))
    assert won.state.require().scoring.bye_points(ByeKind.PAB, 4) == (Fraction(2), Fraction(2))
    with pytest.raises(ArbitroError, match="pairing-allocated bye"):
        TeamService().create("Liga", "team_swiss", 4, 5, pab_points=("3", "2"))
    with pytest.raises(ArbitroError, match="pairing-allocated bye"):
        TeamService().create("Liga", "team_swiss", 4, 5, pab_points=("1", "5"))
