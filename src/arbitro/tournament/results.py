"""Game results as the arbiter types them, and the FIDE-mode rules on them.

* VCL.13 (C.04.A checklist): unusual results (½-0, 0-½, 0-0) are allowed;
  inconsistent ones (more than one point for a game: 1-1, 1-½, ½-1) are
  refused in FIDE mode.
* VCL.14: forfeits only as 1F-0F, 0F-1F or 0F-0F.
"""

from __future__ import annotations

import re
from decimal import Decimal

from arbitro.errors import ArbitroError
from arbitro.model import ResultCode
from arbitro.views.text import game_result_text

__all__ = ["format_result", "parse_result"]

_HALF = {"1": "1", "0": "0", "1/2": "½", "½": "½", "0.5": "½", ",5": "½", "=": "½"}
_TOKEN = r"(1/2|½|0\.5|,5|=|1|0)"
_RE = re.compile(rf"^\s*{_TOKEN}\s*(F?)\s*[-:–]\s*{_TOKEN}\s*(F?)\s*$", re.IGNORECASE)
_SHORT = {
    "+-": ("1", "F", "0", "F"),
    "-+": ("0", "F", "1", "F"),
    "--": ("0", "F", "0", "F"),
    "+/-": ("1", "F", "0", "F"),
    "-/+": ("0", "F", "1", "F"),
    "-/-": ("0", "F", "0", "F"),
    "=": ("½", "", "½", ""),
}
_PLAYED = {"1": ResultCode.WIN, "½": ResultCode.DRAW, "0": ResultCode.LOSS}
_VALUE = {"1": Decimal(1), "½": Decimal("0.5"), "0": Decimal(0)}

Result = tuple[ResultCode, ResultCode]


def parse_result(text: str, *, fide_mode: bool = True) -> Result:
    """``"1-0"``, ``"½-½"``, ``"1/2-1/2"``, ``"0-1"``, ``"1F-0F"`` (``+-``), ``"0F-1F"`` (``-+``),
    ``"0F-0F"`` (``--``), ``"½-0"`` ... -> (White's code, Black's code)."""
    raw = text.strip().replace(" ", "")
    if raw in _SHORT:
        w, wf, b, bf = _SHORT[raw]
    else:
        match = _RE.match(raw)
        if match is None:
            raise ArbitroError(
                f"result: expected 1-0, 0-1, ½-½ (or 1/2-1/2), 1F-0F, 0F-1F, 0F-0F or an unusual result "
                f"such as ½-0, got {text!r}"
            )
        w, wf, b, bf = _HALF[match.group(1)], match.group(2).upper(), _HALF[match.group(3)], match.group(4).upper()
    if wf or bf:
        if (w, wf, b, bf) not in {("1", "F", "0", "F"), ("0", "F", "1", "F"), ("0", "F", "0", "F")}:
            raise ArbitroError(f"result: forfeits are recorded only as 1F-0F, 0F-1F or 0F-0F (VCL.14), got {text!r}")
        return (
            ResultCode.FORFEIT_WIN if w == "1" else ResultCode.FORFEIT_LOSS,
            ResultCode.FORFEIT_WIN if b == "1" else ResultCode.FORFEIT_LOSS,
        )
    if fide_mode and _VALUE[w] + _VALUE[b] > 1:
        raise ArbitroError(
            f"result: {text!r} gives more than one point for one game; FIDE mode refuses inconsistent results (VCL.13)"
        )
    return _PLAYED[w], _PLAYED[b]


def format_result(white: ResultCode | None, black: ResultCode | None) -> str:
    """The result as shown on a pairing list (``1-0``, ``½-½``, ``1F-0F``; blank when not entered).

    The one text of a game result is :func:`arbitro.views.text.game_result_text`;
    :func:`parse_result` reads it back.
    """
    return game_result_text(white, black)
