"""FIDE Lim system (C.04.4.3, rules in force from 1 February 2026), written as the procedure it is.

The primary text of Articles 3-5 was not available (docs/pairing-systems/lim.md):
Articles 1, 2.1-2.3 are read from the handbook; Articles 2.4-2.6, 3, 4, 5.2, 5.7 and
7 from two secondary readings that quote them (an Apache-2.0 Java library,
MarkDechamps/fide-swiss-pairing-engine, whose tests quote the worked tables of 4.2
and 4.3, and the Go library gnutterts/chesspairing); each function says which.
Facts only were taken from them, no code.

The round, in the order of the text:

* 1.1 / 7.1: the PAB, to the lowest-ranked player of the lowest scoregroup (in round
  1 the lowest rated) who leaves the others pairable (C.04.1 arts. 3-4);
* 2.2: the scoregroups above the median from the top down, those below it from the
  bottom up, the Median Scoregroup last and downward; each passes its floaters on to
  the adjacent scoregroup towards the median (3.5), and a blocked median cracks the
  last pairing of a neighbouring side (2.6);
* in one scoregroup (:meth:`_Round.pair_group`): as many pairings as it can have, the
  floaters chosen by 3.2-3.4, 3.9 and 3.10, the incoming floaters paired first
  (3.6-3.8), the others by scrutiny and exchange (4.1-4.4), each taking an opponent
  due the other colour where an exchange allows it (5.2, 5.7);
* colours by 5 and 7.2; in the last round the score comes before the colour limits (6).

A Maxi-tournament (3.2.3, 3.8, 5.7), never defined by the text, is the organiser's
declaration: the setting ``maxi_tournament`` this system declares (:mod:`arbitro.pairing.systems`;
``--maxi-tournament``), off by default.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from arbitro.model import Colour, Tournament
from arbitro.pairing.cardinality import Matching, bipartite_size
from arbitro.pairing.colours import neutral_colour
from arbitro.pairing.dutch_state import PlayerState, RoundState, points
from arbitro.pairing.registry import PairOptions
from arbitro.pairing.swiss_common import both_granted, float_history, round_state, to_round_pairing
from arbitro.pairing.types import NoValidPairing, RoundPairing

__all__ = [
    "DOWN",
    "MAXI_BAND",
    "UP",
    "colour",
    "exchange_order",
    "group_order",
    "may_receive",
    "median_score",
    "pair_round",
    "pair_system",
]

#: the direction a scoregroup is paired in (2.2): downward above the median and in it, upward below
DOWN = 1
UP = -1
#: 3.2.3, 3.8, 5.7: in a Maxi-tournament these choices are between players rated within 100 points
MAXI_BAND = 100

Pair = tuple[PlayerState, PlayerState]


def median_score(played: int, win: int) -> int:
    """2.2: the Median Scoregroup's score, half the rounds played (in win points)."""
    return played * win // 2


def group_order(levels: list[int], median: int) -> list[int]:
    """2.2: top down to just above the median, then bottom up, the median group last."""
    above = sorted((s for s in levels if s > median), reverse=True)
    below = sorted(s for s in levels if s < median)
    return above + below + [s for s in levels if s == median]


def may_receive(p: PlayerState, c: Colour) -> bool:
    """2.1 (5.1): ``c`` would be neither the third in a row nor three more of one colour than the other."""
    cs = p.colours
    if len(cs) >= 2 and cs[-1] is c and cs[-2] is c:
        return False
    whites = sum(1 for x in cs if x is Colour.WHITE)
    diff = 2 * whites - len(cs) + (1 if c is Colour.WHITE else -1)
    return abs(diff) < 3


def exchange_order(arranged: list[int]) -> list[int]:
    """4.2: the opponents the first of ``arranged`` tries: the bottom half in order, then the top half upward.

    With six players, #1 tries 4, 5, 6, then 3, 2 (the five columns of the 4.2 table);
    once #1 has an opponent the others are arranged again and treated the same way (4.3).
    Uncertain: the generalisation to n players is the reading of MarkDechamps/fide-swiss-pairing-engine
    (its tests quote the 4.2 and 4.3 tables); the primary text was not seen.
    """
    half = len(arranged) // 2
    return arranged[half:] + arranged[half - 1 : 0 : -1]


def colour(p: PlayerState, o: PlayerState, initial: Colour, median_or_above: bool) -> Colour:
    """5: equalise and alternate (5.2-5.3); ties by rank (5.4). Returns ``p``'s colour.

    5.4: in a pairing made in the Median Scoregroup or above, the higher-ranked player gets the
    alternating colour; below it, the lower-ranked player. Round 1 (7.2): the odd-numbered players
    of the top half receive the colour drawn for #1.
    """
    hi, lo = (p, o) if (-p.acc, p.rank) < (-o.acc, o.rank) else (o, p)
    if p.played_games == 0 and o.played_games == 0:
        c = initial if hi.parity_odd else initial.opposite
        return c if hi is p else c.opposite
    c2 = neutral_colour(p, o)
    if c2 is not None:
        return c2
    decider = hi if median_or_above else lo
    assert decider.pref is not None
    return decider.pref if decider is p else decider.pref.opposite


@dataclass(slots=True)
class _Made:
    """A pairing and whether it was made in the Median Scoregroup or above (5.4)."""

    a: PlayerState
    b: PlayerState
    median_or_above: bool


class _Round:
    """One round of the Lim system: compatibility (2.1, 6), the scoregroups (2-4) and the maxi rule."""

    def __init__(self, st: RoundState, ratings: dict[int, int], float_last: set[int], maxi: bool) -> None:
        self.last = st.round >= st.total_rounds
        self.forbidden = st.forbidden
        self.may = {p.id: (may_receive(p, Colour.WHITE), may_receive(p, Colour.BLACK)) for p in st.players}
        self.ratings = ratings
        self.float_last = float_last
        self.maxi = maxi

    # -- 2.1, 6 ---------------------------------------------------------------------------------

    def compatible(self, a: PlayerState, b: PlayerState) -> bool:
        """2.1: not met, and some colours keep both within the limits; 6: the limits go in the last round."""
        if a.id == b.id or b.id in self.forbidden.get(a.id, ()):
            return False
        if self.last:
            return True
        aw, ab = self.may[a.id]
        bw, bb = self.may[b.id]
        return (aw and bb) or (ab and bw)

    def within_band(self, a: PlayerState, b: PlayerState) -> bool:
        """3.2.3, 3.8, 5.7: rated within 100 points (an unrated player counts as 0)."""
        return abs(self.ratings.get(a.id, 0) - self.ratings.get(b.id, 0)) <= MAXI_BAND

    def matching(self, arr: list[PlayerState]) -> Matching:
        """A maximum matching of ``arr`` by compatibility, started from the 2.4 proposal (1 v n/2+1)."""
        n = len(arr)
        compatible = self.compatible

        def adjacent(v: int) -> Iterable[int]:
            a = arr[v]
            return (w for w in range(n) if w != v and compatible(a, arr[w]))

        m = Matching(n, adjacent)
        half = n // 2
        m.greedy((i, i + half) for i in range(half) if compatible(arr[i], arr[i + half]))
        for v in range(n):
            if m.mate[v] == -1:
                m.greedy((v, w) for w in range(v + 1, n) if m.mate[w] == -1 and compatible(arr[v], arr[w]))
        m.maximise()
        return m

    # -- 2.2, 2.6: the round -------------------------------------------------------------------

    def pair_all(self, players: list[PlayerState], median: int) -> list[_Made]:
        """2.2: both sides towards the median, then the median; 2.6: crack a blocked median."""
        groups: dict[int, list[PlayerState]] = {}
        for p in players:
            groups.setdefault(p.acc, []).append(p)
        higher = sorted((s for s in groups if s > median), reverse=True)
        lower = sorted(s for s in groups if s < median)
        residents = groups.get(median, [])
        higher_made: list[_Made] = []
        lower_made: list[_Made] = []
        down = self.pair_side(higher, DOWN, groups, residents, higher_made)
        up = self.pair_side(lower, UP, groups, residents, lower_made)
        from_above, from_below = list(down), list(up)
        while True:
            incoming = [(f, True) for f in from_above] + [(f, False) for f in from_below]
            done = self.pair_group(residents, incoming, [], DOWN, complete=True)
            if done is not None:
                pairs, _ = done
                return higher_made + lower_made + [_Made(a, b, True) for a, b in pairs]
            # 2.6.1: more floaters came from above: crack the lower side's last pairing; 2.6.2: else the higher
            crack_lower = (len(from_above) > len(from_below) and bool(lower_made)) or not higher_made
            side = lower_made if crack_lower else higher_made
            if not side:
                raise NoValidPairing("C.04.4.3 2.6: the Median Scoregroup cannot be paired")
            made = side.pop()
            (from_below if crack_lower else from_above).extend((made.a, made.b))

    def pair_side(
        self,
        scores: list[int],
        direction: int,
        groups: dict[int, list[PlayerState]],
        median_residents: list[PlayerState],
        made: list[_Made],
    ) -> list[PlayerState]:
        """2.2, 3.5: one side's scoregroups in order; returns the floaters it hands to the median."""
        incoming: list[PlayerState] = []
        for k, s in enumerate(scores):
            adjacent = groups[scores[k + 1]] if k + 1 < len(scores) else median_residents
            done = self.pair_group(groups[s], [(f, True) for f in incoming], adjacent, direction)
            assert done is not None
            pairs, incoming = done
            made.extend(_Made(a, b, direction == DOWN) for a, b in pairs)
        return incoming

    # -- one scoregroup ------------------------------------------------------------------------

    @staticmethod
    def arranged(players: Iterable[PlayerState], direction: int) -> list[PlayerState]:
        """4.1: the order of scrutiny: from #1 down when pairing downward, from the last number up upward."""
        return sorted(players, key=lambda p: direction * p.rank)

    @staticmethod
    def score_number(p: PlayerState, direction: int) -> tuple[int, int]:
        """3.6.1 / 3.7.1: the higher (downward) or lower (upward) score first, then the order of 4.1."""
        return (-direction * p.acc, direction * p.rank)

    def pair_group(
        self,
        residents: list[PlayerState],
        incoming: list[tuple[PlayerState, bool]],
        adjacent: list[PlayerState],
        direction: int,
        complete: bool = False,
    ) -> tuple[list[Pair], list[PlayerState]] | None:
        """2.3-2.5, 3, 4: one scoregroup with the floaters transferred into it.

        ``incoming`` holds (floater, from ahead): from ahead is a downfloater in a group paired
        downward, an upfloater in one paired upward; only the median also receives floaters from
        behind. Returns the pairs and the players who float on, or None when ``complete`` is asked
        (the median) and some player would be left over.
        """
        arr = self.arranged([f for f, _ in incoming] + residents, direction)
        m = self.matching(arr)
        pairings = m.size()
        if complete and 2 * pairings < len(arr):
            return None
        floaters = self.choose_floaters(arr, m, pairings, {f.id for f, _ in incoming}, adjacent, direction)
        gone = {f.id for f in floaters}
        # 3.6, 3.7: the floaters from ahead first, higher (lower) score and number first; then those from behind
        order = sorted(
            (f for f, _ in incoming if f.id not in gone),
            key=lambda f: (
                (0, *self.score_number(f, direction))
                if next(a for g, a in incoming if g is f)
                else (1, *self.score_number(f, -direction))
            ),
        )
        return self.scrutiny(arr, m, order), floaters

    def choose_floaters(
        self,
        arr: list[PlayerState],
        m: Matching,
        pairings: int,
        incoming: set[int],
        adjacent: list[PlayerState],
        direction: int,
    ) -> list[PlayerState]:
        """2.3, 3.2-3.4, 3.9, 3.10: who floats on to the adjacent scoregroup.

        The scoregroup keeps as many pairings as it can have, so exactly the players a maximum
        matching leaves over float (2.3.1-2.3.3 no suitable opponent, 2.3.4 to make the number
        even, 4.4.1/4.4.2). They are chosen one at a time, each the first, in this order, whose
        transfer still leaves that many pairings:

        1. 3.9: the least disadvantaged type: d (a resident with a compatible opponent in the
           adjacent scoregroup), then c (a resident without), b (a floater already transferred
           into this scoregroup, with one), a (without);
        2. 3.10: not a player who floated in the previous round;
        3. 3.2.2: a player due the colour more of the scoregroup are due (it equalises them); in a
           Maxi-tournament only one rated within 100 points of the player 3.2.4 would take (3.2.3);
        4. 3.2.4, 3.3: downward the lowest numbered player (the largest pairing number), upward the
           highest numbered (#1 first).

        Uncertain: the order of the four keys and the meaning of the types are read from
        MarkDechamps/fide-swiss-pairing-engine; gnutterts/chesspairing agrees on 3.9 (type d first,
        a last) and 3.2.2, but puts colour before 3.10 and, for 3.2.4, "lowest TPN" downward. 3.3-3.4
        (a floater's compatible opponent counts only after those of the floaters ahead of it) is
        read from MarkDechamps alone.
        """
        chosen: list[PlayerState] = []
        for _ in range(len(arr) - 2 * pairings):
            staying = [i for i in range(len(arr)) if m.alive[i]]
            reference = arr[staying[-1]]  # 3.2.4: the player floated when nothing else decides
            white = sum(1 for i in staying if arr[i].pref is Colour.WHITE)
            black = sum(1 for i in staying if arr[i].pref is Colour.BLACK)
            majority = None if white == black else (Colour.WHITE if white > black else Colour.BLACK)

            def secondary(
                i: int, reference: PlayerState = reference, majority: Colour | None = majority
            ) -> tuple[bool, bool, int]:
                p = arr[i]
                equalises = majority is not None and p.pref is majority
                if equalises and self.maxi and not self.within_band(p, reference):
                    equalises = False  # 3.2.3
                return (p.id in self.float_last, not equalises, -i)

            ordered = sorted(staying, key=secondary)
            residents = [i for i in ordered if arr[i].id not in incoming]
            floaters_in = [i for i in ordered if arr[i].id in incoming]
            pick = None
            without: list[int] = []
            for pool in (residents, floaters_in):
                # 3.9: with a compatible opponent next door first (d, b), then without (c, a)
                without = []
                for i in pool:
                    if not self.has_opponent(arr[i], chosen, adjacent, direction):
                        without.append(i)
                    elif m.drop_keeping_size(i):
                        pick = i
                        break
                if pick is None:
                    pick = next((i for i in without if m.drop_keeping_size(i)), None)
                if pick is not None:
                    break
            if pick is None:
                raise NoValidPairing("C.04.4.3 3: no floater keeps the scoregroup's pairings")
            chosen.append(arr[pick])
        return chosen

    def has_opponent(
        self, p: PlayerState, chosen: list[PlayerState], adjacent: list[PlayerState], direction: int
    ) -> bool:
        """3.3, 3.4, 3.9.1: ``p`` has a compatible opponent in the adjacent scoregroup.

        The floaters already chosen that will be paired before ``p`` there (3.6, 3.7) take
        their opponents first. Uncertain: read from MarkDechamps/fide-swiss-pairing-engine.
        """
        key = self.score_number(p, direction)
        ahead = [f for f in chosen if self.score_number(f, direction) < key]
        if not ahead:
            return any(self.compatible(p, o) for o in adjacent)

        def found(fs: list[PlayerState]) -> int:
            return bipartite_size(len(fs), len(adjacent), lambda i, j: self.compatible(fs[i], adjacent[j]))

        return found([*ahead, p]) > found(ahead)

    def scrutiny(self, arr: list[PlayerState], m: Matching, floaters: list[PlayerState]) -> list[Pair]:
        """3.6-3.8 then 4.1-4.4: pair the players staying in the scoregroup, one at a time.

        An opponent is available when compatible (2.1) and the players left can still all be
        paired (4.4: the exchange "must at the same time leave Player #1 with a compatible
        opponent"). 3.8: each incoming floater, in the order of 3.6/3.7, takes the first
        available player in the order of scrutiny (4.1); then, while players are left, the
        first of them in that order (4.1.1 downward from #1, 4.1.2 upward from the lowest
        numbered) takes the first available in the exchange order of 4.2-4.3. Either way an
        available opponent due the other colour is preferred to the first available (5.2).

        Uncertain: 3.8 and the colour exchange of 5.2 are read from
        MarkDechamps/fide-swiss-pairing-engine; gnutterts/chesspairing reads 3.8 as "the
        highest TPN" (the lowest-ranked) and 5.2 as swaps after the pairing.
        """
        index = {p.id: i for i, p in enumerate(arr)}
        pairs: list[Pair] = []
        for f in floaters:
            i = index[f.id]
            if m.alive[i]:
                self.take(arr, m, i, [j for j in range(len(arr)) if m.alive[j] and j != i], pairs)
        while True:
            remaining = [j for j in range(len(arr)) if m.alive[j]]
            if not remaining:
                return pairs
            self.take(arr, m, remaining[0], exchange_order(remaining), pairs)

    def take(
        self, arr: list[PlayerState], m: Matching, i: int, candidates: list[int], pairs: list[Pair]
    ) -> None:
        """4.4, 5.2, 5.7: ``arr[i]`` takes the first available candidate due the other colour, else the first.

        In a Maxi-tournament the exchange for colour is made only with a candidate rated within
        100 points of the first available one (3.8, 5.7). Uncertain: MarkDechamps' reading; in
        gnutterts/chesspairing the band is measured from the floater (3.8).
        """
        p = arr[i]
        first = first_mate = None
        rest = iter(candidates)
        for j in rest:
            if self.compatible(p, arr[j]):
                new = m.try_pair(i, j)
                if new is not None:
                    first, first_mate = j, new
                    break
        if first is None or first_mate is None:
            raise NoValidPairing(f"C.04.4.3 4.4: player {p.id} has no available opponent")
        chosen, mate = first, first_mate
        if not both_granted(p, arr[first]):
            for j in rest:
                q = arr[j]
                if not both_granted(p, q) or not self.compatible(p, q):
                    continue
                if self.maxi and not self.within_band(q, arr[first]):
                    continue
                new = m.try_pair(i, j)
                if new is not None:
                    chosen, mate = j, new
                    break
        m.commit(i, chosen, mate)
        pairs.append((p, arr[chosen]))


def _bye(st: RoundState, r: _Round, ratings: dict[int, int]) -> PlayerState | None:
    """1.1: the PAB to the lowest-ranked player of the lowest scoregroup; 7.1: in round 1 the lowest rated.

    The first such player (C.04.1 arts. 3-4: eligible) who leaves the others pairable.
    """
    players = st.players
    arr = sorted(players, key=lambda p: p.rank)
    m = r.matching(arr)
    pairings = m.size()
    if len(arr) % 2 == 0:
        if 2 * pairings < len(arr):
            raise NoValidPairing(
                "the players cannot all be paired under the absolute criteria (C.04.4.3 2.1)"
            )
        return None
    if 2 * pairings < len(arr) - 1:
        raise NoValidPairing("the players cannot all be paired under the absolute criteria (C.04.4.3 2.1)")
    if st.round == 1:
        order = sorted((p for p in arr if p.eligible_bye), key=lambda p: (ratings.get(p.id, 0), -p.rank))
    else:
        order = sorted((p for p in arr if p.eligible_bye), key=lambda p: (p.acc, -p.rank))
    index = {p.id: i for i, p in enumerate(arr)}
    for p in order:
        if m.drop_keeping_size(index[p.id]):
            return p
    raise NoValidPairing("no player can receive the pairing-allocated bye and leave the others pairable")


def pair_round(t: Tournament, round_number: int | None = None, maxi: bool = False) -> RoundPairing:
    """Pair round ``round_number`` (default: the next one) by the Lim system; ``maxi``: a Maxi-tournament."""
    st = round_state(t, round_number)
    played = st.round - 1
    median = median_score(played, points(t.scoring.win))
    ratings = {p.id: t.players[p.id].rating for p in st.players}
    r = _Round(st, ratings, float_history(t, played).float_last, maxi)
    bye = _bye(st, r, ratings)
    players = [p for p in st.players if p is not bye]
    made = r.pair_all(players, median)
    where = {frozenset((x.a.id, x.b.id)): x.median_or_above for x in made}
    return to_round_pairing(
        st,
        [(x.a, x.b) for x in made],
        bye,
        lambda a, b: colour(a, b, st.initial_colour, where[frozenset((a.id, b.id))]),
    )


def pair_system(t: Tournament, round_number: int | None, options: PairOptions) -> RoundPairing:
    """The registry's engine: the setting ``maxi_tournament`` declares a Maxi-tournament (3.2.3, 3.8, 5.7)."""
    return pair_round(t, round_number, maxi=options.value("maxi_tournament") is True)
