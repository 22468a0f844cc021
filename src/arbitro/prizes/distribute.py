"""Give a prize list's prizes to the players (and clubs) of a final ranking.

1. **Who wins which place.** Without the one-prize rule, place *p* of a group goes
   to the *p*-th eligible player of the ranking. With it (USCF 32B1; also the usual
   "one prize per player": the most valuable one), the places of every group are
   taken in decreasing value (cash, then a place with items before one without, then
   the group's order in the list, then the place) and each goes to the best-ranked
   eligible player who has no prize yet. The value is the announced one, before any
   sharing.
2. **Ties.** Within a group, winners tied on points pool the cash of their places by
   the list's sharing rule (:mod:`arbitro.prizes.sharing`); players tied with the
   last cash winner join the pool with a place of no cash (they occupy the tied
   places too) when the rule shares. Items (trophies, medals) are not divisible:
   they stay with the winner by tie-break order.
3. **Best club.** Clubs are ranked by the points of their best ``club_top`` players,
   then by the rank of their best player; club prizes go to clubs and do not count
   for the one-prize rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from arbitro.prizes.entrants import Entrant, is_eligible
from arbitro.prizes.model import Prize, PrizeGroup, PrizeList, Sharing
from arbitro.prizes.sharing import share

__all__ = ["Award", "ClubScore", "Distribution", "club_ranking", "distribute"]


@dataclass(frozen=True, slots=True)
class Award:
    """What one player (or club) receives from one group."""

    group: str
    place: int  # the place won by tie-break order (0: a tied player joining the pool beyond the places)
    start_rank: int | None  # None for a club prize
    name: str  # the player's or the club's
    cash: Decimal
    items: tuple[str, ...] = ()
    announced: Decimal = Decimal(0)  # the cash of the place itself, before sharing
    shared_with: tuple[int, ...] = ()  # start ranks of the other players of the pool
    points: Decimal | None = None


@dataclass(frozen=True, slots=True)
class ClubScore:
    club: str
    points: Decimal
    members: tuple[int, ...]  # start ranks counted


@dataclass(frozen=True, slots=True)
class Distribution:
    """The awards, the places nobody could win, and notes."""

    prize_list: PrizeList
    awards: tuple[Award, ...]
    unawarded: tuple[tuple[str, int], ...]  # (group, place) without an eligible player
    clubs: dict[str, tuple[ClubScore, ...]]
    #: players whose share came out below another prize they could have taken (USCF 32B3's exception)
    warnings: tuple[str, ...] = ()

    def for_player(self, start_rank: int) -> list[Award]:
        return [a for a in self.awards if a.start_rank == start_rank]

    @property
    def total_cash(self) -> Decimal:
        return sum((a.cash for a in self.awards), Decimal(0))


def _value_key(group_index: int, prize: Prize) -> tuple[Decimal, int, int, int]:
    return (-prize.cash, 0 if prize.items else 1, group_index, prize.place)


def _winners(
    prize_list: PrizeList, entrants: Sequence[Entrant], year: int | None
) -> dict[int, dict[int, Entrant]]:
    """group index -> place -> winner by tie-break order (step 1 of the module)."""
    groups = prize_list.groups
    eligible = {
        gi: [e for e in entrants if is_eligible(e, g.eligibility, year)] for gi, g in enumerate(groups) if not g.is_club
    }
    won: dict[int, dict[int, Entrant]] = {gi: {} for gi in eligible}
    if not prize_list.one_prize_per_player:
        for gi, players in eligible.items():
            for i, prize in enumerate(sorted(groups[gi].prizes, key=lambda p: p.place)):
                if i < len(players):
                    won[gi][prize.place] = players[i]
        return won
    slots = sorted(
        ((gi, prize) for gi in eligible for prize in groups[gi].prizes if not prize.is_empty),
        key=lambda s: _value_key(s[0], s[1]),
    )
    taken: set[int] = set()
    for gi, prize in slots:
        winner = next((e for e in eligible[gi] if e.start_rank not in taken), None)
        if winner is not None:
            won[gi][prize.place] = winner
            taken.add(winner.start_rank)
    return won


def _group_awards(
    prize_list: PrizeList,
    group: PrizeGroup,
    winners: dict[int, Entrant],
    pool_candidates: list[Entrant],
) -> list[Award]:
    """Step 2: the awards of one group, tied winners pooling their cash."""
    prizes = {p.place: p for p in group.prizes}
    placed = sorted(winners.items(), key=lambda kv: kv[1].rank)
    awards: list[Award] = []
    i = 0
    while i < len(placed):
        j = i
        while j + 1 < len(placed) and placed[j + 1][1].points == placed[i][1].points:
            j += 1
        tied = placed[i : j + 1]
        extra: list[Entrant] = []
        if prize_list.sharing is not Sharing.TIEBREAK and j == len(placed) - 1:
            extra = [e for e in pool_candidates if e.points == tied[0][1].points]
        slots = [prizes[place].cash for place, _ in tied] + [Decimal(0)] * len(extra)
        amounts = share(slots, prize_list.sharing, hort_share=prize_list.hort_share, unit=prize_list.unit)
        members = [e.start_rank for _, e in tied] + [e.start_rank for e in extra]
        pooled = len(members) > 1 and prize_list.sharing is not Sharing.TIEBREAK and sum(slots) > 0
        for k, (place, e) in enumerate(tied):
            others = tuple(m for m in members if m != e.start_rank) if pooled else ()
            awards.append(
                Award(group.name, place, e.start_rank, e.name, amounts[k], prizes[place].items,
                      prizes[place].cash, others, e.points)
            )  # fmt: skip
        for k, e in enumerate(extra, start=len(tied)):
            if amounts[k] > 0:
                others = tuple(m for m in members if m != e.start_rank)
                awards.append(Award(group.name, 0, e.start_rank, e.name, amounts[k], (), Decimal(0), others, e.points))
        i = j + 1
    return awards


def club_ranking(entrants: Sequence[Entrant], top: int) -> list[ClubScore]:
    """Clubs by the points of their best ``top`` players, then by their best player's rank (step 3)."""
    by_club: dict[str, list[Entrant]] = {}
    for e in sorted(entrants, key=lambda x: x.rank):
        if e.club:
            by_club.setdefault(e.club, []).append(e)
    scores = [
        (ClubScore(club, sum((m.points for m in members[:top]), Decimal(0)), tuple(m.start_rank for m in members[:top])),
         members[0].rank)
        for club, members in by_club.items()
    ]  # fmt: skip
    scores.sort(key=lambda s: (-s[0].points, s[1]))
    return [s for s, _ in scores]


def distribute(prize_list: PrizeList, entrants: Sequence[Entrant], *, reference_year: int | None = None) -> Distribution:
    """Distribute ``prize_list`` over ``entrants`` (best first; see the module for the rules)."""
    year = prize_list.reference_year or reference_year
    ordered = sorted(entrants, key=lambda e: e.rank)
    won = _winners(prize_list, ordered, year)
    awarded = {e.start_rank for places in won.values() for e in places.values()}
    awards: list[Award] = []
    unawarded: list[tuple[str, int]] = []
    clubs: dict[str, tuple[ClubScore, ...]] = {}
    for gi, group in enumerate(prize_list.groups):
        if group.is_club:
            ranking = club_ranking(ordered, group.club_top or 1)
            clubs[group.name] = tuple(ranking)
            for i, prize in enumerate(sorted(group.prizes, key=lambda p: p.place)):
                if i < len(ranking):
                    c = ranking[i]
                    awards.append(Award(group.name, prize.place, None, c.club, prize.cash, prize.items, prize.cash,
                                        (), c.points))  # fmt: skip
                else:
                    unawarded.append((group.name, prize.place))
            continue
        winners = won[gi]
        last = max((e.rank for e in winners.values()), default=None)
        candidates = [
            e
            for e in ordered
            if last is not None and e.rank > last and is_eligible(e, group.eligibility, year)
            and not (prize_list.one_prize_per_player and e.start_rank in awarded)
        ]  # fmt: skip
        group_awards = _group_awards(prize_list, group, winners, candidates)
        awarded |= {a.start_rank for a in group_awards if a.start_rank is not None}
        awards += group_awards
        unawarded += [(group.name, p.place) for p in group.prizes if p.place not in winners and not p.is_empty]
    return Distribution(prize_list, tuple(awards), tuple(unawarded), clubs, _share_warnings(prize_list, ordered, awards, year))


def _share_warnings(
    prize_list: PrizeList, ordered: Sequence[Entrant], awards: Sequence[Award], year: int | None
) -> tuple[str, ...]:
    """Players whose shared cash is below the announced cash of a place they were eligible for and
    that went to a player ranked below them (USCF 32B3: "unless any of the winners would receive more
    money by winning ... a particular prize"). Arbitro keeps the distribution and says so."""
    if not prize_list.one_prize_per_player or prize_list.sharing is Sharing.TIEBREAK:
        return ()
    rank = {e.start_rank: e.rank for e in ordered}
    by_rank = {e.start_rank: e for e in ordered}
    groups = {g.name: g for g in prize_list.groups}
    out = []
    for a in awards:
        if a.start_rank is None or not a.shared_with or a.cash >= a.announced:
            continue
        for b in awards:
            g = groups[b.group]
            if (b.start_rank is None or b.group == a.group or b.announced <= a.cash
                    or rank[b.start_rank] <= rank[a.start_rank]
                    or not is_eligible(by_rank[a.start_rank], g.eligibility, year)):  # fmt: skip
                continue
            out.append(
                f"{a.name} receives {a.cash} in {a.group} after sharing, less than the {b.announced} of "
                f"{b.group} place {b.place} (won by {b.name}, ranked below)"
            )
            break
    return tuple(out)
