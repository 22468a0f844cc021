"""The round algorithm of the Dutch system as a sequence of weighted matchings.

C.04.3 pairs brackets top-down (Art. 3) and picks, among the candidates that
satisfy the criteria best, the one generated first (3.8.1, Art. 4). Following
bbpPairings (dutch-system.md §4.5), every decision is taken on one global
maximum-weight matching over all players still to pair, so that completion
([C4]) and the PAB rules ([C2], [C5], [C9]) are always judged on the whole
field; the generation order is imposed by small perturbations in the lowest
bits, one decision at a time:

1. an initial matching fixes the score of the PAB assignee ([C5]);
2. per bracket: which MDPs are paired (4.4), their opponents (S2
   transpositions, 4.2), how many and which residents are exchanged between
   S1 and S2 (4.3 a-d), then the S2 partner of each S1 player (4.2).
"""

from __future__ import annotations

from arbitro.model import Colour
from arbitro.pairing.blossom import Matcher
from arbitro.pairing.dutch_state import PlayerState, RoundState
from arbitro.pairing.dutch_weights import Layout, colour_flags, compatible
from arbitro.pairing.types import NoValidPairing

__all__ = ["match_round"]


class _Round:
    def __init__(self, st: RoundState, narrow: bool, full: bool = False) -> None:
        self.st = st
        self.full = full  # the full search alone, without the fast path's certificates
        sp = sorted(st.players, key=lambda p: (-p.acc, p.rank))
        self.sp = sp
        self.n = len(sp)
        self.layout = Layout(sp, st, narrow)
        # Fast path (issue 16): several augmentations per stage. The matcher still returns a
        # maximum-weight matching, and every decision below reads only what all maximum-weight
        # matchings of the current weights share (see match_round), so the round is the same.
        self.m = Matcher(self.n, several=not full)
        self.bye_score = 0
        self.c9 = False
        self.c9_ranks: dict[int, int] = {}
        self.maxw = 0

    def base(self, hi: int, lo: int, in_cur: bool, in_next: bool) -> int:
        sp = self.sp
        return self.layout.edge(sp[hi], sp[lo], in_cur, in_next, self.bye_score, self.c9, self.c9_ranks)

    def solve(self) -> list[int]:
        return self.m.solve()

    def initial(self) -> None:
        sp, n, m, lay = self.sp, self.n, self.m, self.layout
        top = sp[0].acc
        odd = n % 2 == 1
        for i in range(n):
            for j in range(i):
                if odd:
                    m.set_weight(i, j, lay.initial_odd(sp[i], sp[j], top))
                else:
                    m.set_weight(i, j, self.base(j, i, False, False))
        mate = self.solve()
        free = [v for v in range(n) if mate[v] == v]
        if len(free) > 1 or any(not sp[v].eligible_bye for v in free):
            raise NoValidPairing("no pairing satisfies the absolute criteria [C1]-[C3] for every player")
        if odd:
            self.bye_score = sp[free[0]].acc
            if self.bye_score >= top:
                self.c9 = True
                for v in range(n):
                    if sp[v].acc < top:
                        break
                    if sp[mate[v]].acc < top:
                        self.c9 = False
                        break
            counts = sorted((p.played_games for p in sp if p.acc == self.bye_score), reverse=True)
            for rank, games in enumerate(counts):
                self.c9_ranks[games] = rank
            for i in range(n):
                for j in range(i):
                    m.set_weight(i, j, self.base(j, i, False, False))

    def run(self) -> dict[int, int]:
        self.initial()
        sp, n = self.sp, self.n
        b = _Bracket(self)
        nxt = 0
        while nxt < n and sp[nxt].acc >= sp[0].acc:
            b.pbi.append(nxt)
            nxt += 1
        while len(b.pbi) > 1 or nxt < n:
            b.nsgb = len(b.pbi)
            b.nsgbv = b.sgbv + (b.nsgb - b.sgb)
            b.sgi = nxt
            while nxt < n and sp[nxt].acc >= sp[b.sgi].acc:
                b.pbi.append(nxt)
                nxt += 1
            b.pair()
        out: dict[int, int] = {}
        for x, y in b.pairs.items():
            out[sp[x].id] = sp[y].id
            out[sp[y].id] = sp[x].id
        return out


class _Bracket:
    """One pairing bracket (MDPs, residents) plus the next scoregroup, as vertices of the matcher.

    Indices ``i`` are positions in ``pbi`` (MDPs first, then residents, then the
    next scoregroup); vertices ``v = pbi[i]`` are positions in the pairing order.
    """

    def __init__(self, rnd: _Round) -> None:
        self.r = rnd
        self.m = rnd.m
        self.pbi: list[int] = []
        self.matched = [False] * rnd.n
        self.pairs: dict[int, int] = {}
        self.sgb = 0  # number of MDPs
        self.sgbv = 0  # vertex of the first resident
        self.nsgb = 0  # index of the first player of the next scoregroup
        self.nsgbv = 0  # its vertex
        self.sgi = 0
        self.stable: list[int] = []
        self.bw: dict[tuple[int, int], int] = {}
        self.remainder: list[int] = []
        self.rpairs = 0

    def solve(self) -> None:
        self.stable = self.m.solve()

    def in_cur(self, v: int) -> bool:
        """Tentatively paired with a resident of the bracket."""
        return self.sgbv <= self.stable[v] < self.nsgbv

    def acts_higher(self, v: int) -> bool:
        """Tentatively paired with a lower resident (``v`` plays the S1 role)."""
        return v < self.stable[v] < self.nsgbv

    def ewc(self, s: int, big: int, s_rem: int) -> int:
        """Remainder edge weight favouring few exchanges, then a small BSN sum (4.3 a, b)."""
        w = self.bw[(big, s)]
        if w:
            flag = 1 if s_rem < self.rpairs else 0
            w += ((flag << (2 * self.r.layout.b)) - s_rem) << 1
        return w

    def certified(self, v: int, new: dict[int, int]) -> bool:
        """Fast path (issue 16): is ``v``'s partner after re-weighting ``new`` and re-solving already known?

        The full search sets ``v``'s edges to ``new`` (the generation-order
        addends of C.04.3 4.2) and re-solves, then fixes ``v`` with its partner
        in the new optimum. :meth:`Matcher.keeps_mate` proves from the dual
        solution that every optimum of the new weights pairs ``v`` with its
        current partner; the full search would then fix exactly that pair, so
        the re-solve is skipped (``v`` leaves the graph with the pair, so its
        edge weights no longer matter). The proof needs an optimal state (no
        change since the last solve but the removal of fixed pairs); without
        one the answer is False. Off when ``full_search`` is set.
        """
        return not self.r.full and self.m.keeps_mate(v, new)

    def fix(self, v: int, mv: int) -> None:
        self.matched[v] = self.matched[mv] = True
        self.pairs[v] = mv
        self.m.remove_pair(v, mv)
        self.stable[v] = mv
        self.stable[mv] = v

    def pair(self) -> None:
        if not self.r.full and self.constructed():
            self.advance()
            return
        self.load()
        self.choose_mdps()
        self.mdp_opponents()
        self.exchange_count()
        self.s1_to_s2()
        self.s2_to_s1()
        self.freeze_split()
        self.s1_partners()
        self.advance()

    def constructed(self) -> bool:
        """Fast path (issue 16): pair a clean bracket by construction, without loading or solving.

        Applies to a homogeneous bracket without MDPs and with an even number
        of players (``B``, one scoregroup, all paired inside: no downfloater),
        when [C9] cannot be on after it. The candidate is built in C.04.3's
        order: S1 (the upper half) against S2, each S1 player in turn taking the
        first S2 player (transpositions, 4.2) that still leaves a perfect S1-S2
        matching of the rest in the graph ``G`` of allowed edges (below). It is
        fixed only under a certificate that the full search fixes exactly these
        pairs:

        1. Completion ([C4], [C2], [C5]: field 1 of the weights). A witness
           matching of the players below ``B`` is built from the matcher's
           current matching (its pairs inside that set, greedy pairs and
           one-step swaps for the rest) that pairs all of them but at most one
           who may take the PAB (eligible, score not above the PAB score). With
           the candidate it reaches the upper bound of field 1 (every player
           but one paired, every non-eligible player paired), so every optimum
           of the loaded weights has that field value and, because the
           candidate and the witness reach it with all of ``B`` paired inside,
           pairs ``B`` perfectly inside ([C6] is the next field; the fields below
           it cannot carry into it: each count is at most ``len(pbi) / 2`` or
           ``len(B)`` and the guard keeps those below ``2**b``).
        2. Separation. With ``B`` paired inside, the weight of a matching is the
           weight of its ``B`` pairs plus the weight of the rest: field 1, [C6],
           [C7], [C9] and, the bracket being homogeneous, the float fields
           [C14]-[C21] of a perfect matching of ``B`` are the same for all of
           them; ``B``'s pairs differ only in the colour fields [C10]-[C13] and
           the generation-order addends, which the rest does not touch. So the
           full search's decisions in this bracket (no MDPs: only the exchange
           count, 4.3, and the S1 partners, 4.2) choose among the perfect
           matchings of ``B`` that are best in [C10]-[C13].
        3. Colour optimum. With a, b, c the players preferring white, black or
           nothing, every perfect matching of ``B`` has at least
           ``(|a - b| - c) / 2`` pairs of equal preferences ([C12]). ``G`` keeps
           the compatible S1-S2 edges that meet [C10] and [C11] and: when that
           bound is 0, no two equal preferences; otherwise at least one player
           of the majority colour, and for two such players [C13] met. Every
           perfect matching of ``G`` reaches 0 for [C10], [C11], [C13] and the
           bound for [C12] (each non-majority player takes one majority
           player), so it is best in every colour field; conversely every best
           matching is in ``G`` (any other edge costs a field at its bound). It
           is also S1 against S2, i.e. no exchange (4.3 a): the full search's
           exchange count is 0 and its S1 partners are chosen in order, each the
           first S2 player some best matching allows -- the construction's
           choice, since the best matchings are exactly the perfect matchings
           of ``G``.
        4. After the bracket: the pairs leave the graph (as the full search
           fixes them); the next bracket reloads every edge among its players,
           and ``advance`` leaves [C9] off either way (guard), so the rest of the
           round sees the same weights; the matcher's state differs only in
           which optimum it holds, which no decision depends on (match_round).

        Returns False (nothing changed) when any condition fails; the full
        search then pairs the bracket.
        """
        r, pbi = self.r, self.pbi
        nb = self.nsgb
        if self.sgb or nb < 2 or nb % 2:
            return False
        sp, n = r.sp, r.n
        if n % 2 == 1 and self.sgi < n and r.bye_score >= sp[self.sgi].acc:
            return False  # advance() would read [C9] from the solved matching
        b = r.layout.b
        if nb >= 1 << b or len(pbi) >= 1 << b:
            return False
        group = pbi[:nb]
        score = sp[group[0]].acc
        if any(sp[v].acc != score for v in group):
            return False
        witness = self._completion(set(group))
        if witness is None:
            return False
        pairs = self._first_candidate(group)
        if pairs is None:
            return False
        for v, u in pairs:
            self.matched[v] = self.matched[u] = True
            self.pairs[v] = u
            self.m.remove_pair(v, u)
        return True

    def _completion(self, group: set[int]) -> list[tuple[int, int]] | None:
        """A matching of the players still to pair outside ``group`` that reaches the bound of field 1, or None."""
        r, m = self.r, self.m
        sp, pbi = r.sp, self.pbi
        rest = [v for v in pbi if v not in group] + list(range(pbi[-1] + 1, r.n))
        inside = set(rest)
        mate = m.mate
        w = m.w
        pairs: list[tuple[int, int]] = []
        partner: dict[int, int] = {}
        loose: list[int] = []
        for v in rest:
            u = mate[v]
            if u >= 0 and u in inside and w[v][u]:
                if v < u:
                    pairs.append((v, u))
                partner[v] = u
            else:
                loose.append(v)
        left: list[int] = []
        for v in loose:
            if v in partner:
                continue
            for u in loose:
                if u != v and u not in partner and w[v][u]:
                    partner[v], partner[u] = u, v
                    pairs.append((v, u))
                    break
            else:
                left.append(v)
        # one-step swaps: x free, y-z paired, x-y and z-x2 edges with x2 free
        while len(left) > 1:
            x = left.pop()
            done = False
            for y in rest:
                z = partner.get(y)
                if z is None or not w[x][y]:
                    continue
                for x2 in left:
                    if w[z][x2]:
                        left.remove(x2)
                        pairs.remove((min(y, z), max(y, z)))
                        pairs += [(x, y), (z, x2)]
                        partner[x], partner[y], partner[z], partner[x2] = y, x, x2, z
                        done = True
                        break
                if done:
                    break
            if not done:
                return None
        if left:
            p = sp[left[0]]
            if len(rest) % 2 == 0 or not (p.eligible_bye and p.acc <= r.bye_score):
                return None
        return pairs

    def _first_candidate(self, group: list[int]) -> list[tuple[int, int]] | None:
        """The first S1-S2 candidate (4.2) among the perfect matchings of the graph G of :meth:`constructed`."""
        r = self.r
        sp, st = r.sp, r.st
        half = len(group) // 2
        s1, s2 = group[:half], group[half:]
        prefs = [sp[v].pref for v in group]
        white = sum(1 for c in prefs if c is Colour.WHITE)
        black = sum(1 for c in prefs if c is Colour.BLACK)
        nones = len(group) - white - black
        majority: Colour | None = None
        if abs(white - black) > nones:
            majority = Colour.WHITE if white > black else Colour.BLACK
        adj: dict[int, list[int]] = {}
        radj: dict[int, list[int]] = {t: [] for t in s2}
        for s in s1:
            h = sp[s]
            row: list[int] = []
            for t in s2:
                lo = sp[t]
                if not compatible(h, lo, st):
                    continue
                f1, f2, f3, f4 = colour_flags(lo, h)
                if not (f1 and f2):
                    continue
                if majority is None:
                    allowed = f3  # no two equal preferences
                elif h.pref is majority and lo.pref is majority:
                    allowed = f4
                else:
                    allowed = h.pref is majority or lo.pref is majority
                if not allowed:
                    continue
                row.append(t)
                radj[t].append(s)
            if not row:
                return None
            adj[s] = row
        mate1: dict[int, int] = {}
        mate2: dict[int, int] = {}
        for s in s1:  # greedy in order, then augmenting paths (a perfect matching of G)
            t0 = next((t for t in adj[s] if t not in mate2), None)
            if t0 is not None:
                mate1[s], mate2[t0] = t0, s
        for s in s1:
            if s in mate1:
                continue
            prev: dict[int, int] = {}
            queue = [s]
            end = None
            for x in queue:
                for t in adj[x]:
                    if t in prev:
                        continue
                    prev[t] = x
                    if t not in mate2:
                        end = t
                        break
                    queue.append(mate2[t])
                if end is not None:
                    break
            if end is None:
                return None
            t = end
            while True:
                x = prev[t]
                nt = mate1.get(x)
                mate1[x], mate2[t] = t, x
                if x == s:
                    break
                assert nt is not None
                t = nt
        fixed: set[int] = set()  # S2 players taken
        done: set[int] = set()  # S1 players whose partner is fixed, and the one choosing
        out: list[tuple[int, int]] = []
        for s in s1:
            done.add(s)
            cands = [t for t in adj[s] if t not in fixed]
            target = mate1[s]
            if cands[0] != target:
                # S1 players (not s, not fixed) that can hand their S2 partner on along an
                # alternating path ending at ``target``: moves[x] = (S2 player x takes, next mover)
                moves: dict[int, tuple[int, int | None]] = {}
                queue2: list[int] = []
                for x in radj[target]:
                    if x not in done and x not in moves:
                        moves[x] = (target, None)
                        queue2.append(x)
                for y in queue2:
                    ty = mate1[y]
                    for x in radj[ty]:
                        if x not in done and x not in moves:
                            moves[x] = (ty, y)
                            queue2.append(x)
                for t in cands:
                    if t == target:
                        break
                    y0 = mate2[t]
                    if y0 in moves:
                        mate1[s], mate2[t] = t, s
                        mover: int | None = y0
                        while mover is not None:
                            nt2, nx = moves[mover]
                            mate1[mover], mate2[nt2] = nt2, mover
                            mover = nx
                        break
            t = mate1[s]
            fixed.add(t)
            out.append((s, t))
        return out

    def load(self) -> None:
        """a. Base weights inside the bracket and towards the next scoregroup."""
        pbi, nsgb, r, m = self.pbi, self.nsgb, self.r, self.m
        self.bw = bw = {}
        for big in range(self.sgb, len(pbi)):
            vl = pbi[big]
            cur = big < nsgb
            for s in range(big):
                w = r.base(pbi[s], vl, cur, not cur)
                bw[(big, s)] = w
                m.set_weight(vl, pbi[s], w)
        self.solve()

    def choose_mdps(self) -> None:
        """c. Which MDPs are paired: at each score level the first ones in order (4.4)."""
        pbi, sp, bw, m = self.pbi, self.r.sp, self.bw, self.m
        level = remaining = remaining_matched = 0
        for i in range(self.sgb):
            if i == 0 or sp[pbi[i]].acc < level:
                level = sp[pbi[i]].acc
                remaining = remaining_matched = 0
                k = i
                while k < len(pbi) and sp[pbi[k]].acc >= level:
                    remaining += 1
                    remaining_matched += self.in_cur(pbi[k])
                    k += 1
            if not remaining_matched:
                continue
            v = pbi[i]
            if remaining <= remaining_matched:
                self.matched[v] = True
                continue
            remaining -= 1
            if not self.in_cur(v):
                for o in range(self.sgb, self.nsgb):
                    w = bw[(o, i)]
                    if w:
                        m.set_weight(v, pbi[o], w | 1)
                self.solve()
            if self.in_cur(v):
                self.matched[v] = True
                remaining_matched -= 1
                for o in range(self.sgb, self.nsgb):
                    w = bw[(o, i)]
                    if w:
                        m.set_weight(v, pbi[o], (w | (self.nsgb - self.sgb)) + 1)

    def mdp_opponents(self) -> None:
        """d. Opponents of the paired MDPs: the first S2 transposition that is best (4.2)."""
        pbi, bw, m = self.pbi, self.bw, self.m
        for i in range(self.sgb):
            v = pbi[i]
            if not self.matched[v]:
                continue
            free = [o for o in range(self.sgb, self.nsgb) if not self.matched[pbi[o]] and bw[(o, i)]]
            if free and self.stable[v] == pbi[free[0]]:
                # Already paired with the candidate the addends would favour: nothing to re-solve.
                self.fix(v, self.stable[v])
                continue
            add = len(pbi)
            new: dict[int, int] = {}
            for o in reversed(free):
                new[pbi[o]] = bw[(o, i)] + add
                add += 1
            if self.certified(v, new):
                self.fix(v, self.stable[v])
                continue
            for u, w in new.items():
                m.set_weight(v, u, w)
            self.solve()
            self.fix(v, self.stable[v])

    def exchange_count(self) -> None:
        """e, f. The remainder, its S1R size, and the number and BSN sum of exchanges (4.3 a, b)."""
        pbi, m = self.pbi, self.m
        self.remainder = rem = []
        self.rpairs = 0
        for i in range(self.sgb, self.nsgb):
            v = pbi[i]
            if self.matched[v]:
                continue
            rem.append(i)
            if self.sgbv <= self.stable[v] < v:
                self.rpairs += 1
        for oi, o in enumerate(rem):
            for si in range(oi):
                s = rem[si]
                m.set_weight(pbi[s], pbi[o], self.ewc(s, o, si))
        self.solve()
        self.exchanges = sum(1 for s in rem[: self.rpairs] if not self.acts_higher(pbi[s]))

    def s1_to_s2(self) -> None:
        """g. S1 players moved to S2: the highest BSNs first (4.3 c)."""
        pbi, bw, m, rem = self.pbi, self.bw, self.m, self.remainder
        left = self.exchanges
        ri = self.rpairs
        while ri > 0 and left:
            ri -= 1
            s = rem[ri]
            v = pbi[s]
            if self.acts_higher(v):
                for o in rem[ri + 1 :]:
                    w = self.ewc(s, o, ri)
                    if w:
                        m.set_weight(v, pbi[o], w - 1)
                self.solve()
            exchange = not self.acts_higher(v)
            left -= exchange
            for o in rem[ri + 1 :]:
                if exchange:
                    bw[(o, s)] = 0
                m.set_weight(v, pbi[o], self.ewc(s, o, ri))

    def s2_to_s1(self) -> None:
        """h. S2 players moved to S1: the lowest BSNs first (4.3 d)."""
        pbi, bw, m, rem = self.pbi, self.bw, self.m, self.remainder
        left = self.exchanges
        for ri in range(self.rpairs, len(rem)):
            if left <= 1:
                break
            s = rem[ri]
            v = pbi[s]
            already = self.acts_higher(v)
            if not already:
                for o in rem[ri + 1 :]:
                    w = self.ewc(s, o, ri)
                    if w:
                        m.set_weight(v, pbi[o], w + 1)
                self.solve()
            if self.acts_higher(v):
                left -= 1
                for o in rem[:ri]:
                    bw[(s, o)] = 0
                    m.set_weight(v, pbi[o], 0)
                for o in range(self.nsgb, len(pbi)):
                    bw[(o, s)] = 0
                    m.set_weight(v, pbi[o], 0)
            if not already:
                for o in rem[ri + 1 :]:
                    m.set_weight(v, pbi[o], self.ewc(s, o, ri))

    def freeze_split(self) -> None:
        """i. Keep only edges from S1-role players to later S2-role players."""
        pbi, bw, m, rem = self.pbi, self.bw, self.m, self.remainder
        for ai, a in enumerate(rem):
            va = pbi[a]
            for o in rem[ai + 1 :]:
                vo = pbi[o]
                if not self.acts_higher(va) or self.acts_higher(vo):
                    bw[(o, a)] = 0
                m.set_weight(va, vo, bw[(o, a)])

    def s1_partners(self) -> None:
        """j. Each S1 player in order gets the highest-ranked S2 partner still possible (4.2)."""
        pbi, bw, m, rem = self.pbi, self.bw, self.m, self.remainder
        for s in rem:
            v = pbi[s]
            if self.matched[v] or not self.acts_higher(v):
                continue
            cands = [o for o in rem if o > s and not self.matched[pbi[o]]]
            first = next((o for o in cands if bw[(o, s)]), None)
            if first is not None and self.stable[v] == pbi[first]:
                # Already paired with the highest-ranked candidate: the addends cannot change it.
                self.fix(v, self.stable[v])
                continue
            new: dict[int, int] = {}
            for add, o in enumerate(reversed(cands)):
                w = bw[(o, s)]
                if w:
                    new[pbi[o]] = w + add
            if self.certified(v, new):
                self.fix(v, self.stable[v])
                continue
            for u, w in new.items():
                m.set_weight(v, u, w)
            self.solve()
            self.fix(v, self.stable[v])

    def advance(self) -> None:
        """k. Unpaired players move down; [C9] stays on only for a single downfloater who gets the PAB."""
        r, sp, sgi = self.r, self.r.sp, self.sgi
        r.c9 = r.n % 2 == 1 and sgi < r.n and r.bye_score >= sp[sgi].acc
        newp: list[int] = []
        self.sgb = 0
        for i, v in enumerate(self.pbi):
            if i < self.nsgb and self.matched[v]:
                continue
            newp.append(v)
            if i < self.nsgb:
                self.sgb += 1
            if r.c9 and sp[self.stable[v]].acc < sp[sgi].acc:
                r.c9 = False
        self.pbi = newp
        self.sgbv = self.nsgbv


def match_round(
    st: RoundState, narrow: bool = False, full_search: bool = False
) -> tuple[list[tuple[PlayerState, PlayerState]], PlayerState | None]:
    """Pair the players of ``st``: the pairs (unordered) and the PAB receiver.

    ``full_search`` turns off the fast path (the certified shortcuts of
    :meth:`_Bracket.certified` and the several augmentations per stage of
    :class:`Matcher`): every decision is then taken by re-solving the
    weighted matching with the plain algorithm, the reference the fast path
    is tested against.

    Why a different optimum cannot change the round: each decision asks
    whether some maximum-weight matching has a property (an MDP paired in the
    bracket, a player keeping the S1 role, ...) and answers it from the
    current optimum when that optimum has it, otherwise by favouring the
    property with an addend below every criterion and re-solving; or it reads
    a sum that the weights fix (pairs and scores paired in the bracket, the
    number of exchanges, the PAB score); or it fixes a partner after distinct
    generation-order addends, which every optimum then shares (two optima
    with different partners would differ in the addends, which are below
    one unit of the base weights). None of these depends on which optimum the
    matcher returns.
    """
    if not st.players:
        return [], None
    if len(st.players) == 1:
        only = st.players[0]
        if not only.eligible_bye:
            raise NoValidPairing(f"player {only.id} is alone and cannot receive the pairing-allocated bye")
        return [], only
    r = _Round(st, narrow, full_search)
    partner = r.run()
    by_id = {p.id: p for p in st.players}
    pairs: list[tuple[PlayerState, PlayerState]] = []
    bye = None
    for p in r.sp:
        q = partner.get(p.id)
        if q is None:
            bye = p
        elif p.id < q:
            pairs.append((p, by_id[q]))
    if bye is not None and not bye.eligible_bye and not narrow:
        raise NoValidPairing(f"player {bye.id} cannot receive the pairing-allocated bye")
    return pairs, bye
