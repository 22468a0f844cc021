"""Maximum-cardinality matching on a general graph (Edmonds' blossoms), for the procedural Lim system.

The Lim text (C.04.4.3) pairs player by player; what it asks of a graph is only
"can the players left still all be paired" (4.4) and "how many pairings can this
scoregroup have" (2.3, 3). :class:`Matching` answers both incrementally: it keeps a
maximum matching over the live vertices and repairs it with one augmenting-path
search when a vertex or a pair leaves.

Vertices are ``0 .. n-1``; ``adjacent(v)`` yields the neighbours of ``v`` (the dead
ones are skipped here).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable

__all__ = ["Matching", "bipartite_size"]


class Matching:
    """A maximum matching over the live vertices of a graph given by ``adjacent``."""

    def __init__(self, n: int, adjacent: Callable[[int], Iterable[int]]) -> None:
        self.n = n
        self.adjacent = adjacent
        self.mate = [-1] * n
        self.alive = [True] * n

    def greedy(self, pairs: Iterable[tuple[int, int]]) -> None:
        """Take the given pairs (edges of the graph) while both ends are free."""
        mate = self.mate
        for a, b in pairs:
            if mate[a] == -1 and mate[b] == -1 and a != b:
                mate[a], mate[b] = b, a

    def maximise(self) -> int:
        """Augment from every exposed live vertex; returns the number of pairs.

        One pass suffices: a vertex with no augmenting path keeps none after others augment.
        """
        for v in range(self.n):
            if self.alive[v] and self.mate[v] == -1:
                self.augment(v)
        return self.size()

    def size(self) -> int:
        return sum(1 for v in range(self.n) if self.alive[v] and self.mate[v] > v)

    def exposed(self) -> list[int]:
        return [v for v in range(self.n) if self.alive[v] and self.mate[v] == -1]

    def drop_keeping_size(self, v: int) -> bool:
        """Remove ``v`` if the live vertices keep as many pairs without it; else leave all as it was."""
        m = self.mate[v]
        self.alive[v] = False
        self.mate[v] = -1
        if m == -1:
            return True
        self.mate[m] = -1
        if self.augment(m):
            return True
        self.alive[v] = True
        self.mate[v], self.mate[m] = m, v
        return False

    def try_pair(self, a: int, b: int) -> list[int] | None:
        """With a perfect matching: the perfect matching of the rest once ``a`` and ``b`` pair, or None.

        The state is left unchanged; :meth:`commit` applies a result.
        """
        mate = self.mate
        if mate[a] == b:
            new = mate.copy()
            new[a] = new[b] = -1
            return new
        saved = mate.copy()
        ma, mb = mate[a], mate[b]
        for v, m in ((a, ma), (b, mb)):
            if m != -1:
                mate[m] = -1
            mate[v] = -1
        self.alive[a] = self.alive[b] = False
        ok = ma == -1 or mb == -1 or self.augment(ma)
        result = mate.copy() if ok else None
        self.mate = saved
        self.alive[a] = self.alive[b] = True
        return result

    def commit(self, a: int, b: int, mate: list[int]) -> None:
        """``a`` and ``b`` are paired and leave; ``mate`` (from :meth:`try_pair`) matches the rest."""
        self.mate = mate
        self.alive[a] = self.alive[b] = False

    def augment(self, root: int) -> bool:
        """One augmenting path from the exposed vertex ``root`` (Edmonds), applied if found."""
        n, mate, alive = self.n, self.mate, self.alive
        used = [False] * n
        parent = [-1] * n
        base = list(range(n))
        used[root] = True
        queue = deque([root])

        def lca(a: int, b: int) -> int:
            seen = [False] * n
            while True:
                a = base[a]
                seen[a] = True
                if mate[a] == -1:
                    break
                a = parent[mate[a]]
            while True:
                b = base[b]
                if seen[b]:
                    return b
                b = parent[mate[b]]

        def mark(v: int, b: int, child: int, blossom: list[bool]) -> None:
            while base[v] != b:
                blossom[base[v]] = blossom[base[mate[v]]] = True
                parent[v] = child
                child = mate[v]
                v = parent[mate[v]]

        while queue:
            v = queue.popleft()
            for to in self.adjacent(v):
                if not alive[to] or base[v] == base[to] or mate[v] == to:
                    continue
                if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                    cb = lca(v, to)
                    blossom = [False] * n
                    mark(v, cb, to, blossom)
                    mark(to, cb, v, blossom)
                    for i in range(n):
                        if blossom[base[i]]:
                            base[i] = cb
                            if not used[i]:
                                used[i] = True
                                queue.append(i)
                elif parent[to] == -1:
                    parent[to] = v
                    if mate[to] == -1:
                        while to != -1:
                            pv = parent[to]
                            nxt = mate[pv]
                            mate[to], mate[pv] = pv, to
                            to = nxt
                        return True
                    used[mate[to]] = True
                    queue.append(mate[to])
        return False


def bipartite_size(left: int, right: int, edge: Callable[[int, int], bool]) -> int:
    """The largest number of disjoint pairs (left, right) with ``edge`` (Kuhn's augmenting paths)."""
    owner = [-1] * right

    def grab(i: int, seen: list[bool]) -> bool:
        for j in range(right):
            if not seen[j] and edge(i, j):
                seen[j] = True
                if owner[j] == -1 or grab(owner[j], seen):
                    owner[j] = i
                    return True
        return False

    return sum(1 for i in range(left) if grab(i, [False] * right))
