"""Team standings and board standings.

* :func:`team_standings` - rank, primary score and the listed tie-breaks (C.07, Art. 4.2:
  in order, teams still tied share nothing - the TPN decides last, as the drawing of lots
  the competition may prescribe is outside the core), with per-round explanations;
* :func:`board_standings` - the individual results per board (board prizes): points,
  games, percentage and rating performance (B.02 / C.07 10.2 TPR) of every player who
  played at least ``min_games`` games on that board (the competition's minimum).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from arbitro.ratings.performance import tournament_performance_rating
from arbitro.teams.model import GameResult, PrimaryScore, TeamEvent
from arbitro.teams.tiebreaks import TeamTiebreak, TeamValue, compute_team_tiebreaks, parse_team_tiebreak
from arbitro.tiebreaks.column import Contribution, Explanation

__all__ = ["BoardRow", "DEFAULT_TIEBREAKS", "TeamRow", "board_standings", "explain_row", "team_standings"]

#: The usual list with match points primary (Olympiad-style): game points, then the
#: extended Sonneborn-Berger, then Buchholz on match points; with game points primary,
#: match points first.
DEFAULT_TIEBREAKS = ("GPTS", "ESB", "BH:MP", "DE")
DEFAULT_TIEBREAKS_GP = ("MPTS", "EGGSB", "BH:GP", "DE")


@dataclass(frozen=True, slots=True)
class TeamRow:
    rank: int
    team: int
    name: str
    match_points: Fraction
    game_points: Fraction
    tiebreaks: tuple[TeamValue, ...]


def team_standings(
    event: TeamEvent, tiebreaks: list[str] | tuple[str, ...] | None = None
) -> tuple[list[TeamTiebreak], list[TeamRow]]:
    """The specs used and one row per team, best first. Ties that survive every tie-break share a rank."""
    default = DEFAULT_TIEBREAKS if event.primary is PrimaryScore.MATCH else DEFAULT_TIEBREAKS_GP
    texts = list(tiebreaks) if tiebreaks is not None else list(event.tiebreaks or default)
    specs = [parse_team_tiebreak(t, event.primary) for t in texts]
    order, values, _ = compute_team_tiebreaks(event, specs)
    from arbitro.teams.results import round_table, totals

    tot = totals(round_table(event))
    rows: list[TeamRow] = []
    prev: tuple[object, ...] | None = None
    rank = 0
    primary = 0 if event.primary is PrimaryScore.MATCH else 1
    for i, t in enumerate(order, start=1):
        key = (tot[t][primary], *(v.value for v in values[t]))
        if key != prev:
            rank = i
            prev = key
        rows.append(TeamRow(rank, t, event.teams[t].name, tot[t][0], tot[t][1], tuple(values[t])))
    return specs, rows


def _decimal(v: Fraction) -> Decimal:
    return Decimal(v.numerator) / Decimal(v.denominator)


def explain_row(specs: list[TeamTiebreak], row: TeamRow) -> list[Explanation]:
    """Every tie-break value of ``row`` with its per-round contributions, in the individual shape
    (:class:`arbitro.tiebreaks.column.Explanation`; ``start_rank`` is the team's TPN)."""
    out = []
    for spec, value in zip(specs, row.tiebreaks, strict=True):
        contributions = tuple(
            Contribution(rnd, opp, _decimal(v), cut, "cut" if cut else "") for rnd, opp, v, cut in value.rounds
        )
        single = value.value if isinstance(value.value, Fraction) else None
        note = "" if single is not None else f"board scores {value.display()}"
        out.append(Explanation(spec.text, row.team, None if single is None else _decimal(single), contributions, note))
    return out


@dataclass(frozen=True, slots=True)
class BoardRow:
    board: int
    rank: int
    player: int
    name: str
    team: int
    points: Fraction
    games: int
    percentage: Fraction
    performance: int | None


def board_standings(event: TeamEvent, min_games: int = 1, by: str = "points") -> dict[int, list[BoardRow]]:
    """Per board, the players with at least ``min_games`` games there, best first.

    ``by``: ``points`` (then percentage, then performance), ``percentage`` or
    ``performance``. Games count when played over the board; forfeit wins count as
    points but not as games (B.02 / C.07 unplayed games are not rated).
    """
    if by not in ("points", "percentage", "performance"):
        from arbitro.errors import ArbitroError

        raise ArbitroError(f"board standings: order by points, percentage or performance, not {by!r}")
    team_of = event.team_of_player()
    s = event.scoring
    stats: dict[tuple[int, int], tuple[Fraction, int, list[int], Fraction]] = {}
    for m in event.matches:
        if m.forfeit is not None:
            continue
        for g in m.games:
            pw, pb = s.game_points(g.result)
            for pid, opp, pts in ((g.white_team_player, g.black_team_player, pw), (g.black_team_player, g.white_team_player, pb)):
                if pid is None or g.result is GameResult.PENDING:
                    continue
                points, games, opps, rated = stats.get((g.board, pid), (Fraction(0), 0, [], Fraction(0)))
                points += pts
                if g.result.played and opp is not None:
                    games += 1
                    rating = event.players[opp].rating
                    if rating:
                        opps = [*opps, rating]
                        rated += pts / s.game_win if s.game_win else 0
                stats[(g.board, pid)] = (points, games, opps, rated)
    out: dict[int, list[BoardRow]] = {}
    for (board, pid), (points, games, opps, rated) in stats.items():
        if games < min_games:
            continue
        pct = points / (games * s.game_win) if games and s.game_win else Fraction(0)
        perf = tournament_performance_rating(opps, rated) if opps else None
        out.setdefault(board, []).append(
            BoardRow(board, 0, pid, event.players[pid].name, team_of.get(pid, 0), points, games, pct, perf)
        )
    for board, rows in out.items():
        def key(r: BoardRow) -> tuple[object, ...]:
            perf = -(r.performance or 0)
            if by == "percentage":
                return (-r.percentage, perf, -r.points, r.player)
            if by == "performance":
                return (perf, -r.percentage, -r.points, r.player)
            return (-r.points, -r.percentage, perf, r.player)

        rows.sort(key=key)
        ranked: list[BoardRow] = []
        for i, r in enumerate(rows, start=1):
            same = ranked and key(ranked[-1])[:-1] == key(r)[:-1]
            ranked.append(BoardRow(r.board, ranked[-1].rank if same else i, *_rest(r)))
        out[board] = ranked
    return dict(sorted(out.items()))


def _rest(r: BoardRow) -> tuple[int, str, int, Fraction, int, Fraction, int | None]:
    return (r.player, r.name, r.team, r.points, r.games, r.percentage, r.performance)
