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
* inside the bracket G1 (White seekers, by ARO then TPN) take in turn the
  first G2 player by TPN that keeps the pairing best (4.4: the first legal
  permutation of G2);
* colours by 5.2.

Where the text leaves a choice open (docs/pairing-systems/dubov.md) the
choice is named in the docstring of the function that makes it.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from arbitro.model import Colour, Tournament
from arbitro.pairing.bracket_swiss import BracketRules
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

__all__ = ["aro", "max_upfloats", "pair_round", "pair_system"]


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


def _split(bracket: list[PlayerState], aros: dict[int, int]) -> tuple[list[PlayerState], list[PlayerState]]:
    """G1 (White seekers) and G2, made equal in size (3.2.4, 4.3).

    Reading: the excess White seekers with the highest ARO move to G2; missing
    ones are the lowest-rated Black seekers (the text's middle-out shifter
    order is not reproduced; docs/pairing-systems/dubov.md).
    """
    g1 = sorted((p for p in bracket if p.pref is Colour.WHITE), key=lambda p: (aros[p.id], p.rank))
    g2 = sorted((p for p in bracket if p.pref is not Colour.WHITE), key=lambda p: p.rank)
    half = len(bracket) // 2
    while len(g1) > half:
        g2.append(g1.pop())
    while len(g1) < half:
        g1.append(g2.pop())
    g1.sort(key=lambda p: (aros[p.id], p.rank))
    g2.sort(key=lambda p: p.rank)
    return g1, g2


def rules(st: RoundState, aros: dict[int, int], hist: FloatHistory, maxt: int) -> BracketRules:
    """The Dubov criteria for :func:`arbitro.pairing.bracket_swiss.pair_brackets`."""
    last_round = st.round >= st.total_rounds

    def history(_: PlayerState, up: PlayerState) -> tuple[int, ...]:
        if last_round:
            return ()
        count = hist.upfloats.get(up.id, 0)
        is_max = count >= maxt
        return (int(is_max), count if is_max else 0, int(up.id in hist.up_last))  # [C8], [C9], [C10]

    def floater_rank(_: PlayerState, __: PlayerState, ___: int, j: int, ____: int, others: int) -> int:
        return others - j  # 4.2: upfloaters by descending score, then ascending TPN

    def partner_order(members: list[PlayerState]) -> list[tuple[PlayerState, list[PlayerState]]]:
        g1, g2 = _split(members, aros)
        return [(p, g2 + [q for q in g1 if q is not p]) for p in g1]

    return BracketRules(
        group_order=lambda levels: sorted(levels, reverse=True),
        compatible=lambda a, b: not same_absolute(a, b),  # [C3]
        colour_ok=both_granted,  # [C7]
        history=history,
        floater_rank=floater_rank,
        partner_order=partner_order,
    )


def pair_round(t: Tournament, round_number: int | None = None) -> RoundPairing:
    """Pair round ``round_number`` (default: the next one) by the Dubov system."""
    st = round_state(t, round_number)
    rnd = st.round
    for p in st.players:
        if p.played_games == 0:
            p.pref = Colour.BLACK  # 1.6.4: a mild preference for Black before the first game
    played = rnd - 1
    aros = {p.id: aro(t, p.id, played) for p in st.players}
    r = rules(st, aros, float_history(t, played), max_upfloats(st.total_rounds))
    # 3.1: lowest score, most games played, largest TPN
    candidates = sorted(
        (p for p in st.players if p.eligible_bye), key=lambda p: (p.acc, -p.played_games, -p.rank)
    )
    pairs, bye = pair_with_bye_first(st, candidates, r)
    return to_round_pairing(st, pairs, bye, lambda a, b: colour(a, b, st.initial_colour))


def pair_system(t: Tournament, round_number: int | None, options: PairOptions) -> RoundPairing:
    """The registry's engine; Dubov has no bbpPairings reading, so ``options`` change nothing."""
    return pair_round(t, round_number)
