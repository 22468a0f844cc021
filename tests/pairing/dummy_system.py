"""A dummy pairing system for the registry tests (issue 14): one module plus one registry entry.

"Top against next": the players present, in pairing-number order, meet in
pairs (1-2, 3-4, ...), the higher number with White in even rounds; the last
one gets the pairing-allocated bye. Not a FIDE system: a seam test.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from arbitro.model import Tournament
from arbitro.pairing import registry
from arbitro.pairing.registry import PairingSystem, PairOptions, SystemKind
from arbitro.pairing.types import Board, RoundPairing

KEY = "top_next"


def pair(t: Tournament, round_number: int | None, options: PairOptions) -> RoundPairing:
    number = round_number if round_number is not None else t.played_rounds + 1
    absent = t.byes_for_round(number)
    present = [p.start_rank for p in t.iter_players() if p.start_rank not in absent]
    bye = present.pop() if len(present) % 2 else None
    boards = tuple(
        Board(b, a) if number % 2 == 0 else Board(a, b) for a, b in zip(present[::2], present[1::2], strict=True)
    )
    return RoundPairing(round=number, boards=boards, bye=bye, unpaired=dict(absent))


SYSTEM = PairingSystem(
    key=KEY,
    name="Top-against-next test system",
    article="none",
    kind=SystemKind.SWISS,
    trf_codes=("ARBITRO_TOP_NEXT_TEST",),
    engine=f"{__name__}:pair",
    type_text="Individual: top against next (test)",
)


@contextmanager
def registered() -> Iterator[PairingSystem]:
    """The dummy system in the registry for the duration of a test."""
    registry.register(SYSTEM)
    try:
        yield SYSTEM
    finally:
        registry.unregister(KEY)
