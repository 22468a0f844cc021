"""Manual pairing changes: comparison with the engine's pairing (MPA).

TEC Technical Acceptance checklist (peers.md §3.2, trf.md §2): a manual
pairing must be compared with the engine's, and the differences written into
the TRF as ``### MPA @ Round n``. C.04.2 4.4 (2017 D.10) lists when published
pairings may be changed at all (rematch, competition rules, two unpaired
players agreeing to play, a late entry, top-board emergencies in the final
round), so a change of a published round must say why.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["mpa_note"]

Pair = tuple[int, int]


def _show(pairs: Sequence[Pair], bye: int | None) -> str:
    parts = [f"{w}-{b}" for w, b in pairs]
    if bye is not None:
        parts.append(f"bye {bye}")
    return " ".join(parts) if parts else "(none)"


def mpa_note(
    round_number: int,
    engine: Sequence[Pair],
    engine_bye: int | None,
    manual: Sequence[Pair],
    manual_bye: int | None,
    *,
    author: str = "",
    reason: str = "",
) -> str | None:
    """The ``MPA @ Round n`` comment text, or ``None`` when the manual pairing equals the engine's.

    Only the differing boards are listed (``white-black``, colours included),
    first the engine's, then the manual ones.
    """
    engine_set, manual_set = set(engine), set(manual)
    removed = [p for p in engine if p not in manual_set]
    added = [p for p in manual if p not in engine_set]
    bye_changed = engine_bye != manual_bye
    if not removed and not added and not bye_changed:
        return None
    note = (
        f"MPA @ Round {round_number}: engine {_show(removed, engine_bye if bye_changed else None)}; "
        f"manual {_show(added, manual_bye if bye_changed else None)}"
    )
    if author:
        note += f"; by {author}"
    if reason:
        note += f"; reason: {reason}"
    return note
