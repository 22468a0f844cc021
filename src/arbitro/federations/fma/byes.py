"""Half-point byes in Swiss tournaments (FMA 4.2) and the default time (FMA 4.3).

FMA 4.2: every player may ask for up to 2 half-point byes "mientras no se haya
disputado más del 50% de las rondas": a request is valid while the rounds
already played are at most half of the rounds of the tournament, and only for
a round not yet played. FMA 4.3: a player arriving more than one hour after
the scheduled start of the round loses by default.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass

from arbitro.federations.fma.formats import FormatKind
from arbitro.federations.fma.messages import Message, msg
from arbitro.model import ResultCode, Tournament

__all__ = [
    "DEFAULT_TIME",
    "MAX_HALF_BYES",
    "ByeRequest",
    "audit_half_byes",
    "audit_requested_byes",
    "check_bye_request",
    "check_bye_requests",
    "check_non_appearance",
    "default_deadline",
    "default_time_notice",
    "is_default",
]

MAX_HALF_BYES = 2  # FMA 4.2
DEFAULT_TIME = _dt.timedelta(hours=1)  # FMA 4.3


@dataclass(frozen=True, slots=True)
class ByeRequest:
    """A half-point bye asked by ``player`` for ``round`` when ``played`` rounds had been played."""

    player: str
    round: int
    played: int


def check_bye_request(
    req: ByeRequest, name: str, total_rounds: int, kind: FormatKind, granted_before: int
) -> tuple[bool, Message]:
    """FMA 4.2: is this half-point bye request admissible?"""
    if kind is not FormatKind.SWISS:
        return False, msg("bye.not_swiss")
    if req.round <= req.played:
        return False, msg("bye.round_played", player=name, round=req.round)
    if 2 * req.played > total_rounds:
        return False, msg("bye.too_late", player=name, round=req.round, played=req.played, total=total_rounds)
    if granted_before >= MAX_HALF_BYES:
        return False, msg("bye.too_many", player=name, round=req.round)
    return True, msg("bye.ok", player=name, round=req.round, count=granted_before + 1)


def check_bye_requests(
    requests: list[ByeRequest], names: dict[str, str], total_rounds: int, kind: FormatKind
) -> list[tuple[ByeRequest, bool, Message]]:
    """FMA 4.2 over a tournament's requests, in the order they were made."""
    granted: dict[str, int] = {}
    out: list[tuple[ByeRequest, bool, Message]] = []
    for req in sorted(requests, key=lambda r: (r.played, r.round)):
        ok, m = check_bye_request(req, names.get(req.player, req.player), total_rounds, kind, granted.get(req.player, 0))
        if ok:
            granted[req.player] = granted.get(req.player, 0) + 1
        out.append((req, ok, m))
    return out


def audit_half_byes(t: Tournament) -> list[Message]:
    """FMA 4.2: players of a played tournament with more than 2 half-point byes."""
    problems = []
    for p in t.iter_players():
        count = sum(1 for r in p.results if r.code is ResultCode.HALF_BYE)
        if count > MAX_HALF_BYES:
            problems.append(msg("bye.too_many_recorded", player=p.name, count=count, tournament=t.name))
    return problems


def audit_requested_byes(t: Tournament, kind: FormatKind) -> list[Message]:
    """FMA 4.2 for the half-point byes a TRF declares for rounds not yet paired (``240``).

    Each is taken as asked now, with the rounds already recorded as played;
    half-point byes already in the results count towards the limit of 2.
    """
    out: list[Message] = []
    granted = {p.start_rank: sum(1 for r in p.results if r.code is ResultCode.HALF_BYE) for p in t.iter_players()}
    played = t.played_rounds
    for b in sorted(t.requested_byes, key=lambda b: (b.round, b.start_rank)):
        if b.kind != "H" or b.start_rank not in t.players:
            continue
        name = t.players[b.start_rank].name
        req = ByeRequest(name, b.round, played)
        ok, m = check_bye_request(req, name, t.total_rounds, kind, granted.get(b.start_rank, 0))
        if ok:
            granted[b.start_rank] = granted.get(b.start_rank, 0) + 1
        out.append(m)
    return out


def is_default(delay: _dt.timedelta) -> tuple[bool, Message]:
    """FMA 4.3: True when a player arriving ``delay`` after the scheduled start loses by default."""
    minutes = int(delay.total_seconds() // 60)
    if delay > DEFAULT_TIME:
        return True, msg("default.lost", minutes=minutes)
    return False, msg("default.on_time", minutes=minutes)


def default_deadline(scheduled: _dt.datetime) -> _dt.datetime:
    """FMA 4.3: the moment a player who has not appeared loses by default (scheduled start + one hour)."""
    return scheduled + DEFAULT_TIME


def default_time_notice(scheduled: _dt.datetime | None = None) -> Message:
    """FMA 4.3 as printed on a pairing sheet: the default time, and its deadline when the start is known."""
    if scheduled is None:
        return msg("default.notice")
    return msg(
        "default.deadline", start=scheduled.strftime("%H:%M"), deadline=default_deadline(scheduled).strftime("%H:%M")
    )


def check_non_appearance(scheduled: _dt.datetime, now: _dt.datetime, player: str) -> tuple[bool, Message]:
    """FMA 4.3: may ``player``, absent at ``now``, be given a loss by default for a round that started at ``scheduled``?

    Only once the hour from the scheduled start has run out (the same bound as
    :func:`is_default`: a delay of more than one hour); before that the game is refused.
    """
    times = {
        "player": player,
        "now": now.strftime("%H:%M"),
        "start": scheduled.strftime("%H:%M"),
        "deadline": default_deadline(scheduled).strftime("%H:%M"),
    }
    late, _ = is_default(now - scheduled)
    if not late:
        return False, msg("default.too_early", **times)
    return True, msg("default.recorded", **times)
