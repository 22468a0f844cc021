"""A team event's individual games: the rating report and B.01 team norms (issue 18)."""

from __future__ import annotations

from tests.teams.helpers import event, play

from arbitro.model import ResultCode
from arbitro.pairing.berger import berger_table
from arbitro.teams.individual import to_tournament
from arbitro.teams.model import BoardGame, GameResult, Match, Member, Team, TeamEvent
from arbitro.titles.norms import NormOptions, evaluate_norms
from arbitro.trf import parse_trf
from arbitro.trf.writer import format_trf

FEDS = ["NED", "GER", "ESP", "FRA", "ITA", "NOR", "POL", "CZE"]


def _championship() -> TeamEvent:
    """8 one-board teams, 7 rounds (a round robin); team 1's player beats six GMs and draws one."""
    teams = {}
    for t in range(1, 9):
        m = Member(t, f"Player {t}", 2450 if t == 1 else 2600, FEDS[t - 1], 1000 + t, "m", "IM" if t == 1 else "GM")
        teams[t] = Team(t, f"{FEDS[t - 1]} team", (m,))
    e = TeamEvent("Continental team championship", teams, boards=1, rounds=7, system="team_round_robin", start_date="2026/12/01")
    for rnd, pairs in enumerate(berger_table(8), start=1):
        for w, b in pairs:
            if 1 in (w, b):
                res = GameResult.DRAW if rnd == 7 else (GameResult.WIN if w == 1 else GameResult.LOSS)
            else:
                res = GameResult.DRAW
            e.matches.append(Match(rnd, w, b, (BoardGame(1, w, b, res),)))
    return e


def test_individual_games_are_reported_as_an_individual_trf() -> None:
    e = event(4, boards=2)
    play(e, 1, 1, 3, "1+")
    play(e, 1, 2, 4, "=0")
    t = to_tournament(e)
    r = t.players[2].results[0]  # team 1 board 2 vs team 3 board 2 (absent): forfeit win, no game
    assert r.code is ResultCode.FORFEIT_WIN and r.opponent is None
    assert t.players[1].results[0].opponent == 5 and t.players[1].results[0].colour.value == "w"
    back = parse_trf(format_trf(t), "ind.trf")
    assert not [d for d in back.diagnostics if d.is_error]
    assert back.tournament.players[1].points == 1


def test_b01_team_championship_norm_with_seven_games() -> None:
    t = to_tournament(_championship())
    (p,) = evaluate_norms(t, "2024", options=NormOptions(event="team_championship"), players=[1])
    gm = next(n for n in p.norms if n.title == "GM")
    assert gm.achieved and gm.games_counted == 7  # B.01 1.4.1b: 7 games suffice in a 7-round team championship
