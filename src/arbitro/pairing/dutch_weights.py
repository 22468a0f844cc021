"""The Dutch criteria packed into one integer edge weight (dutch-system.md §4.4).

Maximising the total weight of a matching applies the criteria in their order
of priority: each criterion owns a bit field, more important fields sit
higher. Fields, most significant first:

=====  ==========================================  ==================
field  meaning                                     criterion
=====  ==========================================  ==================
1      completion and PAB eligibility / score      [C4], [C2], [C5]
2, 3   pairs and scores paired in this bracket     [C6], [C7]
4, 5   pairs and scores paired in the next one     [C8]
6      unplayed games of the PAB assignee          [C9]
7-10   colours (topscorers, preferences)           [C10]-[C13]
11-14  repeated floats, one and two rounds back    [C14]-[C17]
15-18  scores of repeated floaters / opponents     [C18]-[C21]
19     room for the generation order               C.04.3 3.8.1, Art. 4
=====  ==========================================  ==================
"""

from __future__ import annotations

from arbitro.pairing.dutch_state import DOWN, UP, PlayerState, RoundState

__all__ = ["Layout", "colour_flags", "compatible", "count_bits"]


def compatible(a: PlayerState, b: PlayerState, st: RoundState) -> bool:
    """[C1] no rematch (and no prohibited pair); [C3] no two non-topscorers with the same absolute preference."""
    if b.id in st.forbidden.get(a.id, ()):
        return False
    if not a.absolute or not b.absolute or a.pref is not b.pref:
        return True
    played = st.round - 1
    if played >= st.total_rounds - 1:
        threshold = played * max(st.win, st.draw) // 2
        if a.acc > threshold or b.acc > threshold:
            return True  # topscorers in the final round (C.04.3 1.8)
    return False


def colour_flags(p: PlayerState, o: PlayerState) -> tuple[bool, bool, bool, bool]:
    """The colour criteria [C10]-[C13] of pairing ``p`` (the lower) with ``o`` in one bracket: True when met."""
    same = p.pref is o.pref
    f1 = p.imbalance <= 1 or o.imbalance <= 1 or not same
    if not p.absolute or not o.absolute or not same:
        f2 = True
    elif p.imbalance == o.imbalance:
        f2 = p.repeated is None or p.repeated is not o.repeated
    else:
        low = o if p.imbalance > o.imbalance else p
        f2 = low.repeated is not (p.pref.opposite if p.pref is not None else None)
    f3 = p.pref is None or o.pref is None or not same
    f4 = (not p.strong and not p.absolute) or (not o.strong and not o.absolute) or (p.absolute and o.absolute) or not same
    return f1, f2, f3, f4


def _c9_value(h: PlayerState, l: PlayerState, bye_score: int, c9_ranks: dict[int, int]) -> int:  # noqa: E741
    """[C9] field of an edge: the played-games ranks of its players who have the PAB score."""
    v = 0
    if h.acc == bye_score:
        v += c9_ranks[h.played_games]
    if l.acc == bye_score:
        v += c9_ranks[l.played_games]
    return v


def _bits(x: int) -> int:
    return x.bit_length()


def count_bits(players: list[PlayerState], narrow: bool) -> int:
    """Width ``b`` of the count fields: room for the whole field, or bbp's largest scoregroup (§6.1 #1)."""
    sizes: dict[int, int] = {}
    for p in players:
        sizes[p.acc] = sizes.get(p.acc, 0) + 1
    biggest = max(sizes.values(), default=1)
    return _bits(biggest if narrow else max(biggest, len(players)))


class Layout:
    """Field widths for one round: ``b`` for counts, ``S`` and ``off`` for per-scoregroup fields."""

    def __init__(self, players: list[PlayerState], st: RoundState, narrow: bool) -> None:
        sizes: dict[int, int] = {}
        for p in players:
            sizes[p.acc] = sizes.get(p.acc, 0) + 1
        self.off: dict[int, int] = {}
        shift = 0
        for score in sorted(sizes):
            self.off[score] = shift
            shift += _bits(sizes[score])
        self.S = shift
        # bbp sizes the counts by the largest scoregroup, which can overflow (§6.1 #1).
        self.b = count_bits(players, narrow)
        self.st = st
        self.rounds_back = min(st.round - 1, 2)
        b, S = self.b, self.S
        # widths above and below the [C9] field, for edges outside the bracket (fields 2-5, 7-19 empty)
        self.above_c9 = 2 * b + 2 * S + 2 * b
        self.below_c9 = 4 * b + self.rounds_back * (2 * b + 2 * S) + 3 * b + 1

    def edge(
        self,
        h: PlayerState,
        l: PlayerState,  # noqa: E741
        in_cur: bool,
        in_next: bool,
        bye_score: int,
        c9: bool,
        c9_ranks: dict[int, int],
    ) -> int:
        """Base weight of edge (higher ``h``, lower ``l``); 0 when they cannot meet."""
        st = self.st
        if not compatible(h, l, st):
            return 0
        if not in_cur and not in_next:
            return self.outside(h, l, bye_score, c9, c9_ranks)
        b = self.b
        S = self.S
        off = self.off
        hb = not (h.eligible_bye and h.acc <= bye_score)
        lb = not (l.eligible_bye and l.acc <= bye_score)
        r = 1 + hb + lb
        r = (r << b) | in_cur
        r = (r << S) | ((1 << off[h.acc]) if in_cur else 0)
        r = (r << b) | in_next
        r = (r << S) | ((1 << off[h.acc]) if in_next else 0)
        c9v = _c9_value(h, l, bye_score, c9_ranks) if c9 else 0
        r = (r << (2 * b)) | c9v
        # colours [C10]-[C13]
        if in_cur:
            f1, f2, f3, f4 = colour_flags(l, h)
            r = (((((((r << b) | f1) << b) | f2) << b) | f3) << b) | f4
        else:
            r <<= 4 * b
        back = self.rounds_back
        hs, ls = h.acc, l.acc
        for k in range(back):
            # [C14]/[C16] repeated downfloaters, [C15]/[C17] repeated upfloaters
            v = 0
            if in_cur:
                v = (l.floats[k] == DOWN) + (hs <= ls and h.floats[k] == DOWN)
            r = (r << b) + v
            u = 0
            if in_cur:
                u = int(not (hs > ls and l.floats[k] == UP))
            r = (r << b) | u
        for k in range(back):
            # [C18]/[C20] scores of repeated downfloaters, [C19]/[C21] opponents of upfloaters
            v = 0
            if in_cur:
                v = ((l.floats[k] == DOWN) << off[ls]) + ((h.floats[k] == DOWN) << off[hs])
            r = (r << S) + v
            u = 0
            if in_cur and not (l.floats[k] == UP and hs > ls):
                u = 1 << off[hs]
            r = (r << S) | u
        # room for the generation order
        return r << (3 * b + 1)

    def outside(
        self,
        h: PlayerState,
        l: PlayerState,  # noqa: E741
        bye_score: int,
        c9: bool,
        c9_ranks: dict[int, int],
    ) -> int:
        """Base weight of a compatible edge outside the bracket and the next scoregroup: fields 1 and 6 only."""
        r = 1 + (not (h.eligible_bye and h.acc <= bye_score)) + (not (l.eligible_bye and l.acc <= bye_score))
        c9v = _c9_value(h, l, bye_score, c9_ranks) if c9 else 0
        return ((r << self.above_c9) | c9v) << self.below_c9

    def initial_odd(self, p: PlayerState, o: PlayerState, top: int) -> int:
        """Weight for the first matching of an odd field: [C4], [C2] then [C5] (lowest PAB score)."""
        if not compatible(p, o, self.st):
            return 0
        r = 1 + (not p.eligible_bye) + (not o.eligible_bye)
        r = (r << self.S) | (self.off[p.acc] + self.off[o.acc])
        return (r << self.b) | (p.acc >= top)
