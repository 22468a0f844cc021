"""The event log of a team competition: typed events, their replay and the desk's commands.

A team competition run at the desk (web) is, like an individual tournament, its event log
(docs/architecture.md, "The web's one truth"): every change is one event, and
:func:`replay` rebuilds the :class:`~arbitro.teams.model.TeamEvent` from the log. The
commands of :class:`TeamService` check the rules (line-ups by
:func:`~arbitro.teams.lineups.lineup_errors`, the pairing by the registered team system,
the results) and emit the events; a face only appends them.

Kinds (payloads are JSON objects; docs/formats/event-log.md, "Team events"):

* ``team_event_created`` - name, system (a registry key), boards, rounds, match points
  (``match_win``/``match_draw``/``match_loss`` as decimal strings), what the pairing-allocated
  bye is worth (``pab_match``/``pab_game``, decimal strings; C.04.6 art. 1.4: a draw unless the
  competition's rules say otherwise; a log written before 2026-12-04 has neither and keeps the
  meaning it was written with, the match points of a win), place, dates, arbiter, tie-breaks;
* ``team_registered`` - a team (its TPN is the order of registration, C.04.6 art. 1.1) with
  its players in ranked board order (the first ``boards`` are the regular line-up, the rest
  reserves); players get ids (TRF 001 start ranks) in order of registration;
* ``team_lineup_set`` - round, team, one player id per board (``null``: an empty board);
* ``team_round_paired`` - round, matches ``[[white, black], ...]`` (white: White on board 1,
  art. 1.6.1), bye (the team with the PAB, or the free team of a round robin);
* ``team_board_result`` - round, match (its white team), board, result (a TRF code of the
  white team's player, :class:`~arbitro.teams.model.GameResult`), ``reason`` when it
  corrects a result;
* ``team_match_forfeit`` - round, match, forfeit (``+-``, ``-+``, ``--``; ``""`` clears it),
  ``reason`` when it corrects;
* ``team_lineup_deadline`` - round, deadline (ISO 8601 date and time with its offset; ``""``
  removes it): after it a line-up is accepted only as a late one (the chief arbiter's decision).

A board whose player is missing from the line-up is lost by forfeit (an empty board, TRF
``0000``): the replay gives it its forfeit result unless a result was entered.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from arbitro.errors import ArbitroError, Message, msg
from arbitro.limits import check_text
from arbitro.pairing.registry import SystemKind, UnknownSystem
from arbitro.pairing.registry import get as get_system
from arbitro.pairing.types import NoValidPairing
from arbitro.teams.lineups import lineup_errors
from arbitro.teams.model import (
    ROUND_ROBIN_KEYS,
    BoardGame,
    ByeKind,
    GameResult,
    Match,
    MatchForfeit,
    Member,
    Team,
    TeamBye,
    TeamEvent,
    TeamScoring,
)

__all__ = ["KINDS", "LogEvent", "TeamLogState", "TeamService", "replay"]

KINDS = (
    "team_event_created",
    "team_registered",
    "team_lineup_set",
    "team_round_paired",
    "team_board_result",
    "team_match_forfeit",
    "team_lineup_deadline",
)

#: The kinds of team event the norm evaluator knows (arbitro.titles.norms.NormOptions.event); "" = other.
NORM_EVENTS = ("", "team_championship", "national_team_championship")

MAX_TEAMS = 999  # TRF 310 columns 5-7
MAX_BOARDS = 20
MAX_PLAYERS_PER_TEAM = 40


@dataclass(frozen=True, slots=True)
class LogEvent:
    kind: str
    payload: dict[str, Any]


@dataclass(slots=True)
class TeamLogState:
    """The replayed log: the event's header and teams, and per round what the desk recorded."""

    event: TeamEvent | None = None
    pairings: dict[int, list[tuple[int, int]]] = field(default_factory=dict)
    byes: dict[int, int] = field(default_factory=dict)
    lineups: dict[tuple[int, int], tuple[int | None, ...]] = field(default_factory=dict)
    results: dict[tuple[int, int, int], GameResult] = field(default_factory=dict)
    forfeits: dict[tuple[int, int], MatchForfeit] = field(default_factory=dict)
    deadlines: dict[int, dt.datetime] = field(default_factory=dict)
    norm_event: str = ""  # B.01 kind of event for the norms (NormOptions.event): "team_championship", ...
    corrections: int = 0

    # -- what the desk and the pages read ----------------------------------------
    @property
    def created(self) -> bool:
        return self.event is not None

    def require(self) -> TeamEvent:
        if self.event is None:
            raise ArbitroError(msg("team.not_created", "the team competition has not been created"))
        return self.event

    @property
    def paired_rounds(self) -> int:
        return max(self.pairings, default=0)

    @property
    def total_rounds(self) -> int:
        return self.require().rounds

    def lineup(self, rnd: int, team: int) -> tuple[int | None, ...]:
        """The line-up of ``team`` in ``rnd``: the one set at the desk, else the first boards of its list."""
        ev = self.require()
        got = self.lineups.get((rnd, team))
        return got if got is not None else ev.teams[team].default_lineup(ev.boards)

    def match(self, rnd: int, white: int) -> Match:
        ev = self.require()
        for w, b in self.pairings.get(rnd, []):
            if w == white:
                return self._match(ev, rnd, w, b)
        raise ArbitroError(msg("team.no_match_white", "round {round}: no match with team {team} on board 1 as White", round=rnd, team=white))

    def _match(self, ev: TeamEvent, rnd: int, w: int, b: int) -> Match:
        forfeit = self.forfeits.get((rnd, w))
        if forfeit is not None:
            return Match(rnd, w, b, (), forfeit)
        lw, lb = self.lineup(rnd, w), self.lineup(rnd, b)
        games = []
        for board in range(1, ev.boards + 1):
            a, k = lw[board - 1], lb[board - 1]
            res = self.results.get((rnd, w, board))
            if res is None:
                res = _empty_board_result(a, k)
            games.append(BoardGame(board, a, k, res))
        return Match(rnd, w, b, tuple(games))

    def round_complete(self, rnd: int) -> bool:
        ev = self.require()
        return all(self._match(ev, rnd, w, b).complete for w, b in self.pairings.get(rnd, []))

    @property
    def finished(self) -> bool:
        ev = self.event
        return ev is not None and self.paired_rounds >= ev.rounds and self.round_complete(self.paired_rounds)

    def to_event(self) -> TeamEvent:
        """The :class:`TeamEvent` of the log: the teams, every paired match (line-ups, results), the byes.

        Matches are in pairing order (the tables of the round, C.04.6 art. 3.5); a TRF file does
        not carry that order, so an event read back from one lists them by round and white team.
        """
        ev = self.require()
        matches = [self._match(ev, rnd, w, b) for rnd in sorted(self.pairings) for w, b in self.pairings[rnd]]
        bye_kind = ByeKind.ZERO if ev.system in ROUND_ROBIN_KEYS else ByeKind.PAB
        byes = [TeamBye(rnd, team, bye_kind) for rnd, team in sorted(self.byes.items())]
        return TeamEvent(
            name=ev.name, teams=dict(ev.teams), boards=ev.boards, rounds=ev.rounds, scoring=ev.scoring,
            system=ev.system, pattern=ev.pattern, initial_colour=ev.initial_colour, primary=ev.primary,
            colour_type=ev.colour_type, matches=matches, byes=byes,
            start_date=ev.start_date, end_date=ev.end_date, city=ev.city, federation=ev.federation,
            chief_arbiter=ev.chief_arbiter, tiebreaks=ev.tiebreaks,
        )  # fmt: skip


def _empty_board_result(white_player: int | None, black_player: int | None) -> GameResult:
    """An empty board is lost by forfeit by the team that left it empty (both empty: nobody scores)."""
    if white_player is None and black_player is None:
        return GameResult.DOUBLE_FORFEIT
    if white_player is None:
        return GameResult.FORFEIT_LOSS
    if black_player is None:
        return GameResult.FORFEIT_WIN
    return GameResult.PENDING


def _joined(errors: Sequence[Message]) -> Message:
    """Several line-up refusals as one coded message (each keeps its own code: the faces translate each)."""
    joined = errors[-1]
    for e in reversed(errors[:-1]):
        joined = msg("team.lineup_errors", "{first}; {rest}", first=e, rest=joined)
    return joined


def _trf_date(text: str, field_name: str) -> str:
    """``YYYY-MM-DD`` or ``YYYY/MM/DD`` as TRF writes it (042/052: ``YYYY/MM/DD``); ``""`` stays empty."""
    text = text.strip()
    if not text:
        return ""
    for fmt in ("%Y-%m-%d", "%Y/%m/%d"):
        try:
            return dt.datetime.strptime(text, fmt).date().strftime("%Y/%m/%d")
        except ValueError:
            continue
    raise ArbitroError(f"{field_name}: expected a date YYYY-MM-DD, got {text!r}")


def _frac(value: object, field_name: str) -> Fraction:
    try:
        f = Fraction(str(value))
    except (ValueError, ZeroDivisionError):
        raise ArbitroError(f"{field_name}: expected a number such as 2 or 1.5, got {value!r}") from None
    if not -99 <= f <= 99 or f.denominator not in (1, 2, 4):
        raise ArbitroError(f"{field_name}: expected a number from -99 to 99 in halves or quarters, got {value!r}")
    return f


def _int(payload: Mapping[str, Any], key: str) -> int:
    value = payload.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArbitroError(f"{key}: expected a whole number, got {value!r}")
    return value


# -- replay ------------------------------------------------------------------------


def _apply(st: TeamLogState, e: LogEvent) -> None:
    p = e.payload
    if e.kind == "team_event_created":
        match_win = _frac(p.get("match_win", "2"), "match_win")
        scoring = TeamScoring(
            match_win=match_win,
            match_draw=_frac(p.get("match_draw", "1"), "match_draw"),
            match_loss=_frac(p.get("match_loss", "0"), "match_loss"),
            # a log without pab_match predates C.04.6 art. 1.4's default (issue 35): its bye
            # was worth a win's match points when it was written, and keeps that meaning
            pab_match=_frac(p["pab_match"], "pab_match") if "pab_match" in p else match_win,
            pab_game=_frac(p["pab_game"], "pab_game") if "pab_game" in p else None,
        )
        plain = dataclasses.replace(scoring, pab_match=None, pab_game=None)
        if scoring.bye_points(ByeKind.PAB, _int(p, "boards")) == plain.bye_points(ByeKind.PAB, _int(p, "boards")):
            scoring = plain  # art. 1.4's default, as a TRF 320 record with these values reads
        st.event = TeamEvent(
            name=str(p["name"]), teams={}, boards=_int(p, "boards"), rounds=_int(p, "rounds"), scoring=scoring,
            system=str(p["system"]), city=str(p.get("city", "")), federation=str(p.get("federation", "")),
            start_date=str(p.get("start_date", "")), end_date=str(p.get("end_date", "")),
            chief_arbiter=str(p.get("chief_arbiter", "")), tiebreaks=tuple(str(t) for t in p.get("tiebreaks", ())),
        )  # fmt: skip
        st.norm_event = str(p.get("norm_event", ""))
        return
    ev = st.require()
    if e.kind == "team_registered":
        number = len(ev.teams) + 1
        first = len(ev.players) + 1
        members = tuple(
            Member(
                first + i, str(m["name"]), int(m.get("rating") or 0), str(m.get("federation", "")),
                int(m["fide_id"]) if m.get("fide_id") else None, str(m.get("sex", "")), str(m.get("title", "")),
            )  # fmt: skip
            for i, m in enumerate(p["players"])
        )
        ev.teams[number] = Team(number, str(p["name"]), members)
        ev.players.update({m.id: m for m in members})
        if ev.system in ROUND_ROBIN_KEYS and len(ev.teams) >= 2:  # the table's rounds (C.05 Annex 1)
            from arbitro.teams.roundrobin import total_rounds

            ev.rounds = total_rounds(ev)
    elif e.kind == "team_lineup_set":
        st.lineups[(_int(p, "round"), _int(p, "team"))] = tuple(
            None if x is None else int(x) for x in p["players"]
        )
    elif e.kind == "team_round_paired":
        rnd = _int(p, "round")
        st.pairings[rnd] = [(int(w), int(b)) for w, b in p["matches"]]
        if p.get("bye") is not None:
            st.byes[rnd] = int(p["bye"])
    elif e.kind == "team_board_result":
        key = (_int(p, "round"), _int(p, "match"), _int(p, "board"))
        st.results[key] = GameResult(str(p["result"]))
        st.corrections += 1 if p.get("reason") else 0
    elif e.kind == "team_match_forfeit":
        key2 = (_int(p, "round"), _int(p, "match"))
        if p.get("forfeit"):
            st.forfeits[key2] = MatchForfeit(str(p["forfeit"]))
        else:
            st.forfeits.pop(key2, None)
        st.corrections += 1 if p.get("reason") else 0
    elif e.kind == "team_lineup_deadline":
        rnd = _int(p, "round")
        if p.get("deadline"):
            st.deadlines[rnd] = dt.datetime.fromisoformat(str(p["deadline"]))
        else:
            st.deadlines.pop(rnd, None)
    else:
        raise ArbitroError(f"unknown team event kind {e.kind!r}")


def replay(events: Iterable[LogEvent]) -> TeamLogState:
    st = TeamLogState()
    for i, e in enumerate(events, start=1):
        try:
            _apply(st, e)
        except (KeyError, TypeError, ValueError) as exc:
            raise ArbitroError(f"event {i} ({e.kind}): bad payload ({exc})") from None
    return st


# -- commands ----------------------------------------------------------------------


class TeamService:
    """The desk's commands on a replayed log: each checks the rules, then emits its event."""

    def __init__(self, events: Sequence[LogEvent] = ()) -> None:
        self.events: list[LogEvent] = list(events)
        self.new_events: list[LogEvent] = []
        self.state = replay(self.events)

    def _emit(self, kind: str, payload: dict[str, Any]) -> None:
        e = LogEvent(kind, payload)
        _apply(self.state, e)
        self.events.append(e)
        self.new_events.append(e)

    # creation and teams
    def create(
        self,
        name: str,
        system: str,
        boards: int,
        rounds: int | None,
        match_points: tuple[str, str, str] = ("2", "1", "0"),
        *,
        city: str = "",
        federation: str = "",
        start_date: str = "",
        end_date: str = "",
        chief_arbiter: str = "",
        tiebreaks: Sequence[str] = (),
        norm_event: str = "",
        pab_points: tuple[str, str] | None = None,
    ) -> None:
        """``norm_event``: the kind of event for B.01 norms (``team_championship``: 1.4.1b, 7 games), or ``""``.

        ``pab_points``: (match points, game points) of the pairing-allocated bye when the
        competition's rules fix them; ``None`` is C.04.6 art. 1.4's default, a drawn match.
        """
        if self.state.created:
            raise ArbitroError(msg("team.exists", "the team competition already exists"))
        check_text("tournament name", name)
        if not name.strip():
            raise ArbitroError(msg("team.no_name", "tournament name: required"))
        check_text("city", city)
        check_text("chief arbiter", chief_arbiter)
        try:
            sysdef = get_system(system)
        except UnknownSystem as exc:
            raise ArbitroError(str(exc)) from None
        if sysdef.kind not in (SystemKind.TEAM_SWISS, SystemKind.TEAM_ROUND_ROBIN):
            raise ArbitroError(msg("team.not_team_system", "{system} is not a team pairing system", system=sysdef.name))
        if not 1 <= boards <= MAX_BOARDS:
            raise ArbitroError(msg("team.boards", "boards: expected 1 to {most}, got {got}", most=MAX_BOARDS, got=boards))
        if sysdef.kind is SystemKind.TEAM_SWISS and (rounds is None or not 1 <= rounds <= 99):
            raise ArbitroError(msg("team.rounds", "rounds: a Team Swiss needs 1 to 99 rounds, got {got}", got=rounds))
        win, draw, loss = (_frac(v, n) for v, n in zip(match_points, ("match_win", "match_draw", "match_loss"), strict=True))
        if not win > draw >= loss:
            raise ArbitroError(
                msg(
                    "team.match_points",
                    "match points: a won match must be worth more than a drawn one, and a drawn one no less than a lost one",
                )
            )
        if pab_points is None:  # C.04.6 art. 1.4: the match points and game points of a draw
            pab_mp, pab_gp = draw, TeamScoring().game_draw * boards
        else:
            pab_mp, pab_gp = _frac(pab_points[0], "pab_match"), _frac(pab_points[1], "pab_game")
            if not loss <= pab_mp <= win or not 0 <= pab_gp <= boards:
                raise ArbitroError(
                    f"pairing-allocated bye: expected match points from a lost to a won match and game points"
                    f" from 0 to the number of boards ({boards}), got {pab_mp} and {pab_gp}"
                )
        start_date, end_date = _trf_date(start_date, "start date"), _trf_date(end_date, "end date")
        if norm_event not in NORM_EVENTS:
            raise ArbitroError(f"norm event: expected one of {', '.join(e or '(none)' for e in NORM_EVENTS)}, got {norm_event!r}")
        from arbitro.teams.tiebreaks import parse_team_tiebreak

        for tb in tiebreaks:
            parse_team_tiebreak(tb)  # an unknown code is the core's message
        self._emit(
            "team_event_created",
            {
                "name": name.strip(), "system": sysdef.key, "boards": boards,
                "rounds": rounds if sysdef.kind is SystemKind.TEAM_SWISS else 0,
                "match_win": str(win), "match_draw": str(draw), "match_loss": str(loss),
                "pab_match": str(pab_mp), "pab_game": str(pab_gp), "city": city,
                "federation": federation, "start_date": start_date, "end_date": end_date,
                "chief_arbiter": chief_arbiter, "tiebreaks": list(tiebreaks), "norm_event": norm_event,
            },
        )  # fmt: skip

    def register_team(self, name: str, players: Sequence[Mapping[str, Any]]) -> int:
        """A team with its players in ranked board order; returns its TPN (C.04.6 art. 1.1)."""
        ev = self.state.require()
        if self.state.paired_rounds:
            raise ArbitroError(msg("team.register_closed", "teams can be registered only before round 1 is paired"))
        check_text("team name", name, 32)  # TRF 310 columns 9-40
        if not name.strip():
            raise ArbitroError(msg("team.team_name", "team name: required"))
        if any(t.name == name.strip() for t in ev.teams.values()):
            raise ArbitroError(msg("team.duplicate", "a team named {name!r} is already registered", name=name.strip()))
        if len(ev.teams) >= MAX_TEAMS:
            raise ArbitroError(msg("team.too_many", "at most {most} teams (TRF 310)", most=MAX_TEAMS))
        if not players:
            raise ArbitroError(msg("team.no_players", "team {name}: at least one player is required", name=name.strip()))
        if len(players) > MAX_PLAYERS_PER_TEAM:
            raise ArbitroError(msg("team.too_many_players", "team {name}: at most {most} players", name=name.strip(), most=MAX_PLAYERS_PER_TEAM))
        clean = []
        for i, m in enumerate(players, start=1):
            pname = str(m.get("name", "")).strip()
            if not pname:
                raise ArbitroError(msg("team.player_name", "player {player}: name required", player=i))
            check_text("player name", pname)
            rating = m.get("rating") or 0
            if not isinstance(rating, int) or not 0 <= rating <= 3500:
                raise ArbitroError(msg("team.player_rating", "player {player} ({name}): rating: expected 0 to 3500, got {got!r}", player=i, name=pname, got=rating))
            fide = str(m.get("fide_id") or "")
            if fide and (not fide.isdigit() or len(fide) > 11):
                raise ArbitroError(msg("team.player_fide_id", "player {player} ({name}): FIDE ID: expected up to 11 digits, got {got!r}", player=i, name=pname, got=fide))
            fed = str(m.get("federation") or "")
            title = str(m.get("title") or "")
            check_text("federation", fed, 3)
            check_text("title", title)
            clean.append({"name": pname, "rating": rating, "fide_id": fide, "federation": fed, "title": title})
        self._emit("team_registered", {"name": name.strip(), "players": clean})
        return len(ev.teams)

    # rounds
    def pair_next_round(self) -> int:
        """Pair the next round with the registered team system (C.04.6, or the Berger table)."""
        from arbitro.teams.engines import pair_team_round

        ev = self.state.require()
        rnd = self.state.paired_rounds + 1
        if len(ev.teams) < 2:
            raise ArbitroError(msg("team.pair_too_few", "at least two teams are needed to pair"))
        if rnd > ev.rounds:
            raise ArbitroError(msg("team.pair_all", "all {total} rounds are already paired", total=ev.rounds))
        if rnd > 1 and not self.state.round_complete(rnd - 1):
            raise ArbitroError(msg("team.pair_incomplete", "round {round} still has matches without a result", round=rnd - 1))
        try:
            p = pair_team_round(self.state.to_event(), rnd)
        except NoValidPairing as exc:  # C.04.6 art. 3.3.3: the chief arbiter decides
            raise ArbitroError(msg("team.pair_impossible", "round {round}: no pairing satisfies the absolute criteria ({why})", round=rnd, why=str(exc))) from None
        self._emit(
            "team_round_paired",
            {"round": rnd, "matches": [[b.white, b.black] for b in p.boards], "bye": p.bye},
        )
        return rnd

    def _match_of(self, rnd: int, team: int) -> tuple[int, int]:
        for w, b in self.state.pairings.get(rnd, []):
            if team in (w, b):
                return w, b
        raise ArbitroError(msg("team.no_match", "round {round}: team {team} has no match", round=rnd, team=team))

    def set_deadline(self, rnd: int, deadline: dt.datetime | None) -> None:
        """The time by which the line-ups of ``rnd`` are due (``None`` removes it); it must know its offset."""
        ev = self.state.require()
        if not 1 <= rnd <= ev.rounds:
            raise ArbitroError(msg("team.round_range", "round: expected 1 to {total}, got {round}", total=ev.rounds, round=rnd))
        if deadline is not None and deadline.utcoffset() is None:
            raise ArbitroError(msg("team.deadline_offset", "line-up deadline: a time with its offset (time zone) is required"))
        if self.state.deadlines.get(rnd) == deadline:
            return
        self._emit("team_lineup_deadline", {"round": rnd, "deadline": deadline.isoformat() if deadline else ""})

    def set_lineup(
        self, rnd: int, team: int, players: Sequence[int | None], *, now: dt.datetime | None = None, late: bool = False
    ) -> None:
        """The line-up of ``team`` for ``rnd`` (board order rules: :func:`~arbitro.teams.lineups.lineup_errors`).

        ``now``: when it is handed in; after the round's deadline it is refused unless ``late``
        (a late line-up the chief arbiter accepts).
        """
        ev = self.state.require()
        if team not in ev.teams:
            raise ArbitroError(msg("team.unknown", "no team {team}", team=team))
        w, _b = self._match_of(rnd, team)
        lineup = tuple(players)
        if (rnd, w) in self.state.forfeits or any((rnd, w, bd) in self.state.results for bd in range(1, ev.boards + 1)):
            if lineup == self.state.lineup(rnd, team):
                return
            raise ArbitroError(
                msg(
                    "team.lineup_has_results",
                    "round {round}: the match of {name} already has results; the line-up can no longer change",
                    round=rnd,
                    name=ev.teams[team].name,
                )
            )
        errors = lineup_errors(ev.teams[team], lineup, ev.boards)
        if errors:
            raise ArbitroError(_joined(errors))
        if lineup == self.state.lineup(rnd, team):
            return
        deadline = self.state.deadlines.get(rnd)
        if deadline is not None and now is not None and now > deadline and not late:
            raise ArbitroError(
                msg(
                    "team.lineup_late",
                    "round {round}: the line-up deadline ({deadline}) has passed; "
                    "only the chief arbiter may accept a late line-up",
                    round=rnd,
                    deadline=deadline.isoformat(timespec="minutes"),
                )
            )
        self._emit("team_lineup_set", {"round": rnd, "team": team, "players": list(lineup)})

    def enter_board(self, rnd: int, white: int, board: int, result: str, *, reason: str = "") -> bool:
        """A board's result (the white team's player's TRF code); ``reason`` makes it a correction.

        Returns False when the board already shows that result.
        """
        ev = self.state.require()
        m = self.state.match(rnd, white)
        if m.forfeit is not None:
            raise ArbitroError(
                msg(
                    "team.match_forfeited",
                    "round {round}: the match {white} - {black} was forfeited as a whole",
                    round=rnd,
                    white=ev.teams[m.white].name,
                    black=ev.teams[m.black].name,
                )
            )
        if not 1 <= board <= ev.boards:
            raise ArbitroError(msg("team.board_range", "board: expected 1 to {boards}, got {board}", boards=ev.boards, board=board))
        try:
            res = GameResult(result)
        except ValueError:
            raise ArbitroError(msg("team.board_result", "board {board}: unknown result {result!r}", board=board, result=result)) from None
        if res is GameResult.PENDING:
            raise ArbitroError(msg("team.board_required", "board {board}: a result is required", board=board))
        g = m.games[board - 1]
        if g.white_team_player is None or g.black_team_player is None:
            allowed = {_empty_board_result(g.white_team_player, g.black_team_player), GameResult.DOUBLE_FORFEIT}
            if res not in allowed:
                raise ArbitroError(msg("team.board_empty", "board {board} is empty in a line-up: it can only be lost by forfeit", board=board))
        if g.result is res:
            return False
        check_text("reason", reason)
        if (rnd, white, board) in self.state.results and not reason:
            raise ArbitroError(msg("team.board_correction", "board {board} already has a result; a correction needs a reason", board=board))
        payload: dict[str, Any] = {"round": rnd, "match": white, "board": board, "result": res.value}
        if reason:
            payload["reason"] = reason
        self._emit("team_board_result", payload)
        return True

    def forfeit_match(self, rnd: int, white: int, forfeit: str, *, reason: str = "") -> None:
        """A whole-match forfeit (TRF 330: ``+-``, ``-+``, ``--``); ``""`` withdraws it (a correction)."""
        self.state.match(rnd, white)
        if forfeit:
            try:
                MatchForfeit(forfeit)
            except ValueError:
                raise ArbitroError(msg("team.forfeit_code", "match forfeit: expected +-, -+ or --, got {got!r}", got=forfeit)) from None
        current = self.state.forfeits.get((rnd, white))
        if (current.value if current else "") == forfeit:
            return
        check_text("reason", reason)
        if current is not None and not reason:
            raise ArbitroError(msg("team.forfeit_correction", "this match already has a forfeit; a correction needs a reason"))
        payload: dict[str, Any] = {"round": rnd, "match": white, "forfeit": forfeit}
        if reason:
            payload["reason"] = reason
        self._emit("team_match_forfeit", payload)
