"""The audit trail (issue 11 §8): every change of a tournament as who, when, what, before, after.

Read from the event log (each event has its author and time, and records an outcome),
so nothing can change a tournament without appearing here. *Before* is the value the
same thing had after the previous event that touched it (the result of that board, the
pairing of that round, that player's data...), tracked while walking the log in order.
Visible at the desk to the tournament's chief arbiter and federation admins.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from arbitro.model import ResultCode
from arbitro.views import game_result_text


@dataclass(frozen=True, slots=True)
class AuditRow:
    seq: int
    when: Any
    who: str
    kind: str
    what: str
    before: str
    after: str
    label: str = ""  # the event kind in the reader's language


def _labels() -> dict[str, str]:
    """Payload fields in the reader's language (the audit shows words, not raw JSON keys; issue 15 item 7)."""
    return {
        "name": _("name"), "system": _("pairing system"), "rounds": _("rounds"), "city": _("city"),
        "federation": _("federation"), "start_date": _("start date"), "end_date": _("end date"),
        "chief_arbiter": _("chief arbiter"), "deputy_arbiters": _("deputy arbiters"), "time_control": _("time control"),
        "time_control_code": _("time control code"), "initial_colour": _("initial colour"), "scoring": _("scoring"),
        "bye_limits": _("bye limits"), "tiebreaks": _("tie-breaks"), "program": _("program"),
        "accelerations": _("accelerations"), "rating": _("rating"), "title": _("title"), "fide_id": _("FIDE ID"),
        "sex": _("sex"), "birth_date": _("birth date"), "missed_rounds": _("missed rounds"),
        "max_half_point_byes": _("maximum half-point byes"), "max_zero_point_byes": _("maximum zero-point byes"),
        "max_full_point_byes": _("maximum full-point byes"), "last_round": _("last round for byes"),
        "request_before_round": _("byes requested before round"), "reason": _("reason"), "note": _("note"),
        "win": _("win"), "draw": _("draw"), "loss": _("loss"), "forfeit_win": _("forfeit win"),
        "forfeit_loss": _("forfeit loss"), "bye": _("bye"), "order": _("order"), "seed": _("seed"), "method": _("method"),
        "round": _("round"), "player": _("player"), "board": _("board"), "white": _("White"), "black": _("Black"),
    }  # fmt: skip


def readable(text: str) -> str:
    """A JSON object (a payload, a player's data) as ``label: value; ...`` with translated labels; other text as is.

    Empty values are left out; nested objects (scoring, bye limits) are written the same way in parentheses.
    """
    if not text.startswith("{"):
        return text
    try:
        data = json.loads(text)
    except ValueError:  # cut at 300 characters, or not JSON: as logged
        return text
    return _pairs(data) if isinstance(data, dict) else text


def _pairs(data: dict[str, Any]) -> str:
    labels = _labels()
    parts = []
    for key, value in sorted(data.items()):
        if value in ("", None, [], {}):
            continue
        if isinstance(value, dict):
            inner = _pairs(value)
            if not inner:
                continue
            shown = f"({inner})"
        elif key == "system" and isinstance(value, str):
            shown = _system_name(value)
        elif isinstance(value, list):
            shown = ", ".join("-".join(map(str, v)) if isinstance(v, list) else str(v) for v in value)
        else:
            shown = str(value)
        parts.append(f"{labels.get(key, key.replace('_', ' '))}: {shown}")
    return "; ".join(parts)


def _system_name(key: str) -> str:
    """A pairing system by its registry name in the reader's language (the key when unknown)."""
    from arbitro.pairing import registry

    for system in registry.service_systems():
        if system.key == key:
            return _(system.name)
    return key


def _result(white: Any, black: Any) -> str:
    """A game's result as every face prints it (:func:`arbitro.views.game_result_text`)."""
    try:
        return game_result_text(ResultCode(str(white)), ResultCode(str(black))) or f"{white}-{black}"
    except ValueError:  # not a TRF code: show it as logged
        return f"{white}-{black}"


def _boards(p: dict[str, Any]) -> str:
    boards = ", ".join(f"{w}–{b}" for w, b in p.get("boards") or [])
    extra = [_("bye %(n)s") % {"n": p["bye"]}] if p.get("bye") else []
    extra += [f"{a} {k}" for a, k in p.get("unpaired") or []]
    return "; ".join([boards, *extra]) if extra else boards


def _describe(kind: str, p: dict[str, Any]) -> tuple[tuple[Any, ...], str, str]:
    """(what the event touches, its label, the value after it)."""
    if kind in {"result_entered", "result_corrected"}:
        after = _result(p.get("white"), p.get("black"))
        if p.get("reason"):
            after += f" ({p['reason']})"
        return ("result", p.get("round"), p.get("board")), _("round %(round)s board %(board)s") % {"round": p.get("round"), "board": p.get("board")}, after
    if kind in {"round_paired", "pairing_changed"}:
        after = _boards(p) + (f" ({p['reason']})" if p.get("reason") else "")
        return ("pairing", p.get("round")), _("round %(round)s pairing") % {"round": p.get("round")}, after
    if kind in {"player_registered", "player_updated", "player_removed"}:
        fields = {k: v for k, v in p.items() if k != "start_rank"}
        after = _("removed") if kind == "player_removed" else json.dumps(fields, ensure_ascii=False, sort_keys=True)
        return ("player", p.get("start_rank")), _("player %(n)s") % {"n": p.get("start_rank")}, after
    if kind in {"bye_requested", "bye_cancelled"}:
        kinds = {"H": _("half-point bye"), "Z": _("zero-point bye"), "F": _("full-point bye")}
        after = _("cancelled") if kind == "bye_cancelled" else kinds.get(str(p.get("kind", "")), str(p.get("kind", "")))
        return ("bye", p.get("player"), p.get("round")), _("player %(n)s round %(round)s bye") % {"n": p.get("player"), "round": p.get("round")}, after
    if kind == "player_withdrawn":
        return (
            ("withdrawn", p.get("player")),
            _("player %(n)s") % {"n": p.get("player")},
            _("withdrawn from round %(round)s") % {"round": p.get("from_round")},
        )
    if kind == "round_published":
        return ("published", p.get("round")), _("round %(round)s") % {"round": p.get("round")}, _("published")
    return (kind,), "", json.dumps(p, ensure_ascii=False, sort_keys=True)


def trail(row: Any) -> list[AuditRow]:
    """Every event of the tournament, oldest first, with the value before and after (labels in the active language)."""
    from arbitro.web.tournaments import present

    seen: dict[tuple[Any, ...], str] = {}
    out: list[AuditRow] = []
    for e in row.events.select_related("author").order_by("seq"):
        payload = e.payload if isinstance(e.payload, dict) else {}
        key, what, after = _describe(e.kind, payload)
        if e.kind == "player_updated" and key in seen:  # the changed fields on top of the known ones
            known = json.loads(seen[key]) if seen[key].startswith("{") else {}
            after = json.dumps({**known, **{k: v for k, v in payload.items() if k != "start_rank"}}, ensure_ascii=False, sort_keys=True)
        before = seen.get(key, "")
        if e.kind == "result_corrected" and payload.get("previous") and not before:
            w, b = payload["previous"]
            before = _result(w, b)
        seen[key] = after.split(" (")[0] if key[0] == "result" else after
        who = e.author.get_username() if e.author else ""
        out.append(
            AuditRow(e.seq, e.created, who, e.kind, what, readable(before), readable(after), present.event_label(e.kind))
        )
    return out


def audit_view(request: HttpRequest, slug: str) -> HttpResponse:
    """``/desk/t/<slug>/audit/``: the chief arbiter's view of every change."""
    from django.contrib.auth.views import redirect_to_login

    from arbitro.web.tournaments import models, permissions

    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    row = get_object_or_404(models.Tournament, slug=slug)
    if not permissions.can(request.user, row, "audit"):
        raise PermissionDenied
    return render(request, "tournaments/desk_audit.html", {"row": row, "rows": trail(row), "no_refresh": True})
