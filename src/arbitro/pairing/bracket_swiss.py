"""Bracket-by-bracket pairing on one weighted matching, shared by Dubov and Double-Swiss.

(Lim used it until 2026-12-02; it is now the procedure of its text, :mod:`arbitro.pairing.lim`.)
The texts pair one scoregroup (bracket) at a time, in a system-specific
order, complete each bracket with floaters from other scoregroups, and then
pair inside the bracket in a system-specific candidate order. Here each
bracket is one maximum-weight matching over *all* players still to pair, so
that completion (C.04.1) is judged on the whole field, with the criteria
packed into the edge weight, most important first:

======  ================================================  =============================
field   meaning                                           Dubov / Double-Swiss
======  ================================================  =============================
base    every compatible pair                             completion ([C4] / [C3])
tt      pairs inside the bracket (fewest floaters)        [C5] / [C4]
fl      floaters from the nearest scoregroups             [C6] / [C5]
ahead   pairs inside the next scoregroup (look-ahead)     — / [C6]
col     both colour preferences granted                   [C7] / —
hist    float history of the floaters                     [C8]-[C10] / [C7]-[C8]
force   (set order: the candidate being tried)            4.1-4.2 / 3.5
tie     which floater (system order)                      4.2 / 3.5, then [C8]
add     partner order inside the bracket, one at a time   4.4 / 3.6
======  ================================================  =============================

Within a bracket, the players of the system's first subgroup take in turn the
first partner in the system's order that keeps the matching optimal
(the "first legal permutation" of the texts). A system may first re-compose
its subgroups itself (``compose``: Dubov 3.2.4).

Speed (issue 17): all edges at a bracket change at once, so its players are first taken out
of the matching (:meth:`Matcher.open_group`) and get new duals from the bracket's own optimum
before the whole-field solve; fixing the duals edge by edge left most of the bracket and of its
partners free, each a root the search re-labelled from scratch (a 500-player round took up to
7.8 s). Which optimum the matcher returns among equal ones may change with this; the pairing
does not: the floaters are the first set in the system's order among the sets of some optimum
(``_first_set``, judged by solves with a bonus above the ties), the rest of the field is
re-paired with the next bracket, and each bracket is paired on its own matcher from its
weights. ``benchmarks/swiss_identical.py`` checks it on recorded events.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from arbitro.pairing.blossom import Matcher
from arbitro.pairing.dutch_state import PlayerState
from arbitro.pairing.types import NoValidPairing

__all__ = ["BracketRules", "Composed", "pair_brackets"]

Pair = tuple[PlayerState, PlayerState]
#: what ``BracketRules.compose`` returns: (solved matcher, extra low bits, choosers in order)
Composed = tuple[Matcher, int, list[tuple[PlayerState, list[PlayerState]]]]


@dataclass(frozen=True, slots=True)
class BracketRules:
    """What differs between the systems (see the module table)."""

    #: score levels (pairing scores) in the order brackets are paired
    group_order: Callable[[list[int]], list[int]]
    #: the pair may meet at all (beyond the rematch ban)
    compatible: Callable[[PlayerState, PlayerState], bool]
    #: both colour preferences can be granted (the colour criterion; always False to switch it off)
    colour_ok: Callable[[PlayerState, PlayerState], bool]
    #: float-history penalties of a floater pair (bracket player, floater), most important first (at most 3)
    history: Callable[[PlayerState, PlayerState], tuple[int, ...]]
    #: preference among floaters: (bracket player, floater, the player's index in the bracket, the
    #: floater's index among the others, bracket size, others' count); larger is better, < n*n*2**b
    #: with n the players to pair and b = n.bit_length() + 1
    floater_rank: Callable[[PlayerState, PlayerState, int, int, int, int], int]
    #: inside a bracket: (player, partners in order of preference), in the order players choose
    partner_order: Callable[[list[PlayerState]], list[tuple[PlayerState, list[PlayerState]]]]
    #: the next scoregroup's own pairs count after the floaters (Double-Swiss [C6]: the following
    #: scoregroup needs the fewest upfloaters)
    look_ahead: bool = False
    #: the set of floaters is the first, in the order of the others (by descending score, then
    #: TPN), by its smallest differing member, among the best sets (Dubov 4.1-4.2, Double-Swiss
    #: 3.5); ``floater_rank`` is then only the first guess
    set_order: bool = False
    #: optional, replaces ``partner_order`` inside a bracket: the system's own subgroups, from the
    #: members and their packed weights (by member index pair, larger index first) to a matcher
    #: over the members that it has solved, with weights ``<< extra`` and the pairs it rules out
    #: removed, ``extra``, and the choosers with their partners in order (Dubov 3.2.4)
    compose: Callable[[list[PlayerState], dict[tuple[int, int], int]], Composed] | None = None


def pair_brackets(
    players: Sequence[PlayerState], forbidden: dict[int, set[int]], rules: BracketRules
) -> list[Pair]:
    """Pair ``players`` (an even number) bracket by bracket; raise :class:`NoValidPairing` if impossible."""
    n = len(players)
    if n == 0:
        return []
    if n % 2:
        raise NoValidPairing("an odd number of players is left to pair")
    sp = list(players)
    b = n.bit_length() + 1
    levels = sorted({p.acc for p in sp}, reverse=True)
    nl = len(levels)
    w_pref = b
    w_add = b
    s_add = w_pref
    w_tie = 3 * b
    w_force = 2
    w_hist = 4 * b
    w_col = b
    w_ahead = b if rules.look_ahead else 0
    w_fl = b * (nl + 1)
    w_tt = b
    s_tie = s_add + w_add
    s_force = s_tie + w_tie
    s_hist = s_force + w_force
    s_col = s_hist + w_hist
    s_ahead = s_col + w_col
    s_fl = s_ahead + w_ahead
    s_tt = s_fl + w_fl
    s_base = s_tt + w_tt
    full_fl = 1 << (b * nl)
    full_hist = 1 << (3 * b)

    base_w = 1 << s_base
    compatible, look_ahead = rules.compatible, rules.look_ahead
    m = Matcher(n)
    compat = [[False] * n for _ in range(n)]
    for i in range(n):
        a = sp[i]
        fa = forbidden.get(a.id, ())
        ci = compat[i]
        row: dict[int, int] = {}
        for j in range(i):
            c = sp[j]
            if c.id not in fa and compatible(a, c):
                ci[j] = compat[j][i] = True
                # look-ahead: pairs inside a scoregroup win the last tie (below every criterion),
                # so that an optimum usually shows the next scoregroup's best already ([C6])
                row[j] = base_w | (look_ahead and a.acc == c.acc)
        m.write_row(i, row)
    # Completion first (every edge weighs the same: a maximum-cardinality matching, found almost
    # greedily); the brackets' criteria then re-optimise from it instead of from nothing.
    m.solve()
    remaining = set(range(n))
    pairs: list[Pair] = []
    for level in rules.group_order(levels):
        bracket = sorted(v for v in remaining if sp[v].acc == level)
        if not bracket:
            continue
        inside = set(bracket)
        rest = sorted(remaining - inside, key=lambda v: (-sp[v].acc, sp[v].rank))
        live = {s: k for k, s in enumerate(sorted({sp[v].acc for v in remaining}, reverse=True))}
        here = live[level]
        nb, nr = len(bracket), len(rest)
        nxt = [v for v in rest if live[sp[v].acc] == here + 1] if rules.look_ahead else []
        # every edge at the bracket changes: new duals for the bracket at once (fewer roots to solve)
        m.open_group(bracket)
        inner_w = base_w | (1 << s_tt) | (full_hist << s_hist)
        # the floater field by scoregroup (the distance to the bracket's)
        fl_w = {
            acc: base_w | ((full_fl - (1 << (b * (abs(k - here) - 1)))) << s_fl)
            for acc, k in live.items()
            if k != here
        }
        others = [(rj, j, sp[j], fl_w[sp[j].acc]) for rj, j in enumerate(rest)]
        colour_ok, history, floater_rank = rules.colour_ok, rules.history, rules.floater_rank
        cap = (1 << b) - 1
        for ti, i in enumerate(bracket):
            a = sp[i]
            ci = compat[i]
            row = {j: inner_w | (colour_ok(a, sp[j]) << s_col) for j in bracket if j < i and ci[j]}
            for rj, j, c, flw in others:
                if not ci[j]:
                    continue
                pen = 0
                parts = history(a, c)
                for x in parts:
                    pen = (pen << b) | min(x, cap)
                hist = full_hist - (pen << (b * (3 - len(parts))))
                tie = floater_rank(a, c, ti, rj, nb, nr)
                row[j] = flw | (colour_ok(a, c) << s_col) | (hist << s_hist) | (tie << s_tie)
            m.write_row(i, row)
        mate = m.solve()
        if any(mate[v] == v for v in remaining):
            raise NoValidPairing("the remaining players cannot all be paired under the absolute criteria")
        ahead: Callable[[], list[int]] | None = None
        if nxt:

            def ahead_on(nxt: list[int] = nxt) -> list[int]:
                """[C6] (Double-Swiss): the pairs the following scoregroup still makes among its own."""
                for x, i in enumerate(nxt):
                    for j in nxt[:x]:
                        if compat[i][j]:
                            m.set_weight(i, j, (1 << s_base) | (1 << s_ahead) | 1)
                return m.solve()

            ahead = ahead_on
            # certified when the following scoregroup already pairs all its players but one among
            # themselves (no set can do better: [C4]-[C5] fix how many of them float up)
            left = [v for v in nxt if mate[v] not in inside]
            own = {v for v in left if mate[v] in left}
            if len(own) < len(left) - len(left) % 2:
                mate = ahead()
                ahead = None
        if rules.set_order:
            mate = _first_set(m, mate, bracket, inside, rest, compat, s_force, ahead)
        floaters = {mate[v] for v in bracket if mate[v] not in inside}
        members = inside | floaters
        # The bracket is settled: its members pair among themselves on a small matcher of their own.
        mem = sorted(members)
        weights = {
            (x, y): m.weight(mem[x], mem[y])
            for x in range(len(mem))
            for y in range(x)
            if compat[mem[x]][mem[y]]
        }
        for v in mem:
            if mate[v] > v:
                m.remove_pair(v, mate[v])
        pairs.extend(_pair_bracket([sp[v] for v in mem], weights, rules, s_add))
        remaining -= members
    if remaining:
        raise NoValidPairing("players were left unpaired")
    return pairs


def _first_set(
    m: Matcher,
    mate: list[int],
    bracket: list[int],
    inside: set[int],
    rest: list[int],
    compat: list[list[bool]],
    s_force: int,
    exact: Callable[[], list[int]] | None = None,
) -> list[int]:
    """The first best set of floaters in the order of ``rest`` (sets by their smallest differing member).

    That set is the greedy one: each candidate in order joins when some optimum (on every field
    above ``force``) takes him together with those already in, and is then fixed in the bracket
    (his edges to the other non-members removed). The optimum found certifies a candidate already
    in it; only the others cost a solve, with a bonus on the candidate's bracket edges in the
    ``force`` field (below every criterion, above the ``tie`` guess). ``exact`` (when given) puts
    in the weights a criterion the current optimum only certified (look-ahead); it is called once,
    before the first such solve.
    """
    count = sum(1 for v in bracket if mate[v] not in inside)
    taken = 0
    for c in rest:
        if taken == count:
            break
        edges = {i: m.weight(c, i) for i in bracket if compat[c][i]}
        if not edges:
            continue
        if mate[c] not in inside:
            if exact is not None:
                mate = exact()
                exact = None
                if mate[c] in inside:
                    taken += 1
                    _fix(m, c, rest, compat)
                    continue
            for i, w in edges.items():
                m.set_weight(c, i, w | (1 << s_force))
            mate = m.solve()
            for i, w in edges.items():
                m.set_weight(c, i, w)
            if mate[c] not in inside:
                continue
        taken += 1
        _fix(m, c, rest, compat)
    return m.solve()


def _fix(m: Matcher, c: int, rest: list[int], compat: list[list[bool]]) -> None:
    """Keep floater ``c`` in the bracket: no edges to the other non-members."""
    for j in rest:
        if j != c and compat[c][j] and m.weight(c, j):
            m.set_weight(c, j, 0)


def _pair_bracket(
    members: list[PlayerState], weights: dict[tuple[int, int], int], rules: BracketRules, s_add: int
) -> list[Pair]:
    """Inside one bracket: each chooser in turn takes the first partner that keeps the matching optimal."""
    k = len(members)
    index = {p.id: x for x, p in enumerate(members)}
    if rules.compose is not None:
        # the system's own subgroups, on a matcher it has solved (weights shifted up by ``extra``)
        m, extra, order = rules.compose(members, weights)
        s_add += extra
        mate = m.solve()
    else:
        order = rules.partner_order(members)
        m = Matcher(k)
        for (x, y), w in weights.items():
            m.set_weight(x, y, w)
        # Below the choosers' addends, a hint: the pairing the choosers would make if every pair
        # were allowed. The first solution then keeps most of it, and most choosers need no new solve.
        taken: set[int] = set()
        for chooser, prefs in order:
            v = index[chooser.id]
            if v in taken:
                continue
            for p in prefs:
                c = index[p.id]
                if c not in taken and m.weight(v, c):
                    taken.update((v, c))
                    m.set_weight(v, c, m.weight(v, c) | 1)
                    break
        mate = m.solve()
    done: set[int] = set()
    out: list[Pair] = []
    for chooser, prefs in order:
        v = index[chooser.id]
        if v in done:
            continue
        cands = [c for c in (index[p.id] for p in prefs) if c not in done and m.weight(v, c)]
        if not cands or mate[v] != cands[0]:
            # (when already with the first choice the addends cannot change the optimum)
            for r, c in enumerate(cands):
                m.set_weight(v, c, m.weight(v, c) | ((len(cands) - r) << s_add))
            mate = m.solve()
        mv = mate[v]
        if mv == v:
            raise NoValidPairing("the bracket cannot be completed")
        done.update((v, mv))
        out.append((members[v], members[mv]))
        m.remove_pair(v, mv)
    if len(done) < k:
        mate = m.solve()
        for v in range(k):
            if v not in done:
                mv = mate[v]
                if mv == v or mv in done:
                    raise NoValidPairing("the bracket cannot be completed")
                done.update((v, mv))
                out.append((members[v], members[mv]))
    return out
