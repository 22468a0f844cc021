"""The team model: teams with a ranked board order, matches of board games, byes, scoring.

Vocabulary (C.04.6 art. 1, docs/pairing-systems/team-swiss.md):

* a team has a **TPN** (art. 1.1, :attr:`Team.number`, 1..N, fixed) and a ranked list of
  members; the first ``boards`` are the regular board order, the rest are reserves;
* a **match** is played on ``boards`` boards; :attr:`Match.white` is the team whose player
  has White on board 1 (art. 1.6.1: that is the colour of the team in the match);
  the other boards follow the competition's colour pattern (TRF record 352, e.g. ``WBWB``);
* game results are stored from the point of view of the ``white`` team's player;
* a **whole-match forfeit** (:class:`MatchForfeit`, TRF record 330) overrides the boards;
* a **team bye** (:class:`TeamBye`): the pairing-allocated bye (art. 1.4, TRF 320) or a
  bye the competition grants (full, half, zero).

Scores are exact :class:`fractions.Fraction` values.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction

from arbitro.errors import ArbitroError
from arbitro.pairing.registry import get as _system
from arbitro.teams.system_keys import (
    FIDE_TEAM_PREFIX,
    TEAM_DOUBLE_ROUND_ROBIN_KEY,
    TEAM_ROUND_ROBIN_KEY,
    TEAM_SWISS_KEY,
)

#: The team systems' registry keys, for the team package and the team TRF module.
TEAM_SYSTEM_KEYS = (TEAM_SWISS_KEY, TEAM_ROUND_ROBIN_KEY, TEAM_DOUBLE_ROUND_ROBIN_KEY)
ROUND_ROBIN_KEYS = (TEAM_ROUND_ROBIN_KEY, TEAM_DOUBLE_ROUND_ROBIN_KEY)


def system_trf_code(key: str) -> str:
    """The TRF 192 code the registry writes for a team system."""
    return _system(key).trf_code


__all__ = [
    "FIDE_TEAM_PREFIX",
    "ROUND_ROBIN_KEYS",
    "TEAM_DOUBLE_ROUND_ROBIN_KEY",
    "TEAM_ROUND_ROBIN_KEY",
    "TEAM_SWISS_KEY",
    "TEAM_SYSTEM_KEYS",
    "BoardGame",
    "ByeKind",
    "ColourPreferenceType",
    "GameResult",
    "Match",
    "MatchForfeit",
    "Member",
    "PrimaryScore",
    "Team",
    "TeamBye",
    "TeamEvent",
    "TeamScoring",
    "default_pattern",
    "system_trf_code",
]


class GameResult(StrEnum):
    """One board's result from the point of view of the ``white`` team's player (TRF codes)."""

    WIN = "1"
    DRAW = "="
    LOSS = "0"
    FORFEIT_WIN = "+"  # the other team's player did not appear
    FORFEIT_LOSS = "-"  # this team's player did not appear
    DOUBLE_FORFEIT = "--"  # neither appeared (or the board was left empty by both)
    PENDING = "*"  # not played yet

    @property
    def played(self) -> bool:
        return self in (GameResult.WIN, GameResult.DRAW, GameResult.LOSS)

    def reversed(self) -> GameResult:
        return _REVERSED[self]


_REVERSED = {
    GameResult.WIN: GameResult.LOSS,
    GameResult.LOSS: GameResult.WIN,
    GameResult.DRAW: GameResult.DRAW,
    GameResult.FORFEIT_WIN: GameResult.FORFEIT_LOSS,
    GameResult.FORFEIT_LOSS: GameResult.FORFEIT_WIN,
    GameResult.DOUBLE_FORFEIT: GameResult.DOUBLE_FORFEIT,
    GameResult.PENDING: GameResult.PENDING,
}


class MatchForfeit(StrEnum):
    """A whole match not played (TRF record 330 codes)."""

    WHITE_WINS = "+-"
    BLACK_WINS = "-+"
    DOUBLE = "--"


class ByeKind(StrEnum):
    PAB = "U"  # pairing-allocated bye (C.04.6 art. 1.4)
    FULL = "F"
    HALF = "H"
    ZERO = "Z"


class PrimaryScore(StrEnum):
    """C.04.6 art. 1.2: the score that makes the scoregroups."""

    MATCH = "MP"
    GAME = "GP"


class ColourPreferenceType(StrEnum):
    """C.04.6 art. 1.7: type A (default), type B, or no colour preferences."""

    A = "A"
    B = "B"
    NONE = "none"


@dataclass(frozen=True, slots=True)
class TeamScoring:
    """Match points and game points (configurable: 2-1-0, 3-1-0, ...).

    ``pab_match``/``pab_game``: what the pairing-allocated bye is worth; ``None`` means
    C.04.6 (2026) art. 1.4's default, the match points and the game points of a **draw**
    (a drawn match: the draw's game points on every board). A competition whose rules
    give more (e.g. the match points of a win) declares it: TRF record ``320`` carries
    both values, a team log's ``team_event_created`` its ``pab_match``/``pab_game``
    (docs/decisions.md, 2026-12-04; the 2026-12-01 default of a win is superseded).
    A whole-match forfeit gives the winner the match points of a win and a forfeit win
    on every board.
    """

    match_win: Fraction = Fraction(2)
    match_draw: Fraction = Fraction(1)
    match_loss: Fraction = Fraction(0)
    game_win: Fraction = Fraction(1)
    game_draw: Fraction = Fraction(1, 2)
    game_loss: Fraction = Fraction(0)
    pab_match: Fraction | None = None
    pab_game: Fraction | None = None

    def game_points(self, result: GameResult) -> tuple[Fraction, Fraction]:
        """(white team's player, black team's player) game points of one board."""
        return game_table(self)[result]

    def bye_points(self, kind: ByeKind, boards: int) -> tuple[Fraction, Fraction]:
        """(match points, game points) of a team bye."""
        if kind is ByeKind.PAB:  # C.04.6 art. 1.4: a draw unless the rules say otherwise
            mp = self.match_draw if self.pab_match is None else self.pab_match
            gp = self.game_draw * boards if self.pab_game is None else self.pab_game
            return mp, gp
        if kind is ByeKind.FULL:
            return self.match_win, self.game_win * boards
        if kind is ByeKind.HALF:
            return self.match_draw, self.game_draw * boards
        return self.match_loss, self.game_loss * boards

    def match_points(self, gp: Fraction, opp_gp: Fraction) -> Fraction:
        """Match points from the two game-point totals."""
        if gp > opp_gp:
            return self.match_win
        if gp == opp_gp:
            return self.match_draw
        return self.match_loss


def game_table(s: TeamScoring) -> dict[GameResult, tuple[Fraction, Fraction]]:
    """(white, black) game points of every result under ``s`` (built once per scoring object)."""
    cached = _GAME_TABLES.get(id(s))
    if cached is not None and cached[0] is s:
        return cached[1]
    w, d, lo = s.game_win, s.game_draw, s.game_loss
    table = {
        GameResult.WIN: (w, lo),
        GameResult.DRAW: (d, d),
        GameResult.LOSS: (lo, w),
        GameResult.FORFEIT_WIN: (w, lo),
        GameResult.FORFEIT_LOSS: (lo, w),
        GameResult.DOUBLE_FORFEIT: (lo, lo),
        GameResult.PENDING: (Fraction(0), Fraction(0)),
    }
    if len(_GAME_TABLES) > 256:
        _GAME_TABLES.clear()
    _GAME_TABLES[id(s)] = (s, table)  # the scoring object is kept, so its id is not reused
    return table


_GAME_TABLES: dict[int, tuple[TeamScoring, dict[GameResult, tuple[Fraction, Fraction]]]] = {}


@dataclass(frozen=True, slots=True)
class Member:
    """A player of a team. ``id`` is the player's start rank in the event's player list (TRF 001)."""

    id: int
    name: str
    rating: int = 0
    federation: str = ""
    fide_id: int | None = None
    sex: str = ""
    title: str = ""
    birth: str = ""


@dataclass(frozen=True, slots=True)
class Team:
    """A team: TPN (C.04.6 art. 1.1), name, and its members in ranked board order."""

    number: int
    name: str
    members: tuple[Member, ...]
    rating: int = 0  # for the TPN order when the competition uses it (art. 1.1.2)
    nickname: str = ""

    def member_ids(self) -> tuple[int, ...]:
        return tuple(m.id for m in self.members)

    def default_lineup(self, boards: int) -> tuple[int | None, ...]:
        """The first ``boards`` members; empty boards at the end when the team is short."""
        ids: list[int | None] = [m.id for m in self.members[:boards]]
        return tuple(ids + [None] * (boards - len(ids)))


@dataclass(frozen=True, slots=True)
class BoardGame:
    """One board of a match: the two players (``None``: board left empty) and the result."""

    board: int
    white_team_player: int | None
    black_team_player: int | None
    result: GameResult = GameResult.PENDING


@dataclass(frozen=True, slots=True)
class Match:
    """A match of round ``round``; ``white`` has White on board 1 (art. 1.6.1)."""

    round: int
    white: int
    black: int
    games: tuple[BoardGame, ...] = ()
    forfeit: MatchForfeit | None = None

    @property
    def teams(self) -> tuple[int, int]:
        return (self.white, self.black)

    def other(self, team: int) -> int:
        return self.black if team == self.white else self.white

    @property
    def complete(self) -> bool:
        """Every board has a result (or the whole match was forfeited)."""
        return self.forfeit is not None or (
            bool(self.games) and all(g.result is not GameResult.PENDING for g in self.games)
        )

    @property
    def played(self) -> bool:
        """C.04.6 art. 1.6: a match counts as played when at least one game was played over the board."""
        return self.forfeit is None and any(g.result.played for g in self.games)


@dataclass(frozen=True, slots=True)
class TeamBye:
    round: int
    team: int
    kind: ByeKind = ByeKind.PAB


def default_pattern(boards: int) -> str:
    """The usual board colour pattern: the team with White on board 1 alternates (``WBWB``)."""
    return "".join("W" if i % 2 == 0 else "B" for i in range(boards))


@dataclass(slots=True)
class TeamEvent:
    """A team competition: teams, rounds, matches, byes and its rules.

    ``system`` is a pairing-system registry key (``team_swiss``, ``team_round_robin``,
    ``team_double_round_robin``). ``initial_colour`` is the colour drawn by lot before
    round 1 (C.04.6 art. 4.1), ``"W"`` or ``"B"``. ``absent`` holds, per round, the teams
    not to be paired (they get the bye of :attr:`byes` if one is recorded, else nothing).
    """

    name: str
    teams: dict[int, Team]
    boards: int
    rounds: int
    scoring: TeamScoring = field(default_factory=TeamScoring)
    system: str = TEAM_SWISS_KEY
    pattern: str = ""
    initial_colour: str = "W"
    primary: PrimaryScore = PrimaryScore.MATCH
    use_secondary_for_colours: bool = True  # C.04.6 art. 1.2.2 / 4.2.2
    colour_type: ColourPreferenceType = ColourPreferenceType.A
    matches: list[Match] = field(default_factory=list)
    byes: list[TeamBye] = field(default_factory=list)
    absent: dict[int, frozenset[int]] = field(default_factory=dict)
    players: dict[int, Member] = field(default_factory=dict)
    start_date: str = ""
    end_date: str = ""
    city: str = ""
    federation: str = ""
    chief_arbiter: str = ""
    tiebreaks: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.boards < 1:
            raise ArbitroError(f"a team event needs at least one board, got {self.boards}")
        if not self.pattern:
            self.pattern = default_pattern(self.boards)
        if len(self.pattern) != self.boards or set(self.pattern) - {"W", "B"}:
            raise ArbitroError(
                f"board colour pattern {self.pattern!r}: expected {self.boards} letters W or B"
            )
        if self.pattern[0] != "W":
            raise ArbitroError(
                f"board colour pattern {self.pattern!r}: board 1 must be W (C.04.6 art. 1.6.1)"
            )
        if self.initial_colour not in ("W", "B"):
            raise ArbitroError(f"initial colour: expected W or B, got {self.initial_colour!r}")
        if not self.players:
            self.players = {m.id: m for t in self.teams.values() for m in t.members}
        numbers = sorted(self.teams)
        if numbers != list(range(1, len(numbers) + 1)):
            raise ArbitroError("team numbers (TPN, C.04.6 art. 1.1.1) must run from 1 to the number of teams")

    def matches_of_round(self, rnd: int) -> list[Match]:
        return [m for m in self.matches if m.round == rnd]

    def byes_of_round(self, rnd: int) -> list[TeamBye]:
        return [b for b in self.byes if b.round == rnd]

    def played_rounds(self) -> int:
        """The highest round with a match or a bye."""
        rounds = [m.round for m in self.matches] + [b.round for b in self.byes]
        return max(rounds, default=0)

    def player_colour(self, board: int, white_team: bool) -> str:
        """``"w"``/``"b"`` for the player of board ``board`` (1-based) of the white or black team."""
        c = self.pattern[board - 1]
        if not white_team:
            c = "B" if c == "W" else "W"
        return c.lower()

    def team_of_player(self) -> Mapping[int, int]:
        return {m.id: t.number for t in self.teams.values() for m in t.members}
