"""FIDE Lim system (C.04.4.3, rules in force from 1 February 2026).

* PAB (1.1): the lowest-ranked eligible player of the lowest scoregroup
  (C.04.1 arts. 3-4), provided the others can be paired;
* scoregroups are paired from the top down to the one above the median
  group, then from the bottom up, and the median group last (2.2);
* players are compatible (2.1) when they have not met and the pairing gives
  neither the same colour three times in a row nor a colour difference of
  three; in the last round the score comes first (6) and the colour limits
  give way only where no other pairing keeps the brackets;
* floaters (2.3, 3): as few as possible, into the neighbouring scoregroup,
  above the median the lowest-ranked player floats down, below it the
  highest-ranked floats up, and players who floated in the previous round
  are avoided (3.10);
* inside a group the top half meets the bottom half, 1 v n/2+1 (2.4), with
  the nearest exchange when a pair is not compatible (4);
* colours by 5.

The exchange tables of Art. 4 and the floater types of 3.x are read as an
order of preference (docs/pairing-systems/lim.md).
"""

from __future__ import annotations

from arbitro.model import Colour, Tournament
from arbitro.pairing.bracket_swiss import BracketRules
from arbitro.pairing.colours import neutral_colour
from arbitro.pairing.dutch_state import PlayerState, RoundState, points
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

__all__ = ["colour", "group_order", "median_score", "pair_round", "pair_system"]


def median_score(played: int, win: int) -> int:
    """The median scoregroup's score: half the rounds played, in win points (2.2)."""
    return played * win // 2


def group_order(levels: list[int], median: int) -> list[int]:
    """2.2: top down to just above the median, then bottom up, the median group last."""
    above = sorted((s for s in levels if s > median), reverse=True)
    below = sorted(s for s in levels if s < median)
    return above + below + [s for s in levels if s == median]


def colour(p: PlayerState, o: PlayerState, initial: Colour, median: int) -> Colour:
    """5: equalise and alternate (5.2-5.3); ties by rank, the higher-ranked player above the median (5.4).

    Round 1 (7.2): the odd-numbered players of the top half receive the colour drawn for #1.
    """
    hi, lo = (p, o) if (-p.acc, p.rank) < (-o.acc, o.rank) else (o, p)
    if p.played_games == 0 and o.played_games == 0:
        c = initial if hi.parity_odd else initial.opposite
        return c if hi is p else c.opposite
    c2 = neutral_colour(p, o)
    if c2 is not None:
        return c2
    decider = hi if max(p.acc, o.acc) >= median else lo
    assert decider.pref is not None
    return decider.pref if decider is p else decider.pref.opposite


def rules(st: RoundState, hist: FloatHistory, median: int) -> BracketRules:
    """The Lim rules for :func:`arbitro.pairing.bracket_swiss.pair_brackets`."""
    last_round = st.round >= st.total_rounds

    def compatible(a: PlayerState, b: PlayerState) -> bool:
        if last_round:
            return True  # 6: the score has priority over the colour rules in the last round
        return not same_absolute(a, b)

    colour_ok = both_granted

    def history(a: PlayerState, f: PlayerState) -> tuple[int, ...]:
        return (int(a.id in hist.float_last) + int(f.id in hist.float_last),)  # 3.10

    def floater_rank(a: PlayerState, f: PlayerState, pos_a: int, pos_f: int, size: int, others: int) -> int:
        # 3.2: above the median the lowest-ranked player floats down to the highest of the group below;
        # below the median the highest-ranked floats up to the lowest of the group above
        n = size + others
        down = a.acc > median or (a.acc == median and f.acc < median)
        if down:
            return pos_a * n + (others - pos_f)
        return (size - pos_a) * n + pos_f

    def partner_order(members: list[PlayerState]) -> list[tuple[PlayerState, list[PlayerState]]]:
        ordered = sorted(members, key=lambda p: (-p.acc, p.rank))
        half = len(ordered) // 2
        top, bottom = ordered[:half], ordered[half:]
        out = []
        for i, p in enumerate(top):
            # 4: the nearest opponent to the natural one (1 v n/2+1) that grants both colours (5)
            def key(j: int, p: PlayerState = p, i: int = i) -> tuple[bool, int, bool, int]:
                return (not colour_ok(p, bottom[j]), abs(j - i), j < i, j)

            near = sorted(range(len(bottom)), key=key)
            out.append((p, [bottom[j] for j in near] + [q for q in top if q is not p]))
        return out

    return BracketRules(
        group_order=lambda levels: group_order(levels, median),
        compatible=compatible,
        colour_ok=colour_ok,
        history=history,
        floater_rank=floater_rank,
        partner_order=partner_order,
    )


def pair_round(t: Tournament, round_number: int | None = None) -> RoundPairing:
    """Pair round ``round_number`` (default: the next one) by the Lim system."""
    st = round_state(t, round_number)
    played = st.round - 1
    median = median_score(played, points(t.scoring.win))
    r = rules(st, float_history(t, played), median)
    # 1.1: the lowest-ranked player of the lowest scoregroup
    candidates = sorted((p for p in st.players if p.eligible_bye), key=lambda p: (p.acc, -p.rank))
    pairs, bye = pair_with_bye_first(st, candidates, r)
    return to_round_pairing(st, pairs, bye, lambda a, b: colour(a, b, st.initial_colour, median))


def pair_system(t: Tournament, round_number: int | None, options: PairOptions) -> RoundPairing:
    """The registry's engine; Lim has no bbpPairings reading, so ``options`` change nothing."""
    return pair_round(t, round_number)
