"""One event base and one replay/service skeleton for every competition (issue 32 item 1).

An individual tournament (:mod:`arbitro.tournament.events`) and a team competition
(:mod:`arbitro.tournament.team_events`) are each their event log: a sequence of typed events,
each a frozen dataclass of :class:`EventData` whose fields are its JSON payload. The payload is
read leniently (a missing optional key takes its default, a number written as text is read as a
number), so a log written by an older version still loads; it is written back with
:meth:`EventData.to_payload`, keys in field order.

:class:`EventLog` is the skeleton of a service over such a log: the whole log (``events``), the
events a command added (``new_events``, what a caller must persist), the version the log had when
the service replayed it (``expected_version``: a store appends only if its log is still that long,
optimistic concurrency), and the state (the replay). A command emits its events inside
:meth:`EventLog.transaction`: each is applied to the live state at once; if the command fails,
nothing is kept and the state is replayed from the log.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from arbitro.errors import ArbitroError
from arbitro.jsonread import FieldReader

__all__ = [
    "PAYLOAD",
    "EventData",
    "EventLog",
    "JSONValue",
    "opt_bool",
    "opt_text",
    "opt_texts",
    "opt_whole",
    "pairs",
    "raw",
    "read",
    "text",
    "texts",
    "typed_event",
    "whole",
]

JSONValue = Any
_E = TypeVar("_E", bound="EventData")


# -- payload values (arbitro.jsonread: the one field reader of the core's JSON documents) ---------

#: The event log's field reader: ``event: payload: <field>: expected ...``; early logs wrote numbers as text.
PAYLOAD = FieldReader("event: payload", digit_strings=True)


def whole(value: Any, key: str) -> int:
    return PAYLOAD.whole(value, key)


def opt_whole(value: Any, key: str) -> int | None:
    return None if value is None else whole(value, key)


def text(value: Any, key: str) -> str:
    return "" if value is None else str(value)


def opt_text(value: Any, key: str) -> str | None:
    return None if value is None or value == "" else str(value)


def texts(value: Any, key: str) -> tuple[str, ...]:
    return tuple(str(v) for v in PAYLOAD.items(value, key))


def opt_texts(value: Any, key: str) -> tuple[str, ...] | None:
    return None if value is None else texts(value, key)


def opt_bool(value: Any, key: str) -> bool | None:
    return None if value is None else PAYLOAD.flag(value, key)


def pairs(value: Any, key: str) -> tuple[tuple[int, int], ...]:
    out = []
    for item in PAYLOAD.items(value, key, "a list of [white, black]"):
        if not isinstance(item, (list, tuple)) or len(item) != 2:
            raise PAYLOAD.fail(key, f"expected a list of [white, black], got {value!r}")
        w, b = item
        out.append((whole(w, key), whole(b, key)))
    return tuple(out)


def raw(value: Any, key: str) -> Any:
    return value


def read(conv: Callable[[Any, str], Any], default: Any = dataclasses.MISSING) -> Any:
    """A payload field read by ``conv``; without a default the key is required."""
    if default is dataclasses.MISSING:
        return field(metadata={"read": conv})
    return field(default=default, metadata={"read": conv})


def _json(value: Any) -> JSONValue:
    if isinstance(value, tuple):
        return [_json(v) for v in value]
    return value


_READERS: dict[type, tuple[tuple[str, bool, Any], ...]] = {}


def _readers(cls: type) -> tuple[tuple[str, bool, Any], ...]:
    """``(field, required, reader)`` of a payload class (computed once per class: replays read many)."""
    found = _READERS.get(cls)
    if found is None:
        found = tuple(
            (f.name, f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING, f.metadata["read"])
            for f in dataclasses.fields(cls)
        )
        _READERS[cls] = found
    return found


@dataclass(frozen=True, slots=True)
class EventData:
    """The payload of one event kind; subclasses set :attr:`kind`."""

    kind: ClassVar[str] = ""

    @classmethod
    def from_payload(cls: type[_E], payload: dict[str, JSONValue]) -> _E:
        """Read a stored payload (lenient like the old replay: missing optional keys take defaults)."""
        values: dict[str, Any] = {}
        for name, required, reader in _readers(cls):
            if name in payload:
                values[name] = reader(payload[name], name)
            elif required:
                raise ArbitroError(f"event ({cls.kind}): payload: {name}: missing")
        return cls(**values)

    def to_payload(self) -> dict[str, JSONValue]:
        """The JSON payload (lists for tuples), keys in field order."""
        return {f.name: _json(getattr(self, f.name)) for f in dataclasses.fields(self)}

    @property
    def payload(self) -> dict[str, JSONValue]:
        """:meth:`to_payload`: a typed event stores as ``kind`` and ``payload``, as a log entry does."""
        return self.to_payload()


def typed_event(types: Mapping[str, type[EventData]], kind: str, payload: Any, where: str = "event") -> EventData:
    """The typed event of a stored ``kind`` and ``payload`` (one of ``types``); a clear message otherwise."""
    cls = types.get(kind)
    if cls is None:
        raise ArbitroError(f"{where}: kind: expected one of {', '.join(types)}, got {kind!r}")
    if not isinstance(payload, Mapping):
        raise ArbitroError(f"{where}: payload: expected a JSON object")
    return cls.from_payload(dict(payload))


# -- the replay/service skeleton ------------------------------------------------------------

_Ev = TypeVar("_Ev")
_S = TypeVar("_S")


class EventLog(Generic[_Ev, _S]):
    """A service over one event log: the log, its replay, and the events its commands emit.

    A subclass gives :meth:`new_state` and :meth:`apply` (one event onto the state); its commands
    check the rules on :attr:`state`, then emit inside :meth:`transaction` (or :meth:`emit`).
    """

    def __init__(self, events: Iterable[_Ev] = ()) -> None:
        self._events: list[_Ev] = list(events)
        self._start = len(self._events)
        self.state: _S = self.replay(self._events)

    # -- what a subclass gives ----------------------------------------------------------
    @classmethod
    def new_state(cls) -> _S:
        raise NotImplementedError

    @classmethod
    def apply(cls, state: _S, event: _Ev) -> None:
        raise NotImplementedError

    # -- the skeleton -------------------------------------------------------------------
    @classmethod
    def replay(cls, events: Iterable[_Ev]) -> _S:
        """The state after ``events`` (a prefix of the log gives any earlier state)."""
        state = cls.new_state()
        for event in events:
            cls.apply(state, event)
        return state

    @property
    def events(self) -> tuple[_Ev, ...]:
        """The whole log."""
        return tuple(self._events)

    @property
    def new_events(self) -> tuple[_Ev, ...]:
        """Events appended since this service was built (what a caller must persist)."""
        return tuple(self._events[self._start :])

    @property
    def expected_version(self) -> int:
        """The length of the log this service replayed: the store appends only if it is still that long."""
        return self._start

    @property
    def version(self) -> int:
        return len(self._events)

    @contextmanager
    def transaction(self) -> Iterator[Callable[[_Ev], _Ev]]:
        """Yield ``emit``: each event is applied to the live state at once and kept if the command succeeds.

        On any failure the events are dropped and the state is replayed from the log, unchanged.
        """
        pending: list[_Ev] = []

        def emit(event: _Ev) -> _Ev:
            self.apply(self.state, event)
            pending.append(event)
            return event

        try:
            yield emit
        except BaseException:
            if pending:
                self.state = self.replay(self._events)
            raise
        self._events.extend(pending)

    def emit(self, event: _Ev) -> _Ev:
        """One event as its own transaction."""
        with self.transaction() as emit:
            return emit(event)

