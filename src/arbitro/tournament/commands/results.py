"""Results: entered, adjourned or postponed, corrected (also for the rating report only).

C.04.2 4.3 (a correction affects only pairings not yet made); VCL4THP Q157-Q169 (adjourned
games), Q189-Q193 (corrections in FIDE mode).
"""

from __future__ import annotations

from arbitro.errors import ArbitroError, msg
from arbitro.limits import check_text
from arbitro.model import ResultCode
from arbitro.tournament import events as ev
from arbitro.tournament.commands.core import ServiceCore
from arbitro.tournament.events import Event
from arbitro.tournament.fide import correctable_rounds
from arbitro.tournament.results import format_result, parse_pending, parse_result
from arbitro.tournament.state import Game, TournamentState

__all__ = ["ResultCommands"]


class ResultCommands(ServiceCore):
    """``enter_result``, ``adjourn_game``, ``correct_result``."""

    def enter_result(
        self, board: int, result: str, round_number: int | None = None, *, confirm: bool = False
    ) -> list[Event]:
        """Enter the result of a board (``1-0``, ``½-½``, ``0-1``, ``1F-0F``, ``0F-1F``, ``0F-0F``, ``½-0`` ...).

        ``*`` (or ``?``, ``adjourned``, ``aplazada``, ``postponed``) records the game as
        adjourned or postponed (VCL4THP Q157, :meth:`adjourn_game`); its result is
        entered later the same way, in any round (Q162), ``confirm`` for a non-draw (Q163).
        """
        status = parse_pending(result)
        if status is not None:
            return self.adjourn_game(board, round_number, status=status)
        s = self._require_open()
        rnd = s.round(round_number)
        game = _board(rnd.boards, board, rnd.number)
        if game.adjourned and not game.has_result:
            self._check_adjourned_result(s, rnd.number, board, result, confirm)
        if game.has_result:
            raise ArbitroError(
                msg(
                    "result.has_result",
                    "result: round {round} board {board} already has {result}; use a correction to change it",
                    round=rnd.number,
                    board=board,
                    result=format_result(game.white_code, game.black_code),
                )
            )
        white, black = parse_result(result, fide_mode=s.fide_mode)
        with self._tx() as tx:
            tx.emit(ev.ResultEntered(round=rnd.number, board=board, white=white.value, black=black.value))
        return list(tx.events)

    def adjourn_game(self, board: int, round_number: int | None = None, *, status: str = "adjourned") -> list[Event]:
        """Record a board as adjourned or postponed: its result is not yet known (VCL4THP Q157).

        Only a board without a result; the game then counts as a draw for pairing
        (Q167), is written ``?`` in the TRF (Q164) and keeps the tournament from
        finishing (Q169) until its result is entered (Q162).
        """
        if status not in ("adjourned", "postponed"):
            raise ArbitroError(f"adjourn: status: expected adjourned or postponed, got {status!r}")
        s = self._require_open()
        rnd = s.round(round_number)
        game = _board(rnd.boards, board, rnd.number)
        if game.has_result:
            raise ArbitroError(
                msg(
                    "adjourn.has_result",
                    "adjourn: round {round} board {board} already has {result}; a finished game cannot be adjourned",
                    round=rnd.number,
                    board=board,
                    result=format_result(game.white_code, game.black_code),
                )
            )
        if game.adjourned:
            raise ArbitroError(
                msg("adjourn.already", "adjourn: round {round} board {board} is already adjourned", round=rnd.number, board=board)
            )
        with self._tx() as tx:
            tx.emit(ev.GameAdjourned(round=rnd.number, board=board, status=status))
        return list(tx.events)

    def _check_adjourned_result(self, s: TournamentState, number: int, board: int, result: str, confirm: bool) -> None:
        """The result of an adjourned game: a non-draw needs a Level-3 confirmation (VCL4THP Q163)
        once a round was paired on its provisional draw (Q167); those rounds stay as paired
        (C.04.2 4.3). Before that, nothing used the provisional score (docs/decisions.md, 2026-12-04).
        """
        white, black = parse_result(result, fide_mode=s.fide_mode)
        later = s.paired_rounds - number
        if (white, black) == (ResultCode.DRAW, ResultCode.DRAW) or confirm or later <= 0:
            return
        raise ArbitroError(
            msg(
                "result.adjourned_confirm",
                "result: round {round} board {board} was adjourned and counted as a draw for pairing; "
                "{later} later round(s) were paired so; confirm the result {result}",
                round=number,
                board=board,
                later=later,
                result=format_result(white, black),
            )
        )

    def correct_result(
        self,
        board: int,
        result: str,
        round_number: int | None = None,
        reason: str = "",
        *,
        rating_report: bool = False,
    ) -> list[Event]:
        """Correct an entered result (C.04.2 4.3: it affects only pairings not yet made).

        FIDE mode corrects only the last paired round and the one before it
        (:func:`~arbitro.tournament.fide.correctable_rounds`; VCL4THP Q189-Q191). An older
        round is refused unless ``rating_report``: the correction is then for the rating
        report only (Q192) -- the standings and the pairings keep the game's result, the
        TRF's ``001`` blocks carry the corrected one and a ``###`` line says so (Q193).
        ``rating_report`` is refused for a round that can still be corrected as usual.
        """
        check_text("reason", reason)
        s = self._require_open()
        rnd = s.round(round_number)
        game = _board(rnd.boards, board, rnd.number)
        if not game.has_result:
            raise ArbitroError(
                msg(
                    "correction.no_result",
                    "correction: round {round} board {board} has no result yet; enter it instead",
                    round=rnd.number,
                    board=board,
                )
            )
        white, black = parse_result(result, fide_mode=s.fide_mode)
        window = correctable_rounds(s)
        if rating_report:
            if rnd.number in window:
                raise ArbitroError(
                    msg(
                        "correction.rating_report_recent",
                        "correction: round {round} is the last paired round or the one before it: correct it as usual; "
                        "a correction for the rating report only is for older rounds (VCL4THP Q192)",
                        round=rnd.number,
                    )
                )
            return self._correct_for_rating_report(rnd.number, board, game, white, black, reason)
        if s.fide_mode and rnd.number not in window:
            raise ArbitroError(
                msg(
                    "correction.fide_old_round",
                    "correction: round {round} is older than the round before the last paired round ({last}); in FIDE "
                    "mode its result stays as it is for the standings and the pairings (VCL4THP Q189-Q191). It can be "
                    "corrected for the rating report only: the TRF then carries the corrected result with a ### line "
                    "(Q192-Q193, C.04.2 4.3)",
                    round=rnd.number,
                    last=s.paired_rounds,
                )
            )
        if (white, black) == (game.white_code, game.black_code):
            raise ArbitroError(
                msg(
                    "correction.same",
                    "correction: round {round} board {board} already has {result}",
                    round=rnd.number,
                    board=board,
                    result=result,
                )
            )
        previous = (game.white_code.value if game.white_code else None, game.black_code.value if game.black_code else None)
        note = ""
        if s.fide_mode:  # every correction visible in the TRF (C.04.2 4.3: it affects only pairings not yet made)
            since = ", ".join(str(n) for n in range(rnd.number + 1, s.paired_rounds + 1))
            later = f"; paired since on the old score: round {since}" if since else ""
            note = (
                f"Correction @ Round {rnd.number} board {board}: "
                f"{_ascii(format_result(game.white_code, game.black_code))} -> {_ascii(format_result(white, black))}"
                f" by {self.author}"
                + later
                + (f": {reason}" if reason else "")
            )
        with self._tx() as tx:
            tx.emit(
                ev.ResultCorrected(
                    round=rnd.number,
                    board=board,
                    white=white.value,
                    black=black.value,
                    previous=previous,
                    reason=reason,
                    note=note,
                )
            )
        return list(tx.events)

    def _correct_for_rating_report(
        self, number: int, board: int, game: Game, white: ResultCode, black: ResultCode, reason: str
    ) -> list[Event]:
        """VCL4THP Q192-Q193: the result for the rating report only, with its ``###`` line (in any mode)."""
        s = self.state
        assert game.white_code is not None and game.black_code is not None
        current = s.rating_report.get((number, board), (game.white_code, game.black_code))
        if (white, black) == current:
            raise ArbitroError(
                msg(
                    "correction.same",
                    "correction: round {round} board {board} already has {result}",
                    round=number,
                    board=board,
                    result=format_result(white, black),
                )
            )
        used = _ascii(format_result(game.white_code, game.black_code))
        new = _ascii(format_result(white, black))
        note = (
            f"Rating report @ Round {number} board {board} ({game.white}-{game.black}): "
            f"{_ascii(format_result(*current))} -> {new} by {self.author}; "
            f"001 carries {new}, the standings and pairings use {used} (C.04.2 4.3)"
            + (f": {reason}" if reason else "")
        )
        with self._tx() as tx:
            tx.emit(
                ev.RatingReportCorrected(
                    round=number,
                    board=board,
                    white=white.value,
                    black=black.value,
                    previous=(current[0].value, current[1].value),
                    reason=reason,
                    note=note,
                )
            )
        return list(tx.events)


def _ascii(result: str) -> str:
    """A result for a ``###`` line of the TRF: ``1/2`` for ``½`` (the record stays plain ASCII)."""
    return result.replace("½", "1/2")


def _board(boards: list[Game], board: int, number: int) -> Game:
    if not 1 <= board <= len(boards):
        raise ArbitroError(
            msg(
                "result.no_board",
                "result: round {round} has boards 1-{last}; there is no board {board}",
                round=number,
                last=len(boards),
                board=board,
            )
        )
    return boards[board - 1]
