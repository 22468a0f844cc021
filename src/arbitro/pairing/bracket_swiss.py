"""Bracket-by-bracket pairing on one weighted matching, shared by Dubov, Lim and Double-Swiss.

The three texts pair one scoregroup (bracket) at a time, in a system-specific
order, complete each bracket with floaters from other scoregroups, and then
pair inside the bracket in a system-specific candidate order. Here each
bracket is one maximum-weight matching over *all* players still to pair, so
that completion (C.04.1) is judged on the whole field, with the criteria
packed into the edge weight, most important first:

======  ================================================  =============================
field   meaning                                           Dubov / Lim / Double-Swiss
======  ================================================  =============================
base    every compatible pair                             completion ([C4] / 2.1 / [C3])
tt      pairs inside the bracket (fewest floaters)        [C5] / 2.3 / [C4]
fl      floaters from the nearest scoregroups             [C6] / 2.3 / [C5]
col     both colour preferences granted                   [C7] / 5 / —
hist    float history of the floaters                     [C8]-[C10] / 3.10 / [C7]-[C8]
tie     which floater (system order)                      4.2 / 3.x / 3.5
add     partner order inside the bracket, one at a time   4.4 / 2.4 / 3.6
======  ================================================  =============================

Within a bracket, the players of the system's first subgroup take in turn the
first partner in the system's order that keeps the matching optimal
(the "first legal permutation" of the texts).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from arbitro.pairing.blossom import Matcher
from arbitro.pairing.dutch_state import PlayerState
from arbitro.pairing.types import NoValidPairing

__all__ = ["BracketRules", "pair_brackets"]

Pair = tuple[PlayerState, PlayerState]


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
    #: preference among floaters (bracket player, floater); larger is better, < n*n
    floater_rank: Callable[[PlayerState, PlayerState, list[PlayerState], list[PlayerState]], int]
    #: inside a bracket: (player, partners in order of preference), in the order players choose
    partner_order: Callable[[list[PlayerState]], list[tuple[PlayerState, list[PlayerState]]]]


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
    w_add = b
    w_tie = 3 * b
    w_hist = 4 * b
    w_col = b
    w_fl = b * (nl + 1)
    w_tt = b
    s_tie = w_add
    s_hist = s_tie + w_tie
    s_col = s_hist + w_hist
    s_fl = s_col + w_col
    s_tt = s_fl + w_fl
    s_base = s_tt + w_tt
    full_fl = 1 << (b * nl)
    full_hist = 1 << (3 * b)

    def ok(i: int, j: int) -> bool:
        a, c = sp[i], sp[j]
        return c.id not in forbidden.get(a.id, ()) and rules.compatible(a, c)

    m = Matcher(n)
    compat = [[False] * n for _ in range(n)]
    for i in range(n):
        for j in range(i):
            if ok(i, j):
                compat[i][j] = compat[j][i] = True
                m.set_weight(i, j, 1 << s_base)
    remaining = set(range(n))
    index = {p.id: v for v, p in enumerate(sp)}
    pairs: list[Pair] = []
    for level in rules.group_order(levels):
        bracket = sorted(v for v in remaining if sp[v].acc == level)
        if not bracket:
            continue
        inside = set(bracket)
        rest = sorted(remaining - inside, key=lambda v: (-sp[v].acc, sp[v].rank))
        live = sorted({sp[v].acc for v in remaining}, reverse=True)
        here = live.index(level)
        tb = [sp[v] for v in bracket]
        tl = [sp[v] for v in rest]
        for i in bracket:
            for j in bracket:
                if j < i and compat[i][j]:
                    col = rules.colour_ok(sp[i], sp[j])
                    m.set_weight(i, j, (1 << s_base) | (1 << s_tt) | (col << s_col) | (full_hist << s_hist))
            for j in rest:
                if not compat[i][j]:
                    continue
                dist = abs(live.index(sp[j].acc) - here)
                fl = full_fl - (1 << (b * (dist - 1)))
                col = rules.colour_ok(sp[i], sp[j])
                pen = 0
                parts = rules.history(sp[i], sp[j])
                for x in parts:
                    pen = (pen << b) | min(x, (1 << b) - 1)
                hist = full_hist - (pen << (b * (3 - len(parts))))
                tie = rules.floater_rank(sp[i], sp[j], tb, tl)
                m.set_weight(
                    i, j, (1 << s_base) | (fl << s_fl) | (col << s_col) | (hist << s_hist) | (tie << s_tie)
                )
        mate = m.solve()
        if any(mate[v] == v for v in remaining):
            raise NoValidPairing("the remaining players cannot all be paired under the absolute criteria")
        floaters = {mate[v] for v in bracket if mate[v] not in inside}
        members = inside | floaters
        # Freeze the bracket: its members pair among themselves, the others stay out of it.
        for v in members:
            for j in remaining - members:
                if compat[v][j]:
                    m.set_weight(v, j, 0)
        done: set[int] = set()
        for chooser, prefs in rules.partner_order([sp[v] for v in sorted(members)]):
            v = index[chooser.id]
            if v in done:
                continue
            cands = [index[p.id] for p in prefs if index[p.id] not in done and index[p.id] in members]
            cands = [c for c in cands if compat[v][c]]
            for k, c in enumerate(cands):
                m.set_weight(v, c, m.weight(v, c) | (len(cands) - k))
            mv = m.solve()[v]
            if mv == v or mv not in members:
                raise NoValidPairing("the bracket cannot be completed")
            done.update((v, mv))
            pairs.append((sp[v], sp[mv]))
            m.remove_pair(v, mv)
        left = members - done
        if left:
            mate = m.solve()
            for v in sorted(left):
                if v in done:
                    continue
                mv = mate[v]
                if mv == v or mv not in left:
                    raise NoValidPairing("the bracket cannot be completed")
                done.update((v, mv))
                pairs.append((sp[v], sp[mv]))
                m.remove_pair(v, mv)
        remaining -= members
    if remaining:
        raise NoValidPairing("players were left unpaired")
    return pairs
