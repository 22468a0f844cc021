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


def _result(white: Any, black: Any) -> str:
    """A game's result as every face prints it (:func:`arbitro.views.game_result_text`)."""
    try:
        return game_result_text(ResultCode(str(white)), ResultCode(str(black))) or f"{white}-{black}"
    except ValueError:  # not a TRF code: show it as logged
        return f"{white}-{black}"


def _boards(p: dict[str, Any]) -> str:
    boards = ", ".join(f"{w}–{b}" for w, b in p.get("boards") or [])
    extra = [f"bye {p['bye']}"] if p.get("bye") else []
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
        after = _("cancelled") if kind == "bye_cancelled" else str(p.get("kind", ""))
        return ("bye", p.get("player"), p.get("round")), _("player %(n)s round %(round)s bye") % {"n": p.get("player"), "round": p.get("round")}, after
    if kind == "player_withdrawn":
        return (
            ("withdrawn", p.get("player")),
            _("player %(n)s") % {"n": p.get("player")},
            _("withdrawn from round %(round)s") % {"round": p.get("from_round")},
        )
    if kind == "player_returned":
        return (
            ("withdrawn", p.get("player")),
            _("player %(n)s") % {"n": p.get("player")},
            _("returns from round %(round)s") % {"round": p.get("from_round")},
        )
    if kind == "settings_changed":
        return ("settings",), _("settings"), json.dumps(p, ensure_ascii=False, sort_keys=True)[:300]
    if kind == "round_published":
        return ("published", p.get("round")), _("round %(round)s") % {"round": p.get("round")}, _("published")
    return (kind,), kind.replace("_", " "), json.dumps(p, ensure_ascii=False, sort_keys=True)[:300]


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
        out.append(AuditRow(e.seq, e.created, who, e.kind, what, before, after, present.event_label(e.kind)))
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
