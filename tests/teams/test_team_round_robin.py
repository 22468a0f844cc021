"""Berger team round robins (C.05 Annex 1 tables applied to teams) and the board colour pattern."""

from __future__ import annotations

import pytest
from tests.teams.helpers import event

from arbitro.errors import ArbitroError
from arbitro.pairing.berger import berger_table
from arbitro.teams.engines import pair_team_round
from arbitro.teams.generator import GeneratorConfig, generate


@pytest.mark.parametrize("n", [4, 5, 6, 9, 10])
def test_c05_team_round_robin_follows_the_berger_table(n: int) -> None:
    e = event(n, system="team_round_robin")
    table = berger_table(n)
    for rnd, pairs in enumerate(table, start=1):
        p = pair_team_round(e, rnd)
        expected = [(w, b) for w, b in pairs if max(w, b) <= n]
        assert [(b.white, b.black) for b in p.boards] == expected
        free = [w if b > n else b for w, b in pairs if max(w, b) > n]
        assert p.bye == (free[0] if free else None)


def test_c05_double_team_round_robin_reverses_colours() -> None:
    e = event(4, system="team_double_round_robin")
    first = {frozenset((b.white, b.black)): b.white for r in range(1, 4) for b in pair_team_round(e, r).boards}
    second = {frozenset((b.white, b.black)): b.white for r in range(4, 7) for b in pair_team_round(e, r).boards}
    assert first.keys() == second.keys()
    assert all(first[k] != second[k] for k in first)


def test_every_team_meets_every_other_once_in_a_generated_round_robin() -> None:
    e = generate(GeneratorConfig(teams=7, boards=4, system="team_round_robin", seed=2, board_forfeit=0, match_forfeit=0))
    met = [frozenset(m.teams) for m in e.matches]
    assert len(met) == len(set(met)) == 21


def test_board_colour_pattern_within_a_match() -> None:
    e = event(2, boards=4)
    assert [e.player_colour(b, True) for b in range(1, 5)] == ["w", "b", "w", "b"]
    assert [e.player_colour(b, False) for b in range(1, 5)] == ["b", "w", "b", "w"]
    e2 = event(2, boards=4, pattern="WWBB")
    assert [e2.player_colour(b, True) for b in range(1, 5)] == ["w", "w", "b", "b"]


def test_round_outside_the_table_is_refused() -> None:
    with pytest.raises(ArbitroError, match="rounds 1-3"):
        pair_team_round(event(4, system="team_round_robin"), 4)
