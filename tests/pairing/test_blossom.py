"""The warm-restart maximum-weight matcher against exhaustive search (dutch-system.md §4.3)."""

from __future__ import annotations

import random

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


def test_blossom_matches_exhaustive_search_with_warm_restarts() -> None:
    rng = random.Random(4)
    for _ in range(400):
        n = rng.randint(1, 8)
        big = rng.choice([1, 1 << 300])
        m = Matcher(n)
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
