"""Pairing checker (C.02 technical acceptance; C.04.2 1.3: identical pairings).

Re-pairs every round of a tournament from its own history and compares the
result with the pairing recorded in the file: the pairs, who has White on
every board, and who received the pairing-allocated bye.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace

from arbitro.model import Colour, ResultCode, Tournament
from arbitro.pairing.dutch import pair_round
from arbitro.pairing.dutch_state import DutchOptions
from arbitro.pairing.types import Board, NoValidPairing, RoundPairing

__all__ = [
    "DEPARTURES",
    "RecordedRound",
    "RoundCheck",
    "check_rounds",
    "read_recorded",
    "recorded_pairing",
    "same_pairing",
]

#: bbpPairings v6.0.0 departures from the rules (dutch-system.md §6.1) by option name.
DEPARTURES: dict[str, str] = {
    "narrow_count_fields": "bbp §6.1 #1: count fields too narrow, PAB to an ineligible player (C.04.1 art. 4, [C2])",
    "baku_half_of_file": "bbp §6.1 #2: Baku group A of ceil(N/2) players (C.04.7: 2*ceil(N/4))",
    "effective_numbers": "bbp §6.1 #3: pairing-number parity skips never-paired absentees (C.04.3 5.2.5)",
    "zero_pab_no_float": "bbp §6.1 #4: no downfloat for a PAB worth a loss (C.04.3 1.4.3)",
    "board_order_unaccelerated": "bbp §6.1 #5: board order without virtual points (C.04.7 1.5)",
}


@dataclass(frozen=True, slots=True)
class RecordedRound:
    """A round as the file records it, with the readings the file's own meaning asks for.

    ``free_colour`` holds the pairs of a forfeit whose colour is ``-`` on both
    sides (TRF16, trf.md §3.2): the file does not say who had White, so either
    colour matches. ``readings`` name, for the output, each such reading.
    """

    pairing: RoundPairing
    free_colour: frozenset[frozenset[int]] = frozenset()
    readings: tuple[str, ...] = ()

    def matches(self, engine: RoundPairing) -> bool:
        """Same pairs and PAB receiver; same colours except where the file leaves them open."""
        rec = self.pairing
        if engine.bye != rec.bye:
            return False
        fixed = {
            (b.white, b.black) for b in rec.boards if frozenset((b.white, b.black)) not in self.free_colour
        }
        mine = {
            (b.white, b.black) for b in engine.boards if frozenset((b.white, b.black)) not in self.free_colour
        }
        free = {frozenset((b.white, b.black)) for b in engine.boards} - {frozenset(x) for x in mine}
        return fixed == mine and free == set(self.free_colour)


@dataclass(slots=True)
class RoundCheck:
    """The outcome of re-pairing one round."""

    round: int
    recorded: RoundPairing
    engine: RoundPairing | None  # None when no valid pairing exists
    departures: list[str] = field(default_factory=list)  # bbp departures that explain a difference
    #: How the checker read the file's old-style entries (``0000 - +`` byes, ``-`` forfeit colours).
    readings: list[str] = field(default_factory=list)
    free_colour: frozenset[frozenset[int]] = frozenset()

    @property
    def agrees(self) -> bool:
        return self.engine is not None and RecordedRound(self.recorded, self.free_colour).matches(self.engine)

    @property
    def explained(self) -> bool:
        """Differs from the rules, but exactly as a documented bbpPairings departure."""
        return not self.agrees and bool(self.departures)


def read_recorded(t: Tournament, round_number: int) -> RecordedRound:
    """The pairing of ``round_number`` with the file's own meaning (boards in file order).

    * ``0000 - +`` (a win against nobody, the old TRF16 way to record the
      pairing-allocated bye, trf.md §3.3 and FIDE's 2005 example) counts as the
      recorded PAB, as bbpPairings reads it (``+`` "took part in the pairing").
    * A forfeit whose colour is ``-`` on both sides (TRF16 §3.2 allows it)
      does not say who had White: either colour is accepted.
    """
    boards: list[Board] = []
    bye = None
    seen: set[int] = set()
    free: set[frozenset[int]] = set()
    readings: list[str] = []
    for p in t.iter_players():
        r = p.result(round_number)
        if r is None:
            continue
        if r.opponent is None:
            if r.code is ResultCode.PAIRING_BYE:
                bye = p.start_rank
            elif r.code is ResultCode.FORFEIT_WIN and bye is None:
                bye = p.start_rank
                readings.append(
                    f"round {round_number}: player {p.start_rank}: '0000 - +' read as the "
                    "pairing-allocated bye (old-style TRF16)"
                )
            continue
        if p.start_rank in seen or r.opponent in seen:
            continue
        seen.update((p.start_rank, r.opponent))
        other = t.players.get(r.opponent)
        theirs = other.result(round_number) if other is not None else None
        known = {
            c for c in (r.colour, theirs.colour if theirs else None) if c in (Colour.WHITE, Colour.BLACK)
        }
        if not known and (r.code.is_forfeit or (theirs is not None and theirs.code.is_forfeit)):
            free.add(frozenset((p.start_rank, r.opponent)))
            readings.append(
                f"round {round_number}: forfeit {p.start_rank}-{r.opponent} recorded with colour '-': "
                "either colour accepted"
            )
        if r.colour is Colour.BLACK or (r.colour is not Colour.WHITE and theirs is not None
                                        and theirs.colour is Colour.WHITE):  # fmt: skip
            boards.append(Board(r.opponent, p.start_rank))
        else:
            boards.append(Board(p.start_rank, r.opponent))
    pairing = RoundPairing(round=round_number, boards=tuple(boards), bye=bye)
    return RecordedRound(pairing, frozenset(free), tuple(readings))


def recorded_pairing(t: Tournament, round_number: int) -> RoundPairing:
    """The pairing of ``round_number`` as written in the file (see :func:`read_recorded`)."""
    return read_recorded(t, round_number).pairing


def same_pairing(a: RoundPairing, b: RoundPairing) -> bool:
    """Same pairs with the same colours and the same PAB receiver (board order ignored)."""
    return a.bye == b.bye and {(x.white, x.black) for x in a.boards} == {(x.white, x.black) for x in b.boards}


def _try(t: Tournament, rnd: int, options: DutchOptions) -> RoundPairing | None:
    try:
        return pair_round(t, rnd, options)
    except NoValidPairing:
        return None


def check_round(t: Tournament, rnd: int, base: DutchOptions | None = None) -> RoundCheck:
    """Re-pair one round; when it differs, name the bbpPairings departures that reproduce the file."""
    opts = base or DutchOptions()
    recorded = read_recorded(t, rnd)
    engine = _try(t, rnd, opts)
    result = RoundCheck(rnd, recorded.pairing, engine, readings=list(recorded.readings),
                        free_colour=recorded.free_colour)  # fmt: skip
    if result.agrees:
        return result
    for name in DEPARTURES:
        if getattr(opts, name):
            continue
        alt = _try(t, rnd, replace(opts, **{name: True}))
        if alt is not None and recorded.matches(alt):
            result.departures.append(name)
    if not result.departures:
        alt = _try(t, rnd, DutchOptions.bbp())
        if alt is not None and recorded.matches(alt):
            result.departures = [n for n in DEPARTURES if not getattr(opts, n)]
    return result


def check_rounds(
    t: Tournament,
    options: DutchOptions | None = None,
    progress: Callable[[int], None] | None = None,
) -> Iterator[RoundCheck]:
    """Check every paired round of ``t`` in order."""
    for rnd in range(1, t.played_rounds + 1):
        yield check_round(t, rnd, options)
        if progress is not None:
            progress(rnd)
