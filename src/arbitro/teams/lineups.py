"""Line-ups: who plays on which board, by the board-order rule of the competition.

The rule (as in the Olympiad and most team regulations; docs/decisions.md 2026-12-01):

* a line-up has one entry per board, each a member of the team or ``None`` (an empty
  board, lost by forfeit);
* nobody plays twice;
* the players keep the order of the team's ranked list: a player may not play on a board
  above a player ranked above him (reserves move the others down, never up);
* empty boards are the last boards (``empty_last``).
"""

from __future__ import annotations

from collections.abc import Sequence

from arbitro.errors import Message, msg
from arbitro.teams.model import Team

__all__ = ["lineup_errors"]


def lineup_errors(
    team: Team, lineup: Sequence[int | None], boards: int, empty_last: bool = True
) -> list[Message]:
    """What is wrong with ``lineup`` (empty list: a valid line-up)."""
    errors: list[Message] = []
    if len(lineup) != boards:
        errors.append(
            msg(
                "team.lineup_boards",
                "team {team}: the line-up has {given} boards, expected {boards}",
                team=team.number,
                given=len(lineup),
                boards=boards,
            )
        )
    rank = {m.id: i for i, m in enumerate(team.members)}
    names = {m.id: m.name for m in team.members}  # the reader knows the players by name, not by their ids
    seen: set[int] = set()
    last_rank = -1
    empty_seen = False
    for board, pid in enumerate(lineup, start=1):
        if pid is None:
            empty_seen = True
            continue
        if empty_last and empty_seen:
            errors.append(
                msg(
                    "team.lineup_empty_above",
                    "team {team}: board {board} is filled below an empty board (empty boards go last)",
                    team=team.number,
                    board=board,
                )
            )
        if pid not in rank:
            errors.append(
                msg(
                    "team.lineup_not_member",
                    "team {team}: player {player} on board {board} is not a member of the team",
                    team=team.number,
                    player=pid,
                    board=board,
                )
            )
            continue
        if pid in seen:
            errors.append(
                msg(
                    "team.lineup_twice",
                    "team {team}: player {player} plays twice",
                    team=team.number,
                    player=names[pid],
                )
            )
        seen.add(pid)
        if rank[pid] < last_rank:
            errors.append(
                msg(
                    "team.lineup_order",
                    "team {team}: player {player} on board {board} is ranked above the player on the board "
                    "before (the board order must follow the team's ranked list)",
                    team=team.number,
                    player=names[pid],
                    board=board,
                )
            )
        last_rank = max(last_rank, rank[pid])
    return errors
