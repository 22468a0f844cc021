"""Standings rows as every face prints them: rank (``3*`` when the lot decided), player, points, tie-breaks.

The numbers come from :func:`arbitro.standings.compute_standings` (C.07);
this module only turns them into text, one style per column
(:func:`arbitro.views.text.column_text`). The JSON shape of the standings is
:meth:`arbitro.standings.Standings.as_dict` (docs/formats/standings.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

import arbitro.standings
from arbitro.model import Player, Tournament
from arbitro.standings import Standings
from arbitro.views.rounds import games_per_round
from arbitro.views.text import column_text

__all__ = ["StandingsLine", "StandingsTable", "standings_of", "standings_table"]


def standings_of(
    t: Tournament, tiebreaks: list[str] | str | None = None, *, after_round: int | None = None
) -> Standings:
    """:func:`arbitro.standings.compute_standings` for ``t``'s pairing system, as every face should ask.

    The registry says how many games a round has (``games_per_round``): for
    two-game matches (C.04.5) the tie-breaks count a match as one round, and
    the standings stop after the last complete match (``after_round`` counts
    TRF rounds, a match whose game 2 is still to come is left out, as a round
    still being played is).
    """
    games = games_per_round(t)
    if games > 1:
        last = t.played_rounds if after_round is None else min(after_round, t.played_rounds)
        after_round = last - last % games
    return arbitro.standings.compute_standings(t, tiebreaks, after_round=after_round, games_per_round=games)


@dataclass(frozen=True, slots=True)
class StandingsLine:
    rank: int
    by_lot: bool  # the drawing of lots decided this rank (C.07 4.2)
    player: Player
    points: Decimal
    points_text: str
    values: list[str]  # the tie-breaks after points, as text
    annulled: bool = False  # round robin, withdrawn under half the games: listed last, not counted (Q103)
    by_hand: bool = False  # the arbiter ranked this tied player by hand (Q205)
    withdrawn: int | None = None  # withdrawn: the first round missed (Q170)

    @property
    def rank_text(self) -> str:
        if self.annulled:
            return "-"
        if self.by_hand:
            return f"{self.rank}h"
        return f"{self.rank}*" if self.by_lot else str(self.rank)

    @property
    def name_text(self) -> str:
        """The name, marked when the player withdrew (VCL4THP Q170)."""
        if self.withdrawn is None:
            return self.player.name
        return f"{self.player.name} (withdrawn from round {self.withdrawn})"


@dataclass(frozen=True, slots=True)
class StandingsTable:
    rules: str
    after_round: int
    tiebreaks: list[str]  # the codes after the primary score
    rows: list[StandingsLine]
    lots_seed: int | None

    @property
    def by_lot(self) -> bool:
        return any(r.by_lot for r in self.rows)


def standings_table(t: Tournament, st: Standings) -> StandingsTable:
    """The rows of ``st`` with the players of ``t`` and every number as text (one style per column)."""
    codes = list(st.tiebreaks[1:])
    points = column_text([r.points for r in st.rows])
    columns = [column_text([r.values.get(c) for r in st.rows]) for c in codes]
    for c, column in zip(codes, columns, strict=True):  # values entered by the arbiter: "e" (Q207)
        for i, r in enumerate(st.rows):
            if c in r.external:
                column[i] = f"{column[i]}e"
    rows = [
        StandingsLine(
            r.rank,
            r.by_lot,
            t.players[r.start_rank],
            r.points,
            "-" if r.annulled else points[i],
            [column[i] for column in columns],
            r.annulled,
            r.by_hand,
            r.withdrawn,
        )
        for i, r in enumerate(st.rows)
    ]
    return StandingsTable(str(st.rules), st.after_round, codes, rows, st.lots_seed)
