"""One function per article of B.01 1.4 (norms), applied to one choice of games.

Every function takes the counted games and a :class:`NormContext` and returns a
:class:`~arbitro.titles.norms.result.RuleCheck` citing the article as numbered in
the edition used. :func:`evaluate_choice` runs them all.

Proportional thresholds use the number of games counted (e.g. 8 in the 8-of-9
case of 1.4.1c, fewer after dropping games under 1.4.1e/f). In a double round
robin the opponent mix counts distinct opponents (1.45f / 1.4.5f).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from arbitro.errors import msg
from arbitro.ratings import DP_TABLE, norm_rating_average
from arbitro.titles.editions import Edition, TitleThresholds
from arbitro.titles.norms.games import NO_FEDERATION
from arbitro.titles.norms.result import Game, RuleCheck

__all__ = [
    "NormContext",
    "Verdict",
    "check_drr_players",
    "check_federation_maxima",
    "check_min_games",
    "check_min_score",
    "check_norm_title",
    "check_other_federations",
    "check_performance",
    "check_rating_average",
    "check_titled",
    "check_unrated_max",
    "evaluate_choice",
    "percent",
    "performance",
    "rating_average",
]

#: titles counted as "titled" for 1.45a / 1.4.5a (CM and WCM excluded)
TITLED = frozenset({"GM", "IM", "WGM", "FM", "WIM", "WFM"})


@dataclass(frozen=True, slots=True)
class NormContext:
    """What one evaluation needs besides the games."""

    edition: Edition
    title: str
    federation: str
    min_games: int
    drr: bool = False
    #: why 1.43 (and 1.44) are waived, or None
    exempt: str | None = None
    #: the 8-of-9 route (1.4.1c) is in use: 8 games satisfy the minimum
    eight_of_nine: bool = False
    #: players in the event (for the double-round-robin minimum of 1.45f / 1.4.5f)
    event_players: int = 0

    @property
    def thresholds(self) -> TitleThresholds:
        return self.edition.thresholds[self.title]


@dataclass(frozen=True, slots=True)
class Verdict:
    """All rule checks on one choice of games."""

    checks: tuple[RuleCheck, ...]
    games: int
    half_points: int
    ra: int | None
    rp: int | None

    @property
    def passed(self) -> bool:
        return not any(c.failed for c in self.checks)

    @property
    def failed_rules(self) -> list[str]:
        return [c.article for c in self.checks if c.failed]


def _ceil_of(share: Fraction, n: int) -> int:
    """ceil(share x n) in integers."""
    return -((-share.numerator * n) // share.denominator)


def _floor_of(share: Fraction, n: int) -> int:
    """floor(share x n) in integers."""
    return (share.numerator * n) // share.denominator


def _opponents(games: Sequence[Game], ctx: NormContext) -> list[Game]:
    """The opponents the mix rules count: every game, or each opponent once in a double round robin."""
    if not ctx.drr:
        return list(games)
    seen: dict[int, Game] = {}
    for g in games:
        seen.setdefault(g.opponent, g)
    return list(seen.values())


def _fmt_half(h: int) -> str:
    return f"{h // 2}.5" if h % 2 else f"{h // 2}.0"


def percent(half: int, n: int) -> int:
    """Score as a whole percent, 0.5 % rounded up (B.01 1.48 / 1.4.8), exact integers."""
    q, r = divmod(100 * half, 2 * n)
    return q + (2 * r >= 2 * n)


def check_min_games(games: Sequence[Game], ctx: NormContext) -> RuleCheck:
    """1.41a / 1.4.1a-c: at least the minimum number of games (9, or the event's exception)."""
    e, n = ctx.edition, len(games)
    if ctx.eight_of_nine:
        ok = n >= 8
        return RuleCheck(
            "eight_of_nine",
            e.article("eight_of_nine"),
            ok,
            msg(
                "norm.eight_of_nine",
                "{n} games played in 9 rounds; the missing game is a forfeit win or pairing-allocated bye, "
                "so 8 played games suffice and the norm counts as {counts_as} games",
                n=n, counts_as=e.eight_of_nine_counts_as,
            ),
            e.note("eight_of_nine"),
        )
    ok = n >= ctx.min_games
    if ctx.min_games != e.min_games:
        return RuleCheck(
            "min_games", e.article("team_games"), ok,
            msg("norm.min_games_event", "{n} games counted, at least {need} needed in this event (normally {normal})",
                n=n, need=ctx.min_games, normal=e.min_games),
            e.note("team_min_games"),
        )
    return RuleCheck(
        "min_games", e.article("min_games"), ok,
        msg("norm.min_games", "{n} games counted, at least {need} needed", n=n, need=ctx.min_games),
    )


def check_drr_players(games: Sequence[Game], ctx: NormContext) -> RuleCheck:
    """1.45f / 1.4.5f: a double round robin needs at least 6 players; each opponent counts once."""
    e = ctx.edition
    need = e.drr_min_players
    return RuleCheck(
        "drr", e.article("drr"), ctx.event_players >= need,
        msg("norm.drr", "double round robin of {players} players (at least {need}); opponents counted once for the mix",
            players=ctx.event_players, need=need),
    )


def check_other_federations(games: Sequence[Game], ctx: NormContext) -> RuleCheck:
    """1.43 / 1.4.3: at least two federations other than the applicant's (FID is no federation)."""
    e = ctx.edition
    feds = {g.federation for g in _opponents(games, ctx)} - NO_FEDERATION - {ctx.federation}
    need = e.min_other_federations
    listed = ", ".join(sorted(feds)) or msg("norm.none", "none")
    if ctx.exempt:
        return RuleCheck(
            "federations", e.article("federations"), None,
            msg("norm.federations_waived", "waived ({why}); other federations: {listed}", why=ctx.exempt, listed=listed),
        )
    ok = len(feds) >= need
    return RuleCheck(
        "federations", e.article("federations"), ok,
        msg("norm.federations", "{have} other federations ({listed}), at least {need} needed",
            have=len(feds), listed=listed, need=need),
    )  # fmt: skip


def _maximum(share: Fraction, n: int, round_down: bool) -> int:
    return _floor_of(share, n) if round_down else _ceil_of(share, n)


def check_federation_maxima(games: Sequence[Game], ctx: NormContext) -> RuleCheck:
    """1.44 / 1.4.4: at most 3/5 from the applicant's federation, at most 2/3 from any one federation.

    2017 on: maxima rounded down; 2005: percentages (60 %, 66 %) rounded up.
    """
    e = ctx.edition
    opps = _opponents(games, ctx)
    n = len(opps)
    counts = Counter(g.federation for g in opps if g.federation not in NO_FEDERATION)
    own = counts.get(ctx.federation, 0)
    own_max = _maximum(e.own_federation_max, n, e.maxima_round_down)
    one_max = _maximum(e.one_federation_max, n, e.maxima_round_down)
    top_fed, top = counts.most_common(1)[0] if counts else ("-", 0)
    detail = msg(
        "norm.federation_maxima",
        "own federation {own} (max {own_max}), largest federation {top_fed} {top} (max {one_max}) of {n} opponents",
        own=own, own_max=own_max, top_fed=top_fed, top=top, one_max=one_max, n=n,
    )
    notes = e.note("maxima_round_down")
    if ctx.exempt and e.exemptions_waive_maxima:
        waived = msg("norm.waived", "waived ({why}); {detail}", why=ctx.exempt, detail=detail)
        return RuleCheck("federation_maxima", e.article("federation_maxima"), None, waived, notes)
    ok = own <= own_max and top <= one_max
    return RuleCheck("federation_maxima", e.article("federation_maxima"), ok, detail, notes)


def check_titled(games: Sequence[Game], ctx: NormContext) -> RuleCheck:
    """1.45a / 1.4.5a: at least 50 % of the opponents titled (CM and WCM excluded)."""
    e = ctx.edition
    opps = _opponents(games, ctx)
    have = sum(1 for g in opps if g.title in TITLED)
    need = _ceil_of(e.titled_fraction, len(opps))
    return RuleCheck(
        "titled", e.article("titled"), have >= need,
        msg("norm.titled", "{have} titled opponents, at least {need} needed", have=have, need=need),
    )


def _fixed_mix_2005(title: str, counts: Counter[str]) -> tuple[bool, str]:  # noqa: PLR0911
    """1.45b-e (2005): fixed numbers of title holders."""
    gm, im, wgm, wim, fm = (counts.get(t, 0) for t in ("GM", "IM", "WGM", "WIM", "FM"))
    group = gm + im + wgm + fm
    if title == "GM":
        return gm >= 3, msg("norm.mix_2005_gm", "{gm} GM, at least 3 needed", gm=gm)
    if title == "IM":
        return gm + im >= 3, msg("norm.mix_2005_im", "{gmim} GM/IM, at least 3 needed", gmim=gm + im)
    if title == "WGM":
        return gm >= 2 or group >= 3, msg(
            "norm.mix_2005_wgm", "{gm} GM and {group} GM/IM/WGM/FM: 2 GM or 3 of GM/IM/WGM/FM needed", gm=gm, group=group
        )
    ok = wim >= 3 or (wim >= 2 and group >= 1) or group >= 2
    return ok, msg(
        "norm.mix_2005_wim",
        "{wim} WIM and {group} GM/IM/WGM/FM: 3 WIM, or 2 WIM + 1 of the group, or 2 of the group needed",
        wim=wim, group=group,
    )  # fmt: skip


def check_norm_title(games: Sequence[Game], ctx: NormContext) -> RuleCheck:
    """1.45b-e / 1.4.5b-e: holders of the norm title (or higher): 1/3 of the opponents, minimum 3."""
    e = ctx.edition
    opps = _opponents(games, ctx)
    if e.title_mix == "fixed":
        ok, detail = _fixed_mix_2005(ctx.title, Counter(g.title for g in opps))
        notes = e.note("title_mix") if ctx.title != "GM" else ()  # the GM count (3 GMs) is clear in 1.45b
        return RuleCheck("norm_title", e.article("norm_title"), ok, detail, notes)
    holders = ctx.thresholds.norm_title_holders
    have = sum(1 for g in opps if g.title in holders)
    need = max(3, -(-len(opps) // 3))
    names = "/".join(t for t in ("GM", "IM", "WGM", "WIM") if t in holders)
    return RuleCheck(
        "norm_title", e.article("norm_title"), have >= need,
        msg("norm.norm_title", "{have} {titles} opponents, at least {need} needed", have=have, titles=names, need=need),
    )


def check_unrated_max(games: Sequence[Game], ctx: NormContext) -> RuleCheck:
    """1.46a: at most floor(20 % x (opponents + 1)) unrated opponents."""
    e = ctx.edition
    opps = _opponents(games, ctx)
    have = sum(1 for g in opps if g.rating <= 0)
    if e.unrated_max_fraction is None:
        return RuleCheck(
            "unrated_max", e.article("unrated_max"), None,
            msg("norm.unrated_no_max", "{have} unrated opponents; no maximum in this edition", have=have),
        )
    most = _floor_of(e.unrated_max_fraction, len(opps) + 1)
    return RuleCheck(
        "unrated_max", e.article("unrated_max"), have <= most,
        msg("norm.unrated_max", "{have} unrated opponents, at most {most}", have=have, most=most),
        e.note("unrated_max_fraction") if have else (),
    )


def check_min_score(games: Sequence[Game], ctx: NormContext) -> RuleCheck:
    """1.49 / 1.4.8b: a score of at least 35 % (exact, not the rounded percentage)."""
    e = ctx.edition
    n = len(games)
    half = sum(g.half_points for g in games)
    need = -((-70 * n) // 100)  # smallest h with 100 h >= 70 n
    return RuleCheck(
        "min_score", e.article("min_score"), half >= need,
        msg("norm.min_score", "score {score}/{n}, at least {need} (35 %) needed", score=_fmt_half(half), n=n, need=_fmt_half(need)),
    )


def rating_average(games: Sequence[Game], ctx: NormContext) -> int:
    """Ra (1.46c-d, 1.47 / 1.4.6-1.4.7): unrated at the edition's value, lowest opponent(s) raised to the floor."""
    e = ctx.edition
    return norm_rating_average(
        [g.rating for g in games],
        floor=ctx.thresholds.floor,
        unrated_value=e.unrated_value,
        raise_count=e.floor_raise_count,
    )


def performance(ra: int, half: int, n: int) -> int:
    """Rp = Ra + dp(p) (1.48 / 1.4.8a; dp from B.02 table 8.1.1 = B.01 1.4.9)."""
    return ra + DP_TABLE[percent(half, n)]


def _ra_detail(games: Sequence[Game], ctx: NormContext, ra: int) -> str:
    """The Ra line, saying the unrated opponents' value and the ratings raised to the floor (1.46c-d, 1.47)."""
    e, th = ctx.edition, ctx.thresholds
    values = sorted(g.rating if g.rating > 0 else e.unrated_value for g in games)
    raised = ", ".join(str(v) for v in values[: e.floor_raise_count] if v < th.floor)
    unrated = sum(1 for g in games if g.rating <= 0)
    common = {"ra": ra, "need": th.ra_min}
    if unrated and raised:
        return msg(
            "norm.ra_unrated_raised",
            "Ra {ra} ({unrated} unrated at {value}; {raised} raised to the floor {floor}), at least {need} needed",
            unrated=unrated, value=e.unrated_value, raised=raised, floor=th.floor, **common,
        )  # fmt: skip
    if unrated:
        return msg("norm.ra_unrated", "Ra {ra} ({unrated} unrated at {value}), at least {need} needed",
                   unrated=unrated, value=e.unrated_value, **common)  # fmt: skip
    if raised:
        return msg("norm.ra_raised", "Ra {ra} ({raised} raised to the floor {floor}), at least {need} needed",
                   raised=raised, floor=th.floor, **common)  # fmt: skip
    return msg("norm.ra", "Ra {ra}, at least {need} needed", **common)


def check_rating_average(games: Sequence[Game], ctx: NormContext, ra: int) -> RuleCheck:
    """1.47 / 1.4.8a: the opponents' average (after the floor) at least the title's minimum."""
    e, th = ctx.edition, ctx.thresholds
    notes = e.note("unrated_value") if any(g.rating <= 0 for g in games) else ()
    notes += e.note("floor_raise_count", "thresholds")
    return RuleCheck("ra", e.article("ra"), ra >= th.ra_min, _ra_detail(games, ctx, ra), notes)


def check_performance(games: Sequence[Game], ctx: NormContext, ra: int, rp: int) -> RuleCheck:
    """1.48 / 1.4.8a: Rp = Ra + dp at least the title's minimum performance."""
    e, th = ctx.edition, ctx.thresholds
    n = len(games)
    half = sum(g.half_points for g in games)
    p = percent(half, n)
    return RuleCheck(
        "rp", e.article("rp"), rp >= th.rp_min,
        msg("norm.rp", "Rp {rp} = Ra {ra} + dp {dp} ({score}/{n} = {percent} %), at least {need} needed",
            rp=rp, ra=ra, dp=DP_TABLE[p], score=_fmt_half(half), n=n, percent=p, need=th.rp_min),
        e.note("thresholds"),
    )


def evaluate_choice(games: Sequence[Game], ctx: NormContext) -> Verdict:
    """Run every rule of B.01 1.4 on one choice of games."""
    n = len(games)
    half = sum(g.half_points for g in games)
    checks = [check_min_games(games, ctx)]
    if ctx.drr:
        checks.append(check_drr_players(games, ctx))
    checks += [
        check_other_federations(games, ctx),
        check_federation_maxima(games, ctx),
        check_titled(games, ctx),
        check_norm_title(games, ctx),
        check_unrated_max(games, ctx),
    ]
    if n == 0:
        return Verdict(tuple(checks), 0, 0, None, None)
    checks.append(check_min_score(games, ctx))
    ra = rating_average(games, ctx)
    rp = performance(ra, half, n)
    checks.append(check_rating_average(games, ctx, ra))
    checks.append(check_performance(games, ctx, ra, rp))
    return Verdict(tuple(checks), n, half, ra, rp)

