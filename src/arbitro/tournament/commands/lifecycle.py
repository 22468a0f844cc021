"""A tournament's life: created, out of FIDE mode (Level 4, VCL4THP Q43-Q45), finished, re-opened."""

from __future__ import annotations

import datetime
import hashlib
from collections.abc import Sequence
from decimal import Decimal

from arbitro.errors import ArbitroError, msg
from arbitro.limits import check_text
from arbitro.model import ScoringSystem
from arbitro.pairing import registry
from arbitro.pairing.registry import PairingSystem
from arbitro.tournament import events as ev
from arbitro.tournament.byes import ByeLimits
from arbitro.tournament.commands.core import ServiceCore
from arbitro.tournament.events import Event
from arbitro.tournament.fide import check_scoring, check_tiebreaks
from arbitro.tournament.state import TournamentState, apply, pairing_system

__all__ = ["LifecycleCommands"]


class LifecycleCommands(ServiceCore):
    """``create``, ``fide_exit_token``, ``leave_fide_mode``, ``finish``, ``reopen``."""

    def create(
        self,
        *,
        name: str,
        system: str | None = None,
        rounds: int | None = None,
        city: str = "",
        federation: str = "",
        start_date: str = "",
        end_date: str = "",
        chief_arbiter: str = "",
        time_control: str = "",
        time_control_code: str = "",
        initial_colour: str | None = None,
        scoring: dict[str, str] | None = None,
        bye_limits: ByeLimits | None = None,
        tiebreaks: Sequence[str] = (),
    ) -> list[Event]:
        """Create the tournament (first event of a log).

        ``system``: a key or alias of :func:`arbitro.pairing.registry.service_systems`
        (default: the first Swiss system, FIDE Dutch).
        """
        if self.state.created:
            raise ArbitroError(msg("tournament.exists", "the tournament already exists"))
        if not name.strip():
            raise ArbitroError(msg("create.no_name", "name: a tournament needs a name"))
        for label, text in (("tournament name", name), ("city", city), ("federation", federation),
                            ("chief arbiter", chief_arbiter), ("time control", time_control),
                            ("time control code", time_control_code)):  # fmt: skip
            check_text(label, text)  # no control characters; field widths (limits.md)
        chosen = pairing_system(system) if system is not None else registry.default_swiss()
        system = chosen.key
        _check_announced_rounds(chosen, rounds)
        _check_dates(start_date, end_date)
        if scoring is not None:
            _check_scoring_fields(scoring)
        check_tiebreaks(system, tiebreaks)
        if rounds is not None:
            # C.04.5: a round of two-game matches takes two TRF round columns (docs/decisions.md);
            # the log, like the file's 142, counts columns
            rounds *= chosen.games_per_round
        if initial_colour not in (None, "w", "b"):
            raise ArbitroError(msg("create.initial_colour", "initial colour: expected w or b, got {got!r}", got=initial_colour))
        data = ev.TournamentCreated(
            name=name.strip(),
            system=system,
            rounds=rounds,
            city=city,
            federation=federation,
            start_date=start_date,
            end_date=end_date,
            chief_arbiter=chief_arbiter,
            time_control=time_control,
            time_control_code=time_control_code,
            initial_colour=initial_colour,
            scoring=scoring,
            bye_limits=dict((bye_limits or ByeLimits()).to_dict()),
            tiebreaks=tuple(tiebreaks),
        )
        scratch = TournamentState()
        apply(scratch, Event.of(data))  # validates dates and scoring
        check_scoring(scratch.header.scoring)
        with self._tx() as tx:
            tx.emit(data)
        return list(tx.events)

    def fide_exit_token(self) -> str:
        """The token the second step of leaving FIDE mode must repeat (Level 4, VCL4THP Q43).

        Shown only by the first step's warning; it names this tournament at this point of its
        log (``LEAVE-`` and six hex digits), so a confirmation given before any later change, or
        for another tournament, is refused.
        """
        s = self.state
        seed = f"{s.header.name}|{len(self._events)}|{self._events[-1].timestamp if self._events else ''}"
        return "LEAVE-" + hashlib.sha256(seed.encode("utf-8")).hexdigest()[:6].upper()

    def leave_fide_mode(self, confirm: bool = False, reason: str = "", token: str = "") -> list[Event]:
        """Leave FIDE mode for good: a Level-4 (two-step) confirmation (VCL4THP Q43), a ``###`` line (Q44).

        Step one (``confirm`` without the token, or a wrong token) is refused with the consequences and
        :meth:`fide_exit_token`; step two repeats that token (``token=``) and only then acts. Irreversible
        (no event sets FIDE mode back, Q45).
        """
        check_text("reason", reason)
        s = self._require_open()
        if not s.fide_mode:
            raise ArbitroError(msg("fide.left", "FIDE mode: the tournament has already left FIDE mode"))
        if not confirm:
            raise ArbitroError(
                msg(
                    "fide.confirm",
                    "FIDE mode: leaving FIDE mode cannot be undone and is written into the TRF; confirm it explicitly",
                )
            )
        expected = self.fide_exit_token()
        if token.strip().upper() != expected:
            raise ArbitroError(
                msg(
                    "fide.confirm_level4",
                    "FIDE mode: WARNING: leaving FIDE mode cannot be undone; the TRF and the event log say so for "
                    "good (a ### line); the FIDE-mode checks stop (results worth more than one point per game, "
                    "corrections of older rounds, the number of rounds) and the federation may refuse to rate the "
                    "tournament. Nothing has changed yet: to leave FIDE mode, confirm a second time with the "
                    "token {token}",
                    token=expected,
                )
            )
        with self._tx() as tx:
            stamp = tx.clock()
            note = f"FIDE mode left on {stamp} by {self.author}" + (f": {reason}" if reason else "")
            tx.emit(ev.FideModeLeft(reason=reason, note=note), timestamp=stamp)
        return list(tx.events)

    def finish(self, reason: str = "") -> list[Event]:
        """Close the tournament (an event: the status follows from the log and stays until re-opened).

        Refused while the last paired round is missing results; a tournament
        may end before its announced rounds (the arbiter decides; a warning says so).
        """
        s = self._require_open()
        self._check_no_adjourned()
        if s.rounds and not s.rounds[-1].complete:
            missing = ", ".join(map(str, s.rounds[-1].missing_boards()))
            raise ArbitroError(
                msg(
                    "finish.incomplete",
                    "finish: round {round} has no result yet on board(s) {boards}",
                    round=s.paired_rounds,
                    boards=missing,
                )
            )
        with self._tx() as tx:
            if s.total_rounds is not None and s.paired_rounds < s.total_rounds:
                self.warnings.append(
                    msg("finish.early", "finished after {played} of {total} rounds", played=s.paired_rounds, total=s.total_rounds)
                )
            tx.emit(ev.TournamentFinished(reason=reason))
        return list(tx.events)

    def _check_no_adjourned(self) -> None:
        """No final standings or report while a game is adjourned or postponed (VCL4THP Q169, hard fail)."""
        open_games = self._require_created().adjourned_games()
        if open_games:
            raise ArbitroError(
                msg(
                    "final.adjourned",
                    "finish: the result of the adjourned game(s) {games} is not yet known; enter it first",
                    games=", ".join(f"round {r} board {b}" for r, b in open_games),
                )
            )

    def reopen(self, reason: str = "") -> list[Event]:
        """Open a finished tournament again (to correct a result, C.04.2 4.3, or play on)."""
        s = self._require_created()
        if not s.finished:
            raise ArbitroError(msg("reopen.not_finished", "re-open: the tournament is not finished"))
        with self._tx() as tx:
            tx.emit(ev.TournamentReopened(reason=reason))
        return list(tx.events)


def _check_announced_rounds(chosen: PairingSystem, rounds: int | None) -> None:
    """C.04.1 art. 1: a Swiss announces its rounds in advance; a round robin's follow from its players."""
    if not chosen.is_round_robin and (rounds is None or rounds < 1):
        raise ArbitroError(
            msg("create.swiss_rounds", "rounds: a Swiss tournament needs the number of rounds announced in advance (C.04.1 art. 1)")
        )
    if chosen.is_round_robin and rounds is not None:
        raise ArbitroError(msg("create.rr_rounds", "rounds: a round robin's rounds follow from the number of players; leave it out"))


def _check_dates(start_date: str, end_date: str) -> None:
    """Dates as YYYY-MM-DD, the end not before the start."""
    for label, text in ((msg("field.start_date", "start date"), start_date), (msg("field.end_date", "end date"), end_date)):
        if text:
            try:
                datetime.date.fromisoformat(text)
            except ValueError:
                raise ArbitroError(msg("field.date", "{label}: expected YYYY-MM-DD, got {text!r}", label=label, text=text)) from None
    if start_date and end_date and end_date < start_date:
        raise ArbitroError(
            msg("create.end_before_start", "end date: {end} is before the start date {start}", end=end_date, start=start_date)
        )


def _check_scoring_fields(scoring: dict[str, str]) -> None:
    """The scoring's fields are :class:`~arbitro.model.ScoringSystem`'s, each a number."""
    unknown = set(scoring) - set(ScoringSystem.__dataclass_fields__)
    if unknown:
        raise ArbitroError(
            f"scoring: unknown field(s) {', '.join(sorted(unknown))}; expected "
            f"{', '.join(ScoringSystem.__dataclass_fields__)}"
        )
    for key, value in scoring.items():
        try:
            Decimal(str(value))
        except ArithmeticError:
            raise ArbitroError(
                msg("create.scoring_value", "scoring: {key}: expected a number such as 1 or 0.5, got {got!r}", key=key, got=value)
            ) from None
