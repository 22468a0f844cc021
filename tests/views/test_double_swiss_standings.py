"""The views' standings and crosstable of a Double-Swiss count matches (C.04.5; docs/decisions.md 2026-12-01)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from tests.tiebreaks.helpers import make_tournament

from arbitro.views import crosstable, standings_of

# match 1: 1-3 1½-½, 2-4 1-1, 5 PAB (U + H); match 2: 5-1 1-1, 2-3 2-0, 4 PAB.
FIVE = {
    1: "3w1 3b= 5b0 5w1",
    2: "4w= 4b= 3w1 3b1",
    3: "1b0 1w= 2b0 2w0",
    4: "2b= 2w= U H",
    5: "U H 1w1 1b0",
}


def _t():  # type: ignore[no-untyped-def]
    return make_tournament(FIVE, start=dt.date(2026, 6, 1), system="FIDE_DOUBLESWISS")


def test_c04_5_standings_of_uses_the_registry_and_buchholz_counts_each_match_once() -> None:
    st = standings_of(_t(), ["PTS", "BH"])
    assert st.games_per_round == 2
    # C.07 8.1 by match: 1: 3's ½ + 5's 2½ = 3 (by game it would be 6).
    assert st.row(1).values["BH"] == Decimal(3)


def test_c04_5_standings_stop_after_the_last_complete_match() -> None:
    st = standings_of(_t(), ["PTS"], after_round=3)  # game 1 of match 2 only: standings after match 1
    assert st.after_round == 2
    assert st.row(1).points == Decimal("1.5")


def test_c04_5_1_4_crosstable_names_games_and_shows_the_pab_for_the_match() -> None:
    t = _t()
    table = crosstable(t, standings_of(t, ["PTS", "BH"]), grid=False)
    assert table.columns == ["1.1", "1.2", "2.1", "2.2"]
    five = next(r for r in table.rows if r.player.start_rank == 5)
    assert five.cells[0] == five.cells[1] == "PAB"
