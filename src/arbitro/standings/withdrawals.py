"""A player who withdraws from a round robin having completed under half of the games.

FIDE Tournament Rules, "the conduct of the players" 4 (a)-(b) (old Handbook C.06 V.4, as in the
third-party mirror arbitri.lombardiascacchi.com of the Handbook; VCL4THP Q103 calls the rule
"C.05", the chapter that now holds the general rules for tournaments -- the wording and the
article number in force were not available to check, so both are cited as uncertain):

* (a) a player who withdraws or is expelled having completed **less than 50 %** of his games:
  his score remains in the tournament table (for rating and historical purposes), but the points
  scored by him or against him are **not counted in the final standings**;
* (b) with **at least 50 %** completed, his score remains and counts in the final standings
  (his unplayed games are forfeits, as the tournament service enters them).

"Completed" counts the games played over the board (``1 = 0 W D L``): forfeits were not played;
a withdrawal announced for a later round counts the rounds still to come before it as games.
"His games" are the games the Berger table gives him: ``n - 1`` per cycle (the free round of an
odd field is no game). The tournament table (TRF ``001``, crosstable) keeps every result; only
the standings and their tie-breaks leave the annulled games out (:func:`annul`).
"""

from __future__ import annotations

import copy
import dataclasses

from arbitro.model import Colour, ResultCode, RoundResult, Tournament

__all__ = ["annul", "annulled_players", "scheduled_games"]

#: Where an annulled game stood: no opponent and no point (the round counts for nothing).
_NO_GAME = RoundResult(opponent=None, colour=Colour.NONE, code=ResultCode.ZERO_BYE)


def scheduled_games(t: Tournament) -> int:
    """The games each player of a round robin has by the Berger table: ``n - 1`` per cycle."""
    n = len(t.players)
    if n < 2:
        return 0
    per_cycle_rounds = n if n % 2 else n - 1
    cycles = max(1, (t.rounds or per_cycle_rounds) // per_cycle_rounds)
    return (n - 1) * cycles


def annulled_players(t: Tournament) -> list[int]:
    """Start ranks of the withdrawn players (``t.withdrawals``) who completed under half of their games."""
    if not t.withdrawals:
        return []
    games = scheduled_games(t)
    out = []
    for start_rank in sorted(t.withdrawals):
        player = t.players.get(start_rank)
        if player is None:
            continue
        played = sum(1 for r in player.results if r.opponent is not None and r.code.is_played)
        # a withdrawal announced for a later round: the rounds still to come before it are his to play
        to_come = max(0, t.withdrawals[start_rank] - 1 - len(player.results))
        if 2 * (played + to_come) < games:
            out.append(start_rank)
    return out


def annul(t: Tournament, players: list[int]) -> Tournament:
    """A copy of ``t`` for the standings: every game of ``players`` (and against them) made no game, worth nothing."""
    gone = set(players)
    new = copy.copy(t)
    new.players = {}
    for start_rank, player in t.players.items():
        if start_rank in gone:
            results = [_NO_GAME for _ in player.results]
        else:
            results = [_NO_GAME if r.opponent in gone else r for r in player.results]
        copied = dataclasses.replace(player, results=results)
        copied.points = copied.score(t.scoring)
        new.players[start_rank] = copied
    return new
