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

__all__ = ["DEPARTURES", "RoundCheck", "check_rounds", "recorded_pairing", "same_pairing"]

#: bbpPairings v6.0.0 departures from the rules (dutch-system.md §6.1) by option name.
DEPARTURES: dict[str, str] = {
    "narrow_count_fields": "bbp §6.1 #1: count fields too narrow, PAB to an ineligible player (C.04.1 art. 4, [C2])",
    "baku_half_of_file": "bbp §6.1 #2: Baku group A of ceil(N/2) players (C.04.7: 2*ceil(N/4))",
    "effective_numbers": "bbp §6.1 #3: pairing-number parity skips never-paired absentees (C.04.3 5.2.5)",
    "zero_pab_no_float": "bbp §6.1 #4: no downfloat for a PAB worth a loss (C.04.3 1.4.3)",
    "board_order_unaccelerated": "bbp §6.1 #5: board order without virtual points (C.04.7 1.5)",
}


@dataclass(slots=True)
class RoundCheck:
    """The outcome of re-pairing one round."""

    round: int
    recorded: RoundPairing
    engine: RoundPairing | None  # None when no valid pairing exists
    departures: list[str] = field(default_factory=list)  # bbp departures that explain a difference

    @property
    def agrees(self) -> bool:
        return self.engine is not None and same_pairing(self.engine, self.recorded)

    @property
    def explanations(self) -> list[str]:
        """The documented departures that explain the difference, as text."""
        return [DEPARTURES.get(name, name) for name in self.departures]

    @property
    def explained(self) -> bool:
        """Differs from the rules, but exactly as a documented bbpPairings departure."""
        return not self.agrees and bool(self.departures)


def recorded_pairing(t: Tournament, round_number: int) -> RoundPairing:
    """The pairing of ``round_number`` as written in the file (boards in file order)."""
    boards: list[Board] = []
    bye = None
    seen: set[int] = set()
    for p in t.iter_players():
        r = p.result(round_number)
        if r is None:
            continue
        if r.opponent is None:
            if r.code is ResultCode.PAIRING_BYE:
                bye = p.start_rank
            continue
        if p.start_rank in seen or r.opponent in seen:
            continue
        seen.update((p.start_rank, r.opponent))
        if r.colour is Colour.BLACK:
            boards.append(Board(r.opponent, p.start_rank))
        else:
            boards.append(Board(p.start_rank, r.opponent))
    return RoundPairing(round=round_number, boards=tuple(boards), bye=bye)


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
    recorded = recorded_pairing(t, rnd)
    engine = _try(t, rnd, opts)
    result = RoundCheck(rnd, recorded, engine)
    if result.agrees:
        return result
    for name in DEPARTURES:
        if getattr(opts, name):
            continue
        alt = _try(t, rnd, replace(opts, **{name: True}))
        if alt is not None and same_pairing(alt, recorded):
            result.departures.append(name)
    if not result.departures:
        alt = _try(t, rnd, DutchOptions.bbp())
        if alt is not None and same_pairing(alt, recorded):
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
