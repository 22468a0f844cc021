"""Certificate data: IT1 (one norm) and IT2 (the title application), as plain dictionaries.

B.01 2017 1.8 / 2.1: the Chief Arbiter prepares an IT1 for each title result
(to the player, the player's federation, the organising federation and FIDE);
GM/IM/WGM/WIM applications are made on an IT2 with the IT1s and cross-tables.
The printed forms come with the documents package; this module gives their
content as structured data (JSON-ready: strings, numbers, lists, dicts).
"""

from __future__ import annotations

from typing import Any

from arbitro.titles.application.checker import ApplicationResult, TitleResult
from arbitro.titles.application.records import Applicant, NormRecord, RatingEntry

__all__ = ["applicant_dict", "it1", "it2", "norm_dict", "rating_dict", "result_dict"]


def applicant_dict(a: Applicant) -> dict[str, Any]:
    return {
        "name": a.name,
        "fide_id": a.fide_id,
        "federation": a.federation,
        "sex": a.sex,
        "birth_date": a.birth_date.isoformat() if a.birth_date else None,
        "titles": list(a.titles),
    }


def rating_dict(r: RatingEntry | None) -> dict[str, Any] | None:
    if r is None:
        return None
    return {"entry": r.entry, "date": r.date.isoformat(), "rating": r.rating, "kind": r.kind.value, "games": r.games}


def norm_dict(n: NormRecord) -> dict[str, Any]:
    t = n.tournament
    return {
        "entry": n.entry,
        "source": n.source,
        "titles": list(n.titles),
        "edition": n.edition,
        "games": n.games,
        "score": str(n.score) if n.score is not None else None,
        "ra": n.ra,
        "rp": n.rp,
        "tournament": {
            "name": t.name,
            "city": t.city,
            "federation": t.federation,
            "start": t.start.isoformat(),
            "end": t.end.isoformat(),
            "rounds": t.rounds,
            "system": t.system,
            "chief_arbiter": t.chief_arbiter,
            "team_championship": t.team_championship,
            "world_cup": t.world_cup,
            "one_round_per_day": t.one_round_per_day,
            "qualifying_event": t.qualifying_event,
            "qualifying_reason": t.qualifying_reason,
        },
        "eight_of_nine": n.eight_of_nine or None,
        "excess_points": dict(n.excess_points),
        "counts_as": n.counts_as,
        "foreign_requirement_met": n.foreign_requirement_met,
        "registered": n.registered.isoformat() if n.registered else None,
        "trf": n.trf_path or None,
        "start_rank": n.start_rank,
    }


def it1(norm: NormRecord, applicant: Applicant, title: str) -> dict[str, Any]:
    """IT1, certificate of a title result (B.01 2017 1.8): one norm of one player."""
    t = norm.tournament
    return {
        "form": "IT1",
        "title": title,
        "player": applicant_dict(applicant),
        "event": {
            "name": t.name,
            "city": t.city,
            "federation": t.federation,
            "start": t.start.isoformat(),
            "end": t.end.isoformat(),
            "rounds": t.rounds,
            "system": t.system,
            "chief_arbiter": t.chief_arbiter,
        },
        "edition": norm.edition,
        "games": norm.games,
        "score": str(norm.score) if norm.score is not None else None,
        "ra": norm.ra,
        "rp": norm.rp,
        "dropped_rounds": list(norm.dropped_rounds),
        "opponents": [dict(o) for o in norm.opponents],
        "explanation": list(norm.details),
        "signatures": ["Chief Arbiter", "Federation of the tournament (Rating Officer)"],
        "copies": ["player", "player's federation", "organising federation", "FIDE"],
    }


def it2(result: TitleResult, applicant: Applicant) -> dict[str, Any]:
    """IT2, the title application (B.01 2017 2.1): the norms used, the rating, the dates and the fee."""
    used = [u for u in result.norms if u.usable]
    return {
        "form": "IT2",
        "title": result.title,
        "edition": result.edition,
        "eligible": result.eligible,
        "status": result.status.value,
        "player": applicant_dict(applicant),
        "norms": [
            {
                **norm_dict(u.norm),
                "counted_games": u.count.counted if u.count else None,
                "counting": list(u.count.steps) if u.count else [],
            }
            for u in used
        ],
        "total_games": sum(u.count.counted for u in used if u.count),
        "rating": rating_dict(result.rating_entry),
        "last_result": result.last_result.isoformat() if result.last_result else None,
        "achieved_on": result.achieved_on.isoformat() if result.achieved_on else None,
        "fee": result.fee.as_dict() if result.fee else None,
        "attachments": ["IT1 for each norm", "cross-tables"],
        "submitted_by": f"federation {applicant.federation}" if applicant.federation else "the player's federation",
    }


def _title_dict(t: TitleResult, applicant: Applicant) -> dict[str, Any]:
    return {
        "title": t.title,
        "edition": t.edition,
        "status": t.status.value,
        "eligible": t.eligible,
        "rules": [r.as_dict() for r in t.rules],
        "norms": [
            {
                "entry": u.norm.entry,
                "usable": u.usable,
                "counted_games": u.count.counted if u.count else None,
                "counting": list(u.count.steps) if u.count else [],
                "checks": [c.as_dict() for c in u.checks],
            }
            for u in t.norms
        ],
        "missing": list(t.missing),
        "last_result": t.last_result.isoformat() if t.last_result else None,
        "rating": rating_dict(t.rating_entry),
        "achieved_on": t.achieved_on.isoformat() if t.achieved_on else None,
        "fee": t.fee.as_dict() if t.fee else None,
        "notes": list(t.notes),
        "it2": it2(t, applicant),
    }


def result_dict(result: ApplicationResult) -> dict[str, Any]:
    """The whole verdict as JSON-ready data (the CLI's ``--format json``)."""
    app = result.application
    direct = [d.as_dict() for d in result.direct]
    return {
        "format": "arbitro-title-application",
        "version": 1,
        "player": applicant_dict(app.applicant),
        "application_date": result.date.isoformat(),
        "edition": result.edition,
        "titles": [_title_dict(t, app.applicant) for t in result.titles],
        "direct_titles": direct,
        "norms": [norm_dict(n) for n in app.norms],
        "it1": [it1(n, app.applicant, n.titles[0]) for n in app.norms if n.titles],
        "caution": (
            "A norm or title verdict from software is provisional: the FIDE Qualification Commission "
            "checks validity when the title is applied for. Fees come from secondary sources (see each fee)."
        ),
    }
