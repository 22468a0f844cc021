"""Which rounds count for a norm (B.01 1.42 / 1.4.2), with a per-round audit trail.

* forfeits, byes and unplayed rounds are excluded (1.42c / 1.4.2c); a forfeit
  win in the last round is kept aside for the "needs only to play" exception;
* opponents of non-FIDE federations (``NON``) are excluded (1.42a / 1.4.2a);
  ``FID`` opponents count as games but are no federation (QC, 2026);
* in round robins, unrated opponents who scored zero against rated opponents are
  excluded (1.42d / 1.4.2b); this does not apply to Swiss events;
* games played but not rated (TRF ``W D L``) were played over the board and count.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from arbitro.model import Player, ResultCode, Tournament
from arbitro.titles.editions import Edition
from arbitro.titles.norms.result import COUNTED, EXCLUDED, Game, RoundAudit

__all__ = ["NON_FIDE", "NO_FEDERATION", "GameSet", "collect_games", "half_points"]

#: federation codes that are not a FIDE member federation: games against them do not count (1.42a)
NON_FIDE = frozenset({"NON"})
#: codes that count as opponents but not as a federation for 1.43/1.44 (FID: QC 2026 clarification)
NO_FEDERATION = frozenset({"FID", "", "NON"})

_HALF = {
    ResultCode.WIN: 2,
    ResultCode.UNRATED_WIN: 2,
    ResultCode.DRAW: 1,
    ResultCode.UNRATED_DRAW: 1,
    ResultCode.LOSS: 0,
    ResultCode.UNRATED_LOSS: 0,
}


def half_points(code: ResultCode) -> int:
    """Half points of a played game (win 2, draw 1, loss 0)."""
    return _HALF[code]


@dataclass(slots=True)
class GameSet:
    """The applicant's counted games, the audit of every round and the special rounds."""

    games: list[Game]
    audit: list[RoundAudit]
    rounds: int
    #: rounds with a forfeit win (opponent absent) or a pairing-allocated bye
    forfeit_wins: list[int] = field(default_factory=list)
    pabs: list[int] = field(default_factory=list)
    #: the last-round forfeit win, as a played loss (1.42c / 1.4.2c exception)
    last_round_no_show: Game | None = None


def _zero_against_rated(t: Tournament, opponent: Player) -> bool:
    """1.42d / 1.4.2b: an unrated opponent scored no point against rated opponents."""
    for res in opponent.results:
        if res.opponent is None or not res.code.is_played:
            continue
        other = t.players.get(res.opponent)
        if other is not None and other.rating > 0 and half_points(res.code) > 0:
            return False
    return True


def _game(
    round_no: int, opp: Player, half: int, *, as_loss: bool = False,
    at_game: Mapping[tuple[int, int], tuple[int, str]] | None = None,
) -> Game:
    rating, title = opp.rating, opp.title
    if at_game is not None and (round_no, opp.start_rank) in at_game:
        rating, title = at_game[(round_no, opp.start_rank)]
    return Game(round_no, opp.start_rank, rating, title, opp.federation.upper(), half, as_loss)


def collect_games(
    t: Tournament, player: Player, edition: Edition, *, round_robin: bool,
    at_game: Mapping[tuple[int, int], tuple[int, str]] | None = None,
) -> GameSet:
    """Sort each round of ``player`` into counted or excluded (B.01 1.42 / 1.4.2).

    ``at_game`` gives the opponent's (rating, title) when a game was played, for long events (1.15 / 1.1.4).
    """
    games: list[Game] = []
    audit: list[RoundAudit] = []
    rounds = max(t.total_rounds, len(player.results))
    gs = GameSet(games, audit, rounds)
    unplayed, counted_art = edition.article("unplayed"), edition.article("min_games")
    for r, res in enumerate(player.results, start=1):
        code = res.code
        opp = t.players.get(res.opponent) if res.opponent is not None else None
        reason = ""
        article = unplayed
        if code is ResultCode.PAIRING_BYE:
            gs.pabs.append(r)
            reason = "pairing-allocated bye: no game"
        elif code.is_bye and res.opponent is None:
            reason = "bye or absence: no game"
        elif code is ResultCode.NOT_PAIRED:
            reason = "paired, no result yet"
        elif code.is_forfeit:
            if code is ResultCode.FORFEIT_WIN:
                gs.forfeit_wins.append(r)
                if opp is not None and r == t.total_rounds:
                    gs.last_round_no_show = _game(r, opp, 0, as_loss=True, at_game=at_game)
            reason = "forfeit: not played over the board"
        elif opp is None:
            reason = "opponent not in the tournament"
        elif opp.federation.upper() in NON_FIDE:
            article = edition.article("non_fide")
            reason = f"opponent's federation {opp.federation or '?'} is not a FIDE federation"
        elif round_robin and opp.rating <= 0 and _zero_against_rated(t, opp):
            article = edition.article("rr_unrated_zero")
            reason = "round robin: unrated opponent scored 0 against rated opponents"
        else:
            games.append(_game(r, opp, half_points(code), at_game=at_game))
            audit.append(RoundAudit(r, opp.start_rank, code.value, COUNTED, counted_art, "played game"))
            continue
        audit.append(RoundAudit(r, res.opponent, code.value.strip() or "unplayed", EXCLUDED, article, reason))
    for r in range(len(player.results) + 1, rounds + 1):
        audit.append(RoundAudit(r, None, "unplayed", EXCLUDED, unplayed, "round not played yet"))
    return gs
