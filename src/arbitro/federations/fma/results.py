"""Tournaments given as results in a season file, and final standings.

:func:`build_tournament` turns the season file's ``games``/``byes`` lists into
the :class:`~arbitro.model.Tournament` model; :func:`rank` ranks a tournament
with the FIDE standings module (``arbitro.standings.compute_standings``) using
the FMA tie-break order, then applies point deductions (FMA 11.1.3).
The rulebook never computes a tie-break itself.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from arbitro.errors import ArbitroError
from arbitro.model import Colour, Player, ResultCode, RoundResult, Tournament
from arbitro.pairing import registry

__all__ = ["GameSpec", "ByeSpec", "RankedLine", "build_tournament", "rank", "values_equal"]

_RESULTS: dict[str, tuple[ResultCode, ResultCode]] = {
    "1-0": (ResultCode.WIN, ResultCode.LOSS),
    "0-1": (ResultCode.LOSS, ResultCode.WIN),
    "1/2-1/2": (ResultCode.DRAW, ResultCode.DRAW),
    "½-½": (ResultCode.DRAW, ResultCode.DRAW),
    "=": (ResultCode.DRAW, ResultCode.DRAW),
    "+-": (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS),
    "-+": (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN),
    "--": (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_LOSS),
}
_BYES = {"H": ResultCode.HALF_BYE, "F": ResultCode.FULL_BYE, "U": ResultCode.PAIRING_BYE, "Z": ResultCode.ZERO_BYE}


@dataclass(frozen=True, slots=True)
class GameSpec:
    round: int
    white: str
    black: str
    result: str


@dataclass(frozen=True, slots=True)
class ByeSpec:
    round: int
    player: str
    kind: str  # H F U Z


@dataclass(frozen=True, slots=True)
class RankedLine:
    """One line of final standings: player id, place, points after deductions, tie-break values."""

    player: str
    position: int
    points: Decimal
    values: dict[str, Decimal] = field(default_factory=dict)
    shared_rank: int = 0  # rank before the drawing of lots (0: unknown)


def build_tournament(
    name: str,
    players: Sequence[tuple[str, str, int | None, str]],
    games: Sequence[GameSpec],
    byes: Sequence[ByeSpec],
    *,
    round_robin: bool,
    rounds: int | None = None,
    start: _dt.date | None = None,
    where: str = "results",
) -> tuple[Tournament, dict[int, str]]:
    """A :class:`Tournament` from results; ``players`` are (id, name, rating, fide id) in start order.

    Returns the tournament and its start rank -> player id map. Rounds with no
    game or bye for a player are "not paired" (zero-point absence).
    """
    rank_of = {pid: i + 1 for i, (pid, _n, _r, _f) in enumerate(players)}
    last = max([g.round for g in games] + [b.round for b in byes] + [rounds or 0])
    system = registry.round_robin() if round_robin else registry.default_swiss()
    t = Tournament(name=name, rounds=last, system=system.trf_code, start_date=start)
    t.type_text = system.type_text
    for pid, pname, rating, fide_id in players:
        t.players[rank_of[pid]] = Player(
            start_rank=rank_of[pid],
            name=pname,
            rating=rating or 0,
            fide_id=fide_id,
            results=[RoundResult(None, None, ResultCode.NOT_PAIRED) for _ in range(last)],
        )
    filled: set[tuple[int, int]] = set()

    def put(pid: str, rnd: int, rr: RoundResult, what: str) -> None:
        if pid not in rank_of:
            raise ArbitroError(f"{where}: {what}: player {pid!r} is not among the tournament's players")
        if rnd < 1:
            raise ArbitroError(f"{where}: {what}: round {rnd}: expected a round number from 1")
        key = (rank_of[pid], rnd)
        if key in filled:
            raise ArbitroError(f"{where}: {what}: player {pid!r} has two results in round {rnd}")
        filled.add(key)
        t.players[rank_of[pid]].results[rnd - 1] = rr

    for i, g in enumerate(games):
        codes = _RESULTS.get(g.result.replace(" ", ""))
        what = f"games[{i}]"
        if codes is None:
            raise ArbitroError(f"{where}: {what}.result: {g.result!r}: expected 1-0, 0-1, 1/2-1/2, +-, -+ or --")
        if g.white == g.black:
            raise ArbitroError(f"{where}: {what}: a player cannot meet themselves")
        for pid in (g.white, g.black):
            if pid not in rank_of:
                raise ArbitroError(f"{where}: {what}: player {pid!r} is not among the tournament's players")
        put(g.white, g.round, RoundResult(rank_of[g.black], Colour.WHITE, codes[0]), what)
        put(g.black, g.round, RoundResult(rank_of[g.white], Colour.BLACK, codes[1]), what)
    for i, b in enumerate(byes):
        code = _BYES.get(b.kind.upper())
        if code is None:
            raise ArbitroError(f"{where}: byes[{i}].kind: {b.kind!r}: expected H, F, U or Z")
        put(b.player, b.round, RoundResult(None, None, code), f"byes[{i}]")
    for p in t.players.values():
        p.points = p.score(t.scoring)
    return t, {r: pid for pid, r in rank_of.items()}


def rank(
    t: Tournament,
    ids: dict[int, str],
    codes: list[str],
    *,
    lots_seed: int | None,
    deductions: dict[int, Decimal] | None = None,
) -> list[RankedLine]:
    """Final standings by points and ``codes`` (FIDE standings module), lots last.

    Point deductions (FMA 11.1.3) lower the final score; players are then
    re-sorted by the lowered score, keeping the tie-break order otherwise.
    """
    from arbitro.standings import compute_standings

    standings = compute_standings(t, codes, lots_seed=lots_seed, break_ties_by_lot=True)
    ded = deductions or {}
    rows = []
    for row in standings.rows:
        pts = Decimal(row.points) - ded.get(row.start_rank, Decimal(0))
        values = {k: v for k, v in row.values.items() if v is not None}
        rows.append((row.rank, row.start_rank, pts, values, row.shared_rank))
    if ded:
        rows.sort(key=lambda x: (-x[2], x[0]))
    lines: list[RankedLine] = []
    for i, (_r, start_rank, pts, values, shared) in enumerate(rows):
        if ded:  # ranks by tie-breaks may no longer hold: shared only with an equal previous line
            prev = lines[-1] if lines else None
            same = prev is not None and prev.points == pts and all(prev.values.get(c) == values.get(c) for c in codes)
            shared = prev.shared_rank if same and prev is not None else i + 1
        lines.append(RankedLine(ids[start_rank], i + 1, pts, values, shared))
    return lines


def values_equal(a: RankedLine, b: RankedLine, codes: list[str]) -> bool:
    """True when two lines are tied on points and every tie-break in ``codes`` (only lots part them)."""
    if a.points != b.points:
        return False
    if a.shared_rank and b.shared_rank:
        return a.shared_rank == b.shared_rank
    return all(a.values.get(c) == b.values.get(c) for c in codes)
