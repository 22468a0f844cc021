"""The rules of a GM / IM / WGM / WIM application, one small function each.

Every function returns a :class:`RuleCheck` naming the article and edition it
applied, its numbers, and what is missing when it is not met. Norm-level rules
(:func:`check_minimum_games`, :func:`check_old_norm`) use the norm's edition;
application-level rules use the application's edition.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field

from arbitro.titles.application.counting import GameCount, count_games, minimum_games
from arbitro.titles.application.params import (
    OLD_NORM_CUTOFF,
    OLD_NORM_REGISTRATION_DEADLINE,
    OLD_NORM_REGISTRATION_DEADLINE_ALT,
    QUALIFYING_NORM_CUTOFF,
    TITLE_RATING,
    application_params,
    article,
)
from arbitro.titles.application.records import Applicant, NormRecord, RatingEntry, RatingKind, Status
from arbitro.titles.editions import get_edition

__all__ = [
    "RuleCheck",
    "check_foreign_federations",
    "check_minimum_games",
    "check_norm_count",
    "check_old_norm",
    "check_one_round_a_day",
    "check_qualifying_event",
    "check_recorded_performance",
    "check_rating",
    "check_total_games",
    "check_women_title",
    "count_application_games",
    "first_rating_reaching",
]


@dataclass(frozen=True, slots=True)
class RuleCheck:
    """One rule applied: where it comes from, whether it is met, with its numbers."""

    rule: str
    article: str
    status: Status
    summary: str
    numbers: dict[str, object] = field(default_factory=dict)
    missing: str = ""
    notes: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, object]:
        return {
            "rule": self.rule,
            "article": self.article,
            "status": self.status.value,
            "summary": self.summary,
            "numbers": self.numbers,
            "missing": self.missing,
            "notes": list(self.notes),
        }


def _tri(values: Sequence[bool | None]) -> Status:
    if any(v is True for v in values):
        return Status.PASS
    if any(v is None for v in values):
        return Status.UNKNOWN
    return Status.FAIL


# -- norm level ------------------------------------------------------------


def check_minimum_games(norm: NormRecord) -> RuleCheck:
    """B.01 2005 1.41a-b, 2017 1.41a / 1.51, 2024 1.4.1a-c: enough games for a norm under its edition."""
    need, why = minimum_games(norm)
    ok = norm.games >= need
    return RuleCheck(
        rule="minimum_games",
        article=why.split(":")[0],
        status=Status.PASS if ok else Status.FAIL,
        summary=f"{norm.entry}: {norm.games} games, {need} needed ({why})",
        numbers={"games": norm.games, "required": need},
        missing=""
        if ok
        else f"{norm.entry}: {need - norm.games} more game(s) for a norm under B.01 {norm.edition}",
        notes=get_edition(norm.edition).note("team_min_games", "eight_of_nine") if need < 9 else (),
    )


def check_old_norm(norm: NormRecord) -> RuleCheck:
    """B.01 2017 (S3 slides) / 2024 1.5.5: norms from before 1 July 2005 expire unless registered by 31 July 2013.

    The FIDE 2013 announcement says "before 1st July 2013": a registration in
    July 2013 is reported as not determinable.
    """
    cite = "B.01 (2024) 1.5.5"
    if norm.tournament.start >= OLD_NORM_CUTOFF:
        return RuleCheck(
            "old_norm", cite, Status.NOT_APPLICABLE, f"{norm.entry}: norm from after 1 July 2005"
        )
    numbers: dict[str, object] = {
        "tournament_start": norm.tournament.start.isoformat(),
        "registered": norm.registered.isoformat() if norm.registered else None,
        "deadline": OLD_NORM_REGISTRATION_DEADLINE.isoformat(),
    }
    if norm.registered is None:
        return RuleCheck(
            "old_norm",
            cite,
            Status.FAIL,
            f"{norm.entry}: norm from before 1 July 2005 with no registration recorded",
            numbers,
            missing=f"{norm.entry}: proof that the norm was registered by 31 July 2013",
        )
    if norm.registered <= OLD_NORM_REGISTRATION_DEADLINE_ALT:
        return RuleCheck("old_norm", cite, Status.PASS, f"{norm.entry}: old norm registered in time", numbers)
    if norm.registered <= OLD_NORM_REGISTRATION_DEADLINE:
        return RuleCheck(
            "old_norm",
            cite,
            Status.UNKNOWN,
            f"{norm.entry}: registered {norm.registered.isoformat()}, between the two deadlines the sources give",
            numbers,
            missing=f"{norm.entry}: QC confirmation that a July 2013 registration was in time",
            notes=(
                "31 Jul 2013 per the 2017 slides (S3); 'before 1st July 2013' per FIDE's 2013 announcement (S17)",
            ),
        )
    return RuleCheck(
        "old_norm",
        cite,
        Status.FAIL,
        f"{norm.entry}: old norm registered too late ({norm.registered.isoformat()})",
        numbers,
        missing=f"{norm.entry}: expired (registered after 31 July 2013)",
    )


def check_recorded_performance(norm: NormRecord, title: str) -> RuleCheck:
    """A recorded norm's own numbers make a title performance (2005/2017 1.47-1.49, 2024 1.4.7-1.4.8).

    Ra at least the minimum average, Rp = Ra + dp(score / games) at least the
    minimum performance, score at least 35 %. The opponent mix cannot be checked
    from a record; TRF norms are checked in full by the norm evaluator.
    """
    from arbitro.ratings import dp_from_score

    e = get_edition(norm.edition)
    cite = f"B.01 ({e.code}) {e.articles.get('rp', '1.48')}"
    if norm.source != "recorded" or norm.counts_as is not None:
        return RuleCheck("performance", cite, Status.NOT_APPLICABLE, f"{norm.entry}: not re-checked")
    if norm.score is None or norm.ra is None:
        return RuleCheck(
            "performance", cite, Status.NOT_APPLICABLE, f"{norm.entry}: score or Ra not recorded, not re-checked"
        )
    th = e.thresholds[title]
    rp = norm.ra + dp_from_score(norm.score, norm.games)
    enough = norm.score * 100 >= 35 * norm.games
    ok = norm.ra >= th.ra_min and rp >= th.rp_min and enough
    numbers: dict[str, object] = {"ra": norm.ra, "ra_min": th.ra_min, "rp": rp, "rp_min": th.rp_min}
    notes: tuple[str, ...] = ()
    if norm.rp is not None and norm.rp != rp:
        notes = (f"recorded Rp {norm.rp} differs from Ra + dp = {rp}",)
    return RuleCheck(
        "performance",
        cite,
        Status.PASS if ok else Status.FAIL,
        f"{norm.entry}: {title} performance {norm.score}/{norm.games}, Ra {norm.ra} (min {th.ra_min}), "
        f"Rp {rp} (min {th.rp_min})",
        numbers,
        missing="" if ok else f"{norm.entry}: its recorded numbers are not a {title} performance",
        notes=notes,
    )


# -- application level -----------------------------------------------------


def check_women_title(title: str, applicant: Applicant, edition: str) -> RuleCheck:
    """WGM and WIM are women's titles (B.01 2017 0.31); WGM/WIM norms are evaluated only for women."""
    cite = "B.01 (2017) 0.31"  # the titles list; later numbering not seen
    if title not in ("WGM", "WIM"):
        return RuleCheck("women_title", cite, Status.NOT_APPLICABLE, f"{title} is open to all players")
    if applicant.sex == "w":
        return RuleCheck("women_title", cite, Status.PASS, f"{title}: the applicant is a woman")
    if applicant.sex == "":
        return RuleCheck(
            "women_title", cite, Status.UNKNOWN, f"{title} is a women's title; the applicant's sex is not given",
            missing="the applicant's sex",
        )  # fmt: skip
    return RuleCheck(
        "women_title", cite, Status.FAIL, f"{title} is a women's title", missing=f"{title} is only for women"
    )


def check_norm_count(title: str, norms: Sequence[NormRecord], edition: str) -> RuleCheck:
    """Two or more norms (B.01 2017 1.51; 2024 1.5.1)."""
    n = len(norms)
    ok = n >= 2
    return RuleCheck(
        "norm_count",
        article(edition, "norms"),
        Status.PASS if ok else Status.FAIL,
        f"{n} valid {title} norm(s), 2 or more needed",
        {"norms": n, "required": 2},
        missing="" if ok else f"{2 - n} more {title} norm(s)",
    )


def count_application_games(title: str, norms: Sequence[NormRecord], edition: str) -> list[GameCount]:
    """Games each norm counts for, in date order; the 8-game forfeit concession goes to the first such norm."""
    counts: list[GameCount] = []
    concession = True
    for norm in sorted(norms, key=lambda n: (n.date, n.entry)):
        gc = count_games(norm, title, concession_available=concession)
        if gc.forfeit_concession:
            concession = False
        counts.append(gc)
    return counts


def check_total_games(title: str, counts: Sequence[GameCount], edition: str) -> RuleCheck:
    """Norms covering at least 27 games (2017 1.51; 2024 1.5.1); 26 with a 2017 8-game forfeit norm."""
    total = sum(c.counted for c in counts)
    required = application_params(edition).total_games
    notes: list[str] = []
    if any(c.forfeit_concession == "total_26" for c in counts):
        required -= 1
        notes.append("one norm is an 8-game norm after a forfeit win: 26 games suffice (B.01 (2017) 1.51)")
    unknown = [c.entry for c in counts if not c.excess_known]
    status = Status.PASS if total >= required else Status.FAIL
    reachable = None not in [c.at_most for c in counts] and sum(c.at_most or 0 for c in counts) >= required
    if status is Status.FAIL and unknown and (reachable or None in [c.at_most for c in counts]):
        status = Status.UNKNOWN
        notes.append(
            "extra games for points above the requirement could not be computed for "
            + ", ".join(unknown)
            + " (give score and Ra, or excess_points)"
        )
    return RuleCheck(
        "total_games",
        article(edition, "games"),
        status,
        f"{title} norms cover {total} games, {required} needed",
        {"games": total, "required": required, "per_norm": {c.entry: c.counted for c in counts}},
        missing="" if status is Status.PASS else f"{max(0, required - total)} more game(s) in {title} norms",
        notes=tuple(notes),
    )


def _rating_acceptable(entry: RatingEntry, edition: str) -> bool:
    return entry.kind is RatingKind.PUBLISHED or application_params(edition).interim_rating_ok


def first_rating_reaching(
    threshold: int, ratings: Sequence[RatingEntry], edition: str, *, min_games: int | None = None
) -> tuple[RatingEntry | None, bool]:
    """The first entry at or above ``threshold`` that the edition accepts; and whether games were unknown.

    ``min_games``: rated games needed at that time (direct titles); an entry with
    unknown games is skipped and reported through the second value.
    """
    games_unknown = False
    for entry in ratings:
        if entry.rating < threshold or not _rating_acceptable(entry, edition):
            continue
        if min_games is not None:
            if entry.games is None:
                games_unknown = True
                continue
            if entry.games < min_games:
                continue
        return entry, games_unknown
    return None, games_unknown


def check_rating(title: str, ratings: Sequence[RatingEntry], edition: str) -> RuleCheck:
    """The title rating reached at some time, published or interim (2017 1.53; 2024 1.5.3)."""
    need = TITLE_RATING[title]
    cite = article(edition, "rating")
    best = max((r.rating for r in ratings), default=None)
    entry, _ = first_rating_reaching(need, ratings, edition)
    numbers: dict[str, object] = {"required": need, "highest": best}
    if entry is None:
        return RuleCheck(
            "rating",
            cite,
            Status.FAIL,
            f"{title} needs a rating of {need} at some time; highest given {best if best is not None else 'none'}",
            numbers,
            missing=f"a rating of {need}" + (f" ({need - best} points more)" if best is not None else ""),
        )
    numbers.update({"reached": entry.rating, "date": entry.date.isoformat(), "kind": entry.kind.value})
    notes: tuple[str, ...] = ()
    if entry.kind is RatingKind.INTERIM:
        notes = (
            "interim rating: the burden of proof rests with the federation; accepted only after agreement "
            f"with the Rating Administrator and the QC ({cite})",
        )
    return RuleCheck(
        "rating",
        cite,
        Status.PASS,
        f"{title} rating {need} reached: {entry.rating} on {entry.date.isoformat()} ({entry.kind.value})",
        numbers,
        notes=notes,
    )


def check_foreign_federations(title: str, norms: Sequence[NormRecord], edition: str) -> RuleCheck:
    """At least one norm meets the normal foreign-federation requirement (2017 1.43; 2024 1.4.3e).

    (The 2005 1.43b1 wording: at least one norm from an event other than a national
    championship final or a national team championship.)
    """
    status = _tri([n.foreign_requirement_met for n in norms])
    meeting = [n.entry for n in norms if n.foreign_requirement_met]
    unknown = [n.entry for n in norms if n.foreign_requirement_met is None]
    missing = ""
    if status is Status.FAIL:
        missing = f"a {title} norm meeting the normal foreign-federation requirement"
    elif status is Status.UNKNOWN:
        missing = "whether " + ", ".join(unknown) + " met the normal foreign-federation requirement"
    return RuleCheck(
        "foreign_federations",
        article(edition, "foreign"),
        status,
        f"norms meeting the normal foreign-federation requirement: {len(meeting)} (1 needed)",
        {"meeting": meeting, "unknown": unknown},
        missing=missing,
    )


def check_one_round_a_day(title: str, norms: Sequence[NormRecord], edition: str) -> RuleCheck:
    """GM (2017 1.13a), GM and WGM (2024 1.1.3a): a norm from an event with one round a day on 3+ days."""
    p = application_params(edition)
    cite = f"B.01 ({edition}) {p.one_round_a_day_article}"
    if title not in p.one_round_a_day_titles:
        return RuleCheck(
            "one_round_a_day", cite, Status.NOT_APPLICABLE, f"not required for {title} under {edition}"
        )
    status = _tri([n.tournament.one_round_per_day for n in norms])
    meeting = [n.entry for n in norms if n.tournament.one_round_per_day]
    unknown = [n.entry for n in norms if n.tournament.one_round_per_day is None]
    missing = ""
    if status is Status.FAIL:
        missing = f"a {title} norm from a tournament with one round per day on at least 3 days"
    elif status is Status.UNKNOWN:
        missing = "the rounds per day of " + ", ".join(unknown)
    return RuleCheck(
        "one_round_a_day",
        cite,
        status,
        f"norms from one-round-a-day events: {len(meeting)} (1 needed)",
        {"meeting": meeting, "unknown": unknown},
        missing=missing,
    )


def check_qualifying_event(title: str, norms: Sequence[NormRecord], edition: str) -> RuleCheck:
    """B.01 2022/2024 1.5.6: with any norm after 30 June 2022, one norm must come from a qualifying event.

    Qualifying events: a Swiss with 40+ participants averaging 2000+ in every
    round, the Olympiad, GSC Candidates-qualifier events, World Cup qualifiers,
    EVE individual events, a national championship final.
    """
    cite = f"B.01 ({edition}) 1.5.6"
    late = [n.entry for n in norms if n.date > QUALIFYING_NORM_CUTOFF]
    if not late:
        return RuleCheck(
            "qualifying_event", cite, Status.NOT_APPLICABLE, "no norm achieved after 30 June 2022",
        )  # fmt: skip
    status = _tri([n.tournament.qualifying_event for n in norms])
    meeting = [n.entry for n in norms if n.tournament.qualifying_event]
    unknown = [n.entry for n in norms if n.tournament.qualifying_event is None]
    missing = ""
    if status is Status.FAIL:
        missing = f"a {title} norm from a qualifying event (1.5.6)"
    elif status is Status.UNKNOWN:
        missing = "whether " + ", ".join(unknown) + " was a qualifying event (1.5.6)"
    return RuleCheck(
        "qualifying_event",
        cite,
        status,
        f"norms after 30 June 2022: {len(late)}; norms from qualifying events: {len(meeting)} (1 needed)",
        {"norms_after_cutoff": late, "meeting": meeting, "unknown": unknown},
        missing=missing,
    )


def latest(dates: Sequence[dt.date | None]) -> dt.date | None:
    known = [d for d in dates if d is not None]
    return max(known) if known else None
