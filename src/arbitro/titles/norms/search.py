"""The best legal choice of games (B.01 1.42e/f; 2024 1.4.1e/f).

Two ways of leaving games out are allowed:

* **ignoring later games** (1.42f / 1.4.1e): a player with a title result before
  the last round may ignore all games played afterwards - a trailing tail of
  rounds. With predetermined pairings (round robins) the 2017 text requires the
  mix to allow a norm over the complete event; the 2024 reading (S6) forbids it;
* **dropping won games** (1.42e / 1.4.1f): games against defeated opponents may
  be ignored, if the minimum number of games against the required mix remains.

Candidates are tried smallest change first (fewest rounds left out, then the
lowest total rating of the opponents left out); the first that makes the norm
wins. When none does, the search says why: a bound that no choice can beat, or
the number of choices tried.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from arbitro.ratings import DP_TABLE
from arbitro.titles.norms.result import Game
from arbitro.titles.norms.rules import TITLED, NormContext, Verdict, evaluate_choice, percent

__all__ = ["SEARCH_BUDGET", "SearchOutcome", "impossibility", "search_choices"]

#: at most this many choices are evaluated in full for one player and title
SEARCH_BUDGET = 20_000


@dataclass(frozen=True, slots=True)
class SearchOutcome:
    """The first passing choice (or ``None``) and how the search went."""

    verdict: Verdict | None
    games: tuple[Game, ...]
    tail: tuple[int, ...]  # rounds ignored after an early norm
    won: tuple[int, ...]  # won rounds dropped
    tried: int
    proof: str


def impossibility(games: Sequence[Game], ctx: NormContext) -> str | None:
    """A reason no choice of at least ``min_games`` of ``games`` can make the norm, or ``None``.

    Bounds: every subset has at most the titled / title-holder opponents of the
    whole set, at most its score, and an average at most that of the strongest
    ``m`` opponents (each at least at the floor).
    """
    m = ctx.min_games
    n = len(games)
    if n < m:
        return f"only {n} games counted, {m} needed: leaving games out cannot help"
    if ctx.drr:
        return None
    titled = sum(1 for g in games if g.title in TITLED)
    if titled < -(-m // 2):
        return f"only {titled} titled opponents in all games; any choice of {m}+ games needs at least {-(-m // 2)}"
    th = ctx.thresholds
    if ctx.edition.title_mix == "third":
        holders = sum(1 for g in games if g.title in th.norm_title_holders)
        need = max(3, -(-m // 3))
        if holders < need:
            return f"only {holders} holders of the norm title in all games; any choice of {m}+ games needs {need}"
    half = sum(g.half_points for g in games)
    if 100 * half < 70 * m:
        return "the whole score is below 35 % of the minimum number of games"
    values = sorted((max(g.rating if g.rating > 0 else ctx.edition.unrated_value, th.floor) for g in games), reverse=True)
    ra_ub = -(-sum(values[:m]) // m)
    if ra_ub < th.ra_min:
        return f"the strongest {m} opponents average at most {ra_ub} < {th.ra_min}"
    rp_ub = ra_ub + DP_TABLE[min(100, percent(half, m))]
    if rp_ub < th.rp_min:
        return f"no choice of {m}+ games can reach Rp {th.rp_min} (at most {rp_ub})"
    return None


def _batch_bound_fails(games: Sequence[Game], prefix: int, won: Sequence[int], k: int, ctx: NormContext) -> bool:
    """True when no choice keeping rounds ``< prefix`` minus ``k`` won games can pass the score/Ra/Rp rules.

    The score and the number of games are the same for every such choice; the
    average is at most that of the kept opponents after dropping the k weakest
    wins, each counted at least at the floor.
    """
    th, e = ctx.thresholds, ctx.edition
    kept_n = prefix - k
    if kept_n <= 0:
        return True
    half = sum(g.half_points for g in games[:prefix]) - 2 * k
    if 100 * half < 70 * kept_n:
        return True

    def val(g: Game) -> int:
        return max(g.rating if g.rating > 0 else e.unrated_value, th.floor)

    if not ctx.drr:
        # the most titled / title-holder opponents a choice can keep: drop the others' wins first
        kept = games[:prefix]
        titled = sum(1 for g in kept if g.title in TITLED)
        spare = sum(1 for i in won if games[i].title not in TITLED)
        if titled - max(0, k - spare) < -(-kept_n // 2):
            return True
        if e.title_mix == "third":
            holders = th.norm_title_holders
            have = sum(1 for g in kept if g.title in holders)
            spare = sum(1 for i in won if games[i].title not in holders)
            if have - max(0, k - spare) < max(3, -(-kept_n // 3)):
                return True
    weakest = sorted(val(games[i]) for i in won)[:k]
    total = sum(val(g) for g in games[:prefix]) - sum(weakest)
    ra_ub = -(-total // kept_n)
    return ra_ub < th.ra_min or ra_ub + DP_TABLE[percent(half, kept_n)] < th.rp_min


def _candidates(
    games: Sequence[Game], ctx: NormContext, max_drop: int, allow_tail: bool, allow_won: bool, value: Callable[[Game], int]
) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """(tail indices, won indices) drop sets of size 1..max_drop, smallest then weakest first.

    Whole batches (same tail, same number of won games) that cannot reach the
    score, Ra or Rp are skipped without enumerating them.
    """
    n = len(games)
    for size in range(1, max_drop + 1):
        batch: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []
        for tail_len in range(0, (size if allow_tail else 0) + 1):
            prefix = n - tail_len
            k = size - tail_len
            if k and not allow_won:
                continue
            won = [i for i in range(prefix) if games[i].half_points == 2]
            if k > len(won) or _batch_bound_fails(games, prefix, won, k, ctx):
                continue
            tail = tuple(range(prefix, n))
            for combo in combinations(won, k):
                cost = sum(value(games[i]) for i in (*tail, *combo))
                batch.append((cost, tail, combo))
        batch.sort()
        for _, tail, combo in batch:
            yield tail, combo


def search_choices(
    games: Sequence[Game],
    ctx: NormContext,
    *,
    allow_tail: bool,
    allow_won: bool,
    admissible: Callable[[tuple[int, ...], tuple[int, ...]], bool] | None = None,
) -> SearchOutcome:
    """Find the smallest legal change of ``games`` that makes the norm (B.01 1.42e/f, 1.4.1e/f)."""
    proof = impossibility(games, ctx)
    if proof is not None:
        return SearchOutcome(None, (), (), (), 0, proof)
    max_drop = len(games) - ctx.min_games
    if max_drop <= 0:
        return SearchOutcome(None, (), (), (), 0, f"no game can be left out: {len(games)} games counted, {ctx.min_games} needed")
    unrated = ctx.edition.unrated_value

    def value(g: Game) -> int:
        return g.rating if g.rating > 0 else unrated

    tried = 0
    if not allow_won and not allow_tail:
        return SearchOutcome(None, (), (), (), 0, "no games may be left out in this event")
    for tail, won in _candidates(games, ctx, max_drop, allow_tail, allow_won, value):
        if tried >= SEARCH_BUDGET:
            return SearchOutcome(
                None, (), (), (), tried,
                f"search stopped after {tried} choices without a norm (budget); a norm by leaving out more games "
                "is not excluded - check by hand",
            )
        if admissible is not None and not admissible(tail, won):
            continue
        tried += 1
        dropped = set(tail) | set(won)
        chosen = tuple(g for i, g in enumerate(games) if i not in dropped)
        verdict = evaluate_choice(chosen, ctx)
        if verdict.passed:
            return SearchOutcome(
                verdict, chosen,
                tuple(games[i].round for i in tail), tuple(games[i].round for i in won), tried, "",
            )
    what = "later rounds and won games" if allow_tail else "won games"
    return SearchOutcome(None, (), (), (), tried, f"every legal choice leaving out {what} (at least {ctx.min_games} games kept) fails; "
        f"{tried} choice(s) checked in full, the others fail on score, Ra, Rp or title-count bounds")
