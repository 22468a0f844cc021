"""FIDE Double-Swiss system (C.04.5, new in 2026): every pairing is a two-game match.

In a TRF file a match takes two rounds (docs/decisions.md, 2026-12-01): match
``k`` is written in rounds ``2k-1`` (game 1, White as paired) and ``2k``
(game 2, colours reversed); a bye fills both columns with the share of each
game (PAB: ``U`` then ``H``, 1½ points by 1.4; requested byes ``H H``,
``F F``, ``Z Z``). This module reads matches back from those columns and
pairs match ``k``:

* PAB first (3.4): eligible ([C2]: no earlier PAB, forfeit match win or
  full-point bye), leaving a legal pairing, lowest score, most matches
  played, largest TPN;
* the top scoregroup of the unpaired players plus upfloaters ([C4] fewest,
  [C5] highest scores, [C6] the following scoregroup needing the fewest
  upfloaters; [C7] not in the last round: avoid upfloaters who floated in
  the previous match), the first such set in the 3.5 order (by its smallest
  differing member); then [C8] (not in the last round: upfloaters'
  opponents who floated);
* no colour criterion; inside the bracket the lexicographically first
  identifier (3.6: top half by TPN against the bottom half in order);
* colours of game 1 by 4.3; game 2 reverses them (4.4).
"""

from __future__ import annotations

from arbitro.model import Colour, ResultCode, Tournament
from arbitro.pairing.bracket_swiss import BracketRules
from arbitro.pairing.double_swiss_matches import Match, match_count, matches
from arbitro.pairing.dutch_state import PlayerState, RoundState, infer_initial_colour, points, ranking_order
from arbitro.pairing.registry import PairOptions
from arbitro.pairing.swiss_common import pair_with_bye_first, to_round_pairing
from arbitro.pairing.types import RoundPairing

__all__ = ["Match", "match_count", "matches", "pair_round", "pair_system"]


def _state(t: Tournament, k: int) -> RoundState:
    """The players to pair in match ``k``, with scores and colour history over matches."""
    played = k - 1
    unpaired: dict[int, str] = dict(t.byes_for_round(k))
    for rank, p in t.players.items():
        if len(p.results) >= 2 * k - 1:
            r = p.results[2 * k - 2]
            if r.opponent is None and r.code is not ResultCode.PAIRING_BYE:
                unpaired.setdefault(rank, r.code.value if r.code.value in "FHZ" else "Z")
    history = {rank: matches(t, rank, played) for rank in t.players}
    forbidden: dict[int, set[int]] = {rank: set() for rank in t.players}
    for pp in t.prohibited_pairings:
        if pp.applies_to(k):
            for x in pp.players:
                forbidden.setdefault(x, set()).update(y for y in pp.players if y != x)
    for rank, ms in history.items():
        for m in ms:
            if m.opponent is not None and m.played:  # [C1]: only a forfeited match may be repeated
                forbidden[rank].add(m.opponent)
                forbidden.setdefault(m.opponent, set()).add(rank)
    order = ranking_order(t)
    rank_of = {rank: i for i, rank in enumerate(order)}
    players = []
    for rank in order:
        if rank in unpaired:
            continue
        ms = history[rank]
        cols = [m.colour for m in ms if m.colour is not None]
        whites = sum(c is Colour.WHITE for c in cols)
        score = sum(points(m.points) for m in ms)
        barred = any(m.code in (ResultCode.PAIRING_BYE, ResultCode.FULL_BYE) or m.forfeit_win for m in ms)
        players.append(
            PlayerState(
                id=rank,
                rank=rank_of[rank],
                score=score,
                acc=score + points(t.acceleration(rank, k)),
                pref=None,
                imbalance=abs(2 * whites - len(cols)),
                repeated=None,
                absolute=False,
                strong=False,
                played_games=sum(m.played for m in ms),
                eligible_bye=not barred,  # [C2]
                floats=(None, None),
                colours=[c for c in cols if c is not None],
            )
        )
    total = max((t.total_rounds + 1) // 2, k)
    initial = t.initial_colour or infer_initial_colour(t) or Colour.WHITE
    return RoundState(k, total, players, forbidden, initial, 0, 0, unpaired)


def colour(p: PlayerState, o: PlayerState, initial: Colour) -> Colour:
    """4.3: the colour of ``p`` in game 1."""
    hi = p if (-p.acc, p.rank) < (-o.acc, o.rank) else o
    if not p.colours and not o.colours:
        c = initial if hi.parity_odd else initial.opposite  # 4.3.1
        return c if hi is p else c.opposite
    pw = sum(c is Colour.WHITE for c in p.colours)
    ow = sum(c is Colour.WHITE for c in o.colours)
    if pw != ow:
        return Colour.WHITE if pw < ow else Colour.BLACK  # 4.3.2: fewer Whites
    for cp, co in zip(reversed(p.colours), reversed(o.colours), strict=False):
        if cp is not co:
            return co  # 4.3.3: alternate from the latest match with different colours
    for first in (hi, p if hi is o else o):
        if first.colours:
            c = first.colours[-1].opposite  # 4.3.4 the HRP's, 4.3.5 the opponent's last colour, alternated
            return c if first is p else c.opposite
    c = initial if hi.parity_odd else initial.opposite
    return c if hi is p else c.opposite


def rules(st: RoundState, float_last: set[int]) -> BracketRules:
    """The Double-Swiss criteria for :func:`arbitro.pairing.bracket_swiss.pair_brackets`.

    In the order of 2.3 and 3.5-3.6: [C4] fewest upfloaters, [C5] their scores, [C6] the
    following scoregroup's own pairs (its fewest upfloaters, ``look_ahead``), [C7] upfloaters
    who floated in the previous match; then the first such set of upfloaters in the 3.5 order
    (``set_order``); then [C8] upfloaters' opponents who floated, judged when the set is chosen
    (3.6.4: the first identifier complying with [C1] and [C8]); then the identifier order.
    """
    last_round = st.round >= st.total_rounds

    def history(_: PlayerState, up: PlayerState) -> tuple[int, ...]:
        if last_round:
            return ()
        return (int(up.id in float_last),)  # [C7]

    def floater_rank(a: PlayerState, _: PlayerState, __: int, j: int, size: int, others: int) -> int:
        # 3.5: descending score, then ascending TPN (a first guess of the set order), and below
        # it [C8]: the upfloater's opponent did not float in the previous match
        shift = (size + others).bit_length() + 1
        c8 = 0 if last_round else int(a.id not in float_last)
        return ((others - j) << shift) | c8

    def partner_order(members: list[PlayerState]) -> list[tuple[PlayerState, list[PlayerState]]]:
        ordered = sorted(members, key=lambda p: (-p.acc, p.rank))
        half = len(ordered) // 2
        top, bottom = ordered[:half], ordered[half:]
        return [(p, bottom + [q for q in top if q is not p]) for p in top]

    return BracketRules(
        group_order=lambda levels: sorted(levels, reverse=True),
        compatible=lambda a, b: True,
        colour_ok=lambda a, b: False,
        history=history,
        floater_rank=floater_rank,
        partner_order=partner_order,
        look_ahead=True,  # [C6]
        set_order=True,  # 3.5.4
    )


def _floated_last(t: Tournament, k: int) -> set[int]:
    """Players paired against a different score in match ``k - 1`` (1.5)."""
    if k < 2:
        return set()
    upto = {rank: matches(t, rank, k - 1) for rank in t.players}  # (match k - 2's score: all but the last)
    before = {rank: sum(points(m.points) for m in ms[:-1]) for rank, ms in upto.items()}
    out = set()
    for rank in t.players:
        m = upto[rank][-1]
        if m.opponent is not None and m.opponent in before and before[m.opponent] != before[rank]:
            out.add(rank)
    return out


def pair_round(t: Tournament, match_number: int | None = None) -> RoundPairing:
    """Pair match ``match_number`` (default: the next one); boards give game 1's colours."""
    k = match_number if match_number is not None else match_count(t) + 1
    if k < 1:
        raise ValueError(f"match number must be at least 1, got {k}")
    st = _state(t, k)
    candidates = sorted(
        (p for p in st.players if p.eligible_bye), key=lambda p: (p.acc, -p.played_games, -p.rank)
    )
    pairs, bye = pair_with_bye_first(st, candidates, rules(st, _floated_last(t, k)))
    return to_round_pairing(st, pairs, bye, lambda a, b: colour(a, b, st.initial_colour))


def pair_system(t: Tournament, round_number: int | None, options: PairOptions) -> RoundPairing:
    """The registry's engine: ``round_number`` counts matches, not TRF columns."""
    return pair_round(t, round_number)
