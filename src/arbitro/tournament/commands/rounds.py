"""A paired round before its results: changed by hand (``### MPA``), taken back, published.

A round is a draft until published; a two-game match (C.04.5) is changed, unpaired and
published as one.
"""

from __future__ import annotations

from collections.abc import Sequence

from arbitro.errors import ArbitroError, msg
from arbitro.limits import check_text
from arbitro.tournament import events as ev
from arbitro.tournament.commands.core import ServiceCore
from arbitro.tournament.events import Event
from arbitro.tournament.fide import check_manual_pairing, colour_warnings
from arbitro.tournament.manual import mpa_note
from arbitro.tournament.state import replay

__all__ = ["RoundCommands"]


class RoundCommands(ServiceCore):
    """``change_pairing``, ``unpair_round``, ``publish_round``."""

    def change_pairing(
        self,
        boards: Sequence[tuple[int, int]],
        *,
        bye: int | None = None,
        round_number: int | None = None,
        reason: str = "",
    ) -> list[Event]:
        """Replace the pairing of the last paired round by hand (logged as ``### MPA @ Round n``).

        ``boards`` are ``(white, black)`` pairs in board order. Players with a
        requested bye may be put on a board (C.04.2 4.4: they agreed to play);
        every other player of the round must be on a board or get the bye.
        FIDE mode refuses a rematch of a played game (C.04.1 art. 2), a second
        pairing-allocated bye (C.04.1 art. 4), and a change of a published
        round without a reason (C.04.2 4.4).
        """
        check_text("reason", reason)  # it becomes a ``###`` line of the TRF
        s = self._require_open()
        games = s.pairing_system.games_per_round
        if games > 1:
            return self._change_match(boards, bye=bye, round_number=round_number, reason=reason, games=games)
        return self._change_one(boards, bye=bye, round_number=round_number, reason=reason, last=s.paired_rounds)

    def _change_one(
        self, boards: Sequence[tuple[int, int]], *, bye: int | None, round_number: int | None, reason: str, last: int
    ) -> list[Event]:
        s = self.state
        rnd = s.round(round_number)
        if rnd.number != last:
            raise ArbitroError(
                msg("change.not_last", "change pairing: only the last paired round ({round}) can be changed", round=s.paired_rounds)
            )
        entered = [i for i, g in enumerate(rnd.boards, start=1) if g.has_result]
        if entered:
            raise ArbitroError(
                msg(
                    "change.has_results",
                    "change pairing: round {round} already has results on board(s) {boards}",
                    round=rnd.number,
                    boards=", ".join(map(str, entered)),
                )
            )
        seen: list[int] = [p for pair in boards for p in pair] + ([bye] if bye is not None else [])
        for p in seen:
            s.player(p)
            if s.is_withdrawn(p, rnd.number):
                raise ArbitroError(msg("change.withdrawn", "change pairing: player {player} has withdrawn", player=p))
        dupes = sorted({p for p in seen if seen.count(p) > 1})
        if dupes:
            raise ArbitroError(
                msg("change.twice", "change pairing: player(s) {players} appear more than once", players=", ".join(map(str, dupes)))
            )
        unpaired = {p: k for p, k in rnd.unpaired.items() if p not in seen}
        missing = sorted(rnd.participants() - set(seen) - set(unpaired))
        if missing:
            raise ArbitroError(
                msg(
                    "change.left_out",
                    "change pairing: player(s) {players} would be left without a game or bye",
                    players=", ".join(map(str, missing)),
                )
            )
        if s.fide_mode:
            check_manual_pairing(s, boards, bye, rnd.number, rnd.published, reason)
        note = mpa_note(rnd.number, rnd.engine_boards, rnd.engine_bye, list(boards), bye, author=self.author, reason=reason)
        current = [(g.white, g.black) for g in rnd.boards]
        if list(boards) == current and bye == rnd.bye and unpaired == rnd.unpaired:
            raise ArbitroError(msg("change.same", "change pairing: the new pairing is the same as the current one"))
        with self._tx() as tx:
            found = colour_warnings(s, boards, rnd.number)
            if s.is_round_robin:  # a round robin by hand: never the same colour three times in a row (VCL4THP Q102)
                found = [w for w in found if w.code == "change.colour_three"]
            self.warnings.extend(found)  # the absolute colour rules: the arbiter is warned and decides
            tx.emit(
                ev.PairingChanged(
                    round=rnd.number,
                    boards=tuple((w, b) for w, b in boards),
                    bye=bye,
                    unpaired=tuple(sorted(unpaired.items())),
                    reason=reason,
                    mpa=note or "",
                )
            )
        return list(tx.events)

    def _change_match(
        self, boards: Sequence[tuple[int, int]], *, bye: int | None, round_number: int | None, reason: str, games: int
    ) -> list[Event]:
        """A manual pairing of the last two-game match: ``boards`` as in game 1, game 2 reversed (C.04.5 4.4)."""
        s = self.state
        last = s.paired_rounds
        first = last - games + 1
        if round_number is not None and not first <= round_number <= last:
            raise ArbitroError(
                msg(
                    "change.not_last_match",
                    "change pairing: only the last paired match (rounds {first}-{last}) can be changed",
                    first=first,
                    last=last,
                )
            )
        for number in range(first, last + 1):
            entered = [i for i, g in enumerate(s.round(number).boards, start=1) if g.has_result]
            if entered:
                raise ArbitroError(
                    f"change pairing: round {number} already has results on board(s) {', '.join(map(str, entered))}"
                )
        events: list[Event] = []
        start = len(self._events)
        try:
            for number in range(first, last + 1):
                flipped = [(w, b) if (number - first) % 2 == 0 else (b, w) for w, b in boards]
                self._change_one(flipped, bye=bye, round_number=number, reason=reason, last=number)
            events = list(self._events[start:])
        except BaseException:
            del self._events[start:]
            self.state = replay(self._events)
            raise
        return events

    def unpair_round(self, reason: str = "") -> list[Event]:
        """Take back the pairing of the last paired round while none of its results is entered.

        The round is paired again as if it never had been (the byes requested
        for it stand again); in FIDE mode the unpairing is written into the TRF
        as ``### Unpaired @ Round n by <author>`` (the acceptance checklist's
        rule that every arbiter intervention is visible in the file).
        """
        check_text("reason", reason)
        s = self._require_open()
        last = s.round().number
        games = s.pairing_system.games_per_round  # a two-game match (C.04.5) is taken back whole
        numbers = list(range(last, last - (last - 1) % games - 1, -1))
        for number in numbers:
            entered = [i for i, g in enumerate(s.round(number).boards, start=1) if g.has_result]
            if entered:
                raise ArbitroError(
                    f"unpair: round {number} already has results on board(s) {', '.join(map(str, entered))}"
                )
        with self._tx() as tx:
            for number in numbers:
                note = ""
                if s.fide_mode:
                    note = f"Unpaired @ Round {number} by {self.author}" + (f": {reason}" if reason else "")
                tx.emit(ev.RoundUnpaired(round=number, reason=reason, note=note))
        return list(tx.events)

    def publish_round(self, round_number: int | None = None) -> list[Event]:
        """Publish a round; both game columns of a two-game match at once (C.04.5)."""
        s = self._require_open()
        rnd = s.round(round_number)
        if rnd.published:
            raise ArbitroError(msg("publish.already", "publish: round {round} is already published", round=rnd.number))
        games = s.pairing_system.games_per_round
        first = rnd.number - (rnd.number - 1) % games
        numbers = [n for n in range(first, min(first + games, s.paired_rounds + 1)) if not s.round(n).published]
        with self._tx() as tx:
            for number in numbers:
                tx.emit(ev.RoundPublished(round=number))
        return list(tx.events)
