"""The text of points, tie-break values and results: the one place every face takes them from.

* Points (:func:`points_text`): halves as ``½`` (``2½``, ``½``), whole numbers
  plain, other fractions (3-1-0 scoring, 0.25 steps) as decimals.
* A column of numbers (:func:`column_text`): one style for the whole column,
  halves only when every value is a multiple of ½, else decimals with the
  column's precision (``15.75`` next to ``11.50``, never ``11½``).
* A machine value (:func:`value_text`): plain decimals (``23.5``), for files
  that spreadsheets read.
* A game (:func:`game_result_text`): ``1-0``, ``½-½``, ``0-1``, forfeits
  ``1F-0F`` / ``0F-1F`` / ``0F-0F`` (C.04.A VCL.14; what the arbiter types
  and what :func:`arbitro.tournament.parse_result` reads back), unusual
  results as entered (``½-0``, VCL.13); ``*`` for a game adjourned or
  postponed (TRF ``?``, VCL4THP Q157); blank while not entered.
* One player's round (:func:`result_mark`): ``1 ½ 0`` over the board,
  ``+ -`` forfeits, the points of a bye.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from arbitro.model import ResultCode, ScoringSystem

__all__ = [
    "BYE_KINDS",
    "Number",
    "bye_kind",
    "column_text",
    "game_result_text",
    "points_text",
    "result_mark",
    "value_text",
]

Number = Decimal | int | float | str


def _decimal(value: Number) -> Decimal:
    return value if isinstance(value, Decimal) else Decimal(str(value))


def points_text(value: Number | None) -> str:
    """``2.5`` -> ``2½``, ``0.5`` -> ``½``, ``3`` -> ``3``; other fractions as decimals; ``None`` -> ``""``."""
    if value is None:
        return ""
    d = _decimal(value)
    whole = int(d)
    frac = d - whole
    if frac == 0:
        return str(whole)
    if frac == Decimal("0.5"):
        return "½" if whole == 0 else f"{whole}½"
    return format(d.normalize(), "f")


def value_text(value: Number | None) -> str:
    """A value for a file: ``""`` for no value, decimals without trailing noise (``23.5``, ``12``)."""
    if value is None:
        return ""
    d = _decimal(value)
    if d == d.to_integral_value():
        return str(int(d))
    return format(d.normalize(), "f")


def column_text(values: Sequence[Number | None]) -> list[str]:
    """One style for a whole column of points or tie-break values (see the module doc)."""
    numbers = [None if v is None else _decimal(v) for v in values]
    present = [d for d in numbers if d is not None]
    if all((d * 2) == (d * 2).to_integral_value() for d in present):
        return [points_text(d) for d in numbers]
    exponents = [d.as_tuple().exponent for d in present]
    places = max(max(0, -e) if isinstance(e, int) else 0 for e in exponents)
    quantum = Decimal(1).scaleb(-places)
    return ["" if d is None else f"{d.quantize(quantum):f}" for d in numbers]


_SIDE = {
    ResultCode.WIN: "1",
    ResultCode.DRAW: "½",
    ResultCode.LOSS: "0",
    ResultCode.FORFEIT_WIN: "1F",
    ResultCode.FORFEIT_LOSS: "0F",
    ResultCode.UNRATED_WIN: "1",
    ResultCode.UNRATED_DRAW: "½",
    ResultCode.UNRATED_LOSS: "0",
}


def game_result_text(white: ResultCode | None, black: ResultCode | None) -> str:
    """The result of a game from both players' codes (see the module doc); ``""`` while not entered."""
    if white is None or black is None or ResultCode.NOT_PAIRED in (white, black):
        return ""
    if ResultCode.UNKNOWN in (white, black):  # adjourned or postponed: result pending (VCL4THP Q157)
        return "*"
    return f"{_SIDE.get(white, white.value)}-{_SIDE.get(black, black.value)}"


_MARK = {"W": "1", "D": "½", "L": "0"}


def result_mark(code: ResultCode, scoring: ScoringSystem) -> str:
    """A player's result in one round: ``1 ½ 0`` over the board, ``+ -`` forfeits, a bye's points."""
    if code.is_forfeit:
        return "+" if code is ResultCode.FORFEIT_WIN else "-"
    if code.is_played:
        return _MARK[code.outcome]
    if code is ResultCode.NOT_PAIRED:
        return ""
    if code is ResultCode.UNKNOWN:  # adjourned or postponed: pending (VCL4THP Q157)
        return "*"
    return points_text(scoring.points(code))


#: Label keys of a round without opponent, in the order a round sheet lists them.
BYE_KINDS = ("pab", "full_bye", "half_bye", "zero_bye", "absent")

_BYE_KIND = {
    ResultCode.PAIRING_BYE: "pab",
    ResultCode.FULL_BYE: "full_bye",
    ResultCode.HALF_BYE: "half_bye",
    ResultCode.ZERO_BYE: "zero_bye",
}


def bye_kind(code: ResultCode) -> str:
    """The label key of a round without opponent (``pab``, ``full_bye``, ``half_bye``, ``zero_bye``, ``absent``)."""
    return _BYE_KIND.get(code, "absent")
