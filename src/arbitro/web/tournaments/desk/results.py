"""Results at the desk: one results form (and its corrections' confirmation), a forfeit for non-appearance.

The form's shape is :class:`.forms.ResultsForm`'s; here one replay, the core's commands on its
state (:func:`..service._enter`: the core parser, optimistic concurrency per board, closed
rounds for the chief arbiter only, C.04.2 4.3) and one append. Results of other boards saved
meanwhile are merged by replaying again (issue 21).
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping

from django.utils.translation import gettext as _

from arbitro.errors import ArbitroError
from arbitro.model import ResultCode
from arbitro.tournament import TournamentState, format_result, parse_result
from arbitro.tournament.fide import correctable_rounds
from arbitro.tournament.results import parse_pending

from .. import federation, models, permissions, result_entry, service
from ..eventlog import Actor, ChangedMeanwhile
from ..service import Correction, CorrectionPlan

#: Results on other boards merge by replaying on the new state; eight arbiters entering at once
#: (issue 21) must all get through, so a submission retries this often before "changed meanwhile".
RESULT_ATTEMPTS = 12


def _typed(st: TournamentState, rnd: int, boards: Mapping[str, str]) -> dict[int, str]:
    """Board -> what the form typed for it (fields ``r_<white>_<black>``)."""
    results: dict[int, str] = {}
    for i, game in enumerate(st.round(rnd).boards, start=1):
        value = boards.get(f"r_{game.white}_{game.black}", "")
        if value:
            results[i] = str(value)
    return results


def plan_corrections(row: models.Tournament, columns: list[int], boards: Mapping[str, str], user: Actor) -> CorrectionPlan:
    """What a results form would correct, before anything is saved: the warning of issue 15 item 2.

    Raises the translated errors of the form (a wrong entry, a closed round for an arbiter) at once.
    """
    service.adopt(row)
    rnd, last_column = columns[0], columns[-1]
    kinds = row.events.filter(kind__in=("round_paired", "round_unpaired")).values_list("kind", flat=True)
    if sum(1 if k == "round_paired" else -1 for k in kinds) <= last_column:  # none paired since: no replay needed
        return CorrectionPlan(rnd, [], [])
    st = service.state(row)
    if st is None:
        raise ArbitroError(_("this tournament is read-only here"))
    changes = []
    for column in columns:
        if not 1 <= column <= st.paired_rounds:
            raise ArbitroError(_("round %(r)s has not been paired") % {"r": column})
        results = _typed(st, column, boards)
        result_entry.check_typed(results, st.fide_mode)
        games = st.round(column).boards
        for board, text in sorted(results.items()):
            game = games[board - 1]
            if game.adjourned and not game.has_result and not parse_pending(text):
                new = parse_result(text, fide_mode=st.fide_mode)  # an adjourned game completed (VCL4THP Q163)
                if new != (ResultCode.DRAW, ResultCode.DRAW):
                    changes.append(
                        Correction(board, st.player(game.white).name, st.player(game.black).name, "*", format_result(*new))
                    )
                continue
            if not game.has_result:
                continue
            new = parse_result(text, fide_mode=st.fide_mode)
            if new == (game.white_code, game.black_code):
                continue
            changes.append(
                Correction(
                    board,
                    st.player(game.white).name,
                    st.player(game.black).name,
                    format_result(game.white_code, game.black_code),
                    format_result(*new),
                )
            )
    since = list(range(last_column + 1, st.paired_rounds + 1))
    if changes and since and not permissions.can(user, row, "correct"):
        raise ArbitroError(
            _("round %(r)s is closed: only the chief arbiter may correct its results (C.04.2 4.3)") % {"r": rnd}
        )
    old = st.fide_mode and rnd not in correctable_rounds(st)  # VCL4THP Q189-Q192
    old = old and any(c.before != "*" for c in changes)  # an adjourned game's result is no correction (Q162)
    return CorrectionPlan(rnd, changes, since, rating_report=old)


def save_results(
    row: models.Tournament,
    columns: list[int],
    boards: Mapping[str, str],
    user: Actor,
    *,
    reason: str = "",
    rating_report: bool = False,
    confirmed: bool = False,
) -> int:
    """One results form: one replay (the service's), one validation, one append; the number of results saved.

    ``columns``: one round, or the columns of a two-game match (C.04.5: one form for both games);
    ``boards``: the form's ``r_<white>_<black>`` (typed) and ``s_<white>_<black>`` (shown) fields.
    """
    reason = reason.strip() or "desk"
    for attempt in range(RESULT_ATTEMPTS):  # results of other boards saved meanwhile: apply ours to the new state
        svc = service._service(row, user)
        for rnd in columns:  # a draft takes no result: publish it first (issue 15 item 3)
            if 1 <= rnd <= svc.state.paired_rounds and not svc.state.round(rnd).published:
                raise ArbitroError(_("round %(r)s is a draft: publish it before entering its results") % {"r": rnd})
        typed: list[tuple[int, dict[int, str], dict[int, str]]] = []
        for rnd in columns:
            results: dict[int, str] = {}
            seen: dict[int, str] = {}
            for i, game in enumerate(svc.state.round(rnd).boards, start=1):
                value = boards.get(f"r_{game.white}_{game.black}", "")
                if value:
                    results[i] = str(value)
                shown = boards.get(f"s_{game.white}_{game.black}")
                if shown is not None:
                    seen[i] = str(shown)
            result_entry.check_typed(results, svc.state.fide_mode)  # the core parser, an error per board
            typed.append((rnd, results, seen))
        done = sum(
            service._enter(svc, rnd, results, seen, row, user, reason, rating_report, confirmed)
            for rnd, results, seen in typed
        )
        try:
            service._commit(row, svc, user)
            return done
        except ChangedMeanwhile:
            if attempt == RESULT_ATTEMPTS - 1:
                raise
            time.sleep(random.uniform(0, 0.02 * (attempt + 1)))  # spread the retries of many arbiters
            row.refresh_from_db()
    raise AssertionError("unreachable")


def record_no_show(
    row: models.Tournament, rnd: int, board: int, absent: str, start: str, now: str, user: Actor
) -> str:
    """A forfeit for non-appearance once the rulebook's default time has run out; the rulebook's message."""
    if not row.category:
        raise ArbitroError(
            _("%(rule)s: this rule applies only to the rulebook's category tournaments")
            % {"rule": federation.default_time_text(row)}
        )
    svc = service._service(row, user)
    st = svc.state
    if not st.round(rnd).published:
        raise ArbitroError(_("round %(r)s is a draft: publish it before entering its results") % {"r": rnd})
    games = st.round(rnd).boards
    if not 0 < board <= len(games):
        raise ArbitroError(_("board: round %(r)s has no board %(b)s") % {"r": rnd, "b": board})
    game = games[board - 1]
    if game.has_result:
        raise ArbitroError(_("board %(b)s already has a result; correct it in the results form") % {"b": board})
    names = {"white": st.player(game.white).name, "black": st.player(game.black).name}
    result, text = federation.no_show_result(absent, start, now, names, row)
    service._enter(svc, rnd, {board: result}, None, row, user)
    service._commit(row, svc, user)
    return text
