"""The tournament state and how events change it (the replay).

:func:`replay` folds :func:`apply` over a list of events. :func:`apply`
trusts its event (the service validated it before writing it) but still
refuses what it cannot do, so a damaged log gives a clear message.

The model :class:`~arbitro.model.Tournament` (what a TRF file holds) is a
*view* of the state: :meth:`TournamentState.to_tournament`.
"""

from __future__ import annotations

import copy
import dataclasses
import datetime as _dt
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, TypeVar

from arbitro.errors import ArbitroError, msg
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
    withdrawal_note,
)
from arbitro.pairing import registry
from arbitro.pairing import settings as system_settings
from arbitro.pairing.berger import rounds_for
from arbitro.pairing.registry import PairingSystem
from arbitro.pairing.types import SettingValue
from arbitro.tournament import events as ev
from arbitro.tournament.byes import ByeLimits
from arbitro.tournament.events import Event
from arbitro.tournament.log import EventLog
from arbitro.tournament.ratingstate import KeptList, apply_method, apply_ratings, keep_list, retake_ratings
from arbitro.views.text import game_result_text

_T = TypeVar("_T")

__all__ = ["Game", "RoundState", "TournamentLog", "TournamentState", "apply", "extended", "pairing_system", "replay"]


def pairing_system(name: str, *, aliases: bool = False) -> PairingSystem:
    """A system the tournament service runs, by its registry key (or alias, if ``aliases``).

    The service runs :func:`arbitro.pairing.registry.service_systems`; logs and
    service calls use the canonical key, faces may accept the aliases.
    """
    try:
        system: PairingSystem | None = registry.get(name)
    except registry.UnknownSystem:
        system = None
    known = list(registry.service_systems())
    if system not in known or not (aliases or system is None or system.key == name):
        raise ArbitroError(
            msg("create.system", "system: expected one of {systems}, got {got!r}", systems=", ".join(s.key for s in known), got=name)
        )
    assert system is not None
    return system


@dataclass(slots=True)
class Game:
    """One board of a round; the codes are ``None`` until the result is entered."""

    white: int
    black: int
    white_code: ResultCode | None = None
    black_code: ResultCode | None = None
    adjourned: str = ""  # "adjourned"/"postponed" while the result is not yet known (VCL4THP Q157)

    @property
    def has_result(self) -> bool:
        return self.white_code is not None and self.black_code is not None

    @property
    def settled(self) -> bool:
        """A result, or a game adjourned/postponed (its result pending, a draw for pairing: Q167)."""
        return self.has_result or bool(self.adjourned)

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
    requested: dict[int, str] = field(default_factory=dict)  # the byes requested for it (back on an unpairing)

    @property
    def complete(self) -> bool:
        return all(g.has_result for g in self.boards)

    def missing_boards(self) -> list[int]:
        return [i for i, g in enumerate(self.boards, start=1) if not g.has_result]

    @property
    def settled(self) -> bool:
        """Every board has a result or is adjourned/postponed: the next round may be paired (Q158, Q167)."""
        return all(g.settled for g in self.boards)

    def unsettled_boards(self) -> list[int]:
        """Boards with neither a result nor an adjournment (they block pairing, VCL4THP Q158 NO)."""
        return [i for i, g in enumerate(self.boards, start=1) if not g.settled]

    def adjourned_boards(self) -> list[int]:
        """Boards adjourned or postponed, their result not yet known (VCL4THP Q157)."""
        return [i for i, g in enumerate(self.boards, start=1) if g.adjourned and not g.has_result]

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
    system: str = field(default_factory=lambda: registry.default_swiss().key)  # a registry key
    fide_mode: bool = True
    bye_limits: ByeLimits = field(default_factory=ByeLimits)
    numbers_assigned: bool = False
    numbers_method: str = ""  # of the last pairing_numbers_assigned: "rating", "lots" or "manual" (VCL4THP Q95)
    # C.04.2 2.2 (3): the announced order for equal rating and title (VCL4THP Q146, tie_order_announced)
    tie_order: str = "name"
    tie_seed: int | None = None
    # numbers exchanged by hand (pairing_numbers_exchanged) since the last numbering by the rules (VCL4THP Q147-Q154)
    numbers_exchanged: bool = False
    withdrawn: dict[int, int] = field(default_factory=dict)  # start rank -> first round missed
    requested_byes: dict[tuple[int, int], str] = field(default_factory=dict)  # (player, round) -> kind
    rounds: list[RoundState] = field(default_factory=list)
    events_applied: int = 0
    created: bool = False
    finished: bool = False  # closed by the arbiter (tournament_finished); re-opened by tournament_reopened
    # settings (settings_changed): None / "" = not said
    rated: bool | None = None  # FIDE rated
    rating_type: str = ""  # "standard", "rapid" or "blitz"
    # the settings pairing systems declare (arbitro.pairing.settings, issue 32 item 3), by key: the values
    # said (the Baku acceleration of C.04.7, Lim's Maxi-tournament of C.04.4.3 3.2.3); the default otherwise
    system_settings: dict[str, SettingValue] = field(default_factory=dict)
    # (round, board) -> the result for the rating report only (VCL4THP Q192, rating_report_corrected):
    # the standings and pairings keep the game's result, the TRF's 001 blocks carry this one
    rating_report: dict[tuple[int, int], tuple[ResultCode, ResultCode]] = field(default_factory=dict)
    # the rating lists the tournament keeps (rating_list_kept: the list valid at the start, VCL4THP Q137)
    rating_lists: list[KeptList] = field(default_factory=list)
    # the rank column of the last to_tournament(), keyed by what it depends on (one standings per content)
    _ranks: tuple[object, dict[int, int]] | None = field(default=None, repr=False, compare=False)
    # the players not eligible for half-point byes (VCL4THP Q175, half_point_bye_eligibility_set)
    hpb_ineligible: set[int] = field(default_factory=set)
    # Chess960 (FIDE Laws, Guidelines III; VCL4THP Q222): the setting and each round's starting position
    # (round -> Scharnagl number 0-959, chess960_position_set)
    chess960: bool = False
    chess960_positions: dict[int, int] = field(default_factory=dict)

    # -- views ---------------------------------------------------------
    @property
    def pairing_system(self) -> PairingSystem:
        return registry.get(self.system)

    @property
    def is_round_robin(self) -> bool:
        return self.pairing_system.is_round_robin

    def said_setting(self, key: str) -> SettingValue | None:
        """The value said of the declared setting ``key``, else its default (``None``: no system declares it)."""
        if key in self.system_settings:
            return self.system_settings[key]
        declared = registry.declared_settings().get(key)
        return declared.default if declared is not None else None

    def settings_in_force(self) -> dict[str, SettingValue]:
        """The value of every setting the tournament's system declares (said, else the default).

        A value kept from a system that had the setting counts for nothing under one that does not
        (a Maxi-tournament declared for Lim, then the Dutch system chosen).
        """
        return system_settings.in_force(self.pairing_system, self.system_settings)

    @property
    def acceleration(self) -> str:
        """The setting ``acceleration`` as said: ``""`` or ``"baku"`` (C.04.7); kept for its readers."""
        return str(self.system_settings.get("acceleration", ""))

    @property
    def maxi_tournament(self) -> bool:
        """Whether a Maxi-tournament was declared (C.04.4.3 3.2.3), in force or not; kept for its readers."""
        return self.system_settings.get("maxi_tournament") is True

    @property
    def lim_maxi(self) -> bool:
        """The Maxi-tournament declaration in force: declared, for a system that has it (C.04.4.3 3.2.3)."""
        return self.settings_in_force().get("maxi_tournament") is True

    @property
    def is_double_round_robin(self) -> bool:
        return self.pairing_system.is_round_robin and self.pairing_system.double

    @property
    def paired_rounds(self) -> int:
        return len(self.rounds)

    @property
    def total_rounds(self) -> int | None:
        return self.header.rounds

    def round(self, number: int | None = None) -> RoundState:
        """Round ``number`` (default: the last paired round)."""
        if not self.rounds:
            raise ArbitroError(msg("round.none", "no round has been paired yet"))
        if number is None:
            return self.rounds[-1]
        if not 1 <= number <= len(self.rounds):
            raise ArbitroError(
                msg("round.missing", "round: rounds 1-{last} are paired; there is no round {round}", last=len(self.rounds), round=number)
            )
        return self.rounds[number - 1]

    def player(self, start_rank: int) -> Player:
        if start_rank not in self.header.players:
            known = f"1-{max(self.header.players)}" if self.header.players else msg("player.none_yet", "none yet")
            raise ArbitroError(
                msg("player.missing", "player: no player with pairing number {number} (players: {known})", number=start_rank, known=known)
            )
        return self.header.players[start_rank]

    def is_withdrawn(self, start_rank: int, round_number: int) -> bool:
        first = self.withdrawn.get(start_rank)
        return first is not None and round_number >= first

    def bye_count(self, start_rank: int, kind: str) -> int:
        """Byes of ``kind`` the player has taken (paired rounds) or requested (later rounds)."""
        taken = sum(1 for r in self.rounds if r.unpaired.get(start_rank) == kind and not self.is_withdrawn(start_rank, r.number))
        requested = sum(1 for (p, _), k in self.requested_byes.items() if p == start_rank and k == kind)
        return taken + requested

    def adjourned_games(self) -> list[tuple[int, int]]:
        """``(round, board)`` of every game adjourned or postponed and not yet completed (VCL4THP Q169)."""
        return [(r.number, b) for r in self.rounds for b in r.adjourned_boards()]

    def to_tournament(
        self,
        include_pending: bool = False,
        *,
        ranks: bool = True,
        rating_report: bool = False,
        adjourned: str = "",
    ) -> Tournament:
        """The model (TRF) view: header, players and the results of complete rounds.

        A round still waiting for results is left out (TRF has no code for a
        game not yet played) unless ``include_pending``, which writes its games
        with a blank result code. Requested byes for later rounds, and the
        absences already known for the next round to pair, become ``240``
        records. Lifecycle notes (FIDE mode left, MPA) are ``###`` comments.
        ``ranks=False`` leaves the rank column empty (no standings computed: for a
        face that shows a round, :func:`arbitro.views.round_sheet`, or that ranks
        with the standings itself).

        ``rating_report=True`` is the TRF export (the rating report): the games
        corrected "for the rating report only" (VCL4THP Q192, ``rating_report_corrected``)
        carry their corrected result in the ``001`` round blocks, while the points and
        the rank column stay those of the standings, which use the game's tournament
        result; a ``###`` line of each such correction says so (Q193). Every other
        view (standings, pages, documents) uses the tournament result.

        A game adjourned or postponed (VCL4THP Q157) leaves its round out, like a
        missing result, unless ``adjourned`` says how to write it: ``"draw"`` (``=``
        for both players: the provisional score for pairing, and the only one, Q167)
        or ``"unknown"`` (TRF-2026 ``?``, the interim TRF export, Q164; with a ``###``
        line saying the file is not final, Q169); ``rating_report`` or ``include_pending`` imply ``"unknown"``.
        """
        if adjourned not in ("", "draw", "unknown"):
            raise ValueError(f"adjourned: expected '', 'draw' or 'unknown', got {adjourned!r}")
        if (rating_report or include_pending) and not adjourned:  # an open game written ``?`` (Q164), shown ``*``
            adjourned = "unknown"
        t = _copy(self.header)
        t.players = {number: _copy(player) for number, player in self.header.players.items()}
        shown = self._shown_rounds(include_pending, adjourned)
        results: dict[int, list[RoundResult]] = {p: [] for p in t.players}
        provisional = {"draw": ResultCode.DRAW, "unknown": ResultCode.UNKNOWN}.get(adjourned)
        for rnd in shown:
            for p, result in _round_results(self, rnd, t.players, provisional).items():
                results[p].append(result)
        for player in t.players.values():
            player.results = results[player.start_rank]
            player.points = player.score(t.scoring)
        t.withdrawals = {p: r for p, r in self.withdrawn.items() if p in t.players}
        if self.is_round_robin and t.withdrawals:  # TRF has no record for it: a ### line (VCL4THP Q103)
            t.comments.extend(_withdrawal_notes(t))
        if ranks:
            self._ranks = _assign_ranks(t, self._ranks)
        if rating_report:
            _rating_report_results(self, t, len(shown))
        if adjourned == "unknown":
            t.comments.extend(_adjourned_notes(shown))
        t.comments.extend(_full_point_bye_notes(self, shown))  # TRF has only 162 FPB=: a ### line (VCL4THP Q179)
        if self.chess960:  # TRF-2026 has no Chess960 record: a ### line per round (VCL4THP Q222)
            t.comments.extend(_chess960_notes(self, shown))
        t.declared_players = len(t.players)  # 062
        t.declared_rated_players = sum(1 for p in t.players.values() if p.rating > 0)  # 072
        requests = self._bye_requests(t, len(shown))
        games = self.pairing_system.games_per_round
        if games > 1:  # in a two-game system's file, 240 counts matches (docs/decisions.md, 2026-12-01)
            requests = _by_match(requests, games)
        t.requested_byes = requests
        # the declared settings as the TRF carries them: Baku's 250 records, 192 FIDE_LIM_MAXI (issue 32)
        system_settings.write(t, self.pairing_system, self.settings_in_force())
        return t

    def _shown_rounds(self, include_pending: bool, adjourned: str) -> list[RoundState]:
        """The complete rounds up to the first that is not (game 2 of a match may finish first)."""
        shown = []
        for r in self.rounds:
            if not (r.complete or include_pending or (adjourned and r.settled)):
                break
            shown.append(r)
        return shown

    def _bye_requests(self, t: Tournament, shown: int) -> list[ByeRequest]:
        """The ``240`` records: the absences known for the next round, then every requested bye."""
        next_round = shown + 1
        requests: list[ByeRequest] = []
        pending = self.rounds[shown] if shown < len(self.rounds) else None
        if pending is not None:
            for p, kind in sorted(pending.unpaired.items()):
                requests.append(ByeRequest(round=next_round, kind=kind, start_rank=p))
        else:
            for p in sorted(self.withdrawn):
                if self.is_withdrawn(p, next_round) and (t.rounds is None or next_round <= t.rounds):
                    requests.append(ByeRequest(round=next_round, kind="Z", start_rank=p))
        for (p, number), kind in sorted(self.requested_byes.items(), key=lambda item: (item[0][1], item[0][0])):
            requests.append(ByeRequest(round=number, kind=kind, start_rank=p))
        return requests


def _by_match(requests: list[ByeRequest], games: int) -> list[ByeRequest]:
    """A two-game system's ``240`` records, one per player and match (docs/decisions.md, 2026-12-01)."""
    seen: set[tuple[int, int]] = set()
    by_match = []
    for req in requests:
        match = (req.round - 1) // games + 1
        if (req.start_rank, match) not in seen:
            seen.add((req.start_rank, match))
            by_match.append(ByeRequest(round=match, kind=req.kind, start_rank=req.start_rank))
    return by_match


def _withdrawal_notes(t: Tournament) -> list[str]:
    """A round robin's withdrawals as ``###`` lines, with what the standings make of each (C.05, Q103)."""
    from arbitro.standings.withdrawals import annulled_players, scheduled_games

    annulled = set(annulled_players(t))
    games = scheduled_games(t)
    notes = []
    for player, first in sorted(t.withdrawals.items()):
        played = sum(1 for r in t.players[player].results if r.opponent is not None and r.code.is_played)
        verdict = (
            "under half: not counted in the standings" if player in annulled else "counted in the standings"
        )
        notes.append(withdrawal_note(player, first, f"{played} of {games} games played so far, {verdict} (Q103)"))
    return notes


def _adjourned_notes(shown: Iterable[RoundState]) -> list[str]:
    """``###`` lines of the games written ``?``: their result is not known, the file is not final (Q164, Q169)."""
    return [
        f"Adjourned @ Round {r.number} board {b}: {r.boards[b - 1].adjourned}, result not yet known (?); "
        "not a final report (VCL4THP Q169)"
        for r in shown
        for b in r.adjourned_boards()
    ]


def _full_point_bye_notes(state: TournamentState, shown: Iterable[RoundState]) -> list[str]:
    """``### FPB @ Round n`` lines: the full-point byes given (deprecated by FIDE), then those requested (Q179)."""
    notes = [
        f"FPB @ Round {r.number}: player {p} full-point bye (requested; deprecated by FIDE, VCL.17)"
        for r in shown
        for p, kind in sorted(r.unpaired.items())
        if kind == "F"
    ]
    notes.extend(
        f"FPB @ Round {number}: player {p} full-point bye requested (deprecated by FIDE, VCL.17)"
        for (p, number), kind in sorted(state.requested_byes.items(), key=lambda item: (item[0][1], item[0][0]))
        if kind == "F"
    )
    return notes


def _chess960_notes(state: TournamentState, shown: Iterable[RoundState]) -> list[str]:
    """``### Chess960 @ Round n`` lines: each round's starting position (TRF-2026 has no record; Q222)."""
    from arbitro.tournament.chess960 import position_note

    numbers = [r.number for r in shown]
    if len(state.rounds) > len(numbers):  # the round being played (its results not all in)
        numbers.append(state.rounds[len(numbers)].number)
    return [position_note(n, state.chess960_positions[n]) for n in numbers if n in state.chess960_positions]


def _rating_report_results(state: TournamentState, t: Tournament, shown: int) -> None:
    """The ``001`` round blocks of the games corrected for the rating report only (points and ranks unchanged)."""
    for (number, board), (white, black) in sorted(state.rating_report.items()):
        if number > shown:
            continue
        game = state.rounds[number - 1].boards[board - 1]
        for player, code in ((game.white, white), (game.black, black)):
            results = t.players[player].results
            results[number - 1] = dataclasses.replace(results[number - 1], code=code)


def _copy(obj: _T) -> _T:
    """A copy of a model dataclass, its list and dict fields copied (their items are frozen or replaced)."""
    new = copy.copy(obj)
    for f in dataclasses.fields(obj):  # type: ignore[arg-type]
        value = getattr(obj, f.name)
        if isinstance(value, (list, dict)):
            setattr(new, f.name, type(value)(value))
    return new


def _round_results(
    state: TournamentState, rnd: RoundState, players: Iterable[int], provisional: ResultCode | None = None
) -> dict[int, RoundResult]:
    """Every player's TRF round block for one round (an adjourned game as ``provisional``, Q164/Q167)."""
    out: dict[int, RoundResult] = {}
    for game in rnd.boards:
        pending = game.adjourned and not game.has_result and provisional is not None
        for me, other, colour, code in (
            (game.white, game.black, Colour.WHITE, provisional if pending else game.white_code),
            (game.black, game.white, Colour.BLACK, provisional if pending else game.black_code),
        ):
            out[me] = RoundResult(opponent=other, colour=colour, code=code if code is not None else ResultCode.NOT_PAIRED)
    for player in players:
        if player in out:
            continue
        if rnd.bye == player:
            if state.is_round_robin:
                code = ResultCode.ZERO_BYE
            elif (rnd.number - 1) % state.pairing_system.games_per_round:
                # C.04.5 1.4: the PAB of a two-game match is worth a game won and a game drawn: U, then H
                code = ResultCode.HALF_BYE
            else:
                code = ResultCode.PAIRING_BYE
        else:
            code = ResultCode(rnd.unpaired.get(player, " "))
        out[player] = RoundResult(opponent=None, colour=Colour.NONE, code=code)
    return out


def _assign_ranks(t: Tournament, memo: tuple[object, dict[int, int]] | None) -> tuple[object, dict[int, int]]:
    """Rank column (TRF ``001`` 86-89): the standings with the tournament's tie-breaks (C.07).

    Remaining ties are broken by the standings' seeded lot, so the column is
    the same on every replay. Before any round, or if the standings cannot be
    computed, the rank is by points, then pairing number. ``memo`` is the
    previous answer and its key (the players, results, scoring and tie-breaks):
    an unchanged tournament is not ranked twice.
    """
    key = (
        tuple((p.start_rank, p.rating, p.federation, p.sex, tuple(p.results)) for p in t.iter_players()),
        t.scoring,
        tuple(t.tiebreaks),
        t.rounds,
        tuple(sorted(t.withdrawals.items())),
        _standings_key(t),
    )
    if memo is not None and memo[0] == key:
        ranks = memo[1]
    else:
        ranks = _ranks(t)
    for number, rank in ranks.items():
        t.players[number].rank = rank
    return key, ranks


def _standings_key(t: Tournament) -> tuple[object, ...]:
    """The standings' settings of the log (VCL4THP Q197-216): a change ranks the players again."""
    return (
        tuple(sorted(t.expelled.items())),
        t.shared_places,
        tuple(t.ties_by_hand),
        tuple(sorted((c, tuple(sorted(v.items()))) for c, v in t.external_tiebreaks.items())),
        t.unrated_method,
        t.unrated_rating,
        t.long_event,
        tuple(sorted((p, tuple(sorted(v.items()))) for p, v in t.round_ratings.items())),
        t.rating_round,
    )


def _by_points(t: Tournament) -> dict[int, int]:
    ordered = sorted(t.players.values(), key=lambda p: (-p.points, p.start_rank))
    return {player.start_rank: rank for rank, player in enumerate(ordered, start=1)}


def _ranks(t: Tournament) -> dict[int, int]:
    ranks = _by_points(t)
    if not any(p.results for p in t.players.values()):
        return ranks
    try:
        from arbitro.views import standings_of

        standings = standings_of(t)  # by match for two-game systems (C.04.5)
    except Exception:  # the rank column is informative; never fail a command over it
        return ranks
    for row in standings.rows:
        if row.start_rank in t.players:
            ranks[row.start_rank] = row.rank
    return ranks


# -- applying events ---------------------------------------------------------


def _date(text: str) -> _dt.date | None:
    if not text:
        return None
    try:
        return _dt.date.fromisoformat(text)
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


def _created(state: TournamentState, p: ev.TournamentCreated) -> None:
    if state.created:
        raise ArbitroError("event: the tournament has already been created")
    system = pairing_system(p.system or registry.default_swiss().key)
    state.header = Tournament(
        name=p.name,
        city=p.city,
        federation=p.federation,
        start_date=_date(p.start_date),
        end_date=_date(p.end_date),
        chief_arbiter=p.chief_arbiter,
        deputy_arbiters=list(p.deputy_arbiters),
        time_control=p.time_control,
        time_control_code=p.time_control_code,
        rounds=p.rounds,
        initial_colour=Colour(p.initial_colour) if p.initial_colour else None,
        scoring=_scoring(p.scoring),
        system=system.trf_code,
        type_text=system.type_text,
        program=p.program,
        tiebreaks=list(p.tiebreaks),
        accelerations=[Acceleration(sr, rnd, Decimal(points)) for sr, rnd, points in p.accelerations],
    )
    state.system = system.key
    state.bye_limits = ByeLimits.from_dict(p.bye_limits)
    state.created = True


def _registered(state: TournamentState, p: ev.PlayerRegistered) -> None:
    if p.start_rank in state.header.players:
        raise ArbitroError(f"event: pairing number {p.start_rank} is already taken")
    state.header.players[p.start_rank] = Player(
        start_rank=p.start_rank,
        name=p.name,
        sex=p.sex,
        title=p.title,
        rating=p.rating,
        federation=p.federation,
        fide_id=p.fide_id,
        birth_date=p.birth_date,
        # a late entry (round 1 paired) gets the next free id: earlier ids keep their person (C.04.2 2.4)
        player_id=max((q.public_id for q in state.header.players.values()), default=0) + 1
        if state.rounds
        else p.start_rank,
    )
    for rnd in state.rounds:
        rnd.unpaired[p.start_rank] = p.missed_rounds


def _updated(state: TournamentState, p: ev.PlayerUpdated) -> None:
    player = state.player(p.start_rank)
    for key in ("name", "sex", "title", "federation", "fide_id", "birth_date"):
        value = getattr(p, key)
        if value is not None:
            setattr(player, key, str(value))
    if p.rating is not None:
        player.rating = p.rating


def _removed(state: TournamentState, p: ev.PlayerRemoved) -> None:
    """A player removed before round 1: the numbers above close the gap."""
    gone = p.start_rank
    state.player(gone)
    if state.rounds:
        raise ArbitroError("event: a player can be removed only before round 1 is paired")
    del state.header.players[gone]
    state.requested_byes = {k: v for k, v in state.requested_byes.items() if k[0] != gone}
    state.withdrawn.pop(gone, None)
    state.hpb_ineligible.discard(gone)
    _forget_standings(state.header, gone)
    state.header.prohibited_pairings = [pp for pp in state.header.prohibited_pairings if gone not in pp.players]
    numbers_assigned = state.numbers_assigned
    _renumber(state, ev.PairingNumbersAssigned(order=tuple(sorted(state.header.players))))
    state.numbers_assigned = numbers_assigned


def _renumber(state: TournamentState, p: ev.PairingNumbersAssigned) -> None:
    order = list(p.order)
    if sorted(order) != sorted(state.header.players):
        raise ArbitroError("event: pairing numbers: the order must list every registered player once")
    new = {old: i for i, old in enumerate(order, start=1)}
    players: dict[int, Player] = {}
    for old in order:
        player = state.header.players[old]
        player.start_rank = new[old]
        if not state.rounds:  # before round 1 the numbers are provisional: the ids follow them
            player.player_id = new[old]
        players[new[old]] = player
    state.header.players = players
    for rnd in state.rounds:
        for game in rnd.boards:
            game.white, game.black = new[game.white], new[game.black]
        rnd.bye = new[rnd.bye] if rnd.bye is not None else None
        rnd.engine_bye = new[rnd.engine_bye] if rnd.engine_bye is not None else None
        rnd.engine_boards = [(new[w], new[b]) for w, b in rnd.engine_boards]
        rnd.unpaired = {new[k]: v for k, v in rnd.unpaired.items()}
        rnd.requested = {new[k]: v for k, v in rnd.requested.items()}
    state.withdrawn = {new[k]: v for k, v in state.withdrawn.items()}
    _renumber_standings(state.header, new)
    state.header.prohibited_pairings = [
        ProhibitedPairing(tuple(new[x] for x in pp.players), pp.first_round, pp.last_round)
        for pp in state.header.prohibited_pairings
    ]
    state.requested_byes = {(new[k], r): v for (k, r), v in state.requested_byes.items()}
    state.hpb_ineligible = {new[k] for k in state.hpb_ineligible}
    state.header.accelerations = [
        Acceleration(new[a.start_rank], a.round, a.points) for a in state.header.accelerations if a.start_rank in new
    ]
    if p.initial_colour:
        state.header.initial_colour = Colour(p.initial_colour)
    if state.is_round_robin:
        state.header.rounds = rounds_for(len(order), state.is_double_round_robin)
    if p.method:
        state.numbers_method = p.method
    if p.method not in ("", "late_entry"):  # a numbering by the rules (or by hand) replaces the exchanges
        state.numbers_exchanged = False
    state.numbers_assigned = True


def _tie_order(state: TournamentState, p: ev.TieOrderAnnounced) -> None:
    state.tie_order = p.criterion
    state.tie_seed = p.seed


def _exchanged(state: TournamentState, p: ev.PairingNumbersExchanged) -> None:
    """Two pairing numbers exchanged (VCL4THP Q147): every reference to them follows."""
    a, b = p.players
    state.player(a)
    state.player(b)
    order = sorted(state.header.players)
    i, j = order.index(a), order.index(b)
    order[i], order[j] = b, a
    method = state.numbers_method
    _renumber(state, ev.PairingNumbersAssigned(order=tuple(order)))
    state.numbers_method = method
    state.numbers_exchanged = True
    if p.note:
        state.header.comments.append(p.note)


def _paired(state: TournamentState, p: ev.RoundPaired) -> None:
    number = p.round
    if number != len(state.rounds) + 1:
        raise ArbitroError(f"event: round {number} paired after round {len(state.rounds)}")
    boards = [Game(w, b) for w, b in p.boards]
    requested = {}
    for player, _ in list(state.requested_byes):
        if (player, number) in state.requested_byes:
            requested[player] = state.requested_byes.pop((player, number))
    state.rounds.append(
        RoundState(
            number=number,
            boards=boards,
            bye=p.bye,
            unpaired=dict(p.unpaired),
            engine=p.engine,
            engine_boards=[(g.white, g.black) for g in boards],
            engine_bye=p.bye,
            requested=requested,
        )
    )
    if p.note:  # ``### Import @ Round n`` (VCL4THP Q55)
        state.header.comments.append(p.note)


def _round_unpaired(state: TournamentState, p: ev.RoundUnpaired) -> None:
    """The last round taken back (no result entered): the requests it consumed are pending again."""
    if not state.rounds or p.round != len(state.rounds):
        raise ArbitroError(f"event: only the last paired round ({len(state.rounds)}) can be unpaired, not {p.round}")
    rnd = state.rounds[-1]
    if any(g.has_result for g in rnd.boards):
        raise ArbitroError(f"event: round {p.round} has results and cannot be unpaired")
    state.rounds.pop()
    for player, kind in rnd.requested.items():
        if player in state.header.players and not state.is_withdrawn(player, p.round):
            state.requested_byes[(player, p.round)] = kind
    if p.note:
        state.header.comments.append(p.note)


def _changed(state: TournamentState, p: ev.PairingChanged) -> None:
    rnd = state.round(p.round)
    rnd.boards = [Game(w, b) for w, b in p.boards]
    rnd.bye = p.bye
    rnd.unpaired = dict(p.unpaired)
    rnd.manual = True
    if p.mpa:
        state.header.comments.append(p.mpa)


def _result(state: TournamentState, p: ev.ResultEntered | ev.ResultCorrected) -> None:
    rnd = state.round(p.round)
    if not 1 <= p.board <= len(rnd.boards):
        raise ArbitroError(f"event: round {rnd.number} has no board {p.board}")
    game = rnd.boards[p.board - 1]
    if ResultCode.UNKNOWN.value in (p.white, p.black):  # an imported TRF's ``?``: the game is adjourned (Q166)
        game.white_code = game.black_code = None
        game.adjourned = game.adjourned or "adjourned"
        return
    game.white_code = ResultCode(p.white)
    game.black_code = ResultCode(p.black)
    if game.adjourned:  # an adjourned game completed (VCL4THP Q162): the TRF says so (Q163)
        state.header.comments.append(
            f"Adjournment @ Round {rnd.number} board {p.board}: {game.adjourned}, "
            f"{game_result_text(game.white_code, game.black_code)} entered later"
        )
    game.adjourned = ""
    if isinstance(p, ev.ResultCorrected) and p.note:
        state.header.comments.append(p.note)


def _adjourned(state: TournamentState, p: ev.GameAdjourned) -> None:
    """A game adjourned or postponed: no result yet (VCL4THP Q157)."""
    rnd = state.round(p.round)
    if not 1 <= p.board <= len(rnd.boards):
        raise ArbitroError(f"event: round {rnd.number} has no board {p.board}")
    if p.status not in ("adjourned", "postponed"):
        raise ArbitroError(f"event: status: expected adjourned or postponed, got {p.status!r}")
    game = rnd.boards[p.board - 1]
    game.white_code = game.black_code = None
    game.adjourned = p.status


def _rating_report(state: TournamentState, p: ev.RatingReportCorrected) -> None:
    """A result for the rating report only: the game keeps its result (VCL4THP Q192, C.04.2 4.3)."""
    rnd = state.round(p.round)
    if not 1 <= p.board <= len(rnd.boards):
        raise ArbitroError(f"event: round {rnd.number} has no board {p.board}")
    if not rnd.boards[p.board - 1].has_result:
        raise ArbitroError(f"event: round {rnd.number} board {p.board} has no result to correct")
    state.rating_report[(p.round, p.board)] = (ResultCode(p.white), ResultCode(p.black))
    if p.note:
        state.header.comments.append(p.note)


def _bye(state: TournamentState, p: ev.ByeRequested) -> None:
    state.requested_byes[(p.player, p.round)] = p.kind_code


def _bye_cancelled(state: TournamentState, p: ev.ByeCancelled) -> None:
    state.requested_byes.pop((p.player, p.round), None)


def _withdrawn(state: TournamentState, p: ev.PlayerWithdrawn) -> None:
    state.withdrawn[p.player] = p.from_round
    for key in [k for k in state.requested_byes if k[0] == p.player and k[1] >= p.from_round]:
        del state.requested_byes[key]


def _returned(state: TournamentState, p: ev.PlayerReturned) -> None:
    state.withdrawn.pop(p.player, None)


def _settings_texts(h: Tournament, p: ev.SettingsChanged) -> None:
    """The settings that may be corrected at any time: names, venue, dates, arbiters, time control."""
    for key in ("name", "city", "federation", "chief_arbiter", "time_control"):
        value = getattr(p, key)
        if value is not None:
            setattr(h, key, str(value))
    if p.start_date is not None:
        h.start_date = _date(p.start_date)
    if p.end_date is not None:
        h.end_date = _date(p.end_date)
    if p.deputy_arbiters is not None:
        h.deputy_arbiters = list(p.deputy_arbiters)


def _settings(state: TournamentState, p: ev.SettingsChanged) -> None:
    """Settings changed after creation (the service checked when each may change)."""
    h = state.header
    _settings_texts(h, p)
    if p.system is not None:
        system = pairing_system(p.system)
        state.system = system.key
        h.system, h.type_text = system.trf_code, system.type_text
        state.numbers_assigned = False  # a round robin draws its numbers, a Swiss sorts them (at pairing)
        if system.is_round_robin:
            h.rounds = None
    if p.rounds is not None:
        h.rounds = p.rounds
    if p.scoring is not None:
        h.scoring = _scoring(p.scoring)
    if p.bye_limits is not None:
        state.bye_limits = ByeLimits.from_dict(p.bye_limits)
    if p.tiebreaks is not None:
        h.tiebreaks = list(p.tiebreaks)
    if p.rated is not None:
        state.rated = p.rated
    if p.rating_type is not None:
        state.rating_type = p.rating_type
        retake_ratings(state)  # the tournament rating of the new rate of play (VCL4THP Q118)
    if p.chess960 is not None:
        state.chess960 = p.chess960
    for key, value in p.settings.items():  # the pairing systems' declared settings (issue 32)
        if value is not None:
            state.system_settings[key] = value


def _prohibited(state: TournamentState, p: ev.PairingProhibited) -> None:
    state.header.prohibited_pairings.append(
        ProhibitedPairing(players=p.players, first_round=p.first_round, last_round=p.last_round)
    )


def _published(state: TournamentState, p: ev.RoundPublished) -> None:
    state.round(p.round).published = True


def _left_fide_mode(state: TournamentState, p: ev.FideModeLeft) -> None:
    state.fide_mode = False
    state.header.comments.append(p.note or "FIDE mode left")


def _finished(state: TournamentState, p: ev.TournamentFinished) -> None:
    state.finished = True


def _reopened(state: TournamentState, p: ev.TournamentReopened) -> None:
    state.finished = False


def _hpb_eligibility(state: TournamentState, p: ev.HalfPointByeEligibilitySet) -> None:
    state.player(p.player)
    if p.eligible:
        state.hpb_ineligible.discard(p.player)
    else:
        state.hpb_ineligible.add(p.player)


def _chess960_position(state: TournamentState, p: ev.Chess960PositionSet) -> None:
    if not 0 <= p.position <= 959:
        raise ValueError(f"position: expected 0-959, got {p.position}")
    state.chess960_positions[p.round] = p.position
# -- standings as the checklist asks (VCL4THP Q197-216) ------------------------


def _renumber_standings(h: Tournament, new: dict[int, int]) -> None:
    """The standings' settings keyed by start rank follow new pairing numbers."""
    h.expelled = {new[k]: v for k, v in h.expelled.items() if k in new}
    h.ties_by_hand = [new[k] for k in h.ties_by_hand if k in new]
    h.external_tiebreaks = {c: {new[k]: v for k, v in vs.items() if k in new} for c, vs in h.external_tiebreaks.items()}
    h.round_ratings = {new[k]: dict(v) for k, v in h.round_ratings.items() if k in new}


def _forget_standings(h: Tournament, gone: int) -> None:
    """A removed player leaves the standings' settings (before round 1, the numbers follow)."""
    h.expelled = {k: v for k, v in h.expelled.items() if k != gone}
    h.ties_by_hand = [k for k in h.ties_by_hand if k != gone]
    h.external_tiebreaks = {c: {k: v for k, v in vs.items() if k != gone} for c, vs in h.external_tiebreaks.items()}
    h.round_ratings = {k: v for k, v in h.round_ratings.items() if k != gone}


def _expelled(state: TournamentState, p: ev.PlayerExpelled) -> None:
    """Expelled: no longer paired (as a withdrawal) and left out of the standings (Q197-198)."""
    state.player(p.player)
    state.header.expelled = {**state.header.expelled, p.player: p.from_round}
    _withdrawn(state, ev.PlayerWithdrawn(player=p.player, from_round=state.withdrawn.get(p.player, p.from_round)))


def _standings_options(state: TournamentState, p: ev.StandingsOptionsChanged) -> None:
    h = state.header
    if p.shared_places is not None:
        h.shared_places = p.shared_places
    if p.ties_by_hand is not None:
        h.ties_by_hand = list(p.ties_by_hand)
    if p.unrated_method is not None:
        h.unrated_method = "" if p.unrated_method in ("", "fixed") else p.unrated_method
        h.unrated_rating = p.unrated_rating if p.unrated_method == "fixed" else None
    if p.long_event is not None:
        h.long_event = p.long_event
    if p.rating_round is not None:
        h.rating_round = p.rating_round or None


def _tiebreak_value(state: TournamentState, p: ev.TiebreakValueEntered) -> None:
    state.player(p.player)
    values = dict(state.header.external_tiebreaks.get(p.tiebreak, {}))
    if p.value == "":
        values.pop(p.player, None)
    else:
        try:
            values[p.player] = Decimal(p.value)
        except ArithmeticError:
            raise ArbitroError(f"event: tie-break value: expected a number, got {p.value!r}") from None
    tables = {k: v for k, v in state.header.external_tiebreaks.items() if k != p.tiebreak}
    state.header.external_tiebreaks = {**tables, p.tiebreak: values} if values else tables


def _rating_from_round(state: TournamentState, p: ev.RatingFromRound) -> None:
    state.player(p.player)
    ratings = dict(state.header.round_ratings.get(p.player, {}))
    ratings[p.from_round] = p.rating
    state.header.round_ratings = {**state.header.round_ratings, p.player: ratings}


_HANDLERS: dict[type[ev.EventData], Callable[[TournamentState, Any], None]] = {
    ev.TournamentCreated: _created,
    ev.PlayerRegistered: _registered,
    ev.PlayerUpdated: _updated,
    ev.PlayerRemoved: _removed,
    ev.PairingNumbersAssigned: _renumber,
    ev.ByeRequested: _bye,
    ev.ByeCancelled: _bye_cancelled,
    ev.PlayerWithdrawn: _withdrawn,
    ev.PlayerReturned: _returned,
    ev.SettingsChanged: _settings,
    ev.PairingProhibited: _prohibited,
    ev.RoundPaired: _paired,
    ev.PairingChanged: _changed,
    ev.RoundPublished: _published,
    ev.RoundUnpaired: _round_unpaired,
    ev.ResultEntered: _result,
    ev.ResultCorrected: _result,
    ev.GameAdjourned: _adjourned,
    ev.RatingReportCorrected: _rating_report,
    ev.FideModeLeft: _left_fide_mode,
    ev.TournamentFinished: _finished,
    ev.TournamentReopened: _reopened,
    ev.PlayerRatingsSet: apply_ratings,
    ev.RatingsApplied: apply_ratings,
    ev.RatingMethodSet: apply_method,
    ev.RatingListKept: keep_list,
    ev.TieOrderAnnounced: _tie_order,
    ev.PairingNumbersExchanged: _exchanged,
    ev.HalfPointByeEligibilitySet: _hpb_eligibility,
    ev.Chess960PositionSet: _chess960_position,
    ev.PlayerExpelled: _expelled,
    ev.StandingsOptionsChanged: _standings_options,
    ev.TiebreakValueEntered: _tiebreak_value,
    ev.RatingFromRound: _rating_from_round,
}


def apply(state: TournamentState, event: Event) -> None:
    """Change ``state`` in place by one event."""
    if not state.created and event.kind != ev.TournamentCreated.kind:
        raise ArbitroError(f"event {state.events_applied + 1}: the log must start with tournament_created")
    try:
        data = event.data
    except ArbitroError as err:
        raise ArbitroError(f"event {state.events_applied + 1} ({event.kind}): {err}") from None
    try:
        _HANDLERS[type(data)](state, data)
    except (KeyError, TypeError, ValueError) as err:
        raise ArbitroError(f"event {state.events_applied + 1} ({event.kind}): malformed payload: {err}") from None
    state.events_applied += 1


class TournamentLog(EventLog[Event, TournamentState]):
    """An individual tournament's log on the skeleton of every log (:class:`arbitro.tournament.log.EventLog`,
    issue 32), as the team service's is: its replay is :func:`replay`; a service over it gets ``events``,
    ``new_events``, ``expected_version`` and the transaction that applies each event at once."""

    @classmethod
    def new_state(cls) -> TournamentState:
        return TournamentState()

    @classmethod
    def apply(cls, state: TournamentState, event: Event) -> None:
        apply(state, event)


def replay(events: Iterable[Event]) -> TournamentState:
    """The state after ``events`` (use a prefix of the log for an earlier state)."""
    return TournamentLog.replay(events)


def extended(state: TournamentState, events: Iterable[Event]) -> TournamentState | None:
    """The state after ``state``'s events and then ``events``, without changing ``state``; ``None`` if not cheap.

    Equal to ``replay(log + events)`` when ``state`` is ``replay(log)``. Only results (entered or
    corrected) are applied this way: the new state shares everything with ``state`` but the list
    of rounds and the rounds whose boards got a result (a new :class:`Game` each, never a change
    of the shared one), and the header when a correction adds its note (C.04.2 4.3). For any other event, or one the
    replay would refuse, ``None``: the caller replays the whole log (and gets its message).
    A server applying one result to the previous version's state this way does not replay a
    300-player log per version (issue 19, load).
    """
    if not state.created:
        return None
    new = copy.copy(state)
    new.rounds = list(state.rounds)
    copied: set[int] = set()
    for event in events:
        try:
            data = event.data
        except ArbitroError:
            return None
        if not isinstance(data, ev.ResultEntered):  # ResultCorrected is one too
            return None
        if isinstance(data, ev.ResultCorrected) and data.note:  # the TRF ``###`` line: a header of its own
            if new.header is state.header:
                new.header = copy.copy(state.header)
                new.header.comments = list(state.header.comments)
            new.header.comments.append(data.note)
        if not 1 <= data.round <= len(new.rounds):
            return None
        index = data.round - 1
        rnd = new.rounds[index]
        if not 1 <= data.board <= len(rnd.boards):
            return None
        try:
            white, black = ResultCode(data.white), ResultCode(data.black)
        except ValueError:
            return None
        if index not in copied:
            rnd = copy.copy(rnd)
            rnd.boards = list(rnd.boards)
            new.rounds[index] = rnd
            copied.add(index)
        game = rnd.boards[data.board - 1]
        rnd.boards[data.board - 1] = Game(game.white, game.black, white, black)
        new.events_applied += 1
    return new
