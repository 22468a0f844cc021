"""Pairing checker (C.02 technical acceptance; C.04.2 1.3: identical pairings).

Re-pairs every round of a tournament from its own history and compares the
result with the pairing recorded in the file: the pairs, who has White on
every board, and who received the pairing-allocated bye.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace

from arbitro.model import Colour, ResultCode, Tournament
from arbitro.pairing.dutch import to_pairing
from arbitro.pairing.dutch_round import match_round
from arbitro.pairing.dutch_state import DutchOptions, PlayerState, RoundState, build_state
from arbitro.pairing.dutch_weights import count_bits
from arbitro.pairing.types import Board, NoValidPairing, RoundPairing

Solved = tuple[list[tuple[PlayerState, PlayerState]], PlayerState | None]

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


class _Trials:
    """Re-pairings of one round under several option sets, each computed once.

    :func:`~arbitro.pairing.dutch.match_round` is a function of the round
    state and of the width of the count fields alone; the only other use of
    ``narrow_count_fields`` is the final refusal of an ineligible PAB, which
    only the rules-following mode makes. So a trial whose state and count
    width equal an earlier one's has the same pairs and PAB (and, when the
    earlier one was the rules-following mode and succeeded, so does the
    narrow mode); only colours and board order (``board_order_unaccelerated``)
    are recomputed. A departure that changes nothing in a round (no Baku, no
    never-paired absentee, no PAB worth a loss ...) costs no second pairing.
    """

    def __init__(self, t: Tournament, rnd: int) -> None:
        self.t = t
        self.rnd = rnd
        self.done: list[tuple[RoundState, int, bool, Solved | None]] = []

    def pair(self, options: DutchOptions) -> RoundPairing | None:
        st = build_state(self.t, self.rnd, options)
        width = count_bits(st.players, options.narrow_count_fields)
        narrow = options.narrow_count_fields
        solved: Solved | None = None
        found = False
        for st2, width2, narrow2, res in self.done:
            if width2 == width and st2 == st and (narrow2 == narrow or (not narrow2 and res is not None)):
                solved, found = res, True
                break
        if not found:
            try:
                solved = match_round(st, narrow=narrow, full_search=options.full_search)
            except NoValidPairing:
                solved = None
            self.done.append((st, width, narrow, solved))
        if solved is None:
            return None
        return to_pairing(st, solved[0], solved[1], options)


def check_round(t: Tournament, rnd: int, base: DutchOptions | None = None) -> RoundCheck:
    """Re-pair one round; when it differs, name the bbpPairings departures that reproduce the file."""
    opts = base or DutchOptions()
    recorded = recorded_pairing(t, rnd)
    trials = _Trials(t, rnd)
    engine = trials.pair(opts)
    result = RoundCheck(rnd, recorded, engine)
    if result.agrees:
        return result
    for name in DEPARTURES:
        if getattr(opts, name):
            continue
        alt = trials.pair(replace(opts, **{name: True}))
        if alt is not None and same_pairing(alt, recorded):
            result.departures.append(name)
    if not result.departures:
        alt = trials.pair(replace(DutchOptions.bbp(), full_search=opts.full_search))
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
