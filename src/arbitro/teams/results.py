"""Match results from game results, and the per-round table of every team.

* game points of a match: the sum of its boards (forfeited boards count for the side
  present; a double-forfeited or empty board counts for nobody);
* match points: a win, a draw or a loss by comparing the game points (configurable values,
  :class:`~arbitro.teams.model.TeamScoring`);
* a whole-match forfeit gives the winner the match points of a win and a forfeit win on
  every board; the match is unplayed (C.04.6 art. 1.6: no colour, no meeting);
* byes: :meth:`~arbitro.teams.model.TeamScoring.bye_points`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from arbitro.errors import ArbitroError
from arbitro.teams.model import ByeKind, GameResult, Match, MatchForfeit, TeamEvent, TeamScoring, game_table

__all__ = ["RoundEntry", "match_game_points", "round_table", "totals"]


@dataclass(frozen=True, slots=True)
class RoundEntry:
    """What one round was for one team.

    ``kind``: ``played`` (at least one game over the board), ``forfeit_win``,
    ``forfeit_loss``, ``double_forfeit`` (whole match), ``U``/``F``/``H``/``Z`` (byes),
    ``absent`` (not paired, nothing recorded), ``pending`` (paired, no result yet).
    ``colour`` is ``"w"``/``"b"`` for a played match only (art. 1.6.1).
    """

    round: int
    opponent: int | None
    colour: str | None
    kind: str
    mp: Fraction
    gp: Fraction
    opp_gp: Fraction = Fraction(0)
    board_points: tuple[Fraction | None, ...] = ()  # this team's game points per board (None: no game)

    @property
    def played(self) -> bool:
        return self.kind == "played"

    @property
    def paired(self) -> bool:
        """Met an opponent in the pairing (played or forfeited match)."""
        return self.opponent is not None


def match_game_points(event: TeamEvent, match: Match) -> tuple[Fraction, Fraction]:
    """(white team, black team) game points of ``match``."""
    return _game_points(event.scoring, event.boards, match)


def _game_points(s: TeamScoring, boards: int, match: Match) -> tuple[Fraction, Fraction]:
    if match.forfeit is MatchForfeit.WHITE_WINS:
        return s.game_win * boards, s.game_loss * boards
    if match.forfeit is MatchForfeit.BLACK_WINS:
        return s.game_loss * boards, s.game_win * boards
    if match.forfeit is MatchForfeit.DOUBLE:
        return s.game_loss * boards, s.game_loss * boards
    table = game_table(s)
    counts = Counter(g.result for g in match.games)
    w = b = Fraction(0)
    for result, n in counts.items():
        pw, pb = table[result]
        w += pw * n
        b += pb * n
    return w, b


def _board_points(s: TeamScoring, boards: int, match: Match, white: bool) -> tuple[Fraction | None, ...]:
    out: list[Fraction | None] = [None] * boards
    if match.forfeit is not None:
        return tuple(out)
    table = game_table(s)
    for g in match.games:
        if not 1 <= g.board <= boards or g.result is GameResult.PENDING:
            continue
        player = g.white_team_player if white else g.black_team_player
        if player is None:
            continue
        pw, pb = table[g.result]
        out[g.board - 1] = pw if white else pb
    return tuple(out)


_CACHE: dict[tuple[Match, int], tuple[TeamScoring, int, RoundEntry]] = {}


def _match_entry(event: TeamEvent, match: Match, team: int) -> RoundEntry:
    """The entry of ``team`` in ``match`` (memoised: matches are immutable values)."""
    key = (match, team)
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is event.scoring and hit[1] == event.boards:
        return hit[2]
    entry = _entry(event.scoring, event.boards, match, team)
    if len(_CACHE) > 200_000:
        _CACHE.clear()
    _CACHE[key] = (event.scoring, event.boards, entry)
    return entry


def _entry(s: TeamScoring, boards: int, match: Match, team: int) -> RoundEntry:
    white = team == match.white
    opp = match.other(team)
    if not match.complete:
        return RoundEntry(match.round, opp, None, "pending", Fraction(0), Fraction(0))
    gw, gb = _game_points(s, boards, match)
    gp, ogp = (gw, gb) if white else (gb, gw)
    if match.forfeit is not None:
        if match.forfeit is MatchForfeit.DOUBLE:
            return RoundEntry(match.round, opp, None, "double_forfeit", s.match_loss, gp, ogp)
        won = (match.forfeit is MatchForfeit.WHITE_WINS) == white
        kind = "forfeit_win" if won else "forfeit_loss"
        return RoundEntry(match.round, opp, None, kind, s.match_win if won else s.match_loss, gp, ogp)
    mp = s.match_points(gp, ogp)
    if not match.played:
        # every board forfeited: scored like the boards say, but not a played match
        if gp > ogp:
            kind = "forfeit_win"
        elif gp < ogp:
            kind = "forfeit_loss"
        else:
            kind = "double_forfeit"
        return RoundEntry(match.round, opp, None, kind, mp, gp, ogp, _board_points(s, boards, match, white))
    colour = "w" if white else "b"
    return RoundEntry(match.round, opp, colour, "played", mp, gp, ogp, _board_points(s, boards, match, white))


def round_table(event: TeamEvent, upto: int | None = None) -> dict[int, list[RoundEntry]]:
    """Every team's rounds 1..``upto`` (default: the rounds recorded), one entry per round."""
    last = event.played_rounds() if upto is None else upto
    entries: dict[int, dict[int, RoundEntry]] = {t: {} for t in event.teams}
    for m in event.matches:
        if m.round > last:
            continue
        for team in m.teams:
            if team not in entries:
                raise ArbitroError(f"round {m.round}: match with unknown team {team}")
            if m.round in entries[team]:
                raise ArbitroError(f"round {m.round}: team {team} is paired twice")
            entries[team][m.round] = _match_entry(event, m, team)
    for b in event.byes:
        if b.round > last:
            continue
        if b.team not in entries:
            raise ArbitroError(f"round {b.round}: bye for unknown team {b.team}")
        if b.round in entries[b.team]:
            raise ArbitroError(f"round {b.round}: team {b.team} has a bye and a match")
        mp, gp = event.scoring.bye_points(b.kind, event.boards)
        entries[b.team][b.round] = RoundEntry(b.round, None, None, b.kind.value, mp, gp)
    out: dict[int, list[RoundEntry]] = {}
    zero = Fraction(0)
    for team, by_round in entries.items():
        out[team] = [
            by_round.get(r) or RoundEntry(r, None, None, "absent", zero, zero) for r in range(1, last + 1)
        ]
    return out


def totals(table: dict[int, list[RoundEntry]]) -> dict[int, tuple[Fraction, Fraction]]:
    """(match points, game points) of every team."""
    return {
        t: (sum((e.mp for e in rows), Fraction(0)), sum((e.gp for e in rows), Fraction(0)))
        for t, rows in table.items()
    }


def is_pab_barred(rows: list[RoundEntry]) -> bool:
    """C.04.6 art. 2.1.2 [C2]: a team that had the PAB, won a match by forfeit or had a full-point bye."""
    return any(e.kind in (ByeKind.PAB.value, ByeKind.FULL.value, "forfeit_win") for e in rows)
