"""Result types of the norm evaluator (B.01 1.4): rule checks, per-round audit, norm results."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal

__all__ = ["Game", "NormOptions", "NormResult", "RoundAudit", "RuleCheck"]

#: RoundAudit.status values
COUNTED = "counted"
EXCLUDED = "excluded"
DROPPED = "dropped"
COUNTED_AS_LOSS = "counted as a loss"


@dataclass(frozen=True, slots=True)
class Game:
    """One game that may count for a norm, from the applicant's side.

    ``rating`` is the opponent's FIDE rating (0 = unrated); ``half_points`` is 2/1/0.
    ``as_loss`` marks a last-round no-show counted as a played loss (B.01 1.42c / 1.4.2c).
    """

    round: int
    opponent: int
    rating: int
    title: str
    federation: str
    half_points: int
    as_loss: bool = False


@dataclass(frozen=True, slots=True)
class RuleCheck:
    """The verdict of one article on one choice of games.

    ``passed`` is ``None`` when the rule does not apply (e.g. waived by an exemption).
    ``uncertain`` lists edition values our sources leave uncertain that took part.
    """

    rule: str
    article: str
    passed: bool | None
    detail: str
    uncertain: tuple[str, ...] = ()

    @property
    def failed(self) -> bool:
        return self.passed is False

    def line(self) -> str:
        mark = {True: "ok", False: "FAILED", None: "n/a"}[self.passed]
        text = f"{self.article} {mark}: {self.detail}"
        for note in self.uncertain:
            text += f" [uncertain: {note}]"
        return text


@dataclass(frozen=True, slots=True)
class RoundAudit:
    """One round of the applicant: counted, excluded or dropped, and the article that decided it."""

    round: int
    opponent: int | None
    result: str
    status: str
    article: str
    reason: str

    def line(self) -> str:
        opp = f"vs {self.opponent}" if self.opponent is not None else "no opponent"
        return f"round {self.round} ({opp}, {self.result}): {self.status} - {self.article} {self.reason}".rstrip()


@dataclass(frozen=True, slots=True)
class NormOptions:
    """Facts about the event that the TRF does not carry; the arbiter supplies them.

    * ``event``: ``"team_championship"`` (1.41b / 1.4.1b, 7-9 round World/Continental
      team or club championships), ``"world_cup"`` (World Cup / Women's World
      Championship KO), ``"national_championship"`` (1.43a / 1.4.3a),
      ``"national_team_championship"`` (1.43b / 1.4.3b), ``"zonal"`` (1.43c / 1.4.3c),
      ``"approved"`` (exemption approved by the QC Chair) or ``None``.
    * ``min_games``: override of the minimum number of games.
    * ``predetermined``: pairings fixed in advance (round robins); ``None`` = from the system code.
    * ``game_ratings``: for events longer than 90 days (2017) / 30 days (2024),
      the opponent's rating and title when each game was played (1.15 / 1.1.4);
      the TRF holds only one rating per player.
    """

    event: str | None = None
    min_games: int | None = None
    predetermined: bool | None = None
    #: long events (1.15 / 1.1.4): (round, opponent start rank) -> (rating, title) when that game was played
    game_ratings: Mapping[tuple[int, int], tuple[int, str]] | None = None


@dataclass(frozen=True, slots=True)
class NormResult:
    """The verdict for one player and one title (B.01 1.4), with its reasons.

    * ``games``: what the norm counts toward a title application after the extra
      games (1.41c / 1.4.1d) and the 13-game cap (1.7); ``None`` when not achieved.
    * ``games_counted``: the games the norm was evaluated on (after exclusions and drops).
    * ``dropped_rounds``: rounds ignored under 1.42e/f (1.4.1e/f).
    * ``failed_rules``: articles that failed on the best choice of games (empty when achieved).
    * ``explanation``: one line per rule with the numbers that decided it.
    * ``audit``: one entry per round.
    * ``exemption`` / ``eight_of_nine``: facts a title application needs (1.4.3e, 1.4.1c, 1.51).
    """

    start_rank: int
    name: str
    title: str
    achieved: bool
    games: int | None
    games_counted: int
    score: Decimal
    ra: int | None
    rp: int | None
    dropped_rounds: list[int]
    failed_rules: list[str]
    explanation: list[str]
    audit: list[RoundAudit]
    checks: list[RuleCheck]
    edition: str
    tournament_start: _dt.date | None
    tournament_end: _dt.date | None
    extra_games: int = 0
    route: str = "all counted games"
    uncertain: list[str] = field(default_factory=list)
    #: why the federation rules were waived (1.43a-e / 1.4.3a-d), or None: an application needs
    #: at least one norm under the normal foreigner requirement (1.43b1 / 1.4.3e)
    exemption: str | None = None
    #: an 8-game norm from 8 played + 1 forfeit win or PAB in 9 rounds (1.4.1c; 2017 1.51)
    eight_of_nine: bool = False
