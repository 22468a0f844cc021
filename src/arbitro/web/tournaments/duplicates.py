"""Is a player already registered? The desk's duplicate check, below the desk's service and its
players' page (issue 32: both register a player; neither imports the other for it).
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext as _

from arbitro.model import Tournament as CoreTournament

from . import models

__all__ = ["duplicate_of"]


def duplicate_of(core: CoreTournament, data: Mapping[str, object], *, except_rank: int | None = None) -> str | None:
    """A translated message when ``data`` is a player already registered (same FIDE id, or same name
    where the FIDE ids do not tell two people apart), else ``None``."""
    fide_id = str(data.get("fide_id") or "")
    name = models.fold_name(str(data.get("name") or ""))
    for p in core.players.values():
        if p.start_rank == except_rank:
            continue
        if fide_id and p.fide_id == fide_id:
            return _("%(name)s (FIDE ID %(id)s) is already registered with number %(n)s.") % {
                "name": p.name, "id": fide_id, "n": p.start_rank}  # fmt: skip
        if name and models.fold_name(p.name) == name and not (fide_id and p.fide_id and p.fide_id != fide_id):
            return _("%(name)s is already registered with number %(n)s.") % {"name": p.name, "n": p.start_rank}
    return None
