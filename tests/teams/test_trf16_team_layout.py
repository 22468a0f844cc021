"""TRF16 team files (Swiss-Manager's ``013`` layout) written and read back (issue 37 item 2).

TRF16 records no boards, no team byes, no line-ups and no whole-match forfeits; the reader takes
them from the games (docs/formats/trf.md). Events of every kind Arbitro generates (Team Swiss and
team round robins, boards left empty, whole matches forfeited, reserves playing) give the same
standings, tie-breaks included, written in either layout.
"""

from __future__ import annotations

import pytest

from arbitro.teams.generator import GeneratorConfig, generate
from arbitro.teams.standings import team_standings
from arbitro.teams.system_keys import TEAM_DOUBLE_ROUND_ROBIN_KEY, TEAM_ROUND_ROBIN_KEY, TEAM_SWISS_KEY
from arbitro.trf.diagnostics import TrfError
from arbitro.trf.teams import format_team_trf, parse_team_trf


def _table(text: str) -> list[tuple[object, ...]]:
    event = parse_team_trf(text, "t.trf")
    _, rows = team_standings(event)
    return [(r.rank, r.team, r.match_points, r.game_points, tuple(v.value for v in r.tiebreaks)) for r in rows]


@pytest.mark.parametrize("seed", range(1, 7))
@pytest.mark.parametrize("system", [TEAM_SWISS_KEY, TEAM_ROUND_ROBIN_KEY])
def test_trf16_team_layout_gives_the_same_standings(system: str, seed: int) -> None:
    event = generate(GeneratorConfig(teams=9, boards=4, rounds=5, seed=seed, system=system, board_forfeit=0.12,
                                     match_forfeit=0.08, reserve_share=0.3))  # fmt: skip
    trf26 = format_team_trf(event)
    trf16 = format_team_trf(event, version="trf16")
    codes = {line[:3] for line in trf16.splitlines()}
    assert "013" in codes and not codes & {"142", "152", "192", "212", "300", "310", "320", "330", "352", "362"}
    assert _table(trf16) == _table(trf26)
    again = parse_team_trf(trf16, "t16.trf")
    assert format_team_trf(again, version="trf16") == trf16
    assert again.system == system


def test_trf16_double_round_robin_is_read_as_a_round_robin() -> None:
    """TRF16's 092 says "Round Robin" only: a double round robin reads back as a round robin, same standings."""
    event = generate(GeneratorConfig(teams=4, boards=2, rounds=6, seed=3, system=TEAM_DOUBLE_ROUND_ROBIN_KEY))
    back = parse_team_trf(format_team_trf(event, version="trf16"), "t16.trf")
    assert back.system == TEAM_ROUND_ROBIN_KEY
    assert _table(format_team_trf(event, version="trf16")) == _table(format_team_trf(event))


def test_trf16_team_record_with_a_bad_start_rank_names_line_column_and_field() -> None:
    text = "012 x\n001    1      A, B                              2000\n013 Team One                         1 x2\n"
    with pytest.raises(TrfError) as err:
        parse_team_trf(text, "bad.trf")
    d = err.value.diagnostics[0]
    assert (d.line, d.column, d.field) == (3, 40, "013 player id") and "expected a start rank" in d.message
