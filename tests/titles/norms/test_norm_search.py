"""The game-dropping search (B.01 1.42e/f; 2024 1.4.1e/f) against brute force, and its bounds."""

from __future__ import annotations

import time
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.titles.editions import get_edition
from arbitro.titles.norms.result import Game
from arbitro.titles.norms.rules import NormContext, evaluate_choice
from arbitro.titles.norms.search import search_choices

FEDS = ("FRA", "GER", "ITA", "ESP")
TITLES = ("GM", "IM", "FM", "")

game_st = st.tuples(
    st.integers(2150, 2700), st.sampled_from(TITLES), st.sampled_from(FEDS), st.sampled_from((0, 1, 2, 2))
)


def _games(rows: list[tuple[int, str, str, int]]) -> list[Game]:
    return [Game(i + 1, i + 2, r, t, f, h) for i, (r, t, f, h) in enumerate(rows)]


def _brute_force(games: list[Game], ctx: NormContext, allow_tail: bool) -> bool:
    n, m = len(games), ctx.min_games
    for tail in range(0, (n - m if allow_tail else 0) + 1):
        prefix = n - tail
        won = [i for i in range(prefix) if games[i].half_points == 2]
        for k in range(0, n - m - tail + 1):
            for combo in combinations(won, k):
                if tail == 0 and k == 0:
                    continue
                chosen = [g for i, g in enumerate(games[:prefix]) if i not in combo]
                if evaluate_choice(chosen, ctx).passed:
                    return True
    return False


@settings(max_examples=80, deadline=None)
@given(st.lists(game_st, min_size=9, max_size=12), st.sampled_from(("GM", "IM")), st.booleans())
def test_search_finds_a_choice_iff_one_exists_B01_1_4_1f(rows: list[tuple[int, str, str, int]], title: str, tail: bool) -> None:
    ctx = NormContext(get_edition("2024"), title, "ESP", 9)
    games = _games(rows)
    found = search_choices(games, ctx, allow_tail=tail, allow_won=True)
    assert (found.verdict is not None) == _brute_force(games, ctx, tail)
    if found.verdict is not None:
        assert found.verdict.passed and len(found.games) >= 9


def test_search_is_fast_on_a_long_round_robin_B01_1_4_1e() -> None:
    """19 games, many wins, a mix that only fails at the end: bounded, well under a second."""
    rows = [(2450, "GM" if i < 3 else "FM", FEDS[i % 3], 2 if i % 3 else 1) for i in range(19)]
    ctx = NormContext(get_edition("2005"), "GM", "ESP", 9)
    start = time.perf_counter()
    out = search_choices(_games(rows), ctx, allow_tail=True, allow_won=True)
    assert time.perf_counter() - start < 2.0
    assert out.proof or out.verdict is not None
