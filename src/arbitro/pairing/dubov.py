"""FIDE Dubov system (C.04.4.1, rules in force from 1 February 2026).

Players of a scoregroup should meet opponents of equal average rating: the
White seekers with the lowest ARO meet the highest-rated Black seekers.

* PAB first (3.1): eligible (C.04.1 art. 4), leaving the others pairable,
  lowest score, most games played, largest TPN;
* brackets from the top scoregroup down, completed by upfloaters only
  (1.3.2: no downfloaters), fewest ([C5]) and from the highest scores ([C6]);
* colour preferences granted where possible ([C7]); maximum upfloaters
  (MaxT = 2 + R/5 upfloats, 1.8) and last round's upfloaters avoided
  ([C8]-[C10], not in the last round);
* upfloater sets in the 4.1/4.2 order (the first by the smallest differing
  sequence number among the best, 3.2.2);
* G1 (White seekers) and G2 re-composed by shifters in the 4.3 order
  (middle-out sequence numbers, 3.2.4: the first set that can yield a legal
  pairing complying at best with [C7]), then S1 (G1 by ARO then TPN) takes
  in turn the first G2 player by TPN that leaves a legal pairing (3.2.5-3.2.6,
  4.4: the first transposition of G2 that can yield a legal pairing);
* an upfloat is a game played against a higher score (C.04.3 1.4.2's
  definition: a forfeit is no upfloat);
* colours by 5.2.

:class:`DubovOptions` keeps the earlier readings (a forfeit as an upfloat; T2
kept best on [C7]) for the cross-check against other engines.

Where the text leaves a choice open (docs/pairing-systems/dubov.md) the
choice is named in the docstring of the function that makes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from arbitro.model import Colour, Tournament
from arbitro.pairing.blossom import Matcher
from arbitro.pairing.bracket_swiss import BracketRules, Composed
from arbitro.pairing.colours import higher_ranked, neutral_colour
from arbitro.pairing.dutch_state import PlayerState, RoundState
from arbitro.pairing.registry import PairOptions
from arbitro.pairing.swiss_common import (
    FloatHistory,
    both_granted,
    float_history,
    pair_with_bye_first,
    round_state,
    same_absolute,
    to_round_pairing,
)
from arbitro.pairing.types import RoundPairing

__all__ = ["DubovOptions", "aro", "compose", "max_upfloats", "middle_out", "pair_round", "pair_system", "subgroups"]


@dataclass(frozen=True, slots=True)
class DubovOptions:
    """Readings of C.04.4.1 (2026) where engines differ; the defaults follow the full 2026 text.

    * ``unplayed_upfloats``: a paired round not played (a forfeit) counts as an upfloat for
      1.8 and [C8]-[C10] (Arbitro's reading until 2026-12-04). Default: only games played over
      the board, as C.04.3 1.4.2 (2026) defines an upfloat; py4swiss reads it so too.
    * ``t2_keeps_colours``: T2 is the first transposition that keeps the bracket's best pairing
      on [C7] (Arbitro's reading until 2026-12-04, py4swiss's). Default: the first transposition
      "that can yield a legal pairing" (3.2.6; legal = [C1], [C3], [C4], note to 3.2.1).
    """

    unplayed_upfloats: bool = False
    t2_keeps_colours: bool = False


def aro(t: Tournament, rank: int, played: int) -> int:
    """Average rating of the opponents met over the board, rounded half up; 0 before any game (1.7)."""
    ratings = [
        t.players[r.opponent].rating
        for r in t.players[rank].results[:played]
        if r.is_played and r.opponent is not None and r.opponent in t.players
    ]
    if not ratings:
        return 0
    return int((Decimal(sum(ratings)) / len(ratings)).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def max_upfloats(total_rounds: int) -> int:
    """MaxT (1.8): a player upfloated this many times is a maximum upfloater."""
    return 2 + total_rounds // 5


def colour(p: PlayerState, o: PlayerState, initial: Colour) -> Colour:
    """5.2: first round rule, both preferences, the stronger one, alternation, then the higher-ranked player."""
    hi = higher_ranked(p, o)
    if p.played_games == 0 and o.played_games == 0:
        c = initial if hi.parity_odd else initial.opposite  # 5.2.1: the HRP's TPN decides
        return c if hi is p else c.opposite
    c2 = neutral_colour(p, o)
    if c2 is not None:
        return c2
    assert hi.pref is not None
    return hi.pref if hi is p else hi.pref.opposite


def middle_out(players: list[PlayerState]) -> list[PlayerState]:
    """4.3.3: sequence numbers from the (remaining) middle of the list; of two middle players, the higher one.

    With seven players A..G the order is D C E B F A G; with six A..F it is C D B E A F.
    """
    rest = list(players)
    out = []
    while rest:
        out.append(rest.pop((len(rest) - 1) // 2))
    return out


def subgroups(bracket: list[PlayerState]) -> tuple[list[PlayerState], list[PlayerState]]:
    """3.2.3: G1 the White seekers (the first half by TPN when nobody in the bracket has played), G2 the rest."""
    by_tpn = sorted(bracket, key=lambda p: p.rank)
    if all(p.played_games == 0 for p in bracket):
        half = len(by_tpn) // 2
        return by_tpn[:half], by_tpn[half:]
    return [p for p in by_tpn if p.pref is Colour.WHITE], [p for p in by_tpn if p.pref is not Colour.WHITE]


Weights = dict[tuple[int, int], int]


def compose(
    members: list[PlayerState], weights: Weights, aros: dict[int, int], t2_keeps_colours: bool = False
) -> Composed:
    """3.2.4-3.2.6: re-compose G1 and G2 with the shifters in 4.3 order, then S1 against the first T2.

    ``weights`` are the bracket's packed criteria (0: the pair may not meet). The re-composition
    keeps pairings optimal on them. With the bracket's members fixed, [C5], [C6] and [C8]-[C10]
    are the same for every legal pairing of the bracket (the upfloaters are the fewest that allow
    one, so no legal pairing pairs two of them together: it would leave a legal pairing with two
    fewer), so this is the note to 3.2.4: "the first set [...] that can yield a legal pairing
    that complies at best with [C7]". Below those criteria:

    1. (3.2.4.1) the fewest pairs inside the smaller subgroup (G1 when equal): as many of its
       players are shifted into the other one, the first such set in the 4.3 order (White
       seekers by ARO then TPN, Black seekers by TPN, sequence numbers middle-out, 4.3.3) that
       still allows the optimum -- a candidate is taken when the optimum can pair him inside his
       subgroup with a player who stays, tried one by one in sequence order (the set order of 4.1
       is "the smallest differing sequence number", so the first set is the greedy one);
    2. (3.2.4.2) likewise from the (now) larger subgroup, to equalise the sizes;
    3. (3.2.5-3.2.6) S1 = G1 by ARO then TPN, each taking the first G2 player by TPN that
       leaves a legal pairing of the others (the first transposition of 4.4 "that can yield a
       legal pairing"): every G1-G2 pair that may meet weighs the same. ``t2_keeps_colours``:
       the first that keeps the optimum on [C7] instead (the reading before 2026-12-04). The two
       differ only when shifters went both ways (a White seeker in G2 and a Black seeker in G1).
    """
    k = len(members)
    g1, g2 = subgroups(members)
    side = {p.id: 1 for p in g1}
    idx = {p.id: x for x, p in enumerate(members)}
    cb = k.bit_length() + 1
    hb = 2 * cb
    w = {(x, y): v for (x, y), v in weights.items() if v}
    m = Matcher(k)

    def key41(group: list[PlayerState], white: bool) -> list[PlayerState]:
        if white:
            return sorted(group, key=lambda p: (aros[p.id], p.rank))
        return sorted(group, key=lambda p: p.rank)

    # Weights: the criteria, then [cross: a G1-G2 pair] [bonus: the candidate tried] [guess]
    # [hint]. The guess favours pairs inside a subgroup that hold an early shifter candidate, so
    # that the optimum usually certifies the candidates without a search; the hint marks the pairs
    # the choosers of 3.2.6 would take in the likely final subgroups. Neither can change a choice
    # (every choice is made on the fields above them), they only spare solves.
    prio: dict[int, int] = {}
    for group, white in ((g1, True), (g2, False)):
        order = middle_out(key41(group, white))
        prio.update({q.id: len(order) - r for r, q in enumerate(order)})
    big, small, big_white = (g1, g2, True) if len(g1) > len(g2) else (g2, g1, False)
    likely = {q.id for q in middle_out(key41(big, big_white))[: (len(big) - len(small)) // 2]}
    l1 = [q for q in members if (q.id in side) != (q.id in likely)]
    l2 = sorted((q for q in members if (q.id in side) == (q.id in likely)), key=lambda q: q.rank)
    hinted: set[tuple[int, int]] = set()
    busy: set[int] = set()
    for q in sorted(l1, key=lambda q: (aros[q.id], q.rank)):
        for r in l2:
            e = (idx[q.id], idx[r.id]) if idx[q.id] > idx[r.id] else (idx[r.id], idx[q.id])
            if r.id not in busy and e in w:
                busy.add(r.id)
                hinted.add(e)
                break

    def cross(x: int, y: int) -> int:
        return int(side.get(members[x].id, 2) != side.get(members[y].id, 2))

    def put(x: int, y: int, bonus: int = 0) -> None:
        if (x, y) not in w:
            m.set_weight(x, y, 0)
            return
        c = cross(x, y)
        low = (0 if c else max(prio[members[x].id], prio[members[y].id])) << 1 | ((x, y) in hinted)
        m.set_weight(x, y, (w[(x, y)] << (cb + 2 + hb)) | (c << (2 + hb)) | (bonus << (1 + hb)) | low)

    def edge(x: int, y: int) -> tuple[int, int]:
        return (x, y) if x > y else (y, x)

    # the first fill, as ``put`` without its look-ups (about half the bracket's edges are here)
    in1 = [q.id in side for q in members]
    pr = [prio[q.id] for q in members]
    top, mid = cb + 2 + hb, 2 + hb
    for (x, y), v in w.items():
        if in1[x] != in1[y]:
            low = 1 << mid | ((x, y) in hinted)
        else:
            low = (pr[x] if pr[x] > pr[y] else pr[y]) << 1 | ((x, y) in hinted)
        m.set_weight(x, y, (v << top) | low)
    mate = m.solve()

    def shift(
        src: list[PlayerState], white: bool, dst: list[PlayerState]
    ) -> tuple[list[PlayerState], list[PlayerState]]:
        """Shift the players of ``src`` the optimum pairs inside ``src``, first in 4.3 order."""
        nonlocal mate
        ids = {p.id for p in src}
        need = sum(1 for p in src if members[mate[idx[p.id]]].id in ids) // 2
        moved: set[int] = set()
        for p in middle_out(key41(src, white)):
            if len(moved) == need:
                break
            v = idx[p.id]
            stay = [idx[q.id] for q in src if q.id not in moved and q is not p]
            if mate[v] not in stay:
                # not certified by the current optimum: search with a bonus below every criterion
                for u in stay:
                    if edge(v, u) in w:
                        put(*edge(v, u), bonus=1)
                mate = m.solve()
                for u in stay:
                    if edge(v, u) in w:
                        put(*edge(v, u))
                if mate[v] not in stay:
                    mate = m.solve()
                    continue
            moved.add(p.id)
            # fixed: p pairs inside ``src`` with a player who stays
            for q in members:
                e = edge(v, idx[q.id])
                if e in w and (q.id not in ids or q.id in moved):
                    del w[e]
                    m.set_weight(*e, 0)
            mate = m.solve()
        return [p for p in src if p.id not in moved], dst + [p for p in src if p.id in moved]

    # 3.2.4.1: from the smaller subgroup (G1 when equal); 3.2.4.2: from the (new) larger one
    if len(g1) <= len(g2):
        g1, g2 = shift(g1, True, g2)
        g2, g1 = shift(g2, False, g1)
    else:
        g2, g1 = shift(g2, False, g1)
        g1, g2 = shift(g1, True, g2)
    # only G1-G2 pairs are left (the optimum uses no other)
    in_g1 = {p.id for p in g1}
    for x, y in list(w):
        if (members[x].id in in_g1) == (members[y].id in in_g1):
            del w[(x, y)]
            m.set_weight(x, y, 0)
        elif not t2_keeps_colours:
            # 3.2.6: only legality counts now; the top bit of every packed weight is the same
            # "may meet" bit (completion), so the choosers' addends alone pick T2
            m.set_weight(x, y, 1 << (w[(x, y)].bit_length() - 1 + cb + 2 + hb))
    s1 = sorted(g1, key=lambda p: (aros[p.id], p.rank))
    t2 = sorted(g2, key=lambda p: p.rank)
    m.solve()
    return m, cb + 2 + hb, [(p, t2) for p in s1]


def rules(
    st: RoundState, aros: dict[int, int], hist: FloatHistory, maxt: int, options: DubovOptions | None = None
) -> BracketRules:
    """The Dubov criteria for :func:`arbitro.pairing.bracket_swiss.pair_brackets`."""
    last_round = st.round >= st.total_rounds
    keep = options is not None and options.t2_keeps_colours

    def history(_: PlayerState, up: PlayerState) -> tuple[int, ...]:
        if last_round:
            return ()
        count = hist.upfloats.get(up.id, 0)
        is_max = count >= maxt
        return (int(is_max), count if is_max else 0, int(up.id in hist.up_last))  # [C8], [C9], [C10]

    def floater_rank(_: PlayerState, __: PlayerState, ___: int, j: int, ____: int, others: int) -> int:
        # 4.2: sequence numbers by descending score, then ascending TPN (a first guess: the set is
        # the first by its smallest differing sequence number, 4.1, ``set_order``)
        return others - j

    def partner_order(members: list[PlayerState]) -> list[tuple[PlayerState, list[PlayerState]]]:
        return compose(members, {}, aros)[2]  # (unused: ``compose`` replaces it)

    return BracketRules(
        group_order=lambda levels: sorted(levels, reverse=True),
        compatible=lambda a, b: not same_absolute(a, b),  # [C3]
        colour_ok=both_granted,  # [C7]
        history=history,
        floater_rank=floater_rank,
        partner_order=partner_order,
        set_order=True,  # 3.2.2, 4.1-4.2
        compose=lambda members, weights: compose(members, weights, aros, keep),
    )


def pair_round(
    t: Tournament, round_number: int | None = None, options: DubovOptions | None = None
) -> RoundPairing:
    """Pair round ``round_number`` (default: the next one) by the Dubov system (``options``: other readings)."""
    options = options or DubovOptions()
    st = round_state(t, round_number)
    rnd = st.round
    for p in st.players:
        if p.played_games == 0:
            p.pref = Colour.BLACK  # 1.6.4: a mild preference for Black before the first game
    played = rnd - 1
    aros = {p.id: aro(t, p.id, played) for p in st.players}
    hist = float_history(t, played, played_only=not options.unplayed_upfloats)
    r = rules(st, aros, hist, max_upfloats(st.total_rounds), options)
    # 3.1: lowest score, most games played, largest TPN
    candidates = sorted(
        (p for p in st.players if p.eligible_bye), key=lambda p: (p.acc, -p.played_games, -p.rank)
    )
    pairs, bye = pair_with_bye_first(st, candidates, r)
    return to_round_pairing(st, pairs, bye, lambda a, b: colour(a, b, st.initial_colour))


def pair_system(t: Tournament, round_number: int | None, options: PairOptions) -> RoundPairing:
    """The registry's engine (the 2026 text's readings); Dubov has no bbpPairings reading, so ``options`` change nothing."""
    return pair_round(t, round_number)
