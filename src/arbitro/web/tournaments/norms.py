"""Norm reports on the public pages: a thin call into :mod:`arbitro.titles.norms`.

Shows "not available yet" while the core norm engine has not landed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from arbitro.model import Tournament as CoreTournament

from . import store


@dataclass
class NormReport:
    available: bool
    lines: list[Any] = field(default_factory=list)
    message: str = ""


def tournament_norms(t: CoreTournament) -> NormReport:
    mod = store.core_module("arbitro.titles.norms")
    fn = getattr(mod, "tournament_norms", None) or getattr(mod, "check_tournament", None) if mod else None
    if fn is None:
        return NormReport(False, message="not available yet")
    try:
        result = fn(t)
    except Exception as exc:  # noqa: BLE001 - a norm engine problem must not take the page down
        return NormReport(False, message=str(exc))
    lines = list(result) if isinstance(result, list | tuple) else list(getattr(result, "players", []) or [])
    return NormReport(True, [str(x) for x in lines])


def player_norm(t: CoreTournament, start_rank: int) -> NormReport:
    mod = store.core_module("arbitro.titles.norms")
    fn = getattr(mod, "player_norm", None) or getattr(mod, "check_norm", None) if mod else None
    if fn is None:
        return NormReport(False, message="not available yet")
    try:
        return NormReport(True, [str(fn(t, start_rank))])
    except Exception as exc:  # noqa: BLE001
        return NormReport(False, message=str(exc))
