"""TRF-2026 team files: read and write a :class:`~arbitro.teams.model.TeamEvent`.

Records (docs/formats and ../shared/reference/trf.md §4.6; the column layouts are the
ones of FIDE's TEC reader, ``trf2json.py`` [C]):

* ``001`` - every player's individual games (FIDE rates them as usual);
* ``310`` - team: number at 5-7, name at 9-40, nickname 42-46, strength 48-53, match points
  55-60, game points 62-67, rank 69-71, then the player ids in board order, 4 columns
  each from column 74, every 5 columns;
* ``320`` - pairing-allocated byes: match points 5-8, game points 10-13, then per round the
  team with the bye, 3 columns each from column 15, every 4 columns;
* ``330`` - whole-match forfeits: type 5-6 (``+-``, ``-+``, ``--``), round 8-10, the team
  with White on board 1 at 12-14, the other at 16-18;
* ``300`` - a line-up out of the default board order: round 5-7, team 9-11, opponent
  13-15, then the player ids by board, 4 columns each from column 17, every 5 columns
  (0: empty board);
* ``352`` - board colour pattern of the team with White (e.g. ``WBWB``), its length is the
  number of boards; ``362`` - match points ``TW``/``TD``/``TL`` (``162`` layout);
* ``192`` - ``FIDE_TEAM_TYPEA_MP_GP`` and relatives, ``BERGER_TEAM_ROUNDROBIN``,
  ``BERGER_TEAM_DOUBLEROUNDROBIN``.

A board left empty is written as a forfeit win of the player present against ``0000``
(colour ``w``, or ``-`` instead of ``b``);
a whole-match forfeit (330) is also written as board forfeits of the default line-ups
(the TEC reader requires the games), which the reader then ignores; a team bye leaves the
players' round columns blank.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from arbitro.errors import ArbitroError
from arbitro.limits import MAX_ROUNDS, MAX_SCORE_VALUE, hidden_problem, nfc, parse_decimal
from arbitro.teams.model import (
    FIDE_TEAM_PREFIX,
    ROUND_ROBIN_KEYS,
    TEAM_DOUBLE_ROUND_ROBIN_KEY,
    TEAM_ROUND_ROBIN_KEY,
    TEAM_SWISS_KEY,
    BoardGame,
    ByeKind,
    ColourPreferenceType,
    GameResult,
    Match,
    MatchForfeit,
    Member,
    PrimaryScore,
    Team,
    TeamBye,
    TeamEvent,
    TeamScoring,
    system_trf_code,
)
from arbitro.trf.diagnostics import Diagnostic, Severity, TrfError

__all__ = ["TEAM_RECORDS", "format_team_trf", "is_team_trf", "parse_team_trf"]

#: Records that make a TRF file a team file.
TEAM_RECORDS = ("310", "013", "320", "330", "300", "352", "362")

_SYSTEM_CODES = {key: system_trf_code(key) for key in ROUND_ROBIN_KEYS}


def is_team_trf(text: str) -> bool:
    """Does ``text`` hold a team record (310, 013, 320, 330, 300, 352, 362)?"""
    return any(line[:3] in TEAM_RECORDS for line in text.splitlines())


def _pts(value: Fraction, width: int = 4) -> str:
    return f"{float(value):{width}.1f}"


def _system_code(event: TeamEvent) -> str:
    if event.system in _SYSTEM_CODES:
        return _SYSTEM_CODES[event.system]
    kind = {"A": "TYPEA", "B": "TYPEB"}.get(event.colour_type.value)
    order = "MP_GP" if event.primary is PrimaryScore.MATCH else "GP_MP"
    if not event.use_secondary_for_colours:
        order = order[:2]
    return f"{FIDE_TEAM_PREFIX}_{kind}_{order}" if kind else f"{FIDE_TEAM_PREFIX}_{order}"


# --------------------------------------------------------------------------- writer
@dataclass(slots=True)
class _Cell:
    opponent: int
    colour: str
    result: str


def _player_cells(event: TeamEvent) -> dict[int, dict[int, _Cell]]:
    cells: dict[int, dict[int, _Cell]] = {pid: {} for pid in event.players}
    for m in event.matches:
        games = m.games if m.forfeit is None else _forfeit_games(event, m)
        for g in games:
            a, b = g.white_team_player, g.black_team_player
            ca, cb = event.player_colour(g.board, True), event.player_colour(g.board, False)
            res = g.result
            if res is GameResult.PENDING or res is GameResult.DOUBLE_FORFEIT and (a is None or b is None):
                continue
            # a board left empty: the player present has no opponent; his scheduled colour is
            # kept when White, written ``-`` when Black (the TEC reader fails on ``0000 b +``)
            if a is not None:
                cells[a][m.round] = _Cell(b or 0, ca if b or ca == "w" else "-", _code(res, b is None))
            if b is not None:
                cells[b][m.round] = _Cell(a or 0, cb if a or cb == "w" else "-", _code(res.reversed(), a is None))
    return cells


def _forfeit_games(event: TeamEvent, m: Match) -> tuple[BoardGame, ...]:
    """A whole-match forfeit as board forfeits of the default line-ups (the TEC reader needs them)."""
    res = {
        MatchForfeit.WHITE_WINS: GameResult.FORFEIT_WIN,
        MatchForfeit.BLACK_WINS: GameResult.FORFEIT_LOSS,
        MatchForfeit.DOUBLE: GameResult.DOUBLE_FORFEIT,
    }[m.forfeit or MatchForfeit.DOUBLE]
    wl = event.teams[m.white].default_lineup(event.boards)
    bl = event.teams[m.black].default_lineup(event.boards)
    return tuple(BoardGame(b + 1, wl[b], bl[b], res) for b in range(event.boards))


def _code(res: GameResult, no_opponent: bool) -> str:
    if res is GameResult.DOUBLE_FORFEIT:
        return "-"
    return res.value


def _player_points(event: TeamEvent, cells: dict[int, _Cell]) -> Fraction:
    s = event.scoring
    value = {"1": s.game_win, "=": s.game_draw, "0": s.game_loss, "+": s.game_win, "-": s.game_loss}
    return sum((value[c.result] for c in cells.values()), Fraction(0))


def _player_line(event: TeamEvent, p: Member, cells: dict[int, _Cell], last: int, rank: int) -> str:
    rating = f"{p.rating:4d}" if p.rating else "    "
    fide = f"{p.fide_id:11d}" if p.fide_id else " " * 11
    head = (
        f"001 {p.id:4d} {p.sex[:1]:1}{p.title[:3]:>3} {p.name[:33]:<33} {rating} {p.federation[:3]:<3} "
        f"{fide} {p.birth[:10]:<10} {_pts(_player_points(event, cells))} {rank:4d}"
    )
    blocks = []
    for r in range(1, last + 1):
        c = cells.get(r)
        if c is None:
            blocks.append("          ")
        else:
            opp = f"{c.opponent:4d}" if c.opponent else "0000"
            blocks.append(f"  {opp} {c.colour} {c.result}")
    return (head + "".join(blocks)).rstrip()


def format_team_trf(
    event: TeamEvent, ranks: dict[int, int] | None = None, line_end: str = "\n", version: str = "trf26"
) -> str:
    """The TRF-2026 (``version="trf26"``) or TRF16 (``"trf16"``) text of ``event``.

    ``ranks``: team rank by TPN, for record 310. TRF16 is Swiss-Manager's team layout: the
    teams as ``013`` records (name in columns 5-36, then the start ranks, 4 columns every 5) and
    the games in ``001``, with ``XXR``/``XXC`` and nothing of TRF-2026 (no 142-362, 310, 320,
    330, 300). What TRF16 cannot say is read back from the games (:func:`parse_team_trf`): the one
    team left out of a Swiss round is its pairing-allocated bye, a whole-match forfeit is the
    board forfeits of the default line-ups, boards follow the roster order.
    """
    if version not in ("trf26", "trf16"):
        raise ValueError(f"unknown TRF version {version!r}; expected trf26 or trf16")
    if version == "trf16":
        return _format_team_trf16(event, line_end)
    from arbitro.teams.results import round_table, totals

    last = event.played_rounds()
    table = round_table(event, last)
    tot = totals(table)
    if ranks is None:
        order = sorted(event.teams, key=lambda t: (-tot[t][0], -tot[t][1], t))
        ranks = {t: i for i, t in enumerate(order, start=1)}
    lines = [f"012 {event.name}"]
    for code, value in (
        ("022", event.city),
        ("032", event.federation),
        ("042", event.start_date),
        ("052", event.end_date),
    ):
        if value:
            lines.append(f"{code} {value}")
    lines.append(f"062 {len(event.players)}")
    lines.append(f"072 {sum(1 for p in event.players.values() if p.rating)}")
    lines.append(f"082 {len(event.teams)}")
    lines.append("092 Team: " + ("Swiss-System" if event.system == TEAM_SWISS_KEY else "Round robin"))
    if event.chief_arbiter:
        lines.append(f"102 {event.chief_arbiter}")
    lines.append(f"142 {event.rounds}")
    lines.append(f"152 {event.initial_colour}")
    s = event.scoring
    if (s.game_win, s.game_draw, s.game_loss) != (Fraction(1), Fraction(1, 2), Fraction(0)):
        lines.append(f"162  W{_pts(s.game_win)}    D{_pts(s.game_draw)}    L{_pts(s.game_loss)}")
    lines.append(f"192 {_system_code(event)}")
    primary = "MPTS" if event.primary is PrimaryScore.MATCH else "GPTS"
    lines.append("212 " + ",".join((primary, *event.tiebreaks)))
    lines.append(f"352 {event.pattern}")
    lines.append(f"362 TW{_pts(s.match_win)}   TD{_pts(s.match_draw)}   TL{_pts(s.match_loss)}")
    cells = _player_cells(event)
    player_rank = _player_ranks(event, cells)
    for pid in sorted(event.players):
        lines.append(_player_line(event, event.players[pid], cells[pid], last, player_rank[pid]))
    for t in sorted(event.teams):
        team = event.teams[t]
        mp, gp = tot[t]
        ids = "".join(f" {m.id:4d}" for m in team.members)
        lines.append(
            f"310 {t:3d} {team.name[:32]:<32} {team.nickname[:5]:<5} {team.rating:6d} "
            f"{_pts(mp, 6)} {_pts(gp, 6)} {ranks[t]:3d}  {ids[1:]}".rstrip()
        )
    lines.extend(_pab_lines(event, last))
    for m in sorted(event.matches, key=lambda m: (m.round, m.white)):
        if m.forfeit is not None:
            lines.append(f"330 {m.forfeit.value} {m.round:3d} {m.white:3d} {m.black:3d}")
    lines.extend(_lineup_lines(event))
    return line_end.join(lines) + line_end


def _format_team_trf16(event: TeamEvent, line_end: str) -> str:
    last = event.played_rounds()
    if event.boards > 99 or any(pid > 9_999 for pid in event.players):
        raise ArbitroError("TRF16: a start rank does not fit the 4-digit field (at most 9,999 players)")
    kind = "Swiss System" if event.system == TEAM_SWISS_KEY else "Round Robin"
    lines = [f"012 {event.name}"]
    for code, value in (("022", event.city), ("032", event.federation), ("042", event.start_date),
                        ("052", event.end_date)):  # fmt: skip
        if value:
            lines.append(f"{code} {value}")
    lines.append(f"062 {len(event.players)}")
    lines.append(f"072 {sum(1 for p in event.players.values() if p.rating)}")
    lines.append(f"082 {len(event.teams)}")
    lines.append(f"092 Team {kind}")
    if event.chief_arbiter:
        lines.append(f"102 {event.chief_arbiter}")
    cells = _player_cells(event)
    player_rank = _player_ranks(event, cells)
    for pid in sorted(event.players):
        lines.append(_player_line(event, event.players[pid], cells[pid], last, player_rank[pid]))
    for t in sorted(event.teams):
        team = event.teams[t]
        lines.append((f"013 {team.name[:32]:<32}" + " ".join(f"{m.id:4d}" for m in team.members)).rstrip())
    lines.append(f"XXR {event.rounds}")
    lines.append(f"XXC {'white1' if event.initial_colour == 'W' else 'black1'}")
    return line_end.join(lines) + line_end


def _player_ranks(event: TeamEvent, cells: dict[int, dict[int, _Cell]]) -> dict[int, int]:
    pts = {pid: _player_points(event, c) for pid, c in cells.items()}
    order = sorted(pts, key=lambda p: (-pts[p], p))
    return {p: i for i, p in enumerate(order, start=1)}


def _pab_lines(event: TeamEvent, last: int) -> list[str]:
    pabs = [b for b in event.byes if b.kind is ByeKind.PAB]
    if not pabs:
        return []
    mp, gp = event.scoring.bye_points(ByeKind.PAB, event.boards)
    by_round: dict[int, list[int]] = {}
    for b in pabs:
        by_round.setdefault(b.round, []).append(b.team)
    out = []
    for k in range(max(len(v) for v in by_round.values())):
        cols = "".join(
            f" {by_round[r][k]:3d}" if len(by_round.get(r, [])) > k else "    " for r in range(1, last + 1)
        )
        out.append(f"320 {_pts(mp)} {_pts(gp)}{cols}".rstrip())
    return out


def _lineup_lines(event: TeamEvent) -> list[str]:
    out = []
    for m in sorted(event.matches, key=lambda m: (m.round, m.white)):
        if m.forfeit is not None or not m.games:
            continue
        for team, white in ((m.white, True), (m.black, False)):
            lineup = [
                (g.white_team_player if white else g.black_team_player)
                for g in sorted(m.games, key=lambda g: g.board)
            ]
            default = [x.id for x in event.teams[team].members[: event.boards]]
            if lineup != default:
                ids = "".join(f" {pid or 0:4d}" for pid in lineup)
                out.append(f"300 {m.round:3d} {team:3d} {m.other(team):3d}{ids}")
    return out


# --------------------------------------------------------------------------- reader
class _Problems:
    def __init__(self, source: str) -> None:
        self.source = source
        self.items: list[Diagnostic] = []

    def error(self, line: int, column: int, field: str, message: str) -> None:
        self.items.append(Diagnostic(Severity.ERROR, self.source, line, column, field, message))

    def raise_if_any(self) -> None:
        if any(d.is_error for d in self.items):
            raise TrfError(self.items)


def _int(
    text: str, problems: _Problems, line: int, column: int, field: str, default: int | None = None
) -> int:
    t = text.strip()
    if not t:
        if default is not None:
            return default
        problems.error(line, column, field, "expected a number, found nothing")
        return 0
    if not (t.isascii() and t.isdigit()) or len(t) > 9:  # ASCII digits only (issue 38)
        problems.error(line, column, field, f"expected a whole number, found {t!r}")
        return 0
    return int(t)


def _frac(text: str, problems: _Problems, line: int, column: int, field: str) -> Fraction:
    t = text.strip()
    # the limits of the individual file's 162/XXS (limits.md): no NaN, 1e9999 or -inf points (issue 38)
    value = parse_decimal(t, maximum=MAX_SCORE_VALUE, places=2, negative=True) if t else None
    if value is None or isinstance(value, str):
        problems.error(line, column, field, f"expected points such as 2.0, found {t!r}")
        return Fraction(0)
    return Fraction(value)


def _scores_362(line: str, problems: _Problems, n: int) -> dict[str, Fraction]:
    out: dict[str, Fraction] = {}
    for pos in range(5, len(line) - 1, 9):
        code = line[pos].upper()
        if code in "WDL" and line[pos - 1 : pos].upper() in ("T", " ", ""):
            out[code] = _frac(line[pos + 1 : pos + 5], problems, n, pos + 2, f"{line[:3]} {code} points")
    return out


@dataclass(slots=True)
class _Game:
    player: int
    round: int
    opponent: int
    colour: str
    result: str


def parse_team_trf(text: str, source: str = "<string>") -> TeamEvent:
    """Read a TRF-2026 team file. Bad input raises :class:`~arbitro.trf.diagnostics.TrfError`."""
    p = _Problems(source)
    head: dict[str, str] = {}
    players: dict[int, Member] = {}
    games: list[_Game] = []
    teams: dict[int, tuple[str, str, int, list[int], int]] = {}
    pabs: list[tuple[int, int]] = []
    pab_points: tuple[Fraction, Fraction] | None = None
    forfeits: list[tuple[MatchForfeit, int, int, int]] = []
    lineups: dict[tuple[int, int], list[int | None]] = {}
    lineup_opponents: dict[tuple[int, int], int] = {}
    old_style: list[int] = []
    teams16: list[tuple[str, list[int], int]] = []
    match_scores: dict[str, Fraction] = {}
    game_scores: dict[str, Fraction] = {}
    for n, raw in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), start=1):
        line = raw.rstrip()
        code = line[:3]
        if not line.strip() or line.startswith("###"):
            continue
        hidden = hidden_problem(line)  # as the individual file's reader (issue 38): no name reads backwards
        if hidden is not None:
            p.error(n, 1, "line", hidden)
            continue
        if code == "001":
            _read_player(line, n, p, players, games)
        elif code == "310":
            tid = _int(line[4:7], p, n, 5, "310 team number")
            name = nfc(line[8:40].strip())
            if not name:
                p.error(n, 9, "310 team name", "expected the team's name")
            ids = [_int(line[i : i + 4], p, n, i + 1, "310 player id", 0) for i in range(73, len(line), 5)]
            strength = _int(line[47:53], p, n, 48, "310 strength", 0)
            if tid in teams:
                p.error(n, 5, "310 team number", f"team {tid} is listed twice")
            teams[tid] = (name, line[41:46].strip(), strength, [i for i in ids if i], n)
        elif code == "320":
            pab_points = (
                _frac(line[4:8], p, n, 5, "320 match points"),
                _frac(line[9:13], p, n, 10, "320 game points"),
            )
            for r, i in enumerate(range(14, len(line), 4), start=1):
                tid = _int(line[i : i + 3], p, n, i + 1, f"320 round {r} team", 0)
                if tid:
                    pabs.append((r, tid))
        elif code == "330":
            kind = {
                "+-": MatchForfeit.WHITE_WINS,
                "-+": MatchForfeit.BLACK_WINS,
                "--": MatchForfeit.DOUBLE,
            }.get(line[4:6])
            if kind is None:
                p.error(n, 5, "330 type", f"expected +-, -+ or --, found {line[4:6]!r}")
                continue
            forfeits.append(
                (kind, _int(line[7:10], p, n, 8, "330 round"), _int(line[11:14], p, n, 12, "330 white team"),
                 _int(line[15:18], p, n, 16, "330 black team"))
            )  # fmt: skip
        elif code == "300":
            rnd = _int(line[4:7], p, n, 5, "300 round")
            tid = _int(line[8:11], p, n, 9, "300 team")
            ids = [_int(line[i : i + 4], p, n, i + 1, "300 player id", 0) for i in range(16, len(line), 5)]
            lineups[(rnd, tid)] = [i or None for i in ids]
            lineup_opponents[(rnd, tid)] = _int(line[12:15], p, n, 13, "300 opponent team")
        elif code == "362":
            match_scores = _scores_362(line, p, n)
        elif code == "162":
            game_scores = _scores_362(line, p, n)
        elif code == "013":
            old_style.append(n)  # read only when there is no 310 (the TEC reader's rule)
            teams16.append(_read_013(line, n, p))
        elif len(code) == 3:
            head.setdefault(code, nfc(line[4:].strip()))
    trf16 = not teams and bool(teams16)
    if trf16:  # TRF16 (Swiss-Manager's team export): 013 records, teams numbered in file order
        teams = {tid: (name, "", 0, ids, n) for tid, (name, ids, n) in enumerate(teams16, start=1)}
    elif not teams:
        p.error(0, 0, "310", "a team file needs its teams: 310 records (TRF-2026) or 013 records (TRF16); found neither")
    declared = head.get("142", head.get("XXR", ""))  # as the event reads it below (TRF16: XXR)
    rounds_ok = declared.isascii() and declared.isdigit() and len(declared) <= 2  # 0 to 99 (MAX_ROUNDS)
    if declared and not rounds_ok:
        p.error(0, 0, "142", f"expected the number of rounds, 1 to {MAX_ROUNDS}, found {declared!r}")
    last = int(declared) if rounds_ok and int(declared) > 0 else MAX_ROUNDS  # 0: not declared
    _check_records(p, teams, last, forfeits, lineup_opponents, pabs, games)
    p.raise_if_any()
    boards_hint = None
    if trf16:
        member_team = {pid: tid for tid, (_, _, _, ids, _) in teams.items() for pid in ids}
        lineups = _lineups_016(games, member_team, {tid: ids for tid, (_, _, _, ids, _) in teams.items()})
        boards_hint = max((len(v) for v in lineups.values()), default=0) or None
        if "192" not in head and _TRF16_ROBIN.search(head.get("092", "")):
            head["192"] = _SYSTEM_CODES[TEAM_ROUND_ROBIN_KEY]
    event = _build(head, players, teams, pab_points, match_scores, game_scores, p, boards_hint)
    forfeited = {(rnd, t) for _, rnd, w, b in forfeits for t in (w, b)}
    team_of = event.team_of_player()
    games = [g for g in games if (g.round, team_of.get(g.player)) not in forfeited]
    _matches(event, games, team_of, lineups, lineup_opponents, p)
    if trf16:  # TRF16 has no 330: a match whose every board is a double forfeit is the match's double forfeit
        event.matches = [
            Match(m.round, m.white, m.black, forfeit=MatchForfeit.DOUBLE)
            if m.games and all(g.result is GameResult.DOUBLE_FORFEIT for g in m.games)
            else m
            for m in event.matches
        ]
    if trf16 and event.system == TEAM_SWISS_KEY:
        # TRF16 has no 320: the one team left out of a Swiss round is its pairing-allocated bye
        for rnd in range(1, event.played_rounds() + 1):
            busy = {t for m in event.matches_of_round(rnd) for t in m.teams}
            idle = [t for t in sorted(event.teams) if t not in busy]
            if len(idle) == 1 and len(event.teams) % 2 == 1:
                event.byes.append(TeamBye(rnd, idle[0], ByeKind.PAB))
    for kind, rnd, w, b in forfeits:
        event.matches.append(Match(rnd, w, b, forfeit=kind))
    for rnd, tid in pabs:
        event.byes.append(TeamBye(rnd, tid, ByeKind.PAB))
    event.matches.sort(key=lambda m: (m.round, m.white))
    if event.system != TEAM_SWISS_KEY:  # a round robin's free round is implied by the table
        for rnd in range(1, event.played_rounds() + 1):
            busy = {t for m in event.matches_of_round(rnd) for t in m.teams}
            event.byes.extend(TeamBye(rnd, t, ByeKind.ZERO) for t in sorted(event.teams) if t not in busy)
    if event.rounds < event.played_rounds():
        event.rounds = event.played_rounds()
    p.raise_if_any()
    return event


def _check_records(
    p: _Problems,
    teams: Mapping[int, object],
    last: int,
    forfeits: list[tuple[MatchForfeit, int, int, int]],
    lineup_opponents: Mapping[tuple[int, int], int],
    pabs: list[tuple[int, int]],
    games: list[_Game],
) -> None:
    """A match between two different teams of the file, in a round from 1 to the last (issue 38)."""
    for _kind, rnd, w, b in forfeits:
        _round_ok(p, rnd, last, "330 round")
        if w == b:
            p.error(0, 0, "330", f"round {rnd}: team {w} cannot play itself")
        for t in (w, b):
            if t not in teams:
                p.error(0, 0, "330", f"round {rnd}: no team {t} (310)")
    for (rnd, t), o in lineup_opponents.items():
        _round_ok(p, rnd, last, "300 round")
        if t == o:
            p.error(0, 0, "300", f"round {rnd}: team {t} cannot play itself")
        for x in (t, o):
            if x and x not in teams:
                p.error(0, 0, "300", f"round {rnd}: no team {x} (310)")
    _check_byes_and_games(p, teams, last, pabs, games)


def _round_ok(p: _Problems, rnd: int, last: int, what: str) -> None:
    if not 1 <= rnd <= last:
        p.error(0, 0, what, f"round {rnd}: expected a round from 1 to {last}")


def _check_byes_and_games(
    p: _Problems, teams: Mapping[int, object], last: int, pabs: list[tuple[int, int]], games: list[_Game]
) -> None:
    for rnd, t in pabs:
        _round_ok(p, rnd, last, "320 round")
        if t not in teams:
            p.error(0, 0, "320", f"round {rnd}: no team {t} (310)")
    for g in games:
        if g.round > last:
            p.error(0, 0, "001", f"player {g.player} plays in round {g.round}, past the last round {last}")
            break


#: A TRF16 team round robin named in 092 (TRF16 has no 192): "Team Round Robin", "Berger", "Rundenturnier".
_TRF16_ROBIN = re.compile(r"robin|berger|rundenturnier|todos contra todos", re.IGNORECASE)


def _read_013(line: str, n: int, p: _Problems) -> tuple[str, list[int], int]:
    """A TRF16 team: name in columns 5-36, then its players' start ranks (TEC: 4 columns every 5 from 37)."""
    name = line[4:36].strip()
    if not name:
        p.error(n, 5, "013 team name", "expected the team's name in columns 5-36")
    ids: list[int] = []
    pos = 36
    for token in line[36:].split():
        col = line.index(token, pos) + 1
        pos = col - 1 + len(token)
        if not token.isascii() or not token.isdigit() or len(token) > 4:
            p.error(n, col, "013 player id", f"expected a start rank (1 to 9999), found {token!r}")
            continue
        if int(token):
            ids.append(int(token))
    if not ids and name:
        p.error(n, 37, "013 player id", "expected the start ranks of the team's players from column 37 (4 columns every 5), found none")
    return name, ids, n


def _lineups_016(
    games: list[_Game], member_team: Mapping[int, int], members: Mapping[int, list[int]]
) -> dict[tuple[int, int], list[int | None]]:
    """Boards of a TRF16 team file, which records none (no 300): from the games themselves.

    In each match the team with the lower number has its players on boards in roster (013) order;
    each opponent sits on the board of the player he met; a player who won by forfeit against
    nobody (``0000 - +``, the other board left empty) takes the next free board.
    """
    by: dict[tuple[int, int], list[_Game]] = {}
    for g in games:
        t = member_team.get(g.player)
        if t is not None:
            by.setdefault((g.round, t), []).append(g)
    out: dict[tuple[int, int], list[int | None]] = {}
    for (rnd, t), gs in sorted(by.items()):
        if (rnd, t) in out:
            continue
        others = {member_team.get(g.opponent) for g in gs if g.opponent} - {None, t}
        if len(others) != 1:
            continue  # no opponent team, or several: reported by _matches
        (o,) = others
        assert o is not None
        a, b = (t, o) if t < o else (o, t)
        order = {pid: i for i, pid in enumerate(members[a])}
        first = sorted(by.get((rnd, a), []), key=lambda g: order.get(g.player, len(order)))
        board_a: list[int | None] = [g.player for g in first]
        board_b: list[int | None] = [None] * len(board_a)
        where = {pid: i for i, pid in enumerate(board_a)}
        rest = []
        order_b = {pid: i for i, pid in enumerate(members[b])}
        for g in sorted(by.get((rnd, b), []), key=lambda g: order_b.get(g.player, len(order_b))):
            if g.opponent in where:
                board_b[where[g.opponent]] = g.player
            else:
                rest.append(g.player)
        for pid in rest:  # forfeit wins against nobody: the first board nobody of b sits on and a left empty
            free = next((i for i, x in enumerate(board_b) if x is None and board_a[i] is None), None)
            if free is None:
                board_a.append(None)
                board_b.append(pid)
            else:
                board_b[free] = pid
        out[(rnd, a)], out[(rnd, b)] = board_a, board_b
    return out


def _read_player(line: str, n: int, p: _Problems, players: dict[int, Member], games: list[_Game]) -> None:
    pid = _int(line[4:8], p, n, 5, "001 start rank")
    if pid in players:
        p.error(n, 5, "001 start rank", f"player {pid} is listed twice")
    rating = _int(line[48:52], p, n, 49, "001 rating", 0)
    fide = line[57:68].strip()
    players[pid] = Member(
        id=pid,
        name=nfc(line[14:47].strip()),
        rating=rating,
        federation=line[53:56].strip(),
        fide_id=int(fide) if fide.isascii() and fide.isdigit() and len(fide) < 12 else None,
        sex=line[9:10].strip(),
        title=line[10:13].strip(),
        birth=line[69:79].strip(),
    )
    for r, col in enumerate(range(91, len(line), 10), start=1):
        block = line[col : col + 8]
        if not block.strip():
            continue
        opp = _int(block[0:4], p, n, col + 1, f"round {r} opponent", 0)
        colour = block[5:6].lower()
        result = block[7:8]
        if opp == 0 and result in ("-", "Z", "H", "F", "U", " ", ""):
            continue  # not on a board this round (not in the line-up, team bye, absence)
        if result not in ("1", "=", "0", "+", "-", "W", "D", "L"):
            p.error(n, col + 8, f"round {r} result", f"expected 1 = 0 + - W D L, found {result!r}")
            continue
        if colour not in ("w", "b", "-", " ", ""):
            p.error(n, col + 6, f"round {r} colour", f"expected w, b or -, found {colour!r}")
            continue
        games.append(_Game(pid, r, opp, colour, {"W": "1", "D": "=", "L": "0"}.get(result, result)))


def _build(
    head: dict[str, str],
    players: dict[int, Member],
    teams_raw: dict[int, tuple[str, str, int, list[int], int]],
    pab_points: tuple[Fraction, Fraction] | None,
    match_scores: dict[str, Fraction],
    game_scores: dict[str, Fraction],
    p: _Problems,
    boards_hint: int | None = None,
) -> TeamEvent:
    team_of: dict[int, int] = {}
    teams: dict[int, Team] = {}
    for tid, (name, nick, strength, ids, n) in sorted(teams_raw.items()):
        members = []
        for pid in ids:
            if pid not in players:
                p.error(n, 0, "310 player id", f"team {tid}: player {pid} has no 001 record")
                continue
            if pid in team_of:
                p.error(n, 0, "310 player id", f"player {pid} is in teams {team_of[pid]} and {tid}")
            team_of[pid] = tid
            members.append(players[pid])
        teams[tid] = Team(tid, name, tuple(members), strength, nick)
    p.raise_if_any()
    pattern = head.get("352", "").upper()
    boards = len(pattern) or boards_hint or max((len(t.members) for t in teams.values()), default=1)
    code = head.get("192", "").upper()
    system = TEAM_SWISS_KEY
    if "ROUNDROBIN" in code:
        system = TEAM_DOUBLE_ROUND_ROBIN_KEY if "DOUBLE" in code else TEAM_ROUND_ROBIN_KEY
    order = ""
    if code.startswith(FIDE_TEAM_PREFIX) and system == TEAM_SWISS_KEY:
        order = code.replace("_BAKU", "").removeprefix(FIDE_TEAM_PREFIX).removeprefix("_TYPEA").removeprefix("_TYPEB")
        order = order.removeprefix("_")
    tiebreaks = [x.strip() for x in head.get("202", "").split(",") if x.strip()]
    primary = PrimaryScore.GAME if order.startswith("GP") else PrimaryScore.MATCH
    if "212" in head:
        listed = [x.strip() for x in head["212"].split(",") if x.strip()]
        if listed and listed[0].upper() in ("MPTS", "GPTS"):
            primary = PrimaryScore.MATCH if listed[0].upper() == "MPTS" else PrimaryScore.GAME
            listed = listed[1:]
        tiebreaks = listed
    defaults = TeamScoring()
    if pab_points is not None:
        # A 320 record always states the bye's points (TRF-2026 4.6). Equal to C.04.6 art.
        # 1.4's default (a draw), the event keeps the default; otherwise (e.g. a win, the
        # competition's own rule) the declared values are kept, so the file keeps its meaning.
        plain = TeamScoring(
            match_draw=match_scores.get("D", defaults.match_draw),
            game_draw=game_scores.get("D", defaults.game_draw),
        ).bye_points(ByeKind.PAB, boards)
        if pab_points == plain:
            pab_points = None
    scoring = TeamScoring(
        match_win=match_scores.get("W", defaults.match_win),
        match_draw=match_scores.get("D", defaults.match_draw),
        match_loss=match_scores.get("L", defaults.match_loss),
        game_win=game_scores.get("W", defaults.game_win),
        game_draw=game_scores.get("D", defaults.game_draw),
        game_loss=game_scores.get("L", defaults.game_loss),
        pab_match=pab_points[0] if pab_points else None,
        pab_game=pab_points[1] if pab_points else None,
    )
    rounds_text = head.get("142", head.get("XXR", ""))
    initial = head.get("152", "W")[:1].upper() or "W"
    if "152" not in head and "black1" in head.get("XXC", "").lower():  # TRF16 (JaVaFo's XXC)
        initial = "B"
    try:
        event = TeamEvent(
            name=head.get("012", ""),
            teams=teams,
            boards=boards,
            rounds=int(rounds_text) if rounds_text.isascii() and rounds_text.isdigit() and len(rounds_text) < 4 else 0,
            scoring=scoring,
            system=system,
            pattern=pattern,
            initial_colour=initial,
            primary=primary,
            use_secondary_for_colours=order in ("", "MP_GP", "GP_MP"),
            colour_type=ColourPreferenceType.B if "TYPEB" in code else ColourPreferenceType.A,
            players=players,
            start_date=head.get("042", ""),
            end_date=head.get("052", ""),
            city=head.get("022", ""),
            federation=head.get("032", ""),
            chief_arbiter=head.get("102", ""),
            tiebreaks=tuple(tiebreaks),
        )
    except ArbitroError as exc:  # the model's own checks (pattern, team numbers)
        p.error(0, 0, "header", str(exc))
        p.raise_if_any()
        raise
    return event


def _matches(
    event: TeamEvent,
    games: Iterable[_Game],
    team_of: Mapping[int, int],
    lineups: dict[tuple[int, int], list[int | None]],
    known: dict[tuple[int, int], int],
    p: _Problems,
) -> None:
    by_round: dict[int, dict[int, list[_Game]]] = {}
    for g in games:
        t = team_of.get(g.player)
        if t is None:
            p.error(0, 0, "001", f"player {g.player} plays in round {g.round} but is in no team (310)")
            continue
        by_round.setdefault(g.round, {}).setdefault(t, []).append(g)
    p.raise_if_any()
    for rnd, per_team in sorted(by_round.items()):
        opponents: dict[int, int] = {t: o for (r, t), o in known.items() if r == rnd}
        opponents.update({o: t for t, o in list(opponents.items())})
        for t, gs in per_team.items():
            for g in gs:
                if g.opponent:
                    ot = team_of.get(g.opponent)
                    if ot == t:
                        p.error(0, 0, "001", f"round {rnd}: players {g.player} and {g.opponent} of team {t} meet each other")
                    elif ot is not None:
                        opponents[t] = ot
        p.raise_if_any()
        done: set[int] = set()
        for t in sorted(per_team):
            if t in done:
                continue
            o = opponents.get(t)
            if o is None:
                p.error(0, 0, "001", f"round {rnd}: team {t} has games but no opponent team can be found")
                continue
            done |= {t, o}
            event.matches.append(
                _one_match(event, rnd, t, o, per_team.get(t, []), per_team.get(o, []), lineups)
            )


def _boards_of(
    event: TeamEvent, team: int, gs: list[_Game], lineup: list[int | None] | None
) -> dict[int, _Game]:
    if lineup is not None:
        pos = {pid: b for b, pid in enumerate(lineup, start=1) if pid}
        return {pos[g.player]: g for g in gs if g.player in pos}
    order = [m.id for m in event.teams[team].members]
    ranked = sorted(gs, key=lambda g: order.index(g.player))
    return {b: g for b, g in enumerate(ranked, start=1)}


def _one_match(
    event: TeamEvent, rnd: int, a: int, b: int, ga: list[_Game], gb: list[_Game],
    lineups: dict[tuple[int, int], list[int | None]],
) -> Match:  # fmt: skip
    ba = _boards_of(event, a, ga, lineups.get((rnd, a)))
    bb = _boards_of(event, b, gb, lineups.get((rnd, b)))
    a_white = True
    for board, g in sorted(ba.items()):
        if g.colour in ("w", "b"):
            a_white = g.colour == event.pattern[board - 1].lower()
            break
    white, black = (a, b) if a_white else (b, a)
    bw, bk = (ba, bb) if a_white else (bb, ba)
    out = []
    for board in range(1, event.boards + 1):
        gw, gk = bw.get(board), bk.get(board)
        if gw is None and gk is None:
            out.append(BoardGame(board, None, None, GameResult.DOUBLE_FORFEIT))
        elif gw is not None:
            out.append(BoardGame(board, gw.player, gk.player if gk else None, _result(gw.result, gk)))
        else:
            assert gk is not None
            out.append(BoardGame(board, None, gk.player, _result(gk.result, None).reversed()))
    return Match(rnd, white, black, tuple(out))


def _result(code: str, other: _Game | None) -> GameResult:
    if code == "-" and other is not None and other.result == "-":
        return GameResult.DOUBLE_FORFEIT
    return {"1": GameResult.WIN, "=": GameResult.DRAW, "0": GameResult.LOSS, "+": GameResult.FORFEIT_WIN,
            "-": GameResult.FORFEIT_LOSS}[code]  # fmt: skip
