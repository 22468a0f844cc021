"""Standings: expelled players, shared places, ties ranked by hand, external tie-break values,
unrated players and events over 30 days (VCL4THP Q197-216; issue 34 item 4).

The standings read these settings from the tournament (:func:`arbitro.standings.compute_standings`);
here they are checked and recorded as events (:mod:`arbitro.tournament.events`).
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal, InvalidOperation

from arbitro.errors import ArbitroError
from arbitro.standings.ratings import UNRATED_METHODS, event_days, suggested_long_event
from arbitro.tiebreaks.spec import TiebreakSpecError, parse_tiebreak
from arbitro.tournament import events as ev
from arbitro.tournament.commands.core import ServiceCore
from arbitro.tournament.events import Event

__all__ = ["StandingsCommands"]


class StandingsCommands(ServiceCore):
    """``expel``, ``set_standings_options``, ``enter_tiebreak_value``, ``set_rating_from_round``."""

    def expel(self, player: int, from_round: int | None = None, reason: str = "") -> list[Event]:
        """Expel a player from ``from_round`` on (default: the next round to pair).

        He is no longer paired and is left out of the standings (VCL4THP Q197-198); his games
        played stay, for his opponents' tie-breaks and the rating report.
        """
        s = self._require_open()
        s.player(player)
        if player in s.header.expelled:
            raise ArbitroError(f"expel: player {player} has already been expelled")
        first = s.paired_rounds + 1 if from_round is None else from_round
        if first < 1:
            raise ArbitroError(f"expel: expected a round >= 1, got {first}")
        with self._tx() as tx:
            tx.emit(ev.PlayerExpelled(player=player, from_round=first, reason=reason))
        return list(tx.events)

    def set_standings_options(
        self,
        *,
        shared_places: bool | None = None,
        ties_by_hand: Sequence[int] | None = None,
        unrated_method: str | None = None,
        unrated_rating: int | None = None,
        long_event: bool | None = None,
        rating_round: int | None = None,
    ) -> list[Event]:
        """How the standings treat ties, unrated players and long events (``None``: unchanged).

        ``unrated_method``: ``lowest``, ``average`` (C.07 Art. 10 preamble, VCL4THP Q209),
        ``fixed`` with ``unrated_rating``, or ``""`` (none: the rating tie-breaks are dropped when
        unrated players are present). ``rating_round`` ``0``: the first rating (Q215).
        ``warnings`` says when the dates suggest a long event that is not flagged (Q210).
        """
        s = self._require_open()
        if ties_by_hand is not None:
            order = list(ties_by_hand)
            if len(set(order)) != len(order):
                raise ArbitroError("standings: ties by hand: a player is listed twice")
            for p in order:
                s.player(p)
        if unrated_method is not None:
            if unrated_method not in ("", "fixed", *UNRATED_METHODS):
                raise ArbitroError(
                    f"standings: unrated method: expected lowest, average or fixed, got {unrated_method!r}"
                )
            if (unrated_method == "fixed") != (unrated_rating is not None):
                raise ArbitroError("standings: unrated players: a fixed rating goes with the method 'fixed'")
            if unrated_rating is not None and unrated_rating < 0:
                raise ArbitroError(f"standings: unrated rating: expected >= 0, got {unrated_rating}")
        elif unrated_rating is not None:
            raise ArbitroError("standings: unrated players: a fixed rating goes with the method 'fixed'")
        if rating_round is not None and rating_round < 0:
            raise ArbitroError(f"standings: rating round: expected a round >= 0, got {rating_round}")
        with self._tx() as tx:
            tx.emit(
                ev.StandingsOptionsChanged(
                    shared_places=shared_places,
                    ties_by_hand=None if ties_by_hand is None else tuple(ties_by_hand),
                    unrated_method=unrated_method,
                    unrated_rating=unrated_rating,
                    long_event=long_event,
                    rating_round=rating_round,
                )
            )
        h = self.state.header
        if not h.long_event and suggested_long_event(h):
            self.warnings.append(
                f"the rounds span {event_days(h)} days (over 30): flag the event as long (VCL4THP Q210)"
            )
        return list(tx.events)

    def enter_tiebreak_value(self, player: int, tiebreak: str, value: Decimal | str | None) -> list[Event]:
        """A tie-break value computed outside, entered by the arbiter (Q207); ``None`` removes it.

        ``tiebreak`` is written as in the tie-break list (``BH/C1``); the standings use the value
        for that player and mark it as external.
        """
        s = self._require_open()
        s.player(player)
        try:
            code = parse_tiebreak(tiebreak).text
        except TiebreakSpecError as err:
            raise ArbitroError(f"tie-break value: {err}") from None
        text = ""
        if value is not None:
            try:
                number = Decimal(str(value))
            except InvalidOperation:
                raise ArbitroError(f"tie-break value: expected a number, got {value!r}") from None
            if not number.is_finite():
                raise ArbitroError(f"tie-break value: expected a number, got {value!r}")
            text = str(number)
        with self._tx() as tx:
            tx.emit(ev.TiebreakValueEntered(player=player, tiebreak=code, value=text))
        return list(tx.events)

    def set_rating_from_round(self, player: int, from_round: int, rating: int) -> list[Event]:
        """A player's rating in force from ``from_round`` on, in an event over 30 days (Q212-213)."""
        s = self._require_open()
        s.player(player)
        if from_round < 1:
            raise ArbitroError(f"rating from round: expected a round >= 1, got {from_round}")
        if s.total_rounds is not None and from_round > s.total_rounds:
            raise ArbitroError(f"rating from round: the tournament has {s.total_rounds} rounds")
        if rating < 0:
            raise ArbitroError(f"rating from round: expected a rating >= 0, got {rating}")
        with self._tx() as tx:
            tx.emit(ev.RatingFromRound(player=player, from_round=from_round, rating=rating))
        return list(tx.events)
