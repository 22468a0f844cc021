"""Maximum-weight matching on a general graph, with warm restarts.

A primal-dual blossom algorithm (Edmonds; the O(n^3) organisation of Galil,
Micali & Gabow as popularised by J. van Rantwijk's ``mwmatching``), written for
the Dutch pairing engine:

* weights are Python ints of any size (the Dutch criteria are packed into
  integers of several hundred bits, dutch-system.md §4.4);
* the graph is dense and stored as a matrix; weight 0 means "no edge";
* after the weights around a few vertices change, :meth:`Matcher.solve`
  re-optimises from the previous matching and dual solution instead of starting
  again (bbpPairings re-solves hundreds of times per round, §4.3).

Warm restarts keep the dual solution feasible and complementary slackness true
everywhere except at free vertices with a positive dual: a changed edge either
keeps a non-negative slack, or one of its ends is taken out of its blossoms and
has its dual raised. Such free vertices become the roots of the next search.
A stage ends with an augmentation, or, when an outer vertex's dual reaches 0,
with the alternating path to it flipped so that it becomes the free vertex.
"""

from __future__ import annotations

import sys
from operator import itemgetter

__all__ = ["Matcher"]


class Matcher:
    """A maximum-weight (not maximum-cardinality) matching on ``n`` vertices.

    ``several`` lets a stage make more than one augmentation (:meth:`_drop_trees`).
    It changes the work, not the result's optimality: either way :meth:`solve`
    returns a maximum-weight matching, though not necessarily the same one when
    several are optimal.
    """

    def __init__(self, n: int, several: bool = False, dense: bool = True) -> None:
        self.n = n
        # Several augmentations per stage (see :meth:`_drop_trees`); off: one, as in mwmatching.
        self.several = several
        self.tree = [-1] * (2 * n)
        self.no_delta = False  # set in a stage once it has augmented (several)
        # Stored weights are 2 * weight * scale, so duals stay integral.
        self.scale = 1
        # ``dense=False``: every row is one shared row of zeros until written (copy on write,
        # :meth:`_own`); for :meth:`start`, which gives the rows of the active vertices.
        zero = [0] * n
        self._zero: list[int] | None = None if dense else zero
        self.w: list[list[int]] = [[0] * n for _ in range(n)] if dense else [zero] * n
        self.active = [True] * n
        self.mate = [-1] * n
        self.dual = [0] * (2 * n)
        self.inblossom = list(range(n))
        self.parent = [-1] * (2 * n)
        self.childs: list[list[int]] = [[] for _ in range(2 * n)]
        self.base = list(range(n)) + [-1] * n
        self.endps: list[list[tuple[int, int]]] = [[] for _ in range(2 * n)]
        self.unused = list(range(2 * n - 1, n - 1, -1))
        self.leafs: list[list[int]] = [[] for _ in range(2 * n)]
        self.fresh = True
        self.optimal = False  # the matching and duals certify each other (no change since solve())
        # Per-stage state.
        self.label = [0] * (2 * n)
        self.labelend: list[tuple[int, int] | None] = [None] * (2 * n)
        self.bestedge: list[tuple[int, int] | None] = [None] * (2 * n)
        self.bbest: list[list[tuple[int, int]] | None] = [None] * (2 * n)
        self.queue: list[int] = []
        self.alive: list[int] = []
        self.loose: list[tuple[int, int]] = []
        # the vertices of :meth:`open_group` until the next solve (their edges are only written)
        self._opened: set[int] | None = None
        self._group: list[int] = []
        # scratch for _add_blossom, indexed by blossom
        self._bk: list[int | None] = [None] * (2 * n)
        self._bx = [0] * (2 * n)
        self._by = [0] * (2 * n)

    # ------------------------------------------------------------------
    # public interface
    def weight(self, a: int, b: int) -> int:
        """The current weight of edge ``a``-``b`` (0: no edge)."""
        return self.w[a][b] // (2 * self.scale)

    def refine(self, bits: int) -> None:
        """Make room for ``bits`` extra low-order bits below every weight (see :meth:`set_weight`)."""
        if bits <= 0:
            return
        self.scale <<= bits
        self.dual = [d << bits for d in self.dual]
        self.w = [[x << bits for x in row] for row in self.w]

    def set_weight(self, a: int, b: int, weight: int, fine: int = 0) -> None:
        """Set the weight of edge ``a``-``b`` (0 removes it), keeping the dual solution valid.

        ``fine`` (below the scale set by :meth:`refine`) breaks ties without
        outweighing any difference of ``weight``.
        """
        new = 2 * (weight * self.scale + fine) if weight else 0
        old = self.w[a][b]
        if new == old:
            return
        if self._zero is not None:
            self._own(a)
            self._own(b)
        self.optimal = False
        if self.fresh or not (self.active[a] and self.active[b]):
            self.w[a][b] = self.w[b][a] = new
            return
        opened = self._opened
        if opened is not None and (a in opened or b in opened):
            self.w[a][b] = self.w[b][a] = new  # (the group's duals are set again by _close_group)
            return
        if self.inblossom[a] == self.inblossom[b] and self.inblossom[a] >= self.n:
            self._isolate(a)
        self.w[a][b] = self.w[b][a] = new
        dual = self.dual
        if self.mate[a] == b:
            slack = dual[a] + dual[b] - new
            if slack == 0:
                return
            if new == 0:
                self._unmatch(a)
                return
            if slack > 0:
                self.loose.append((a, b))  # re-tightened or unmatched by solve()
                return
            for v in (a, b):
                if self.inblossom[v] == v:
                    dual[v] -= slack
                    return
            self._isolate(a)
            self._fix_dual(a)
            return
        if new == 0:
            return
        slack = dual[a] + dual[b] - new
        if slack >= 0:
            return
        order = (a, b) if self.mate[a] == -1 or self.mate[b] != -1 else (b, a)
        for v in order:
            if self.inblossom[v] == v:
                dual[v] -= slack
                if self.mate[v] != -1:
                    self._unmatch(v)
                return
        self._isolate(a)
        self._fix_dual(a)

    def open_group(self, group: list[int]) -> None:
        """Before changing many edges at ``group``: take its vertices out of their blossoms and the matching.

        Until the next :meth:`solve`, :meth:`set_weight` on an edge with an end in the group only
        writes the weight; :meth:`solve` first gives the group new duals and a matching on tight
        edges inside it (:meth:`_close_group`). For a group whose edges all change at once (a
        bracket of :mod:`arbitro.pairing.bracket_swiss`) this replaces one dual fix per edge, which
        leaves most of the group and of its mates free with raised duals, each a root of its own
        stage. It changes the work, not the result's optimality.
        """
        if self.fresh or not group:
            return
        for v in group:
            if self.active[v]:
                self._isolate(v)
        self._opened = set(group)
        self._group = [v for v in group if self.active[v]]
        self.optimal = False

    def write_row(self, v: int, weights: dict[int, int]) -> None:
        """Set the weights of the edges ``v``-``u`` (``u`` in ``weights``; 0 removes one), as :meth:`set_weight`.

        Only on a fresh matcher or for a vertex of :meth:`open_group`, whose duals the next
        :meth:`solve` sets again, so that nothing but the weights is written.
        """
        if not (self.fresh or (self._opened is not None and v in self._opened)):
            raise ValueError("write_row: only on a fresh matcher or an opened vertex")
        if self._zero is not None:
            self._own(v)
            for u in weights:
                self._own(u)
        unit = 2 * self.scale
        wm = self.w
        row = wm[v]
        for u, x in weights.items():
            row[u] = wm[u][v] = unit * x
        self.optimal = False

    def _close_group(self) -> None:
        """New duals and a matching for the vertices of :meth:`open_group`.

        First the group G alone: a maximum-weight matching of its own edges on a matcher of
        its own, whose duals are feasible on G's edges. Each blossom's dual is then moved onto
        its vertices (``y'(v)`` = v's dual plus those of the blossoms around it), which keeps
        every edge of G covered -- an edge inside a blossom gets the blossom's dual from both
        ends, one leaving it from one end -- and keeps tight the matched edges that leave no
        blossom of positive dual; the others are dropped. (If that matcher had to halve its
        units, or G has one vertex or is all there is, ``y'(v)`` is half v's heaviest edge in G instead, and the
        matching is greedy on tight edges: an edge inside G then weighs at most twice each
        end's half, the halves being exact as stored weights are even.)

        Each vertex ``v`` of G then gets the dual max(y'(v), a), with a the least value that
        covers its edges to the active vertices outside G (max of w(v, u) - dual(u), at least
        0); a vertex whose dual was raised loses its partner in G. Every edge is then covered:
        outside G nothing changed (taking G's vertices out of their blossoms moved each dissolved
        blossom's dual onto its vertices, which keeps every edge covered, and unmatched the bases
        whose outer edge it loosened); an edge to a vertex outside by a; an edge inside G by
        y'. No blossom contains a vertex of G, so no blossom dual enters those edges; every
        matched edge is tight. That is the state a warm restart expects (feasible duals, tight
        matched edges, free vertices with a positive dual as the next roots), usually with far
        fewer roots than one dual fix per changed edge leaves.
        """
        group, self._group = self._group, []
        inside = self._opened or set()
        self._opened = None
        active, dual, wm, mate = self.active, self.dual, self.w, self.mate
        k = len(group)
        own: list[int] | None = None
        base = [0] * k
        outside = [u for u in range(self.n) if active[u] and u not in inside]
        if k >= 2 and outside:
            # (with nothing outside, G's problem is the whole one: left to the search)
            loc = Matcher(k)
            cols = itemgetter(*group)
            loc.w = [list(cols(wm[v])) for v in group]  # stored units, as here
            lm = loc.solve()
            if loc.scale == 1:
                ld, parent = loc.dual, loc.parent
                for x in range(k):
                    d = ld[x]
                    b = parent[x]
                    while b != -1:
                        d += ld[b]
                        b = parent[b]
                    base[x] = d
                own = [y if y != x and base[x] + base[y] == loc.w[x][y] else -1 for x, y in enumerate(lm)]
        if own is None:
            for x, v in enumerate(group):
                row = wm[v]
                base[x] = max((row[u] for u in group if u != v), default=0) // 2
        raised = [False] * k
        for x, v in enumerate(group):
            row = wm[v]
            a = base[x]
            for u in outside:
                wt = row[u]
                if wt:
                    d = wt - dual[u]
                    if d > a:
                        a = d
            dual[v] = a
            raised[x] = a > base[x]
        if own is not None:
            for x, y in enumerate(own):
                if y > x and not raised[x] and not raised[y]:
                    mate[group[x]] = group[y]
                    mate[group[y]] = group[x]
            return
        for v in group:
            if mate[v] != -1:
                continue
            row = wm[v]
            dv = dual[v]
            for u in group:
                if u != v and mate[u] == -1 and row[u] and dv + dual[u] == row[u]:
                    mate[v] = u
                    mate[u] = v
                    break

    def _own(self, v: int) -> None:
        """Give ``v`` its own row before a write (rows start shared with ``dense=False``)."""
        if self.w[v] is self._zero:
            self.w[v] = [0] * self.n

    def remove_pair(self, a: int, b: int) -> None:
        """Take two vertices out of the graph (a pair fixed for good).

        Removing a matched pair of single vertices keeps an optimal state
        optimal: the remaining duals stay feasible, the matching loses a tight
        edge and the dual objective the same amount.
        """
        inb = self.inblossom
        if self.mate[a] != b or inb[a] != a or inb[b] != b:
            self.optimal = False
        for v in (a, b):
            if not self.fresh:
                self._isolate(v)
            if self.mate[v] != -1:
                self._unmatch(v)
        for v in (a, b):
            self.active[v] = False

    def start(self, rows: dict[int, list[int]], mate: list[int], dual: list[int]) -> None:
        """Start a fresh matcher from given weights, a matching and a dual solution, instead of solving.

        ``rows[v]`` is the full row of every active vertex ``v`` in stored units (twice the
        weight; inactive vertices: no row, 0 towards them), used as given (not copied);
        ``mate`` a matching on edges of positive weight (-1: free) and ``dual`` a vertex
        dual in weight units with ``dual[a] + dual[b] >= w(a, b)`` on every edge and
        equality on the matched ones.
        The state is then what a warm restart expects (duals feasible, complementary
        slackness except at free vertices with a positive dual, which the next
        :meth:`solve` takes as roots); :meth:`solve` returns a maximum-weight matching.
        """
        assert self.fresh and self.scale == 1
        for v, row in rows.items():
            self.w[v] = row
        for v in range(self.n):
            if v not in rows:
                self.active[v] = False
        self.mate = [m if m >= 0 and self.active[v] else -1 for v, m in enumerate(mate)]
        for v in rows:
            self.dual[v] = 2 * dual[v]
        self.fresh = False
        self.optimal = False

    def solve(self) -> list[int]:
        """Optimise and return ``mate`` (``mate[v] == v`` when ``v`` is unmatched or removed).

        Augmenting through nested blossoms recurses once per level, and blossoms can nest
        about n / 2 deep (a 2,000-player round 9 went past Python's default limit of 1,000):
        the limit is raised for the call. Python-to-Python calls do not use the C stack
        (CPython 3.11+), so only the interpreter's own counter is affected.
        """
        limit = sys.getrecursionlimit()
        need = 2 * self.n + 200
        if limit < need:
            sys.setrecursionlimit(need)
        try:
            if self._opened is not None:
                self._close_group()
            if self.fresh:
                self.fresh = False
                self._jump_start()
            self._tighten()
            self._relax()
            while self._stage():
                pass
        finally:
            if limit < need:
                sys.setrecursionlimit(limit)
        self.optimal = True
        return [m if m >= 0 else v for v, m in enumerate(self.mate)]

    def keeps_mate(self, v: int, weights: dict[int, int]) -> bool:
        """True when, with the edges ``v``-``u`` set to ``weights[u]``, every optimum pairs ``v`` with its mate.

        A certificate from LP duality, valid only right after :meth:`solve`
        (``optimal``): the current duals are feasible and, by complementary
        slackness, their objective equals the weight W* of the current
        matching M*. For any matching M, W(M) <= W* - sum of the slacks of
        M's edges. Changing only ``v``'s edges by d(u) = new - old, a matching
        that pairs ``v`` with ``u`` weighs at most W* - slack(v, u) + d(u),
        one that pairs ``v`` with an unchanged edge or leaves it single at most
        W*, while M* weighs W* + d(u0) with ``u0`` the current mate. So if
        d(u0) > 0 and slack(v, u) > d(u) - d(u0) for every other changed
        ``u``, every maximum-weight matching of the new weights pairs ``v``
        with ``u0`` -- what :meth:`solve` would find after the change -- and M*
        is one of them. Edges inside one blossom have a slack that needs the
        blossom duals; for them the test answers False unless d(u) < d(u0).
        """
        u0 = self.mate[v]
        if not self.optimal or u0 < 0 or not weights.get(u0):
            return False
        unit = 2 * self.scale
        row, dual, inb, active = self.w[v], self.dual, self.inblossom, self.active
        d0 = unit * weights[u0] - row[u0]
        if d0 <= 0:
            return False
        dv = dual[v]
        for u, new in weights.items():
            if u == u0 or not new or not active[u]:
                continue
            d = unit * new - row[u]
            if d < d0:
                continue
            if inb[u] == inb[v] or dv + dual[u] - row[u] <= d - d0:
                return False
        return True

    def _jump_start(self) -> None:
        """First duals: half the heaviest edge at each vertex (a feasible start)."""
        alive = [v for v in range(self.n) if self.active[v]]
        dual, wm = self.dual, self.w
        for v in alive:
            row = wm[v]
            dual[v] = max((row[u] for u in alive), default=0) // 2

    def _tighten(self) -> None:
        """Matched edges whose weight went down: lower one end's dual if its other edges allow, else unmatch."""
        loose, self.loose = self.loose, []
        if not loose:
            return
        alive = [v for v in range(self.n) if self.active[v]]
        dual, wm, inb, mate = self.dual, self.w, self.inblossom, self.mate
        for a, b in loose:
            if mate[a] != b or not self.active[a]:
                continue
            slack = dual[a] + dual[b] - wm[a][b]
            if slack <= 0:
                continue
            for x, y in ((b, a), (a, b)):
                if inb[x] != x or dual[x] < slack:
                    continue
                row = wm[x]
                dx = dual[x] - slack
                if all(not row[u] or u in (x, y) or dx + dual[u] >= row[u] for u in alive):
                    dual[x] = dx
                    break
            else:
                self._unmatch(a)

    def _relax(self) -> None:
        """Lower the dual of each free single vertex to the least feasible value, then match greedily on tight edges.

        Keeps the dual solution feasible and every matched edge tight, so the
        search that follows starts from fewer free vertices with positive duals.
        """
        alive = [v for v in range(self.n) if self.active[v]]
        dual, mate, wm, inb = self.dual, self.mate, self.w, self.inblossom
        for v in alive:
            if mate[v] != -1 or inb[v] != v or dual[v] == 0:
                continue
            row = wm[v]
            best = 0
            for u in alive:
                wt = row[u]
                if wt and u != v:
                    d = wt - dual[u]
                    if d > best:
                        best = d
            dual[v] = best
            if best == 0:
                continue
            for u in alive:
                wt = row[u]
                if wt and u != v and mate[u] == -1 and inb[u] == u and best + dual[u] == wt:
                    mate[v] = u
                    mate[u] = v
                    break

    # ------------------------------------------------------------------
    # warm-restart helpers
    def _unmatch(self, v: int) -> None:
        m = self.mate[v]
        if m >= 0:
            self.mate[m] = -1
        self.mate[v] = -1

    def _leaves(self, b: int) -> list[int]:
        return [b] if b < self.n else self.leafs[b]

    def _dissolve(self, b: int) -> None:
        """Dissolve a top-level blossom between stages, moving its dual onto its vertices."""
        z = self.dual[b]
        if z:
            for v in self._leaves(b):
                self.dual[v] += z
            base = self.base[b]
            if self.mate[base] != -1:
                self._unmatch(base)
        for s in self.childs[b]:
            self.parent[s] = -1
            for v in self._leaves(s):
                self.inblossom[v] = s
        self._recycle(b)

    def _recycle(self, b: int) -> None:
        self.leafs[b] = []
        self.childs[b] = []
        self.endps[b] = []
        self.base[b] = -1
        self.dual[b] = 0
        self.label[b] = 0
        self.labelend[b] = None
        self.bestedge[b] = None
        self.bbest[b] = None
        self.unused.append(b)

    def _isolate(self, v: int) -> None:
        while self.inblossom[v] != v:
            self._dissolve(self.inblossom[v])
        self._unmatch(v)

    def _fix_dual(self, v: int) -> None:
        row = self.w[v]
        dual = self.dual
        active = self.active
        best = 0
        for u in range(self.n):
            wt = row[u]
            if wt and u != v and active[u]:
                d = wt - dual[u]
                if d > best:
                    best = d
        dual[v] = best

    def _rescale(self) -> None:
        self.scale *= 2
        self.dual = [d * 2 for d in self.dual]
        self.w = [[x * 2 for x in row] for row in self.w]

    # ------------------------------------------------------------------
    # the blossom algorithm
    def _assign_label(self, w: int, t: int, p: tuple[int, int] | None) -> None:
        tree = self.tree
        root = w if p is None else tree[self.inblossom[p[0]]]
        while True:
            b = self.inblossom[w]
            tree[b] = root
            self.label[w] = self.label[b] = t
            self.labelend[w] = self.labelend[b] = p
            self.bestedge[w] = self.bestedge[b] = None
            if t == 1:
                self.queue.extend(self._leaves(b))
                return
            base = self.base[b]
            m = self.mate[base]
            w, t, p = m, 1, (base, m)

    def _scan_blossom(self, v: int, w: int) -> int:
        path = []
        base = -1
        label = self.label
        while v != -1:
            b = self.inblossom[v]
            if label[b] & 4:
                base = self.base[b]
                break
            path.append(b)
            label[b] = 5
            le = self.labelend[b]
            if le is None:
                v = -1
            else:
                t = le[0]
                bt = self.inblossom[t]
                le2 = self.labelend[bt]
                assert le2 is not None
                v = le2[0]
            if w != -1:
                v, w = w, v
        for b in path:
            label[b] = 1
        return base

    def _add_blossom(self, base: int, v: int, w: int) -> None:
        inb = self.inblossom
        bb = inb[base]
        bv = inb[v]
        bw = inb[w]
        b = self.unused.pop()
        self.base[b] = base
        self.parent[b] = -1
        self.parent[bb] = b
        path: list[int] = []
        endps: list[tuple[int, int]] = []
        while bv != bb:
            self.parent[bv] = b
            path.append(bv)
            le = self.labelend[bv]
            assert le is not None
            endps.append(le)
            bv = inb[le[0]]
        path.append(bb)
        path.reverse()
        endps.reverse()
        endps.append((v, w))
        while bw != bb:
            self.parent[bw] = b
            path.append(bw)
            le = self.labelend[bw]
            assert le is not None
            endps.append((le[1], le[0]))
            bw = inb[le[0]]
        self.childs[b] = path
        self.endps[b] = endps
        leafs: list[int] = []
        for sub in path:
            if sub < self.n:
                leafs.append(sub)
            else:
                leafs.extend(self.leafs[sub])
        self.leafs[b] = leafs
        self.label[b] = 1
        self.labelend[b] = self.labelend[bb]
        self.tree[b] = self.tree[bb]
        self.dual[b] = 0
        label = self.label
        for x in leafs:
            if label[inb[x]] == 2:
                self.queue.append(x)
            inb[x] = b
        if self.no_delta:
            # This stage has augmented (``several``) and will end without another dual step,
            # so the least-slack edges that only a dual step reads are not needed.
            for sub in path:
                self.bbest[sub] = None
                self.bestedge[sub] = None
            self.bbest[b] = None
            self.bestedge[b] = None
            return
        # least-slack edges to other S-blossoms: for each blossom bj (in order of
        # first sight), the first edge of least slack bk[bj], from bx[bj] to by[bj]
        bk, bx, by = self._bk, self._bx, self._by
        order: list[int] = []
        dual = self.dual
        wm = self.w
        outer: list[tuple[int, int, int]] | None = None
        for sub in path:
            sb = self.bbest[sub]
            if sb is None:
                if outer is None:
                    # (vertex, its dual, its blossom) for the outer vertices of other blossoms
                    outer = [(y, dual[y], inb[y]) for y in self.alive if label[inb[y]] == 1 and inb[y] != b]
                for x in self._leaves(sub):
                    row = wm[x]
                    dx = dual[x]
                    for y, dy, bj in outer:
                        wt = row[y]
                        if not wt:
                            continue
                        ks = dx + dy - wt
                        cur = bk[bj]
                        if cur is None:
                            order.append(bj)
                        elif ks >= cur:
                            continue
                        bk[bj] = ks
                        bx[bj] = x
                        by[bj] = y
            else:
                for i, j in sb:
                    if inb[j] == b:
                        i, j = j, i
                    bj = inb[j]
                    if bj != b and label[bj] == 1:
                        ks = dual[i] + dual[j] - wm[i][j]
                        cur = bk[bj]
                        if cur is None:
                            order.append(bj)
                        elif ks >= cur:
                            continue
                        bk[bj] = ks
                        bx[bj] = i
                        by[bj] = j
            self.bbest[sub] = None
            self.bestedge[sub] = None
        self.bbest[b] = [(bx[bj], by[bj]) for bj in order]
        best: tuple[int, int, int] | None = None
        for bj in order:
            kb = bk[bj]
            assert kb is not None
            cand = (kb, bx[bj], by[bj])
            if best is None or cand < best:
                best = cand
            bk[bj] = None
        self.bestedge[b] = (best[1], best[2]) if best is not None else None

    def _expand_blossom(self, b: int, endstage: bool) -> None:
        n = self.n
        for s in self.childs[b]:
            self.parent[s] = -1
            if s < n:
                self.inblossom[s] = s
            elif endstage and self.dual[s] == 0:
                self._expand_blossom(s, endstage)
            else:
                for v in self._leaves(s):
                    self.inblossom[v] = s
        if not endstage and self.label[b] == 2:
            childs = self.childs[b]
            endps = self.endps[b]
            le = self.labelend[b]
            assert le is not None
            entry = self.inblossom[le[1]]
            j = childs.index(entry)
            if j & 1:
                j -= len(childs)
                jstep = 1
            else:
                jstep = -1

            def ep(k: int) -> tuple[int, int]:
                # edge from childs[k] to childs[k + jstep]: (vertex in k, vertex in k + jstep)
                if jstep == 1:
                    return endps[k]
                x, y = endps[k - 1]
                return (y, x)

            p: tuple[int, int] = le  # (outer, inner)
            while j != 0:
                self.label[p[1]] = 0
                self.label[ep(j)[1]] = 0
                self._assign_label(p[1], 2, p)
                j += jstep
                x, y = ep(j)
                p = (x, y)
                j += jstep
            bv = childs[j]
            self.label[p[1]] = self.label[bv] = 2
            self.labelend[p[1]] = self.labelend[bv] = p
            self.bestedge[bv] = None
            j += jstep
            while childs[j] != entry:
                bv = childs[j]
                if self.label[bv] == 1:
                    j += jstep
                    continue
                found = -1
                for v in self._leaves(bv):
                    if self.label[v] != 0:
                        found = v
                        break
                if found >= 0:
                    self.label[found] = 0
                    self.label[self.mate[self.base[bv]]] = 0
                    self._assign_label(found, 2, self.labelend[found])
                j += jstep
        self._recycle(b)
        self.label[b] = 0

    def _augment_blossom(self, b: int, v: int) -> None:
        n = self.n
        t = v
        while self.parent[t] != b:
            t = self.parent[t]
        if t >= n:
            self._augment_blossom(t, v)
        childs = self.childs[b]
        endps = self.endps[b]
        i = j = childs.index(t)
        if i & 1:
            j -= len(childs)
            jstep = 1
        else:
            jstep = -1
        while j != 0:
            j += jstep
            t = childs[j]
            if jstep == 1:
                x, y = endps[j]
            else:
                y, x = endps[j - 1]
            if t >= n:
                self._augment_blossom(t, x)
            j += jstep
            t = childs[j]
            if t >= n:
                self._augment_blossom(t, y)
            self.mate[x] = y
            self.mate[y] = x
        self.childs[b] = childs[i:] + childs[:i]
        self.endps[b] = endps[i:] + endps[:i]
        self.base[b] = self.base[self.childs[b][0]]

    def _augment_path(self, s: int, p: int) -> None:
        """Match S-vertex ``s`` to ``p`` (-1: leave it free) and flip its tree path to the root."""
        n = self.n
        inb = self.inblossom
        while True:
            bs = inb[s]
            if bs >= n:
                self._augment_blossom(bs, s)
            self.mate[s] = p
            le = self.labelend[bs]
            if le is None:
                break
            t = le[0]
            bt = inb[t]
            le2 = self.labelend[bt]
            assert le2 is not None
            s, j = le2
            if bt >= n:
                self._augment_blossom(bt, j)
            self.mate[j] = s
            p = j

    def _stage(self) -> bool:
        n = self.n
        n2 = 2 * n
        self.label = label = [0] * n2
        self.labelend = [None] * n2
        bestedge: list[tuple[int, int] | None] = [None] * n2
        self.bestedge = bestedge
        self.bbest[n:] = [None] * n
        self.queue = []
        inb = self.inblossom
        mate = self.mate
        active = self.active
        dual = self.dual
        self.alive = alive = [v for v in range(n) if active[v]]
        for v in alive:
            if mate[v] == -1 and label[inb[v]] == 0 and dual[v] > 0:
                self._assign_label(v, 1, None)
        if not self.queue:
            return False
        wm = self.w
        base = self.base
        # Cached slacks of bestedge[w] for unlabelled w, valid until the duals change:
        # wsv[w] is the slack of edge wse[w] (checked by identity against bestedge[w]).
        wse: list[tuple[int, int] | None] = [None] * n
        wsv = [0] * n
        augmented = self.no_delta = False
        scans = budget = 0  # vertex scans since the last augmentation; allowed after one
        while True:
            queue = self.queue
            while queue:
                v = queue.pop()
                bv = inb[v]
                if label[bv] != 1:
                    continue  # its tree augmented earlier in this stage
                scans += 1
                if augmented and scans > budget:
                    break  # the next augmentation costs more than the first: end the stage
                row = wm[v]
                dv = dual[v]
                # slack of bestedge[bv]; duals and weights are fixed during this scan
                cur = bestedge[bv]
                cslack: int | None = None if cur is None else dual[cur[0]] + dual[cur[1]] - wm[cur[0]][cur[1]]
                for w in alive:
                    wt = row[w]
                    if not wt:
                        continue
                    bw = inb[w]
                    if bw == bv:
                        continue
                    ks = dv + dual[w] - wt
                    if ks <= 0:
                        lw = label[bw]
                        if lw == 0:
                            if mate[base[bw]] == -1:
                                gone = self.tree[bv]
                                if bw >= n:
                                    self._augment_blossom(bw, w)
                                mate[w] = v
                                self._augment_path(v, w)
                                if not self.several:
                                    self._end_stage()
                                    return True
                                self._drop_trees(gone, gone)
                                if not augmented:
                                    augmented, budget = True, scans + 1
                                    self.no_delta = True
                                scans = 0
                                break
                            self._assign_label(w, 2, (v, w))
                        elif lw == 1:
                            b0 = self._scan_blossom(v, w)
                            if b0 >= 0:
                                self._add_blossom(b0, v, w)
                                bv = inb[v]
                                cur = bestedge[bv]
                                if cur is None:
                                    cslack = None
                                else:
                                    cslack = dual[cur[0]] + dual[cur[1]] - wm[cur[0]][cur[1]]
                            else:
                                gone, gone2 = self.tree[bv], self.tree[bw]
                                self._augment_path(v, w)
                                self._augment_path(w, v)
                                if not self.several:
                                    self._end_stage()
                                    return True
                                self._drop_trees(gone, gone2)
                                if not augmented:
                                    augmented, budget = True, scans + 1
                                    self.no_delta = True
                                scans = 0
                                break
                        elif label[w] == 0:
                            label[w] = 2
                            self.labelend[w] = (v, w)
                    elif label[bw] == 1:
                        if cslack is None or ks < cslack:
                            bestedge[bv] = (v, w)
                            cslack = ks
                    elif label[w] == 0:
                        cur = bestedge[w]
                        if cur is None:
                            bestedge[w] = wse[w] = (v, w)
                            wsv[w] = ks
                        else:
                            if wse[w] is cur:
                                sl = wsv[w]
                            else:
                                sl = dual[cur[0]] + dual[cur[1]] - wm[cur[0]][cur[1]]
                                wse[w] = cur
                                wsv[w] = sl
                            if ks < sl:
                                bestedge[w] = wse[w] = (v, w)
                                wsv[w] = ks
            if augmented:
                self._end_stage()
                return True
            # No tight edge left: change the duals.
            deltatype = 1
            delta = -1
            dvertex = -1
            for v in alive:
                if label[inb[v]] == 1 and (delta < 0 or dual[v] < delta):
                    delta = dual[v]
                    dvertex = v
            dedge: tuple[int, int] | None = None
            for v in alive:
                e = bestedge[v]
                if e is not None and label[inb[v]] == 0:
                    d = wsv[v] if wse[v] is e else dual[e[0]] + dual[e[1]] - wm[e[0]][e[1]]
                    if d < delta:
                        delta, deltatype, dedge = d, 2, e
            odd = False
            tops = [v for v in alive if inb[v] == v] + [
                b for b in range(n, n2) if base[b] >= 0 and self.parent[b] == -1
            ]
            for b in tops:
                e = bestedge[b]
                if e is not None and label[b] == 1:
                    ks = dual[e[0]] + dual[e[1]] - wm[e[0]][e[1]]
                    if ks & 1:
                        odd = True
                        break
                    d = ks // 2
                    if d < delta:
                        delta, deltatype, dedge = d, 3, e
            if odd:
                self._rescale()
                wm = self.w
                dual = self.dual
                wse = [None] * n
                continue
            dblossom = -1
            for b in tops:
                if b >= n and label[b] == 2 and dual[b] < delta:
                    delta, deltatype, dblossom = dual[b], 4, b
            if delta:
                wse = [None] * n
                for v in alive:
                    lb = label[inb[v]]
                    if lb == 1:
                        dual[v] -= delta
                    elif lb == 2:
                        dual[v] += delta
                for b in tops:
                    if b >= n:
                        if label[b] == 1:
                            dual[b] += delta
                        elif label[b] == 2:
                            dual[b] -= delta
            if deltatype == 1:
                self._augment_path(dvertex, -1)
                self._end_stage()
                return True
            if deltatype == 2:
                assert dedge is not None
                i, j = dedge
                if label[inb[i]] == 0:
                    i = j
                self.queue.append(i)
            elif deltatype == 3:
                assert dedge is not None
                self.queue.append(dedge[0])
            else:
                self._expand_blossom(dblossom, False)

    def _drop_trees(self, t1: int, t2: int) -> None:
        """Unlabel the trees rooted at ``t1`` and ``t2`` after an augmentation through them (``several``).

        A stage grows one alternating tree per root, vertex-disjoint, and the
        standard algorithm ends the stage at the first augmenting path (two
        trees joined by a tight edge, or a tree and a free vertex with a zero
        dual). With ``several`` the stage goes on: the augmented path's edges
        are tight, so flipping it changes no dual; every edge of a tree is
        tight whatever dual steps the stage made (outer duals go down by the
        step, inner ones up), so the augmented trees are left with feasible
        duals, every matched edge tight and no free vertex (the root is now
        matched). Unlabelled, their vertices and blossoms are ordinary matched
        ones that the remaining trees may grow into; the remaining trees'
        labels are untouched and still describe alternating trees of tight
        edges. The stage stops when no tree can grow on tight edges any more
        (no dual step after an augmentation, since the least-slack caches
        may name unlabelled vertices), then ends as usual. Between stages the
        state is therefore what :meth:`solve` always keeps -- feasible duals,
        tight matched edges, roots only at free vertices with a positive dual
        -- and the search ends, as before, at a maximum-weight matching.
        """
        label, labelend, bestedge = self.label, self.labelend, self.bestedge
        tree, inb = self.tree, self.inblossom
        for v in self.alive:
            b = inb[v]
            if label[b] and tree[b] in (t1, t2):
                label[b] = label[v] = 0
                labelend[b] = labelend[v] = None
                bestedge[b] = bestedge[v] = None
                if b >= self.n:
                    self.bbest[b] = None

    def _end_stage(self) -> None:
        n = self.n
        for b in range(n, 2 * n):
            if self.parent[b] == -1 and self.base[b] >= 0 and self.label[b] == 1 and self.dual[b] == 0:
                self._expand_blossom(b, True)
