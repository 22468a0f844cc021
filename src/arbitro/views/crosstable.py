"""The crosstable: a Berger grid for round robins, one cell per round for a Swiss.

* Swiss cells: ``12w1`` (the opponent's rank in the standings, the colour, the
  result), ``12w+`` / ``12b-`` forfeits, ``PAB``, ``bye+``, ``bye½``,
  ``bye0`` and ``-`` (not paired).
* Grid cells (C.05): the results against each opponent by pairing number
  (two in a double round robin), :data:`DIAGONAL` where a player meets themself.
* Rows in standings order for a Swiss, by pairing number in a grid, with the
  points and the first tie-breaks of the standings (:func:`arbitro.views.text.column_text`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from arbitro.model import Colour, Player, ResultCode, RoundResult, Tournament
from arbitro.standings import Standings
from arbitro.views.text import column_text, points_text

__all__ = [
    "DIAGONAL",
    "CrossRow",
    "Crosstable",
    "crosstable",
    "crosstable_rows",
    "rr_cell",
    "swiss_cell",
]

#: The diagonal of a round-robin grid (a player does not meet themself); layouts shade it.
DIAGONAL = "■"

_CELL = {"W": "1", "D": "½", "L": "0"}
_BYE_CELL = {"U": "PAB", "F": "bye+", "H": "bye½", "Z": "bye0"}


@dataclass(frozen=True, slots=True)
class CrossRow:
    """One line of a crosstable: cells per round (Swiss) or per opponent (round robin)."""

    rank: int
    player: Player
    cells: list[str]
    points: Decimal
    values: list[str]  # the tie-breaks after points, as text

    @property
    def points_text(self) -> str:
        return points_text(self.points)


@dataclass(frozen=True, slots=True)
class Crosstable:
    """A whole crosstable: ``columns`` head the cells (pairing numbers or round numbers)."""

    grid: bool
    columns: list[str]
    tiebreaks: list[str]
    rows: list[CrossRow]


def swiss_cell(r: RoundResult | None, rank_of: dict[int, int]) -> str:
    """``12w1``: the opponent's rank, the colour and the result; ``+``/``-`` forfeits; byes by code."""
    if r is None:
        return ""
    if r.opponent is None:
        if r.code is ResultCode.NOT_PAIRED:
            return "-"
        return _BYE_CELL.get(r.code.value, r.code.value)
    colour = r.colour.value if r.colour in (Colour.WHITE, Colour.BLACK) else ""
    opp = rank_of.get(r.opponent, r.opponent)
    if r.code.is_forfeit:
        return f"{opp}{colour}{'+' if r.code is ResultCode.FORFEIT_WIN else '-'}"
    if r.code is ResultCode.NOT_PAIRED:
        return f"{opp}{colour}"
    if r.code is ResultCode.UNKNOWN:  # adjourned or postponed (VCL4THP Q157)
        return f"{opp}{colour}*"
    return f"{opp}{colour}{_CELL[r.code.outcome]}"


def rr_cell(p: Player, opponent: int, rounds: int | None = None) -> str:
    """Results of ``p`` against ``opponent`` in a round robin grid (two for a double round robin)."""
    marks: list[str] = []
    for r in p.results if rounds is None else p.results[:rounds]:
        if r.opponent != opponent:
            continue
        if r.code.is_forfeit:
            marks.append("+" if r.code is ResultCode.FORFEIT_WIN else "-")
        elif r.code is ResultCode.NOT_PAIRED:
            marks.append("·")
        elif r.code is ResultCode.UNKNOWN:  # adjourned or postponed (VCL4THP Q157)
            marks.append("*")
        else:
            marks.append(_CELL[r.code.outcome])
    return " ".join(marks)


def crosstable_rows(
    t: Tournament,
    order: Iterable[tuple[int, int]],
    values: dict[int, list[str]],
    *,
    grid: bool,
    rounds: int | None = None,
    games: int = 1,
) -> list[CrossRow]:
    """Rows in ``order`` ((rank, start rank) pairs); ``grid`` = Berger grid by start rank, else Swiss cells.

    ``rounds`` limits the table to rounds 1..``rounds`` (default: every recorded round).
    ``games`` > 1: two-game matches (C.04.5), one cell per game, the PAB in both.
    """
    last = t.played_rounds if rounds is None else min(rounds, t.played_rounds)
    ordered = list(order)
    rank_of = {sr: rank for rank, sr in ordered}
    rows: list[CrossRow] = []
    columns = [sr for _, sr in ordered]
    for rank, sr in ordered:
        p = t.players[sr]
        if grid:
            cells = [DIAGONAL if o == sr else rr_cell(p, o, last) for o in columns]
        else:
            cells = [swiss_cell(p.result(r), rank_of) for r in range(1, last + 1)]
            if games > 1:  # C.04.5 1.4: the PAB covers the match, written U then H
                for r in range(games, last + 1, games):
                    first = p.result(r - games + 1)
                    if first is not None and first.opponent is None and first.code is ResultCode.PAIRING_BYE:
                        cells[r - 1] = cells[r - games]
        rows.append(CrossRow(rank, p, cells, p.score(t.scoring, last), values.get(sr, [])))
    return rows


def crosstable(t: Tournament, st: Standings, *, grid: bool, tiebreaks: int = 3) -> Crosstable:
    """The crosstable after ``st.after_round``: a grid by pairing number or Swiss rows by rank.

    ``grid`` is the face's choice (a round robin small enough for its page);
    the first ``tiebreaks`` tie-breaks after points follow the points.
    """
    codes = st.tiebreaks[1 : 1 + tiebreaks]
    texts = [column_text([r.values.get(c) for r in st.rows]) for c in codes]
    values = {r.start_rank: [column[i] for column in texts] for i, r in enumerate(st.rows)}
    if grid:
        rank_of = {r.start_rank: r.rank for r in st.rows}
        order = [(rank_of.get(sr, 0), sr) for sr in sorted(t.players)]
        columns = [str(sr) for sr in sorted(t.players)]
    else:
        order = [(r.rank, r.start_rank) for r in st.rows]
        g = st.games_per_round
        # two-game matches (C.04.5): "3.1", "3.2" for the games of match 3
        columns = [
            str(r) if g == 1 else f"{(r - 1) // g + 1}.{(r - 1) % g + 1}"
            for r in range(1, st.after_round + 1)
        ]
    rows = crosstable_rows(t, order, values, grid=grid, rounds=st.after_round, games=st.games_per_round)
    return Crosstable(grid, columns, list(codes), rows)
