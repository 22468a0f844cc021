"""The warm-restart maximum-weight matcher against exhaustive search (dutch-system.md §4.3)."""

from __future__ import annotations

import random

import pytest

from arbitro.pairing.blossom import Matcher


def _best(n: int, w: list[list[int]], active: list[bool]) -> int:
    best = 0

    def rec(rest: list[int], acc: int) -> None:
        nonlocal best
        if not rest:
            best = max(best, acc)
            return
        v, tail = rest[0], rest[1:]
        rec(tail, acc)
        for i, u in enumerate(tail):
            if w[v][u] > 0:
                rec(tail[:i] + tail[i + 1 :], acc + w[v][u])

    rec([v for v in range(n) if active[v]], 0)
    return best


def _value(m: Matcher, mate: list[int]) -> int:
    total = 0
    for v, u in enumerate(mate):
        if u > v:
            assert mate[u] == v
            assert m.weight(v, u) > 0, "a zero-weight edge is not an edge"
            total += m.weight(v, u)
    return total


@pytest.mark.parametrize("several", [False, True])
def test_blossom_matches_exhaustive_search_with_warm_restarts(several: bool) -> None:
    """Both the one-augmentation stages and the fast path's several per stage (issue 16)."""
    rng = random.Random(4)
    for _ in range(400):
        n = rng.randint(1, 8)
        big = rng.choice([1, 1 << 300])
        m = Matcher(n, several=several)
        w = [[0] * n for _ in range(n)]
        density = rng.random()
        for i in range(n):
            for j in range(i + 1, n):
                if rng.random() < density:
                    w[i][j] = w[j][i] = rng.randint(1, 20) * big + rng.randint(0, 5)
                    m.set_weight(i, j, w[i][j])
        active = [True] * n
        mate = m.solve()
        assert _value(m, mate) == _best(n, w, active)
        for _step in range(8):
            if rng.random() < 0.15:
                pairs = [(v, u) for v, u in enumerate(mate) if u > v]
                if pairs:
                    a, b = rng.choice(pairs)
                    m.remove_pair(a, b)
                    active[a] = active[b] = False
            else:
                v = rng.randrange(n)
                if not active[v]:
                    continue
                for u in range(n):
                    if u != v and active[u] and rng.random() < 0.5:
                        x = 0 if rng.random() < 0.2 else rng.randint(1, 20) * big + rng.randint(0, 5)
                        w[v][u] = w[u][v] = x
                        m.set_weight(v, u, x)
            mate = m.solve()
            assert _value(m, mate) == _best(n, w, active)


def test_blossom_unmatched_vertex_maps_to_itself() -> None:
    m = Matcher(3)
    m.set_weight(0, 1, 5)
    m.set_weight(1, 2, 7)
    assert m.solve() == [0, 2, 1]


def test_several_augmentations_per_stage_reach_the_same_optimum_weight() -> None:
    """Issue 16: ``several`` changes the work, not the optimum, on fields of ties and big raises.

    Bracket-like re-weighting: a dense graph of equal "completion" weights, then a
    block of vertices gets heavier edges among themselves (most of them become roots
    at once), then random perturbations and fixed pairs, as the Dutch round does.
    """
    rng = random.Random(16)
    for _ in range(25):
        n = rng.randint(10, 40)
        plain, fast = Matcher(n), Matcher(n, several=True)
        base = 1 << 200
        w = [[0] * n for _ in range(n)]
        for i in range(n):
            for j in range(i + 1, n):
                if rng.random() < 0.9:
                    w[i][j] = w[j][i] = base * rng.choice([3, 3, 3, 4])
        for m in (plain, fast):
            for i in range(n):
                for j in range(i + 1, n):
                    m.set_weight(i, j, w[i][j])
        assert _value(plain, plain.solve()) == _value(fast, fast.solve())
        for _step in range(6):
            lo = rng.randrange(n)
            hi = min(n, lo + rng.randint(4, 20))
            for i in range(lo, hi):
                for j in range(i + 1, hi):
                    if w[i][j]:
                        w[i][j] = w[j][i] = w[i][j] + (1 << 100) * rng.randint(1, 3) + rng.randint(0, 7)
                        plain.set_weight(i, j, w[i][j])
                        fast.set_weight(i, j, w[i][j])
            a, b = plain.solve(), fast.solve()
            assert _value(plain, a) == _value(fast, b)
            pairs = [(v, u) for v, u in enumerate(b) if u > v]
            if pairs and rng.random() < 0.5:
                x, y = rng.choice(pairs)
                for m in (plain, fast):
                    m.remove_pair(x, y)
                for u in range(n):
                    w[x][u] = w[u][x] = w[y][u] = w[u][y] = 0
                for m in (plain, fast):
                    for u in range(n):
                        m.set_weight(x, u, 0)
                        m.set_weight(y, u, 0)
