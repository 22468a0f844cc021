"""What the Dutch system needs to know about each player before a round.

Derived from the tournament model only (no I/O): scores with acceleration,
colour differences and preferences (C.04.3 1.6-1.7, C.04.2 3.4), floats
(C.04.3 1.4), PAB eligibility (C.04.1 art. 4), forbidden opponents (C.04.1
art. 2, XXP/260) and the pairing order (C.04.3 1.2).

Scores are kept as integers in hundredths of a point.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from arbitro.model import Colour, ResultCode, RoundResult, Tournament

__all__ = [
    "DOWN",
    "UP",
    "DutchOptions",
    "PlayerState",
    "RoundState",
    "baku_accelerations",
    "baku_group_a",
    "build_state",
    "infer_initial_colour",
    "points",
    "ranking_order",
]

DOWN = "D"
UP = "U"


def points(value: Decimal) -> int:
    """A score in hundredths of a point (exact for the usual 0.5 / 0.1 steps)."""
    return int(value * 100)


@dataclass(frozen=True, slots=True)
class DutchOptions:
    """Switches for the places where bbpPairings v6.0.0 departs from the rules (dutch-system.md §6.1).

    The defaults follow the rules; ``bbp()`` reproduces bbpPairings where it departs.

    ``effective_numbers`` (§6.1 #3) is the one place where the default is the reading of the
    public engines rather than the literal one (issue 35 item 3): C.04.3 5.2.5 gives the
    initial colour by the parity of the higher-ranked player's *pairing number*, and a player
    who never took part in a pairing and is absent from the round being paired (a bye in round
    1, never paired) is skipped by bbpPairings and by FIDE's Gacrux 1.11.65 (its
    ``crosstable.assign_tpn``: "a running count over the competitors that are ready to be
    paired or have been paired before"). The text does not clearly say otherwise: C.04.2 2.3
    numbers the initial list, but 2.4-2.5 keep numbers provisional until the entry list closes
    and renumber for a late entry, which is what the skip does for a player who has not yet
    come. ``effective_numbers=False`` is the literal reading (the fixed TPN of C.04.2 2.3,
    absentees counted), the question put to the TEC in
    docs/acceptance/discrepancies/departure-3.md.
    """

    narrow_count_fields: bool = False  # §6.1 #1: count fields sized by the largest scoregroup
    effective_numbers: bool = True  # §6.1 #3: parity skips never-paired absentees (bbp, Gacrux); False: literal TPN
    zero_pab_no_float: bool = False  # §6.1 #4: a PAB worth no more than a loss gives no downfloat
    baku_half_of_file: bool = False  # §6.1 #2: Baku group A = ceil(N/2) players of the file, not frozen on round 1
    board_order_unaccelerated: bool = False  # §6.1 #5: boards sorted without virtual points
    # Not a departure: run the full weighted-matching search alone, without the fast path's
    # certified shortcuts (same pairings; the reference for the differential test, issue 16).
    full_search: bool = False

    @classmethod
    def bbp(cls) -> DutchOptions:
        return cls(
            narrow_count_fields=True,
            effective_numbers=True,
            zero_pab_no_float=True,
            baku_half_of_file=True,
            board_order_unaccelerated=True,
        )

    @classmethod
    def literal(cls) -> DutchOptions:
        """The rules with the literal reading of §6.1 #3 (the fixed TPN of C.04.2 2.3; Arbitro's default before issue 35)."""
        return cls(effective_numbers=False)


@dataclass(slots=True)
class PlayerState:
    """One player to be paired, as the Dutch criteria see them."""

    id: int  # start rank
    rank: int  # position in pairing-number order (0-based), used for ties and parity
    score: int  # points before the round (hundredths), without acceleration
    acc: int  # pairing score: points + virtual points of this round
    pref: Colour | None  # colour preference (1.7), None when no game played
    imbalance: int  # |whites - blacks| over played games
    repeated: Colour | None  # colour of the last two played games when equal
    absolute: bool
    strong: bool
    played_games: int
    eligible_bye: bool  # C.04.1 art. 4 / [C2]
    floats: tuple[str | None, str | None]  # float one and two rounds before
    colours: list[Colour] = field(default_factory=list)  # colours of played games, oldest first

    @property
    def parity_odd(self) -> bool:
        """The pairing number (1-based) is odd."""
        return self.rank % 2 == 0


@dataclass(slots=True)
class RoundState:
    """Everything the engine needs to pair one round."""

    round: int
    total_rounds: int
    players: list[PlayerState]  # players to pair, any order
    forbidden: dict[int, set[int]]
    initial_colour: Colour
    win: int
    draw: int
    unpaired: dict[int, str]  # players left out on purpose, with F/H/Z


def ranking_order(t: Tournament) -> list[int]:
    """Start ranks in pairing-number order (C.04.2 2.3): by start rank, or file order with ``XXC rank``."""
    return list(t.players) if t.pairing_by_rank else sorted(t.players)


def _result_in(results: list[RoundResult], k: int) -> RoundResult | None:
    return results[k] if k < len(results) else None


def _takes_part(result: RoundResult) -> bool:
    """The player took part in the pairing of that round (an opponent, a PAB or a ``+``)."""
    return result.opponent is not None or result.code in (ResultCode.PAIRING_BYE, ResultCode.FORFEIT_WIN)


def infer_initial_colour(t: Tournament) -> Colour | None:
    """The initial colour drawn by lot, read back from the first round with colours.

    As bbpPairings reads files without ``152``/``XXC`` (dutch-system.md §4.1, §7.2):
    the highest-ranked player who took part in a pairing up to that round gives
    their colour, reversed for an even effective pairing number.
    """
    first = None
    for p in t.players.values():
        for k, r in enumerate(p.results):
            if r.colour in (Colour.WHITE, Colour.BLACK) and (first is None or k < first):
                first = k
                break
    if first is None:
        return None
    number = 0
    for p in (t.players[rank] for rank in ranking_order(t)):
        if not any(_takes_part(r) for r in p.results[: first + 1]):
            continue
        cell = _result_in(p.results, first)
        colour = cell.colour if cell is not None else None
        if colour in (Colour.WHITE, Colour.BLACK):
            assert colour is not None
            return colour if number % 2 == 0 else colour.opposite
        number += 1
    return None


def baku_group_a(t: Tournament, options: DutchOptions | None = None) -> list[int]:
    """The start ranks of Baku group A (C.04.7; 2017 C.04.5.1), in pairing-number order.

    C.04.7: *before the first round* the list of the players **to be paired** is split: group A
    is its first half rounded up to an even number, 2*ceil(N/4); a player absent in round 1 (a
    requested bye, a known absence, C.04.2 3.3) is not to be paired and has no TPN yet, and a
    late entry is not there at all. Entries after round 1 are placed in the list by C.04.2 2.4
    and **the last GA player stays the same** (Note 1: their number may change; Note 2: GA may
    become odd): group A is every player ranked up to that player. Round 1's players are read
    from round 1's results once it is paired, else from the round-1 byes and withdrawals.

    ``options.baku_half_of_file`` (bbpPairings, dutch-system.md §6.1 #2): ceil(N/2) players
    of the file, N counting every player, recomputed from the current file each time.
    """
    ranks = ranking_order(t)
    if options is not None and options.baku_half_of_file:
        return ranks[: (len(ranks) + 1) // 2]
    round_one_paired = any(p.results for p in t.players.values())
    byes = t.byes_for_round(1)

    def in_round_one(rank: int) -> bool:
        player = t.players[rank]
        if round_one_paired:
            return bool(player.results) and _takes_part(player.results[0])
        return rank not in byes and t.withdrawals.get(rank, 2) > 1

    first = [rank for rank in ranks if in_round_one(rank)]
    if not first:
        return []
    last = first[min(2 * ((len(first) + 3) // 4), len(first)) - 1]
    return ranks[: ranks.index(last) + 1]


def baku_accelerations(t: Tournament, options: DutchOptions) -> dict[tuple[int, int], Decimal]:
    """Virtual points of Baku acceleration (C.04.7; 2017 C.04.5.1), by (start rank, round).

    Group A is :func:`baku_group_a` (frozen on the players of round 1); the first
    ceil(R/2) rounds are accelerated, with a win's points in the first half of
    them (rounded up) and a draw's points in the rest.
    """
    rounds = t.total_rounds
    accelerated = (rounds + 1) // 2
    full = (accelerated + 1) // 2
    out: dict[tuple[int, int], Decimal] = {}
    for rank in baku_group_a(t, options):
        for rnd in range(1, accelerated + 1):
            out[(rank, rnd)] = t.scoring.win if rnd <= full else t.scoring.draw
    return out


def _colour_data(
    results: list[RoundResult],
) -> tuple[list[Colour], Colour | None, int, Colour | None, bool, bool]:
    """Colour preference of C.04.3 1.7 over played games (C.04.2 3.4)."""
    colours = [r.colour for r in results if r.is_played and r.colour in (Colour.WHITE, Colour.BLACK)]
    cols: list[Colour] = [c for c in colours if c is not None]
    whites = sum(1 for c in cols if c is Colour.WHITE)
    blacks = len(cols) - whites
    lower = Colour.BLACK if whites > blacks else Colour.WHITE
    imbalance = abs(whites - blacks)
    run = 0
    last: Colour | None = None
    for c in cols:
        run = run + 1 if c is last else 1
        last = c
    pref: Colour | None
    if imbalance > 1:
        pref = lower
    elif run > 1:
        assert last is not None
        pref = last.opposite
    elif imbalance > 0:
        pref = lower
    elif run:
        assert last is not None
        pref = last.opposite
    else:
        pref = None
    repeated = last if run > 1 else None
    absolute = imbalance > 1 or repeated is not None
    strong = not absolute and imbalance > 0
    return cols, pref, imbalance, repeated, absolute, strong


def build_state(t: Tournament, round_number: int, options: DutchOptions | None = None) -> RoundState:
    """The state before ``round_number`` (rounds 1..round_number-1 of ``t``)."""
    opts = options or DutchOptions()
    played = round_number - 1
    scoring = t.scoring
    win = points(scoring.win)
    draw = points(scoring.draw)
    loss = points(scoring.loss)

    unpaired: dict[int, str] = dict(t.byes_for_round(round_number))
    for p in t.players.values():
        r = _result_in(p.results, played)
        if r is not None and r.opponent is None and r.code is not ResultCode.PAIRING_BYE:
            if r.code is ResultCode.FULL_BYE:
                unpaired.setdefault(p.start_rank, "F")
            elif r.code is ResultCode.HALF_BYE:
                unpaired.setdefault(p.start_rank, "H")
            elif r.code is not ResultCode.FORFEIT_WIN:
                unpaired.setdefault(p.start_rank, "Z")

    accel: dict[tuple[int, int], Decimal] = {}
    for a in t.accelerations:
        accel[(a.start_rank, a.round)] = accel.get((a.start_rank, a.round), Decimal(0)) + a.points
    if not accel and t.system.upper().endswith("_BAKU"):
        accel = baku_accelerations(t, opts)

    history = {p.start_rank: p.results[:played] for p in t.players.values()}
    pts = {
        rank: [points(scoring.points(r.code)) for r in res] + [0] * (played - len(res))
        for rank, res in history.items()
    }

    def acc_score(rank: int, back: int) -> int:
        """Pairing score before round ``played - back + 1`` (scoreWithAcceleration)."""
        rnd = played - back
        return sum(pts[rank][:rnd]) + points(accel.get((rank, rnd + 1), Decimal(0)))

    def float_of(rank: int, back: int) -> str | None:
        k = played - back
        r = _result_in(history[rank], k)
        if r is None:
            return None
        if not r.is_played:
            if r.code is ResultCode.PAIRING_BYE and not opts.zero_pab_no_float:
                return DOWN  # C.04.3 1.4.3: the PAB receiver downfloats
            return DOWN if pts[rank][k] > loss else None
        assert r.opponent is not None
        mine = acc_score(rank, back)
        theirs = acc_score(r.opponent, back) if r.opponent in pts else mine
        return DOWN if mine > theirs else UP if mine < theirs else None

    forbidden: dict[int, set[int]] = {rank: set() for rank in t.players}
    for pp in t.prohibited_pairings:
        if pp.applies_to(round_number):
            for x in pp.players:
                for y in pp.players:
                    if x != y and x in forbidden:
                        forbidden[x].add(y)
    for rank, res in history.items():
        for r in res:
            if r.is_played and r.opponent is not None:
                forbidden[rank].add(r.opponent)
                forbidden.setdefault(r.opponent, set()).add(rank)

    to_pair = [rank for rank in ranking_order(t) if rank not in unpaired]
    # Pairing numbers (C.04.2 2.3); by default, as bbp and Gacrux, never-paired absentees are
    # skipped (§6.1 #3, C.04.3 5.2.5; DutchOptions.literal() counts them).
    order = ranking_order(t)
    if opts.effective_numbers:
        order = [rank for rank in order if rank not in unpaired or any(_takes_part(r) for r in history[rank])]
    rank_of = {rank: i for i, rank in enumerate(order)}

    players: list[PlayerState] = []
    for rank in to_pair:
        res = history[rank]
        cols, pref, imb, rep, absolute, strong = _colour_data(res)
        eligible = True
        for k, r in enumerate(res):
            if not r.is_played and (pts[rank][k] >= win or r.code is ResultCode.PAIRING_BYE):
                eligible = False  # C.04.1 art. 4: a PAB, or a win's points without playing
        players.append(
            PlayerState(
                id=rank,
                rank=rank_of[rank],
                score=sum(pts[rank]),
                acc=acc_score(rank, 0),
                pref=pref,
                imbalance=imb,
                repeated=rep,
                absolute=absolute,
                strong=strong,
                played_games=len(cols),
                eligible_bye=eligible,
                floats=(
                    float_of(rank, 1) if played >= 1 else None,
                    float_of(rank, 2) if played >= 2 else None,
                ),
                colours=cols,
            )
        )
    initial = t.initial_colour or infer_initial_colour(t) or Colour.WHITE
    return RoundState(
        round=round_number,
        total_rounds=max(t.total_rounds, round_number),
        players=players,
        forbidden=forbidden,
        initial_colour=initial,
        win=win,
        draw=draw,
        unpaired=unpaired,
    )
