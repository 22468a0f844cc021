"""Adapters from the registry's one signature to each engine (issue 14).

Each function has the :data:`arbitro.pairing.registry.PairFunction` shape
``(tournament, round_number_or_None, options) -> RoundPairing``.
"""

from __future__ import annotations

from arbitro.model import Tournament
from arbitro.pairing.registry import PairOptions
from arbitro.pairing.types import RoundPairing

__all__ = ["pair_berger", "pair_dutch"]


def pair_dutch(t: Tournament, round_number: int | None, options: PairOptions) -> RoundPairing:
    """FIDE Dutch (C.04.3); ``bbp_compat`` switches on bbpPairings' documented departures."""
    from arbitro.pairing.dutch import pair_round
    from arbitro.pairing.dutch_state import DutchOptions

    return pair_round(t, round_number, DutchOptions.bbp() if options.bbp_compat else DutchOptions())


def pair_berger(t: Tournament, round_number: int | None, options: PairOptions) -> RoundPairing:
    """Berger tables (C.05 Annex 1): the next round of a single or double round robin."""
    from arbitro.pairing.berger import next_round_pairing

    pairing = next_round_pairing(t)
    if round_number is not None and pairing.round != round_number:
        raise ValueError(f"round {round_number} asked, but the next round of the round robin is {pairing.round}")
    return pairing
