"""The norm evaluator: one player, one title, the edition of the tournament's start (B.01 1.4).

Order of evaluation (each step only if the previous failed):

1. all counted games (forfeits and byes excluded, 1.42c / 1.4.2c); in a 9-round
   event, 8 played games plus a forfeit win or PAB (2024 1.4.1c) count as 9;
2. the last-round no-show (1.42c / 1.4.2c): the forfeit win counted as a played loss;
3. the best legal choice of games (1.42e/f / 1.4.1e/f), see :mod:`.search`.

An achieved norm then counts extra games for each whole point above the
requirement (1.41c / 1.4.1d), capped at 13 (1.7).
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal

from arbitro.errors import ArbitroError
from arbitro.model import Player, Tournament
from arbitro.titles.editions import NORM_TITLES, Edition, edition_for_date, get_edition
from arbitro.titles.norms.exemption import event_exemption, swiss_exemption
from arbitro.titles.norms.games import GameSet, collect_games
from arbitro.titles.norms.result import (
    COUNTED_AS_LOSS,
    DROPPED,
    Game,
    NormOptions,
    NormResult,
    RoundAudit,
    RuleCheck,
)
from arbitro.titles.norms.rules import NormContext, Verdict, evaluate_choice, performance
from arbitro.titles.norms.search import SearchOutcome, search_choices

__all__ = [
    "PlayerNorms",
    "TournamentFacts",
    "choose_edition",
    "evaluate_norm",
    "evaluate_norms",
    "extra_games",
    "minimum_games",
    "tournament_facts",
    "titles_to_evaluate",
]


def choose_edition(t: Tournament, edition: str | Edition | None = None) -> Edition:
    """The edition to use: given explicitly, else the one in force at the start date."""
    if isinstance(edition, Edition):
        return edition
    if edition is not None and edition != "auto":
        return get_edition(edition)
    return edition_for_date(start_date(t))


def start_date(t: Tournament) -> _dt.date | None:
    """The tournament's start: TRF 042, else the first round date (132)."""
    if t.start_date is not None:
        return t.start_date
    dates = [d for d in t.round_dates if d is not None]
    return min(dates) if dates else None


def end_date(t: Tournament) -> _dt.date | None:
    if t.end_date is not None:
        return t.end_date
    dates = [d for d in t.round_dates if d is not None]
    return max(dates) if dates else None


# Titles a holder no longer needs norms for: a norm is evaluated for every title not held.
_NOT_NEEDED = {
    "GM": set(NORM_TITLES),
    "IM": {"IM", "WIM"},
    "WGM": {"WGM", "WIM"},
    "WIM": {"WIM"},
}


_WOMEN_TITLES = frozenset({"WGM", "WIM", "WFM", "WCM"})


def titles_to_evaluate(player: Player) -> list[str]:
    """Norm titles ``player`` does not hold; WGM and WIM only for women (B.01 1.4)."""
    held = _NOT_NEEDED.get(player.title, set())
    woman = player.is_woman or player.title in _WOMEN_TITLES  # a women's title implies a woman when sex is blank
    return [t for t in NORM_TITLES if t not in held and (woman or not t.startswith("W"))]


@dataclass(frozen=True, slots=True)
class TournamentFacts:
    """What every player's evaluation shares."""

    edition: Edition
    edition_reason: str
    round_robin: bool
    predetermined: bool
    swiss: RuleCheck
    options: NormOptions
    start: _dt.date | None
    end: _dt.date | None


def tournament_facts(t: Tournament, edition: str | Edition | None = None, options: NormOptions | None = None) -> TournamentFacts:
    opts = options or NormOptions()
    ed = choose_edition(t, edition)
    start = start_date(t)
    # The facts are rebuilt from an Edition object by callers that already chose it automatically
    # (issue 20): "chosen by the user" only when the edition differs from the one the date gives.
    automatic = choose_edition(t, None)
    if start is None:
        reason = "no start date in the file: the current edition is used"
    else:
        reason = f"in force on the start date {start.isoformat()}"
    if ed.code != automatic.code:
        reason = f"chosen by the user; the edition {reason} is {automatic.code}"
    rr = t.is_round_robin
    pre = opts.predetermined if opts.predetermined is not None else rr
    return TournamentFacts(ed, reason, rr, pre, swiss_exemption(t, ed), opts, start, end_date(t))


def minimum_games(e: Edition, options: NormOptions | None, rounds: int) -> int:
    """The minimum number of games for a norm in this event (1.41a-b / 1.4.1a-b)."""
    o = options or NormOptions()
    if o.min_games is not None:
        return o.min_games
    if o.event == "team_championship":
        return e.team_min_games.get(rounds, e.min_games)
    if o.event == "world_cup":
        return e.world_cup_min_games
    return e.min_games


def _is_drr(gs: GameSet, f: TournamentFacts) -> bool:
    opps = [g.opponent for g in gs.games]
    return f.round_robin and len(opps) != len(set(opps))


def _eight_of_nine(gs: GameSet, player: Player, e: Edition, min_games: int) -> bool:
    """2024 1.4.1c (2017 1.51): 9 rounds, 8 played, the ninth a forfeit win or PAB."""
    if min_games != 9 or gs.rounds != 9 or len(gs.games) != 8 or len(player.results) < 9:
        return False
    gaps = [(r, "+") for r in gs.forfeit_wins] + [(r, "U") for r in gs.pabs]
    return len(gaps) == 1 and gaps[0][1] in e.eight_of_nine_codes


def _required_half_points(ra: int, n: int, rp_min: int) -> int | None:
    """The fewest half points in ``n`` games that reach ``rp_min`` with this Ra and 35 % (1.48-1.49), or None."""
    need = -((-70 * n) // 100)
    while need <= 2 * n and performance(ra, need, n) < rp_min:
        need += 1
    return need if need <= 2 * n else None


def extra_games(verdict: Verdict, games: Sequence[Game], ctx: NormContext) -> tuple[int, int]:
    """1.41c / 1.4.1d: (half points required with this Ra, extra games for each whole point above it)."""
    assert verdict.ra is not None
    need = _required_half_points(verdict.ra, len(games), ctx.thresholds.rp_min)
    assert need is not None  # the norm was made, so its own score reaches the requirement
    return need, max(0, (verdict.half_points - need) // 2)


def _fmt_half(h: int) -> str:
    return f"{h // 2}.5" if h % 2 else f"{h // 2}.0"


def evaluate_norm(
    t: Tournament,
    start_rank: int,
    title: str,
    *,
    edition: str | Edition | None = None,
    options: NormOptions | None = None,
    facts: TournamentFacts | None = None,
) -> NormResult:
    """Evaluate ``title`` (GM, IM, WGM, WIM) for the player ``start_rank`` (B.01 1.4)."""
    title = title.upper()
    if title not in NORM_TITLES:
        raise ArbitroError(f"title: expected one of {', '.join(NORM_TITLES)}, got {title!r}")
    if start_rank not in t.players:
        raise ArbitroError(f"player: no player with start rank {start_rank}")
    f = facts or tournament_facts(t, edition, options)
    return _Evaluation(t, t.players[start_rank], title, f).run()


def _evaluate_player(t: Tournament, player: Player, f: TournamentFacts) -> list[NormResult]:
    """Every title for one player, sharing the sorted rounds."""
    titles = titles_to_evaluate(player)
    if not titles:
        return []
    gs = collect_games(t, player, f.edition, round_robin=f.round_robin, at_game=f.options.game_ratings)
    return [_Evaluation(t, player, title, f, gs).run() for title in titles]


class _Evaluation:
    """One player and one title; builds the explanation as it goes."""

    def __init__(self, t: Tournament, player: Player, title: str, f: TournamentFacts, gs: GameSet | None = None) -> None:
        self.t, self.player, self.title, self.f = t, player, title, f
        e = f.edition
        self.gs = gs if gs is not None else collect_games(
            t, player, e, round_robin=f.round_robin, at_game=f.options.game_ratings
        )
        min_games = minimum_games(e, f.options, self.gs.rounds)
        exempt = event_exemption(t, player, e, f.options.event, f.swiss)
        self.ctx = NormContext(
            e, title, player.federation.upper(), min_games, _is_drr(self.gs, f), exempt, event_players=len(t.players)
        )
        if _eight_of_nine(self.gs, player, e, min_games):
            self.ctx = replace(self.ctx, eight_of_nine=True)
        self.full: Verdict | None = None

    # -- steps ---------------------------------------------------------
    def run(self) -> NormResult:
        e, ctx, gs = self.f.edition, self.ctx, self.gs
        games = list(gs.games)
        full = evaluate_choice(games, ctx)
        self.full = full
        if full.passed:
            return self._achieved(full, games, "all counted games", (), ())
        base_ctx = replace(ctx, eight_of_nine=False)
        with_loss: list[Game] | None = None
        if gs.last_round_no_show is not None:
            with_loss = sorted([*games, gs.last_round_no_show], key=lambda g: g.round)
            v = evaluate_choice(with_loss, base_ctx)
            if v.passed:
                route = f"last-round no-show counted as a played loss ({e.article('last_round')})"
                return self._achieved(v, with_loss, route, (), (), no_show=True)
        outcome = self._search(games, base_ctx)
        if outcome.verdict is not None:
            return self._achieved(outcome.verdict, list(outcome.games), "best legal choice of games", outcome.tail, outcome.won)
        proofs = [outcome.proof]
        if with_loss is not None:
            alt = self._search(with_loss, base_ctx)
            if alt.verdict is not None:
                route = f"best legal choice with the last-round no-show as a loss ({e.article('last_round')})"
                return self._achieved(alt.verdict, list(alt.games), route, alt.tail, alt.won, no_show=True)
            proofs.append(f"with the last-round no-show as a loss: {alt.proof}")
        return self._not_achieved(full, games, proofs)

    def _search(self, games: list[Game], ctx: NormContext) -> SearchOutcome:
        """1.42e/f / 1.4.1e/f; with predetermined pairings the edition's extra condition applies."""
        e, f = self.f.edition, self.f
        allow_tail = True
        if f.predetermined:
            rule = e.tail_drop_predetermined
            allow_tail = rule != "forbidden"
            if rule != "allowed":
                full_mix = evaluate_choice(games, replace(ctx, min_games=0))
                failed = [c.article for c in full_mix.checks if c.failed and c.rule in _MIX_RULES]
                if failed:
                    return SearchOutcome(
                        None, (), (), (), 0,
                        "predetermined pairings: the opponents of the complete event do not allow a norm "
                        f"({', '.join(failed)}), so no game may be left out",
                    )
        return search_choices(games, ctx, allow_tail=allow_tail, allow_won=True)

    # -- results -------------------------------------------------------
    def _header(self) -> list[str]:
        f, e = self.f, self.f.edition
        lines = [f"Edition {e.code}: {e.label} ({f.edition_reason})"]
        if "edition" in e.uncertain:
            lines.append(f"[uncertain: {e.uncertain['edition']}]")
        lines.append(
            f"{self.title} norm thresholds: Ra >= {self.ctx.thresholds.ra_min}, Rp >= {self.ctx.thresholds.rp_min}, "
            f"rating floor {self.ctx.thresholds.floor} ({e.article('rating_floor')}), minimum {self.ctx.min_games} games"
        )
        if self.ctx.exempt:
            lines.append(f"Federation rules waived: {self.ctx.exempt}")
        lines.extend(self._long_event_lines())
        return lines

    def _long_event_lines(self) -> list[str]:
        f, e = self.f, self.f.edition
        if e.long_event_days is None or f.start is None or f.end is None:
            return []
        days = (f.end - f.start).days + 1
        if days <= e.long_event_days:
            return []
        head = f"{e.article('long_event')}: the event lasted {days} days (> {e.long_event_days}): ratings and titles at the time of each game apply"
        at_game = f.options.game_ratings
        if at_game:
            given = sum(1 for g in self.gs.games if (g.round, g.opponent) in at_game)
            return [f"{head}; given for {given} of {len(self.gs.games)} counted games, the others use the file's rating"]
        return [f"{head}; the file holds one rating per player, which is used (check by hand)"]

    def _audit(self, tail: Sequence[int], won: Sequence[int], no_show: bool) -> list[RoundAudit]:
        e = self.f.edition
        out: list[RoundAudit] = []
        last = self.gs.last_round_no_show
        for a in self.gs.audit:
            if a.round in tail:
                a = replace(a, status=DROPPED, article=e.article("ignore_after"), reason="ignored: after the norm was reached")
            elif a.round in won:
                a = replace(a, status=DROPPED, article=e.article("drop_won"), reason="won game ignored")
            elif no_show and last is not None and a.round == last.round:
                a = replace(a, status=COUNTED_AS_LOSS, article=e.article("last_round"), reason="last-round no-show counted as a played loss")
            out.append(a)
        return out

    def _result(
        self,
        verdict: Verdict,
        counted: Sequence[Game],
        *,
        achieved: bool,
        games: int | None,
        dropped_rounds: list[int],
        failed_rules: list[str],
        explanation: list[str],
        audit: list[RoundAudit],
        route: str,
        extra_games: int = 0,
        eight_of_nine: bool = False,
    ) -> NormResult:
        uncertain = sorted({u for c in verdict.checks for u in c.uncertain})
        return NormResult(
            start_rank=self.player.start_rank,
            name=self.player.name,
            title=self.title,
            achieved=achieved,
            games=games,
            games_counted=len(counted),
            score=(Decimal(verdict.half_points) / 2).quantize(Decimal("0.1")),
            ra=verdict.ra,
            rp=verdict.rp,
            dropped_rounds=dropped_rounds,
            failed_rules=failed_rules,
            explanation=explanation,
            audit=audit,
            checks=list(verdict.checks),
            edition=self.f.edition.code,
            tournament_start=self.f.start,
            tournament_end=self.f.end,
            extra_games=extra_games,
            route=route,
            uncertain=uncertain,
            exemption=self.ctx.exempt,
            eight_of_nine=eight_of_nine,
        )

    def _achieved(
        self, v: Verdict, games: Sequence[Game], route: str, tail: Sequence[int], won: Sequence[int], *, no_show: bool = False
    ) -> NormResult:
        e, ctx = self.f.edition, self.ctx
        eight = ctx.eight_of_nine and len(games) == 8 and not tail and not won and not no_show
        lines = self._header()
        lines.append(f"Route: {route}")
        full = self.full
        if full is not None and v is not full:
            why = "; ".join(c.line() for c in full.checks if c.failed)
            lines.append(f"All {full.games} counted games do not make the norm: {why}")
        if tail:
            lines.append(f"{e.article('ignore_after')}: rounds {', '.join(map(str, tail))} ignored (played after the norm was reached)")
        if won:
            plural = "s" if len(won) > 1 else ""
            lines.append(f"{e.article('drop_won')}: won game{plural} of round{plural} {', '.join(map(str, won))} ignored")
        lines.extend(c.line() for c in v.checks)
        final_ctx = ctx if eight else replace(ctx, eight_of_nine=False)
        need, extra = extra_games(v, games, final_ctx)
        base = e.eight_of_nine_counts_as if eight else len(games)
        wc_count = e.world_cup_counts_as if self.f.options.event == "world_cup" else None
        if wc_count is not None and len(games) == e.world_cup_min_games:
            base = wc_count
            lines.append(f"{e.article('team_games')}: an {len(games)}-game World Cup norm counts as {base} games")
        total = base
        if e.extra_games:
            total += extra
            lines.append(
                f"{e.article('extra_games')}: score {_fmt_half(v.half_points)}, requirement {_fmt_half(need)} with Ra {v.ra}: "
                f"{extra} extra game(s) -> {total} games"
            )
        if e.games_cap is not None and total > e.games_cap:
            note = "".join(f" [uncertain: {n}]" for n in e.note("games_cap"))
            lines.append(f"{e.article('games_cap')}: a norm counts for at most {e.games_cap} games ({total} -> {e.games_cap}){note}")
            total = e.games_cap
        elif e.games_cap is None:
            lines.append("no 13-game cap in this edition")
        lines.append(f"{self.title} norm achieved: counts as {total} games toward a title application")
        lines.append("A norm verdict is provisional until the Qualification Commission checks the application.")
        return self._result(
            v, games, achieved=True, games=total, dropped_rounds=sorted([*tail, *won]), failed_rules=[],
            explanation=lines, audit=self._audit(tail, won, no_show), extra_games=total - base if total > base else 0,
            route=route, eight_of_nine=eight,
        )

    def _not_achieved(self, v: Verdict, games: Sequence[Game], proofs: list[str]) -> NormResult:
        lines = self._header()
        lines.append("Route: all counted games")
        lines.extend(c.line() for c in v.checks)
        th = self.ctx.thresholds
        if v.ra is not None and v.ra >= th.ra_min and v.games:
            need = _required_half_points(v.ra, v.games, th.rp_min)
            if need is not None and need > v.half_points:
                lines.append(
                    f"With these {v.games} opponents (Ra {v.ra}) the norm needs {_fmt_half(need)} points; "
                    f"scored {_fmt_half(v.half_points)}"
                )
        for p in proofs:
            lines.append(f"Leaving games out ({self.f.edition.article('drop_won')}/{self.f.edition.article('ignore_after')}): {p}")
        lines.append(f"{self.title} norm not achieved")
        return self._result(
            v, games, achieved=False, games=None, dropped_rounds=[], failed_rules=v.failed_rules or ["no games"],
            explanation=lines, audit=self._audit((), (), False), route="not achieved",
        )


_MIX_RULES = frozenset({"federations", "federation_maxima", "titled", "norm_title", "unrated_max"})


@dataclass(frozen=True, slots=True)
class PlayerNorms:
    """Every norm title evaluated for one player."""

    start_rank: int
    name: str
    norms: list[NormResult]


def evaluate_norms(
    t: Tournament,
    edition: str | Edition | None = None,
    *,
    options: NormOptions | None = None,
    players: Sequence[int] | None = None,
) -> list[PlayerNorms]:
    """Evaluate every player (or ``players``) for every norm title they do not hold."""
    f = tournament_facts(t, edition, options)
    ranks = list(players) if players is not None else sorted(t.players)
    out: list[PlayerNorms] = []
    for rank in ranks:
        if rank not in t.players:
            raise ArbitroError(f"player: no player with start rank {rank}")
        p = t.players[rank]
        out.append(PlayerNorms(rank, p.name, _evaluate_player(t, p, f)))
    return out
