"""Tie-break specifiers: ``NAME[/modifier[/modifier...]]`` as in TRF-2026 record 202.

C.07 Art. 5 lists the tie-breaks by acronym; Art. 14 defines the modifiers.
The written form follows TRF-2026 ``202``/``212`` and the FIDE TEC checker:
``BH/C1``, ``BH/M1``, ``KS/L60``, ``ARO/U1400``, ``TPN/R``. ``#`` and ``!`` are
accepted as separators too, and ``BH-C1`` (the Handbook's spelling) is read as
``BH/C1``.

Modifiers (C.07 Art. 14 and the TEC notation):

=========  ===============================================================
``Cn``     Cut-n: drop the n least significant values (14.1, 14.2)
``Mn``     Median-n: drop the n least and the n most significant (14.3, 14.4)
``Lnn``    Koya limit as a percentage of the maximum score (14.5)
``L+n``    Koya limit moved up by n half points (``L+1.`` whole points)
``L-n``    Koya limit moved down by n half points
``Kn``     Koya limit as an absolute number of points added to the 50 % limit
``P``      forfeits counted as played games (6.1.1, pre-determined pairing)
``S``      Swiss rules even in a round robin
``F``      fore mode (AOB of the Fore Buchholz, 8.2 in 2026)
``R``      reverse order (TPN reversed, 7.8)
``U<r>``   rating given to unrated players (Art. 10 preamble)
``V<y>``   rules edition for this tie-break: 2024 or 2026
=========  ===============================================================
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from arbitro.errors import ArbitroError

__all__ = [
    "KNOWN_CODES",
    "PRIMARY_CODES",
    "TiebreakSpec",
    "TiebreakSpecError",
    "parse_tiebreak",
    "parse_tiebreak_list",
]

#: Every individual tie-break of the C.07 list (Art. 5, 2024 and 2026), plus the
#: primary score ``PTS`` and the TEC aliases ``SNO`` (= TPN) and ``GE`` (= REP).
KNOWN_CODES: frozenset[str] = frozenset(
    {
        "PTS", "DE", "WIN", "WON", "BPG", "BWG", "PS", "REP", "STD", "TPN",
        "BH", "FB", "AOB", "SB", "KS", "ARO", "TPR", "PTP", "APRO", "APPO", "RTNG",
    }
)  # fmt: skip
_ALIASES = {"SNO": "TPN", "GE": "REP", "RTG": "RTNG", "POINTS": "PTS"}
PRIMARY_CODES = frozenset({"PTS", "MPTS", "GPTS"})

#: Codes that accept Cut/Median modifiers (C.07 14.1.1: BH, ARO, PS, SB; FB follows BH; AOB/C1 averages
#: the opponents' BH-C1 and TPR/PTP-C1 drop the lowest-rated opponent, as the TEC checker reads them).
_CUTTABLE = frozenset({"BH", "FB", "SB", "PS", "ARO", "TPR", "PTP", "AOB"})


class TiebreakSpecError(ArbitroError):
    """A tie-break specifier that cannot be read."""


@dataclass(frozen=True, slots=True)
class TiebreakSpec:
    """One parsed tie-break of a list, e.g. ``BH/C1`` -> code ``BH``, ``cut_low=1``."""

    code: str
    text: str  # canonical written form, e.g. "BH/C1"; the key of the values
    cut_low: int = 0
    cut_high: int = 0
    koya_percent: Decimal = Decimal(50)
    koya_offset: Decimal = Decimal(0)
    forfeits_as_played: bool = False
    swiss: bool = False
    fore: bool = False
    reverse: bool = False
    unrated_rating: int | None = None
    version: str | None = None  # "2024" | "2026" | None (the standings' rules)


def _modifier_error(text: str, mod: str, what: str) -> TiebreakSpecError:
    return TiebreakSpecError(f"tie-break {text!r}: modifier {mod!r}: {what}")


def _split(text: str) -> list[str]:
    parts = re.split(r"[/#!]", text)
    head = parts[0]
    if "-" in head:  # Handbook spelling BH-C1, BH-M1
        head_parts = head.split("-")
        parts = head_parts + parts[1:]
    return [p for p in parts if p != ""] or [""]


def parse_tiebreak(text: str) -> TiebreakSpec:
    """Parse one specifier (C.07 Art. 5 acronym + Art. 14 modifiers).

    >>> parse_tiebreak("bh/c1").text
    'BH/C1'
    >>> parse_tiebreak("BH-M1").cut_high
    1
    """
    raw = text.strip().upper()
    parts = _split(raw)
    name = parts[0].split(":")[0]  # team point types (":MP") are ignored for individuals
    code = _ALIASES.get(name, name)
    if code not in KNOWN_CODES:
        raise TiebreakSpecError(
            f"tie-break {text!r}: unknown code {name!r}; expected one of {', '.join(sorted(KNOWN_CODES))}"
        )
    values: dict[str, object] = {}
    written: list[str] = []
    for mod in parts[1:]:
        key, arg = mod[0], mod[1:]
        if key in "CM":
            if not arg.isdigit():
                raise _modifier_error(text, mod, "expected a number of values to cut, e.g. C1")
            if code not in _CUTTABLE:
                raise _modifier_error(text, mod, f"{code} cannot be cut (C.07 14.1)")
            n = int(arg)
            values["cut_low"] = n
            if key == "M":
                values["cut_high"] = n
        elif key == "L":
            values.update(_koya_limit(text, mod, arg))
        elif key == "K":
            try:
                values["koya_offset"] = Decimal(arg)
            except InvalidOperation:
                raise _modifier_error(text, mod, "expected a number of points") from None
        elif key == "P" and not arg:
            values["forfeits_as_played"] = True
        elif key == "S" and not arg:
            values["swiss"] = True
        elif key == "F" and not arg:
            values["fore"] = True
        elif key == "R" and not arg:
            values["reverse"] = True
        elif key == "U":
            if not arg.isdigit():
                raise _modifier_error(text, mod, "expected a rating, e.g. U1400")
            values["unrated_rating"] = int(arg)
        elif key == "V":
            values["version"] = _version(text, mod, arg)
        else:
            raise _modifier_error(text, mod, "unknown modifier (C.07 Art. 14: C, M, L, K, P, S, F, R, U, V)")
        written.append(mod)
    canonical = "/".join([code, *written])
    return TiebreakSpec(code=code, text=canonical, **values)  # type: ignore[arg-type]


def _koya_limit(text: str, mod: str, arg: str) -> dict[str, Decimal]:
    """C.07 14.5: the Koya limit as a percentage, or moved by half points (``.`` = whole points)."""
    if arg.isdigit():
        return {"koya_percent": Decimal(arg)}
    if arg[:1] in "+-" and arg[1:].replace(".", "", 1).isdigit() and arg[1:] not in ("", "."):
        whole = "." in arg
        number = Decimal(arg[1:].rstrip(".")) if arg[1:].rstrip(".") else Decimal(0)
        step = number if whole else number / 2
        return {"koya_offset": step if arg[0] == "+" else -step}
    raise _modifier_error(text, mod, "expected L<percent>, L+<half points> or L-<half points>")


def _version(text: str, mod: str, arg: str) -> str:
    mapping = {"": "2026", "2": "2026", "2026": "2026", "1": "2024", "2024": "2024"}
    if arg not in mapping:
        raise _modifier_error(text, mod, "expected V2024 or V2026")
    return mapping[arg]


def parse_tiebreak_list(items: str | list[str]) -> list[TiebreakSpec]:
    """Parse a list, given as ``"BH/C1,BH,SB"`` (TRF-2026 202) or as a list of specifiers."""
    if isinstance(items, str):
        items = [s for s in re.split(r"[,;\s]+", items) if s]
    return [parse_tiebreak(s) for s in items]
