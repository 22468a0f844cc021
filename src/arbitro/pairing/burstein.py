"""FIDE Burstein system (C.04.4.2, rules in force from 1 February 2026).

Public entry point: :func:`pair_round`. The round is paired as bbpPairings
v6.0.0 ``--burstein`` does (the only public engine, docs/pairing-systems/burstein.md):

1. scoregroups are merged top-down until a maximum matching leaves at most
   one floater per scoregroup ([C4]-[C7]);
2. inside each group, ordered by the Index (1.8), the highest player gets the
   lowest-ranked opponent that keeps the matching (4.3: BSN #1's opponent has
   the largest BSN), with colour preferences granted where possible ([C8]);
3. colours by 5.2 (as C.04.3 5.2, the higher Index deciding ties).

Where bbpPairings follows the older text, :class:`BursteinOptions` keeps both:
the defaults follow the 2026 text, ``BursteinOptions.bbp()`` reproduces bbp.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cmp_to_key

from arbitro.model import Colour, ResultCode, Tournament
from arbitro.pairing.blossom import Matcher
from arbitro.pairing.burstein_index import Metric, bbp_metrics, index_2026
from arbitro.pairing.colours import board_key, neutral_colour
from arbitro.pairing.dutch_state import (
    DutchOptions,
    PlayerState,
    RoundState,
    build_state,
    points,
    ranking_order,
)
from arbitro.pairing.registry import PairOptions
from arbitro.pairing.types import Board, NoValidPairing, RoundPairing

__all__ = ["BursteinOptions", "bbp_default_acceleration", "pair_round", "pair_system", "seeding_rounds"]

# bbpPairings' edge-weight multipliers (burstein.h, 9,999-player build): compatible, same group, colour.
_PREF = 9998
_SAME = _PREF * 5000
_COMPATIBLE = _SAME * 5000


@dataclass(frozen=True, slots=True)
class BursteinOptions:
    """Switches for the places where bbpPairings v6.0.0 follows the pre-2026 Burstein text.

    Each ``True`` is a bbp departure (docs/pairing-systems/burstein.md §bbp).
    """

    no_seeding_rounds: bool = False  # 1.6: the first min(R/2, 4) rounds are paired by the Dutch system
    index_sb_first: bool = False  # 1.8: Buchholz, SB, TPN without virtual points (bbp: SB, Buchholz, Median)
    default_acceleration: bool = False  # C.04.7: no acceleration unless announced (bbp: old default)
    bye_pre_2025: bool = False  # C.04.1 art. 4 / 3.1 (bbp: only a PAB or a forfeit win bars)
    bye_without_completion: bool = False  # 3.1.1: the PAB must allow completion (bbp: lowest eligible)
    floaters_by_order: bool = False  # 2.3.2 [C6]: floaters of least score (bbp: whoever 4.3's order leaves)
    next_bracket_ignored: bool = False  # 2.3.2 [C7]: floaters chosen for the next bracket's [C6] too
    full_search: bool = False  # not a bbp reading: no group by construction (issue 17)
    # Not a bbp reading: the literal pairing-number parity (C.04.2 2.3 fixed TPN, never-paired
    # absentees counted); the default skips them, as bbp and Gacrux do (dutch-system.md §6.1 #3).
    literal_numbers: bool = False

    @classmethod
    def bbp(cls) -> BursteinOptions:
        return cls(True, True, True, True, True, True, True)


def seeding_rounds(total_rounds: int) -> int:
    """Rounds paired by the Dutch system before the Index is used (C.04.4.2 1.6.2)."""
    return min(total_rounds // 2, 4)


def _participates_in_round_one(t: Tournament, rank: int) -> bool:
    res = t.players[rank].results
    if res:
        r = res[0]
        return r.opponent is not None or r.code in (ResultCode.PAIRING_BYE, ResultCode.FORFEIT_WIN)
    return rank not in t.byes_for_round(1)


def bbp_default_acceleration(t: Tournament, rnd: int) -> dict[int, int]:
    """bbp's Burstein default: a win's points to the top half (by rank) in rounds 1 and 2."""
    if rnd > 2 or t.accelerations or t.system.upper().endswith("_BAKU"):
        return {}
    order = ranking_order(t)
    bound = sum(1 for rank in order if _participates_in_round_one(t, rank))
    out: dict[int, int] = {}
    if bound <= 1:
        return out
    win = points(t.scoring.win)
    for rank in order:
        out[rank] = win
        if _participates_in_round_one(t, rank):
            bound -= 2
            if bound <= 1:
                break
    return out


def _eligible_pre_2025(t: Tournament, rank: int, played: int) -> bool:
    """bbp ``eligibleForByePre2025Rules``: no PAB and no forfeit win so far."""
    return not any(
        r.code in (ResultCode.PAIRING_BYE, ResultCode.FORFEIT_WIN) for r in t.players[rank].results[:played]
    )


class _Round:
    """One Burstein round on the players of ``st``, ordered by score and Index."""

    def __init__(self, t: Tournament, st: RoundState, opts: BursteinOptions) -> None:
        self.t, self.st, self.opts = t, st, opts
        played = st.round - 1
        extra = bbp_default_acceleration(t, st.round) if opts.default_acceleration else {}
        for p in st.players:
            p.acc += extra.get(p.id, 0)
            if opts.bye_pre_2025:
                p.eligible_bye = _eligible_pre_2025(t, p.id, played)
        self.by_id = {p.id: p for p in st.players}
        self.c6 = not opts.floaters_by_order  # 2.3.2 [C6] in phase 2 of :func:`_match`
        self.c7 = self.c6 and not opts.next_bracket_ignored  # 2.3.2 [C7] on the next bracket's [C6]
        if opts.index_sb_first:
            ranks = {p.id: p.rank for p in st.players}
            valid = dict.fromkeys(ranks, True)
            for rank in t.players:
                if rank not in ranks:
                    valid[rank] = any(
                        r.opponent is not None or r.code in (ResultCode.PAIRING_BYE, ResultCode.FORFEIT_WIN)
                        for r in t.players[rank].results[:played]
                    )
            accel = {rank: points(t.acceleration(rank, st.round)) for rank in t.players}
            for rank, v in extra.items():
                accel[rank] = accel.get(rank, 0) + v
            self.metric = bbp_metrics(t, played, accel, valid, ranks)
        else:
            idx = index_2026(t, played)
            # 1.8: Buchholz first (in the ``sb`` slot), then SB, then TPN; scores do not enter the Index.
            self.metric = {p.id: Metric(0, idx[p.id][0], idx[p.id][1], 0, p.rank) for p in st.players}

    def less(self, a: PlayerState, b: PlayerState) -> bool:
        """``a`` has the lower Index (ties: the higher pairing number)."""
        return self.metric[a.id].less(self.metric[b.id])

    def ordered(self) -> list[PlayerState]:
        """Pairing order: score descending, then the Index (1.8)."""

        def cmp(a: PlayerState, b: PlayerState) -> int:
            if a.acc != b.acc:
                return -1 if a.acc > b.acc else 1
            return -1 if self.less(b, a) else 1 if self.less(a, b) else 0

        return sorted(self.st.players, key=cmp_to_key(cmp))

    def bye_candidates(self, order: list[PlayerState]) -> list[PlayerState | None]:
        """3.1: the PAB candidates in order (bbp: only the lowest eligible player)."""
        if len(order) % 2 == 0:
            return [None]
        eligible = [p for p in reversed(order) if p.eligible_bye]
        if not eligible:
            raise NoValidPairing("no player is eligible for the pairing-allocated bye")
        if self.opts.bye_without_completion:
            return [eligible[0]]
        # 3.1.2-3.1.5: lowest score, most games played, lowest Index ranking
        position = {p.id: i for i, p in enumerate(order)}

        def key(p: PlayerState) -> tuple[int, int, int]:
            return (p.acc, -p.played_games, -position[p.id])

        eligible.sort(key=key)
        return list[PlayerState | None](eligible)

    def edge(self, a: PlayerState, b: PlayerState, same: bool, due: bool) -> int:
        """bbp ``computeEdgeWeight``: [C1], [C3] absolute; same group; colour preferences ([C8])."""
        if b.id in self.st.forbidden.get(a.id, ()):
            return 0
        if a.absolute and b.absolute and a.pref is b.pref:
            return 0
        w = _COMPATIBLE
        if same:
            w += _SAME
            if due and granted(a, b):
                w += _PREF
        return w

    def colour(self, p: PlayerState, o: PlayerState) -> Colour:
        """5.2 (bbp ``choosePlayerColor``): C.04.3 5.2.1-5.2.3, then the higher Index, then parity."""
        c = neutral_colour(p, o)
        if c is not None:
            return c
        initial = self.st.initial_colour
        if p.pref is None:
            hi = p if p.rank < o.rank else o
            colour = initial if hi.parity_odd else initial.opposite
            return colour if hi is p else colour.opposite
        assert o.pref is not None
        return o.pref.opposite if self.less(p, o) else p.pref


def granted(a: PlayerState, b: PlayerState) -> bool:
    """Both colour preferences can be granted ([C8]): one has none, or they differ."""
    return a.pref is None or b.pref is None or a.pref is not b.pref


def _valid(mate: list[int], groups: list[int]) -> bool:
    """bbp ``checkMatchingIsValid``: higher groups all paired, at most one floater per group."""
    it = 0
    unmatched = 0
    begin = 0
    for v, mv in enumerate(mate):
        if v >= groups[-1]:
            return True
        if v >= groups[it]:
            unmatched = 0
            begin = v
            while v >= groups[it]:
                it += 1
        if v == mv and v < groups[-2]:
            return False
        if v == mv or mv < begin or mv >= groups[it]:
            unmatched += 1
            if unmatched > (2 if groups[it] & 1 else 1):
                return False
    return True


def _match(r: _Round, vl: list[PlayerState]) -> list[tuple[PlayerState, PlayerState]]:
    """The two phases of bbp ``computeMatching`` on the players ``vl`` (even, in pairing order)."""
    n = len(vl)
    m = Matcher(n)
    groups = [0, 0]
    valid = True
    merged = False  # the last groups merged after phase 1 (edges then span several groups)
    while groups[-1] < n:
        groups.append(groups[-1])
        while True:
            begin = groups[-1]
            while True:
                last = groups[-1]
                for vi in range(groups[-3], last):
                    m.set_weight(last, vi, r.edge(vl[vi], vl[last], vi >= groups[-2], False))
                groups[-1] += 1
                if not (groups[-1] < n and vl[begin].acc == vl[groups[-1]].acc):
                    break
            if groups[-1] & 1:
                for vi in range(groups[-2], groups[-1]):
                    m.set_weight(groups[-1], vi, _COMPATIBLE)
            valid = _valid(m.solve(), groups)
            if not (groups[-1] < n and not valid):
                break
        if groups[-1] < n and not groups[-1] & 1:
            groups.append(groups[-1])
    while len(groups) > 3 and not valid:
        merged = True
        groups.pop()
        boundary = groups.pop()
        begin = groups.pop()
        for outer in range(groups[-1], boundary):
            for inner in range(boundary, n):
                m.set_weight(outer, inner, r.edge(vl[outer], vl[inner], outer >= begin, False))
        groups.append(begin)
        groups.append(n)
        valid = _valid(m.solve(), groups)
    if not valid:
        raise NoValidPairing("the players cannot all be paired without breaking the absolute criteria")

    def cmp(a: int, b: int) -> int:
        return -1 if r.less(vl[b], vl[a]) else 1 if r.less(vl[a], vl[b]) else 0

    return _phase2(r, vl, m, groups, cmp, merged)


def _phase2(
    r: _Round,
    vl: list[PlayerState],
    m: Matcher,
    groups: list[int],
    cmp: Callable[[int, int], int],
    merged: bool,
) -> list[tuple[PlayerState, PlayerState]]:
    """Phase 2 of :func:`_match`: each group paired in the Index order (4.3), [C6] in the 2026 mode.

    bbp's procedure (4.3: in the Index order each player takes the last partner that keeps the
    matching optimal) with, in the 2026 mode, one more level of weight between "pairs in the
    group" ([C5]) and colour preferences ([C8]): each player paired inside the group earns the
    gain of its score's level, a gain that outweighs all the players of lower scores together
    (the lowest score earns nothing), so that the maximum matching floats out the players of the
    lowest scores, the highest score first -- the floaters' scores "taken in descending order"
    (2.3.2 [C6]). With ``floaters_by_order`` (bbp) every gain is 0 and the weights are exactly
    bbp's. Then [C8], then the priorities of the player being settled (4.3's order), then a hint
    (speed only).

    Each level outweighs the sum of all lower ones over any matching, so, as in bbp's scheme, every
    optimum gives the player being settled the same partner (or floats it), whatever optimum the
    matcher returns. When the group's gains fit between bbp's multipliers (always in bbp's mode;
    in the 2026 mode the usual case, one incoming floater) the level is coarse; otherwise (groups
    merged in phase 1 with many scores) every level below [C5] moves into the fine part of the
    weights (:meth:`Matcher.refine`), which makes the numbers, and the solves, longer. [C7] for
    [C1]-[C5] is phase 1's look-ahead; [C7] for the next bracket's own [C6] is a level between
    [C6] and [C8] (:func:`_set_next_bracket_gains`, off with ``next_bracket_ignored``).

    A group is first paired by construction (:func:`_constructed`, one solve for the group);
    when its certificate does not hold, or with ``full_search``, by the search
    (:func:`_settle_by_search`, one solve per player whose partner is not certified).
    """
    n = len(vl)
    pairs: list[tuple[PlayerState, PlayerState]] = []
    m.refine(n.bit_length() + 1)
    wide = [0]  # the scale of the fine layout once set up (0: not yet)
    hint_room = 1 << (n.bit_length() + 1)  # hints: at most n / 2
    pref_room = n // 2 + 2
    order_room = (n + 1) ** 2 + 1
    top = n * (n + 1) ** len({p.acc for p in vl}) + 1  # > every gain total (any group, any scores)

    c7_room = top if r.c7 else 1

    def fine(c6: int, pref: bool, priority: int, hint: bool, c7: int = 0) -> int:
        # in units of the scale of the fine layout: the matcher doubles its scale when it needs to
        value = (((c6 * c7_room + c7) * pref_room + int(pref)) * order_room + priority) * hint_room + int(
            hint
        )
        return value * (m.scale // wide[0])

    begin = groups[0]
    floater: int | None = None
    for k in range(1, len(groups)):
        end = groups[k]
        if begin == end:
            continue
        full = list(range(begin, end))
        if floater is not None:
            full.append(floater)
            floater = None
        full.sort(key=cmp_to_key(cmp))
        size = len(full)
        gain, below = _level_gains(vl, full) if r.c6 else (dict.fromkeys(full, 0), 0)
        # 2.3.2 [C7] for the next bracket's own [C6]: its residents' gains, when it has several scores
        nxt: list[int] = []
        if r.c7:
            stop = next((b for b in groups[k + 1 :] if b > end), end)
            if len({vl[x].acc for x in range(end, stop)}) > 1:
                nxt = list(range(end, stop))
        gain7, below7 = _level_gains(vl, nxt)
        unit7 = _PREF * (size // 2 + 2)  # > every colour total plus the priorities
        unit6 = unit7 * (below7 + 1)  # > every [C7] total plus the lower levels
        coarse = (below + 1) * unit6 <= _SAME
        if not coarse and not wide[0]:
            m.refine((top * c7_room * pref_room * order_room * hint_room).bit_length() + 1)
            wide[0] = m.scale
        if nxt:
            _set_next_bracket_gains(
                m, full, nxt, gain7, unit7 if coarse else 0, lambda c7: fine(0, False, 0, False, c7)
            )
        # (nb, coarse weight, [C6] gain, [C8] granted) for nb after v in ``full``
        ew: dict[int, list[tuple[int, int, int, bool]]] = {}
        for i, v in enumerate(full):
            pv = vl[v]
            row = []
            for nb in full[i + 1 :]:
                w = r.edge(pv, vl[nb], True, coarse)
                g = gain[v] + gain[nb] if w else 0
                if coarse and w:
                    w += unit6 * g
                row.append((nb, w, g, bool(w) and granted(pv, vl[nb])))
            ew[v] = row
        hint: set[tuple[int, int]] = set()
        taken: set[int] = set()
        for v in full:
            if v in taken:
                continue
            later = [(nb, p) for nb, w, _g, p in reversed(ew[v]) if nb not in taken and w]
            pick = next((nb for nb, p in later if p), None)
            pick = pick if pick is not None else next((nb for nb, _p in later), None)
            if pick is not None:
                taken.update((v, pick))
                hint.add((v, pick))
        for v in full:
            for nb, w, g, p in ew[v]:
                h = (v, nb) in hint
                m.set_weight(v, nb, w, int(h) if coarse else fine(g, p, 0, h) if w else 0)

        def set_priority(
            v: int, nb: int, w: int, g: int, p: bool, priority: int, coarse: bool = coarse
        ) -> None:
            if coarse:
                m.set_weight(v, nb, w + priority)
            else:
                m.set_weight(v, nb, w, fine(g, p, priority, False))

        mate: list[int] | None = None
        built = None
        if not (r.opts.full_search or merged):
            mate = m.solve()
            built = _constructed(vl, m, mate, full, groups[k:], gain, ew)
        if built is None:
            floater = _settle_by_search(vl, m, full, end, ew, set_priority, mate, pairs)
        else:
            group_pairs, floater = built
            for a, b in group_pairs:
                pairs.append((vl[a], vl[b]))
                m.remove_pair(a, b)
        begin = end
    return pairs


def _level_gains(vl: list[PlayerState], players: list[int]) -> tuple[dict[int, int], int]:
    """2.3.2 [C6]: each player's gain when paired inside its bracket, and the gains' total.

    The lowest score earns nothing; each higher score earns one more than all the players of
    lower scores together, so that a maximum total floats the lowest scores, highest first.
    """
    count: dict[int, int] = {}
    for v in players:
        count[vl[v].acc] = count.get(vl[v].acc, 0) + 1
    level_gain: dict[int, int] = {}
    below = 0  # the gains of all the players of lower scores together
    for score in sorted(count):
        level_gain[score] = below + 1 if level_gain else 0
        below += level_gain[score] * count[score]
    return {v: level_gain[vl[v].acc] for v in players}, below


def _set_next_bracket_gains(
    m: Matcher,
    full: list[int],
    nxt: list[int],
    gain7: dict[int, int],
    unit7: int,
    fine7: Callable[[int], int],
) -> None:
    """2.3.2 [C7]: while ``full`` is paired, the next bracket's players earn their own [C6] gains.

    A player of the next group ``nxt`` paired inside the next bracket (with another of ``nxt``
    or with the floater from ``full``) earns its gain there (:func:`_level_gains` over ``nxt``),
    one level below [C6] of ``full`` and above its [C8]; paired further down it earns nothing.
    So among the floaters [C6] allows, ``full`` floats one with which the next bracket can float
    its own lowest scores. The incoming floater itself is always paired in the next bracket
    (no edge reaches two groups down), so its own gain there is the same for every choice.
    ``unit7`` 0: the fine layout (``fine7``). The next group's edges are set again when it is paired.
    """
    for i, a in enumerate(nxt):
        for b in nxt[i + 1 :]:
            base = m.weight(a, b)
            if base:
                g = gain7[a] + gain7[b]
                m.set_weight(a, b, base + unit7 * g) if unit7 else m.set_weight(a, b, base, fine7(g))
    for f in full:
        for x in nxt:
            base = m.weight(f, x)
            if base:
                m.set_weight(f, x, base + unit7 * gain7[x]) if unit7 else m.set_weight(
                    f, x, base, fine7(gain7[x])
                )


def _settle_by_search(
    vl: list[PlayerState],
    m: Matcher,
    full: list[int],
    end: int,
    ew: dict[int, list[tuple[int, int, int, bool]]],
    set_priority: Callable[[int, int, int, int, bool, int], None],
    mate: list[int] | None,
    pairs: list[tuple[PlayerState, PlayerState]],
) -> int | None:
    """The reference search for one group (bbp's phase 2): returns the group's floater, if any.

    In the Index order, each player not yet paired gets priorities on its edges to the players
    after it (the last, the lowest-ranked, the highest: 4.3) and the matcher is re-solved; the
    player takes its mate (a player of a lower group: it floats) and the pair leaves the graph.
    ``mate`` is an optimum of the higher levels (or None): when it already gives the player the
    highest priority, every optimum does, and the solve is skipped.
    """
    done: set[int] = set()
    floater: int | None = None
    for v in full:
        if v in done:
            continue
        priority = 1
        best = -1
        for nb, w, g, p in ew[v]:
            if nb in done or not w:
                continue
            set_priority(v, nb, w, g, p, priority)
            priority += 1
            best = nb
        # Already with the highest priority: every optimum keeps that partner (no new solve).
        if mate is None or mate[v] != best:
            mate = m.solve()
        mv = mate[v]
        if mv >= end:
            floater = v
        else:
            done.update((v, mv))
            pairs.append((vl[v], vl[mv]))
            m.remove_pair(v, mv)
    return floater


_COLOUR_CLASS = {Colour.WHITE: 0, Colour.BLACK: 1, None: 2}


def _equal_preference_bound(white: int, black: int, none: int) -> int:
    """Pairs of equal colour preference that every perfect matching of these players contains.

    With WW, BB, WB, WN, BN pairs: white - black = 2 (WW - BB) + WN - BN, so
    WW + BB >= |WW - BB| >= (|white - black| - none) / 2 (the Dutch engine's colour bound).
    """
    return max(0, (abs(white - black) - none) // 2)


def _constructed(
    vl: list[PlayerState],
    m: Matcher,
    mate: list[int],
    full: list[int],
    tail: list[int],
    gain: dict[int, int],
    ew: dict[int, list[tuple[int, int, int, bool]]],
) -> tuple[list[tuple[int, int]], int | None] | None:
    """The group ``full`` paired as :func:`_settle_by_search` pairs it, without its re-solves; None: not certified.

    ``mate`` is an optimum of the group's weights before any priority (so an optimum of every
    level above 4.3's order; call their optima H). ``tail`` is ``groups`` from the group's end
    on. The search settles each player in order with the last partner (4.3) that some member of
    H containing the pairs already settled allows, or floats it when none does. Here:

    1. **Structure of H.** Edges join players of one group or of adjacent groups only (phase 1
       sets no others; not so after phase 1's final merge, where this is not used). A boundary
       between groups with an odd number of players above it is crossed by at least one pair,
       so "pairs in the group" is at most N/2 minus the number of such boundaries. If ``mate``
       reaches that bound, so does every member of H: each odd boundary is crossed exactly
       once, none other is, and the group pairs all its players but one floater (odd) or none.
       Every member of H then has the floater gain ``g0`` of ``mate``'s floater ([C6]: the
       gains of the players paired inside are maximal) and ``D0`` pairs of equal preference
       inside the group ([C8]), as ``mate`` has. (The [C7] level, the next bracket's gains,
       only asks more of the floater: the floaters allowed below are a superset, and the
       witness of 3. has ``mate``'s own [C7] value.)
    2. **Skips are certain.** A partner ``nb`` for ``v`` is skipped only when no member of H
       can contain the pairs so far and ``v``-``nb``: the edge is missing, or the players left
       (less one possible floater: gain ``g0`` and an edge into the next group) need more
       pairs of equal preference than ``D0`` leaves (:func:`_equal_preference_bound`).
    3. **Choices are witnessed.** At the end the constructed pairs, the floater paired with
       ``mate``'s partner ``x0`` of ``mate``'s floater, and ``mate`` everywhere else form a
       perfect matching with the same value as ``mate`` on every level of H (same crossings,
       gain, [C7], equal preferences): a member of H containing every pair chosen, so each choice
       was allowed. With 2., every choice is the last allowed one, and a player is floated
       exactly when no partner is allowed: the search's answers.

    Anything else (not at the bound, the witness edge missing, a dead end of the greedy
    choice) returns None and the group goes to the search unchanged.
    """
    end, n = tail[0], tail[-1]
    members = set(full)
    bounds = sorted({b for b in tail if b < n})  # distinct group boundaries from ``end`` on
    seg = [0] * n
    s = 0
    for x in range(end, n):
        while s < len(bounds) and x >= bounds[s]:
            s += 1
        seg[x] = s
    alive = len(full) + n - end
    same = 0
    for v in (*full, *range(end, n)):
        u = mate[v]
        if u == v:
            return None
        inside = v in members
        if inside == (u in members) and (inside or seg[u] == seg[v]):
            same += 1
    odd = sum((len(full) + b - end) & 1 for b in bounds)
    if same // 2 != alive // 2 - odd:
        return None
    floats = [v for v in full if mate[v] not in members]
    if len(floats) != len(full) % 2:
        return None
    d0 = sum(1 for v in full if mate[v] in members and v < mate[v] and not granted(vl[v], vl[mate[v]]))
    eligible: set[int] = set()
    x0 = g0 = -1
    if floats:
        x0, g0 = mate[floats[0]], gain[floats[0]]
        nxt = range(end, bounds[1] if len(bounds) > 1 else n)
        eligible = {f for f in full if gain[f] == g0 and any(m.weight(f, x) for x in nxt)}
    col = {v: _COLOUR_CLASS[vl[v].pref] for v in full}
    cnt = [0, 0, 0]
    ecnt = [0, 0, 0]
    for v in full:
        cnt[col[v]] += 1
        ecnt[col[v]] += v in eligible
    need = bool(floats)
    taken: set[int] = set()

    def move(x: int, sign: int) -> None:
        cnt[col[x]] -= sign
        ecnt[col[x]] -= sign * (x in eligible)

    def feasible(budget: int) -> bool:
        if budget < 0:
            return False
        if not need:
            return _equal_preference_bound(*cnt) <= budget
        for k in range(3):
            if ecnt[k]:
                cnt[k] -= 1
                ok = _equal_preference_bound(*cnt) <= budget
                cnt[k] += 1
                if ok:
                    return True
        return False

    out: list[tuple[int, int]] = []
    floater: int | None = None
    used = 0
    for v in full:
        if v in taken:
            continue
        taken.add(v)
        move(v, 1)
        choice = -1
        cost = 0
        for nb, w, _g, p in reversed(ew[v]):
            if not w or nb in taken:
                continue
            cost = 0 if p else 1
            move(nb, 1)
            ok = feasible(d0 - used - cost)
            move(nb, -1)
            if ok:
                choice = nb
                break
        if choice < 0:  # no partner allowed: v floats
            if not need or v not in eligible:
                return None
            need = False
            if not feasible(d0 - used):
                return None
            floater = v
            continue
        taken.add(choice)
        move(choice, 1)
        used += cost
        out.append((v, choice))
    if need or used != d0 or (floater is not None and not m.weight(floater, x0)):
        return None
    return out, floater


def pair_round(
    t: Tournament, round_number: int | None = None, options: BursteinOptions | None = None
) -> RoundPairing:
    """Pair round ``round_number`` (default: the next one) by the Burstein system.

    The seeding rounds (1.6) are paired by the Dutch engine. Raises
    :class:`NoValidPairing` when no pairing satisfies the absolute criteria.
    """
    rnd = round_number if round_number is not None else t.played_rounds + 1
    if rnd < 1:
        raise ValueError(f"round number must be at least 1, got {rnd}")
    opts = options or BursteinOptions()
    if not opts.no_seeding_rounds and rnd <= seeding_rounds(t.total_rounds):
        from arbitro.pairing.dutch import pair_round as dutch_round

        return dutch_round(t, rnd, DutchOptions(effective_numbers=not opts.literal_numbers))
    bbp = opts.index_sb_first
    st = build_state(
        t, rnd, DutchOptions(effective_numbers=bbp or not opts.literal_numbers, baku_half_of_file=bbp)
    )
    r = _Round(t, st, opts)
    order = r.ordered()
    pairs: list[tuple[PlayerState, PlayerState]] | None = None
    bye: PlayerState | None = None
    for bye in r.bye_candidates(order):
        vl = [p for p in order if p is not bye]
        try:
            pairs = _match(r, vl) if vl else []  # 3.1.1: the PAB must allow completion
            break
        except NoValidPairing:
            continue
    if pairs is None:
        raise NoValidPairing("no pairing-allocated bye leaves the other players pairable")
    boards = []
    for a, b in pairs:
        boards.append((a, b) if r.colour(a, b) is Colour.WHITE else (b, a))
    boards.sort(key=lambda wb: board_key(wb[0], wb[1], accelerated=False))
    return RoundPairing(
        round=rnd,
        boards=tuple(Board(w.id, b.id) for w, b in boards),
        bye=bye.id if bye is not None else None,
        unpaired=dict(sorted(st.unpaired.items())),
    )


def pair_system(t: Tournament, round_number: int | None, options: PairOptions) -> RoundPairing:
    """The registry's engine (:data:`arbitro.pairing.registry.PairFunction`); ``bbp_compat`` -> bbp's reading."""
    opts = BursteinOptions.bbp() if options.bbp_compat else BursteinOptions()
    if options.literal_tpn and not options.bbp_compat:
        opts = replace(opts, literal_numbers=True)
    return pair_round(t, round_number, replace(opts, full_search=True) if options.full_search else opts)
