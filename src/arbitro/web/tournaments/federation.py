"""FMA pages: a thin call into :mod:`arbitro.federations.fma` (the rulebook).

While the rulebook package has not landed, the pages say "not available yet".
"""

from __future__ import annotations

from typing import Any

from . import store


def categories_overview() -> dict[str, Any]:
    mod = store.core_module("arbitro.federations.fma")
    fn = getattr(mod, "categories_overview", None) if mod else None
    if fn is None:
        return {"available": False}
    return {"available": True, "data": fn()}
