"""Requested byes and the tournament's limits on them.

C.04.2 3.3 (2017 D.4): a player known to be absent is not paired for that
round and scores nothing unless the tournament rules say otherwise; this is
the basis of requested half-point (``H``) and zero-point (``Z``) byes.
Full-point byes (``F``) are deprecated by FIDE (VCL.17: allowed with a
warning). The tournament's own rules limit them, e.g. FMA 4.2: "at most 2
half-point byes, while no more than 50 % of the rounds have been played".
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from arbitro.errors import ArbitroError, msg

__all__ = ["BYE_KINDS", "ByeLimits", "check_bye_request"]

BYE_KINDS = {"H": "half-point", "Z": "zero-point", "F": "full-point"}


@dataclass(frozen=True, slots=True)
class ByeLimits:
    """Limits on requested byes (all ``None`` = no limit).

    ``max_half_point_byes`` / ``max_zero_point_byes`` / ``max_full_point_byes``
    count byes per player over the whole tournament (taken and requested).
    ``last_round``: no bye may be taken in a later round.
    ``request_before_round``: requests are refused once this round has been paired.
    """

    max_half_point_byes: int | None = None
    max_zero_point_byes: int | None = None
    max_full_point_byes: int | None = None
    last_round: int | None = None
    request_before_round: int | None = None

    def to_dict(self) -> dict[str, int | None]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> ByeLimits:
        data = data or {}
        known = {k: data.get(k) for k in cls.__dataclass_fields__}
        for key, value in known.items():
            if value is not None and (not isinstance(value, int) or value < 0):
                raise ArbitroError(
                    msg("bye.limit", "bye limits: {key}: expected a whole number >= 0, got {got!r}", key=key, got=value)
                )
        return cls(**known)

    def maximum(self, kind: str) -> int | None:
        return {"H": self.max_half_point_byes, "Z": self.max_zero_point_byes, "F": self.max_full_point_byes}[kind]


def check_bye_request(
    limits: ByeLimits,
    *,
    kind: str,
    round_number: int,
    paired_rounds: int,
    total_rounds: int | None,
    already: int,
) -> None:
    """Raise :class:`ArbitroError` if a ``kind`` bye for ``round_number`` breaks a rule.

    ``paired_rounds`` is the number of rounds already paired, ``already`` the
    number of byes of this kind the player has taken or requested.
    """
    if kind not in BYE_KINDS:
        raise ArbitroError(
            msg("bye.kind", "bye: kind: expected H (half-point), Z (zero-point) or F (full-point), got {got!r}", got=kind)
        )
    if round_number <= paired_rounds:
        raise ArbitroError(
            msg(
                "bye.paired",
                "bye: round {round} is already paired; a bye can only be requested for a round not yet paired",
                round=round_number,
            )
        )
    if total_rounds is not None and round_number > total_rounds:
        raise ArbitroError(
            msg("bye.no_round", "bye: the tournament has {total} rounds; there is no round {round}", total=total_rounds, round=round_number)
        )
    if limits.request_before_round is not None and paired_rounds >= limits.request_before_round:
        raise ArbitroError(
            msg(
                "bye.deadline",
                "bye: the deadline has passed: byes must be requested before round {round} is paired",
                round=limits.request_before_round,
            )
        )
    if limits.last_round is not None and round_number > limits.last_round:
        raise ArbitroError(
            msg(
                "bye.closed_round",
                "bye: byes are allowed only up to round {last}, not in round {round}",
                last=limits.last_round,
                round=round_number,
            )
        )
    maximum = limits.maximum(kind)
    if maximum is not None and already >= maximum:
        raise ArbitroError(
            msg(
                "bye.maximum." + kind,
                "bye: the tournament allows at most {maximum} " + BYE_KINDS[kind] + (" byes" if maximum != 1 else " bye")
                + " per player; this player already has {already}",
                maximum=maximum,
                already=already,
            )
        )
