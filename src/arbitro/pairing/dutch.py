"""FIDE Dutch system (C.04.3, rules in force from 1 February 2026).

Public entry point: :func:`pair_round`. The engine reproduces bbpPairings
v6.0.0 (the FIDE-endorsed reference) except where it departs from the rules
(dutch-system.md §6.1); :class:`DutchOptions` switches those departures on for
comparison with files bbpPairings produced.
"""

from __future__ import annotations

from arbitro.model import Colour, Tournament
from arbitro.pairing.colours import allocate, board_key
from arbitro.pairing.dutch_round import match_round
from arbitro.pairing.dutch_state import DutchOptions, PlayerState, RoundState, build_state
from arbitro.pairing.types import Board, NoValidPairing, RoundPairing

__all__ = ["DutchOptions", "NoValidPairing", "next_round_number", "pair_round", "to_pairing"]


def next_round_number(t: Tournament) -> int:
    """The first round without a pairing (the round after the results present)."""
    return t.played_rounds + 1


def pair_round(
    t: Tournament, round_number: int | None = None, options: DutchOptions | None = None
) -> RoundPairing:
    """Pair round ``round_number`` (default: the next one) from rounds 1..round_number-1.

    Honours requested byes (``t.requested_byes`` and H/F/Z entries already
    written in that round), prohibited pairings, accelerations, the initial
    colour (inferred from round 1 when the file has none) and the scoring
    system. Raises :class:`NoValidPairing` when no pairing satisfies the
    absolute criteria.
    """
    rnd = round_number if round_number is not None else next_round_number(t)
    if rnd < 1:
        raise ValueError(f"round number must be at least 1, got {rnd}")
    opts = options or DutchOptions()
    st = build_state(t, rnd, opts)
    pairs, bye = match_round(st, narrow=opts.narrow_count_fields, full_search=opts.full_search)
    return to_pairing(st, pairs, bye, opts)


def to_pairing(
    st: RoundState, pairs: list[tuple[PlayerState, PlayerState]], bye: PlayerState | None, options: DutchOptions
) -> RoundPairing:
    """Colours (C.04.3 Art. 5) and board order (C.04.2 3.6) of the pairs :func:`match_round` chose."""
    boards = []
    for a, b in pairs:
        if allocate(a, b, st.initial_colour) is Colour.WHITE:
            boards.append((a, b))
        else:
            boards.append((b, a))
    accelerated = not options.board_order_unaccelerated
    boards.sort(key=lambda wb: board_key(wb[0], wb[1], accelerated))
    return RoundPairing(
        round=st.round,
        boards=tuple(Board(w.id, b.id) for w, b in boards),
        bye=bye.id if bye is not None else None,
        unpaired=dict(sorted(st.unpaired.items())),
    )
