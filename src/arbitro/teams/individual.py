"""A team event's individual games as an individual :class:`~arbitro.model.Tournament`.

A team event reports its individual games to FIDE as usual (TRF ``001`` records): this is
the tournament the rating report, the individual tie-breaks and the norm evaluator
(B.01 1.4.1b: 7-game norms in 7-round team championships, 7 or 8 in 8/9-round ones by
edition, ``NormOptions(event="team_championship")``) work on. Rounds a player did not
play (not in the line-up, team bye, whole-match forfeit) are not paired (blank); a board
left empty by the opponent is a forfeit win without opponent.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from arbitro.model import Colour, Player, ResultCode, RoundResult, ScoringSystem, Tournament
from arbitro.teams.model import GameResult, TeamEvent

__all__ = ["to_tournament"]

_CODES = {
    GameResult.WIN: ResultCode.WIN,
    GameResult.DRAW: ResultCode.DRAW,
    GameResult.LOSS: ResultCode.LOSS,
    GameResult.FORFEIT_WIN: ResultCode.FORFEIT_WIN,
    GameResult.FORFEIT_LOSS: ResultCode.FORFEIT_LOSS,
    GameResult.DOUBLE_FORFEIT: ResultCode.FORFEIT_LOSS,
}


def _date(text: str) -> dt.date | None:
    for fmt in ("%Y/%m/%d", "%Y-%m-%d"):  # TRF 042/052 are written either way
        try:
            return dt.datetime.strptime(text.strip(), fmt).date()
        except ValueError:
            continue
    return None


def _decimal(value: object) -> Decimal:
    from fractions import Fraction

    assert isinstance(value, Fraction)
    return Decimal(value.numerator) / Decimal(value.denominator)


def to_tournament(event: TeamEvent) -> Tournament:
    """The individual tournament of ``event`` (start ranks are the players' ids)."""
    last = event.played_rounds()
    cells: dict[int, dict[int, RoundResult]] = {pid: {} for pid in event.players}
    for m in event.matches:
        if m.forfeit is not None:
            continue
        for g in m.games:
            if g.result is GameResult.PENDING:
                continue
            code = _CODES[g.result]
            for pid, opp, white, res in (
                (g.white_team_player, g.black_team_player, True, code),
                (g.black_team_player, g.white_team_player, False, _CODES[g.result.reversed()]),
            ):
                if pid is None:
                    continue
                colour = Colour.WHITE if event.player_colour(g.board, white) == "w" else Colour.BLACK
                cells[pid][m.round] = RoundResult(opp, colour, res)
    s = event.scoring
    scoring = ScoringSystem(
        win=_decimal(s.game_win), draw=_decimal(s.game_draw), loss=_decimal(s.game_loss),
        forfeit_win=_decimal(s.game_win), forfeit_loss=_decimal(s.game_loss),
    )  # fmt: skip
    players: dict[int, Player] = {}
    for pid in sorted(event.players):
        member = event.players[pid]
        results = [cells[pid].get(r, RoundResult(None, None, ResultCode.NOT_PAIRED)) for r in range(1, last + 1)]
        p = Player(
            start_rank=pid, name=member.name, sex=member.sex, title=member.title, rating=member.rating,
            federation=member.federation, fide_id=str(member.fide_id or ""), birth_date=member.birth, results=results,
        )  # fmt: skip
        p.points = p.score(scoring)
        players[pid] = p
    return Tournament(
        name=event.name,
        city=event.city,
        federation=event.federation,
        start_date=_date(event.start_date),
        end_date=_date(event.end_date),
        declared_players=len(players),
        declared_teams=len(event.teams),
        type_text="Individual games of a team event",
        chief_arbiter=event.chief_arbiter,
        rounds=event.rounds,
        initial_colour=Colour.WHITE if event.initial_colour == "W" else Colour.BLACK,
        scoring=scoring,
        players=players,
    )
