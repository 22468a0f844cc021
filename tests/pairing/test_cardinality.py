"""The maximum-cardinality matching behind Lim's procedure (C.04.4.3 2.3, 4.4), against brute force."""

from __future__ import annotations

import itertools
import random

import pytest

from arbitro.pairing.cardinality import Matching, bipartite_size


def _graph(n: int, edges: set[frozenset[int]]) -> Matching:
    return Matching(n, lambda v: (w for w in range(n) if frozenset((v, w)) in edges))


def _brute(n: int, edges: set[frozenset[int]], alive: list[int]) -> int:
    """The largest number of disjoint edges among ``alive`` (exhaustive)."""
    es = [tuple(e) for e in edges if all(v in alive for v in e)]
    for k in range(len(alive) // 2, 0, -1):
        for combo in itertools.combinations(es, k):
            if len({v for e in combo for v in e}) == 2 * k:
                return k
    return 0


def test_blossom_odd_cycle_with_a_stem() -> None:
    """A 5-cycle 0-1-2-3-4 with 5 hanging on 4: three pairs, found through the blossom."""
    edges = {frozenset(e) for e in ((0, 1), (1, 2), (2, 3), (3, 4), (4, 0), (4, 5))}
    m = _graph(6, edges)
    m.greedy([(0, 1), (2, 3)])
    assert m.maximise() == 3


@pytest.mark.parametrize("seed", range(40))
def test_random_graphs_match_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(2, 9)
    edges = {frozenset(e) for e in itertools.combinations(range(n), 2) if rng.random() < 0.35}
    m = _graph(n, edges)
    assert m.maximise() == _brute(n, edges, list(range(n)))
    # dropping a vertex keeps the size exactly when the brute force says so
    v = rng.randrange(n)
    rest = [w for w in range(n) if w != v]
    keeps = _brute(n, edges, rest) == m.size()
    assert m.drop_keeping_size(v) is keeps
    assert m.size() == (_brute(n, edges, rest) if keeps else _brute(n, edges, list(range(n))))


def test_try_pair_leaves_the_rest_perfect_or_refuses() -> None:
    """A path 0-1-2-3: pairing 1 with 2 leaves 0 and 3 alone (refused); 0 with 1 leaves 2-3."""
    edges = {frozenset(e) for e in ((0, 1), (1, 2), (2, 3))}
    m = _graph(4, edges)
    assert m.maximise() == 2
    assert m.try_pair(1, 2) is None
    new = m.try_pair(0, 1)
    assert new is not None and new[2] == 3 and new[3] == 2
    assert m.mate == [1, 0, 3, 2]  # unchanged until committed


def test_bipartite_size() -> None:
    """Two floaters, one opponent next door: one pair (3.3-3.4)."""
    assert bipartite_size(2, 1, lambda i, j: True) == 1
    assert bipartite_size(2, 2, lambda i, j: i == j) == 2
