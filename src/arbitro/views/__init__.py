"""The presentation layer of the core: what every face (CLI, web, documents) shows, computed once.

Pure Python, no I/O: each function takes a :class:`arbitro.model.Tournament`
(and, where ranks are shown, its :class:`arbitro.standings.Standings`) and
returns plain rows. Faces lay them out and translate the labels; they never
order boards, format a result or build a crosstable themselves.

* :mod:`.text`: points, tie-break values, game results, one player's result.
* :mod:`.rounds`: the round sheet, boards in C.04.2 3.6 order (C.04.7 virtual
  points, Berger order for round robins).
* :mod:`.standings`: standings rows as text.
* :mod:`.crosstable`: the Berger grid or the Swiss crosstable.
* :mod:`.player`: the player card and the running scores.

See docs/architecture.md, "The views layer".
"""

from arbitro.views.crosstable import (
    DIAGONAL,
    CrossRow,
    Crosstable,
    crosstable,
    crosstable_rows,
    rr_cell,
    swiss_cell,
)
from arbitro.views.player import CardRow, PlayerCard, player_card, scores_by_round
from arbitro.views.rounds import (
    ByeRow,
    GameRow,
    RoundSheet,
    board_order_key,
    games_per_round,
    last_paired_round,
    last_round_with_results,
    match_of,
    round_sheet,
)
from arbitro.views.standings import StandingsLine, StandingsTable, standings_table
from arbitro.views.text import (
    BYE_KINDS,
    bye_kind,
    column_text,
    game_result_text,
    points_text,
    result_mark,
    value_text,
)

__all__ = [
    "BYE_KINDS",
    "DIAGONAL",
    "ByeRow",
    "CardRow",
    "CrossRow",
    "Crosstable",
    "GameRow",
    "PlayerCard",
    "RoundSheet",
    "StandingsLine",
    "StandingsTable",
    "board_order_key",
    "bye_kind",
    "column_text",
    "crosstable",
    "crosstable_rows",
    "game_result_text",
    "games_per_round",
    "last_paired_round",
    "last_round_with_results",
    "match_of",
    "player_card",
    "points_text",
    "result_mark",
    "round_sheet",
    "rr_cell",
    "scores_by_round",
    "standings_table",
    "swiss_cell",
    "value_text",
]
