"""The command skeleton every command module builds on: the log, its replay, one transaction.

Every command works on the live state: it checks its input, emits events
(each applied to the state at once, so later checks see them) and only when
everything succeeded appends the events to the log. A command that raises
:class:`~arbitro.errors.ArbitroError` changes nothing: the state is rebuilt
from the log, which is unchanged until success.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from arbitro.errors import ArbitroError, msg
from arbitro.model import Tournament
from arbitro.pairing.types import RoundPairing
from arbitro.tournament import events as ev
from arbitro.tournament.events import Event, now_utc
from arbitro.tournament.state import TournamentLog, TournamentState, apply, replay

__all__ = ["Engine", "ServiceCore", "Tx"]

#: A pairing engine that replaces the registry's (tests, benchmarks): ``(tournament, round) -> pairing``.
Engine = Callable[[Tournament, int], RoundPairing]


@dataclass(slots=True)
class Tx:
    """One command's events: each is applied to ``state`` when emitted."""

    state: TournamentState
    author: str
    clock: Callable[[], str]
    events: list[Event] = field(default_factory=list)

    def emit(self, data: ev.EventData, timestamp: str | None = None) -> Event:
        event = Event.of(data, timestamp=self.clock() if timestamp is None else timestamp, author=self.author)
        apply(self.state, event)
        self.events.append(event)
        return event


class ServiceCore(TournamentLog):
    """The log (``events``), its replay (``state``) and the transaction every command runs in.

    On the skeleton of every log (:class:`arbitro.tournament.log.EventLog`, issue 32), as the team
    service is: ``events``, ``new_events`` and ``expected_version`` come from it.

    ``author`` is written into every event; ``clock`` returns the timestamp
    (ISO 8601) and can be fixed for reproducible logs. ``warnings`` holds the
    warnings of the last command (e.g. a deprecated full-point bye).
    """

    def __init__(
        self,
        events: Iterable[Event] = (),
        *,
        author: str = "arbiter",
        clock: Callable[[], str] = now_utc,
        engine: Engine | None = None,
    ) -> None:
        super().__init__(events)  # the log, its replay and the version it was read at (EventLog)
        self.author = author
        self.clock = clock
        self.warnings: list[str] = []
        self._engine = engine

    @contextmanager
    def _tx(self) -> Iterator[Tx]:
        """Apply events to the live state as they are emitted; on any failure, rebuild it from the log.

        Cheaper than copying the state for every command: a failed command is
        rare, and the log (unchanged until success) is the state's source.
        """
        self.warnings = []
        tx = Tx(state=self.state, author=self.author, clock=self.clock)
        try:
            yield tx
        except BaseException:
            if tx.events:
                self.state = replay(self._events)
            raise
        self._events.extend(tx.events)

    def _require_created(self) -> TournamentState:
        if not self.state.created:
            raise ArbitroError(msg("tournament.not_created", "the tournament has not been created yet"))
        return self.state

    def _require_open(self) -> TournamentState:
        """A state that may change: created and not finished."""
        s = self._require_created()
        if s.finished:
            raise ArbitroError(msg("tournament.finished", "the tournament is finished; re-open it first"))
        return s
