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
"""

from __future__ import annotations

import datetime as _dt
import json
from dataclasses import dataclass, field
from typing import Any

from arbitro.errors import ArbitroError

__all__ = ["EVENT_KINDS", "Event", "event_from_dict", "event_from_json", "event_to_json", "now_utc"]

#: Every event kind, in the order a tournament usually meets them.
EVENT_KINDS: tuple[str, ...] = (
    "tournament_created",
    "player_registered",
    "player_updated",
    "player_removed",
    "pairing_numbers_assigned",
    "bye_requested",
    "bye_cancelled",
    "player_withdrawn",
    "pairing_prohibited",
    "round_paired",
    "pairing_changed",
    "round_published",
    "result_entered",
    "result_corrected",
    "fide_mode_left",
)

JSONValue = Any


def now_utc() -> str:
    """The current time as an ISO 8601 UTC timestamp (seconds precision)."""
    return _dt.datetime.now(_dt.UTC).replace(microsecond=0).isoformat()


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of the log. ``payload`` holds JSON-native values only."""

    kind: str
    payload: dict[str, JSONValue] = field(default_factory=dict)
    timestamp: str = ""
    author: str = ""

    def __post_init__(self) -> None:
        if self.kind not in EVENT_KINDS:
            raise ArbitroError(f"event: kind: unknown event kind {self.kind!r}")

    def to_dict(self) -> dict[str, JSONValue]:
        return {"kind": self.kind, "timestamp": self.timestamp, "author": self.author, "payload": self.payload}


def event_from_dict(data: dict[str, JSONValue], where: str = "event") -> Event:
    """Rebuild an event from :meth:`Event.to_dict` output; ``where`` prefixes error messages."""
    if not isinstance(data, dict):
        raise ArbitroError(f"{where}: expected a JSON object")
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in EVENT_KINDS:
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
