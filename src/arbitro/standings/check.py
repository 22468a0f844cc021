"""Standings check for the pairing checker FIDE verifies with (C.02 VCL4THP Q21).

The checker (PTC) must report "wrong pairings per round AND standings that
break the tie-break list" of a TRF-2026 file. This module recomputes the
standings with the file's own list (``212``, else ``202`` with ``PTS``
prepended; :func:`arbitro.standings.tiebreak_list_for`) under the C.07
edition in force at the file's start date (``042``; 2024 or 2026 rules,
:func:`arbitro.tiebreaks.rules.rules_for_date`) and compares, player by
player, what the ``001`` records say:

* **points** (columns 81-84) with the points the results give under the
  file's scoring (``162``); a total that also holds the next round's requested
  bye or the Baku virtual points is accepted, as ``trf validate`` does
  (trf.md §5);
* **final rank** (columns 86-89) with the rank the list gives. Players still
  tied after the whole list are ranked by lot (C.07 4.2): any order inside such
  a tie is accepted, and so is the shared rank of the tie for all of them
  (C.07 Art. 2.1), but not a mixture.

A file without a ``202``/``212`` list has its ranks checked by points only
(a player must not be ranked below one with fewer points); a file without
ranks (the column blank or ``0`` for every player) has its points checked
only. TRF-2026 has no record for per-player tie-break values (trf.md §4.2),
so the values themselves are shown for the players that differ, not read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from arbitro.errors import ArbitroError
from arbitro.model import Tournament
from arbitro.standings import DEFAULT_SWISS, Standings, compute_standings
from arbitro.tiebreaks.spec import TiebreakSpecError

__all__ = ["StandingsCheck", "StandingsDifference", "check_standings", "rank_final", "recorded_points_fit"]


@dataclass(frozen=True, slots=True)
class StandingsDifference:
    """One player whose ``001`` record disagrees with the recomputed standings."""

    start_rank: int
    field: str  # "rank" or "points"
    recorded: str
    expected: str
    detail: str = ""

    @property
    def text(self) -> str:
        what = "rank" if self.field == "rank" else "points"
        line = f"player {self.start_rank}: {what} {self.recorded} in the file, {self.expected} recomputed"
        return line + (f" ({self.detail})" if self.detail else "")


@dataclass(slots=True)
class StandingsCheck:
    """The outcome of :func:`check_standings`."""

    rules: str
    tiebreaks: list[str]
    source: str  # "212", "202" or "" (no list: ranks checked by points only)
    ranks_checked: bool
    players: int
    differences: list[StandingsDifference] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def agrees(self) -> bool:
        return not self.differences

    @property
    def summary(self) -> str:
        """One line on how the standings were checked."""
        if self.source:
            how = f"C.07 {self.rules} rules, list {','.join(self.tiebreaks)} (from {self.source})"
        else:
            how = "no tie-break list (202/212): ranks checked by points only"
        if not self.ranks_checked:
            how += "; no final ranks in the file (001 columns 86-89): points checked only"
        return how


def recorded_points_fit(t: Tournament, start_rank: int) -> tuple[bool, Decimal]:
    """Whether the ``001`` points of a player fit the results, and the points the results give.

    Accepted as in ``trf validate`` (trf.md §5): the results' total, plus the
    next round's requested bye, plus the accelerations' virtual points.
    """
    p = t.players[start_rank]
    computed = p.score(t.scoring)
    if p.points == computed:
        return True, computed
    extras = [Decimal(0)]
    nxt = len(p.results) + 1
    for bye in t.requested_byes:
        if bye.start_rank == start_rank and bye.round == nxt:
            worth = {"H": t.scoring.half_bye, "F": t.scoring.full_bye, "Z": t.scoring.zero_bye}
            extras.append(worth.get(bye.kind, Decimal(0)))
    acc = sum((a.points for a in t.accelerations if a.start_rank == start_rank), Decimal(0))
    return p.points in {computed + e for e in extras} | {computed + e + acc for e in extras}, computed


def _complete_rounds(t: Tournament, games_per_round: int) -> int | None:
    """The TRF rounds the standings count: with two-game matches (C.04.5), up to the last complete
    match, as every face ranks (:func:`arbitro.views.standings_of`); else all (``None``)."""
    if games_per_round <= 1:
        return None
    last = t.played_rounds
    return last - last % games_per_round


def _value(v: Decimal | None) -> str:
    return "-" if v is None else format(v.normalize(), "f")


def check_standings(t: Tournament, games_per_round: int = 1) -> StandingsCheck:
    """Recompute the standings of ``t`` with its own tie-break list and compare its ``001`` records.

    ``games_per_round``: 2 for two-game matches (C.04.5), as for
    :func:`arbitro.standings.compute_standings`. Raises :class:`ArbitroError`
    (exit code 3, invalid input) when the file's list cannot be applied.
    """
    source = "212" if t.standings_tiebreaks else ("202" if t.tiebreaks else "")
    try:
        st: Standings = compute_standings(
            t,
            None if source else "PTS",
            break_ties_by_lot=False,
            games_per_round=games_per_round,
            after_round=_complete_rounds(t, games_per_round),
        )
    except (ArbitroError, TiebreakSpecError) as err:
        raise ArbitroError(f"{source or 'tie-breaks'}: {err}", exit_code=3) from None
    recorded = {p.start_rank: (p.rank or None) for p in t.players.values()}
    ranks_checked = any(r is not None for r in recorded.values())
    result = StandingsCheck(st.rules, list(st.tiebreaks), source, ranks_checked, len(st.rows))
    result.notes.extend(st.warnings)
    for row in sorted(st.rows, key=lambda r: r.start_rank):
        fits, computed = recorded_points_fit(t, row.start_rank)
        if not fits:
            result.differences.append(
                StandingsDifference(
                    row.start_rank,
                    "points",
                    _value(t.players[row.start_rank].points),
                    _value(computed),
                    "the results under the file's scoring (162)",
                )  # fmt: skip
            )
    if not ranks_checked:
        return result
    missing = sorted(sr for sr, r in recorded.items() if r is None)
    if missing:
        shown = ", ".join(map(str, missing[:10])) + (" ..." if len(missing) > 10 else "")
        result.notes.append(
            f"no final rank recorded for player(s) {shown}: left out, the others' places close up"
        )
    # ties left after the whole list, among the ranked players: they share a place (C.07 4.2)
    ties: list[list[int]] = []
    last_shared = None
    for row in st.rows:
        if recorded[row.start_rank] is None:
            continue
        if ties and row.shared_rank == last_shared:
            ties[-1].append(row.start_rank)
        else:
            ties.append([row.start_rank])
        last_shared = row.shared_rank
    place = 1
    for members in ties:
        first, last = place, place + len(members) - 1
        place = last + 1
        expected = str(first) if last == first else f"{first}-{last}"
        for sr in members:
            r = recorded[sr]
            if r is not None and first <= r <= last:
                continue
            own = st.row(sr).values
            detail = ", ".join(f"{k} {_value(own[k])}" for k in st.tiebreaks)
            if last > first:
                detail += f"; tied with {len(members) - 1} other(s) after the whole list"
            result.differences.append(StandingsDifference(sr, "rank", str(r), expected, detail))
        given = [recorded[m] for m in members]
        inside = [r for r in given if r is not None and first <= r <= last]
        mixed = not (all(r == first for r in inside) or len(set(inside)) == len(inside))
        if len(members) > 1 and len(inside) == len(given) and mixed:
            for sr in members:
                result.differences.append(
                    StandingsDifference(
                        sr,
                        "rank",
                        str(recorded[sr]),
                        expected,
                        "a tie after the whole list is ranked by lot, each place once, "
                        "or shared by all (C.07 4.2, 2.1)",
                    )  # fmt: skip
                )
    return result


def rank_final(t: Tournament, games_per_round: int = 1) -> Standings:
    """Write the final ranks (``001`` columns 86-89) of ``t`` by its tie-break list (VCL4THP Q31).

    A tournament without a list gets the default Swiss list (:data:`DEFAULT_SWISS`, as ``202``).
    Ties left after the whole list are broken by the seeded drawing of lots (C.07 4.2), so
    every player has a place of their own; :func:`check_standings` accepts it. Raises
    :class:`ArbitroError` (exit code 3) when the list cannot be applied.
    """
    if not t.tiebreaks and not t.standings_tiebreaks:
        t.tiebreaks = [c for c in DEFAULT_SWISS if c != "PTS"]
    try:
        st = compute_standings(
            t, games_per_round=games_per_round, after_round=_complete_rounds(t, games_per_round)
        )
    except (ArbitroError, TiebreakSpecError) as err:
        raise ArbitroError(f"TieBreaks: {err}", exit_code=3) from None
    if st.warnings:
        raise ArbitroError(f"TieBreaks: {'; '.join(st.warnings)}", exit_code=3)
    for row in st.rows:
        t.players[row.start_rank].rank = row.rank
    return st
