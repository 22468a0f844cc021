"""Small hand-made team events for the article tests."""

from __future__ import annotations

from arbitro.teams.model import (
    BoardGame,
    ByeKind,
    ColourPreferenceType,
    GameResult,
    Match,
    MatchForfeit,
    Member,
    Team,
    TeamBye,
    TeamEvent,
)


def event(n: int, boards: int = 2, rounds: int = 7, reserves: int = 0, **kw: object) -> TeamEvent:
    teams = {}
    pid = 1
    for t in range(1, n + 1):
        members = []
        for _ in range(boards + reserves):
            members.append(Member(pid, f"P{pid}", 2400 - 10 * pid))
            pid += 1
        teams[t] = Team(t, f"Team {t}", tuple(members))
    return TeamEvent(name="test", teams=teams, boards=boards, rounds=rounds, **kw)  # type: ignore[arg-type]


def play(e: TeamEvent, rnd: int, white: int, black: int, results: str) -> Match:
    """Add a match; ``results`` has one TRF code per board for the white team's player (``1 = 0 + -``)."""
    wl = e.teams[white].default_lineup(e.boards)
    bl = e.teams[black].default_lineup(e.boards)
    games = []
    for b, code in enumerate(results, start=1):
        res = GameResult(code)
        w = None if res is GameResult.FORFEIT_LOSS else wl[b - 1]
        k = None if res is GameResult.FORFEIT_WIN else bl[b - 1]
        games.append(BoardGame(b, w, k, res))
    m = Match(rnd, white, black, tuple(games))
    e.matches.append(m)
    return m


def forfeit(e: TeamEvent, rnd: int, white: int, black: int, kind: MatchForfeit) -> None:
    e.matches.append(Match(rnd, white, black, forfeit=kind))


def bye(e: TeamEvent, rnd: int, team: int, kind: ByeKind = ByeKind.PAB) -> None:
    e.byes.append(TeamBye(rnd, team, kind))


__all__ = ["ColourPreferenceType", "bye", "event", "forfeit", "play"]
