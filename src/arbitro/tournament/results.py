"""Game results as the arbiter types them, and the FIDE-mode rules on them.

One parser for every face (the CLI, the web desk and its JavaScript): a typed
text is *normalised* (:func:`normalise_result`: spaces dropped, upper case,
``:`` and dashes as ``-``, a decimal comma as a point) and looked up in one
table of the forms people write (:func:`result_forms`). The desk's script
applies the same normalisation and the same table, sent with the page, so the
browser and the server never disagree.

Accepted, for White and Black of one board (trf.md §3.3 codes, C.04.A):

* a pair: ``1-0``, ``0-1``, ``½-½`` (also ``1/2-1/2``, ``0.5-0.5``, ``=-=``);
* one key, from White's side: ``1`` (1-0), ``0`` (0-1), ``=``, ``½``, ``1/2``,
  ``0.5`` or ``5`` (the keypad's draw: ½-½), ``+`` (1F-0F), ``-`` (0F-1F);
* forfeits (VCL.14, only these three): ``1F-0F`` / ``+-`` / ``+/-``,
  ``0F-1F`` / ``-+`` / ``-/+``, ``0F-0F`` / ``--`` / ``-/-``;
* games that did not count for rating, TRF-2026 ``W D L`` (less than one
  move played): ``W-L``, ``L-W``, ``D-D`` and, from White's side, ``W``, ``D``, ``L``;
* unusual results (VCL.13): ``½-0``, ``0-½``, ``0-0`` (and ``L-L``, ``D-L``, ``L-D``);
  inconsistent ones (more than one point for a game: ``1-1``, ``1-½``, ``½-1``)
  only outside FIDE mode.

A bye code (``U F H Z``) is not a board's result: byes are recorded as byes.

A game whose result is not yet known (VCL4THP Q157): ``*`` (PGN's "unknown"),
``?`` (TRF-2026), ``ADJ``/``ADJOURNED``/``APLAZADA`` for an adjourned game,
``POSTPONED``/``POSPUESTA`` for a postponed one (:func:`parse_pending`); the
result is entered later as any other.

Errors are :class:`ResultSyntaxError` with a ``code`` (``unreadable``,
``forfeit``, ``inconsistent``, ``bye``) and the typed ``text``, so that a face
can say it in the reader's language.
"""

from __future__ import annotations

from decimal import Decimal
from functools import cache

from arbitro.errors import ArbitroError
from arbitro.model import ResultCode
from arbitro.views.text import game_result_text

__all__ = [
    "PENDING_FORMS",
    "ResultSyntaxError",
    "format_result",
    "normalise_result",
    "parse_pending",
    "parse_result",
    "result_forms",
]

Result = tuple[ResultCode, ResultCode]

R = ResultCode
_HALF_TOKENS = ("½", "1/2", "0.5", ".5", "=")
_VALUE_TOKENS: dict[str, Decimal] = {"1": Decimal(1), "0": Decimal(0), **{t: Decimal("0.5") for t in _HALF_TOKENS}}
_PLAYED = {Decimal(1): R.WIN, Decimal("0.5"): R.DRAW, Decimal(0): R.LOSS}
_UNRATED = {"W": R.UNRATED_WIN, "D": R.UNRATED_DRAW, "L": R.UNRATED_LOSS}
_UNRATED_VALUE = {"W": Decimal(1), "D": Decimal("0.5"), "L": Decimal(0)}
_FORFEITS: dict[str, Result] = {
    **dict.fromkeys(("1F-0F", "+-", "+/-", "+"), (R.FORFEIT_WIN, R.FORFEIT_LOSS)),
    **dict.fromkeys(("0F-1F", "-+", "-/+", "-"), (R.FORFEIT_LOSS, R.FORFEIT_WIN)),
    **dict.fromkeys(("0F-0F", "--", "-/-"), (R.FORFEIT_LOSS, R.FORFEIT_LOSS)),
}
_ONE_KEY: dict[str, Result] = {
    "1": (R.WIN, R.LOSS),
    "0": (R.LOSS, R.WIN),
    **dict.fromkeys(("5", *_HALF_TOKENS), (R.DRAW, R.DRAW)),
    "W": (R.UNRATED_WIN, R.UNRATED_LOSS),
    "D": (R.UNRATED_DRAW, R.UNRATED_DRAW),
    "L": (R.UNRATED_LOSS, R.UNRATED_WIN),
}
_BYE_CODES = frozenset({"U", "F", "H", "Z"})
#: The typed forms of a game not yet finished (normalised) -> ``adjourned`` / ``postponed`` (VCL4THP Q157).
PENDING_FORMS: dict[str, str] = {
    **dict.fromkeys(("*", "?", "ADJ", "ADJOURNED", "APL", "APLAZADA", "APLAZADO"), "adjourned"),
    **dict.fromkeys(("POSTPONED", "POSPUESTA", "POSPUESTO"), "postponed"),
}
_DASHES = str.maketrans({":": "-", "–": "-", "—": "-", "−": "-", ",": "."})


class ResultSyntaxError(ArbitroError):
    """A typed result that is not one (``code``: ``unreadable``, ``forfeit``, ``inconsistent``, ``bye``)."""

    def __init__(self, code: str, text: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.text = text


def normalise_result(text: str) -> str:
    """What the table is keyed by: no spaces, upper case, ``:``/dashes as ``-``, ``,`` as ``.``.

    The desk's script (``static/arbitro/desk.js``, ``normalise``) does exactly this.
    """
    return "".join(text.split()).upper().translate(_DASHES)


@cache
def result_forms(fide_mode: bool = True) -> dict[str, Result]:
    """Every accepted (normalised) form -> (White's code, Black's code); see the module doc."""
    forms: dict[str, Result] = {}
    for w_text, w in _VALUE_TOKENS.items():
        for b_text, b in _VALUE_TOKENS.items():
            if fide_mode and w + b > 1:  # VCL.13: more than one point for one game
                continue
            forms[f"{w_text}-{b_text}"] = (_PLAYED[w], _PLAYED[b])
    for w_text, w_code in _UNRATED.items():
        for b_text, b_code in _UNRATED.items():
            if fide_mode and _UNRATED_VALUE[w_text] + _UNRATED_VALUE[b_text] > 1:
                continue
            forms[f"{w_text}-{b_text}"] = (w_code, b_code)
    forms.update(_ONE_KEY)
    forms.update(_FORFEITS)
    return forms


def _error(text: str, key: str, fide_mode: bool) -> ResultSyntaxError:
    if key in _BYE_CODES:
        return ResultSyntaxError(
            "bye", text, f"result: {text!r} is a bye code; a bye is recorded as a bye, not as a board's result"
        )
    if "F" in key:
        return ResultSyntaxError(
            "forfeit", text, f"result: forfeits are recorded only as 1F-0F, 0F-1F or 0F-0F (VCL.14), got {text!r}"
        )
    if fide_mode and key in result_forms(False):
        return ResultSyntaxError(
            "inconsistent",
            text,
            f"result: {text!r} gives more than one point for one game; FIDE mode refuses inconsistent results (VCL.13)",
        )
    return ResultSyntaxError(
        "unreadable",
        text,
        f"result: expected 1-0, 0-1, ½-½ (or 1/2-1/2), 1F-0F, 0F-1F, 0F-0F or an unusual result such as ½-0, got {text!r}",
    )


def parse_result(text: str, *, fide_mode: bool = True) -> Result:
    """``"1-0"``, ``"½-½"``, ``"1/2-1/2"``, ``"0-1"``, ``"1F-0F"`` (``+-``), ``"0F-1F"`` (``-+``),
    ``"0F-0F"`` (``--``), ``"½-0"``, ``"1"``, ``"="``, ``"+"`` ... -> (White's code, Black's code).

    Raises :class:`ResultSyntaxError` for anything else (see the module doc).
    """
    key = normalise_result(text)
    found = result_forms(fide_mode).get(key)
    if found is None:
        raise _error(text, key, fide_mode)
    return found


def parse_pending(text: str) -> str | None:
    """``"adjourned"``/``"postponed"`` when ``text`` records a game not yet finished (``*``, ``?``, ``ADJ``,
    ``aplazada``, ``postponed`` ...), ``None`` for anything else (VCL4THP Q157)."""
    return PENDING_FORMS.get(normalise_result(text))


def format_result(white: ResultCode | None, black: ResultCode | None) -> str:
    """The result as shown on a pairing list (``1-0``, ``½-½``, ``1F-0F``; blank when not entered).

    The one text of a game result is :func:`arbitro.views.text.game_result_text`;
    :func:`parse_result` reads it back.
    """
    return game_result_text(white, black)
