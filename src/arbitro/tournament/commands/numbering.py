"""Pairing numbers: the C.04.2 2.2 order of a Swiss, a round robin's lot or its numbers set by hand.

:func:`number_players` is also the first step of pairing round 1 when no numbers were assigned.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from arbitro.errors import ArbitroError, msg
from arbitro.tournament import events as ev
from arbitro.tournament.commands.core import ServiceCore, Tx
from arbitro.tournament.events import Event
from arbitro.tournament.numbers import LAST_ROUND_FOR_RENUMBERING, draw_initial_colour, draw_lots, swiss_order
from arbitro.tournament.state import TournamentState

__all__ = ["NumberingCommands", "number_players"]


class NumberingCommands(ServiceCore):
    """``assign_pairing_numbers``."""

    def assign_pairing_numbers(self, seed: int | None = None, *, order: Sequence[int] | None = None) -> list[Event]:
        """Swiss: C.04.2 2.2 order (and the initial colour by lot); round robin: numbers by lot, or by hand.

        The lot uses ``seed`` (random if ``None``), recorded in the event so
        the draw can be checked. Refused after round 4 has been paired
        (C.04.2 2.3, VCL.09) and, for a round robin, after round 1.

        ``order``: a round robin's numbers set by hand before round 1 (VCL4THP Q95;
        C.05 leaves the allocation to the lot or the organiser, e.g. the Varma
        tables of C.05 Annex 2 drawn with envelopes): every player's current number
        once, the player listed first getting number 1 (``method="manual"``).
        """
        with self._tx() as tx:
            if order is None:
                number_players(tx, seed)
            else:
                _numbers_by_hand(tx, order)
        return list(tx.events)


def check_renumbering(st: TournamentState) -> None:
    """Refuse new pairing numbers: too few players, a round robin already paired, after round 4 (C.04.2 2.3)."""
    if not st.created:
        raise ArbitroError(msg("tournament.not_created", "the tournament has not been created yet"))
    if st.finished:
        raise ArbitroError(msg("tournament.finished", "the tournament is finished; re-open it first"))
    if len(st.header.players) < 2:
        raise ArbitroError(msg("numbers.too_few", "pairing numbers: register at least 2 players first"))
    if st.is_round_robin and st.paired_rounds:
        raise ArbitroError(msg("numbers.rr_paired", "pairing numbers: a round robin's numbers cannot change once round 1 is paired"))
    if st.paired_rounds >= LAST_ROUND_FOR_RENUMBERING:
        raise ArbitroError(
            msg(
                "numbers.late",
                "pairing numbers: they may not change after round {round} has been paired (C.04.2 2.3)",
                round=LAST_ROUND_FOR_RENUMBERING,
            )
        )


def number_players(tx: Tx, seed: int | None) -> None:
    """Swiss: the C.04.2 2.2 order (and the initial colour by lot if not announced); round robin: by lot."""
    st = tx.state
    check_renumbering(st)
    if seed is None:
        seed = secrets.randbelow(2**31)
    if st.is_round_robin:
        data = ev.PairingNumbersAssigned(order=tuple(draw_lots(st.header.players, seed)), method="lots", seed=seed)
    elif st.header.initial_colour is None:
        data = ev.PairingNumbersAssigned(
            order=tuple(swiss_order(st.header.players.values())),
            method="rating",
            seed=seed,
            initial_colour=draw_initial_colour(seed).value,
        )
    else:
        data = ev.PairingNumbersAssigned(order=tuple(swiss_order(st.header.players.values())), method="rating")
    tx.emit(data)


def _numbers_by_hand(tx: Tx, order: Sequence[int]) -> None:
    st = tx.state
    if st.created and not st.is_round_robin:
        raise ArbitroError(
            msg(
                "numbers.manual_swiss",
                "pairing numbers: a Swiss's numbers follow the C.04.2 2.2 order (rating, title, name); only a round "
                "robin's can be set by hand (VCL4THP Q95)",
            )
        )
    check_renumbering(st)
    expected = sorted(st.header.players)
    if sorted(order) != expected:
        raise ArbitroError(
            msg(
                "numbers.manual_order",
                "pairing numbers: list each of the {count} players' current numbers ({numbers}) exactly once, "
                "in the new order; got {got}",
                count=len(expected),
                numbers=_span(expected),
                got=", ".join(map(str, order)) or "nothing",
            )
        )
    tx.emit(ev.PairingNumbersAssigned(order=tuple(order), method="manual"))


def _span(numbers: Sequence[int]) -> str:
    """``1-8`` for consecutive numbers, else the list."""
    if numbers and list(numbers) == list(range(numbers[0], numbers[0] + len(numbers))):
        return f"{numbers[0]}-{numbers[-1]}"
    return ", ".join(map(str, numbers))
