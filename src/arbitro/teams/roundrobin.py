"""Berger team round robins (single and double, C.05 Annex 1 tables applied to teams).

The team numbers (TPN) are the table numbers. In every Berger pair the first team has
White on board 1, and the other boards follow the competition's colour pattern
(TRF record 352, :attr:`~arbitro.teams.model.TeamEvent.pattern`). A double round robin
repeats the cycle with colours reversed (:func:`arbitro.pairing.berger.berger_table`).
With an odd number of teams the team meeting the free-round marker is not paired that
round (:attr:`RoundPairing.bye`, a free round recorded as a zero-point bye).
"""

from __future__ import annotations

from arbitro.errors import ArbitroError
from arbitro.pairing.berger import round_pairing, rounds_for
from arbitro.pairing.types import RoundPairing
from arbitro.teams.model import TEAM_DOUBLE_ROUND_ROBIN_KEY, TeamEvent

__all__ = ["is_double", "pair_round", "total_rounds"]


def is_double(event: TeamEvent) -> bool:
    return event.system == TEAM_DOUBLE_ROUND_ROBIN_KEY


def total_rounds(event: TeamEvent) -> int:
    return rounds_for(len(event.teams), is_double(event))


def pair_round(event: TeamEvent, rnd: int | None = None) -> RoundPairing:
    """Round ``rnd`` (default: the first round without a match) of the Berger team table."""
    if rnd is None:
        done = {m.round for m in event.matches}
        rnd = 1
        while rnd in done:
            rnd += 1
    total = total_rounds(event)
    if not 1 <= rnd <= total:
        raise ArbitroError(f"a team round robin of {len(event.teams)} teams has rounds 1-{total}, not {rnd}")
    return round_pairing(sorted(event.teams), rnd, is_double(event))
