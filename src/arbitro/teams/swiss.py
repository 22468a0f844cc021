"""The FIDE Swiss Team Pairing System, C.04.6 (applied from 1 February 2026).

The pairing process of art. 3.3.2:

1. the pairing-allocated bye (art. 3.4): among the teams [C2] allows, the lowest score
   (3.4.2), then the most matches played (3.4.3), then the largest TPN (3.4.4), the first
   that leaves a legal pairing for all other teams (3.4.1);
2. the top scoregroup of the teams not yet paired, with a set of upfloaters (art. 3.5),
   is paired (art. 3.6); repeated until every team is paired (there are no downfloaters);
3. colours (art. 4, :mod:`arbitro.teams.colours`).

Criteria (art. 2): absolute [C1] no second meeting, [C2] no second PAB (nor after a
forfeit win or a full-point bye); completion [C3] the teams left can always be paired;
quality [C4] fewest upfloaters, [C5] highest upfloater scores, [C6] the following
scoregroup stays pairable, [C7] fewest upfloaters who floated in the previous round,
[C8] fewest pairs with the same colour preference, [C9] (type B) the same for strong
preferences, [C10] fewest upfloaters' opponents who floated in the previous round.
[C7] and [C10] do not apply in the last two rounds.

Art. 3.6: the teams of a bracket are numbered in TPN order; the chosen pairing is the
first, in the lexicographic order of its identifier (the top members in ascending
order, then their opponents in the order of the top members), that best complies with
[C8], [C9], [C10]. The order is packed into integer weights of one maximum-weight
matching; when the plain "top half against bottom half" pairing is legal and costs
nothing it is the first identifier of all, and is taken without a matching.

Pairability ([C3], and the legality of a bracket) is decided by Dirac's theorem when it
applies (every team compatible with at least half of the others: a Hamiltonian cycle,
hence a perfect matching, exists), otherwise by a maximum matching.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction
from itertools import combinations, combinations_with_replacement

from arbitro.pairing.blossom import Matcher
from arbitro.pairing.types import Board, NoValidPairing, RoundPairing
from arbitro.teams.colours import allocate_colours
from arbitro.teams.model import ByeKind, ColourPreferenceType, TeamEvent
from arbitro.teams.state import TeamState, build_states

__all__ = ["pair_round", "round_to_pair"]


def round_to_pair(event: TeamEvent) -> int:
    """The first round with no match and no PAB recorded."""
    paired = {m.round for m in event.matches} | {b.round for b in event.byes if b.kind is ByeKind.PAB}
    r = 1
    while r in paired:
        r += 1
    return r


class _Pairer:
    def __init__(self, event: TeamEvent, rnd: int, states: dict[int, TeamState], active: list[int]) -> None:
        self.event = event
        self.rnd = rnd
        self.s = states
        self.active = active
        self.last_two = rnd > event.rounds - 2
        self.type_b = event.colour_type is ColourPreferenceType.B
        scores = sorted({states[t].score for t in active}, reverse=True)
        self.level = {t: len(scores) - 1 - scores.index(states[t].score) for t in active}

    # -- pairability ---------------------------------------------------------------
    def ok(self, a: int, b: int) -> bool:
        return b not in self.s[a].met

    def pairable(self, nodes: Sequence[int]) -> bool:
        n = len(nodes)
        if n % 2:
            return False
        if n == 0:
            return True
        members = set(nodes)
        if all(n - 1 - len(self.s[t].met & members) >= n / 2 for t in nodes):
            return True  # Dirac
        if n <= 16:
            return self._perfect_small(nodes)
        return self._max_matching(nodes) * 2 == n

    def _perfect_small(self, nodes: Sequence[int]) -> bool:
        """Exact search over bitmasks (memoised) for small sets."""
        n = len(nodes)
        adj = [0] * n
        for i, a in enumerate(nodes):
            for j in range(i + 1, n):
                if self.ok(a, nodes[j]):
                    adj[i] |= 1 << j
                    adj[j] |= 1 << i
        memo: dict[int, bool] = {}

        def solve(mask: int) -> bool:
            if mask == 0:
                return True
            hit = memo.get(mask)
            if hit is not None:
                return hit
            low = (mask & -mask).bit_length() - 1
            rest = mask & ~(1 << low)
            cand = adj[low] & rest
            ok = False
            while cand:
                bit = cand & -cand
                if solve(rest & ~bit):
                    ok = True
                    break
                cand &= ~bit
            memo[mask] = ok
            return ok

        return solve((1 << n) - 1)

    def _max_matching(self, nodes: Sequence[int]) -> int:
        m = Matcher(len(nodes))
        for i, a in enumerate(nodes):
            for j in range(i + 1, len(nodes)):
                if self.ok(a, nodes[j]):
                    m.set_weight(i, j, 1)
        mate = m.solve()
        return sum(1 for v, w in enumerate(mate) if w != v) // 2

    # -- art. 3.4 ------------------------------------------------------------------
    def pab(self) -> int | None:
        if len(self.active) % 2 == 0:
            return None
        cands = [t for t in self.active if not self.s[t].pab_barred]
        cands.sort(key=lambda t: (self.s[t].score, -self.s[t].played, -t))
        for t in cands:
            if self.pairable([x for x in self.active if x != t]):
                return t
        raise NoValidPairing(
            f"round {self.rnd}: no team can receive the pairing-allocated bye and leave a legal pairing "
            "for the others (C.04.6 art. 3.4.1, 3.3.3: the Chief Arbiter decides)"
        )

    # -- art. 3.5 ------------------------------------------------------------------
    def _profiles(self, lower: list[int], k: int) -> list[tuple[int, ...]]:
        count: dict[int, int] = {}
        for t in lower:
            count[self.level[t]] = count.get(self.level[t], 0) + 1
        out = [
            p
            for p in combinations_with_replacement(sorted(count, reverse=True), k)
            if all(p.count(lv) <= count[lv] for lv in set(p))
        ]
        return sorted(out, key=lambda p: sorted(p), reverse=True)  # [C5]

    def _sets(self, lower: list[int], profile: tuple[int, ...]) -> Iterator[list[int]]:
        by_level: dict[int, list[int]] = {}
        for t in lower:
            by_level.setdefault(self.level[t], []).append(t)
        sets: list[list[int]] = [[]]
        for lv in sorted(set(profile), reverse=True):  # 3.5.3: descending score, ascending TPN
            sets = [s + list(c) for c in combinations(sorted(by_level[lv]), profile.count(lv)) for s in sets]
        yield from sorted(sets)  # 3.5.4: lexicographic order of the TPNs

    def _c6(self, level: int, rest: list[int]) -> bool:
        following = [t for t in rest if self.level[t] == level - 1]
        if not following:
            return True
        below = [t for t in rest if self.level[t] < level - 1]
        options: list[list[int]] = [[]] if len(following) % 2 == 0 else [[t] for t in below]
        for ups in options:
            bracket = following + ups
            if self.pairable(bracket):
                left = [t for t in rest if t not in set(bracket)]
                if self.pairable(left):
                    return True
        return False

    def bracket(self, remaining: list[int]) -> tuple[list[int], list[int]]:
        """(residents, upfloaters) of the top scoregroup of ``remaining`` (art. 3.5)."""
        top = max(self.level[t] for t in remaining)
        residents = [t for t in remaining if self.level[t] == top]
        lower = [t for t in remaining if self.level[t] < top]
        for k in range(len(residents) % 2, len(lower) + 1, 2):  # [C4]
            for profile in self._profiles(lower, k):  # [C5]
                best: tuple[tuple[int, int, int], list[int]] | None = None
                for index, ups in enumerate(self._sets(lower, profile)):
                    nodes = residents + ups
                    if not self.pairable(nodes):
                        continue
                    chosen = set(nodes)
                    rest = [t for t in remaining if t not in chosen]
                    if not self.pairable(rest):  # [C3]
                        continue
                    c6 = self._c6(top, rest)
                    c7 = 0 if self.last_two else sum(1 for t in ups if self.s[t].floated)
                    key = (0 if c6 else 1, c7, index)
                    if best is None or key < best[0]:
                        best = (key, ups)
                    if key[0] == 0 and key[1] == 0:
                        break  # 3.5.5: the first set that complies
                if best is not None:
                    return residents, best[1]
        raise NoValidPairing(
            f"round {self.rnd}: the scoregroup with score {self.s[residents[0]].score} cannot be paired with "
            "any set of upfloaters (C.04.6 art. 3.3.3: the Chief Arbiter decides)"
        )

    # -- art. 3.6 ------------------------------------------------------------------
    def _cost(self, a: int, b: int, top_level: int) -> tuple[int, int, int]:
        sa, sb = self.s[a], self.s[b]
        c8 = 1 if sa.cop and sb.cop and sa.cop[0] == sb.cop[0] else 0
        c9 = 1 if self.type_b and c8 and sa.cop[1] == "2" and sb.cop[1] == "2" else 0
        c10 = 0
        if not self.last_two:
            for t, o in ((a, b), (b, a)):
                if self.level[t] < top_level and self.s[o].floated:
                    c10 += 1
        return c8, c9, c10

    def pair_bracket(self, nodes: list[int]) -> list[tuple[int, int]]:
        order = sorted(nodes)  # 3.6.1: TPN order
        n = len(order)
        top_level = max(self.level[t] for t in nodes)
        half = n // 2
        slide = [(order[i], order[i + half]) for i in range(half)]
        if all(self.ok(a, b) and self._cost(a, b, top_level) == (0, 0, 0) for a, b in slide):
            return slide
        base = n + 1
        w_top = base**n
        w10 = w_top * 2**n
        w9 = w10 * base
        w8 = w9 * base
        big = w8 * base * (n + 1)
        m = Matcher(n)
        for i in range(n):
            for j in range(i + 1, n):
                a, b = order[i], order[j]
                if not self.ok(a, b):
                    continue
                c8, c9, c10 = self._cost(a, b, top_level)
                # bsn i+1 (top) < j+1 (bottom): 3.6.2, a low bsn as bottom member weighs most
                lex = 2 ** (n - (j + 1)) * w_top + (j + 1) * base ** (n - (i + 1))
                m.set_weight(i, j, big - (c8 * w8 + c9 * w9 + c10 * w10 + lex))
        mate = m.solve()
        pairs = [(order[i], order[mate[i]]) for i in range(n) if mate[i] > i]
        if len(pairs) * 2 != n:
            raise NoValidPairing(f"round {self.rnd}: a bracket has no legal pairing (C.04.6 art. 3.6)")
        return pairs


def _board_order(states: dict[int, TeamState], pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Matches ordered by the higher score, the sum of scores, the lower TPN (C.04.2 3.6 by analogy)."""

    def key(p: tuple[int, int]) -> tuple[Fraction, Fraction, int]:
        a, b = states[p[0]].score, states[p[1]].score
        return (-max(a, b), -(a + b), min(p))

    return sorted(pairs, key=key)


def pair_round(event: TeamEvent, rnd: int | None = None) -> RoundPairing:
    """Pair round ``rnd`` (default: the next round) of a Team Swiss (C.04.6).

    Teams in ``event.absent[rnd]`` or with a non-PAB bye recorded for ``rnd`` are not
    paired. Raises :class:`~arbitro.pairing.types.NoValidPairing` when art. 3.3.3 applies.
    """
    r = round_to_pair(event) if rnd is None else rnd
    if r < 1:
        raise NoValidPairing(f"round {r}: rounds start at 1")
    states = build_states(event, r)
    excluded: dict[int, str] = {t: "Z" for t in event.absent.get(r, frozenset())}
    for declared in event.byes_of_round(r):
        if declared.kind is not ByeKind.PAB:
            excluded[declared.team] = declared.kind.value
    active = sorted(t for t in event.teams if t not in excluded)
    p = _Pairer(event, r, states, active)
    bye = p.pab()
    remaining = [t for t in active if t != bye]
    pairs: list[tuple[int, int]] = []
    while remaining:
        residents, ups = p.bracket(remaining)
        nodes = residents + ups
        pairs.extend(p.pair_bracket(nodes))
        chosen = set(nodes)
        remaining = [t for t in remaining if t not in chosen]
    type_b = event.colour_type is ColourPreferenceType.B
    boards = []
    for x, y in _board_order(states, pairs):
        w, bl, _rule = allocate_colours(
            states[x], states[y], event.initial_colour, type_b, event.use_secondary_for_colours
        )
        boards.append(Board(w, bl))
    return RoundPairing(round=r, boards=tuple(boards), bye=bye, unpaired=excluded)
