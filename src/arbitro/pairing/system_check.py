"""Pairing checker for any registered Swiss system (C.02 technical acceptance).

The Dutch checker (:mod:`arbitro.pairing.checker`) also names bbpPairings'
departures; this one re-pairs every round of a tournament with the engine of
a :class:`~arbitro.pairing.registry.PairingSystem` and compares the result
with the file, as C.04.2 1.3 asks (identical pairings, colours and PAB).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace

from arbitro.model import Tournament
from arbitro.pairing.checker import RoundCheck, recorded_pairing
from arbitro.pairing.registry import PairingSystem, PairOptions, SystemKind
from arbitro.pairing.types import NoValidPairing

__all__ = ["check_system"]


def check_system(
    t: Tournament,
    system: PairingSystem,
    options: PairOptions | None = None,
    progress: Callable[[int], None] | None = None,
) -> Iterator[RoundCheck]:
    """Re-pair every paired round of ``t`` with ``system`` and compare it with the file."""
    opts = options or PairOptions()
    double = system.kind is SystemKind.DOUBLE_SWISS  # one match = two TRF rounds (docs/decisions.md)
    rounds = (t.played_rounds + 1) // 2 if double else t.played_rounds
    for rnd in range(1, rounds + 1):
        recorded = recorded_pairing(t, 2 * rnd - 1) if double else recorded_pairing(t, rnd)
        if double:
            recorded = replace(recorded, round=rnd)
        try:
            engine = system.pair(t, rnd, opts)
        except NoValidPairing:
            engine = None
        yield RoundCheck(rnd, recorded, engine)
        if progress is not None:
            progress(rnd)
