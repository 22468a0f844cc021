"""What a reader sees of a team competition: match sheets with board results, team and board
standings as text, a team's rounds (issue 18). The numbers come from :mod:`arbitro.teams`;
the faces lay these rows out and translate the label keys.

* a match is shown as the pairing lists it: the team with White on board 1 first (C.04.6
  art. 1.6.1); its boards in order, each with the colour of the first team's player
  (the competition's pattern, TRF 352) and the result from that player's side;
* match scores are game points (``2½-1½``); a whole-match forfeit reads ``+ -`` / ``- +`` /
  ``- -`` (TRF 330) and its boards are not listed.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from arbitro.teams.model import GameResult, MatchForfeit, TeamEvent
from arbitro.teams.results import RoundEntry, match_game_points, round_table
from arbitro.teams.standings import board_standings, team_standings
from arbitro.teams.tiebreaks import TeamValue
from arbitro.views.text import points_text, value_text

__all__ = [
    "BOARD_RESULTS",
    "MATCH_FORFEITS",
    "BoardLine",
    "BoardStandingLine",
    "TeamCrossCell",
    "TeamCrossRow",
    "MatchLine",
    "PlayerGameLine",
    "TeamRoundLine",
    "TeamStandingLine",
    "board_result_text",
    "board_standings_table",
    "fraction_text",
    "match_sheet",
    "player_games",
    "team_crosstable",
    "team_lineups",
    "team_rounds",
    "team_standings_table",
]

#: The results a desk offers for one board, from the first team's player's side (TRF codes).
BOARD_RESULTS: tuple[tuple[str, str], ...] = (
    (GameResult.WIN.value, "1-0"),
    (GameResult.DRAW.value, "½-½"),
    (GameResult.LOSS.value, "0-1"),
    (GameResult.FORFEIT_WIN.value, "1F-0F"),
    (GameResult.FORFEIT_LOSS.value, "0F-1F"),
    (GameResult.DOUBLE_FORFEIT.value, "0F-0F"),
)
_RESULT_TEXT = dict(BOARD_RESULTS)

#: Whole-match forfeits (TRF 330), from the first team's side.
MATCH_FORFEITS: tuple[tuple[str, str], ...] = (
    (MatchForfeit.WHITE_WINS.value, "+ -"),
    (MatchForfeit.BLACK_WINS.value, "- +"),
    (MatchForfeit.DOUBLE.value, "- -"),
)
_FORFEIT_TEXT = dict(MATCH_FORFEITS)


def board_result_text(result: GameResult) -> str:
    """``1-0``, ``½-½``, ``0F-1F``, ...; ``""`` while pending."""
    return _RESULT_TEXT.get(result.value, "")


@dataclass(frozen=True, slots=True)
class BoardLine:
    board: int
    colour: str  # "w"/"b": the first team's player on this board
    white_team_player: int | None
    white_team_name: str  # "" for an empty board
    black_team_player: int | None
    black_team_name: str
    result: str  # GameResult code ("*": pending)
    result_text: str


@dataclass(frozen=True, slots=True)
class MatchLine:
    table: int
    round: int
    white: int
    white_name: str
    black: int
    black_name: str
    score: str  # "2½-1½", "+ -", "" while nothing is entered
    complete: bool
    forfeit: str  # "" or the 330 code
    boards: tuple[BoardLine, ...]
    white_points: str = ""  # game points as decimals (value_text), "" while nothing is entered
    black_points: str = ""


def match_sheet(event: TeamEvent, rnd: int) -> tuple[list[MatchLine], int | None]:
    """The matches of ``rnd`` in pairing order and the team with the bye (or ``None``)."""
    out: list[MatchLine] = []
    for i, m in enumerate(event.matches_of_round(rnd), start=1):
        boards = []
        for g in m.games:
            a, b = g.white_team_player, g.black_team_player
            boards.append(
                BoardLine(
                    g.board, event.player_colour(g.board, True), a, event.players[a].name if a else "",
                    b, event.players[b].name if b else "", g.result.value, board_result_text(g.result),
                )
            )  # fmt: skip
        wp = bp = ""
        if m.forfeit is not None:
            score = _FORFEIT_TEXT[m.forfeit.value]
        elif any(g.result is not GameResult.PENDING for g in m.games):
            gw, gb = match_game_points(event, m)
            score = f"{points_text(_dec(gw))}-{points_text(_dec(gb))}"
            wp, bp = fraction_text(gw), fraction_text(gb)
        else:
            score = ""
        out.append(
            MatchLine(
                i, rnd, m.white, event.teams[m.white].name, m.black, event.teams[m.black].name, score,
                m.complete, m.forfeit.value if m.forfeit else "", tuple(boards), wp, bp,
            )
        )  # fmt: skip
    bye = next((b.team for b in event.byes_of_round(rnd)), None)
    return out, bye


def _dec(v: Fraction) -> str:
    return str(float(v)) if v.denominator in (1, 2, 4) else f"{float(v):.2f}"


@dataclass(frozen=True, slots=True)
class TeamStandingLine:
    rank: int
    team: int
    name: str
    match_points: str
    game_points: str
    tiebreaks: tuple[str, ...]
    match_points_value: str = ""  # decimals for files (value_text): "9", "13.5"
    game_points_value: str = ""
    values: tuple[str, ...] = ()  # each tie-break as decimals; a multi-part value joined by "/"


def fraction_text(v: Fraction) -> str:
    """A value for a file (:func:`value_text`): exact when it has at most 6 decimals (``13.5``,
    ``2.25``), else rounded half up to 4 (an average such as 7/3 reads ``2.3333``)."""
    d = Decimal(v.numerator) / Decimal(v.denominator)
    if (v * 10**6).denominator != 1:
        d = d.quantize(Decimal("0.0001"), ROUND_HALF_UP)
    return value_text(d)


def _value(v: TeamValue) -> str:
    if isinstance(v.value, tuple):
        return "/".join(fraction_text(x) for x in v.value)
    return fraction_text(v.value)


def team_standings_table(event: TeamEvent) -> tuple[list[str], list[TeamStandingLine]]:
    """The tie-break codes (C.07, the event's list) and one line per team, best first."""
    specs, rows = team_standings(event)
    lines = [
        TeamStandingLine(
            r.rank, r.team, r.name, points_text(_dec(r.match_points)), points_text(_dec(r.game_points)),
            tuple(v.display() for v in r.tiebreaks), fraction_text(r.match_points), fraction_text(r.game_points),
            tuple(_value(v) for v in r.tiebreaks),
        )  # fmt: skip
        for r in rows
    ]
    return [s.text for s in specs], lines


@dataclass(frozen=True, slots=True)
class BoardStandingLine:
    board: int
    rank: int
    player: int
    name: str
    team: int
    team_name: str
    points: str
    games: int
    percentage: str
    performance: str
    points_value: str = ""  # decimals (value_text)


def board_standings_table(event: TeamEvent, min_games: int = 1) -> dict[int, list[BoardStandingLine]]:
    """Per board, the players with at least ``min_games`` games there (board prizes)."""
    out: dict[int, list[BoardStandingLine]] = {}
    for board, rows in board_standings(event, min_games).items():
        out[board] = [
            BoardStandingLine(
                r.board, r.rank, r.player, r.name, r.team, event.teams[r.team].name if r.team else "",
                points_text(_dec(r.points)), r.games, f"{float(r.percentage) * 100:.1f}",
                str(r.performance) if r.performance is not None else "", fraction_text(r.points),
            )  # fmt: skip
            for r in rows
        ]
    return out


@dataclass(frozen=True, slots=True)
class TeamRoundLine:
    round: int
    opponent: int | None
    opponent_name: str
    colour: str  # "w"/"b" in a played match, else ""
    kind: str  # label key: played, forfeit_win, forfeit_loss, double_forfeit, U, F, H, Z, absent, pending
    match_points: str
    game_points: str
    opponent_game_points: str


def team_rounds(event: TeamEvent, team: int) -> list[TeamRoundLine]:
    """A team's rounds, for its page."""
    rows = round_table(event, event.played_rounds()).get(team, [])
    return [
        TeamRoundLine(
            e.round, e.opponent, event.teams[e.opponent].name if e.opponent else "", e.colour or "", e.kind,
            points_text(_dec(e.mp)), points_text(_dec(e.gp)), points_text(_dec(e.opp_gp)),
        )  # fmt: skip
        for e in rows
    ]


@dataclass(frozen=True, slots=True)
class PlayerGameLine:
    round: int
    board: int
    colour: str
    opponent: int | None
    opponent_name: str
    opponent_team: str
    mark: str  # "1", "½", "0", "+", "-" from the player's side


_MARK = {
    GameResult.WIN: "1", GameResult.DRAW: "½", GameResult.LOSS: "0", GameResult.FORFEIT_WIN: "+",
    GameResult.FORFEIT_LOSS: "-", GameResult.DOUBLE_FORFEIT: "-", GameResult.PENDING: "",
}  # fmt: skip


def player_games(event: TeamEvent, player: int) -> list[PlayerGameLine]:
    """The boards a player sat at (whole-match forfeits are not games of the player)."""
    out = []
    for m in sorted(event.matches, key=lambda m: m.round):
        for g in m.games:
            if player not in (g.white_team_player, g.black_team_player):
                continue
            first = g.white_team_player == player
            opp = g.black_team_player if first else g.white_team_player
            res = g.result if first else g.result.reversed()
            team = m.black if first else m.white
            out.append(
                PlayerGameLine(
                    m.round, g.board, event.player_colour(g.board, first), opp,
                    event.players[opp].name if opp else "", event.teams[team].name, _MARK[res],
                )
            )  # fmt: skip
    return out


@dataclass(frozen=True, slots=True)
class TeamCrossCell:
    """One team's round in the crosstable: opponent (TPN), colour on board 1 (art. 1.6.1), match
    result and the team's game points.

    ``result``: ``W``/``D``/``L`` for a played match (from the match points the core gave), ``+``/``-``
    for a whole-match forfeit won or lost (``-`` for both sides of a double forfeit), a bye's code
    (``U`` pairing-allocated, ``F``, ``H``, ``Z``), ``*`` pending, ``""`` not paired.
    """

    round: int
    opponent: int | None
    colour: str  # "w"/"b" in a played match, else ""
    result: str
    game_points: str  # "" when not paired
    text: str  # "7w W 2½", "7 + 4", "U 2", "7b *", ""


@dataclass(frozen=True, slots=True)
class TeamCrossRow:
    rank: int
    team: int
    name: str
    cells: tuple[TeamCrossCell, ...]
    match_points: str
    game_points: str
    tiebreaks: tuple[str, ...]


_FORFEIT_MARK = {"forfeit_win": "+", "forfeit_loss": "-", "double_forfeit": "-"}


def _cross_cell(event: TeamEvent, e: RoundEntry | None, rnd: int) -> TeamCrossCell:
    if e is None or e.kind == "absent":
        return TeamCrossCell(rnd, None, "", "", "", "")
    gp = points_text(_dec(e.gp))
    if e.kind in ("U", "F", "H", "Z"):
        return TeamCrossCell(rnd, None, "", e.kind, gp, f"{e.kind} {gp}")
    if e.kind == "pending":
        return TeamCrossCell(rnd, e.opponent, e.colour or "", "*", "", f"{e.opponent}{e.colour or ''} *")
    if e.kind in _FORFEIT_MARK:
        mark = _FORFEIT_MARK[e.kind]
        return TeamCrossCell(rnd, e.opponent, "", mark, gp, f"{e.opponent} {mark} {gp}")
    s = event.scoring
    result = "W" if e.mp == s.match_win else "D" if e.mp == s.match_draw else "L" if e.mp == s.match_loss else ""
    colour = e.colour or ""
    return TeamCrossCell(rnd, e.opponent, colour, result, gp, f"{e.opponent}{colour} {result} {gp}".replace("  ", " "))


def team_crosstable(event: TeamEvent) -> tuple[list[str], list[TeamCrossRow]]:
    """Teams in standings order (C.07, the event's tie-breaks) x the played rounds, with totals.

    Returns the tie-break codes and one row per team; each row has one cell per round
    1..played (see :class:`TeamCrossCell`).
    """
    played = event.played_rounds()
    table = round_table(event, played)
    codes, lines = team_standings_table(event)
    rows = []
    for line in lines:
        entries = {e.round: e for e in table.get(line.team, [])}
        cells = tuple(_cross_cell(event, entries.get(r), r) for r in range(1, played + 1))
        rows.append(
            TeamCrossRow(line.rank, line.team, line.name, cells, line.match_points, line.game_points, line.tiebreaks)
        )
    return codes, rows


def team_lineups(event: TeamEvent, team: int) -> list[tuple[int, tuple[int | None, ...]]]:
    """``(round, player per board)`` of every match the team sat down to (``None``: an empty board);
    a whole-match forfeit has no line-up."""
    out = []
    for m in sorted(event.matches, key=lambda m: m.round):
        if team not in m.teams or m.forfeit is not None or not m.games:
            continue
        first = m.white == team
        games = sorted(m.games, key=lambda g: g.board)
        out.append((m.round, tuple(g.white_team_player if first else g.black_team_player for g in games)))
    return out
