"""FMA 11.1: sanctions and their effects.

=========================  ===========  ==========================================
kind                        article      effect in Arbitro
=========================  ===========  ==========================================
``warning``                 11.1.1       recorded only
``game_loss``               11.1.2       the round's game becomes a loss (opponent wins)
``point_deduction``         11.1.3       points taken off the final score (TRF ``299``)
``expulsion``               11.1.4       withdrawn from the tournament from a round on
``fine``                    11.1.5       recorded only
``ban_next``                11.1.6       refused at the next tournament of the category that year
``ban_fma``                 11.1.7       refused at every FMA tournament (until a date, if given)
``fma_expulsion``           11.1.8       refused everywhere; out of the Torneo Mayor
=========================  ===========  ==========================================
"""

from __future__ import annotations

import copy
import datetime as _dt
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from arbitro.federations.fma.messages import Message, msg
from arbitro.model import RawRecord, ResultCode, RoundResult, Tournament

__all__ = ["Sanction", "SanctionKind", "apply_to_tournament", "deduction_record", "describe"]


class SanctionKind(StrEnum):
    WARNING = "warning"
    GAME_LOSS = "game_loss"
    POINT_DEDUCTION = "point_deduction"
    EXPULSION = "expulsion"
    FINE = "fine"
    BAN_NEXT = "ban_next"
    BAN_FMA = "ban_fma"
    FMA_EXPULSION = "fma_expulsion"

    @property
    def article(self) -> str:
        return _ARTICLES[self]


_ARTICLES = {
    SanctionKind.WARNING: "FMA 11.1.1",
    SanctionKind.GAME_LOSS: "FMA 11.1.2",
    SanctionKind.POINT_DEDUCTION: "FMA 11.1.3",
    SanctionKind.EXPULSION: "FMA 11.1.4",
    SanctionKind.FINE: "FMA 11.1.5",
    SanctionKind.BAN_NEXT: "FMA 11.1.6",
    SanctionKind.BAN_FMA: "FMA 11.1.7",
    SanctionKind.FMA_EXPULSION: "FMA 11.1.8",
}


@dataclass(frozen=True, slots=True)
class Sanction:
    """One sanction (FMA 11.1) decided on ``date``.

    ``tournament`` and ``round`` locate game losses, deductions and expulsions;
    ``points`` is the deduction; ``amount`` the fine; ``until`` ends a ban
    from FMA tournaments (``None``: indefinite).
    """

    player: str
    kind: SanctionKind
    date: _dt.date
    tournament: str = ""
    round: int | None = None
    points: Decimal = Decimal("0")
    amount: str = ""
    until: _dt.date | None = None
    reason: str = ""


def describe(s: Sanction, name: str) -> Message:
    """The message announcing sanction ``s`` for a player called ``name``."""
    k = s.kind
    if k is SanctionKind.WARNING:
        return msg("sanction.warning", player=name)
    if k is SanctionKind.GAME_LOSS:
        return msg("sanction.game_loss", player=name, round=s.round, tournament=s.tournament)
    if k is SanctionKind.POINT_DEDUCTION:
        return msg("sanction.point_deduction", player=name, points=s.points, tournament=s.tournament)
    if k is SanctionKind.EXPULSION:
        return msg("sanction.expulsion", player=name, tournament=s.tournament, round=s.round)
    if k is SanctionKind.FINE:
        return msg("sanction.fine", player=name, amount=s.amount)
    if k is SanctionKind.BAN_NEXT:
        return msg("sanction.ban_next", player=name, year=s.date.year)
    if k is SanctionKind.BAN_FMA:
        until = f" ({s.until.isoformat()})" if s.until else ""
        return msg("sanction.ban_fma", player=name, until=until)
    return msg("sanction.fma_expulsion", player=name)


def deduction_record(start_rank: int, points: Decimal, reason: str = "") -> RawRecord:
    """A TRF ``299`` record for a point deduction (FMA 11.1.3).

    The ``299`` layout is not transcribed in the references (trf.md §5 [?]); Arbitro
    writes ``299 <start rank:4> <points:+6.1f> <reason>`` and reads its own lines back.
    """
    text = f"299 {start_rank:4d} {-points:+6.1f} {reason}".rstrip()
    return RawRecord("299", text)


def apply_to_tournament(
    t: Tournament, sanctions: list[tuple[Sanction, int]]
) -> tuple[Tournament, dict[int, Decimal], list[Message]]:
    """Apply the result effects of ``sanctions`` (with each player's start rank) to a copy of ``t``.

    Returns the new tournament, the points to deduct by start rank (FMA 11.1.3)
    and notes for effects that change nothing. FMA 11.1.2: a game lost by
    sanction is scored as a loss over the board for the sanctioned player and
    a win for the opponent. FMA 11.1.4: an expelled player is not paired from
    the expulsion round on; rounds already in the file stay as recorded.
    """
    out = copy.deepcopy(t)
    deductions: dict[int, Decimal] = {}
    notes: list[Message] = []
    for s, rank in sanctions:
        player = out.players.get(rank)
        if player is None:
            continue
        if s.kind is SanctionKind.POINT_DEDUCTION:
            deductions[rank] = deductions.get(rank, Decimal("0")) + s.points
            out.abnormal_points.append(deduction_record(rank, s.points, s.reason))
        elif s.kind is SanctionKind.GAME_LOSS and s.round is not None:
            rr = player.result(s.round)
            if rr is None or rr.opponent is None:
                notes.append(msg("sanction.not_applied", player=player.name, round=s.round, tournament=t.name))
                continue
            player.results[s.round - 1] = RoundResult(rr.opponent, rr.colour, _loss_for(rr.code))
            opp = out.players.get(rr.opponent)
            if opp is not None and (orr := opp.result(s.round)) is not None:
                opp.results[s.round - 1] = RoundResult(orr.opponent, orr.colour, _loss_for(rr.code).mirrored)
        elif s.kind is SanctionKind.EXPULSION and s.round is not None:
            out.requested_byes = [
                b for b in out.requested_byes if not (b.start_rank == rank and b.round >= s.round)
            ]
    return out, deductions, notes


def _loss_for(code: ResultCode) -> ResultCode:
    if code.is_played:
        return ResultCode.UNRATED_LOSS if code.value in "WDL" else ResultCode.LOSS
    return ResultCode.FORFEIT_LOSS
