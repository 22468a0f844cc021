"""The audit trail (issue 11 §8): every change of a tournament as who, when, what, before, after.

Read from the event log (each event has its author and time, and records an outcome),
so nothing can change a tournament without appearing here. *Before* is the value the
same thing had after the previous event that touched it (the result of that board, the
pairing of that round, that player's data...), tracked while walking the log in order.
Visible at the desk to the tournament's chief arbiter and federation admins.
"""

from __future__ import annotations

import contextlib
import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.core.paginator import Page, Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _

from arbitro.errors import ArbitroError
from arbitro.model import ResultCode
from arbitro.tournament import TournamentState, event_from_dict
from arbitro.tournament.state import apply
from arbitro.views import game_result_text
from arbitro.views.text import bye_kind
from arbitro.web.tournaments import eventlog, models, permissions, present

#: An event's payload as the log stores it (JSON: each kind its own keys, read by :func:`_describe`).
Payload = dict[str, Any]


@dataclass(frozen=True, slots=True)
class AuditRow:
    seq: int
    when: dt.datetime
    who: str
    kind: str
    what: str  # what the event touches: "round 2 board 3", "player 7"
    before: str  # in words; lines separated by newlines
    after: str
    label: str = ""  # the event kind in the reader's language
    detail: str = ""  # who is concerned, by name: "Pérez, Ana – López, Juan"

    @property
    def before_lines(self) -> list[str]:
        return [x for x in self.before.split("\n") if x]

    @property
    def after_lines(self) -> list[str]:
        return [x for x in self.after.split("\n") if x]


def _result(white: object, black: object) -> str:
    """A game's result as every face prints it (:func:`arbitro.views.game_result_text`)."""
    try:
        return game_result_text(ResultCode(str(white)), ResultCode(str(black))) or f"{white}-{black}"
    except ValueError:  # not a TRF code: show it as logged
        return f"{white}-{black}"


def _n(value: object) -> int:
    """A number of a payload (a missing one raises TypeError, as a malformed payload does)."""
    if not isinstance(value, int | float | str):
        raise TypeError("missing number")
    return int(value)


def _name(st: TournamentState, n: object) -> str:
    """A player by name and pairing number (the number in force at that point of the log)."""
    try:
        return f"{st.player(_n(n)).name} ({n})"
    except (ArbitroError, TypeError, ValueError):
        return f"#{n}"


def _games(st: TournamentState) -> int:
    try:
        return max(1, int(st.pairing_system.games_per_round))
    except (ArbitroError, AttributeError, TypeError, ValueError):
        return 1


def _round(st: TournamentState, column: object, *, game: bool = True) -> str:
    """A logged round (a TRF column) as the reader counts rounds: ``3``; for two-game matches (C.04.5)
    the match, ``2 · game 1`` (``game=False``: ``2``, for what concerns the whole match: byes, withdrawals)."""
    games = _games(st)
    if games == 1 or column is None:
        return str(column)
    try:
        n = _n(column)
    except (TypeError, ValueError):
        return str(column)
    match, number = (n - 1) // games + 1, (n - 1) % games + 1
    if not game:
        return str(match)
    return _("%(round)s · game %(game)s") % {"round": match, "game": number}


def _bye_text(code: str) -> str:
    try:
        return present.bye_label(bye_kind(ResultCode(code)))
    except ValueError:
        return code


def _pairing_lines(st: TournamentState, number: int) -> str:
    """A round's pairing in words: one line per board, then the bye and the players not paired."""
    if not 1 <= number <= st.paired_rounds:
        return ""
    rnd = st.round(number)
    lines = [f"{i}. {_name(st, g.white)} – {_name(st, g.black)}" for i, g in enumerate(rnd.boards, start=1)]
    if rnd.bye is not None:
        lines.append(f"{_('bye (pairing)')}: {_name(st, rnd.bye)}")
    lines += [f"{_bye_text(k)}: {_name(st, p)}" for p, k in sorted(rnd.unpaired.items())]
    return "\n".join(lines)


def _player_text(st: TournamentState, n: object) -> str:
    try:
        p = st.player(_n(n))
    except (ArbitroError, TypeError, ValueError):
        return ""
    parts = [p.name, *(x for x in (p.title, p.federation) if x)]
    parts.append(_("rating %(r)s") % {"r": p.rating} if p.rating else pgettext("history", "unrated"))
    if p.fide_id:
        parts.append(f"FIDE {p.fide_id}")
    if p.birth_date:
        parts.append(str(p.birth_date))
    return " · ".join(parts)


def _with_reason(text: str, p: Payload) -> str:
    return text + (f" ({p['reason']})" if p.get("reason") else "")


def _before(kind: str, p: Payload, pre: TournamentState) -> tuple[str, str]:
    """(the names concerned, the value before) read from the state before the event (no copy of it)."""
    rnd = p.get("round")
    try:
        if kind in {"result_entered", "result_corrected", "rating_report_corrected"}:
            game = pre.round(_n(rnd)).boards[_n(p.get("board")) - 1]
            detail = f"{_name(pre, game.white)} – {_name(pre, game.black)}"
            if kind == "rating_report_corrected" and p.get("previous"):  # the rating report's (VCL4THP Q192)
                return detail, _result(*p["previous"])
            if game.has_result and game.white_code is not None and game.black_code is not None:
                return detail, _result(game.white_code.value, game.black_code.value)
            return detail, ""
        if kind in {"pairing_changed", "round_unpaired"}:
            return "", _pairing_lines(pre, _n(rnd))
        if kind in {"player_updated", "player_removed"}:
            n = _n(p.get("start_rank"))
            return (pre.player(n).name if n in pre.header.players else ""), _player_text(pre, n)
        if kind in {"bye_requested", "bye_cancelled"}:
            code = pre.requested_byes.get((_n(p.get("player")), _n(rnd)))
            return "", _bye_text(code) if code else ""
    except (ArbitroError, IndexError, TypeError, ValueError):
        if kind in {"result_corrected", "rating_report_corrected"} and p.get("previous"):
            return "", _result(*p["previous"])
    return "", ""


def _describe(
    kind: str, p: Payload, pre: tuple[str, str], post: TournamentState
) -> tuple[tuple[object, ...], str, str, str, str]:
    """(what the event touches, its label, the names concerned, the value before, the value after), in words."""
    rnd = p.get("round")
    pre_detail, before = pre
    if kind in {"result_entered", "result_corrected", "rating_report_corrected"}:
        after = _with_reason(_result(p.get("white"), p.get("black")), p)
        detail = pre_detail
        what = _("round %(round)s board %(board)s") % {"round": _round(post, rnd), "board": p.get("board")}
        return ("result", rnd, p.get("board")), what, detail, before, after
    if kind in {"round_paired", "pairing_changed"}:
        after = _pairing_lines(post, _n(rnd))
        if p.get("reason"):
            after += "\n" + _("reason: %(r)s") % {"r": p["reason"]}
        return ("pairing", rnd), _("round %(round)s pairing") % {"round": _round(post, rnd)}, "", before, after
    if kind == "round_unpaired":
        after = _with_reason(_("unpaired: it can be paired again"), p)
        return ("pairing", rnd), _("round %(round)s pairing") % {"round": _round(post, rnd)}, "", before, after
    if kind == "player_returned":
        after = _("returns from round %(round)s") % {"round": _round(post, p.get("from_round"), game=False)}
        return ("withdrawn", p.get("player")), _("player %(n)s") % {"n": p.get("player")}, _name(post, p.get("player")), "", after
    if kind == "settings_changed":
        return ("settings",), _("settings"), "", "", "; ".join(f"{k.replace('_', ' ')}: {v}" for k, v in sorted(p.items()))[:300]
    if kind == "round_published":
        return ("published", rnd), _("round %(round)s") % {"round": _round(post, rnd)}, "", "", _("published")
    if kind in {"player_registered", "player_updated", "player_removed"}:
        n = p.get("start_rank")
        after = _("removed") if kind == "player_removed" else _player_text(post, n)
        known = post.header.players.get(_n(n)) if kind != "player_removed" and n is not None else None
        return ("player", n), _("player %(n)s") % {"n": n}, known.name if known else pre_detail, before, after
    if kind in {"bye_requested", "bye_cancelled"}:
        key = (_n(p.get("player")), _n(rnd))
        after = _("cancelled") if kind == "bye_cancelled" else _bye_text(str(p.get("kind", "")))
        what = _("player %(n)s round %(round)s bye") % {"n": p.get("player"), "round": _round(post, rnd, game=False)}
        return ("bye", *key), what, _name(post, p.get("player")), before, after
    if kind == "player_withdrawn":
        after = _("withdrawn from round %(round)s") % {"round": _round(post, p.get("from_round"), game=False)}
        return ("withdrawn", p.get("player")), _("player %(n)s") % {"n": p.get("player")}, _name(post, p.get("player")), "", after
    if kind == "pairing_numbers_assigned":
        method = str(p.get("method") or "")
        how = {
            "rating": _("by rating, title and name (C.04.2 2.2)"),
            "lots": _("by lot (seed %(s)s)") % {"s": p.get("seed")},
            "imported": _("as in the imported file"),
        }.get(method, method)
        order = "\n".join(f"{i}. {pl.name}" for i, pl in sorted(post.header.players.items()))
        return ("numbers",), pgettext("history", "pairing numbers"), how, "", order
    if kind == "pairing_prohibited":
        names = " / ".join(_name(post, n) for n in p.get("players") or [])
        first, last = p.get("first_round"), p.get("last_round")
        after = pgettext("history", "every round") if first is None and last is None else _("rounds %(a)s to %(b)s") % {"a": first or 1, "b": last or "…"}
        return ("prohibited", tuple(p.get("players") or [])), pgettext("history", "pairing prohibited"), names, "", after
    if kind == "tournament_created":
        after = " · ".join(
            x for x in (str(p.get("name") or ""), _(str(post.pairing_system.name)), _("%(n)s rounds") % {"n": -(-_n(p.get("rounds")) // _games(post))} if p.get("rounds") else "") if x
        )
        return ("tournament",), pgettext("history", "tournament"), "", "", after
    if kind == "tournament_finished":
        return ("finished",), pgettext("history", "tournament"), "", pgettext("history", "open"), _with_reason(pgettext("history", "finished"), p)
    if kind == "tournament_reopened":
        return ("finished",), pgettext("history", "tournament"), "", pgettext("history", "finished"), _with_reason(pgettext("history", "re-opened"), p)
    if kind == "fide_mode_left":
        return ("fide",), pgettext("history", "FIDE mode"), "", pgettext("history", "FIDE mode"), str(p.get("note") or pgettext("history", "left"))
    return (kind,), kind.replace("_", " "), "", "", ""


#: Other kinds of log describe their own events (issue 32: a team competition's, registered by
#: ``arbitro.web.teams``): ``(is_of_that_kind(row), trail(row))``, asked in order before the individual trail.
TRAILS: list[tuple[Callable[[models.Tournament], bool], Callable[[models.Tournament], list[AuditRow]]]] = []


def register_trail(
    applies: Callable[[models.Tournament], bool], trail_of: Callable[[models.Tournament], list[AuditRow]]
) -> None:
    """Let the owner of another kind of log describe its events for the audit trail and the event log."""
    TRAILS.append((applies, trail_of))


def _other_trail(row: models.Tournament) -> list[AuditRow] | None:
    for applies, trail_of in TRAILS:
        if applies(row):
            return trail_of(row)
    return None


def trail(row: models.Tournament) -> list[AuditRow]:
    """Every event of the tournament, oldest first, with the value before and after, in words.

    The log is replayed alongside (core ``apply``) so that every pairing number is shown with the
    name it had at that point of the log (a late entry renumbers the players below it).
    """
    other = _other_trail(row)
    if other is not None:
        return other
    out: list[AuditRow] = []
    st = TournamentState()
    for e in row.events.select_related("author").order_by("seq"):
        payload = e.payload if isinstance(e.payload, dict) else {}
        try:
            pre = _before(e.kind, payload, st)
        except (KeyError, TypeError, ValueError):
            pre = ("", "")
        with contextlib.suppress(ArbitroError):  # a log the core refuses is shown as far as it can be read
            apply(st, event_from_dict({"kind": e.kind, "payload": payload}, where=f"event {e.seq}"))
        try:
            _key, what, detail, before, after = _describe(e.kind, payload, pre, st)
        except (ArbitroError, KeyError, TypeError, ValueError):
            what, detail, before, after = e.kind.replace("_", " "), "", "", ""
        who = e.author.get_username() if e.author else ""
        out.append(AuditRow(e.seq, e.created, who, e.kind, what, before, after, present.event_label(e.kind), detail))
    return out


def recent(row: models.Tournament, st: TournamentState | None, count: int = 8) -> list[AuditRow]:
    """The last ``count`` events in words, newest first, named from the current state ``st`` (no replay).

    For the desk panel, which must not replay the log again (the state of the last command serves it);
    the event log page (:func:`trail`) names everyone as they were at each event.
    """
    other = _other_trail(row)
    if other is not None:
        return list(reversed(other))[:count]
    out: list[AuditRow] = []
    now = st if st is not None else TournamentState()
    for e in row.events.select_related("author").order_by("-seq")[:count]:
        payload = e.payload if isinstance(e.payload, dict) else {}
        try:
            detail, before = _before(e.kind, payload, now)
            if e.kind in {"result_entered", "result_corrected", "rating_report_corrected", "pairing_changed",
                          "round_unpaired", "bye_requested"}:  # fmt: skip
                corrected = e.kind in {"result_corrected", "rating_report_corrected"}
                before = _result(*payload["previous"]) if corrected and payload.get("previous") else ""
            _key, what, detail, before, after = _describe(e.kind, payload, (detail, before), now)
            if e.kind == "round_unpaired":
                before = ""
        except (ArbitroError, KeyError, TypeError, ValueError):
            what, detail, before, after = e.kind.replace("_", " "), "", "", ""
        who = e.author.get_username() if e.author else ""
        out.append(AuditRow(e.seq, e.created, who, e.kind, what, before, after, present.event_label(e.kind), detail))
    return out


def trail_cached(row: models.Tournament) -> list[AuditRow]:
    """:func:`trail` cached per tournament version and language (the desk shows it after every action)."""
    return eventlog.cached(row, f"trail:{get_language()}", lambda: trail(row))


def page_of(request: HttpRequest, rows: list[AuditRow], *, newest_first: bool, per_page: int = 50) -> Page[AuditRow]:
    """One page of the history (``?page=``), newest first for the log."""
    ordered = list(reversed(rows)) if newest_first else rows
    return Paginator(ordered, per_page).get_page(request.GET.get("page"))


def audit_view(request: HttpRequest, slug: str) -> HttpResponse:
    """``/desk/t/<slug>/audit/``: the chief arbiter's view of every change."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    row = get_object_or_404(models.Tournament, slug=slug)
    if not permissions.can(request.user, row, "audit"):
        raise PermissionDenied
    rows = trail_cached(row)
    return render(
        request,
        "ops/audit.html",
        {"row": row, "page": page_of(request, rows, newest_first=False), "total": len(rows), "no_refresh": True,
         "can_chief": True},
    )
