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
from arbitro.tournament.numbers import (
    LAST_ROUND_FOR_RENUMBERING,
    TIE_ORDERS,
    draw_initial_colour,
    draw_lots,
    swiss_key,
    swiss_order,
)
from arbitro.tournament.state import TournamentState

__all__ = ["NumberingCommands", "number_players"]


class NumberingCommands(ServiceCore):
    """``assign_pairing_numbers``, ``announce_tie_order``, ``exchange_pairing_numbers``."""

    def assign_pairing_numbers(
        self, seed: int | None = None, *, order: Sequence[int] | None = None, confirm: bool = False
    ) -> list[Event]:
        """Swiss: C.04.2 2.2 order (and the initial colour by lot); round robin: numbers by lot, or by hand.

        The lot uses ``seed`` (random if ``None``), recorded in the event so
        the draw can be checked. Refused after round 4 has been paired
        (C.04.2 2.3, VCL.09) and, for a round robin, after round 1.

        ``order``: a round robin's numbers set by hand before round 1 (VCL4THP Q95;
        C.05 leaves the allocation to the lot or the organiser, e.g. the Varma
        tables of C.05 Annex 2 drawn with envelopes): every player's current number
        once, the player listed first getting number 1 (``method="manual"``).

        Numbers exchanged by hand (:meth:`exchange_pairing_numbers`) would be undone by a new
        numbering of a Swiss: refused without ``confirm`` (Level 3, VCL4THP Q147-Q154).
        """
        if order is None:
            _check_exchanges_undone(self.state, confirm)
        with self._tx() as tx:
            if order is None:
                number_players(tx, seed)
            else:
                _numbers_by_hand(tx, order)
        return list(tx.events)

    def announce_tie_order(self, criterion: str, seed: int | None = None, *, confirm: bool = False) -> list[Event]:
        """The announced order of players of equal rating and title (C.04.2 2.2 (3), VCL4THP Q146).

        ``criterion``: ``name`` (alphabetical, the rule's default), ``fide_id`` (ascending FIDE ID),
        ``age`` (the older first) or ``lot`` (drawn with ``seed``, random if ``None``, recorded).
        Announced before round 1 is paired; numbers already assigned to a Swiss follow it at once
        (numbers exchanged by hand are then undone: refused without ``confirm``, Level 3).
        """
        s = self._require_open()
        if criterion not in TIE_ORDERS:
            raise ArbitroError(
                msg(
                    "numbers.tie_order",
                    "tie order: expected one of {orders}, got {got!r}",
                    orders=", ".join(TIE_ORDERS),
                    got=criterion,
                )
            )
        if s.rounds:
            raise ArbitroError(
                msg(
                    "numbers.tie_order_late",
                    "tie order: the order for equal rating and title is announced before round 1 is paired (C.04.2 2.2)",
                )
            )
        if s.numbers_assigned:
            _check_exchanges_undone(s, confirm)
        if criterion == "lot" and seed is None:
            seed = secrets.randbelow(2**31)
        with self._tx() as tx:
            tx.emit(ev.TieOrderAnnounced(criterion=criterion, seed=seed if criterion == "lot" else None))
            st = tx.state
            if st.numbers_assigned and not st.is_round_robin and len(st.header.players) >= 2:
                order = tuple(swiss_order(st.header.players.values(), st.tie_order, st.tie_seed))
                if order != tuple(sorted(st.header.players)):
                    tx.emit(ev.PairingNumbersAssigned(order=order, method="rating"))
        return list(tx.events)

    def exchange_pairing_numbers(self, first: int, second: int, *, reason: str = "", confirm: bool = False) -> list[Event]:
        """Exchange two players' pairing numbers without touching their ratings (VCL4THP Q147).

        C.04.2 2.3: ranking errors may be corrected and numbers reassigned, not after round 4 has
        been paired. In FIDE mode only players of equal rating and title can be exchanged (their
        order is the announced tie criterion, C.04.2 2.2 (3)); to change any other order, correct
        the rating or title. A pairing-integrity event: refused without ``confirm`` with its
        consequences (Level 3: confirm or cancel), then written to the TRF as a ``###`` line.
        """
        s = self._require_open()
        a, b = s.player(first), s.player(second)
        if first == second:
            raise ArbitroError(msg("numbers.exchange_same", "exchange: give two different pairing numbers"))
        check_renumbering(s)
        if s.fide_mode and not s.is_round_robin and swiss_key(a)[:2] != swiss_key(b)[:2]:
            raise ArbitroError(
                msg(
                    "numbers.exchange_order",
                    "exchange: {first} and {second} differ in rating or title; in FIDE mode their numbers follow the "
                    "C.04.2 2.2 order: correct the rating or title instead",
                    first=first,
                    second=second,
                )
            )
        if not confirm:
            raise ArbitroError(
                msg(
                    "numbers.exchange_confirm",
                    "exchange: {first} ({first_name}) becomes {second} and {second} ({second_name}) becomes {first}, "
                    "in every paired round, and the TRF records it (###); confirm to exchange (Level 3)",
                    first=first,
                    second=second,
                    first_name=a.name,
                    second_name=b.name,
                )
            )
        low, high = sorted((first, second))
        when = f"@ Round {s.paired_rounds}" if s.paired_rounds else "before Round 1"
        note = (
            f"Pairing numbers exchanged {when}: {low} <-> {high}"
            f"{f' ({reason.strip()})' if reason.strip() else ''} by {self.author}"
        )
        with self._tx() as tx:
            tx.emit(ev.PairingNumbersExchanged(players=(low, high), reason=reason.strip(), note=note))
        return list(tx.events)


def _check_exchanges_undone(st: TournamentState, confirm: bool) -> None:
    """Level 3 before a numbering by the rules undoes numbers exchanged by hand (VCL4THP Q147-Q154)."""
    if st.numbers_exchanged and not st.is_round_robin and not confirm:
        raise ArbitroError(
            msg(
                "numbers.exchanges_undone",
                "pairing numbers: numbering the players again by the C.04.2 2.2 order undoes the numbers exchanged by "
                "hand; confirm to renumber (Level 3)",
            )
        )


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
            order=tuple(swiss_order(st.header.players.values(), st.tie_order, st.tie_seed)),
            method="rating",
            seed=seed,
            initial_colour=draw_initial_colour(seed).value,
        )
    else:
        order = tuple(swiss_order(st.header.players.values(), st.tie_order, st.tie_seed))
        data = ev.PairingNumbersAssigned(order=order, method="rating")
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
