"""The tournament state and how events change it (the replay).

:func:`replay` folds :func:`apply` over a list of events. :func:`apply`
trusts its event (the service validated it before writing it) but still
refuses what it cannot do, so a damaged log gives a clear message.

The model :class:`~arbitro.model.Tournament` (what a TRF file holds) is a
*view* of the state: :meth:`TournamentState.to_tournament`.
"""

from __future__ import annotations

import copy
import datetime as _dt
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from arbitro.errors import ArbitroError
from arbitro.model import (
    Acceleration,
    ByeRequest,
    Colour,
    Player,
    ProhibitedPairing,
    ResultCode,
    RoundResult,
    ScoringSystem,
    Tournament,
)
from arbitro.pairing.berger import rounds_for
from arbitro.tournament.byes import ByeLimits
from arbitro.tournament.events import Event

__all__ = ["SYSTEMS", "Game", "RoundState", "TournamentState", "apply", "replay"]

#: Pairing systems of the service -> TRF-2026 ``192`` code.
SYSTEMS: dict[str, str] = {
    "dutch": "FIDE_DUTCH",
    "round_robin": "BERGER_ROUNDROBIN",
    "double_round_robin": "FIDE_DOUBLEROUNDROBIN",
}
_TYPE_TEXT = {
    "dutch": "Individual: Swiss system (FIDE Dutch)",
    "round_robin": "Individual: round robin",
    "double_round_robin": "Individual: double round robin",
}


@dataclass(slots=True)
class Game:
    """One board of a round; the codes are ``None`` until the result is entered."""

    white: int
    black: int
    white_code: ResultCode | None = None
    black_code: ResultCode | None = None

    @property
    def has_result(self) -> bool:
        return self.white_code is not None and self.black_code is not None

    @property
    def players(self) -> tuple[int, int]:
        return (self.white, self.black)


@dataclass(slots=True)
class RoundState:
    """A paired round: boards, the bye, and the players left out on purpose.

    ``bye`` is the pairing-allocated bye of a Swiss (``U``) or the free round
    of a round robin with an odd number of players (``Z``). ``unpaired`` maps
    players not paired this round to ``F``/``H``/``Z`` (requested byes,
    withdrawals, late entries). ``engine_boards``/``engine_bye`` keep what
    the engine produced, for the MPA comparison of manual changes.
    """

    number: int
    boards: list[Game]
    bye: int | None = None
    unpaired: dict[int, str] = field(default_factory=dict)
    engine: str = ""
    engine_boards: list[tuple[int, int]] = field(default_factory=list)
    engine_bye: int | None = None
    manual: bool = False
    published: bool = False

    @property
    def complete(self) -> bool:
        return all(g.has_result for g in self.boards)

    def missing_boards(self) -> list[int]:
        return [i for i, g in enumerate(self.boards, start=1) if not g.has_result]

    def game_of(self, player: int) -> Game | None:
        for game in self.boards:
            if player in game.players:
                return game
        return None

    def participants(self) -> set[int]:
        out = {p for g in self.boards for p in g.players} | set(self.unpaired)
        if self.bye is not None:
            out.add(self.bye)
        return out


@dataclass(slots=True)
class TournamentState:
    """Everything the log says about a tournament, at one point of the log."""

    header: Tournament = field(default_factory=Tournament)  # header and players, no results
    system: str = "dutch"
    fide_mode: bool = True
    bye_limits: ByeLimits = field(default_factory=ByeLimits)
    numbers_assigned: bool = False
    withdrawn: dict[int, int] = field(default_factory=dict)  # start rank -> first round missed
    requested_byes: dict[tuple[int, int], str] = field(default_factory=dict)  # (player, round) -> kind
    rounds: list[RoundState] = field(default_factory=list)
    events_applied: int = 0
    created: bool = False

    # -- views ---------------------------------------------------------
    @property
    def is_round_robin(self) -> bool:
        return self.system in ("round_robin", "double_round_robin")

    @property
    def paired_rounds(self) -> int:
        return len(self.rounds)

    @property
    def total_rounds(self) -> int | None:
        return self.header.rounds

    def round(self, number: int | None = None) -> RoundState:
        """Round ``number`` (default: the last paired round)."""
        if not self.rounds:
            raise ArbitroError("no round has been paired yet")
        if number is None:
            return self.rounds[-1]
        if not 1 <= number <= len(self.rounds):
            raise ArbitroError(f"round: rounds 1-{len(self.rounds)} are paired; there is no round {number}")
        return self.rounds[number - 1]

    def player(self, start_rank: int) -> Player:
        if start_rank not in self.header.players:
            known = f"1-{max(self.header.players)}" if self.header.players else "none yet"
            raise ArbitroError(f"player: no player with pairing number {start_rank} (players: {known})")
        return self.header.players[start_rank]

    def is_withdrawn(self, start_rank: int, round_number: int) -> bool:
        first = self.withdrawn.get(start_rank)
        return first is not None and round_number >= first

    def bye_count(self, start_rank: int, kind: str) -> int:
        """Byes of ``kind`` the player has taken (paired rounds) or requested (later rounds)."""
        taken = sum(1 for r in self.rounds if r.unpaired.get(start_rank) == kind and not self.is_withdrawn(start_rank, r.number))
        requested = sum(1 for (p, _), k in self.requested_byes.items() if p == start_rank and k == kind)
        return taken + requested

    def to_tournament(self, include_pending: bool = False, *, ranks: bool = True) -> Tournament:
        """The model (TRF) view: header, players and the results of complete rounds.

        A round still waiting for results is left out (TRF has no code for a
        game not yet played) unless ``include_pending``, which writes its games
        with a blank result code. Requested byes for later rounds, and the
        absences already known for the next round to pair, become ``240``
        records. Lifecycle notes (FIDE mode left, MPA) are ``###`` comments.
        ``ranks=False`` leaves the rank column empty (no standings computed:
        for a face that only shows a round, :func:`arbitro.views.round_sheet`).
        """
        t = copy.deepcopy(self.header)
        shown = [r for r in self.rounds if r.complete or include_pending]
        results: dict[int, list[RoundResult]] = {p: [] for p in t.players}
        for rnd in shown:
            for p, result in _round_results(self, rnd, t.players).items():
                results[p].append(result)
        for player in t.players.values():
            player.results = results[player.start_rank]
            player.points = player.score(t.scoring)
        if ranks:
            _assign_ranks(t)
        t.declared_players = len(t.players)  # 062
        t.declared_rated_players = sum(1 for p in t.players.values() if p.rating > 0)  # 072
        next_round = len(shown) + 1
        requests: list[ByeRequest] = []
        pending = self.rounds[len(shown)] if len(shown) < len(self.rounds) else None
        if pending is not None:
            for p, kind in sorted(pending.unpaired.items()):
                requests.append(ByeRequest(round=next_round, kind=kind, start_rank=p))
        else:
            for p in sorted(self.withdrawn):
                if self.is_withdrawn(p, next_round) and (t.rounds is None or next_round <= t.rounds):
                    requests.append(ByeRequest(round=next_round, kind="Z", start_rank=p))
        for (p, number), kind in sorted(self.requested_byes.items(), key=lambda item: (item[0][1], item[0][0])):
            requests.append(ByeRequest(round=number, kind=kind, start_rank=p))
        t.requested_byes = requests
        return t


def _round_results(state: TournamentState, rnd: RoundState, players: Iterable[int]) -> dict[int, RoundResult]:
    """Every player's TRF round block for one round."""
    out: dict[int, RoundResult] = {}
    for game in rnd.boards:
        for me, other, colour, code in (
            (game.white, game.black, Colour.WHITE, game.white_code),
            (game.black, game.white, Colour.BLACK, game.black_code),
        ):
            out[me] = RoundResult(opponent=other, colour=colour, code=code if code is not None else ResultCode.NOT_PAIRED)
    for player in players:
        if player in out:
            continue
        if rnd.bye == player:
            code = ResultCode.ZERO_BYE if state.is_round_robin else ResultCode.PAIRING_BYE
        else:
            code = ResultCode(rnd.unpaired.get(player, " "))
        out[player] = RoundResult(opponent=None, colour=Colour.NONE, code=code)
    return out


def _assign_ranks(t: Tournament) -> None:
    """Rank column (TRF ``001`` 86-89): the standings with the tournament's tie-breaks (C.07).

    Remaining ties are broken by the standings' seeded lot, so the column is
    the same on every replay. Before any round, or if the standings cannot be
    computed, the rank is by points, then pairing number.
    """
    ordered = sorted(t.players.values(), key=lambda p: (-p.points, p.start_rank))
    for rank, player in enumerate(ordered, start=1):
        player.rank = rank
    if not any(p.results for p in t.players.values()):
        return
    try:
        from arbitro.standings import compute_standings

        standings = compute_standings(t)
    except Exception:  # the rank column is informative; never fail a command over it
        return
    for row in standings.rows:
        if row.start_rank in t.players:
            t.players[row.start_rank].rank = row.rank


# -- applying events ---------------------------------------------------------


def _int(payload: dict[str, Any], key: str) -> int:
    value = payload.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ArbitroError(f"event: payload: {key}: expected a whole number, got {value!r}")
    return value


def _date(text: Any) -> _dt.date | None:
    if not text:
        return None
    try:
        return _dt.date.fromisoformat(str(text))
    except ValueError:
        raise ArbitroError(f"event: payload: expected a date as YYYY-MM-DD, got {text!r}") from None


def _scoring(data: dict[str, Any] | None) -> ScoringSystem:
    if not data:
        return ScoringSystem()
    fields = ScoringSystem.__dataclass_fields__
    unknown = set(data) - set(fields)
    if unknown:
        raise ArbitroError(f"scoring: unknown field(s) {', '.join(sorted(unknown))}")
    return ScoringSystem(**{k: Decimal(str(v)) for k, v in data.items()})


def _created(state: TournamentState, p: dict[str, Any]) -> None:
    if state.created:
        raise ArbitroError("event: the tournament has already been created")
    system = p.get("system", "dutch")
    if system not in SYSTEMS:
        raise ArbitroError(f"system: expected one of {', '.join(SYSTEMS)}, got {system!r}")
    colour = p.get("initial_colour")
    state.header = Tournament(
        name=str(p.get("name", "")),
        city=str(p.get("city", "")),
        federation=str(p.get("federation", "")),
        start_date=_date(p.get("start_date")),
        end_date=_date(p.get("end_date")),
        chief_arbiter=str(p.get("chief_arbiter", "")),
        deputy_arbiters=list(p.get("deputy_arbiters", [])),
        time_control=str(p.get("time_control", "")),
        time_control_code=str(p.get("time_control_code", "")),
        rounds=p.get("rounds"),
        initial_colour=Colour(colour) if colour else None,
        scoring=_scoring(p.get("scoring")),
        system=SYSTEMS[system],
        type_text=_TYPE_TEXT[system],
        program=str(p.get("program", "Arbitro")),
        tiebreaks=list(p.get("tiebreaks", [])),
        accelerations=[
            Acceleration(int(sr), int(rnd), Decimal(str(points))) for sr, rnd, points in p.get("accelerations") or []
        ],
    )
    state.system = system
    state.bye_limits = ByeLimits.from_dict(p.get("bye_limits"))
    state.created = True


def _registered(state: TournamentState, p: dict[str, Any]) -> None:
    rank = _int(p, "start_rank")
    if rank in state.header.players:
        raise ArbitroError(f"event: pairing number {rank} is already taken")
    state.header.players[rank] = Player(
        start_rank=rank,
        name=str(p["name"]),
        sex=str(p.get("sex", "")),
        title=str(p.get("title", "")),
        rating=int(p.get("rating", 0)),
        federation=str(p.get("federation", "")),
        fide_id=str(p.get("fide_id", "")),
        birth_date=str(p.get("birth_date", "")),
    )
    missed = str(p.get("missed_rounds", "Z"))
    for rnd in state.rounds:
        rnd.unpaired[rank] = missed


def _updated(state: TournamentState, p: dict[str, Any]) -> None:
    player = state.player(_int(p, "start_rank"))
    for key in ("name", "sex", "title", "federation", "fide_id", "birth_date"):
        if key in p:
            setattr(player, key, str(p[key]))
    if "rating" in p:
        player.rating = int(p["rating"])


def _removed(state: TournamentState, p: dict[str, Any]) -> None:
    """A player removed before round 1: the numbers above close the gap."""
    gone = _int(p, "start_rank")
    state.player(gone)
    if state.rounds:
        raise ArbitroError("event: a player can be removed only before round 1 is paired")
    del state.header.players[gone]
    state.requested_byes = {k: v for k, v in state.requested_byes.items() if k[0] != gone}
    state.withdrawn.pop(gone, None)
    state.header.prohibited_pairings = [pp for pp in state.header.prohibited_pairings if gone not in pp.players]
    order = sorted(state.header.players)
    numbers_assigned = state.numbers_assigned
    _renumber(state, {"order": order})
    state.numbers_assigned = numbers_assigned


def _renumber(state: TournamentState, p: dict[str, Any]) -> None:
    order = [int(x) for x in p.get("order", [])]
    if sorted(order) != sorted(state.header.players):
        raise ArbitroError("event: pairing numbers: the order must list every registered player once")
    new = {old: i for i, old in enumerate(order, start=1)}
    players: dict[int, Player] = {}
    for old in order:
        player = state.header.players[old]
        player.start_rank = new[old]
        players[new[old]] = player
    state.header.players = players
    for rnd in state.rounds:
        for game in rnd.boards:
            game.white, game.black = new[game.white], new[game.black]
        rnd.bye = new[rnd.bye] if rnd.bye is not None else None
        rnd.engine_bye = new[rnd.engine_bye] if rnd.engine_bye is not None else None
        rnd.engine_boards = [(new[w], new[b]) for w, b in rnd.engine_boards]
        rnd.unpaired = {new[k]: v for k, v in rnd.unpaired.items()}
    state.withdrawn = {new[k]: v for k, v in state.withdrawn.items()}
    state.header.prohibited_pairings = [
        ProhibitedPairing(tuple(new[x] for x in pp.players), pp.first_round, pp.last_round)
        for pp in state.header.prohibited_pairings
    ]
    state.requested_byes = {(new[k], r): v for (k, r), v in state.requested_byes.items()}
    state.header.accelerations = [
        Acceleration(new[a.start_rank], a.round, a.points) for a in state.header.accelerations if a.start_rank in new
    ]
    colour = p.get("initial_colour")
    if colour:
        state.header.initial_colour = Colour(colour)
    if state.is_round_robin:
        state.header.rounds = rounds_for(len(order), state.system == "double_round_robin")
    state.numbers_assigned = True


def _paired(state: TournamentState, p: dict[str, Any]) -> None:
    number = _int(p, "round")
    if number != len(state.rounds) + 1:
        raise ArbitroError(f"event: round {number} paired after round {len(state.rounds)}")
    boards = [Game(int(w), int(b)) for w, b in p.get("boards", [])]
    bye = p.get("bye")
    unpaired = {int(k): str(v) for k, v in p.get("unpaired", [])}
    for player, _ in list(state.requested_byes):
        if (player, number) in state.requested_byes:
            del state.requested_byes[(player, number)]
    state.rounds.append(
        RoundState(
            number=number,
            boards=boards,
            bye=bye,
            unpaired=unpaired,
            engine=str(p.get("engine", "")),
            engine_boards=[(g.white, g.black) for g in boards],
            engine_bye=bye,
        )
    )


def _changed(state: TournamentState, p: dict[str, Any]) -> None:
    rnd = state.round(_int(p, "round"))
    rnd.boards = [Game(int(w), int(b)) for w, b in p.get("boards", [])]
    rnd.bye = p.get("bye")
    rnd.unpaired = {int(k): str(v) for k, v in p.get("unpaired", [])}
    rnd.manual = True
    note = p.get("mpa")
    if note:
        state.header.comments.append(str(note))


def _game(state: TournamentState, p: dict[str, Any]) -> Game:
    rnd = state.round(_int(p, "round"))
    board = _int(p, "board")
    if not 1 <= board <= len(rnd.boards):
        raise ArbitroError(f"event: round {rnd.number} has no board {board}")
    return rnd.boards[board - 1]


def _result(state: TournamentState, p: dict[str, Any]) -> None:
    game = _game(state, p)
    game.white_code = ResultCode(p["white"])
    game.black_code = ResultCode(p["black"])


def _bye(state: TournamentState, p: dict[str, Any]) -> None:
    state.requested_byes[(_int(p, "player"), _int(p, "round"))] = str(p["kind"])


def _bye_cancelled(state: TournamentState, p: dict[str, Any]) -> None:
    state.requested_byes.pop((_int(p, "player"), _int(p, "round")), None)


def _withdrawn(state: TournamentState, p: dict[str, Any]) -> None:
    player = _int(p, "player")
    first = _int(p, "from_round")
    state.withdrawn[player] = first
    for key in [k for k in state.requested_byes if k[0] == player and k[1] >= first]:
        del state.requested_byes[key]


def _prohibited(state: TournamentState, p: dict[str, Any]) -> None:
    players = tuple(int(x) for x in p["players"])
    state.header.prohibited_pairings.append(
        ProhibitedPairing(players=players, first_round=p.get("first_round"), last_round=p.get("last_round"))
    )


def _published(state: TournamentState, p: dict[str, Any]) -> None:
    state.round(_int(p, "round")).published = True


def _left_fide_mode(state: TournamentState, p: dict[str, Any]) -> None:
    state.fide_mode = False
    note = p.get("note") or "FIDE mode left"
    state.header.comments.append(str(note))


_HANDLERS = {
    "tournament_created": _created,
    "player_registered": _registered,
    "player_updated": _updated,
    "player_removed": _removed,
    "pairing_numbers_assigned": _renumber,
    "bye_requested": _bye,
    "bye_cancelled": _bye_cancelled,
    "player_withdrawn": _withdrawn,
    "pairing_prohibited": _prohibited,
    "round_paired": _paired,
    "pairing_changed": _changed,
    "round_published": _published,
    "result_entered": _result,
    "result_corrected": _result,
    "fide_mode_left": _left_fide_mode,
}


def apply(state: TournamentState, event: Event) -> None:
    """Change ``state`` in place by one event."""
    if not state.created and event.kind != "tournament_created":
        raise ArbitroError(f"event {state.events_applied + 1}: the log must start with tournament_created")
    try:
        _HANDLERS[event.kind](state, event.payload)
    except (KeyError, TypeError, ValueError) as err:
        raise ArbitroError(f"event {state.events_applied + 1} ({event.kind}): malformed payload: {err}") from None
    state.events_applied += 1


def replay(events: Iterable[Event]) -> TournamentState:
    """The state after ``events`` (use a prefix of the log for an earlier state)."""
    state = TournamentState()
    for event in events:
        apply(state, event)
    return state
