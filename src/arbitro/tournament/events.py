"""The event log: every action on a tournament is one appended, timestamped event.

An :class:`Event` is ``kind`` + ``payload`` (JSON-native values only) +
``timestamp`` (ISO 8601, UTC) + ``author``. The tournament state is the
replay of its events (:func:`arbitro.tournament.replay`); nothing is ever
rewritten, so any earlier state can be rebuilt from a prefix of the log.

Events record *outcomes*, not requests: a pairing event holds the boards the
engine produced, a pairing-number event holds the resulting order and the
seed of the lot. Replaying therefore never calls an engine, and a log stays
valid when an engine changes. The payload of each kind is documented in
``docs/formats/event-log.md``.

Each kind has one frozen dataclass (:class:`TournamentCreated`,
:class:`ResultEntered`, ...): its fields are the payload. The service emits
them (:meth:`EventData.to_payload`), the replay reads them
(:attr:`Event.data`), the CLI log and the web store keep the same JSON.
Reading is lenient where old logs were (a missing optional key takes its
default, numbers written as text are read as numbers), so old logs still load.
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import json
from dataclasses import dataclass, field
from typing import Any, ClassVar

from arbitro.errors import ArbitroError
from arbitro.tournament.log import PAYLOAD as _PAYLOAD
from arbitro.tournament.log import EventData, JSONValue
from arbitro.tournament.log import opt_bool as _opt_bool
from arbitro.tournament.log import opt_text as _opt_text
from arbitro.tournament.log import opt_texts as _opt_texts
from arbitro.tournament.log import opt_whole as _opt_whole
from arbitro.tournament.log import pairs as _pairs
from arbitro.tournament.log import raw as _raw
from arbitro.tournament.log import read as _read
from arbitro.tournament.log import text as _text
from arbitro.tournament.log import texts as _texts
from arbitro.tournament.log import whole as _whole

__all__ = [
    "EVENT_KINDS",
    "EVENT_TYPES",
    "ByeCancelled",
    "ByeRequested",
    "Event",
    "EventData",
    "FideModeLeft",
    "PairingChanged",
    "PairingNumbersAssigned",
    "PairingProhibited",
    "PlayerRegistered",
    "PlayerRemoved",
    "PlayerReturned",
    "PlayerUpdated",
    "PlayerWithdrawn",
    "RatingReportCorrected",
    "ResultCorrected",
    "ResultEntered",
    "RoundPaired",
    "RoundPublished",
    "RoundUnpaired",
    "SETTINGS_FIELDS",
    "SettingsChanged",
    "TournamentCreated",
    "TournamentFinished",
    "TournamentReopened",
    "event_from_dict",
    "event_from_json",
    "event_to_json",
    "now_utc",
]


def now_utc() -> str:
    """The current time as an ISO 8601 UTC timestamp (seconds precision)."""
    return _dt.datetime.now(_dt.UTC).replace(microsecond=0).isoformat()


# -- payload values ----------------------------------------------------------


def _numbers(value: Any, key: str) -> tuple[int, ...]:
    return tuple(_whole(v, key) for v in _PAYLOAD.items(value, key, "a list of numbers"))


def _kinds(value: Any, key: str) -> tuple[tuple[int, str], ...]:
    return tuple((_whole(p, key), str(k)) for p, k in _PAYLOAD.items(value, key, "a list of [player, kind]"))


def _accelerations(value: Any, key: str) -> tuple[tuple[int, int, str], ...]:
    if value is None:
        return ()
    rows = _PAYLOAD.items(value, key, "a list of [player, round, points]")
    return tuple((_whole(sr, key), _whole(rnd, key), str(points)) for sr, rnd, points in rows)


def _object(value: Any, key: str) -> dict[str, Any] | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise _PAYLOAD.fail(key, f"expected a JSON object, got {value!r}")
    return dict(value)


@dataclass(frozen=True, slots=True)
class TournamentCreated(EventData):
    kind: ClassVar[str] = "tournament_created"
    name: str = _read(_text, "")
    system: str | None = _read(_opt_text, None)  # a pairing-system registry key; None: the default Swiss
    rounds: int | None = _read(_opt_whole, None)
    city: str = _read(_text, "")
    federation: str = _read(_text, "")
    start_date: str = _read(_text, "")
    end_date: str = _read(_text, "")
    chief_arbiter: str = _read(_text, "")
    deputy_arbiters: tuple[str, ...] = _read(_texts, ())
    time_control: str = _read(_text, "")
    time_control_code: str = _read(_text, "")
    initial_colour: str | None = _read(_opt_text, None)
    scoring: dict[str, Any] | None = _read(_object, None)
    bye_limits: dict[str, Any] | None = _read(_object, None)
    tiebreaks: tuple[str, ...] = _read(_texts, ())
    program: str = _read(_text, "Arbitro")
    accelerations: tuple[tuple[int, int, str], ...] = _read(_accelerations, ())  # C.04.7, TRF 250 / XXA

    def to_payload(self) -> dict[str, JSONValue]:  # accelerations only when there are some, as always
        return {k: v for k, v in EventData.to_payload(self).items() if v or k != "accelerations"}


@dataclass(frozen=True, slots=True)
class PlayerRegistered(EventData):
    kind: ClassVar[str] = "player_registered"
    start_rank: int = _read(_whole)
    name: str = _read(_text)
    rating: int = _read(_whole, 0)
    title: str = _read(_text, "")
    federation: str = _read(_text, "")
    fide_id: str = _read(_text, "")
    sex: str = _read(_text, "")
    birth_date: str = _read(_text, "")
    missed_rounds: str = _read(_text, "Z")


@dataclass(frozen=True, slots=True)
class PlayerUpdated(EventData):
    """Changed fields only (``None``: unchanged); written by older versions, still replayed."""

    kind: ClassVar[str] = "player_updated"
    start_rank: int = _read(_whole)
    name: str | None = _read(_opt_text, None)
    rating: int | None = _read(_opt_whole, None)
    title: str | None = _read(_raw, None)
    federation: str | None = _read(_raw, None)
    fide_id: str | None = _read(_raw, None)
    sex: str | None = _read(_raw, None)
    birth_date: str | None = _read(_raw, None)

    def to_payload(self) -> dict[str, JSONValue]:
        return {k: v for k, v in EventData.to_payload(self).items() if v is not None}


@dataclass(frozen=True, slots=True)
class PlayerRemoved(EventData):
    kind: ClassVar[str] = "player_removed"
    start_rank: int = _read(_whole)


@dataclass(frozen=True, slots=True)
class PairingNumbersAssigned(EventData):
    kind: ClassVar[str] = "pairing_numbers_assigned"
    order: tuple[int, ...] = _read(_numbers, ())
    method: str = _read(_text, "")
    seed: int | None = _read(_opt_whole, None)
    initial_colour: str | None = _read(_opt_text, None)

    def to_payload(self) -> dict[str, JSONValue]:  # seed and colour only when drawn, as always
        return {k: v for k, v in EventData.to_payload(self).items() if v is not None or k not in ("seed", "initial_colour")}


@dataclass(frozen=True, slots=True)
class ByeRequested(EventData):
    kind: ClassVar[str] = "bye_requested"
    player: int = _read(_whole)
    round: int = _read(_whole)
    kind_code: str = field(default="H", metadata={"read": _text})  # stored as "kind"

    @classmethod
    def from_payload(cls, payload: dict[str, JSONValue]) -> ByeRequested:
        if "kind" not in payload:
            raise ArbitroError("event (bye_requested): payload: kind: missing")
        return cls(player=_whole(payload.get("player"), "player"), round=_whole(payload.get("round"), "round"),
                   kind_code=str(payload["kind"]))

    def to_payload(self) -> dict[str, JSONValue]:
        return {"player": self.player, "round": self.round, "kind": self.kind_code}


@dataclass(frozen=True, slots=True)
class ByeCancelled(EventData):
    kind: ClassVar[str] = "bye_cancelled"
    player: int = _read(_whole)
    round: int = _read(_whole)


@dataclass(frozen=True, slots=True)
class PlayerWithdrawn(EventData):
    kind: ClassVar[str] = "player_withdrawn"
    player: int = _read(_whole)
    from_round: int = _read(_whole)


@dataclass(frozen=True, slots=True)
class PlayerReturned(EventData):
    """A withdrawn player comes back: paired again from ``from_round`` (C.04.2 3.2 withdrawal undone)."""

    kind: ClassVar[str] = "player_returned"
    player: int = _read(_whole)
    from_round: int = _read(_whole)


@dataclass(frozen=True, slots=True)
class SettingsChanged(EventData):
    """Tournament settings changed after creation; ``None``: unchanged (issue 15 item 5).

    ``rated``: FIDE rated; ``rating_type``: ``standard`` / ``rapid`` / ``blitz``
    (the list the ratings come from, and whether norms can be made, B.01 1.1).

    ``settings``: the settings pairing systems declare (:mod:`arbitro.pairing.settings`, issue 32
    item 3), each under its own key in the payload, as before the declarations existed:
    ``acceleration`` (``""`` or ``"baku"``, C.04.7), ``maxi_tournament`` (Lim's Maxi-tournament,
    C.04.4.3 3.2.3, 3.8, 5.7; absent in older logs: not declared). Every payload key that is not
    a field here is one of them; the service checked the values against the declarations.
    """

    kind: ClassVar[str] = "settings_changed"
    name: str | None = _read(_opt_text, None)
    city: str | None = _read(_raw, None)
    federation: str | None = _read(_raw, None)
    start_date: str | None = _read(_raw, None)
    end_date: str | None = _read(_raw, None)
    chief_arbiter: str | None = _read(_raw, None)
    deputy_arbiters: tuple[str, ...] | None = _read(_opt_texts, None)
    time_control: str | None = _read(_raw, None)
    system: str | None = _read(_opt_text, None)
    rounds: int | None = _read(_opt_whole, None)
    scoring: dict[str, Any] | None = _read(_object, None)
    bye_limits: dict[str, Any] | None = _read(_object, None)
    tiebreaks: tuple[str, ...] | None = _read(_opt_texts, None)
    rated: bool | None = _read(_opt_bool, None)
    rating_type: str | None = _read(_opt_text, None)
    chess960: bool | None = _read(_opt_bool, None)  # played as Chess960 (FIDE Laws, Guidelines III; VCL4THP Q222)
    settings: dict[str, Any] = field(default_factory=dict, metadata={"read": _object})

    @classmethod
    def from_payload(cls, payload: dict[str, JSONValue]) -> SettingsChanged:
        fixed = {k: v for k, v in payload.items() if k in SETTINGS_FIELDS}
        declared = {k: v for k, v in payload.items() if k not in SETTINGS_FIELDS}
        read: SettingsChanged = EventData.from_payload.__func__(cls, fixed)  # type: ignore[attr-defined]
        return dataclasses.replace(read, settings=declared) if declared else read

    def to_payload(self) -> dict[str, JSONValue]:
        out = {k: v for k, v in EventData.to_payload(self).items() if v is not None and k != "settings"}
        return {**out, **self.settings}

    @classmethod
    def of(cls, changes: dict[str, Any]) -> SettingsChanged:
        """The event of ``changes``: its fields, and every other key as a declared setting."""
        fixed = {k: v for k, v in changes.items() if k in SETTINGS_FIELDS}
        return cls(**fixed, settings={k: v for k, v in changes.items() if k not in SETTINGS_FIELDS})

    @property
    def acceleration(self) -> Any:
        """The declared setting ``acceleration`` (C.04.7), ``None`` when not said; kept for its readers."""
        return self.settings.get("acceleration")

    @property
    def maxi_tournament(self) -> Any:
        """The declared setting ``maxi_tournament`` (C.04.4.3 3.2.3), ``None`` when not said; kept for its readers."""
        return self.settings.get("maxi_tournament")


#: The fields of :class:`SettingsChanged` other than the declared settings.
SETTINGS_FIELDS = frozenset(f.name for f in dataclasses.fields(SettingsChanged)) - {"settings"}


@dataclass(frozen=True, slots=True)
class PairingProhibited(EventData):
    kind: ClassVar[str] = "pairing_prohibited"
    players: tuple[int, ...] = _read(_numbers)
    first_round: int | None = _read(_opt_whole, None)
    last_round: int | None = _read(_opt_whole, None)


@dataclass(frozen=True, slots=True)
class _WholeRound(EventData):
    """The pairing of a whole round: boards in board order, the bye, players left out (F/H/Z)."""

    round: int = _read(_whole)
    boards: tuple[tuple[int, int], ...] = _read(_pairs, ())
    bye: int | None = _read(_opt_whole, None)
    unpaired: tuple[tuple[int, str], ...] = _read(_kinds, ())


@dataclass(frozen=True, slots=True)
class RoundPaired(_WholeRound):
    kind: ClassVar[str] = "round_paired"
    engine: str = _read(_text, "")
    note: str = _read(_text, "")  # an imported round that breaks the rules: ``### Import @ Round n`` (VCL4THP Q55)


@dataclass(frozen=True, slots=True)
class PairingChanged(_WholeRound):
    kind: ClassVar[str] = "pairing_changed"
    reason: str = _read(_text, "")
    mpa: str = _read(_text, "")


@dataclass(frozen=True, slots=True)
class RoundPublished(EventData):
    kind: ClassVar[str] = "round_published"
    round: int = _read(_whole)


@dataclass(frozen=True, slots=True)
class ResultEntered(EventData):
    kind: ClassVar[str] = "result_entered"
    round: int = _read(_whole)
    board: int = _read(_whole)
    white: str = _read(_text)
    black: str = _read(_text)


@dataclass(frozen=True, slots=True)
class GameAdjourned(EventData):
    """A board whose result is not yet known: the game was adjourned or postponed (VCL4THP Q157).

    ``status`` is ``adjourned`` or ``postponed``. The result is entered later with an
    ordinary ``result_entered`` (Q162); until then the game counts as a draw for
    pairing only (Q167) and the tournament cannot be finished (Q169).
    """

    kind: ClassVar[str] = "game_adjourned"
    round: int = _read(_whole)
    board: int = _read(_whole)
    status: str = _read(_text, "adjourned")  # or "postponed"


@dataclass(frozen=True, slots=True)
class ResultCorrected(ResultEntered):
    kind: ClassVar[str] = "result_corrected"
    previous: tuple[str | None, ...] = _read(lambda v, k: tuple(v) if isinstance(v, (list, tuple)) else (), ())
    reason: str = _read(_text, "")
    note: str = _read(_text, "")  # FIDE mode: the TRF ``###`` line (C.04.2 4.3); absent in older logs

    def to_payload(self) -> dict[str, JSONValue]:  # the note only when there is one, as before
        return {k: v for k, v in EventData.to_payload(self).items() if v or k != "note"}


@dataclass(frozen=True, slots=True)
class RatingReportCorrected(EventData):
    """A result corrected for the rating report only (VCL4THP Q189-Q193, C.04.2 4.3).

    In FIDE mode a round older than the one before the last paired round keeps its
    result for the standings and the pairings; the corrected result goes only into
    the rating report (the TRF's ``001`` round blocks), with ``note`` as its ``###`` line.
    Not a :class:`ResultEntered`: the game's tournament result does not change.
    """

    kind: ClassVar[str] = "rating_report_corrected"
    round: int = _read(_whole)
    board: int = _read(_whole)
    white: str = _read(_text)
    black: str = _read(_text)
    previous: tuple[str | None, ...] = _read(lambda v, k: tuple(v) if isinstance(v, (list, tuple)) else (), ())
    reason: str = _read(_text, "")
    note: str = _read(_text, "")


@dataclass(frozen=True, slots=True)
class RoundUnpaired(EventData):
    """The last paired round taken back while none of its results is entered (its requested byes stand again)."""

    kind: ClassVar[str] = "round_unpaired"
    round: int = _read(_whole)
    reason: str = _read(_text, "")
    note: str = _read(_text, "")  # FIDE mode: the TRF ``###`` line


@dataclass(frozen=True, slots=True)
class FideModeLeft(EventData):
    kind: ClassVar[str] = "fide_mode_left"
    reason: str = _read(_text, "")
    note: str = _read(_text, "")


@dataclass(frozen=True, slots=True)
class TournamentFinished(EventData):
    """The arbiter closed the tournament (the web's "finish"); changes wait for a re-opening."""

    kind: ClassVar[str] = "tournament_finished"
    reason: str = _read(_text, "")


@dataclass(frozen=True, slots=True)
class TournamentReopened(EventData):
    """A finished tournament opened again (e.g. to correct a result, C.04.2 4.3)."""

    kind: ClassVar[str] = "tournament_reopened"
    reason: str = _read(_text, "")


#: Every event kind and its payload class, in the order a tournament usually meets them.
EVENT_TYPES: dict[str, type[EventData]] = {
    cls.kind: cls
    for cls in (
        TournamentCreated,
        PlayerRegistered,
        PlayerUpdated,
        PlayerRemoved,
        PairingNumbersAssigned,
        ByeRequested,
        ByeCancelled,
        PlayerWithdrawn,
        PlayerReturned,
        PairingProhibited,
        RoundPaired,
        PairingChanged,
        RoundPublished,
        RoundUnpaired,
        ResultEntered,
        GameAdjourned,
        ResultCorrected,
        RatingReportCorrected,
        FideModeLeft,
        TournamentFinished,
        TournamentReopened,
        SettingsChanged,
    )
}

EVENT_KINDS: tuple[str, ...] = tuple(EVENT_TYPES)


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of the log. ``payload`` holds JSON-native values only; :attr:`data` is it typed."""

    kind: str
    payload: dict[str, JSONValue] = field(default_factory=dict)
    timestamp: str = ""
    author: str = ""

    def __post_init__(self) -> None:
        if self.kind not in EVENT_TYPES:
            raise ArbitroError(f"event: kind: unknown event kind {self.kind!r}")

    @classmethod
    def of(cls, data: EventData, timestamp: str = "", author: str = "") -> Event:
        """The log entry of a typed payload."""
        return cls(kind=data.kind, payload=data.to_payload(), timestamp=timestamp, author=author)

    @property
    def data(self) -> EventData:
        """The typed payload (:data:`EVENT_TYPES`); raises :class:`ArbitroError` when malformed."""
        return EVENT_TYPES[self.kind].from_payload(self.payload)

    def to_dict(self) -> dict[str, JSONValue]:
        return {"kind": self.kind, "timestamp": self.timestamp, "author": self.author, "payload": self.payload}


def event_from_dict(data: dict[str, JSONValue], where: str = "event") -> Event:
    """Rebuild an event from :meth:`Event.to_dict` output; ``where`` prefixes error messages."""
    if not isinstance(data, dict):
        raise ArbitroError(f"{where}: expected a JSON object")
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in EVENT_TYPES:
        raise ArbitroError(f"{where}: kind: expected one of {', '.join(EVENT_KINDS)}, got {kind!r}")
    payload = data.get("payload", {})
    if not isinstance(payload, dict):
        raise ArbitroError(f"{where}: payload: expected a JSON object")
    timestamp = data.get("timestamp", "")
    author = data.get("author", "")
    if not isinstance(timestamp, str) or not isinstance(author, str):
        raise ArbitroError(f"{where}: timestamp/author: expected strings")
    return Event(kind=kind, payload=payload, timestamp=timestamp, author=author)


def event_to_json(event: Event) -> str:
    """One line of JSON (the ``.events.jsonl`` format), keys in a stable order."""
    return json.dumps(event.to_dict(), ensure_ascii=False, separators=(",", ":"))


def event_from_json(line: str, where: str = "event") -> Event:
    """Parse one line written by :func:`event_to_json`."""
    try:
        data = json.loads(line)
    except json.JSONDecodeError as err:
        raise ArbitroError(f"{where}: column {err.colno}: not valid JSON ({err.msg})") from None
    return event_from_dict(data, where)


# -- ratings as data (issue 34 items 1-2: VCL4THP Q116-Q145) -----------------------------------------------


def _rating_rows(value: Any, key: str) -> tuple[tuple[int, str, str, int, str, str, bool], ...]:
    """``[[player, scope, kind, value, list, date, manual], ...]`` (one official rating per row)."""
    rows = []
    for item in _PAYLOAD.items(value, key, "a list of [player, scope, kind, rating, list, date, manual]"):
        player, scope, kind, rating, name, date, manual = item
        rows.append((_whole(player, key), str(scope), str(kind), _whole(rating, key), str(name), str(date), bool(manual)))
    return tuple(rows)


@dataclass(frozen=True, slots=True)
class PlayerRatingsSet(EventData):
    """Official ratings recorded for players (registration from lists, or typed by hand: ``manual``).

    Each row ``[player, scope, kind, rating, list, date, manual]``: ``scope`` ``FIDE`` or a federation,
    ``kind`` standard/rapid/blitz. The tournament rating follows the announced method (VCL4THP Q116, Q145).
    """

    kind: ClassVar[str] = "player_ratings_set"
    ratings: tuple[tuple[int, str, str, int, str, str, bool], ...] = _read(_rating_rows, ())


@dataclass(frozen=True, slots=True)
class RatingMethodSet(EventData):
    """The announced tournament-rating method (TRF-2026 ``172``): FIDE, NRO, FIDON, NIDOF, HBFN, LBFN, OTHER."""

    kind: ClassVar[str] = "rating_method_set"
    method: str = _read(_text, "FIDE")
    federation: str = _read(_text, "")


@dataclass(frozen=True, slots=True)
class RatingListKept(EventData):
    """A rating list the tournament keeps: ``role`` ``start`` (the list valid at the start, Q137) or
    ``in_force`` (the last list checked against); ``sha256`` identifies the stored copy."""

    kind: ClassVar[str] = "rating_list_kept"
    name: str = _read(_text)
    scope: str = _read(_text, "FIDE")
    date: str = _read(_text, "")
    role: str = _read(_text, "in_force")
    sha256: str = _read(_text, "")
    path: str = _read(_text, "")


@dataclass(frozen=True, slots=True)
class RatingsApplied(EventData):
    """Rating-list differences the arbiter confirmed (never applied silently, Q142): the new official
    ratings as :class:`PlayerRatingsSet` rows, the list they come from, and the old values (``previous``)."""

    kind: ClassVar[str] = "ratings_applied"
    list_name: str = _read(_text, "")
    list_date: str = _read(_text, "")
    ratings: tuple[tuple[int, str, str, int, str, str, bool], ...] = _read(_rating_rows, ())
    previous: tuple[int, ...] = _read(_numbers, ())


__all__ += ["PlayerRatingsSet", "RatingListKept", "RatingMethodSet", "RatingsApplied"]
# -- pairing numbers (issue 34 item 3) -----------------------------------------


@dataclass(frozen=True, slots=True)
class TieOrderAnnounced(EventData):
    """The announced order of players of equal rating and title (C.04.2 2.2 (3), VCL4THP Q146).

    ``criterion``: one of :data:`arbitro.tournament.numbers.TIE_ORDERS` (``name``: alphabetical,
    the rule's default; ``fide_id``; ``age``; ``lot``); ``seed``: the lot's seed (``lot`` only).
    """

    kind: ClassVar[str] = "tie_order_announced"
    criterion: str = _read(_text, "name")
    seed: int | None = _read(_opt_whole, None)

    def to_payload(self) -> dict[str, JSONValue]:  # the seed only when drawn
        return {k: v for k, v in EventData.to_payload(self).items() if v is not None}


@dataclass(frozen=True, slots=True)
class PairingNumbersExchanged(EventData):
    """Two players' pairing numbers exchanged by the arbiter (C.04.2 2.3, VCL4THP Q147).

    Confirmed by the arbiter (Level 3); ``note`` is the TRF ``###`` line (a pairing-integrity
    event, Q113); never after round 4 has been paired (C.04.2 2.3).
    """

    kind: ClassVar[str] = "pairing_numbers_exchanged"
    players: tuple[int, ...] = _read(_numbers)
    reason: str = _read(_text, "")
    note: str = _read(_text, "")


__all__ += ["PairingNumbersExchanged", "TieOrderAnnounced"]
# -- appended kinds (issue 34 items 5 and 6) ----------------------------------------------------


@dataclass(frozen=True, slots=True)
class HalfPointByeEligibilitySet(EventData):
    """A player made ineligible (or eligible again) for half-point byes (VCL4THP Q175-Q176).

    ``eligible=False``: a half-point bye requested for the player is refused.
    """

    kind: ClassVar[str] = "half_point_bye_eligibility_set"
    player: int = _read(_whole)
    eligible: bool = _read(lambda v, k: _PAYLOAD.flag(v, k), True)
    reason: str = _read(_text, "")


@dataclass(frozen=True, slots=True)
class Chess960PositionSet(EventData):
    """The Chess960 starting position of a round (FIDE Laws, Guidelines III; VCL4THP Q222).

    ``position``: the Scharnagl number 0-959 (518 is the standard position); ``method``: ``"lot"``
    (drawn by the program when the round was paired) or ``"arbiter"`` (drawn at the venue and
    entered by the arbiter); ``note``: the TRF ``###`` line (TRF-2026 has no record for it).
    """

    kind: ClassVar[str] = "chess960_position_set"
    round: int = _read(_whole)
    position: int = _read(_whole)
    method: str = _read(_text, "lot")
    note: str = _read(_text, "")


__all__ += ["Chess960PositionSet", "HalfPointByeEligibilitySet"]


# -- standings as FIDE's acceptance checklist asks (VCL4THP Q170, Q197-216; issue 34 item 4) --------


@dataclass(frozen=True, slots=True)
class PlayerExpelled(EventData):
    """A player expelled from ``from_round`` on: no longer paired, left out of the standings (Q197-198)."""

    kind: ClassVar[str] = "player_expelled"
    player: int = _read(_whole)
    from_round: int = _read(_whole)
    reason: str = _read(_text, "")


@dataclass(frozen=True, slots=True)
class StandingsOptionsChanged(EventData):
    """How the standings treat ties, unrated players and long events; ``None``: unchanged.

    ``shared_places``: ties left after the list stay shared (Q203); ``ties_by_hand``: start ranks
    in the arbiter's order for tied players (Q205; ``[]`` clears); ``unrated_method``: ``lowest``,
    ``average`` or ``fixed`` with ``unrated_rating`` (``""`` clears; Q208-209, C.07 Art. 10
    preamble); ``long_event``: an event over 30 days (Q210); ``rating_round``: the round whose
    ratings the rating-based tie-breaks use (``0``: the first rating, Q214-216).
    """

    kind: ClassVar[str] = "standings_options_changed"
    shared_places: bool | None = _read(_opt_bool, None)
    ties_by_hand: tuple[int, ...] | None = _read(lambda v, k: None if v is None else _numbers(v, k), None)
    unrated_method: str | None = _read(lambda v, k: None if v is None else str(v), None)
    unrated_rating: int | None = _read(_opt_whole, None)
    long_event: bool | None = _read(_opt_bool, None)
    rating_round: int | None = _read(_opt_whole, None)

    def to_payload(self) -> dict[str, JSONValue]:
        return {k: v for k, v in EventData.to_payload(self).items() if v is not None}


@dataclass(frozen=True, slots=True)
class TiebreakValueEntered(EventData):
    """A tie-break value computed outside and entered by the arbiter (Q207); ``value`` ``""`` removes it."""

    kind: ClassVar[str] = "tiebreak_value_entered"
    player: int = _read(_whole)
    tiebreak: str = _read(_text)
    value: str = _read(_text, "")


@dataclass(frozen=True, slots=True)
class RatingFromRound(EventData):
    """A player's rating in force from ``from_round`` on, in an event over 30 days (Q212-213)."""

    kind: ClassVar[str] = "rating_from_round"
    player: int = _read(_whole)
    from_round: int = _read(_whole)
    rating: int = _read(_whole)

__all__ += ["PlayerExpelled", "RatingFromRound", "StandingsOptionsChanged", "TiebreakValueEntered"]


#: The kinds added after the table above (issue 34), registered once.
_LATER: tuple[type[EventData], ...] = (
    PlayerRatingsSet, RatingMethodSet, RatingListKept, RatingsApplied, TieOrderAnnounced, PairingNumbersExchanged,
    HalfPointByeEligibilitySet, Chess960PositionSet, PlayerExpelled, StandingsOptionsChanged, TiebreakValueEntered,
    RatingFromRound,
)  # fmt: skip
for _cls in _LATER:
    EVENT_TYPES[_cls.kind] = _cls
EVENT_KINDS = tuple(EVENT_TYPES)
