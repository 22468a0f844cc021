"""The round algorithm of the Dutch system as a sequence of weighted matchings.

C.04.3 pairs brackets top-down (Art. 3) and picks, among the candidates that
satisfy the criteria best, the one generated first (3.8.1, Art. 4). Following
bbpPairings (dutch-system.md §4.5), every decision is taken on one global
maximum-weight matching over all players still to pair, so that completion
([C4]) and the PAB rules ([C2], [C5], [C9]) are always judged on the whole
field; the generation order is imposed by small perturbations in the lowest
bits, one decision at a time:

1. an initial matching fixes the score of the PAB assignee ([C5]) -- on the
   fast path proved by a witness instead (:meth:`_Round.bootstrap`), the
   matcher then built only for a bracket that needs the full search;
2. per bracket: which MDPs are paired (4.4), their opponents (S2
   transpositions, 4.2), how many and which residents are exchanged between
   S1 and S2 (4.3 a-d), then the S2 partner of each S1 player (4.2).
"""

from __future__ import annotations

from collections.abc import Callable

from arbitro.model import Colour
from arbitro.pairing.blossom import Matcher
from arbitro.pairing.dutch_state import DOWN, UP, PlayerState, RoundState
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
        # On the fast path the matcher is built only when a bracket needs the full search
        # (:meth:`matcher`); until then ``hint`` holds a witness matching of the players still
        # to pair (mate or -1), from :meth:`bootstrap` and the brackets' completion witnesses.
        self.m: Matcher | None = Matcher(self.n) if full else None
        self.hint: list[int] = []
        self.bye_score = 0
        self.c9 = False
        self.c9_ranks: dict[int, int] = {}
        self.maxw = 0

    def base(self, hi: int, lo: int, in_cur: bool, in_next: bool) -> int:
        sp = self.sp
        return self.layout.edge(sp[hi], sp[lo], in_cur, in_next, self.bye_score, self.c9, self.c9_ranks)

    def ok(self, v: int, u: int) -> bool:
        """Is ``v``-``u`` an edge of the current weights (compatible, [C1]/[C3], while no matcher exists)?"""
        if self.m is not None:
            return self.m.w[v][u] != 0
        return compatible(self.sp[v], self.sp[u], self.st)

    def bootstrap(self) -> bool:
        """Fast path (issue 16): the initial matching's results proved by a witness, without solving it.

        :meth:`initial` solves the whole field once for three things: whether a
        pairing exists at all ([C1]-[C4]; else :class:`NoValidPairing`), the
        score of the PAB assignee (odd field: [C2], then [C5]) and [C9]'s
        switch. Its weights (``Layout.initial_odd``; even: ``Layout.outside``
        with PAB score 0) give a matching, per pair, ``1 + [p ineligible] + [o
        ineligible]`` in field 1, then (odd) the sum of the paired players'
        scoregroup offsets, strictly increasing with the score. So in an even
        field every optimum is a perfect matching of the compatibility graph
        when one exists, and in an odd field every optimum leaves exactly one
        player free when some eligible ``v`` leaves a perfect matching of the
        rest, and that player has the least score among such ``v``. The witness
        here is such a matching, built greedily in pairing order with
        augmenting-path repair (paths found by an alternating search without
        blossoms: a path it finds is valid, one it misses only sends the round
        to :meth:`initial`). For an odd field the free player ``e`` is an
        eligible player of the least score ``s`` among all eligible players:
        nobody with a lower score can take the PAB at all, so the PAB score
        is ``s`` -- what :meth:`initial` reads from its optimum. Guard: ``s``
        below the top score, so [C9] is off, as :meth:`initial` then sets it
        (with ``s`` the top score it reads [C9] from its optimum: left to it).
        The weights :meth:`initial` sets afterwards (``Layout.outside`` with the
        PAB score) are set by :meth:`matcher` for the players still unpaired when
        a bracket first needs the full search; the decisions read only what all
        optima of those weights share (match_round), so the state the matcher
        starts from does not matter. Returns False (nothing changed) where the
        witness is not found or the guard fails.
        """
        sp, n, st = self.sp, self.n, self.st
        top = sp[0].acc
        exclude = -1
        if n % 2 == 1:
            elig = [v for v in range(n) if sp[v].eligible_bye]
            if not elig:
                return False
            low = min(sp[v].acc for v in elig)
            if low >= top:
                return False
            exclude = max(v for v in elig if sp[v].acc == low)
        mate = _perfect([v for v in range(n) if v != exclude], sp, st)
        if mate is None:
            return False
        if exclude >= 0:
            self.bye_score = sp[exclude].acc
            self.c9_ranks = _c9_ranks(sp, self.bye_score)
        self.hint = mate
        return True

    def matcher(self, pairs: dict[int, int]) -> Matcher:
        """The matcher, built on first use: the weights :meth:`initial` sets, among the players not in ``pairs``.

        ``pairs`` are the pairs fixed so far (they leave the graph, as the full
        search's fixed pairs do). [C9] is off in those weights (:meth:`bootstrap`
        only succeeds when :meth:`initial` would set it off), so every edge weighs
        ``(1 + u(a) + u(b)) << K`` (``Layout.outside``; ``u``: cannot take the
        PAB at the PAB score) when compatible, else 0. Instead of solving, the
        matcher starts from the round's witness ``hint`` (a matching of these
        players on compatible edges) and the duals ``(1/2 + u(v)) << K``: every
        edge is then tight, so the duals are feasible and the witness's pairs
        tight; only a free player (the PAB candidate of an odd field) has a
        positive dual, which the next solve starts from. The decisions read only
        what every optimum shares (match_round), so this start changes nothing
        but the work.
        """
        if self.m is not None:
            return self.m
        sp, n, st, lay = self.sp, self.n, self.st, self.layout
        m = Matcher(n, several=True, dense=False)
        done = set(pairs) | set(pairs.values())
        live = [v for v in range(n) if v not in done]
        k = lay.above_c9 + lay.below_c9 - 1  # weights (1 + u + u') << (k + 1); duals (1 + 2u) << k
        bye = self.bye_score
        unable = [not (p.eligible_bye and p.acc <= bye) for p in sp]
        vertex = {p.id: v for v, p in enumerate(sp)}
        low = [0] * n
        high = [0] * n
        for v in live:  # stored units (Matcher.start): twice the weight
            low[v] = (1 + unable[v]) << (k + 2)
            high[v] = (2 + unable[v]) << (k + 2)
        final = st.round - 1 >= st.total_rounds - 1  # compatible(): the topscorers' exception
        absolute: dict[object, list[int]] = {}
        for v in live:
            if sp[v].absolute:
                absolute.setdefault(sp[v].pref, []).append(v)
        rows: dict[int, list[int]] = {}
        for v in live:
            p = sp[v]
            row = high[:] if unable[v] else low[:]
            row[v] = 0
            for i in st.forbidden.get(p.id, ()):
                u = vertex.get(i, v)
                row[u] = 0
            if p.absolute:
                # [C3]: outside the final round two absolute preferences for one colour never meet
                for u in absolute.get(p.pref, ()):
                    if row[u] and (not final or not compatible(p, sp[u], st)):
                        row[u] = 0
            rows[v] = row
        dual = [((1 + 2 * unable[v]) << k) if v not in done else 0 for v in range(n)]
        m.start(rows, self.hint, dual)
        self.m = m
        return m

    def initial(self) -> None:
        if not self.full and self.bootstrap():
            return
        if self.m is None:
            self.m = Matcher(self.n, several=True)
        sp, n, m, lay, st = self.sp, self.n, self.m, self.layout, self.st
        top = sp[0].acc
        odd = n % 2 == 1
        # [C1]/[C3] once for every pair (the same values base() would compute through Layout.edge)
        compat = [[j for j in range(i) if compatible(sp[j], sp[i], st)] for i in range(n)]
        for i in range(n):
            pi = sp[i]
            for j in compat[i]:
                if odd:
                    m.set_weight(i, j, lay.initial_odd(pi, sp[j], top))
                else:
                    m.set_weight(i, j, lay.outside(sp[j], pi, 0, False, self.c9_ranks))
        mate = m.solve()
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
            self.c9_ranks = _c9_ranks(sp, self.bye_score)
            for i in range(n):
                pi = sp[i]
                for j in compat[i]:
                    m.set_weight(i, j, lay.outside(sp[j], pi, self.bye_score, self.c9, self.c9_ranks))

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

    @property
    def m(self) -> Matcher:
        m = self.r.m
        assert m is not None
        return m

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
        self.r.matcher(self.pairs)
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
        """Fast path (issue 16): pair a bracket by construction, without loading or solving.

        These shapes of bracket ``B`` (the players of ``pbi`` before the next
        scoregroup ``N``) are covered; any other returns False and the full
        search pairs the bracket:

        * E: one scoregroup, no MDPs, an even number of players, all paired inside;
        * O: one scoregroup, no MDPs, odd: one downfloater, paired in ``N`` ([C8]);
        * M: one MDP ``f`` and an odd number of residents: ``f`` plays a
          resident ``x`` (4.2 with S1 = {f}), the other residents pair inside;
        * MO: one MDP, an even number of residents, one of whom floats
          (:meth:`_with_mdp_odd`);
        * MM, MMO: several MDPs, all paired with residents that did not upfloat
          (:meth:`_with_mdps`);
        * Z: no edge inside the bracket, nobody paired (:meth:`_nothing_to_pair`).

        In the even shapes the remainder may also take one exchange (4.3) when
        it has no candidate without (:meth:`_first_candidate`).

        The candidate is built in C.04.3's order (S1 against S2, each S1 player
        in turn taking the first S2 player that still leaves a perfect S1-S2
        matching of the rest in the graph ``G`` of allowed edges, 4.2; in O the
        downfloater is the S2 player left over, in M ``x`` the first resident
        allowed) and fixed only under this certificate that the full search
        fixes exactly these pairs (and, in O, leaves the same player unpaired):

        1. Completion ([C4], [C2], [C5]: field 1 of the weights) and [C6]-[C8].
           A witness matching of the players below is built from the matcher's
           current matching (its pairs among them, greedy pairs and one-step
           swaps for the rest): with the candidate it pairs every player but
           at most one who may take the PAB (eligible, score not above the PAB
           score) -- the upper bound of field 1 -- and pairs as many players of
           ``B`` inside ``B`` as possible ([C6], [C7] then have their maximum);
           in O the downfloater is paired in ``N`` and ``N`` with it has its
           largest possible number of pairs, the maximum of [C8] (count and
           score). So every optimum of the weights the full search loads has
           these values; the fields below a count field cannot carry into it
           (each count is at most ``len(pbi) / 2`` or ``len(B)``; guard:
           below ``2**b``).
        2. Separation. Given those values, the weight of a matching is the
           weight of ``B``'s internal pairs plus that of the rest: in E and M
           the rest does not meet ``B``; in O the rest (the downfloater's edge
           into ``N`` and the pairs below) carries no field below [C8] ([C9] is
           off: guard; edges outside the bracket have no colour, float or
           generation-order bits), so it weighs the same for every admissible
           downfloater. Field 1, [C6], [C7] and the float fields of the
           residents' pairs are then the same for all candidates; what is left
           to compare is the colour fields [C10]-[C13], the float fields
           that depend on the choice ([C14]/[C16]: the downfloater's earlier
           downfloats in O; [C15]/[C17] with [C19]/[C21]: the earlier upfloats
           of ``x`` in M) and the generation order.
        3. Colour optimum. With a, b, c the players preferring white, black or
           nothing among those to be paired inside, every perfect matching of
           them has at least ``(|a - b| - c) / 2`` pairs of equal preferences
           ([C12]). ``G`` keeps the compatible edges that meet [C10] and [C11]
           and: when that bound is 0, no two equal preferences; otherwise at
           least one player of the majority colour, and for two such players
           [C13] met. Every perfect matching of ``G`` reaches 0 for [C10],
           [C11], [C13] and the bound for [C12] (each non-majority player takes
           one majority player); conversely every best matching uses only
           edges of ``G``. In O the bound depends on the downfloater: only those
           with the least (bound, earlier downfloats) -- a lower bound over
           every player of ``B`` -- may float, and they must share one ``G``.
           In M, ``x`` must be the first resident whose edge to ``f`` is in ``G``
           with the fewest earlier upfloats among those, so no earlier
           resident can be ``f``'s opponent in a best candidate.
        4. Order. The candidate is S1 against S2 (of the remainder in M), i.e.
           no exchange (4.3 a), so the full search's exchange count is 0, and
           it chooses the S1 partners in order, each the first S2 player that
           some best candidate allows: the construction's choices, the best
           candidates being the perfect S1-S2 matchings of ``G`` (with, in O, a
           downfloater among the admissible ones: the construction matches a
           stand-in for the downfloater last, to those, and its result lies in
           the set of best candidates, so it is also the first of that set).
        5. After the bracket: the pairs leave the graph (as the full search
           fixes them); the next bracket reloads every edge among its players,
           and ``advance`` leaves [C9] off either way (guard), so the rest of the
           round sees the same weights; the matcher's state differs only in
           which optimum it holds, which no decision depends on (match_round).
        """
        r, pbi = self.r, self.pbi
        sp, n = r.sp, r.n
        nb = self.nsgb
        if r.c9 or nb < 1:
            return False
        if n % 2 == 1 and self.sgi < n and r.bye_score >= sp[self.sgi].acc:
            return False  # advance() would read [C9] from the solved matching
        b = r.layout.b
        if nb >= 1 << b or len(pbi) // 2 >= 1 << b:
            return False
        if len(pbi) > nb and self._nothing_to_pair():
            return True
        residents = pbi[self.sgb : nb]
        score = sp[residents[0]].acc if residents else 0
        if not residents or any(sp[v].acc != score for v in residents):
            return False
        if self.sgb > 1:
            return self._with_mdps(pbi[: self.sgb], residents)
        if self.sgb == 1:
            if nb % 2 == 0:
                return self._with_mdp(pbi[0], residents)
            return self._with_mdp_odd(pbi[0], residents)
        if nb % 2 == 0:
            witness = self._completion(set(residents))
            if witness is None:
                return False
            rule = _colour_rule(residents, sp)
            pairs = self._first_candidate(residents, rule, None)
            if pairs is None:
                return False
            self._fix_all(pairs, witness)
            return True
        return self._odd(residents)

    def _fix_all(self, pairs: list[tuple[int, int]], witness: list[tuple[int, int]]) -> None:
        """Fix the constructed ``pairs``; ``witness`` (of the players below) becomes the round's hint."""
        m = self.r.m
        for v, u in pairs:
            self.matched[v] = self.matched[u] = True
            self.pairs[v] = u
            if m is not None:
                m.remove_pair(v, u)
        if m is None:
            hint = [-1] * self.r.n
            for v, u in witness:
                hint[v], hint[u] = u, v
            self.r.hint = hint

    def _nothing_to_pair(self) -> bool:
        """Shape Z of :meth:`constructed`: no edge inside the bracket, so nobody is paired in it.

        Every edge between two players of the bracket with a resident among them is
        loaded by the full search from [C1]/[C3] (weight 0 when incompatible); an edge
        between two MDPs keeps the weight it has (``Round.ok``). With none of them
        an edge, no matching pairs two players of the bracket: the full search's
        decisions all find their candidates empty (no MDP is tentatively paired in
        the bracket, the remainder has no pair, no S1 player acts higher), it fixes
        nothing, and every player moves down (``advance``), as here. The weights it
        loads towards the next scoregroup are reloaded by the next bracket, which
        then holds all of these players and the next scoregroup; the edges among
        them are all 0 either way. Needs a next scoregroup (guard).
        """
        r, sp, st, pbi = self.r, self.r.sp, self.r.st, self.pbi
        sgb = self.sgb
        for j in range(1, self.nsgb):
            vj = pbi[j]
            pj = sp[vj]
            for i in range(j):
                vi = pbi[i]
                if (r.ok(vi, vj) if j < sgb else compatible(sp[vi], pj, st)):
                    return False
        return True

    def _with_mdps(self, mdps: list[int], residents: list[int]) -> bool:
        """Shapes MM and MMO of :meth:`constructed`: several MDPs, all paired, each with an upfloat-free resident.

        All MDPs are paired with residents and (MM, even) all residents are paired,
        or (MMO, odd) all but one resident ``d``, who floats into the next
        scoregroup. [C6] and [C7] are then at their maximum (every MDP is the
        higher player of its own pair, and no matching pairs more players of
        the bracket); a matching that pairs two MDPs together (their edge keeps
        an earlier weight with the same [C6]/[C7] fields) or leaves an MDP
        unpaired has a smaller [C7] sum, so every best candidate pairs each MDP
        with a resident. Float fields: in MM, [C14]/[C16]/[C18]/[C20] count every
        paired resident (constant); in MMO they depend on ``d`` alone. The
        [C15]/[C17]/[C19]/[C21] fields lose one unit per MDP whose opponent
        upfloated one (two) rounds back; here no opponent did, which is the
        bound. The colour bounds are those of the group (MM) or of the group
        without ``d`` (MMO), and in MMO the candidates are compared on (bounds
        without ``d``, ``d``'s downfloat one round back, upfloat sum, ``d``'s
        downfloat two rounds back, upfloat sum): with no upfloat, the least
        value is reached exactly by the ``d`` of least (bounds, downfloat one,
        downfloat two) over every resident -- those are the admissible
        downfloaters, who must share one colour rule, so that every best
        candidate uses edges of one graph ``G`` only (certificate 3). Order
        (4.2, S1 the MDPs in order): each MDP takes the first resident still
        free whose edge is in ``G`` and who has no upfloat; a resident it passes
        is incompatible, outside ``G`` or an upfloater, and so is in no best
        candidate (ours reaches the bounds). The remainder is then constructed
        as in E or O (admissible downfloaters in its S2), and the completion
        witness (1) as there; any failure sends the bracket to the full search.
        """
        r, sp, st = self.r, self.r.sp, self.r.st
        score = sp[residents[0]].acc
        if len(mdps) > len(residents) or any(sp[f].acc <= score for f in mdps):
            return False
        nxt = self.pbi[self.nsgb :]
        back = r.layout.rounds_back
        group = [*mdps, *residents]
        odd = len(group) % 2 == 1
        if odd and not nxt:
            return False

        def flag(v: int, k: int, kind: str) -> bool:
            return back > k and sp[v].floats[k] == kind

        cands: set[int] = set()
        if odd:
            best: tuple[int, int, bool, bool] | None = None
            rules: set[_Rule] = set()
            for d, fr in zip(residents, _colour_rules_without(group, residents, sp), strict=True):
                key = (fr[1], fr[2], flag(d, 0, DOWN), flag(d, 1, DOWN))
                if best is None or key < best:
                    best, cands, rules = key, {d}, {fr}
                elif key == best:
                    cands.add(d)
                    rules.add(fr)
            if len(rules) != 1:
                return False
            rule = rules.pop()
        else:
            rule = _colour_rule(group, sp)
        taken: set[int] = set()
        mpairs: list[tuple[int, int]] = []
        for f in mdps:
            hf = sp[f]
            x = next(
                (
                    x
                    for x in residents
                    if x not in taken
                    and not flag(x, 0, UP)
                    and not flag(x, 1, UP)
                    and compatible(hf, sp[x], st)
                    and _allowed(hf, sp[x], rule)
                ),
                None,
            )
            if x is None:
                return False
            taken.add(x)
            mpairs.append((f, x))
        rest = [v for v in residents if v not in taken]
        if odd:
            admissible = [d for d in rest[len(rest) // 2 :] if d in cands]
            if not admissible:
                return False
            found = self._with_downfloater(rest, rule, admissible, group, nxt)
            if found is None:
                return False
        else:
            even = self._first_candidate(rest, rule, None) if rest else []
            if even is None:
                return False
            completion = self._completion(set(group))
            if completion is None:
                return False
            found = even, completion
        self._fix_all(mpairs + found[0], found[1])
        return True

    def _odd(self, group: list[int]) -> bool:
        """Shape O of :meth:`constructed`: one downfloater from an odd homogeneous bracket."""
        r, sp, pbi = self.r, self.r.sp, self.pbi
        nxt = pbi[self.nsgb :]
        if not nxt:
            return False  # the downfloater would be the PAB: left to the full search
        back = r.layout.rounds_back
        half = len(group) // 2
        best: tuple[int, int, int, int] | None = None
        admissible: list[int] = []
        rule: _Rule | None = None
        for i, (f, fr) in enumerate(zip(group, _colour_rules_without(group, group, sp), strict=True)):
            fl = sp[f].floats
            key = (fr[1], fr[2], int(back > 0 and fl[0] == DOWN), int(back > 1 and fl[1] == DOWN))
            if best is None or key < best:
                best = key
                admissible = []
                rule = None
            if key == best and i >= half:
                if rule is not None and fr != rule:
                    return False
                rule = fr
                admissible.append(f)
        if rule is None:
            return False  # the best downfloaters are all in S1: an exchange
        found = self._with_downfloater(group, rule, admissible, group, nxt)
        if found is None:
            return False
        self._fix_all(*found)
        return True

    def _with_downfloater(
        self, players: list[int], rule: _Rule, admissible: list[int], group: list[int], nxt: list[int]
    ) -> tuple[list[tuple[int, int]], list[tuple[int, int]]] | None:
        """The odd shapes' common tail (O, MO, MMO): the first candidate of ``players`` leaving one
        of ``admissible`` unpaired, and the completion witness with that downfloater paired into
        ``nxt``; None when either is not found (the bracket goes to the full search)."""
        pairs = self._first_candidate(players, rule, admissible)
        if pairs is None:
            return None
        paired = {v for pair in pairs for v in pair}
        d = next(v for v in players if v not in paired)
        witness = self._completion(set(group), d, set(nxt))
        if witness is None:
            return None
        return pairs, witness

    def _with_mdp(self, f: int, residents: list[int]) -> bool:
        """Shape M of :meth:`constructed`: one MDP, an even bracket."""
        r, sp, st = self.r, self.r.sp, self.r.st
        if sp[f].acc <= sp[residents[0]].acc:
            return False
        group = [f, *residents]
        rule = _colour_rule(group, sp)
        back = r.layout.rounds_back
        hf = sp[f]
        best: tuple[int, int] | None = None
        first: int | None = None
        for x in residents:
            lo = sp[x]
            if not compatible(hf, lo, st) or not _allowed(hf, lo, rule):
                continue
            key = (int(back > 0 and lo.floats[0] == UP), int(back > 1 and lo.floats[1] == UP))
            if best is None or key < best:
                best, first = key, x
        if first is None:
            return False
        rest = [v for v in residents if v != first]
        pairs = self._first_candidate(rest, rule, None)
        if pairs is None:
            return False
        witness = self._completion(set(group))
        if witness is None:
            return False
        self._fix_all([(f, first), *pairs], witness)
        return True

    def _with_mdp_odd(self, f: int, residents: list[int]) -> bool:
        """Shape MO of :meth:`constructed`: one MDP and an even number of residents, one of whom floats.

        The MDP is paired ([C7]: its score outweighs any number of resident pairs). Candidates
        are compared, after field 1 and [C6]-[C8] (certificate 1, with the downfloater ``d``
        paired into the next scoregroup), on the [C12]/[C13] bounds without ``d``, then
        [C14] (``d``'s downfloat last round), [C15] (the MDP's opponent ``x``'s upfloat), [C16],
        [C17] -- the order of the float fields of the weights. ``K`` is the least of these keys
        over every (``d``, ``x``) with the edge MDP-``x`` in ``G`` without ``d``; a compatible
        ``x`` outside that ``G`` costs more than ``d``'s colour bounds, so the certificate also
        asks those bounds to be at least ``K``'s: ``K`` is then a lower bound for every candidate. ``x`` is the first resident in some pair of key ``K`` (4.2, S1 =
        {MDP}: no earlier resident is the opponent in a best candidate), and the remainder is
        constructed as in O with the admissible downfloaters those ``d`` in its S2 with key ``K``
        beside ``x`` (one rule ``G`` for all of them). The construction then reaches ``K``.
        """
        r, sp, st = self.r, self.r.sp, self.r.st
        nxt = self.pbi[self.nsgb :]
        if not nxt or sp[f].acc <= sp[residents[0]].acc:
            return False
        back = r.layout.rounds_back
        hf = sp[f]
        group = [f, *residents]

        def flag(v: int, k: int, kind: str) -> int:
            return int(back > k and sp[v].floats[k] == kind)

        rules = dict(zip(residents, _colour_rules_without(group, residents, sp), strict=True))
        allowed: dict[_Rule, list[int]] = {}
        compat = [x for x in residents if compatible(hf, sp[x], st)]
        for rule in set(rules.values()):
            allowed[rule] = [x for x in compat if _allowed(hf, sp[x], rule)]
        # key(d, x) = (bounds without d, d down 1, x up 1, d down 2, x up 2): for one d its
        # least value over x is reached by the x of least (up 1, up 2), so each rule keeps
        # its two best opponents (in resident order among equals) to allow for x == d.
        ukey = {x: (flag(x, 0, UP), flag(x, 1, UP)) for x in compat}
        two: dict[_Rule, list[int]] = {}
        for rule, xs in allowed.items():
            two[rule] = sorted(xs, key=lambda x: ukey[x])[:2]

        def dkey(d: int) -> tuple[int, int, int, int]:
            rd = rules[d]
            return (rd[1], rd[2], flag(d, 0, DOWN), flag(d, 1, DOWN))

        best: tuple[int, int, int, int, int, int] | None = None
        for d in residents:
            xs = [x for x in two[rules[d]] if x != d]
            if xs:
                dk, uk = dkey(d), ukey[xs[0]]
                k = (dk[0], dk[1], dk[2], uk[0], dk[3], uk[1])
                if best is None or k < best:
                    best = k
        if best is None:
            return False
        # A compatible opponent outside G without d costs more than d's bounds, but not
        # necessarily more than K: such a pair must have bounds of at least K's.
        sets = {rule: set(xs) for rule, xs in allowed.items()}
        outside = {rule: [x for x in compat if x not in sets[rule]] for rule in allowed}
        for d in residents:
            if rules[d][1:] < best[:2] and any(x != d for x in outside[rules[d]]):
                return False
        # ok[x]: the d != x with x in G without d and key(d, x) == K
        dbest = (best[0], best[1], best[2], best[4])
        ubest = (best[3], best[5])
        kin = [d for d in residents if dkey(d) == dbest]

        by_rule: dict[_Rule, list[int]] = {}
        for d in kin:
            by_rule.setdefault(rules[d], []).append(d)

        def some_ok(x: int) -> bool:
            if ukey.get(x) != ubest:
                return False
            return any(x in sets[rule] and (len(ds) > 1 or ds[0] != x) for rule, ds in by_rule.items())

        first = next(x for x in residents if some_ok(x))
        ok_first = {d for d in kin if d != first and first in sets[rules[d]]}
        rest = [v for v in residents if v != first]
        half = len(rest) // 2
        admissible = [d for d in rest[half:] if d in ok_first]
        if not admissible or len({rules[d] for d in admissible}) != 1:
            return False
        pairs = self._first_candidate(rest, rules[admissible[0]], admissible)
        if pairs is None:
            return False
        paired = {v for pair in pairs for v in pair}
        d = next(v for v in rest if v not in paired)
        witness = self._completion(set(group), d, set(nxt))
        if witness is None:
            return False
        self._fix_all([(f, first), *pairs], witness)
        return True

    def _completion(
        self, group: set[int], floater: int | None = None, nxt: set[int] | None = None
    ) -> list[tuple[int, int]] | None:
        """A witness for :meth:`constructed` (1): a matching of the players still to pair outside ``group``.

        It must pair all of them but at most one who may take the PAB; with
        ``floater`` (shape O) it also pairs the floater with a player of ``nxt``
        and has the most pairs possible among ``nxt`` and the floater.
        """
        r, m = self.r, self.r.m
        sp, pbi = r.sp, self.pbi
        rest = [v for v in pbi if v not in group] + list(range(pbi[-1] + 1, r.n))
        ok = r.ok
        # the matcher's current pairs, or (no matcher yet) the round's witness, whose pairs are edges
        mate = m.mate if m is not None else r.hint
        trusted = m is None
        forced: list[tuple[int, int]] = []
        if floater is not None:
            assert nxt is not None
            # a partner in N for the floater: prefer one the matcher leaves free or pairs outside N
            opts = [u for u in rest if u in nxt and ok(floater, u)]
            if not opts:
                return None
            opts.sort(key=lambda u: (mate[u] >= 0 and mate[u] in nxt, u))
            partner0 = opts[0]
            forced.append((floater, partner0))
            rest = [v for v in rest if v != partner0]
        inside = set(rest)
        partner: dict[int, int] = {}
        for v in rest:
            u = mate[v]
            # the matcher's pairs among them; with ``nxt``, only those on one side of it
            if u >= 0 and u in inside and (trusted or ok(v, u)) and (nxt is None or (u in nxt) == (v in nxt)):
                partner[v] = u
        left: list[int] = []
        if nxt is not None:
            left = _pair_up([v for v in rest if v in nxt], partner, ok)
        left = _pair_up([v for v in rest if v not in nxt or v in left] if nxt else rest, partner, ok)
        if len(left) > 1:
            return None
        pairs = [(v, u) for v, u in partner.items() if v < u]
        total = len(rest) + 2 * len(forced)
        if left:
            p = sp[left[0]]
            if total % 2 == 0 or not (p.eligible_bye and p.acc <= r.bye_score):
                return None
        if nxt is not None:
            inner = sum(1 for a, c in pairs if a in nxt and c in nxt)
            if 1 + inner < (len(nxt) + 1) // 2:
                return None
        return forced + pairs

    def _first_candidate(
        self, group: list[int], rule: _Rule, floaters: list[int] | None
    ) -> list[tuple[int, int]] | None:
        """The first candidate (4.2, 4.3) among the perfect matchings of the graph G of :meth:`constructed`.

        ``group`` is split into S1 (the first half, rounded down) and S2. With
        ``floaters`` (odd ``group``) a stand-in vertex after S1 takes one of
        them: the S2 player left unpaired.

        Even ``group`` with no perfect S1-S2 matching in G: one exchange (4.3).
        The full search then (its weights, ``ewc``) takes the fewest exchanges,
        then the least sum of the positions of the players acting higher (S1'),
        i.e. for one exchange of S1 player ``i`` and S2 player ``j`` the least
        ``j - i``, then (``s1_to_s2``) the highest ``i`` that some such candidate
        exchanges (``s2_to_s1`` stops at the last exchange: ``j`` follows from
        the sum); then each S1' player in order takes the first later S2'
        player possible (``freeze_split`` keeps only the edges from an S1'
        player to a later S2' one). So the exchanges are tried in that order,
        ``(j - i, -i)``, each with the construction below on S1' and S2' (rows
        limited to later players); the first that has a perfect matching of G
        is the full search's candidate: every best candidate is a perfect
        matching of G (:meth:`constructed`, 3), and none has no exchange. More
        than one exchange, or more than ``_EXCHANGE_TRIES`` tries: None (the
        full search).
        """
        half = len(group) // 2
        s1, s2 = group[:half], group[half:]
        out = self._lex_first(s1, s2, rule, floaters, None)
        if out is not None or floaters is not None or not s1:
            return out
        tries = 0
        for delta in range(1, len(group)):
            for i in range(half - 1, -1, -1):
                j = i + delta
                if j < half:
                    break
                if j >= len(group):
                    continue
                tries += 1
                if tries > _EXCHANGE_TRIES:
                    return None
                s1x = [*group[:i], *group[i + 1 : half], group[j]]
                s1x.sort(key=group.index)
                s2x = [v for v in s2 if v != group[j]] + [group[i]]
                s2x.sort(key=group.index)
                out = self._lex_first(s1x, s2x, rule, None, {v: k for k, v in enumerate(group)})
                if out is not None:
                    return out
        return None

    def _lex_first(
        self,
        s1: list[int],
        s2: list[int],
        rule: _Rule,
        floaters: list[int] | None,
        pos: dict[int, int] | None,
    ) -> list[tuple[int, int]] | None:
        """Each S1 player in order takes the first S2 player that still leaves a perfect matching of G.

        With ``pos`` (an exchange), an S1 player's row holds only the S2 players after it.
        """
        r = self.r
        sp, st = r.sp, r.st
        stand_in = -1
        order = list(s1)
        # The edges of G are evaluated on demand (most S1 players take one of their first
        # candidates; the searches skip players already labelled before evaluating an edge).
        targets: dict[int, list[int]] = {s: s2 for s in s1}
        if pos is not None:
            for s in s1:
                if pos[s] > pos[s2[0]]:
                    targets[s] = [t for t in s2 if pos[t] > pos[s]]
        fl: set[int] = set()
        if floaters is not None:
            targets[stand_in] = list(floaters)
            fl = set(floaters)
            order.append(stand_in)
        if len(order) != len(s2):
            return None
        cache: dict[tuple[int, int], bool] = {}

        def edge(x: int, t: int) -> bool:
            if x == stand_in:
                return t in fl
            e = cache.get((x, t))
            if e is None:
                h, lo = sp[x], sp[t]
                e = cache[(x, t)] = compatible(h, lo, st) and _allowed(h, lo, rule)
            return e

        mate1: dict[int, int] = {}
        mate2: dict[int, int] = {}
        # ``low``: S2 before index ``low[0]`` all taken (greedy) or fixed (choices), skipped unseen
        low = [0]

        def scan(x: int, taken: dict[int, int] | set[int]) -> list[int]:
            row = targets[x]
            if row is not s2:
                return row
            i = low[0]
            while i < len(s2) and s2[i] in taken:
                i += 1
            low[0] = i
            return s2[i:]

        # Greedy in order, then augmenting paths: a perfect matching of G, any one (the choices
        # below turn it into the first). To start nearer the first, the greedy passes over a
        # partner that would leave more players of a class that G never pairs within itself
        # (with a majority colour: everyone else; without: each preference) than S2 places.
        majority = rule[0]
        cls: dict[int, Colour | str | None] = {stand_in: None}
        count: dict[Colour | str, int] = {}
        for v in (*s1, *s2):
            c = sp[v].pref
            key: Colour | str | None = c if majority is None else (None if c is majority else "other")
            cls[v] = key
            if key is not None:
                count[key] = count.get(key, 0) + 1
        room = len(s2)
        for s in order:
            cs = cls[s]
            t0 = None
            fallback = None
            for t in scan(s, mate2):
                if t in mate2 or not edge(s, t):
                    continue
                if fallback is None:
                    fallback = t
                ct = cls[t]
                if all(k - (cs == c) - (ct == c) <= room - 1 for c, k in count.items()):
                    t0 = t
                    break
            t0 = t0 if t0 is not None else fallback
            if t0 is not None:
                mate1[s], mate2[t0] = t0, s
                room -= 1
                for v in (s, t0):
                    cv = cls[v]
                    if cv is not None:
                        count[cv] -= 1
        rowset: dict[int, set[int]] = {x: set(row) for x, row in targets.items() if row is not s2}

        def can(x: int, t: int) -> bool:
            """Is ``t`` in ``x``'s row and the edge in G?"""
            return (x not in rowset or t in rowset[x]) and edge(x, t)

        free2 = [t for t in s2 if t not in mate2]
        for s in order:
            if s in mate1:
                continue
            prev: dict[int, int] = {}
            queue = [s]
            end = None
            for x in queue:
                # a free S2 player in x's row ends the search at once (few are free)
                end = next((t for t in free2 if t not in prev and can(x, t)), None)
                if end is not None:
                    prev[end] = x
                    break
                for t in targets[x]:  # adj(x), its edges evaluated only for unlabelled players
                    if t in prev or t not in mate2 or not edge(x, t):
                        continue
                    prev[t] = x
                    queue.append(mate2[t])
            if end is None:
                return None
            free2.remove(end)
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
        low[0] = 0
        dead: set[int] = set()
        fixed: set[int] = set()  # S2 players taken
        done: set[int] = set()  # S1 players whose partner is fixed, and the one choosing
        out: list[tuple[int, int]] = []
        for s in order:
            done.add(s)
            target = mate1[s]
            first = next(t for t in scan(s, fixed) if t not in fixed and edge(s, t))
            if first != target:
                # ``s`` takes the first candidate ``t`` whose partner ``y0`` can hand on along an
                # alternating path of S1 players not done to ``target`` (which ``s`` frees): then
                # a perfect matching of G pairs ``s`` with ``t`` and the earlier ones as fixed.
                # Searched forward from ``y0`` (a simple path from ``y0`` never uses ``y0``'s own
                # partner). A failed search leaves ``dead`` closed: every edge of a dead player
                # goes to a fixed S2 player or one a dead player holds. The path applied avoids
                # it (its players reach ``target``), so it stays closed; for a later ``s`` not in
                # it, that ``s``'s partner is held outside it, so dead players still cannot reach
                # it: ``dead`` is kept until the choosing player is one of them.
                if s in dead:
                    dead = set()
                for t in scan(s, fixed):
                    if t in fixed or not edge(s, t):
                        continue
                    if t == target:
                        break
                    y0 = mate2[t]
                    if y0 in dead:
                        continue
                    parent: dict[int, tuple[int, int] | None] = {y0: None}
                    queue3 = [y0]
                    found: tuple[int, int] | None = None
                    if can(y0, target):
                        found = (y0, target)
                    for y in queue3:
                        if found is not None:
                            break
                        for t2 in targets[y]:  # adj(y), edges evaluated only where they matter
                            if t2 == target or t2 in fixed:
                                continue
                            y2 = mate2[t2]
                            if y2 in parent or y2 in dead or y2 in done or not edge(y, t2):
                                continue
                            parent[y2] = (y, t2)
                            queue3.append(y2)
                            if can(y2, target):  # checked on discovery: the search ends there
                                found = (y2, target)
                                break
                    if found is None:
                        dead.update(queue3)
                        continue
                    step: tuple[int, int] | None = found
                    while step is not None:
                        y, t2 = step
                        back_step = parent[y]
                        mate1[y], mate2[t2] = t2, y
                        step = back_step
                    mate1[s], mate2[t] = t, s
                    break
            t = mate1[s]
            fixed.add(t)
            if s >= 0:
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


def _pair_up(players: list[int], partner: dict[int, int], ok: Callable[[int, int], bool]) -> list[int]:
    """Pair the players of ``players`` not in ``partner`` greedily, then by one-step swaps; return those left.

    A swap takes a left player ``x``, a pair ``y-z`` with ``y`` among ``players`` and
    an edge ``x-y``, and a left player ``x2`` with an edge ``z-x2``: ``x-y`` and ``z-x2``.
    """
    left: list[int] = []
    free = [v for v in players if v not in partner]
    for v in free:
        if v in partner:
            continue
        for u in free:
            if u != v and u not in partner and ok(v, u):
                partner[v], partner[u] = u, v
                break
        else:
            left.append(v)
    stuck: list[int] = []
    while len(left) > 1:
        x = left.pop()
        done = False
        for y in players:
            z = partner.get(y)
            if z is None or not ok(x, y):
                continue
            for x2 in left:
                if x2 != z and ok(z, x2):
                    left.remove(x2)
                    partner[x], partner[y], partner[z], partner[x2] = y, x, x2, z
                    done = True
                    break
            if done:
                break
        if not done:
            stuck.append(x)
    return stuck + left


def _c9_ranks(sp: list[PlayerState], bye_score: int) -> dict[int, int]:
    """[C9]: the rank of each number of played games among the players of the PAB score (most games first)."""
    ranks: dict[int, int] = {}
    counts = sorted((p.played_games for p in sp if p.acc == bye_score), reverse=True)
    for rank, games in enumerate(counts):
        ranks[games] = rank
    return ranks


def _perfect(players: list[int], sp: list[PlayerState], st: RoundState) -> list[int] | None:
    """A perfect matching of ``players`` in the compatibility graph ([C1]/[C3]) as mates (-1 elsewhere), or None.

    Greedy in the given (pairing) order, each player taking the first later
    compatible one still free, then one augmenting path per player left, from an
    alternating breadth-first search that labels each vertex once (it ignores
    blossoms, so it may miss a path; every path it returns is a valid one).
    """
    n = len(sp)
    mate = [-1] * n
    left: list[int] = []
    for k, v in enumerate(players):
        if mate[v] >= 0:
            continue
        pv = sp[v]
        for u in players[k + 1 :]:
            if mate[u] < 0 and compatible(pv, sp[u], st):
                mate[v], mate[u] = u, v
                break
        else:
            left.append(v)
    for x in left:
        if mate[x] >= 0:
            continue
        parent: dict[int, int] = {}  # odd vertex -> the even vertex it was reached from
        seen = {x}
        queue = [x]
        end = -1
        for a in queue:
            pa = sp[a]
            for u in players:
                if u in seen or u in parent or not compatible(pa, sp[u], st):
                    continue
                parent[u] = a
                if mate[u] < 0:
                    end = u
                    break
                seen.add(mate[u])
                queue.append(mate[u])
            if end >= 0:
                break
        if end < 0:
            return None
        while True:
            a = parent[end]
            nxt = mate[a]
            mate[a], mate[end] = end, a
            if a == x:
                break
            end = nxt
    return mate


# at most this many single exchanges tried by _Bracket._first_candidate before the full search
_EXCHANGE_TRIES = 48

# majority colour (None: no two equal preferences), [C12] bound, [C13] bound
_Rule = tuple[Colour | None, int, int]


def _colour_rule(group: list[int], sp: list[PlayerState]) -> _Rule:
    """The colour rule of :meth:`_Bracket.constructed` (3) for pairing ``group`` perfectly.

    When every player of the majority colour has a strong (not absolute) preference, every
    pair of two of them fails [C13]: the [C13] bound is then the [C12] bound, met by any
    matching that meets the [C12] bound, and ``G`` keeps all their edges; otherwise it is 0
    and ``G`` keeps only their edges that meet [C13].
    """
    prefs = [sp[v].pref for v in group]
    white = sum(1 for c in prefs if c is Colour.WHITE)
    black = sum(1 for c in prefs if c is Colour.BLACK)
    nones = len(group) - white - black
    excess = abs(white - black) - nones
    if excess <= 0:
        return None, 0, 0
    majority = Colour.WHITE if white > black else Colour.BLACK
    bound = excess // 2
    strong = all(sp[v].strong and not sp[v].absolute for v in group if sp[v].pref is majority)
    return majority, bound, bound if strong else 0


def _colour_rules_without(group: list[int], leave: list[int], sp: list[PlayerState]) -> list[_Rule]:
    """:func:`_colour_rule` of ``group`` without each player of ``leave`` in turn (one count of the group)."""
    out: list[_Rule] = []
    prefs = [sp[v].pref for v in group]
    white = sum(1 for c in prefs if c is Colour.WHITE)
    black = sum(1 for c in prefs if c is Colour.BLACK)
    nones = len(group) - white - black
    strong_w = all(sp[v].strong and not sp[v].absolute for v in group if sp[v].pref is Colour.WHITE)
    strong_b = all(sp[v].strong and not sp[v].absolute for v in group if sp[v].pref is Colour.BLACK)
    weak_w = sum(1 for v in group if sp[v].pref is Colour.WHITE and not (sp[v].strong and not sp[v].absolute))
    weak_b = sum(1 for v in group if sp[v].pref is Colour.BLACK and not (sp[v].strong and not sp[v].absolute))
    for d in leave:
        p = sp[d]
        wd, bd, nd = white, black, nones
        sw, sb = strong_w, strong_b
        if p.pref is Colour.WHITE:
            wd -= 1
            sw = strong_w or (weak_w == 1 and not (p.strong and not p.absolute))
        elif p.pref is Colour.BLACK:
            bd -= 1
            sb = strong_b or (weak_b == 1 and not (p.strong and not p.absolute))
        else:
            nd -= 1
        excess = abs(wd - bd) - nd
        if excess <= 0:
            out.append((None, 0, 0))
            continue
        majority = Colour.WHITE if wd > bd else Colour.BLACK
        bound = excess // 2
        strong = sw if majority is Colour.WHITE else sb
        out.append((majority, bound, bound if strong else 0))
    return out


def _allowed(h: PlayerState, lo: PlayerState, rule: _Rule) -> bool:
    """Is the edge of higher ``h`` and lower ``lo`` in the graph G of :meth:`_Bracket.constructed` (3)?"""
    f1, f2, f3, f4 = colour_flags(lo, h)
    if not (f1 and f2):
        return False
    majority = rule[0]
    if majority is None:
        return f3
    if h.pref is majority and lo.pref is majority:
        return f4 or rule[2] > 0
    return h.pref is majority or lo.pref is majority


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
