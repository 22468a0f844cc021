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

__all__ = [
    "DEPARTURES",
    "READINGS",
    "RecordedRound",
    "RoundCheck",
    "check_rounds",
    "manual_rounds",
    "read_recorded",
    "recorded_pairing",
    "same_pairing",
]

#: bbpPairings v6.0.0 departures from the rules (dutch-system.md §6.1) by option name.
DEPARTURES: dict[str, str] = {
    "narrow_count_fields": "bbp §6.1 #1: count fields too narrow, PAB to an ineligible player (C.04.1 art. 4, [C2])",
    "baku_half_of_file": "bbp §6.1 #2: Baku group A of ceil(N/2) players of the file (C.04.7: 2*ceil(N/4) of round 1's, frozen)",
    # Arbitro's default since issue 35 (the reading bbpPairings and Gacrux share); kept for the
    # entries of older cross-check logs, which name it.
    "effective_numbers": "bbp §6.1 #3: pairing-number parity skips never-paired absentees (C.04.3 5.2.5)",
    "zero_pab_no_float": "bbp §6.1 #4: no downfloat for a PAB worth a loss (C.04.3 1.4.3)",
    "board_order_unaccelerated": "bbp §6.1 #5: board order without virtual points (C.04.7 1.5)",
}


#: The other reading of a point where the default follows the public engines (issue 35 item 3),
#: by name: the option that reproduces it, and its explanation.
READINGS: dict[str, str] = {
    "literal_numbers": (
        "reading §6.1 #3: the literal pairing number, the fixed TPN of C.04.2 2.3 with never-paired"
        " absentees counted (C.04.3 5.2.5; --literal-tpn; asked of the TEC,"
        " docs/acceptance/discrepancies/departure-3.md)"
    ),
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
    def explanations(self) -> list[str]:
        """The documented departures that explain the difference, as text."""
        return [DEPARTURES.get(name) or READINGS.get(name, name) for name in self.departures]

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


def manual_rounds(t: Tournament) -> dict[int, str]:
    """Round -> the file's ``### MPA @ Round n`` note: rounds the arbiter paired by hand.

    The TEC acceptance checklist (peers.md §3.2, trf.md §2) asks a program to compare a manual
    pairing with the engine's and write the differences as such a line; a checker that re-pairs
    that round differs by design, so it names the round as changed by hand instead.
    """
    out: dict[int, str] = {}
    for line in t.comments:
        text = line.strip()
        if not text.startswith("MPA @ Round "):
            continue
        number = text[len("MPA @ Round ") :].split(":", 1)[0].strip()
        if number.isdigit():
            out[int(number)] = text  # a later change of the same round replaces the earlier note
    return out


def check_round(t: Tournament, rnd: int, base: DutchOptions | None = None) -> RoundCheck:
    """Re-pair one round; when it differs, name the bbpPairings departures that reproduce the file."""
    opts = base or DutchOptions()
    recorded = read_recorded(t, rnd)
    trials = _Trials(t, rnd)
    engine = trials.pair(opts)
    result = RoundCheck(rnd, recorded.pairing, engine, readings=list(recorded.readings),
                        free_colour=recorded.free_colour)  # fmt: skip
    if result.agrees:
        return result
    for name in DEPARTURES:
        if getattr(opts, name):
            continue
        alt = trials.pair(replace(opts, **{name: True}))
        if alt is not None and recorded.matches(alt):
            result.departures.append(name)
    if not result.departures:
        alt = trials.pair(replace(DutchOptions.bbp(), full_search=opts.full_search))
        if alt is not None and recorded.matches(alt):
            result.departures = [n for n in DEPARTURES if not getattr(opts, n)]
    if not result.departures and opts.effective_numbers:  # a file paired with the literal TPN (§6.1 #3)
        alt = trials.pair(replace(opts, effective_numbers=False))
        if alt is not None and recorded.matches(alt):
            result.departures.append("literal_numbers")
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
