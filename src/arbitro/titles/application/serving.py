"""Which norms serve which title application (a higher norm serving a lower title).

B.01 2017, 1.5 (seed S3, the QC's 2017 slides, verbatim): "Si una norma es
suficiente para más de un título, puede ser usada como parte de la solicitud de
ambos" -- a norm sufficient for more than one title may be used in the
application for both. The 2024 text keeps the rule in 1.5.1 (S6 paraphrase);
the 1.5 text of the 2005 edition is cut off in the seed (S1), and the same rule
is assumed (see docs/decisions.md, 2026-12-01).

A norm recorded for a title H is *sufficient* for a title L when every
requirement of L is implied by H under the norm's own edition (the edition in
force when its tournament started):

* minimum Rp and minimum Ra of H at least those of L (1.47-1.48 / 1.4.7-1.4.8);
* the opponents' rating floor of H at least that of L (1.46c / 1.4.6c): with a
  lower floor, the one (2005: two) lowest opponents are raised less, and the
  Rp / Ra margins between consecutive titles (50-150 points) exceed what that
  can cost over 9 games;
* every holder of the title H counts as a holder for L (1.45b-e / 1.4.5b-e).

With the published figures this gives the chain GM -> IM -> WGM -> WIM: a GM
norm serves IM, WGM and WIM applications, an IM norm serves WGM and WIM (for a
woman; the women's titles are refused to men by 0.31 anyway), a WGM norm serves
WIM. A WGM norm never serves IM (Rp 2400 < 2450).
"""

from __future__ import annotations

from arbitro.titles.application.records import NormRecord
from arbitro.titles.editions import get_edition

__all__ = ["norm_serves", "sufficient_for"]


def sufficient_for(edition: str, higher: str, lower: str) -> bool:
    """A ``higher`` norm meets every requirement of a ``lower`` norm under ``edition`` (see the module)."""
    if higher == lower:
        return True
    th = get_edition(edition).thresholds
    if higher not in th or lower not in th:
        return False
    h, lo = th[higher], th[lower]
    return (
        h.rp_min >= lo.rp_min
        and h.ra_min >= lo.ra_min
        and h.floor >= lo.floor
        and h.norm_title_holders <= lo.norm_title_holders
    )


def norm_serves(norm: NormRecord, title: str) -> str | None:
    """The title of ``norm`` through which it serves an application for ``title``, or ``None``.

    ``title`` itself when the norm was recorded for it; otherwise the highest
    recorded title that is sufficient for ``title`` under the norm's edition.
    """
    if title in norm.titles:
        return title
    order = {t: i for i, t in enumerate(("GM", "IM", "WGM", "WIM"))}
    for recorded in sorted(norm.titles, key=lambda t: order.get(t, len(order))):
        if sufficient_for(norm.edition, recorded, title):
            return recorded
    return None
