"""Limits on every input Arbitro reads, stated once with the reason for each (issue 21).

Each limit comes from the file format or the regulation it serves, so that a
value past it cannot be a real tournament; it is documented in
docs/formats/limits.md. Readers check these limits *before* they build
anything whose size depends on the value (an acceleration range, a list of
rounds), so a one-line file cannot make a command use unbounded time or memory.

Pure Python, no I/O: the faces read files through :mod:`arbitro.trf.files`,
which applies :data:`MAX_TRF_BYTES` / :data:`MAX_JSON_BYTES` and refuses paths
that are not regular files.
"""

from __future__ import annotations

import json
import re
import unicodedata
from decimal import Decimal
from typing import Any

from arbitro.errors import ArbitroError, msg

__all__ = [
    "MAX_DIAGNOSTICS",
    "MAX_INT_DIGITS",
    "MAX_JSON_BYTES",
    "MAX_JSON_DEPTH",
    "MAX_JSON_STRING",
    "MAX_LIST_LINE",
    "MAX_LIST_BYTES",
    "MAX_PLAYERS",
    "MAX_POINTS",
    "MAX_PRIZE_AMOUNT",
    "MAX_PRIZE_UNIT",
    "PRIZE_DECIMALS",
    "MAX_PROHIBITED_PAIRS",
    "MAX_ROUNDS",
    "MAX_SCORE_VALUE",
    "MAX_TRF_BYTES",
    "MAX_TRF_LINE",
    "MAX_TRF_LINES",
    "TEXT_WIDTHS",
    "check_text",
    "HIDDEN_CHARACTERS",
    "control_characters",
    "decode_text",
    "hidden_character",
    "hidden_problem",
    "nfc",
    "json_too_deep",
    "loads_json",
    "parse_decimal",
    "text_problem",
]

#: Prize lists (docs/formats/prizes.md): an amount is at most 10^12 (a year's budget of any
#: federation, in any currency) with at most 2 decimals (cents); ``unit`` (what shares are paid in
#: multiples of) from 0.01 to 10^6. Within these, every share is computed exactly in 28 digits:
#: a unit of 1e-25 made the standings answer 500 (issue 38).
MAX_PRIZE_AMOUNT = Decimal("1000000000000")
MAX_PRIZE_UNIT = Decimal("1000000")
PRIZE_DECIMALS = 2

#: Players: TRF ``001`` columns 5-8 hold the start rank in four digits (trf.md §3.1), so 1-9,999.
MAX_PLAYERS = 9_999
#: Rounds: no FIDE-rated event comes near 99 rounds (a double round robin of 50 players is the
#: largest schedule C.05 tables give); 99 keeps an ``001`` line at 91 + 10 x 99 characters.
MAX_ROUNDS = 99
#: One ``001`` line with 99 round blocks is 1,081 characters; longer lines cannot be TRF records.
MAX_TRF_LINE = 91 + 10 * MAX_ROUNDS + 119
#: One ``001`` record per player plus, per player, up to ten others (national ratings, ``XXA``,
#: ``240`` byes, ``260`` lines, comments): a larger file is not a tournament report.
MAX_TRF_LINES = 11 * (MAX_PLAYERS + 1)
#: 9,999 full-width ``001`` lines are 10.8 MB; six times that leaves room for every other record.
MAX_TRF_BYTES = 64 * 1024 * 1024
#: A player's points: ``001`` columns 81-84 hold ``NN.N`` (trf.md §3.1).
MAX_POINTS = Decimal("99.9")
#: Points of one result in a scoring system (``162``, ``XXS``, ``BB*``): every known system
#: (1-½-0, 3-1-0, 2-1-0) stays in one digit; two digits leave room, more cannot be meant.
MAX_SCORE_VALUE = Decimal("99")
#: Prohibited pairings (``260``/``XXP``): the pairs they expand to, summed over the file. A
#: prohibited pair is an arbiter's decision about two named players (C.04.1 / C.04.2); a
#: hundred thousand is far past any event and keeps the pairing engine's set small.
MAX_PROHIBITED_PAIRS = 100_000
#: Diagnostics shown: the first hundred, then one line "and N more" (issue 21).
MAX_DIAGNOSTICS = 100

#: Dossiers and season files: a title application with 200 norms and 500 ratings is ~150 KB.
MAX_JSON_BYTES = 8 * 1024 * 1024
#: Dossier and season schemas nest at most five levels (docs/schemas); 32 leaves room.
MAX_JSON_DEPTH = 32
#: Integers in dossiers/season files are ratings, years, games, places, seeds: 18 digits cover
#: every one (a 64-bit seed), while 5,000-digit integers only cost time (Python's str<->int limit).
MAX_INT_DIGITS = 18
#: Strings in dossiers/season files are names, ids, dates, paths and notes.
MAX_JSON_STRING = 10_000

#: A FIDE rating-list line is 162 characters (``players_list_foa.txt``, trf.md §8.2) plus the
#: ``OTit`` overflow; 1,000 bounds the work per line.
MAX_LIST_LINE = 1_000
#: The combined FIDE XML list is ~856 MB; 2 GiB bounds an upload or a file named on the command line.
MAX_LIST_BYTES = 2 * 1024 * 1024 * 1024

_DECIMAL = re.compile(r"([+-]?)(\d{1,4})(?:[.,](\d{1,3}))?", re.ASCII)  # ASCII digits only: "٩" is no 9 (issue 38)


def parse_decimal(
    text: str, *, maximum: Decimal, places: int = 2, negative: bool = False
) -> Decimal | str:
    """A plain decimal such as ``1.5`` or ``3,0``; otherwise the reason it is not one.

    Accepts digits with an optional ``.``/``,`` and at most ``places`` decimals, never
    exponents, NaN or infinities (no TRF or scoring field has them), within
    ``[-maximum, maximum]`` (``[0, maximum]`` unless ``negative``). Returns the reason as
    a string (``"expected ..."``) so that the caller can put it in its diagnostic.
    """
    s = text.strip()
    m = _DECIMAL.fullmatch(s)
    if m is None or (m[3] is not None and len(m[3]) > places):
        shown = s if len(s) <= 20 else s[:20] + "..."
        return msg("trf.decimal", "expected a number such as 1.5 (at most {places} decimals), found {found!r}",
                   places=places, found=shown)  # fmt: skip
    value = Decimal(s.replace(",", "."))  # safe now: digits, one point, no exponent
    low = -maximum if negative else Decimal(0)
    if not low <= value <= maximum:
        return msg("trf.decimal_range", "expected a number from {low} to {high}, found {found!r}", low=low, high=maximum, found=s)
    return value


# -- JSON ----------------------------------------------------------------------------------------------


_STRUCTURE = re.compile(r'\\.|[\[\]{}"]', re.DOTALL)


def _too_deep(text: str, limit: int = MAX_JSON_DEPTH) -> bool:
    """Whether ``[``/``{`` nest past ``limit`` (:data:`MAX_JSON_DEPTH`) outside strings (checked before parsing)."""
    if text.count("[") + text.count("{") <= limit:
        return False  # too few brackets to be deep
    depth = 0
    in_string = False
    for m in _STRUCTURE.finditer(text):
        tok = m[0]
        if in_string:
            in_string = tok != '"'
        elif tok == '"':
            in_string = True
        elif tok in "[{":
            depth += 1
            if depth > limit:
                return True
        elif tok in "]}":
            depth -= 1
    return False


def json_too_deep(text: str, limit: int = MAX_JSON_DEPTH) -> bool:
    """Whether a JSON text nests past ``limit`` (:data:`MAX_JSON_DEPTH`; a scan, no recursion: safe on any text)."""
    return _too_deep(text, limit)


def _bad_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows here")


def _int(text: str) -> int:
    digits = text.lstrip("-")
    if len(digits) > MAX_INT_DIGITS:
        raise ValueError(f"an integer of {len(digits)} digits (at most {MAX_INT_DIGITS})")
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if len(text) > 40 or value != value or value in (float("inf"), float("-inf")):
        raise ValueError(f"the number {text[:20]!r} is out of range")
    return value


_SURROGATE = re.compile("[\ud800-\udfff]")

#: What no reader takes in a name or any text (issue 38): the bidi embeddings, overrides and isolates
#: (U+202A-U+202E, U+2066-U+2069) and marks (U+200E, U+200F, U+061C), which make a name read backwards on
#: the public pages, and lone surrogates (U+D800-U+DFFF), which are no text (printing one raised). The
#: forms refuse them with every other format character (:func:`control_characters`); every file reader
#: (TRF, team TRF, JSON documents, prize lists, rating lists) refuses them through :func:`hidden_character`.
HIDDEN_CHARACTERS = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def hidden_character(text: str) -> str | None:
    """The first bidi control or lone surrogate in ``text`` (:data:`HIDDEN_CHARACTERS`), or ``None``."""
    found = HIDDEN_CHARACTERS.search(text)
    return None if found is None else found[0]


def hidden_problem(text: str) -> str | None:
    """Why ``text`` is no name a reader takes (a bidi control or a lone surrogate, named), or ``None``."""
    ch = hidden_character(text)
    if ch is None:
        return None
    what = "a lone surrogate" if "\ud800" <= ch <= "\udfff" else "a bidi control character"
    return f"{what} (U+{ord(ch):04X}); not allowed in a name or text"


def nfc(text: str) -> str:
    """``text`` in Unicode normal form C (issue 38): ``e`` + U+0301 and ``\u00e9`` are one name, compared and shown alike."""
    return text if text.isascii() else unicodedata.normalize("NFC", text)


def decode_text(data: bytes) -> tuple[str, int | None]:
    """UTF-8 text of ``data`` (BOM allowed), else Latin-1, and the line of the first byte that is not UTF-8.

    The line (1-based) is ``None`` when the whole file is UTF-8. A reader that falls back to Latin-1
    (TRF files of older programs, trf.md §2) warns with that line: invalid UTF-8 (or an encoded lone
    surrogate) is never decoded silently (issue 38).
    """
    try:
        return data.decode("utf-8-sig"), None
    except UnicodeDecodeError as err:
        return data.decode("latin-1"), data.count(b"\n", 0, err.start) + 1


def _where(path: tuple[str | int, ...]) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out or "the document"


def _string_problem(v: str) -> str | None:
    if len(v) > MAX_JSON_STRING:
        return f"a string of {len(v)} characters (at most {MAX_JSON_STRING})"
    lone = _SURROGATE.search(v)
    if lone is not None:  # "\ud800" is valid JSON but no text: printing it raised (issue 38)
        return f"a lone surrogate (U+{ord(lone[0]):04X}) in a string; not text"
    return hidden_problem(v)  # a bidi control in a name (issue 38)


def _strings_ok(obj: Any) -> str | None:
    """The first string or key past the limits, with where it is (``player.name: ...``), or ``None``."""
    stack: list[tuple[tuple[str | int, ...], Any]] = [((), obj)]
    while stack:
        path, v = stack.pop()
        if isinstance(v, str):
            problem = _string_problem(v)
            if problem:
                return f"{_where(path)}: {problem}"
        elif isinstance(v, dict):
            for k, x in v.items():
                problem = _string_problem(k)
                if problem:
                    return f"{_where(path)}: a key: {problem}"
                stack.append(((*path, k), x))
        elif isinstance(v, list):
            stack.extend(((*path, i), x) for i, x in enumerate(v))
    return None


def loads_json(data: str | bytes, source: str) -> Any:
    """Parse a dossier or season file within the limits above; :class:`ArbitroError` otherwise.

    Decodes UTF-8 (with or without BOM) strictly, refuses more than :data:`MAX_JSON_BYTES`,
    nesting past :data:`MAX_JSON_DEPTH`, integers past :data:`MAX_INT_DIGITS` digits, ``NaN``
    and ``Infinity`` (not JSON, RFC 8259 §6), floats that overflow, and over-long strings.
    """
    if len(data) > MAX_JSON_BYTES:
        raise ArbitroError(f"{source}: larger than {MAX_JSON_BYTES // (1024 * 1024)} MB; not a dossier or season file")
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as err:
            raise ArbitroError(f"{source}: not valid JSON: the file is not UTF-8 (byte {err.start + 1})") from None
    else:
        text = data.lstrip("\ufeff")
    if _too_deep(text):
        raise ArbitroError(f"{source}: not valid JSON here: nested deeper than {MAX_JSON_DEPTH} levels")
    try:
        obj = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_bad_constant)
    except json.JSONDecodeError as err:
        raise ArbitroError(f"{source}:{err.lineno}: JSON: {err.msg} (column {err.colno})") from None
    except (ValueError, RecursionError) as err:
        raise ArbitroError(f"{source}: not valid JSON here: {err}") from None
    problem = _strings_ok(obj)
    if problem:
        raise ArbitroError(f"{source}: not valid here: {problem}")
    return _nfc_strings(obj)


def _nfc_strings(obj: Any) -> Any:
    """``obj`` with every string value in NFC (:func:`nfc`), containers changed in place (no recursion)."""
    if isinstance(obj, str):
        return nfc(obj)
    stack = [obj]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            for k, x in v.items():
                if isinstance(x, str):
                    v[k] = nfc(x)
                else:
                    stack.append(x)
        elif isinstance(v, list):
            for i, x in enumerate(v):
                if isinstance(x, str):
                    v[i] = nfc(x)
                else:
                    stack.append(x)
    return obj


# -- text fields ---------------------------------------------------------------------------------------


#: Widths of the text fields a person types (core and web forms alike). TRF header records
#: (``012`` ... ``122``) are free text to the end of the line; the fixed ``001`` columns are
#: federation 3, FIDE id 11, birth date 10 (trf.md §3.1). A player's name may be as long as the
#: FIDE rating list's 60-character field; the TRF writer cuts it to columns 15-47 as every
#: TRF program does (docs/decisions.md, 2026-12-01).
TEXT_WIDTHS: dict[str, int] = {
    "tournament name": 200, "city": 100, "federation": 3, "chief arbiter": 100, "deputy arbiter": 100,
    "time control": 60, "time control code": 20, "player name": 60, "fide id": 11, "birth date": 10,
    "title": 3, "reason": 500,
}  # fmt: skip


def check_text(label: str, text: str, width: int | None = None) -> str:
    """``text`` when it fits the field ``label`` (:data:`TEXT_WIDTHS`); :class:`ArbitroError` otherwise."""
    limit = width if width is not None else TEXT_WIDTHS[label]
    field = msg("field." + label.replace(" ", "_"), label)  # the faces translate the label too
    bad = control_characters(text)
    if bad:
        found = ", ".join(f"U+{ord(c):04X}" for c in bad[:3])
        raise ArbitroError(
            msg("text.control", "{label}: must not contain control characters or line breaks (found {found})",
                label=field, found=found)  # fmt: skip
        )
    if len(text) > limit:
        raise ArbitroError(
            msg("text.too_long", "{label}: at most {width} characters (found {length})",
                label=field, width=limit, length=len(text))  # fmt: skip
        )
    return nfc(text)


def control_characters(text: str) -> list[str]:
    """The control, format and separator characters in ``text`` (``\\n``, ``\\r``, ``\\x00``, U+2028 ...)."""
    found: list[str] = []
    for ch in text:
        if unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn") and ch not in found:
            found.append(ch)
    return found


def text_problem(text: str, width: int) -> str | None:
    """Why ``text`` cannot go into a text field ``width`` characters wide, or ``None``.

    TRF fields are fixed-width columns on one line (trf.md §3): a line break would start a
    new record, and a longer value would shift every column after it.
    """
    bad = control_characters(text)
    if bad:
        shown = ", ".join(f"U+{ord(c):04X}" for c in bad[:3])
        return f"must not contain control characters or line breaks (found {shown})"
    if len(text) > width:
        return f"at most {width} characters (found {len(text)})"
    return None
