"""The log of a team competition: its replay and the desk's commands (issue 18; issue 32 item 1).

A team competition run at the desk (web) is, like an individual tournament, its event log
(docs/architecture.md, "The web's one truth"): every change is one typed event
(:mod:`arbitro.tournament.team_events`, on the base of every log), and :meth:`TeamService.replay`
rebuilds the :class:`~arbitro.teams.model.TeamEvent` from it. The commands of
:class:`TeamService` (the skeleton :class:`~arbitro.tournament.log.EventLog`, as for an
individual tournament) check the rules (line-ups by :func:`~arbitro.teams.lineups.lineup_errors`,
the pairing by the registered team system, the results) and emit the events; a face only appends
them. A round is paired as a draft (the desk sees it) and published, or taken back while it has
no result, as an individual round is.

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
from arbitro.tournament.log import EventLog
from arbitro.tournament.team_events import (
    RegisteredPlayer,
    TeamBoardResult,
    TeamEventCreated,
    TeamEventData,
    TeamLineupDeadline,
    TeamLineupSet,
    TeamMatchForfeit,
    TeamRegistered,
    TeamRoundPaired,
    TeamRoundPublished,
    TeamRoundUnpaired,
    TeamSettingsChanged,
)

__all__ = ["NORM_EVENTS", "TeamLogState", "TeamService", "replay"]

#: The kinds of team event the norm evaluator knows (arbitro.titles.norms.NormOptions.event); "" = other.
NORM_EVENTS = ("", "team_championship", "national_team_championship")

MAX_TEAMS = 999  # TRF 310 columns 5-7
MAX_BOARDS = 20
MAX_PLAYERS_PER_TEAM = 40


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
    published: set[int] = field(default_factory=set)  # rounds the public sees (a draft is not in it)
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

    def is_published(self, rnd: int) -> bool:
        return rnd in self.published

    @property
    def draft_round(self) -> int:
        """The last paired round if it is a draft (only the desk sees it), else 0."""
        last = self.paired_rounds
        return last if last and last not in self.published else 0

    def round_has_results(self, rnd: int) -> bool:
        """Has any board or match of ``rnd`` a result entered (a forfeit included)?"""
        return any(k[0] == rnd for k in self.results) or any(k[0] == rnd for k in self.forfeits)

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
        return (
            ev is not None
            and self.paired_rounds >= ev.rounds
            and not self.draft_round
            and self.round_complete(self.paired_rounds)
        )

    def to_event(self, *, drafts: bool = True) -> TeamEvent:
        """The :class:`TeamEvent` of the log: the teams, every paired match (line-ups, results), the byes.

        Matches are in pairing order (the tables of the round, C.04.6 art. 3.5); a TRF file does
        not carry that order, so an event read back from one lists them by round and white team.
        ``drafts=False``: without a draft round (what the public pages show).
        """
        ev = self.require()
        shown = [r for r in sorted(self.pairings) if drafts or r in self.published]
        matches = [self._match(ev, rnd, w, b) for rnd in shown for w, b in self.pairings[rnd]]
        bye_kind = ByeKind.ZERO if ev.system in ROUND_ROBIN_KEYS else ByeKind.PAB
        byes = [TeamBye(rnd, team, bye_kind) for rnd, team in sorted(self.byes.items()) if rnd in shown]
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


# -- replay ------------------------------------------------------------------------


def _created(st: TeamLogState, e: TeamEventCreated) -> None:
    match_win = _frac(e.match_win, "match_win")
    scoring = TeamScoring(
        match_win=match_win,
        match_draw=_frac(e.match_draw, "match_draw"),
        match_loss=_frac(e.match_loss, "match_loss"),
        # a log without pab_match predates C.04.6 art. 1.4's default (issue 35): its bye
        # was worth a win's match points when it was written, and keeps that meaning
        pab_match=_frac(e.pab_match, "pab_match") if e.pab_match is not None else match_win,
        pab_game=_frac(e.pab_game, "pab_game") if e.pab_game is not None else None,
    )
    plain = dataclasses.replace(scoring, pab_match=None, pab_game=None)
    if scoring.bye_points(ByeKind.PAB, e.boards) == plain.bye_points(ByeKind.PAB, e.boards):
        scoring = plain  # art. 1.4's default, as a TRF 320 record with these values reads
    st.event = TeamEvent(
        name=e.name, teams={}, boards=e.boards, rounds=e.rounds, scoring=scoring, system=e.system,
        city=e.city, federation=e.federation, start_date=e.start_date, end_date=e.end_date,
        chief_arbiter=e.chief_arbiter, tiebreaks=e.tiebreaks,
    )  # fmt: skip
    st.norm_event = e.norm_event


def _registered(st: TeamLogState, e: TeamRegistered) -> None:
    ev = st.require()
    number = len(ev.teams) + 1
    first = len(ev.players) + 1
    members = tuple(
        Member(
            first + i, m.name, m.rating, m.federation, int(m.fide_id) if m.fide_id else None, m.sex, m.title,
        )  # fmt: skip
        for i, m in enumerate(e.players)
    )
    ev.teams[number] = Team(number, e.name, members)
    ev.players.update({m.id: m for m in members})
    if ev.system in ROUND_ROBIN_KEYS and len(ev.teams) >= 2:  # the table's rounds (C.05 Annex 1)
        from arbitro.teams.roundrobin import total_rounds

        ev.rounds = total_rounds(ev)


def _lineup_set(st: TeamLogState, e: TeamLineupSet) -> None:
    st.require()
    st.lineups[(e.round, e.team)] = e.players


def _paired(st: TeamLogState, e: TeamRoundPaired) -> None:
    st.require()
    st.pairings[e.round] = list(e.matches)
    if e.bye is not None:
        st.byes[e.round] = e.bye
    if e.published:
        st.published.add(e.round)


def _published(st: TeamLogState, e: TeamRoundPublished) -> None:
    if e.round not in st.pairings:
        raise ArbitroError(f"round {e.round} is not paired")
    st.published.add(e.round)


def _unpaired(st: TeamLogState, e: TeamRoundUnpaired) -> None:
    if e.round != st.paired_rounds or e.round == 0:
        raise ArbitroError(f"round {e.round} is not the last paired round")
    del st.pairings[e.round]
    st.byes.pop(e.round, None)
    st.published.discard(e.round)
    for key in [k for k in st.lineups if k[0] == e.round]:
        del st.lineups[key]


def _board_result(st: TeamLogState, e: TeamBoardResult) -> None:
    st.require()
    st.results[(e.round, e.match, e.board)] = GameResult(e.result)
    st.corrections += 1 if e.reason else 0


def _match_forfeit(st: TeamLogState, e: TeamMatchForfeit) -> None:
    st.require()
    if e.forfeit:
        st.forfeits[(e.round, e.match)] = MatchForfeit(e.forfeit)
    else:
        st.forfeits.pop((e.round, e.match), None)
    st.corrections += 1 if e.reason else 0


def _deadline(st: TeamLogState, e: TeamLineupDeadline) -> None:
    st.require()
    if e.deadline:
        st.deadlines[e.round] = dt.datetime.fromisoformat(e.deadline)
    else:
        st.deadlines.pop(e.round, None)


def _settings(st: TeamLogState, e: TeamSettingsChanged) -> None:
    ev = st.require()
    changes: dict[str, Any] = {
        k: getattr(e, k)
        for k in ("name", "city", "federation", "start_date", "end_date", "chief_arbiter", "rounds", "tiebreaks")
        if getattr(e, k) is not None
    }
    st.event = dataclasses.replace(ev, **changes)
    if e.norm_event is not None:
        st.norm_event = e.norm_event


_HANDLERS: dict[type[TeamEventData], Any] = {
    TeamEventCreated: _created,
    TeamRegistered: _registered,
    TeamLineupSet: _lineup_set,
    TeamRoundPaired: _paired,
    TeamRoundPublished: _published,
    TeamRoundUnpaired: _unpaired,
    TeamBoardResult: _board_result,
    TeamMatchForfeit: _match_forfeit,
    TeamLineupDeadline: _deadline,
    TeamSettingsChanged: _settings,
}


def _apply(st: TeamLogState, e: TeamEventData) -> None:
    handler = _HANDLERS.get(type(e))
    if handler is None:
        raise ArbitroError(f"unknown team event kind {e.kind!r}")
    handler(st, e)


def replay(events: Iterable[TeamEventData]) -> TeamLogState:
    """The state after ``events`` (:meth:`TeamService.replay`)."""
    return TeamService.replay(events)


# -- commands ----------------------------------------------------------------------


def _text_settings(
    name: str | None, city: str | None, federation: str | None,
    start_date: str | None, end_date: str | None, chief_arbiter: str | None,
) -> dict[str, Any]:  # fmt: skip
    """The given texts of a settings change, checked (widths, no control characters) and normalised."""
    out: dict[str, Any] = {}
    if name is not None:
        check_text("tournament name", name)
        if not name.strip():
            raise ArbitroError(msg("team.no_name", "tournament name: required"))
        out["name"] = name.strip()
    for label, key, value in (("city", "city", city), ("chief arbiter", "chief_arbiter", chief_arbiter)):
        if value is not None:
            check_text(label, value)
            out[key] = value.strip()
    if federation is not None:
        check_text("federation", federation, 3)
        out["federation"] = federation.strip()
    for label, key, value in (("start date", "start_date", start_date), ("end date", "end_date", end_date)):
        if value is not None:
            out[key] = _trf_date(value, label)
    return out


def _checked_norm_event(norm_event: str) -> str:
    if norm_event not in NORM_EVENTS:
        raise ArbitroError(f"norm event: expected one of {', '.join(e or '(none)' for e in NORM_EVENTS)}, got {norm_event!r}")
    return norm_event


class TeamService(EventLog[TeamEventData, TeamLogState]):
    """The desk's commands on a replayed log: each checks the rules, then emits its event.

    ``events`` is the whole log, ``new_events`` what the commands added (what a caller must
    persist), ``expected_version`` the length of the log replayed (:class:`EventLog`).
    """

    @classmethod
    def new_state(cls) -> TeamLogState:
        return TeamLogState()

    @classmethod
    def apply(cls, state: TeamLogState, event: TeamEventData) -> None:
        _apply(state, event)

    @classmethod
    def replay(cls, events: Iterable[TeamEventData]) -> TeamLogState:
        st = TeamLogState()
        for i, e in enumerate(events, start=1):
            try:
                _apply(st, e)
            except (KeyError, TypeError, ValueError) as exc:
                raise ArbitroError(f"event {i} ({e.kind}): bad payload ({exc})") from None
        return st

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
        self.emit(
            TeamEventCreated(
                name=name.strip(), system=sysdef.key, boards=boards,
                rounds=rounds if sysdef.kind is SystemKind.TEAM_SWISS and rounds is not None else 0,
                match_win=str(win), match_draw=str(draw), match_loss=str(loss),
                pab_match=str(pab_mp), pab_game=str(pab_gp), city=city,
                federation=federation, start_date=start_date, end_date=end_date,
                chief_arbiter=chief_arbiter, tiebreaks=tuple(tiebreaks), norm_event=norm_event,
            )
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
            clean.append(RegisteredPlayer(pname, rating, fide, fed, title))
        self.emit(TeamRegistered(name.strip(), tuple(clean)))
        return len(ev.teams)

    # rounds
    def pair_next_round(self, *, publish: bool = True) -> int:
        """Pair the next round with the registered team system (C.04.6, or the Berger table).

        ``publish=False`` (the desk's "Pair") leaves it a draft: only the desk sees it until
        :meth:`publish_round`, and :meth:`unpair_round` takes it back.
        """
        from arbitro.teams.engines import pair_team_round

        ev = self.state.require()
        rnd = self.state.paired_rounds + 1
        if len(ev.teams) < 2:
            raise ArbitroError(msg("team.pair_too_few", "at least two teams are needed to pair"))
        if rnd > ev.rounds:
            raise ArbitroError(msg("team.pair_all", "all {total} rounds are already paired", total=ev.rounds))
        if self.state.draft_round:
            raise ArbitroError(msg("team.pair_draft", "round {round} is a draft: publish or unpair it first", round=rnd - 1))
        if rnd > 1 and not self.state.round_complete(rnd - 1):
            raise ArbitroError(msg("team.pair_incomplete", "round {round} still has matches without a result", round=rnd - 1))
        try:
            p = pair_team_round(self.state.to_event(), rnd)
        except NoValidPairing as exc:  # C.04.6 art. 3.3.3: the chief arbiter decides
            raise ArbitroError(msg("team.pair_impossible", "round {round}: no pairing satisfies the absolute criteria ({why})", round=rnd, why=str(exc))) from None
        with self.transaction() as emit:
            emit(TeamRoundPaired(rnd, tuple((b.white, b.black) for b in p.boards), p.bye, published=False))
            if publish:
                emit(TeamRoundPublished(rnd))
        return rnd

    def publish_round(self) -> int:
        """Publish the draft of the last paired round (from then on the public pages and the TRF show it)."""
        self.state.require()
        last = self.state.paired_rounds
        if not last:
            raise ArbitroError(msg("team.no_round", "no round has been paired yet"))
        if self.state.is_published(last):
            raise ArbitroError(msg("publish.already", "publish: round {round} is already published", round=last))
        self.emit(TeamRoundPublished(last))
        return last

    def unpair_round(self, reason: str = "") -> int:
        """Take back the last paired round while none of its boards or matches has a result.

        The round is paired again as if it never had been (its line-ups go with it).
        """
        self.state.require()
        check_text("reason", reason)
        last = self.state.paired_rounds
        if not last:
            raise ArbitroError(msg("team.no_round", "no round has been paired yet"))
        if self.state.finished:
            raise ArbitroError(msg("team.unpair_finished", "the competition is finished: its last round cannot be unpaired"))
        if self.state.round_has_results(last):
            raise ArbitroError(msg("team.unpair_results", "round {round} cannot be unpaired: it already has results", round=last))
        self.emit(TeamRoundUnpaired(last, reason.strip()))
        return last

    def rounds_paired_since(self, rnd: int) -> list[int]:
        """The rounds paired after ``rnd``: paired on the score a correction of ``rnd`` changes (C.04.2 4.3)."""
        return list(range(rnd + 1, self.state.paired_rounds + 1))

    def change_settings(
        self,
        *,
        name: str | None = None,
        city: str | None = None,
        federation: str | None = None,
        start_date: str | None = None,
        end_date: str | None = None,
        chief_arbiter: str | None = None,
        rounds: int | None = None,
        tiebreaks: Sequence[str] | None = None,
        norm_event: str | None = None,
    ) -> bool:
        """Change settings after creation (``None``: unchanged); returns False when nothing changes.

        The number of rounds is a Team Swiss's only (a round robin has its table's), never fewer
        than the rounds already paired (C.04.1 art. 1); the tie-breaks are fixed once round 1 is paired
        (C.07 Art. 2: announced in advance); the system, boards and match points are fixed at creation.
        """
        ev = self.state.require()
        changes = _text_settings(name, city, federation, start_date, end_date, chief_arbiter)
        if rounds is not None and rounds != ev.rounds:
            changes["rounds"] = self._checked_rounds(ev, rounds)
        if tiebreaks is not None:
            changes["tiebreaks"] = self._checked_tiebreaks(ev, tuple(tiebreaks))
        if norm_event is not None:
            changes["norm_event"] = _checked_norm_event(norm_event)
        current: dict[str, Any] = {k: getattr(ev, k) for k in changes if k != "norm_event"}
        current["norm_event"] = self.state.norm_event
        changed = {k: v for k, v in changes.items() if current.get(k) != v}
        if not changed:
            return False
        self.emit(TeamSettingsChanged(**changed))
        return True

    def _checked_rounds(self, ev: TeamEvent, rounds: int) -> int:
        """A Team Swiss's rounds, never fewer than those paired (C.04.1 art. 1); a round robin has its table's."""
        if ev.system in ROUND_ROBIN_KEYS:
            raise ArbitroError(msg("team.rounds_table", "rounds: a round robin has the rounds of its table"))
        if not 1 <= rounds <= 99:
            raise ArbitroError(msg("team.rounds", "rounds: a Team Swiss needs 1 to 99 rounds, got {got}", got=rounds))
        if rounds < self.state.paired_rounds:
            raise ArbitroError(
                msg("team.rounds_paired", "rounds: {paired} rounds are already paired", paired=self.state.paired_rounds)
            )
        return rounds

    def _checked_tiebreaks(self, ev: TeamEvent, tiebreaks: tuple[str, ...]) -> tuple[str, ...]:
        """Known team tie-break codes, fixed once round 1 is paired (C.07 2026 Art. 2: announced in advance)."""
        if tiebreaks != ev.tiebreaks and self.state.paired_rounds:
            raise ArbitroError(msg("team.tiebreaks_fixed", "tie-breaks cannot change once round 1 has been paired (C.07 Art. 2)"))
        from arbitro.teams.tiebreaks import parse_team_tiebreak

        for tb in tiebreaks:
            parse_team_tiebreak(tb)  # an unknown code is the core's message
        return tiebreaks

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
        self.emit(TeamLineupDeadline(rnd, deadline.isoformat() if deadline else ""))

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
        self.emit(TeamLineupSet(rnd, team, lineup))

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
        self.emit(TeamBoardResult(rnd, white, board, res.value, reason))
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
        self.emit(TeamMatchForfeit(rnd, white, forfeit, reason))
