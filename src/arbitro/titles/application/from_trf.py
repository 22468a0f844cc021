"""A :class:`NormRecord` from a TRF tournament and a player, through the norm evaluator.

The norm itself is judged by :func:`arbitro.titles.norms.evaluate_norm` under the
edition in force when the tournament started; this module only finds the
applicant in the tournament, keeps the titles the evaluator confirms, and adds
what the application asks about the event:

* one round per day on at least 3 days (2017 1.13a, 2024 1.1.3a) and the
  Swiss qualifying event of 2022/2024 1.5.6a, from the tournament checks of
  :mod:`arbitro.titles.checks` unless the dossier says;
* whether the norm met the *normal* foreign-federation requirement
  (2017 1.43 / 1.44, 2024 1.4.3-1.4.4, without the exemptions), needed for
  at least one norm of an application (2017 1.43, 2024 1.4.3e).

No I/O: the caller reads the TRF file.
"""

from __future__ import annotations

import datetime as dt
import math
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

from arbitro.errors import ArbitroError
from arbitro.model import Player, ResultCode, Tournament
from arbitro.titles.application.params import NORM_TITLES, norm_edition_for
from arbitro.titles.application.records import Applicant, NormRecord, TournamentInfo
from arbitro.titles.checks import FAILED, PASSED, check_one_round_per_day, check_qualifying_event
from arbitro.titles.editions import get_edition
from arbitro.titles.norms import NormOptions, NormResult, evaluate_norm

__all__ = ["find_player", "normal_foreign_requirement", "norm_from_trf"]

_NO_FEDERATION = frozenset({"", "FID", "NON"})


def _event_facts(t: Tournament, edition: str) -> tuple[bool | None, bool | None, str]:
    """One round a day (1.13a / 1.1.3a) and the 1.5.6a Swiss qualifying check, from the tournament checks."""
    e = get_edition(edition)
    day = check_one_round_per_day(t, e)
    one_a_day = {PASSED: True, FAILED: False}.get(day.status)
    qual = check_qualifying_event(t, e)
    qualifying = {PASSED: True, FAILED: False}.get(qual.status)
    reason = f"{qual.article} {qual.status}: {qual.detail}"
    if qualifying is not True:
        reason += (
            " (other qualifying events of 1.5.6 - Olympiad, national final ... - are set in the dossier)"
        )
    return one_a_day, qualifying, reason


def find_player(t: Tournament, applicant: Applicant, start_rank: int | None, where: str) -> Player:
    """The applicant in ``t``: by start rank (checked against the FIDE ID), else by FIDE ID, else by name."""
    if start_rank is not None:
        if start_rank not in t.players:
            raise ArbitroError(
                f"{where}: start rank {start_rank} is not in the tournament ({len(t.players)} players)"
            )
        player = t.players[start_rank]
        if applicant.fide_id and player.fide_id and player.fide_id != applicant.fide_id:
            raise ArbitroError(
                f"{where}: start rank {start_rank} is {player.name} (FIDE ID {player.fide_id}), "
                f"not the applicant {applicant.name} (FIDE ID {applicant.fide_id})"
            )
        return player
    if applicant.fide_id:
        found = [p for p in t.iter_players() if p.fide_id == applicant.fide_id]
        if found:
            return found[0]
    name = applicant.name.casefold()
    found = [p for p in t.iter_players() if p.name.casefold() == name]
    if len(found) == 1:
        return found[0]
    who = f"{applicant.name}" + (f" (FIDE ID {applicant.fide_id})" if applicant.fide_id else "")
    raise ArbitroError(f"{where}: the applicant {who} is not in the tournament; give start_rank")


def normal_foreign_requirement(
    t: Tournament, player: Player, result: NormResult, edition_code: str
) -> tuple[bool, str]:
    """The norm's counted games meet 1.43/1.44 (2024 1.4.3/1.4.4) without any exemption.

    At least two federations other than the applicant's; at most 3/5 of the
    opponents from the applicant's federation and 2/3 from one federation
    (rounded down from 2017, up in 2005). FID and NON are no federation.
    """
    e = get_edition(edition_code)
    counted = [a.opponent for a in result.audit if a.opponent is not None and a.status.startswith("counted")]
    feds = [t.players[o].federation.upper() for o in counted if o in t.players]
    own = player.federation.upper()
    n = len(feds)
    counts = Counter(f for f in feds if f not in _NO_FEDERATION)
    others = set(counts) - {own}

    def cap(share: Fraction) -> int:
        value = share * n
        return math.floor(value) if e.maxima_round_down else math.ceil(value)

    own_max, one_max = cap(e.own_federation_max), cap(e.one_federation_max)
    top = max(counts.values(), default=0)
    ok = len(others) >= e.min_other_federations and counts.get(own, 0) <= own_max and top <= one_max
    detail = (
        f"{len(others)} other federations (>= {e.min_other_federations}), own federation {counts.get(own, 0)} "
        f"(max {own_max}), largest federation {top} (max {one_max}) of {n} opponents"
    )
    return ok, detail


def _eight_of_nine(t: Tournament, player: Player, result: NormResult) -> str:
    """``"+"`` / ``"U"`` when the norm is 8 played games in 9 rounds plus a forfeit win or bye."""
    if result.games_counted != 8 or t.total_rounds != 9 or result.dropped_rounds:
        return ""
    gaps = [r.code for r in player.results if not r.is_played]
    if len(gaps) == 1 and gaps[0] in (ResultCode.FORFEIT_WIN, ResultCode.PAIRING_BYE):
        return gaps[0].value
    return ""


def norm_from_trf(
    t: Tournament,
    applicant: Applicant,
    *,
    entry: str,
    start_rank: int | None = None,
    titles: Sequence[str] = (),
    edition: str | None = None,
    event: str | None = None,
    one_round_per_day_override: bool | None = None,
    qualifying_event: bool | None = None,
    qualifying_reason: str = "",
    foreign_requirement_met: bool | None = None,
    registered: dt.date | None = None,
    path: str = "",
) -> NormRecord:
    """Evaluate the applicant's norm in ``t`` and return it as the application sees it.

    Raises :class:`ArbitroError` naming ``entry`` when the applicant is not in the
    tournament or the evaluator finds no norm for any of ``titles``.
    """
    player = find_player(t, applicant, start_rank, entry)
    woman = applicant.is_woman or (applicant.sex == "" and player.is_woman)
    wanted = tuple(titles) or tuple(x for x in NORM_TITLES if woman or x in ("GM", "IM"))
    options = NormOptions(event=event)
    results: list[NormResult] = []
    for title in wanted:
        try:
            results.append(evaluate_norm(t, player.start_rank, title, edition=edition, options=options))
        except ArbitroError as err:
            raise ArbitroError(f"{entry}: {err}") from None
    achieved = [r for r in results if r.achieved]
    if not achieved:
        first = results[0]
        failed = ", ".join(first.failed_rules) or "no games"
        raise ArbitroError(
            f"{entry}: the norm evaluator finds no {'/'.join(wanted)} norm for {player.name} "
            f"(start rank {player.start_rank}) under B.01 {first.edition}; failed: {failed}"
        )
    best = achieved[0]
    start = best.tournament_start or t.start_date
    if start is None:
        raise ArbitroError(f"{entry}: the tournament has no start date (TRF 042 or 132)")
    end = best.tournament_end or t.end_date or start
    if edition is not None and get_edition(edition).code != norm_edition_for(start):
        raise ArbitroError(
            f"{entry}: edition: the tournament started {start.isoformat()}, so B.01 {norm_edition_for(start)} "
            f"applies (B.01 0.22), not {edition}"
        )
    games = best.games_counted
    excess = {r.title: max(0, r.extra_games + r.games_counted - games) for r in achieved}
    if foreign_requirement_met is None:
        foreign_requirement_met, foreign_detail = normal_foreign_requirement(t, player, best, best.edition)
    else:
        foreign_detail = "as stated in the dossier"
    one_a_day, qualifies, why = _event_facts(t, best.edition)
    rounds_per_day = one_a_day if one_round_per_day_override is None else one_round_per_day_override
    if qualifying_event is None:
        qualifying_event, qualifying_reason = qualifies, qualifying_reason or why
    opponents = tuple(
        {
            "round": str(a.round),
            "opponent": str(a.opponent),
            "name": t.players[a.opponent].name if a.opponent in t.players else "",
            "title": t.players[a.opponent].title if a.opponent in t.players else "",
            "rating": str(t.players[a.opponent].rating) if a.opponent in t.players else "",
            "federation": t.players[a.opponent].federation if a.opponent in t.players else "",
            "result": a.result,
            "status": a.status,
        }
        for a in best.audit
        if a.opponent is not None
    )
    not_achieved = [
        f"{r.title}: no norm (failed: {', '.join(r.failed_rules) or 'no games'})"
        for r in results
        if not r.achieved
    ]
    details = (
        *best.explanation,
        *not_achieved,
        f"normal foreign-federation requirement: {'met' if foreign_requirement_met else 'not met'} ({foreign_detail})",
    )
    return NormRecord(
        entry=entry,
        titles=tuple(r.title for r in achieved),
        tournament=TournamentInfo(
            name=t.name or path,
            start=start,
            end=end,
            city=t.city,
            federation=t.federation.upper(),
            rounds=t.total_rounds or None,
            system=t.system or t.type_text,
            team_championship=event == "team_championship",
            world_cup=event == "world_cup",
            one_round_per_day=rounds_per_day,
            qualifying_event=qualifying_event,
            qualifying_reason=qualifying_reason,
            chief_arbiter=t.chief_arbiter,
        ),
        games=games,
        edition=best.edition,
        score=best.score,
        ra=best.ra,
        rp=best.rp,
        eight_of_nine=_eight_of_nine(t, player, best),
        excess_points=excess,
        foreign_requirement_met=foreign_requirement_met,
        registered=registered,
        source="trf",
        start_rank=player.start_rank,
        trf_path=path,
        details=details,
        opponents=opponents,
        dropped_rounds=tuple(best.dropped_rounds),
    )
